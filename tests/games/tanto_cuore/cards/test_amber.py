"""Amber (private, -3 VP): at the start of every OTHER player's discard phase, that player
discards the top card of their deck; if it is not a maid they draw 1 fewer card."""

from __future__ import annotations

from ..scenarios import act, build

DECK = ["love1"] * 6


def test_amber_non_maid_top_means_four_cards() -> None:
    s = build(privates={0: ["amber"]}, decks={1: [*DECK, "love2"]}, phase="employ", player=1,
              hands={0: ["kagari"]})
    act(s, "done")
    assert s.discard[1] == ["love2"] and len(s.hand[1]) == 4


def test_amber_maid_top_means_five_cards() -> None:
    s = build(privates={0: ["amber"]}, decks={1: [*DECK, "kagari"]}, phase="employ", player=1,
              hands={0: ["kagari"]})
    act(s, "done")
    assert s.discard[1] == ["kagari"] and len(s.hand[1]) == 5


def test_amber_never_hits_her_owner() -> None:
    s = build(privates={0: ["amber"]}, decks={0: [*DECK, "love2"]}, phase="employ", player=0,
              hands={1: ["kagari"]})
    act(s, "done")
    assert len(s.hand[0]) == 5 and s.discard[0] == []


def test_ill_or_covered_amber_does_nothing() -> None:
    s = build(privates={0: [("amber", 1)]}, decks={1: [*DECK, "love2"]}, phase="employ",
              player=1, hands={0: ["kagari"]})
    act(s, "done")
    assert len(s.hand[1]) == 5
    s = build(privates={0: ["amber", "rosa"]}, decks={1: [*DECK, "love2"]}, phase="employ",
              player=1)
    act(s, "done")
    assert len(s.hand[1]) == 5


def test_amber_scores_minus_three_unless_ill() -> None:
    assert build(privates={0: ["amber"]}).score_rows()[0]["printed"] == -3
    assert build(privates={0: [("amber", 1)]}).score_rows()[0]["printed"] == 0
