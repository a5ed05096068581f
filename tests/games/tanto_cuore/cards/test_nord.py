"""Nord (private, -4 VP): your starting phase: you may discard all but one card from hand; if
you do, put 2 Illnesses from the town onto one maid in another player's private quarters."""

from __future__ import annotations

from cardtable.core.actions import Action

from ..scenarios import act, build


def test_nord_discards_all_but_one_and_gives_two_illnesses() -> None:
    s = build(privates={0: ["nord"]}, chambers={1: ["azure", "viola"]}, phase="start",
              hands={0: ["love1", "love3", "colette", "kagari"]})
    town = s.town["illness"]
    act(s, "ability", "nord")
    assert s.phase == "nord_keep"
    act(s, "keep", "love3")
    assert s.hand[0] == ["love3"] and len(s.discard[0]) == 3
    assert s.phase == "nord_target"
    assert Action("target", target=1, value="viola") in s.legal_actions()
    act(s, "target", target=1, value="viola")
    assert s.chambers[1] == [["azure", 0], ["viola", 2]]
    assert s.town["illness"] == town - 2


def test_nord_needs_a_target() -> None:
    s = build(privates={0: ["nord"]}, phase="start", hands={0: ["love1", "love3"]})
    assert Action("ability", "nord") not in s.legal_actions()


def test_nord_illness_meets_claire_twice() -> None:
    s = build(privates={0: ["nord"]}, chambers={1: ["azure"]}, phase="start",
              hands={0: ["love1", "love3"], 1: ["claire"]})
    act(s, "ability", "nord")
    act(s, "keep", "love3")
    act(s, "target", target=1, value="azure")
    assert s.phase == "claire_reaction"
    act(s, "react", "claire")
    assert s.phase == "claire_reaction"
    act(s, "decline")
    assert s.chambers[1] == [["azure", 1]]
