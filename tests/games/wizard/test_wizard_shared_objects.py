"""The engine shares prebuilt objects between calls (one Action per face/bid/suit, one options
dump per options): callers still get fresh lists and dicts, and the shared follow rule matches a
plain reading of WIZ-F1."""

from __future__ import annotations

import random

from cardtable.core.actions import Action
from cardtable.games.wizard.cards import FULL_DECK, JESTER, ORDER, SUITS, WIZARD, playable_for
from cardtable.games.wizard.rules import BID_PHASE, PLAY_PHASE, SPEC, TRUMP_PHASE

from .scenarios import bid_state, play_state


def follow_rule(hand: list[str], suit: str | None) -> list[str]:
    """WIZ-F1 read literally: holding the led suit, play that suit, a Wizard or a Jester."""
    faces = sorted(set(hand), key=ORDER.__getitem__)
    if suit is None or not any(f not in (WIZARD, JESTER) and f[0] == suit for f in hand):
        return faces
    return [f for f in faces if f in (WIZARD, JESTER) or f[0] == suit]


def test_wiz_f1_playable_for_matches_the_rule_on_random_hands() -> None:
    # WIZ-F1
    rnd = random.Random(5)
    for _ in range(2000):
        deck = list(FULL_DECK)
        rnd.shuffle(deck)
        hand = deck[:rnd.randint(1, 20)]
        suit = rnd.choice([*SUITS, None])
        assert playable_for(hand, suit) == follow_rule(hand, suit)


def test_legal_lists_are_fresh_lists_of_equal_actions() -> None:
    s = bid_state(4, 5)
    assert s.phase == BID_PHASE
    first = s.legal_actions()
    first.clear()  # a caller may change its list
    assert s.legal_actions() == [Action("bid", value=k) for k in range(6)]
    p = play_state([["r3", "Z", "b7"], ["r9", "N", "g2"], ["y1", "y2", "y3"]], trump="g")
    assert p.phase == PLAY_PHASE
    got = p.legal_actions()
    got.append(Action("play", "y13"))
    assert p.legal_actions() == [Action("play", f) for f in ("r3", "b7", "Z")]


def test_trump_choice_list_is_fresh() -> None:
    for seed in range(200):
        s, _ = SPEC.new_game(seed, 3, {})
        if s.phase == TRUMP_PHASE:  # WIZ-TR1: a Wizard was turned up
            s.legal_actions().pop()
            assert s.legal_actions() == [Action("trump", value=x) for x in SUITS]
            return
    raise AssertionError("no Wizard turned up in 200 deals")


def test_view_options_is_a_fresh_dict_each_time() -> None:
    s, _ = SPEC.new_game(3, 4, {"hidden_bids": True})
    v1 = s.view(0)
    v1.options["hidden_bids"] = False  # the dict inside a frozen view is still a dict
    v2 = s.view(0)
    assert v2.options == s.options.model_dump()
    assert v2.options["hidden_bids"] is True
