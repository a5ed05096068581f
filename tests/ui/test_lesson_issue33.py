"""Issue 33, lessons as met on their tables (SDL dummy, synthetic clicks):

- a callout stays clear of the move log (it hid the log's lines);
- Cirno's bust notes are read while the bust is on the table, before the round dialog;
- a move on the hand rings the card meant, not the whole hand;
- after a refused card the right card has one frame, close round it as drawn (no ghost frame
  with an empty band above the card);
- the step counter counts callouts as the person sees them (it stayed at 第 1/8 步 over the
  intro, the first note and the first move);
- no tooltip for a card hidden under the callout (it popped up elsewhere), and a click on the
  callout is not one on the card under it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from cardtable.coach.lesson import Do, Note, all_lessons, lesson_by_id
from cardtable.i18n import tr
from cardtable.ui import gfx, theme
from cardtable.ui.autoplay import click, frames, key
from cardtable.ui.scenes.lesson import LessonEndScene, LessonScene, start_lesson
from cardtable.ui.scenes.results import ResultsScene

LESSONS = all_lessons()


def settled(scene: LessonScene) -> bool:
    director = scene.table.director
    return not director.busy or bool(getattr(director, "held", False))


def drive(app: Any, scene: LessonScene, until: Callable[[LessonScene], bool],
          limit: int = 20000, on_frame: Callable[[LessonScene], None] | None = None) -> bool:
    """Take each step as instructed (notes read, round dialogs closed) until `until(scene)`
    holds on a frame where the lesson's callout is drawn; True when it did."""
    t = scene.table
    for _ in range(limit):
        top = app.stack.top
        if isinstance(top, LessonEndScene):
            return False
        if isinstance(top, ResultsScene) and not top.final:
            if top.t > 0.2:
                key(app, pygame.K_RETURN)
            app.step(1 / 60)
            continue
        if top is scene and settled(scene) and scene.callout_rect is not None:
            if on_frame is not None:
                on_frame(scene)
            if until(scene):
                return True
            step = scene.step
            if scene.intro_open or isinstance(step, Note):
                if scene.ok_rect is not None:
                    click(app, scene.ok_rect.center)
            elif isinstance(step, Do):
                hits = t.current_hits()
                want = step.instructed
                got = [h for h in hits if want in h.actions]
                if t.selected is not None:
                    got = [h for h in hits if h.actions == [want]] or got
                if got:
                    click(app, got[0].rect.center)
        app.step(1 / 60)
    return False


@pytest.mark.parametrize("lesson", LESSONS, ids=[x.id for x in LESSONS])
def test_no_callout_covers_the_move_log(app, lesson) -> None:  # type: ignore[no-untyped-def]
    app.speed_factor = 20
    scene = start_lesson(app, lesson)
    seen: dict[tuple[int, bool], pygame.Rect] = {}

    def look(s: LessonScene) -> None:
        assert s.callout_rect is not None
        seen.setdefault((s.runner.index, s.intro_open), pygame.Rect(s.callout_rect))

    drive(app, scene, lambda s: False, on_frame=look)
    assert isinstance(app.stack.top, LessonEndScene)
    assert len(seen) >= len([s for s in lesson.steps if isinstance(s, Do | Note)])
    log = scene.table.log_rect
    over = {k: tuple(r) for k, r in seen.items() if r.colliderect(log)}
    assert not over, f"callouts over the move log {tuple(log)}: {over}"


@pytest.mark.parametrize("lesson_id", ["cirno.basics", "cirno.companions"])
def test_the_bust_is_explained_while_it_is_on_the_table(app, lesson_id) -> None:  # type: ignore[no-untyped-def]
    lesson = lesson_by_id(lesson_id)
    last = len(lesson.steps) - 1
    assert isinstance(lesson.steps[last], Note)
    scene = start_lesson(app, lesson, at_step=last - 4)
    scene.intro_open = False
    dialogs: list[Any] = []
    real_push = app.push

    def push(s: Any) -> Any:
        if isinstance(s, ResultsScene):
            dialogs.append(s)
        return real_push(s)

    app.push = push
    try:
        assert drive(app, scene, lambda s: s.runner.index == last)
    finally:
        app.push = real_push
    # the note is up over the bust: no round dialog yet, the total over the limit still shown
    assert dialogs == []
    t = scene.table
    assert t.disp["total_int"] > t.disp["limit"]
    assert scene.callout() is not None and scene.callout()[0] == lesson.steps[last].say
    # read: the round dialog follows, then the lesson's end
    click(app, scene.ok_rect.center)
    for _ in range(600):
        app.step(1 / 60)
        if isinstance(app.stack.top, ResultsScene):
            break
    assert isinstance(app.stack.top, ResultsScene)


def _ring_spy(scene: LessonScene) -> list[pygame.Rect]:
    rings: list[pygame.Rect] = []
    real = scene._ring_and_arrow

    def spy(surf: Any, ring: pygame.Rect, box: pygame.Rect) -> None:
        rings.append(pygame.Rect(ring))
        real(surf, ring, box)

    scene._ring_and_arrow = spy  # type: ignore[method-assign]
    return rings


def _at_double_on_you(app: Any) -> LessonScene:
    """Cirno lesson 1 at its first move (+4 of +4, +5, TURN), the callout drawn."""
    scene = start_lesson(app, lesson_by_id("cirno.basics"), at_step=1)
    scene.intro_open = False
    assert drive(app, scene, lambda s: s.runner.index == 2)
    return scene


def _card(scene: LessonScene, face: str) -> tuple[Any, pygame.Rect]:
    t = scene.table
    hit = next(h for h in t.hits if h.actions and h.actions[0].card == face)
    return hit, pygame.Rect(t.hint_rect(hit))


