"""Claire: +1 serving; may return one event at home to the town. Reaction: reveal her from
hand to send an arriving event back."""

from __future__ import annotations

from cardtable.core.actions import Action

from ..scenarios import act, build


def test_claire_returns_a_bad_habit() -> None:
    s = build(hands={0: ["claire"]}, habits={0: 2}, chambers={0: ["azure"]})
    town = s.town["bad_habit"]
    act(s, "serve", "claire")
    assert s.serving == 1 and s.phase == "claire_return"
    act(s, "return", "bad_habit")
    assert s.habits[0] == 1 and s.town["bad_habit"] == town + 1


def test_claire_cures_an_ill_maid() -> None:
    s = build(hands={0: ["claire"]}, chambers={0: [("azure", 1), "viola"]})
    act(s, "serve", "claire")
    assert Action("return", "illness", value="azure") in s.legal_actions()
    act(s, "return", "illness", value="azure")
    assert s.chambers[0] == [["azure", 0], ["viola", 0]]


def test_claire_nothing_to_return_asks_nothing() -> None:
    s = build(hands={0: ["claire", "kagari"]})
    act(s, "serve", "claire")
    assert s.phase == "serve"


def test_claire_reaction_to_employed_event() -> None:
    s = build(hands={1: ["claire"]}, chambers={1: ["azure"]}, phase="employ", love=2)
    act(s, "employ", "bad_habit", target=1)
    assert s.phase == "claire_reaction" and s.current_player() == 1
    act(s, "decline")
    assert s.habits[1] == 1
    s = build(hands={1: ["claire"]}, chambers={1: ["azure"]}, phase="employ", love=4, employ=2)
    act(s, "employ", "bad_habit", target=1)
    act(s, "react", "claire")
    # blocked: the event is back in the town, the employ and love are spent all the same
    assert s.habits[1] == 0 and s.love == 2 and s.employ == 1
    assert s.current_player() == 0 and s.phase == "employ"


def test_being_asked_about_claire_shows_nothing_of_the_hand() -> None:
    """No hidden card leaks: with Claire in the town every target of an event is asked, so the
    others' views cannot tell whether the target holds her (asking only a holder would show
    it; found by a rules audit). Without her in hand the one answer is "decline"."""
    seen = []
    for card in ("claire", "kagari"):
        s = build(3, hands={1: [card, "love1"]}, chambers={1: ["azure"]}, phase="employ",
                  love=2)
        act(s, "employ", "bad_habit", target=1)
        assert s.phase == "claire_reaction" and s.current_player() == 1
        views = [s.view(v) for v in (0, 2, None)]
        seen.append([(v.phase, v.current, v.pending, v.tasks, v.hand_counts) for v in views])
        assert (Action("react", "claire") in s.legal_actions()) == (card == "claire")
        act(s, "decline")
        assert s.habits[1] == 1 and s.phase != "claire_reaction"
    assert seen[0] == seen[1]


def test_no_claire_question_when_she_is_not_in_the_town() -> None:
    kinds = ("azure", "viola", "rouge", "safran", "kagari", "genevieve", "moine", "tenalys",
             "sainsbury", "anise")
    s = build(hands={1: ["love1"]}, chambers={1: ["azure"]}, phase="employ", love=2,
              kinds=kinds)
    act(s, "employ", "bad_habit", target=1)
    assert s.habits[1] == 1 and s.phase == "employ"
