"""Cirno random play: invariants checked after every action, for 2-8 players.

Always on: 200 games per player count (basic and advanced mixed, both DOUBLE readings).
`-m slow`: 10,000 games per player count.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.games.cirno.cards import ARITHMETIC, COMPANIONS
from cardtable.games.cirno.rules import SPEC, CirnoState

from .scenarios import arithmetic_zones, companion_zones

ARITH = Counter(ARITHMETIC)
COMP = Counter(COMPANIONS)
COMPANIONS_LIST = [f for f, k in COMPANIONS.items() for _ in range(k)]
MAX_ACTIONS = 3000  # far above anything seen (at most 215 actions in 3,000 advanced games)


def game_options(seed: int) -> dict[str, object]:
    """Basic and advanced mixed, both DOUBLE readings, and now and then another limit."""
    return {"advanced": seed % 2 == 1,
            "double_reading": "first" if seed % 4 >= 2 else "latest",
            "limit": (12, 12, 12, 12, 12, 12, 9, 25)[seed // 4 % 8]}


def check_state(s: CirnoState) -> None:
    # each card in exactly one zone
    assert arithmetic_zones(s) == ARITH
    assert companion_zones(s) == COMP
    # companion cards taken = companion cards dealt out (held or used)
    dealt = sum(len(h) for h in s.comp_held) + sum(len(u) for u in s.comp_used)
    assert sum(s.taken) == dealt == len(COMPANIONS_LIST) - len(s.comp_deck)
    assert all(t == len(h) + len(u) for t, h, u in zip(s.taken, s.comp_held, s.comp_used,
                                                       strict=True))
    if not s.options.advanced:
        assert not any(s.comp_used)
    if s.is_terminal():
        assert s.current_player() is None and s.legal_actions() == []
        return
    p = s.current_player()
    assert p is not None and s.active[p]
    assert s.legal_actions(), f"no legal action for {p} in {s.phase}"
    assert 0 <= s.total <= s.limit
    assert s.duty in (1, 2) and s.played_in_turn in (0, 1)
    assert s.played_in_turn == 0 or s.duty == 2


def check_end(s: CirnoState, tie: tuple[list[bool], list[int]] | None) -> None:
    """`tie`: who was in the sudden death and the used-companion counts when it began."""
    n = s.num_players
    returns = s.returns()
    assert sum(returns) == pytest.approx(1.0)
    assert s.winners and all(returns[w] == pytest.approx(1 / len(s.winners)) for w in s.winners)
    best = min(s.taken)
    assert all(s.taken[w] == best for w in s.winners)
    if tie is not None:
        tied, used = tie
        assert s.sudden_death and len(s.winners) == 1 and tied[s.winners[0]]
        def key(p: int) -> tuple[int, int]:
            return s.taken[p], used[p] if s.options.advanced else 0

        tied_keys = {key(p) for p in range(n) if tied[p]}
        assert len(tied_keys) == 1 and sum(tied) >= 2
        assert all(key(p) > min(tied_keys) for p in range(n) if not tied[p])
    elif s.options.advanced:
        fewest_used = min(len(s.comp_used[p]) for p in range(n) if s.taken[p] == best)
        assert all(len(s.comp_used[w]) == fewest_used for w in s.winners)
        # a player reached 3, or the last round began with 1 card and its loser took it
        assert max(s.taken) >= 3 or not s.comp_deck
    else:
        assert sum(s.taken) == n
    assert s.scores() == [float(t) for t in s.taken]


def play_random_game(seed: int, n: int, check: bool = True) -> CirnoState:
    state, _ = SPEC.new_game(seed, n, game_options(seed))
    rng = random.Random(seed * 31 + n)
    if check:
        check_state(state)
    steps = 0
    tie: tuple[list[bool], list[int]] | None = None
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
        if tie is None and state.sudden_death:
            tie = (list(state.active), [len(u) for u in state.comp_used])
        assert steps <= MAX_ACTIONS, f"seed {seed}: no end after {MAX_ACTIONS} actions"
        if check:
            check_state(state)
    check_end(state, tie)
    return state


@pytest.mark.parametrize("n", range(2, 9))
def test_cirno_random_play_invariants(n: int) -> None:  # CIRNO-T1 CIRNO-G1 CIRNO-A1
    for seed in range(200):
        play_random_game(seed, n)


@pytest.mark.slow
@pytest.mark.parametrize("n", range(2, 9))
def test_cirno_random_play_invariants_sweep(n: int) -> None:
    for seed in range(200, 10_200):
        play_random_game(seed, n)
