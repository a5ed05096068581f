"""Sainsbury: swap a 1 Love from hand for a 2 Love or a maid costing 4 or less (TC-K1)."""

from __future__ import annotations

from cardtable.core.actions import Action

from ..scenarios import act, build


def test_sainsbury_offers_love2_and_cheap_maids_only() -> None:
    s = build(hands={0: ["sainsbury", "love1", "love1"]})
    act(s, "serve", "sainsbury")
    assert s.phase == "sainsbury"
    offers = {a.card for a in s.legal_actions() if a.kind == "exchange"}
    assert "love2" in offers and "colette" in offers and "esquine" in offers
    assert "azure" in offers and "safran" in offers
    assert "natsumi" not in offers and "love3" not in offers and "marianne" not in offers
    assert Action("decline") in s.legal_actions()


def test_sainsbury_exchange_moves_cards_to_hand_and_town() -> None:
    s = build(hands={0: ["sainsbury", "love1", "love1", "kagari"]}, serving=2)
    town_love1 = s.town["love1"]
    town_love2 = s.town["love2"]
    act(s, "serve", "sainsbury")
    act(s, "exchange", "love2")
    assert sorted(s.hand[0]) == ["kagari", "love1", "love2"]
    assert s.town["love1"] == town_love1 + 1
    assert s.town["love2"] == town_love2 - 1


def test_sainsbury_without_1_love_asks_nothing() -> None:
    s = build(hands={0: ["sainsbury", "love2", "kagari"]}, serving=2)
    act(s, "serve", "sainsbury")
    assert s.phase == "serve"


def test_sainsbury_decline_keeps_hand() -> None:
    s = build(hands={0: ["sainsbury", "love1", "kagari"]}, serving=2)
    act(s, "serve", "sainsbury")
    act(s, "decline")
    assert sorted(s.hand[0]) == ["kagari", "love1"]


def test_sainsbury_exchange_can_end_the_game() -> None:
    # TC-END1: taking the last card of a second maid pile ends the game at once.
    s = build(hands={0: ["sainsbury", "love1"]})
    s.box["claire"], s.town["claire"] = s.town["claire"], 0
    s.box["azure"], s.town["azure"] = s.town["azure"] - 1, 1
    act(s, "serve", "sainsbury")
    act(s, "exchange", "azure")
    assert s.is_terminal()
