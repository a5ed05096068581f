"""Wizard random play: invariants after every action for 3-6 players and every variant.
Always on: a few games per player count and variant; `-m slow`: a larger sweep. (Determinism,
clones and records: the rules contract over every game, tests/core/test_rules_contract.py.)"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardtable.core.events import Event
from cardtable.games.wizard.cards import COPIES, round_score, single_colour_deck
from cardtable.games.wizard.rules import SPEC, WizardOptions, WizardState

from .scenarios import all_cards

VARIANTS: list[dict[str, Any]] = [
    {},
    {"bid_order": "left_of_dealer"},
    {"plus_minus_one": True},
    {"hidden_bids": True},
    {"secret_bids": True, "plus_minus_one": True},
    {"forehead": True},
    {"single_colour": True},
]


def as_recorded(options: dict[str, Any]) -> WizardOptions:
    """The options as a saved game holds them: a variant list may hold ±1 with hidden bids,
    which a new game refuses (WIZ-V2) and an older save still plays."""
    return SPEC.parse_options(options, recorded=True)


def expected_cards(s: WizardState) -> Counter[str]:
    if s.options.single_colour:
        c: Counter[str] = Counter()
        for q in range(s.num_players):
            c.update(single_colour_deck("rbgy"[q]))
        return c
    return Counter(COPIES)


def check_state(s: WizardState) -> None:
    assert all_cards(s) == expected_cards(s)  # every card in exactly one zone
    n = s.num_players
    if s.is_terminal():
        assert s.current_player() is None and s.legal_actions() == []
        assert len(s.history) == s.num_rounds
        return
    assert s.legal_actions()
    played = len(s.round_tricks)
    assert sum(s.tricks) == played
    assert all(len(h) in (s.cards - played, s.cards - played - 1) for h in s.hands)
    assert len(s.trick) < n
    if s.phase == "play":
        assert all(b is not None for b in s.bids)
    # running totals are the sum of the round scores
    for p in range(n):
        assert s.totals[p] == sum(r.deltas[p] for r in s.history)


def check_end(s: WizardState) -> None:
    for r in s.history:
        assert sum(r.tricks) == r.cards
        assert list(r.deltas) == [round_score(b, t) for b, t in zip(r.bids, r.tricks,
                                                                     strict=True)]
        if s.options.plus_minus_one:
            assert sum(r.bids) != r.cards
    best = max(s.totals)
    assert s.winners == [p for p, t in enumerate(s.totals) if t == best]
    assert sum(s.returns()) == pytest.approx(1.0)


def play_random(seed: int, n: int, options: dict[str, Any]) -> tuple[WizardState, list[Event]]:
    s, events = SPEC.new_game(seed, n, as_recorded(options))
    rng = random.Random(seed)
    check_state(s)
    steps = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        events.extend(s.apply(rng.choice(legal)))
        check_state(s)
        steps += 1
        assert steps < 2000
    check_end(s)
    return s, events


def _cases(games: int) -> list[tuple[int, int, int]]:
    out = []
    for n in (3, 4, 5, 6):
        for vi, v in enumerate(VARIANTS):
            if v.get("single_colour") and n > 4:
                continue
            out.extend((n, vi, seed) for seed in range(games))
    return out


@pytest.mark.parametrize("n,vi,seed", _cases(2))
def test_wizard_random_play_invariants(n: int, vi: int, seed: int) -> None:
    play_random(seed, n, VARIANTS[vi])


@pytest.mark.slow
@pytest.mark.parametrize("n,vi", [(n, vi) for n, vi, s in _cases(1)])
def test_wizard_random_play_invariants_sweep(n: int, vi: int) -> None:
    for seed in range(100, 200):
        play_random(seed, n, VARIANTS[vi])
