"""Nord (private, -4 VP): your starting phase: you may discard all but one card from hand; if
you do, put 2 Illnesses from the town onto one maid in another player's private quarters."""

from __future__ import annotations

from cardtable.core.actions import Action

from ..scenarios import act, build, let_event_in


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
    let_event_in(s)  # each Illness is an event of its own
    let_event_in(s)
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


def test_nord_both_illnesses_on_one_copy_of_a_chambermaid() -> None:
    """TC-E1 and the card: both Illnesses go onto ONE maid, also when her quarters hold two
    chambermaid copies of that face (the second does not spread to the healthy copy)."""
    s = build(privates={0: ["nord"]}, chambers={1: ["azure", "azure", "viola"]}, phase="start",
              hands={0: ["love1", "love3"]})
    act(s, "ability", "nord")
    act(s, "keep", "love3")
    act(s, "target", target=1, value="azure")
    let_event_in(s)
    let_event_in(s)
    assert s.chambers[1] == [["azure", 2], ["azure", 0], ["viola", 0]]
    # the healthy Azure and Viola still make a Crescent pair: 1 + 1 + 3
    assert s.score_rows()[1]["total"] == 5


def test_nord_second_illness_follows_the_first_past_claire() -> None:
    """Claire may meet each Illness (two events); the second follows the first onto the same
    copy, and lands as any Illness would when the first was sent back."""
    def start(chambers: list) -> object:
        s = build(privates={0: ["nord"]}, chambers={1: chambers}, phase="start",
                  hands={0: ["love1", "love3"], 1: ["claire"]})
        act(s, "ability", "nord")
        act(s, "keep", "love3")
        act(s, "target", target=1, value="safran")
        return s

    s = start(["safran", ("safran", 1), "safran"])
    act(s, "decline")  # the first lands on the first copy with the fewest
    act(s, "decline")
    assert s.chambers[1] == [["safran", 2], ["safran", 1], ["safran", 0]]
    s = start(["safran", ("safran", 1), "safran"])
    act(s, "react", "claire")  # the first goes back to the town
    act(s, "decline")
    assert s.chambers[1] == [["safran", 1], ["safran", 1], ["safran", 0]]
