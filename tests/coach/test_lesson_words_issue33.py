"""Issue 33, lessons: what the lessons say is true and in the table's words.

- A callout that says only one card is safe ("只能出…", "只有…安全") names exactly the cards
  that do not go over the limit there (the rules decide: each legal move applied to a copy of
  the state; DOUBLE and TURN leave the total as it is).
- A game's only lesson is not numbered 第一課; a game with several numbers them.
- The Wizard lesson calls a round 輪, as the Wizard table does (「第 3/20 輪」, 「本輪王牌」).
"""

from __future__ import annotations

import re

import pytest

from cardtable.coach.lesson import Do, all_lessons, lessons_for
from cardtable.games import GAME_IDS
from cardtable.host.lesson import LessonRunner, walk
from cardtable.i18n import tr
from cardtable.i18n.catalog import load_catalog as catalog

ONLY = re.compile(r"只能出|只有.*安全|只剩")


def _safe_faces(runner: LessonRunner) -> set[str]:
    """The cards the learner may play now without going over the limit (their seat takes no
    companion card by it)."""
    state = runner.state
    p = state.current_player()
    out = set()
    for action in state.legal_actions():
        if action.kind != "play":
            continue
        copy = state.clone()
        before = copy.taken[p]
        copy.apply(action)
        if copy.taken[p] == before:
            out.add(str(action.card))
    return out


@pytest.mark.parametrize("lesson", lessons_for("cirno"), ids=lambda x: x.id)
def test_a_cirno_callout_that_says_only_one_card_is_safe_is_true(lesson) -> None:  # type: ignore[no-untyped-def]
    checked: list[str] = []
    wrong: list[str] = []

    def look(runner: LessonRunner) -> None:
        step = runner.step
        if not isinstance(step, Do):
            return
        text = tr(step.say.key, **{k: "X" for k in step.say.params})
        if not ONLY.search(text):
            return
        checked.append(step.say.key)
        safe = _safe_faces(runner)
        meant = {str(a.card) for a in step.right}
        if safe != meant:
            wrong.append(f"step {runner.index} {step.say.key}: says only {sorted(meant)}, "
                         f"but {sorted(safe)} are safe (total {runner.state.total})")

    walk(lesson, look)
    assert not wrong, wrong
    if lesson.id == "cirno.basics":
        assert "lesson.cirno.basics.only_safe" in checked  # the check saw a claim to test


def test_the_companions_lesson_says_double_is_as_safe_as_turn() -> None:
    """Lesson 2's step on 12 with DOUBLE, +8 and TURN in hand: both DOUBLE and TURN keep the
    total, so the words may not say TURN is the only card."""
    lesson = next(x for x in lessons_for("cirno") if x.id == "cirno.companions")
    seen = []

    def look(runner: LessonRunner) -> None:
        step = runner.step
        if isinstance(step, Do) and step.say.key.endswith(".turn_again"):
            seen.append(_safe_faces(runner))

    walk(lesson, look)
    assert seen == [{"TURN", "DOUBLE"}]
    for lang in ("zh-TW", "zh-CN"):
        text = catalog(lang)["lesson.cirno.companions.turn_again"]
        assert "DOUBLE" in text and not ONLY.search(text), text


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_a_games_only_lesson_is_not_numbered(lang: str) -> None:
    words = catalog(lang)
    numbered = re.compile(r"^第[一二三四五六七八九十0-9 ]+[課课]")
    for game_id in GAME_IDS:
        lessons = lessons_for(game_id)
        for lesson in lessons:
            title = words[lesson.title]
            if len(lessons) == 1:
                assert not numbered.match(title), (game_id, title)
            else:
                assert numbered.match(title), (game_id, title)
    assert any(len(lessons_for(g)) == 1 for g in GAME_IDS)


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_the_wizard_lesson_says_lun_as_the_table_does(lang: str) -> None:
    words = catalog(lang)
    table_round = {"zh-TW": "輪", "zh-CN": "轮"}[lang]
    assert table_round in words["wizard.hud.round"] and "回合" not in words["wizard.hud.round"]
    keys = {m.key for lesson in all_lessons() if lesson.game_id == "wizard"
            for m in lesson.messages()} | {x.title for x in lessons_for("wizard")}
    said = {k: words[k] for k in keys}
    assert not {k: v for k, v in said.items() if "回合" in v}
    assert any(table_round in v for v in said.values())
