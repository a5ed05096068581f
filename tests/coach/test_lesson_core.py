"""The pure lesson core: steps, the runner, the registry (cardtable.coach.lesson)."""

from __future__ import annotations

import pytest

from cardtable.coach import lesson as lesson_mod
from cardtable.coach.lesson import Do, Lesson, LessonError, Note, Play, actions_of, lessons_for, msg
from cardtable.core.actions import Action
from cardtable.core.game import OMNISCIENT
from cardtable.games import get_spec
from cardtable.host.lesson import LessonRunner, walk

WRONG = msg("lesson.test.wrong")
SPECIFIC = msg("lesson.test.specific")


def scripted_lesson(game_id: str = "cirno", players: int = 3, seed: int = 5, decisions: int = 12,
                    learner: int = 0) -> Lesson:
    """A lesson made from a real deal: every decision takes the last legal action; the
    learner's are `Do` steps (with every other legal action a wrong one), the others `Play`."""
    state, _ = get_spec(game_id).new_game(seed, players, {})
    steps: list[Do | Play | Note] = [Note(msg("lesson.test.intro"), "pile")]
    for _ in range(decisions):
        p = state.current_player()
        assert p is not None
        action = state.legal_actions()[-1]
        if p == learner:
            wrong = [a for a in state.legal_actions() if a != action]
            because = ((wrong[0], SPECIFIC),) if wrong else ()
            steps.append(Do(msg("lesson.test.say"), "pile", (action,), WRONG, because))
        else:
            steps.append(Play(action, seat=p))
        state.apply(action)
    return Lesson("test.cirno", game_id, "lesson.test.title", players, seed, learner,
                  tuple(steps))


def test_walk_takes_every_instructed_action_and_ends_where_the_game_went() -> None:
    lesson = scripted_lesson()
    assert lesson.learner_steps  # the deal gives the learner decisions
    runner = walk(lesson)
    assert runner.over and runner.step is None
    replay, _ = get_spec("cirno").new_game(lesson.seed, 3, {})
    for a in actions_of(lesson.steps):
        replay.apply(a)
    assert runner.state.view(OMNISCIENT) == replay.view(OMNISCIENT)


def test_a_wrong_move_is_explained_and_leaves_the_state_for_a_retry() -> None:
    lesson = scripted_lesson()
    runner = LessonRunner(lesson)
    runner.advance()  # the note and the scripted seats up to the learner's first decision
    step = runner.step
    assert isinstance(step, Do)
    before = runner.state.view(OMNISCIENT)
    legal = runner.state.legal_actions()
    wrong = [a for a in legal if a not in step.right]
    assert wrong, "the learner's first decision has a wrong choice"
    got = runner.attempt(wrong[0])
    assert not got.ok and got.events == [] and got.why is SPECIFIC
    if len(wrong) > 1:
        assert runner.attempt(wrong[1]).why is WRONG
    assert runner.state.view(OMNISCIENT) == before and runner.step is step
    got = runner.attempt(step.instructed)
    assert got.ok and got.events and runner.step is not step


def test_advance_stops_at_notes_when_asked() -> None:
    lesson = scripted_lesson()
    runner = LessonRunner(lesson)
    assert runner.advance(stop_at_notes=True) == [] and isinstance(runner.step, Note)
    runner.acknowledge()
    assert not isinstance(runner.step, Note)


def test_steps_that_do_not_fit_the_deal_are_named() -> None:
    good = scripted_lesson()
    first_play = next(i for i, s in enumerate(good.steps) if isinstance(s, Play))
    first_do = next(i for i, s in enumerate(good.steps) if isinstance(s, Do))
    # a scripted action that is not legal there
    bad = list(good.steps)
    bad[first_play] = Play(Action("play", "no-such-card"))
    with pytest.raises(LessonError, match=f"step {first_play}"):
        walk(Lesson("t", "cirno", "k", 3, good.seed, 0, tuple(bad)))
    # a learner step where another seat is to act
    bad = list(good.steps)
    bad[first_play] = Do(msg("x"), "pile", (good.steps[first_play].action,), WRONG)  # type: ignore[union-attr]
    with pytest.raises(LessonError, match="not the learner"):
        walk(Lesson("t", "cirno", "k", 3, good.seed, 0, tuple(bad)))
    # a scripted step at the learner's decision
    bad = list(good.steps)
    bad[first_do] = Play(good.steps[first_do].instructed)  # type: ignore[union-attr]
    with pytest.raises(LessonError, match="scripted step"):
        walk(Lesson("t", "cirno", "k", 3, good.seed, 0, tuple(bad)))


def test_a_custom_deal_is_used_and_the_runner_applies_through_the_given_callable() -> None:
    calls: list[Action] = []
    base = scripted_lesson()

    def deal(lesson: Lesson):  # type: ignore[no-untyped-def]
        calls.append(Action("deal"))
        return get_spec("cirno").new_game(lesson.seed, lesson.players, {})

    lesson = Lesson(base.id, "cirno", base.title, 3, base.seed, 0, base.steps, deal=deal)
    runner = LessonRunner(lesson)
    assert calls == [Action("deal")]  # the lesson's own deal, once
    while not runner.over:
        step = runner.step
        if isinstance(step, Do):
            runner.attempt(step.instructed)
        else:
            runner.advance()
    # every move went through the match host, in the script's order
    assert runner.match.history == actions_of(lesson.steps)


def test_registry_lists_lessons_per_game_and_none_for_a_game_that_names_none(monkeypatch) -> None:
    import dataclasses

    import cardtable.games as games
    monkeypatch.setattr(lesson_mod, "_LOADED", {})
    monkeypatch.setitem(games._REGISTRATIONS, "eight_half",
                        dataclasses.replace(games.registration("eight_half"), lessons=None))
    assert lessons_for("eight_half") == ()
    assert lessons_for("not-a-game") == ()
    for game_id in ("cirno", "wizard"):
        got = lessons_for(game_id)
        assert got and all(x.game_id == game_id for x in got)
        assert lesson_mod.lesson_by_id(got[0].id) is got[0]
    with pytest.raises(KeyError):
        lesson_mod.lesson_by_id("nope")
