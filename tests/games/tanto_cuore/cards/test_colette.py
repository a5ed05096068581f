"""Colette: 1 VP, cannot be served, chambermaid for 2 servings; the single player with the most
Colettes scores +5 (nobody on a tie)."""

from __future__ import annotations

from cardtable.core.actions import Action

from ..scenarios import act, build


def test_colette_cannot_be_served_but_can_be_chambered() -> None:
    s = build(hands={0: ["colette", "kagari"]}, serving=3)
    legal = s.legal_actions()
    assert Action("serve", "colette") not in legal
    assert Action("chamber", "colette") in legal
    act(s, "chamber", "colette")
    assert s.serving == 1 and s.chambers[0] == [["colette", 0]]


def test_colette_chamber_needs_two_servings() -> None:
    s = build(hands={0: ["colette", "kagari"]}, serving=1)
    assert Action("chamber", "colette") not in s.legal_actions()


def test_colette_majority_bonus() -> None:
    s = build(3, decks={0: ["colette"] * 3, 1: ["colette"] * 2}, chambers={1: ["colette"]},
              discards={2: ["colette"] * 4})
    rows = s.score_rows()
    assert [r["colette"] for r in rows] == [0, 0, 5]


def test_colette_tie_gives_nobody_the_bonus() -> None:
    # TC-V1 hand-computed: 3 and 3 Colettes -> no bonus for either
    s = build(2, decks={0: ["colette"] * 3}, discards={1: ["colette"] * 2},
              chambers={1: ["colette"]})
    rows = s.score_rows()
    assert [r["colette"] for r in rows] == [0, 0]
    assert [r["total"] for r in rows] == [3, 3]


def test_ill_colette_does_not_count() -> None:
    s = build(2, decks={0: ["colette"] * 2}, discards={1: ["colette"] * 2},
              chambers={1: [("colette", 1)]})
    rows = s.score_rows()
    assert [r["colette"] for r in rows] == [0, 0]
