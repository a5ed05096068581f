"""Lucienne (private, 1 VP): your starting phase: +1 serving."""

from __future__ import annotations

from cardtable.core.actions import Action

from ..scenarios import act, build


def test_lucienne_plus_one_serving() -> None:
    s = build(privates={0: ["lucienne"]}, phase="start", hands={0: ["kagari"]})
    assert Action("done") not in s.legal_actions()
    act(s, "ability", "lucienne")
    assert s.serving == 2
