"""Lalande (private, 2 VP): your starting phase: you may draw 1 card."""

from __future__ import annotations

from cardtable.core.actions import Action

from ..scenarios import act, build


def test_lalande_optional_draw() -> None:
    s = build(privates={0: ["lalande"]}, phase="start", hands={0: ["kagari"]},
              decks={0: ["love2"]})
    assert Action("done") in s.legal_actions()
    act(s, "ability", "lalande")
    assert sorted(s.hand[0]) == ["kagari", "love2"]
    assert Action("ability", "lalande") not in s.legal_actions()
