"""Tenalys: +3 love, +1 employ, every other player draws 1."""

from __future__ import annotations

from ..scenarios import act, build


def test_tenalys_bonus_and_others_draw() -> None:
    s = build(3, hands={0: ["tenalys"], 1: ["love1"], 2: []},
              decks={1: ["love1", "colette"], 2: ["love2"]})
    act(s, "serve", "tenalys")
    assert s.love == 3 and s.employ == 2
    assert len(s.hand[1]) == 2 and len(s.hand[2]) == 1
    assert s.hand[1][-1] == "colette"  # the top of the deck
    assert len(s.hand[0]) == 0


def test_tenalys_other_player_reshuffles_when_needed() -> None:
    s = build(2, hands={0: ["tenalys"]}, discards={1: ["love3"]})
    act(s, "serve", "tenalys")
    assert s.hand[1] == ["love3"]
    assert s.discard[1] == []
