"""Safran: +2 love when served; chambermaid for 1 serving; 2/3/4 together score 4/8/12."""

from __future__ import annotations

from cardtable.games.tanto_cuore.scoring import safran_bonus

from ..scenarios import act, build


def test_safran_served_gives_two_love() -> None:
    s = build(hands={0: ["safran", "kagari"]}, serving=2)
    act(s, "serve", "safran")
    assert s.love == 2


def test_safran_chamber_costs_one_serving() -> None:
    s = build(hands={0: ["safran", "kagari"]}, serving=2)
    act(s, "chamber", "safran")
    assert s.chambers[0] == [["safran", 0]] and s.serving == 1 and s.love == 0


def test_safran_sets() -> None:
    assert [safran_bonus(n) for n in range(9)] == [0, 0, 4, 8, 12, 12, 16, 20, 24]


def test_five_safrans_score_twelve() -> None:
    s = build(chambers={0: ["safran"] * 5})
    row = s.score_rows()[0]
    assert row["safran"] == 12 and row["printed"] == 0
