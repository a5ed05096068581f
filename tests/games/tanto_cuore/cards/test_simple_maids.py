"""Maids with only simple bonuses (data): Anise, Genevieve, Moine, Kagari; Marianne and Love."""

from __future__ import annotations

from cardtable.core.actions import Action
from cardtable.games.tanto_cuore.cards import CARDS

from ..scenarios import act, build

KINDS = ("anise", "genevieve", "moine", "kagari", "ophelia", "eliza", "claire", "safran",
         "azure", "viola")


def test_bonuses_come_from_data() -> None:
    assert CARDS["moine"].bonus.draw == 2 and CARDS["moine"].bonus.employ == 2
    assert CARDS["anise"].vp == 3 and CARDS["marianne"].vp == 6


def test_kagari_then_genevieve_then_moine_then_anise() -> None:
    s = build(kinds=KINDS, hands={0: ["kagari", "genevieve", "moine", "anise"]},
              decks={0: ["love1"] * 6})
    act(s, "serve", "kagari")
    assert s.serving == 2
    act(s, "serve", "genevieve")
    assert (s.serving, s.love) == (2, 1)
    act(s, "serve", "moine")
    assert s.employ == 3
    act(s, "serve", "anise")
    # no serving left: on to the employ phase, where the six 1 Love drawn are played
    assert s.employ == 4 and s.phase == "employ" and s.love == 1 + 6


def test_marianne_and_love_cannot_be_served() -> None:
    s = build(kinds=KINDS, hands={0: ["marianne", "love3", "kagari"]})
    kinds = {(a.kind, a.card) for a in s.legal_actions()}
    assert ("serve", "marianne") not in kinds and ("serve", "love3") not in kinds
    assert Action("chamber", "marianne") not in s.legal_actions()


def test_love_cards_pay_in_the_employ_phase() -> None:
    s = build(kinds=KINDS, hands={0: ["love3", "love2", "love1", "marianne"]})
    act(s, "done")
    assert s.phase == "employ" and s.love == 6
    assert Action("employ", "anise") not in s.legal_actions()
    assert Action("employ", "love2") in s.legal_actions()
