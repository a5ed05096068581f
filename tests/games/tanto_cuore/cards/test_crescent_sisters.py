"""Azure (+1 employ), Viola (+1 draw), Rouge (+1 love) Crescent: 1 VP each, chambermaids for 1
serving; each set of all three scores 7, then each set of two 3."""

from __future__ import annotations

from cardtable.games.tanto_cuore.scoring import crescent_bonus

from ..scenarios import act, build

KINDS = ("azure", "viola", "rouge", "kagari", "moine", "genevieve", "anise", "eliza",
         "claire", "safran")


def test_sister_bonuses() -> None:
    s = build(kinds=KINDS, hands={0: ["azure", "viola", "rouge", "kagari", "kagari"]},
              decks={0: ["love1"]}, serving=4)
    act(s, "serve", "azure")
    act(s, "serve", "rouge")
    act(s, "serve", "viola")
    assert s.employ == 2 and s.love == 1 and "love1" in s.hand[0]


def test_crescent_set_values() -> None:
    assert crescent_bonus([1, 1, 1]) == 7
    assert crescent_bonus([2, 2, 2]) == 14
    assert crescent_bonus([3, 2, 2]) == 14
    assert crescent_bonus([2, 1, 0]) == 3
    assert crescent_bonus([3, 3, 1]) == 7 + 2 * 3
    assert crescent_bonus([4, 0, 0]) == 0


def test_three_sisters_twice_plus_one_extra() -> None:
    # TC-V1 hand-computed: 7 sisters x 1 VP + two sets of three (14) = 21
    s = build(kinds=KINDS, chambers={0: ["azure", "viola", "rouge"] * 2 + ["azure"]})
    row = s.score_rows()[0]
    assert row["printed"] == 7 and row["crescent"] == 14 and row["total"] == 21


def test_sisters_in_the_deck_make_no_set() -> None:
    s = build(kinds=KINDS, decks={0: ["azure", "viola", "rouge"]})
    row = s.score_rows()[0]
    assert row["printed"] == 3 and row["crescent"] == 0
