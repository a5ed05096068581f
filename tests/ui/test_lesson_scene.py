"""Lessons on the real tables (SDL dummy), played through with synthetic clicks and keys: every
callout points at a rect of the table that is the zone it names, a wrong move is refused with
its explanation and the state left for a retry, the scripted seats move by themselves, and the
end dialog offers a real game with the lesson's settings."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from cardtable.coach.lesson import Do, Note, all_lessons, lessons_for
from cardtable.ui.autoplay import click, frames, key
from cardtable.ui.scenes.lesson import (
    LessonEndScene,
    LessonScene,
    lesson_zone_rect,
    start_lesson,
)
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.tables import table_class
from cardtable.ui.tables.table_scene import TABLE_AREA, TableScene
from tests.hosting import match_of

LESSONS = all_lessons()
IDS = [x.id for x in LESSONS]


def declared_rects(table: Any) -> list[pygame.Rect]:
    """What the table itself says it draws: its protected rects (hand, total, piles, prompt,
    buttons), its seats' plates and its zones' rects."""
    out = list(table.protected_rects())
    for i in range(match_of(table).num_players):
        if i != table.bottom_seat and hasattr(table, "seat_rect"):
            out.append(pygame.Rect(table.seat_rect(i)))
    for z in table.zones:
        try:
            out.append(pygame.Rect(table.zone_rect(z)))
        except (AssertionError, KeyError, ValueError):
            pass
    return out


class LessonPlayer:
    """Clicks each step's instructed move on the table (once per lesson first a wrong one)."""

    def __init__(self, scene: LessonScene) -> None:
        self.scene = scene
        self.table = scene.table
        self.checked_zones: list[tuple[int, str]] = []
        self.wrong_tried = False
        self.pending_target: Any = None
        self.problems: list[str] = []
        self.rounds = 0

    def act(self, app: Any) -> None:
        top = app.stack.top
        if isinstance(top, ResultsScene) and not top.final:
            if top.t > 0.2:
                self.rounds += 1
                key(app, pygame.K_RETURN)
            return
        s, t = self.scene, self.table
        if top is not s or not s.settled():  # (a note may hold the rest back)
            return
        runner = s.runner
        step = runner.step
        if s.intro_open:
            if s.ok_rect is not None:
                click(app, s.ok_rect.center)
            return
        if isinstance(step, Note):
            if s.ok_rect is None:
                return  # drawn on the next frame
            self.check_note_zone(runner.index, step.zone)
            click(app, s.ok_rect.center)
            return
        if not isinstance(step, Do):
            return
        hits = t.current_hits()
        if not hits:
            return
        want = step.instructed
        if self.pending_target is not None:
            hit = next(h for h in hits if h.actions == [want])
            self.pending_target = None
            # a card waiting for its target: the callout now points at the seat to click
            got = s.callout()
            zone = got[1] if got is not None else None
            if zone is None or not lesson_zone_rect(t, zone).contains(hit.rect):
                self.problems.append(f"step {runner.index}: the target {hit.key} is not "
                                     f"pointed at (zone {zone})")
            click(app, hit.rect.center)
            return
        if not self.wrong_tried:
            wrong = [h for h in hits if len(h.actions) == 1 and h.actions[0] not in step.right]
            if wrong:
                self.try_wrong(app, wrong[0], step)
                return
        hit = next(h for h in hits if want in h.actions)
        target = lesson_zone_rect(t, step.zone)
        if not target.contains(hit.rect):
            self.problems.append(f"step {runner.index}: {step.zone} {target} does not hold "
                                 f"the hit {hit.key} {hit.rect}")
        self.check_callout(target)
        self.checked_zones.append((runner.index, step.zone))
        if len(hit.actions) > 1:
            self.pending_target = want
        click(app, hit.rect.center)

    def try_wrong(self, app: Any, hit: Any, step: Do) -> None:
        s, t = self.scene, self.table
        index, moves = s.runner.index, len(match_of(t).history)
        click(app, hit.rect.center)
        self.wrong_tried = True
        # UNDO-3: a refused move leaves the game as it was (nothing to take back)
        assert s.runner.index == index and len(match_of(t).history) == moves
        assert s.why is not None and s.why.key == step.why_not(hit.actions[0]).key
        frames(app, 2)
        assert s.callout_rect is not None  # the explanation is drawn in the callout
        marked = s.instructed_hits()  # ... and the right choice is marked on the table
        assert marked and all(step.instructed in h.actions for h in marked)

    def check_note_zone(self, index: int, zone: str) -> None:
        t = self.table
        target = lesson_zone_rect(t, zone)
        if not (target.w > 0 and target.h > 0 and TABLE_AREA.contains(target)):
            self.problems.append(f"note {index}: {zone} -> {target} is not on the table")
        if not any(d.colliderect(target) and (d.contains(target) or target.contains(d))
                   for d in declared_rects(t)):
            self.problems.append(f"note {index}: {zone} -> {target} is nothing the table draws")
        self.check_callout(target)
        self.checked_zones.append((index, zone))

    def check_callout(self, target: pygame.Rect) -> None:
        t = self.table
        box = self.scene.callout_rect
        if box is not None and box.colliderect(target):
            self.problems.append(f"the callout {box} covers its target {target}")
        # what matters most on the table (the total, `key_rects`) and the buttons beside
        # it stay in sight, on a crowded felt too (the move log may be covered)
        for keep in (*t.key_rects(), t.controls_rect):
            if box is not None and box.colliderect(keep):
                self.problems.append(f"the callout {box} covers {keep}, which stays in sight")


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_the_lesson_plays_through_on_its_table(app, lesson) -> None:  # type: ignore[no-untyped-def]
    app.speed_factor = 20
    scene = start_lesson(app, lesson)
    assert isinstance(scene, LessonScene)
    # the game's own table, fed by the lesson's host (not a copy of it, nor a subclass)
    assert type(scene.table) is table_class(lesson.game_id)
    player = LessonPlayer(scene)
    for _ in range(30000):
        player.act(app)
        app.step(1 / 60)
        if isinstance(app.stack.top, LessonEndScene):
            break
    assert isinstance(app.stack.top, LessonEndScene), (scene.runner.index, app.stack.top)
    assert not player.problems, player.problems
    shown = {i for i, _ in player.checked_zones}
    expected = {i for i, s in enumerate(lesson.steps) if isinstance(s, Do | Note)}
    assert shown == expected
    assert player.wrong_tried
    # nothing saved, nothing counted
    from cardtable import persist
    assert persist.load_autosave()[0] is None


