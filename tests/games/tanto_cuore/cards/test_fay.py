"""Fay (private, cost 6): your starting phase: +1 love or +1 employ, your choice (not skipped)."""

from __future__ import annotations

from cardtable.core.actions import Action
from cardtable.games.tanto_cuore.cards import CARDS

from ..scenarios import act, build


def test_fay_costs_six() -> None:
    assert CARDS["fay"].cost == 6  # TC-K1


def test_fay_choice_is_mandatory() -> None:
    s = build(privates={0: ["fay"]}, phase="start", hands={0: ["kagari"]})
    legal = s.legal_actions()
    assert Action("done") not in legal
    assert Action("ability", "fay", value="love") in legal
    act(s, "ability", "fay", value="employ")
    assert s.employ == 2


def test_fay_love() -> None:
    s = build(privates={0: ["fay"]}, phase="start", hands={0: ["kagari"]})
    act(s, "ability", "fay", value="love")
    assert s.love == 1
