"""Sora (private, 2 VP): your starting phase: you may move one event from any private quarters
to an equivalent place in another player's (one that holds a maid)."""

from __future__ import annotations

from cardtable.core.actions import Action

from ..scenarios import act, build, let_event_in


def test_sora_moves_a_bad_habit_from_home_to_another() -> None:
    s = build(3, privates={0: ["sora"]}, habits={0: 1}, chambers={1: ["azure"]},
              phase="start")
    act(s, "ability", "sora")
    assert s.phase == "sora_from"
    act(s, "take", "bad_habit", target=0)
    assert {a.target for a in s.legal_actions()} == {1}  # player 2 has no maid at home
    act(s, "give", target=1)
    let_event_in(s)
    assert s.habits == [0, 1, 0]


def test_sora_moves_an_illness_between_maids() -> None:
    s = build(privates={0: [("sora", 0)]}, chambers={0: [("azure", 1)], 1: ["safran"]},
              phase="start")
    act(s, "ability", "sora")
    act(s, "take", "illness", target=0, value="azure")
    assert Action("give", target=1, value="safran") in s.legal_actions()
    act(s, "give", target=1, value="safran")
    let_event_in(s)
    assert s.chambers == [[["azure", 0]], [["safran", 1]]]


def test_sora_not_offered_without_events() -> None:
    s = build(privates={0: ["sora"]}, chambers={1: ["azure"]}, phase="start")
    assert Action("ability", "sora") not in s.legal_actions()
