"""The shared search: finds a forced win in a tiny game, and depends only on the view."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from cardtable.ai.ismcts import ISMCTSAgent, flat_monte_carlo
from cardtable.core.actions import Action
from cardtable.core.events import Event
from cardtable.core.game import GameSpec, GameState
from cardtable.core.rng import GameRng


class NimOptions(BaseModel):
    heap: int = 7


@dataclass(frozen=True)
class NimView:
    heap: int
    player: int


class NimState(GameState):
    """Take 1-3 from a heap; whoever takes the last one wins."""

    game_id = "nim"

    def __init__(self, heap: int) -> None:
        self.num_players = 2
        self.rng = GameRng(0)
        self.heap = heap
        self.player = 0

    @property
    def phase(self) -> str:
        return "take"

    def current_player(self) -> int | None:
        return None if self.heap == 0 else self.player

    def legal_actions(self) -> list[Action]:
        return [Action("take", value=k) for k in (1, 2, 3) if k <= self.heap]

    def _apply(self, action: Action) -> list[Event]:
        assert isinstance(action.value, int)
        self.heap -= action.value
        if self.heap:
            self.player = 1 - self.player
        return []

    def view(self, viewer: int | None) -> NimView:
        return NimView(self.heap, self.player)

    def is_terminal(self) -> bool:
        return self.heap == 0

    def scores(self) -> list[float]:
        return self.returns()

    def returns(self) -> list[float]:
        if self.heap:
            return [0.0, 0.0]
        return [1.0 if p == self.player else 0.0 for p in range(2)]

    def clone(self) -> NimState:
        c = NimState(self.heap)
        c.player = self.player
        return c


class NimSpec(GameSpec[NimOptions]):
    id = "nim"
    min_players = 2
    max_players = 2
    options_model = NimOptions

    def new_game(self, seed: int, num_players: int,
                 options: NimOptions | Mapping[str, Any] | None = None, *, quiet: bool = False
                 ) -> tuple[NimState, list[Event]]:
        state = NimState(self.parse_options(options).heap)
        state.quiet = quiet
        return state, []

    def determinize(self, view: NimView, rng: GameRng) -> NimState:
        s = NimState(view.heap)
        s.player = view.player
        return s


def test_ismcts_finds_the_winning_move() -> None:
    spec = NimSpec()
    for heap, best in ((5, 1), (6, 2), (7, 3), (9, 1), (10, 2)):
        state = NimState(heap)
        agent = ISMCTSAgent(spec, iterations=800)
        action = agent.choose(state.view(0), state.legal_actions(), GameRng(heap))
        assert action.value == best, (heap, action)


def test_flat_monte_carlo_ranks_the_winning_move_first() -> None:
    spec = NimSpec()
    state = NimState(3)
    values = flat_monte_carlo(spec, state.view(0), state.legal_actions(), GameRng(1),
                              samples=50, player=0)
    assert max(values, key=values.__getitem__) == Action("take", value=3)
    assert values[Action("take", value=3)] == 1.0


def test_search_is_reproducible_for_a_seed() -> None:
    spec = NimSpec()
    state = NimState(12)
    agent = ISMCTSAgent(spec, iterations=200)
    a = agent.search(state.view(0), state.legal_actions(), GameRng(5))
    b = agent.search(state.view(0), state.legal_actions(), GameRng(5))
    assert a == b
