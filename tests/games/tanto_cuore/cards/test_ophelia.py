"""Ophelia: +1 of each; more than one: odd count +2 each, even count -2 each."""

from __future__ import annotations

from cardtable.games.tanto_cuore.scoring import ophelia_bonus

from ..scenarios import act, build

KINDS = ("ophelia", "anise", "moine", "genevieve", "kagari", "eliza", "claire", "safran",
         "azure", "viola")


def test_ophelia_bonus() -> None:
    s = build(kinds=KINDS, hands={0: ["ophelia", "kagari"]}, decks={0: ["love1"]})
    act(s, "serve", "ophelia")
    assert (s.love, s.serving, s.employ) == (1, 1, 2) and "love1" in s.hand[0]


def test_ophelia_parity() -> None:
    assert [ophelia_bonus(n) for n in range(6)] == [0, 0, -4, 6, -8, 10]
    s = build(kinds=KINDS, decks={0: ["ophelia"] * 3})
    assert s.score_rows()[0]["ophelia"] == 6
