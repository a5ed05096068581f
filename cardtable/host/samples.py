"""Sample games for screenshots, docs and tests: a match moved on to a representative moment,
through the host like every game (`advance`), and the links a sample table is given.

The games' own sample searches live beside them (`cardtable.games.<id>.samples`); the names
people see in samples are here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.core.actions import Action
from cardtable.core.events import Event
from cardtable.core.match import Match, Seat
from cardtable.core.rng import GameRng
from cardtable.host.controllers import Decided, Request, SeatController
from cardtable.host.host import MatchHost
from cardtable.host.link import LocalLink

SAMPLE_NAMES = ("小櫻", "阿哲", "美玲", "大熊", "小雪", "阿凱", "佩佩", "志明")

Chooser = Callable[[Request], Action]


class _Picks(SeatController):
    """A seat answering with `choose(request)` (a sample's seeded picks)."""

    kind = "sample"

    def __init__(self, choose: Chooser) -> None:
        self._choose = choose

    def ask(self, request: Request) -> Decided:
        return Decided(self._choose(request))


def random_picks(rng: GameRng) -> Chooser:
    """A random legal action each time, drawn from one shared `rng` (whoever acts)."""
    return lambda r: r.legal[rng.randrange(len(r.legal))]


def agent_picks(agents: list[Any], rng: GameRng) -> Chooser:
    """Each seat's agent decides, all drawing from one shared `rng`."""
    return lambda r: agents[r.seat].choose(r.view, r.legal, rng)


def advance(match: Match, choose: Chooser, *, until: Callable[[], bool] | None = None,
            max_actions: int | None = None,
            on_events: Callable[[list[Event]], None] | None = None) -> int:
    """Move `match` on through a host, every seat answering with `choose`, until the game is
    over, `until()` holds (checked before each move) or `max_actions` were taken; returns the
    number taken. `on_events` hears each move's events."""
    host = MatchHost(match, [_Picks(choose)] * match.num_players, undo_rule="off",
                     strict=True)
    if on_events is not None:
        host.on_action.append(lambda _seat, _action, events: on_events(events))
    taken = 0
    while not match.state.is_terminal() and (max_actions is None or taken < max_actions):
        if until is not None and until():
            break
        taken += host.pump(True)
    return taken


def sample_link(match: Match, worker: Any = None) -> LocalLink:
    """A link for a sample table: no autosave, nothing archived."""
    from cardtable.host.local import local_game
    return local_game(match, worker=worker, autosave=False, archive_finished=False)


def named_seats(players: int, humans: int, levels: tuple[str, ...],
                names: tuple[str, ...] = SAMPLE_NAMES, offset: int = 0) -> list[Seat]:
    """`humans` people first, then computers at `levels` (by seat, cycled from `offset`)."""
    return [Seat(kind="human", name=names[i % len(names)]) if i < humans else
            Seat(kind="ai", name=names[i % len(names)],
                 agent=levels[(i - offset) % len(levels)]) for i in range(players)]
