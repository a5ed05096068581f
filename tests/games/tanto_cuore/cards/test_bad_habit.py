"""Bad Habit (event, cost 2): into another player's private quarters (one with a maid); -1 VP
each, -2 VP each at 4 or more."""

from __future__ import annotations

from cardtable.core.actions import Action
from cardtable.games.tanto_cuore.scoring import habit_penalty

from ..scenarios import act, build, let_event_in


def test_bad_habit_targets() -> None:
    s = build(3, phase="employ", love=2, chambers={0: ["azure"], 2: ["viola"]})
    targets = {a.target for a in s.legal_actions() if a.card == "bad_habit"}
    assert targets == {2}
    act(s, "employ", "bad_habit", target=2)
    let_event_in(s)
    assert s.habits == [0, 0, 1]


def test_no_bad_habit_without_a_maid_at_home() -> None:
    s = build(phase="employ", love=9)
    assert not [a for a in s.legal_actions() if a.card == "bad_habit"]
    assert Action("employ", "marianne") in s.legal_actions()


def test_bad_habit_penalty_threshold() -> None:
    # TC-E1: -2 each at 4 or more (the card), not "more than 4"
    assert [habit_penalty(n) for n in range(6)] == [0, -1, -2, -3, -8, -10]


def test_four_bad_habits_hand_computed() -> None:
    s = build(habits={1: 4}, chambers={1: ["azure"]})
    row = s.score_rows()[1]
    assert row["bad_habits"] == -8 and row["total"] == 1 - 8