def test_a_move_on_the_hand_rings_the_card_meant(app) -> None:  # type: ignore[no-untyped-def]
    scene = _at_double_on_you(app)
    rings = _ring_spy(scene)
    frames(app, 2)
    assert rings
    _, meant = _card(scene, "+4")
    _, other = _card(scene, "+5")
    _, turn = _card(scene, "TURN")
    for ring in rings:
        assert ring.contains(meant)
        assert not ring.collidepoint(other.center) and not ring.collidepoint(turn.center)


def test_a_refused_card_leaves_one_close_frame_on_the_right_card(app) -> None:  # type: ignore[no-untyped-def]
    scene = _at_double_on_you(app)
    t = scene.table
    wrong, _ = _card(scene, "+5")
    click(app, wrong.rect.center)
    assert scene.why is not None and scene.runner.index == 2  # refused
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 300), rel=(0, 0),
                                    buttons=(0, 0, 0)))  # the pointer leaves the hand
    frames(app, 3)
    _, meant = _card(scene, "+4")
    golds: list[pygame.Rect] = []
    real = gfx.rect

    def spy(surf: Any, color: Any, rect: Any, *a: Any, **k: Any) -> Any:
        if tuple(color)[:3] == theme.GOLD:
            golds.append(pygame.Rect(rect))
        return real(surf, color, rect, *a, **k)

    gfx.rect = spy  # type: ignore[assignment]
    try:
        app.step(1 / 60)
    finally:
        gfx.rect = real  # type: ignore[assignment]
    around = [r for r in golds if r.contains(meant)]
    assert len(around) == 1, (tuple(meant), [tuple(r) for r in around])
    frame = around[0]
    # close round the card as drawn: no empty band above (or beside) it
    for gap in (meant.top - frame.top, frame.bottom - meant.bottom,
                meant.left - frame.left, frame.right - meant.right):
        assert 0 <= gap <= 14, (tuple(meant), tuple(frame))
    assert t.hint_rect is not None


def test_the_step_counter_counts_every_callout(app) -> None:  # type: ignore[no-untyped-def]
    app.speed_factor = 20
    lesson = lesson_by_id("cirno.basics")
    scene = start_lesson(app, lesson)
    shown: dict[tuple[int, bool], tuple[int, int]] = {}
    drawn: list[str] = []
    real = app.text.blit

    def spy(surf: Any, s: str, *a: Any, **k: Any) -> Any:
        drawn.append(s)
        return real(surf, s, *a, **k)

    app.text.blit = spy

    def look(s: LessonScene) -> None:
        shown.setdefault((s.runner.index, s.intro_open), s.step_number())

    try:
        drive(app, scene, lambda s: len(shown) >= 3, on_frame=look)
    finally:
        app.text.blit = real
    # the intro, the note on the total, the first move: three callouts, three steps
    first = sorted(shown.items(), key=lambda kv: (kv[0][0], not kv[0][1]))[:3]
    numbers = [n for _, (n, _) in first]
    total = first[0][1][1]
    assert numbers == [1, 2, 3]
    callouts = (lesson.intro is not None) + sum(isinstance(s, Do | Note) for s in lesson.steps)
    assert total == callouts
    assert tr("lesson.step_of", n=1, total=total) in drawn


def test_no_tooltip_for_a_card_under_the_callout(app) -> None:  # type: ignore[no-untyped-def]
    lesson = lesson_by_id("tanto_cuore.basics")
    scene = start_lesson(app, lesson, at_step=5)
    scene.intro_open = False
    assert drive(app, scene, lambda s: s.runner.index == 5)
    t = scene.table
    box = pygame.Rect(scene.callout_rect)
    # a card with a tooltip hidden under the callout
    under = None
    for x in range(box.x + 6, box.right - 6, 8):
        for y in range(box.y + 6, box.bottom - 6, 8):
            t.mouse = (x, y)
            if t.tooltip_target() is not None:
                under = (x, y)
                break
        if under is not None:
            break
    assert under is not None, "no card under the callout to point at"

    def rest_at(pos: tuple[int, int]) -> None:
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                        buttons=(0, 0, 0)))
        frames(app, 40)

    rest_at(under)
    assert t.tooltip_ready() is None
    # a click there is on the callout, not on the card under it
    index, why = scene.runner.index, scene.why
    click(app, under)
    frames(app, 2)
    assert scene.runner.index == index and scene.why == why
    # (a card in sight still has its tooltip)
    seen = None
    for hit in t.hits:
        if not hit.rect.colliderect(box):
            rest_at(hit.rect.center)
            if t.tooltip_ready() is not None:
                seen = hit
                break
    assert seen is not None


def test_no_eight_half_callout_covers_the_prompt_line(app) -> None:  # type: ignore[no-untyped-def]
    """The final play test: 8½'s lesson callouts hid the table's prompt line (「點選要出的牌
    （同點數可以一起出）」). The prompt is one of the table's key things now: no step's callout
    of the 8½ lesson covers it (the intro, read before anything is played, sits in the middle
    of the felt as in every lesson)."""
    lesson = next(x for x in LESSONS if x.id.startswith("eight_half"))
    app.speed_factor = 20
    scene = start_lesson(app, lesson)
    over: list[tuple[int, tuple[int, int, int, int], tuple[int, int, int, int]]] = []

    def look(s: LessonScene) -> None:
        t = s.table
        status = t._status_layout(t.v, t.disp.get("current"))
        if s.callout_rect is not None and status is not None and not s.intro_open and \
                s.callout_rect.colliderect(status[3]):
            over.append((s.runner.index, tuple(s.callout_rect), tuple(status[3])))

    drive(app, scene, lambda s: False, on_frame=look)
    assert isinstance(app.stack.top, LessonEndScene)
    assert not over, over