def test_the_end_dialog_starts_a_real_game_with_the_lesson_settings(app) -> None:
    lesson = lessons_for("cirno")[0]
    scene = start_lesson(app, lesson, at_step=len(lesson.steps))
    scene.intro_open = False
    frames(app, 5)
    end = app.stack.top
    assert isinstance(end, LessonEndScene)
    click(app, end.menu.widgets[0].rect.center)
    top = app.stack.top
    assert isinstance(top, TableScene)
    assert match_of(top).num_players == lesson.players
    assert match_of(top).options.model_dump() == {**match_of(top).options.model_dump(),
                                              **dict(lesson.options)}
    assert match_of(top).seats[lesson.learner].kind == "human"
    assert match_of(top).seed != lesson.seed or len(match_of(top).history) == 0


def test_esc_opens_the_menu_and_it_says_the_lesson_is_not_saved(app) -> None:
    from cardtable.i18n import tr
    from cardtable.ui.scenes.pause import PauseScene
    start_lesson(app, lessons_for("wizard")[0])
    frames(app, 3)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    seen: list[str] = []
    real = app.text.blit

    def spy(surf, s, *a, **k):  # type: ignore[no-untyped-def]
        seen.append(s)
        return real(surf, s, *a, **k)

    app.text.blit = spy
    try:
        frames(app, 1)
    finally:
        app.text.blit = real
    assert tr("lesson.pause_note") in seen


