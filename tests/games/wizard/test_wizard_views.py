"""Wizard views: the omniscient view, void inference, and what a determinized state holds
(every card once, hand sizes, voids, bids made), forehead included. (That reshuffling the hidden
cards and bids leaves a view alone (`cardtable.games.wizard.hidden`) and that a determinized
state fits the view: the rules contract over every game, tests/core/test_rules_contract.py.)"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardtable.core.game import OMNISCIENT
from cardtable.core.rng import GameRng
from cardtable.games.wizard.cards import COPIES, single_colour_deck
from cardtable.games.wizard.rules import SPEC, WizardOptions, WizardState

from .scenarios import play_faces, play_state

VARIANTS: list[dict[str, Any]] = [
    {}, {"hidden_bids": True, "plus_minus_one": True}, {"secret_bids": True},
    {"forehead": True}, {"single_colour": True}]


def as_recorded(options: dict[str, Any]) -> WizardOptions:
    """The options as a saved game holds them: a variant list may hold ±1 with hidden bids,
    which a new game refuses (WIZ-V2) and an older save still plays."""
    return SPEC.parse_options(options, recorded=True)


def states_along_a_game(seed: int, n: int, options: dict[str, Any], every: int = 7
                        ) -> list[WizardState]:
    s, _ = SPEC.new_game(seed, n, as_recorded(options))
    rng = random.Random(seed)
    out = [s.clone()]
    i = 0
    while not s.is_terminal() and s.round_no <= 4:
        s.apply(rng.choice(s.legal_actions()))
        i += 1
        if i % every == 0 or s.round_no == 1:
            out.append(s.clone())
    return out


def test_wizard_omniscient_view_shows_everything() -> None:
    s, _ = SPEC.new_game(1, 4, {"secret_bids": True})
    v = s.view(OMNISCIENT)
    assert v.all_hands is not None and [list(h) for h in v.all_hands] == [
        sorted(h, key=list(COPIES).index) for h in s.hands]


def test_wizard_voids_are_tracked_publicly() -> None:
    # a player who fails to follow red is known to hold no red (for determinization)
    s = play_state([["r5", "b2"], ["b7", "y3"], ["r1", "g2"]])
    play_faces(s, "r5", "b7")
    assert s.voids[1] == {"r"} and s.view(0).voids[1] == frozenset({"r"})
    assert s.voids[0] == set() and s.voids[2] == set()
    # Wizards and Jesters never imply a void
    t = play_state([["r5", "b2"], ["Z", "r3"], ["N", "g2"]])
    play_faces(t, "r5", "Z", "N")
    assert t.voids == [set(), set(), set()]


def _check_determinized(s: WizardState, viewer: int, d: WizardState) -> None:
    v = s.view(viewer)
    assert d.view(viewer) == v
    total: Counter[str] = Counter(d.deck)
    for h in d.hands:
        total.update(h)
    for t in (*d.round_tricks, d.trick):
        total.update(c for _, c in t)
    if d.trump_card:
        total[d.trump_card] += 1
    if s.options.single_colour:
        for q in range(s.num_players):
            total.update(d.decks[q])
        expect: Counter[str] = Counter()
        for q in range(s.num_players):
            expect.update(single_colour_deck("rbgy"[q]))
        assert total == expect
    else:
        assert total == Counter(COPIES)
    for q in range(s.num_players):
        assert len(d.hands[q]) == len(s.hands[q])
        assert not any(c not in ("Z", "N") and c[0] in s.voids[q] for c in d.hands[q])
    assert all(b is not None for b, m in zip(d.bids, v.bid_made, strict=True) if m)


@pytest.mark.parametrize("vi", range(len(VARIANTS)))
def test_wizard_determinize_keeps_cards_hand_sizes_voids_and_bids(vi: int) -> None:
    rng = GameRng(5)
    for n in (3, 4, 6) if not VARIANTS[vi].get("single_colour") else (3, 4):
        for s in states_along_a_game(vi * 7 + n, n, VARIANTS[vi], every=3):
            if s.is_terminal():
                continue
            p = s.current_player()
            assert p is not None
            for _ in range(3):
                d = SPEC.determinize(s.view(p), rng)
                _check_determinized(s, p, d)


def test_wizard_determinize_respects_voids_when_tight() -> None:
    # players 1 and 2 are void in red; every hidden red card must go to the deck or player 3
    s = play_state([["r5", "r6", "b2"], ["b7", "y3", "g9"], ["g1", "g2", "b1"],
                    ["r13", "Z", "N"]])
    play_faces(s, "r5", "b7", "g1", "r13")
    rng = GameRng(1)
    for _ in range(50):
        d = SPEC.determinize(s.view(0), rng)
        assert not any(c[0] == "r" for c in d.hands[1] + d.hands[2] if c not in ("Z", "N"))
        _check_determinized(s, 0, d)


def test_wizard_determinize_forehead_samples_own_card() -> None:
    s, _ = SPEC.new_game(2, 4, {"forehead": True})
    if s.phase == "trump":
        from cardtable.core.actions import Action
        s.apply(Action("trump", value="r"))
    v = s.view(1)
    seen = Counter()
    rng = GameRng(3)
    for _ in range(40):
        d = SPEC.determinize(v, rng)
        _check_determinized(s, 1, d)
        for q in (0, 2, 3):
            assert d.hands[q] == s.hands[q]
        seen[d.hands[1][0]] += 1
    assert len(seen) > 5  # the own card is really sampled, not copied
