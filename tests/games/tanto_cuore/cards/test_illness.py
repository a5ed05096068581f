"""Illness (event, cost 4): onto a maid in another player's private quarters; she loses her
ability and VP and counts for no set; cured by discarding a 3 Love in the starting phase."""

from __future__ import annotations

from cardtable.core.actions import Action

from ..scenarios import act, build, let_event_in


def test_illness_targets_maids_of_other_players_only() -> None:
    s = build(3, phase="employ", love=4, chambers={0: ["azure"], 1: ["viola"]},
              privates={1: ["rosa"]})
    targets = {(a.target, a.value) for a in s.legal_actions() if a.card == "illness"}
    assert targets == {(1, "viola"), (1, "rosa")}  # not self, not player 2 (no maid)


def test_ill_private_maid_loses_ability_and_vp() -> None:
    s = build(phase="employ", love=4, employ=2, privates={1: ["rosa"]})
    act(s, "employ", "illness", target=1, value="rosa")
    let_event_in(s)
    assert s.privates[1] == [["rosa", 1]]
    assert s.active_private(1) is None
    assert s.score_rows()[1]["printed"] == 0


def test_illness_lands_on_a_healthy_copy_first() -> None:
    s = build(phase="employ", love=8, employ=2, chambers={1: [("azure", 1), "azure"]})
    act(s, "employ", "illness", target=1, value="azure")
    let_event_in(s)
    assert sorted(m[1] for m in s.chambers[1]) == [1, 1]


def test_cure_with_a_3_love_then_use_the_ability() -> None:
    # TC-T1: curing and start-of-turn abilities in the order the player chooses
    s = build(phase="start", privates={0: [("rosa", 1)]}, hands={0: ["love3", "kagari"]})
    legal = s.legal_actions()
    assert Action("cure", "rosa") in legal and Action("ability", "rosa") not in legal
    town = s.town["illness"]
    act(s, "cure", "rosa")
    assert s.privates[0] == [["rosa", 0]] and s.town["illness"] == town + 1
    assert s.discard[0] == ["love3"]
    act(s, "ability", "rosa")
    assert s.love == 1


def test_ill_chambermaid_counts_for_no_set() -> None:
    s = build(chambers={0: ["azure", "viola", ("rouge", 1)]})
    row = s.score_rows()[0]
    assert row["printed"] == 2 and row["crescent"] == 3
