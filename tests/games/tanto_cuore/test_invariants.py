"""Random-play invariants for 2-4 players: 280 cards after every action, only legal actions,
the game ends, scores match the breakdown. (Views and determinizations: the rules contract over
every game, tests/core/test_rules_contract.py.)"""

from __future__ import annotations

import pytest

from cardtable.core.actions import Action
from cardtable.core.errors import IllegalActionError
from cardtable.core.rng import GameRng
from cardtable.games.tanto_cuore.ai import AGENTS
from cardtable.games.tanto_cuore.cards import TOTAL_CARDS
from cardtable.games.tanto_cuore.rules import SPEC, TCState

MAX_STEPS = 20000


def _biased(state: TCState, rng: GameRng) -> Action:
    """Random, but rarely passing, so games end in reasonable time."""
    legal = state.legal_actions()
    rest = [a for a in legal if a.kind not in ("done", "decline")]
    if rest and rng.random() < 0.9:
        return rest[rng.randrange(len(rest))]
    return legal[rng.randrange(len(legal))]


def play_checked(seed: int, n: int, options: dict | None = None, *,
                 agents: list | None = None) -> TCState:
    state, _ = SPEC.new_game(seed, n, options)
    rng = GameRng(seed)
    steps = 0
    while not state.is_terminal():
        p = state.current_player()
        assert p is not None
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if agents is not None:
            action = agents[p].choose(state.view(p), legal, rng)
        else:
            action = _biased(state, rng)
        assert action in legal
        state.apply(action)
        assert state.card_total() == TOTAL_CARDS
        steps += 1
        assert steps < MAX_STEPS
    assert state.current_player() is None and state.legal_actions() == []
    rows = state.final
    assert rows is not None
    assert state.scores() == [float(r["total"]) for r in rows]
    for r in rows:
        assert r["total"] == sum(v for k, v in r.items() if k not in ("total", "maids"))
    best = max(state.scores())
    assert state.winners and all(state.scores()[w] == best for w in state.winners)
    assert abs(sum(state.returns()) - 1.0) < 1e-9
    return state


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_play_invariants(n: int) -> None:
    for seed in range(8):
        play_checked(seed * 10 + n, n)


@pytest.mark.parametrize("options", [
    {"events": False}, {"private_maids": False}, {"finish_turn": True},
    {"town": "recommended"}])
def test_random_play_with_options(options: dict) -> None:
    for seed in range(3):
        play_checked(100 + seed, 3, options)


def test_heuristic_agents_play_legal_games() -> None:
    agents = [AGENTS["normal"](1), AGENTS["easy"](2), AGENTS["big_money"](3)]
    play_checked(5, 3, agents=agents)


def test_illegal_action_is_refused() -> None:
    state, _ = SPEC.new_game(1, 2)
    with pytest.raises(IllegalActionError):
        state.apply(Action("employ", "marianne"))


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_play_sweep(n: int) -> None:
    for seed in range(1000):
        play_checked(seed, n)