@pytest.mark.parametrize("game", ["cirno", "eight_half", "tanto_cuore", "wizard"])
def test_no_hint_in_a_lesson(app, game) -> None:  # type: ignore[no-untyped-def]
    """A lesson teaches its own move with its callout; a 提示 from the hard AI could name
    another one, so neither the button nor the H key offers it."""
    app.speed_factor = 20
    scene: Any = start_lesson(app, lessons_for(game)[0])
    table = scene.table
    for _ in range(3000):
        app.step(1 / 60)
        table.skip()
        if isinstance(app.stack.top, ResultsScene) or scene.waiting_for_reader():
            key(app, pygame.K_RETURN)  # a round's dialog, the intro or a note: read, go on
        elif table.human_turn() and app.stack.top is scene:
            break
    assert table.human_turn()
    assert not table.hint_allowed()
    assert table.hint_button not in table.panel_buttons()
    key(app, pygame.K_h)
    frames(app, 2)
    assert table.hint is None and not table.hint_pending()
    # nor does the keys line under the buttons name the H key
    from cardtable.i18n import tr
    assert table.keys_text() == tr("ui.table.keys_no_hint")


def test_lesson_buttons_on_game_select_and_rules(app) -> None:
    from cardtable.ui.scenes.game_select import GameSelectScene
    from cardtable.ui.scenes.rules import RulesScene
    scene = app.push(GameSelectScene(app))
    frames(app, 1)
    buttons = [w for w in scene.menu.widgets if getattr(w, "lesson_game", None) == "wizard"]
    assert len(buttons) == 1
    click(app, buttons[0].rect.center)
    assert isinstance(app.stack.top, LessonScene) and app.stack.top.lesson.game_id == "wizard"
    app.pop(app.stack.top)
    rules = app.push(RulesScene(app, "cirno"))
    frames(app, 1)
    btn = next(w for w in rules.menu.widgets if getattr(w, "lesson_game", None) == "cirno")
    click(app, btn.rect.center)
    top = app.stack.top
    # Cirno has two lessons: a choice first
    if len(lessons_for("cirno")) > 1:
        assert top.name == "lesson_select"
        click(app, top.menu.widgets[0].rect.center)
        top = app.stack.top
    assert isinstance(top, LessonScene) and top.lesson.game_id == "cirno"


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_the_lesson_button_covers_no_words_of_its_tile(app, lang) -> None:  # type: ignore[no-untyped-def]
    """The 教學 button sat over the second line of a tile's description (Cirno, 8½, Tanto
    Cuore): every line drawn on a tile stays clear of the button."""
    from cardtable import i18n
    from cardtable.i18n import tr
    from cardtable.ui.scenes.game_select import GameSelectScene
    i18n.set_locale(lang)
    scene = app.push(GameSelectScene(app))
    buttons = [w for w in scene.menu.widgets if hasattr(w, "lesson_game")]
    assert buttons
    drawn: list[tuple[str, pygame.Rect]] = []
    real = app.text.blit

    def spy(surf, s, *a, **k):  # type: ignore[no-untyped-def]
        r = real(surf, s, *a, **k)
        drawn.append((s, pygame.Rect(r)))
        return r

    app.text.blit = spy
    try:
        frames(app, 1)
    finally:
        app.text.blit = real
    label = tr("lesson.button")
    for b in buttons:
        over = [s for s, r in drawn if s != label and r.colliderect(b.rect)]
        assert not over, (b.lesson_game, over)


def test_every_wrong_lesson_sample_shows_a_refused_move(app: Any) -> None:
    """`--scene lesson_<game>[_<lesson>]_wrong` shows a refused move with its reason, for
    every game's lessons (Cirno's sample step became a note when notes counted as steps: its
    _wrong screenshot showed the plain lesson)."""
    from cardtable.games import GAME_IDS, registration
    from cardtable.ui.autoplay import frames
    from cardtable.ui.scenes.lesson import open_lesson_sample
    from cardtable.ui.scenes.title import TitleScene
    names = [s.scene for g in GAME_IDS for s in registration(g).samples
             if s.scene.startswith("lesson_") and s.scene.endswith("_wrong")]
    assert len(names) >= 4
    for name in names:
        app.reset(TitleScene(app))
        scene = open_lesson_sample(app, name)
        frames(app, 2)
        assert scene.why is not None, name
