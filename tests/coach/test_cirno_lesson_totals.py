"""The Cirno lessons say true totals under the rules they teach (CIRNO-D4 revised: after a
2-card turn, play goes on from the FIRST card's total). Walking each lesson: every callout that
names the total ("總和 N") names the total on the table then; every "would bust" reason names
the total the card would make, above the limit; the basics lesson shows the total going back to
the first card's after its DOUBLE, and its last callout follows a real bust of that seat."""

from __future__ import annotations

import re

import pytest

from cardtable.coach.lesson import Do, Note, Play
from cardtable.coach.lessons.cirno import LESSONS
from cardtable.games.cirno.cards import apply_number
from cardtable.host.lesson import walk
from cardtable.i18n import load_catalog

TOTAL_SAID = re.compile(r"總和(?:已經|又是)? ?(\d+)")


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_every_total_a_callout_names_is_on_the_table(lesson) -> None:  # CIRNO-D4
    catalog = load_catalog("zh-TW")
    assert "double_reading" not in lesson.options  # lessons teach the default reading
    checked: list[str] = []

    def check(runner) -> None:
        step, state = runner.step, runner.state
        if not isinstance(step, Do | Note):
            return
        said = TOTAL_SAID.match(catalog[step.say.key])
        if said:
            assert int(said.group(1)) == state.total, (step.say.key, state.total)
            checked.append(step.say.key)
        if isinstance(step, Do):
            for action, why in step.because:
                if why.key.endswith("would_bust"):
                    made = apply_number(action.card, state.total)
                    assert why.params["total"] == made > state.limit, (action, state.total)
                    checked.append(why.key)

    walk(lesson, check)
    assert checked, "no callout of this lesson names a total"


def test_the_basics_lesson_shows_the_double_going_on_from_the_first_card() -> None:  # CIRNO-D4
    lesson = next(x for x in LESSONS if x.id == "cirno.basics")
    seen: dict[str, object] = {}

    def check(runner) -> None:
        step, state = runner.step, runner.state
        if isinstance(step, Note) and step.say.key.endswith("double_first"):
            seen["total"] = state.total  # the learner's +4 then +5: 9 computed, back to 4
            seen["duty"] = state.duty
        if isinstance(step, Note) and step.say.key.endswith(".bust"):
            seen["taken"] = list(state.taken)
            seen["round"] = state.round_no

    runner = walk(lesson, check)
    assert runner.over
    assert seen["total"] == 4 and seen["duty"] == 1
    # seat 2 went over 12 with its second card and took the companion card
    assert seen["taken"] == [0, 0, 1] and seen["round"] == 2
    catalog = load_catalog("zh-TW")
    text = catalog["lesson.cirno.basics.double_first"]
    assert "回到 4" in text and "不是 9" in text and "第一張" in text
    plays = [s for s in lesson.steps if isinstance(s, Play)]
    assert plays[-2].action.card == "-1" and plays[-1].action.card == "+4"
