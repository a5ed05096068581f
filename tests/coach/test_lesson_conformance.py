"""Every registered lesson, whatever its game: it walks to its end taking each step's instructed
action, every instructed action is legal at its step, its deal reproduces from its seed, and
every message it shows exists in both locales with the parameters it is given.

(The UI half — every step's target zone resolves to a rect of the real table and is the zone it
names — is tests/ui/test_lesson_scene.py.)"""

from __future__ import annotations

import string

import pytest

from cardtable.coach.lesson import Do, Play, all_lessons
from cardtable.core.game import OMNISCIENT
from cardtable.host.lesson import LessonRunner, walk
from cardtable.i18n.catalog import load_catalog

LESSONS = all_lessons()
IDS = [x.id for x in LESSONS]


def test_there_are_lessons_and_their_ids_are_unique() -> None:
    assert {x.game_id for x in LESSONS} >= {"cirno", "wizard"}
    assert len(set(IDS)) == len(IDS)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_walking_the_lesson_reaches_its_end(lesson) -> None:  # type: ignore[no-untyped-def]
    seen: list[int] = []

    def legal_here(runner: LessonRunner) -> None:
        step = runner.step
        legal = runner.state.legal_actions()
        if isinstance(step, Do):
            assert runner.state.current_player() == lesson.learner
            assert all(a in legal for a in step.right), (runner.index, step.right)
            # a wrong move is possible at most steps; where there is one it is explained
            assert step.wrong is not None
        elif isinstance(step, Play):
            assert step.action in legal, (runner.index, step.action)
        seen.append(runner.index)

    runner = walk(lesson, legal_here)
    assert runner.over and seen == list(range(len(lesson.steps)))
    assert 8 <= len(lesson.learner_steps) <= 20, len(lesson.learner_steps)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_the_deal_reproduces_from_its_seed(lesson) -> None:  # type: ignore[no-untyped-def]
    a, ev_a = lesson.new_state()
    b, ev_b = lesson.new_state()
    assert a.view(OMNISCIENT) == b.view(OMNISCIENT)
    assert [(e.kind, e.data, e.secret) for e in ev_a] == [(e.kind, e.data, e.secret) for e in ev_b]
    end_a, end_b = walk(lesson).state, walk(lesson).state
    assert end_a.view(OMNISCIENT) == end_b.view(OMNISCIENT)


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_message_exists_in_both_locales(lesson, locale) -> None:  # type: ignore[no-untyped-def]
    catalog = load_catalog(locale)
    assert lesson.title in catalog
    for key in lesson.names:
        assert key in catalog, key
    for m in lesson.messages():
        assert m.key in catalog, (locale, m.key)
        missing = _fields(catalog[m.key]) - set(m.params)
        assert not missing, (m.key, missing)
