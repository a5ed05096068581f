"""A lesson (教學) on the game's real table.

`LessonScene` shows the game's own table (not a copy, not a subclass) fed by the lesson's host
(`cardtable.coach.lesson.LessonRunner`): the learner's seat is a person, the other seats follow
the lesson's script; over the table a callout box — the kit's tooltip box look and
placement, outside the table's protected rects where there is room — points with an arrow and a
pulsing ring at the step's zone, a wrong move is refused with its explanation (and can be
retried), and at the end a dialog offers a real game with the same settings. Nothing is saved
and nothing is counted in the statistics.

Zones: a step names a kit zone (`TableScene.zone_rect`) or one of the lesson zones the table
resolves itself with `lesson_zone_rect(name)` (the running total, the bid buttons, …); the
learner's own hand `hand:<seat>` is the whole fan.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import Any

import pygame

from cardtable.coach.lesson import Do, Lesson, Note, Play, lessons_for
from cardtable.core.actions import Action
from cardtable.core.events import Msg, zone_name, zone_owner
from cardtable.core.match import Seat
from cardtable.host.lesson import LessonRunner
from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.scene import MOVING, Scene
from cardtable.ui.scenes.common import MenuScene, column, key, overlay
from cardtable.ui.tables import table_class
from cardtable.ui.tables.kit.layout import FELT
from cardtable.ui.tables.kit.tooltip import covered, emptiest, place_tooltip
from cardtable.ui.tables.table_scene import Hit
from cardtable.ui.widgets import Button

log = logging.getLogger(__name__)

CALLOUT_WIDTHS = (440, 520, 600)
PLATE_WEIGHT = 20
KEY_WEIGHT = 40  # a pixel of the table's key things (`key_rects`: the total) hidden
ZONE_PAD = 8  # the ring goes this far around the zone
SHORT_ARROWS = (54, 40, 30)  # lengths tried when the whole way is blocked


def lesson_zone_rect(table: Any, name: str) -> pygame.Rect:
    """The rect of the zone a lesson step names, on `table` as it is now."""
    own = getattr(table, "lesson_zone_rect", None)
    if own is not None:
        got = own(name)
        if got is not None:
            return pygame.Rect(got)
    owner = zone_owner(name)
    if zone_name(name) == "seat" and owner is not None and hasattr(table, "seat_rect"):
        return pygame.Rect(table.seat_rect(owner))  # a seat's plate
    if zone_name(name) == "hand" and owner == table.bottom_seat and hasattr(table, "hand_rects"):
        rects = table.hand_rects(max(1, len(table.zones.get(name, []))))
        # the fan with room for a lifted card
        return rects[0].unionall(rects).union(rects[0].move(0, -18))
    if owner is not None and owner != table.bottom_seat and zone_name(name) != "hand" and \
            hasattr(table, "seat_rect"):
        return pygame.Rect(table.seat_rect(owner))  # a seat's pile: its plate shows it
    return pygame.Rect(table.zone_rect(name))


class LessonScene(Scene):
    """A lesson on the game's own table: the table presents the lesson's host (the learner a
    person, the other seats the script), and this scene draws the callouts over it, holds the
    table's input while a callout waits to be read, and says why a refused move was wrong."""

    name = "lesson"
    pause_note = "lesson.pause_note"

    def __init__(self, app: Any, lesson: Lesson, at_step: int = 0) -> None:
        super().__init__(app)
        self.lesson = lesson
        self.runner = LessonRunner(lesson, lesson_seats(app, lesson))
        self.runner.walk_to(at_step)
        self.intro_open = lesson.intro is not None and at_step == 0
        self.end_shown = False
        self.callout_rect: pygame.Rect | None = None  # where the callout went (tests)
        self.ok_rect: pygame.Rect | None = None
        self._layout_cache: tuple[Any, Any] | None = None
        controls = [(lambda: tr("ui.table.skip"), self._skip),
                    (lambda: tr("ui.table.menu"), self._menu),
                    (lambda: tr("lesson.again"), self.restart),
                    (lambda: tr("lesson.leave"), self.leave)]
        self.table = table_class(lesson.game_id)(app, self.runner.link(), controls=controls,
                                                 hints=False)
        self.table.front = self  # this scene shows the table: its pace follows this scene
        self.table.gate = lambda: not self.waiting_for_reader()
        # a note read over what the last move left on the table stops the table's events in
        # front of the one it names (a bust's note before the round's dialog)
        self.table.director.hold = self._holds
        self.table.pause_note = self.pause_note

    # ---------------------------------------------------------------- the script
    @property
    def step(self) -> Do | Play | Note | None:
        return self.runner.step

    @property
    def why(self) -> Msg | None:
        """The explanation of the last wrong move (None once a right one was taken)."""
        return self.runner.learner.why

    def _holds(self, event: Any) -> bool:
        step = self.step
        return isinstance(step, Note) and step.before is not None and event.kind == step.before

    def settled(self) -> bool:
        """The table shows what the script has reached: nothing animating, or only the
        events a note holds back still queued."""
        director = self.table.director
        return not director.busy or director.held

    def waiting_for_reader(self) -> bool:
        """A callout the learner has to close first (the intro or a note)."""
        return self.intro_open or isinstance(self.step, Note)

    def submit(self, action: Action) -> None:
        """The learner's move, through the table (a wrong one is refused with its reason)."""
        self.table.submit(action)

    def acknowledge(self) -> None:
        if self.intro_open:
            self.intro_open = False
        elif isinstance(self.step, Note):
            self.runner.acknowledge()
            self.table.rest()  # the script's next move after a pause, as a computer's
        self.ok_rect = None

    def update(self, dt: float) -> None:
        # no choices while a callout waits to be read (nor on the script's turns)
        self.table.hold_input = self.callout_open() or not isinstance(self.step, Do)
        self.table.update(dt)
        if self.table.refused is not None:  # the learner's move was not the lesson's
            self.table.refused = None
            self.app.play_sound("bust")
            log.debug("lesson %s step %d: a move refused", self.lesson.id, self.runner.index)
        if not self.runner.over or self.end_shown or self.table.director.busy:
            return
        if self.app.stack.top is self:
            self.end_shown = True
            self.app.play_sound("win")
            self.app.push(LessonEndScene(self.app, self.lesson, self.table))

    AMBIENT_SECONDS = 6.0  # the callout's and the table's pulses rest after a while

    def next_frame(self) -> float | None:
        if self.runner.over and not self.end_shown and not self.table.director.busy:
            return MOVING
        return self.table.next_frame()

    def ambient(self) -> bool:
        return True

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.callout_open() and self.settled():
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                    self.ok_rect is not None and self.ok_rect.collidepoint(event.pos):
                self.table.note_input(event)
                self.acknowledge()
                return None
            if event.type == pygame.KEYDOWN and event.key in (
                    pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.acknowledge()
                return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_z, pygame.K_l, pygame.K_h):
            return None  # nothing to take back, look back at or ask about in a lesson
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and \
                self.callout_rect is not None and self.callout_rect.collidepoint(event.pos):
            return None  # a click on the callout is not one on a card hidden under it
        return self.table.handle_event(event)

    def callout_open(self) -> bool:
        return self.waiting_for_reader()

    def restart(self) -> None:
        start_lesson(self.app, self.lesson, replace=self)

    def leave(self) -> None:
        from cardtable.ui.scenes.title import TitleScene
        self.app.reset(TitleScene(self.app))

    def _skip(self) -> None:
        self.table.skip()

    def _menu(self) -> None:
        self.table.open_pause()

    # the table is drawn by this scene, not by the stack: pass the stack's notices on, and
    # a notice (App.tell) is placed clear of the table's buttons as over the table itself
    def notice_buttons(self) -> list[pygame.Rect]:
        return self.table.notice_buttons()

    def notice_keep(self) -> list[pygame.Rect]:
        return self.table.notice_keep() + ([self.callout_rect] if self.callout_rect is not None
                                             else [])

    def on_locale_changed(self) -> None:
        self._layout_cache = None
        self.table.on_locale_changed()

    def on_scale_changed(self) -> None:
        self.table.on_scale_changed()

    def draw(self, surface: gfx.Image) -> None:
        self.table.covered_by = [self.callout_rect] if self.callout_rect is not None else []
        self.table.draw(surface)
        self.draw_callouts(surface)

    # ---------------------------------------------------------------- the callout
    def step_number(self) -> tuple[int, int]:
        """(the callout now, 1-based; how many the lesson shows): steps as the person sees
        them, one per callout (the intro, each note, each move asked for)."""
        steps = self.lesson.steps
        intro = 1 if self.lesson.intro is not None else 0
        total = intro + sum(1 for s in steps if isinstance(s, Do | Note))
        if self.intro_open:
            return 1, total
        before = sum(1 for s in steps[:self.runner.index] if isinstance(s, Do | Note))
        return min(intro + before + 1, total), total

    def callout(self) -> tuple[Msg, str | None, bool] | None:
        """(message, zone or None, has an OK button) to show now, or None."""
        if self.runner.over:
            return None
        if self.intro_open and self.lesson.intro is not None:
            return self.lesson.intro, None, True
        step = self.step
        if isinstance(step, Note):
            return step.say, step.zone, True
        if isinstance(step, Do) and self.table.shown.acting == self.lesson.learner:
            target = step.instructed.target
            if self.table.selected is not None and target is not None:
                return step.say, f"seat:{target}", False  # a card chosen: now its target
            return step.say, step.zone, False
        return None

    def draw_callouts(self, surface: gfx.Image) -> None:
        self.callout_rect = None
        if not self.settled():
            return
        got = self.callout()
        if got is None:
            return
        message, zone, ok = got
        target = lesson_zone_rect(self.table, zone) if zone is not None else None
        if target is None:
            overlay(surface)  # the intro: the table dimmed under it
        card = self.pointed_card(zone) if zone is not None else None
        ring = card.inflate(2 * ZONE_PAD, 2 * ZONE_PAD) if card is not None else None
        self.draw_callout(surface, message, target, ok, ring)
        if self.why is not None:  # after a wrong move, the right choice is framed too
            for hit in self.instructed_hits():
                drawn = pygame.Rect(self.table.hint_rect(hit))
                if ring is None or not ring.contains(drawn):  # (the ringed card is framed)
                    self._mark(surface, drawn)

    def pointed_card(self, zone: str) -> pygame.Rect | None:
        """The card a move step on the learner's hand means, as drawn now (lifted while
        highlighted): the first hand card that makes the instructed move. The callout is
        placed beside the whole hand (it stays put while the pointer lifts a card), the ring
        goes round this card only."""
        step = self.step
        if not isinstance(step, Do) or zone != step.zone or zone_name(zone) != "hand" or \
                zone_owner(zone) != self.table.bottom_seat:
            return None
        fan = lesson_zone_rect(self.table, zone)
        for hit in self.instructed_hits():
            if fan.colliderect(hit.rect):
                return pygame.Rect(self.table.hint_rect(hit))
        return None

    def instructed_hits(self) -> list[Hit]:
        """The hits on the table now that lead to the step's instructed action."""
        step = self.step
        if not isinstance(step, Do):
            return []
        want = step.instructed
        return [h for h in self.table.hits if want in h.actions]

    def _mark(self, surf: gfx.Image, rect: pygame.Rect) -> None:
        """A pulsing gold frame round `rect`, the thing as drawn now (`hint_rect`: a hand
        card where it is lifted to), close round it: no empty band where it is not."""
        pulse = 0.5 + 0.5 * math.sin(self.table.clock * 6.0)
        grow = 2 + int(4 * pulse)
        gfx.rect(surf, theme.GOLD, rect.inflate(grow, grow), 5, border_radius=12)

    def callout_layout(self, message: Msg, target: pygame.Rect | None, ok: bool
                       ) -> tuple[pygame.Rect, list[str], list[str], pygame.Rect | None]:
        """The callout's box, its wrapped text and explanation, and the ring round the
        target: the narrowest width whose box covers nothing the table protects (else the
        one covering least)."""
        t = self.app.text
        text = self.table.msg_text(message)
        why_text = self.table.msg_text(self.why) if self.why is not None and not ok else ""
        ring = target.inflate(2 * ZONE_PAD, 2 * ZONE_PAD) if target is not None else None
        avoid = self.callout_avoid() if ring is not None else []
        plates = self.plate_rects() if ring is not None else []
        keys = [*self.table.key_rects(), self.table.controls_rect] if ring is not None else []
        sig = (text, why_text, ok, tuple(ring) if ring else None,
               tuple(tuple(r) for r in (*avoid, *keys)), t.locale)
        if self._layout_cache is not None and self._layout_cache[0] == sig:
            return self._layout_cache[1]
        lh = t.line_height(theme.SIZE_SMALL) + 2
        # what a place hides: a seat's plate (its name, its counts) weighs more than a corner
        # of a label, the table's key things (the total) and the buttons most, the target's
        # ring is never covered; the box stays on the felt, clear of the move log beside it
        # (whose lines the person reads alongside the callout)
        rects = [*avoid, *plates, *keys]
        weights = [1] * len(avoid) + [PLATE_WEIGHT] * len(plates) + [KEY_WEIGHT] * len(keys)

        def cost(box: pygame.Rect) -> int:
            return covered(box, rects, weights) + (
                10**9 if ring is not None and box.colliderect(ring) else 0)

        best: tuple[int, Any] | None = None
        for w in CALLOUT_WIDTHS:
            lines = t.wrap(text, theme.SIZE_SMALL, w - 32)
            why = t.wrap(why_text, theme.SIZE_SMALL, w - 44) if why_text else []
            h = 40 + lh * len(lines) + (lh * len(why) + 30 if why else 0) + (56 if ok else 10)
            if ring is None:
                box = pygame.Rect(0, 0, w, h)
                box.center = FELT.center
            else:
                box = place_tooltip((w, h), ring, avoid, FELT.inflate(-8, -8), gap=36,
                                    above=ring.centery > FELT.centery)
            hidden = cost(box)
            if ring is not None and hidden:
                # nothing free beside the target: the place that hides least
                spot = emptiest((w, h), rects, FELT.inflate(-8, -8), ring,
                                weights=weights, anchor_weight=10**6)
                if cost(spot) < hidden:
                    box, hidden = spot, cost(spot)
            if best is None or hidden < best[0]:
                best = (hidden, (box, lines, why, ring))
            if hidden == 0:
                break
        assert best is not None
        self._layout_cache = (sig, best[1])
        return best[1]

    def draw_callout(self, surf: gfx.Image, message: Msg, target: pygame.Rect | None,
                     ok: bool, card_ring: pygame.Rect | None = None) -> None:
        """The callout beside `target`, with the ring and arrow on `card_ring` when the step
        means one card of it (else on the whole target)."""
        t = self.app.text
        lh = t.line_height(theme.SIZE_SMALL) + 2
        box, lines, why, ring = self.callout_layout(message, target, ok)
        if ring is not None:
            self._ring_and_arrow(surf, card_ring if card_ring is not None else ring, box)
        self.callout_rect = box
        draw.shadow(surf, box, 14, 110)
        draw.panel(surf, box, theme.PANEL, 250, 14, theme.GOLD)
        n, total = self.step_number()
        title = tr("lesson.menu_title", game=tr(f"game.{self.lesson.game_id}.name"))
        t.blit(surf, title, (box.x + 16, box.y + 9), t.fit(title, theme.SIZE_SMALL, 240, True),
               theme.GOLD, True)
        t.blit(surf, tr("lesson.step_of", n=n, total=total), (box.right - 16, box.y + 11),
               theme.SIZE_TINY, theme.TEXT_DIM, False, "topright")
        y = box.y + 38
        for line in lines:
            t.blit(surf, line, (box.x + 16, y), theme.SIZE_SMALL, theme.TEXT)
            y += lh
        if why:
            y += 4
            wbox = pygame.Rect(box.x + 10, y, box.w - 20, lh * len(why) + 24)
            draw.panel(surf, wbox, (70, 30, 36), 240, 10, theme.DANGER)
            t.blit(surf, tr("lesson.wrong_title"), (wbox.x + 10, wbox.y + 2), theme.SIZE_TINY,
                   theme.DANGER, True)
            yy = wbox.y + 20
            for line in why:
                t.blit(surf, line, (wbox.x + 10, yy), theme.SIZE_SMALL, theme.TEXT)
                yy += lh
        self.ok_rect = None
        if ok:
            self.ok_rect = pygame.Rect(box.right - 16 - 150, box.bottom - 52, 150, 40)
            focused = self.ok_rect.collidepoint(self.table.focus_model.mouse)
            Button(self.ok_rect, key("lesson.next"), self.acknowledge, size=theme.SIZE_SMALL,
                   primary=True).draw(surf, t, focused)

    def callout_avoid(self) -> list[pygame.Rect]:
        """What the callout must not cover: the table's protected rects (hand, total, piles,
        prompt line, buttons) and every seat's plate (the callout often names a seat)."""
        return [*self.table.protected_rects(), *self.plate_rects()]

    def plate_rects(self) -> list[pygame.Rect]:
        seat_rect = getattr(self.table, "seat_rect", None)
        if seat_rect is None:
            return []
        return [pygame.Rect(seat_rect(i)).inflate(8, 8)
                for i in range(self.table.info.num_players)]

    def _ring_and_arrow(self, surf: gfx.Image, ring: pygame.Rect, box: pygame.Rect) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.table.clock * 5.0)
        grow = int(4 * pulse)
        gfx.rect(surf, theme.GOLD, ring.inflate(grow, grow), 4, border_radius=14)
        # the arrow: from the box's edge toward the ring's nearest point
        bx, by = box.center
        tx = min(max(bx, ring.left), ring.right)
        ty = min(max(by, ring.top), ring.bottom)
        if ring.collidepoint(bx, by):
            return
        start = _edge_point(box, (tx, ty))
        dx, dy = tx - start[0], ty - start[1]
        dist = math.hypot(dx, dy)
        if dist < 14:
            return
        ux, uy = dx / dist, dy / dist
        tip = (tx - ux * 4, ty - uy * 4)
        # an arrow across the table's protected things (the total, the prompt line, a pile)
        # would hide them: then only a short one points at the ring, from the box's side
        blocking = [r for r in self.table.protected_rects()
                    if not r.colliderect(ring) and not r.colliderect(box)]
        if any(r.clipline(start, tip) for r in blocking):
            for length in SHORT_ARROWS:
                start = (tip[0] - ux * length, tip[1] - uy * length)
                if not any(r.clipline(start, tip) for r in blocking):
                    break
            else:
                return  # no room for an arrow: the ring alone shows the place
        base = (tip[0] - ux * 18, tip[1] - uy * 18)
        gfx.line(surf, theme.GOLD, start, base, 5)
        px, py = -uy, ux
        gfx.polygon(surf, theme.GOLD, [tip, (base[0] + px * 11, base[1] + py * 11),
                                       (base[0] - px * 11, base[1] - py * 11)])


def _edge_point(box: pygame.Rect, toward: tuple[float, float]) -> tuple[float, float]:
    """Where the line from the box's centre toward `toward` leaves the box."""
    cx, cy = box.center
    dx, dy = toward[0] - cx, toward[1] - cy
    if dx == 0 and dy == 0:
        return float(cx), float(cy)
    sx = (box.w / 2) / abs(dx) if dx else math.inf
    sy = (box.h / 2) / abs(dy) if dy else math.inf
    s = min(sx, sy, 1.0)
    return cx + dx * s, cy + dy * s


def lesson_seats(app: Any, lesson: Lesson) -> list[Seat]:
    """The learner (with the first remembered name) and the scripted seats."""
    names = list(getattr(app.settings, "player_names", []) or [])
    seats = []
    for i in range(lesson.players):
        if i == lesson.learner:
            seats.append(Seat(kind="human", name=names[0] if names else ""))
        else:
            name = tr(lesson.names[i]) if i < len(lesson.names) and lesson.names[i] else ""
            seats.append(Seat(kind="ai", name=name, agent="normal"))
    return seats


def start_lesson(app: Any, lesson: Lesson, at_step: int = 0, replace: Any = None) -> Any:
    scene = LessonScene(app, lesson, at_step)
    if replace is not None:
        from cardtable.ui.scenes.title import TitleScene
        app.reset(TitleScene(app))
    return app.push(scene)


def open_lessons(app: Any, game_id: str) -> None:
    """The 教學 button: the game's only lesson at once, else a choice of its lessons."""
    lessons = lessons_for(game_id)
    if len(lessons) == 1:
        start_lesson(app, lessons[0])
    elif lessons:
        app.push(LessonSelectScene(app, game_id))


def start_real_game(app: Any, lesson: Lesson) -> None:
    """A real game with the lesson's settings (player count, options): at once when no
    unfinished game would be replaced, else through the setup screen (which asks first)."""
    from cardtable import persist
    from cardtable.host.local import local_game, new_match
    from cardtable.ui.scenes.setup import SetupScene
    from cardtable.ui.scenes.title import TitleScene
    record, _ = persist.load_autosave()
    if record is not None:
        app.reset(TitleScene(app))
        setup = SetupScene(app, lesson.game_id)
        setup.n = lesson.players
        setup.options.update(dict(lesson.options))
        setup.build()
        app.push(setup)
        return
    seats = lesson_seats(app, lesson)
    for s in seats:
        if s.kind == "ai":
            s.name = ""
    link = local_game(new_match(lesson.game_id, lesson.players, dict(lesson.options), seats),
                      worker=app.ai)
    app.reset(TitleScene(app))
    app.push(table_class(lesson.game_id)(app, link))


class LessonEndScene(MenuScene):
    """The lesson is over: what it taught, and a real game with the same settings, the lesson
    again, or back to the menu. Esc opens the game menu, as over every table."""

    name = "lesson_end"
    transparent = True

    def __init__(self, app: Any, lesson: Lesson, table: Any) -> None:
        super().__init__(app)
        self.lesson = lesson
        self.table = table
        self._layout()

    def _layout(self) -> None:
        """The panel as tall as the lesson's summary, the three buttons at its foot."""
        lesson, t = self.lesson, self.app.text
        outro = self.table.msg_text(lesson.outro).strip() if lesson.outro is not None else ""
        self.outro = t.wrap(outro, theme.SIZE_SMALL, 600)[:8] if outro else []
        self.line_h = t.line_height(theme.SIZE_SMALL) + 4
        self.panel = pygame.Rect(0, 0, 680, 250 + self.line_h * len(self.outro))
        self.panel.center = (640, 360)
        by = self.panel.bottom - 80
        focus = self.menu.focus
        self.menu.widgets = column([
            (key("lesson.start_real"), lambda: start_real_game(self.app, self.lesson)),
        ], self.panel.x + 40, by, 300, 54, 0)
        self.menu.widgets += [
            Button(pygame.Rect(self.panel.x + 356, by, 130, 54), key("lesson.again"),
                   lambda: start_lesson(self.app, self.lesson, replace=True)),
            Button(pygame.Rect(self.panel.right - 40 - 150, by, 150, 54), key("ui.pause.to_title"),
                   self.to_title),
        ]
        self.menu.focus = focus

    def on_locale_changed(self) -> None:
        self._layout()

    def to_title(self) -> None:
        from cardtable.ui.scenes.title import TitleScene
        self.app.reset(TitleScene(self.app))

    def back(self) -> None:
        from cardtable.ui.scenes.pause import PauseScene
        self.app.push(PauseScene(self.app, self.table))

    def draw(self, surf: gfx.Image) -> None:
        overlay(surf)
        p = self.panel
        draw.shadow(surf, p, 20, 100)
        draw.panel(surf, p, theme.PANEL, 255, 20, theme.GOLD)
        t = self.app.text
        t.blit(surf, tr("lesson.done_title"), (p.centerx, p.y + 46), theme.SIZE_H1, theme.GOLD,
               True, "center")
        title = tr(self.lesson.title)
        t.blit(surf, title, (p.centerx, p.y + 92), t.fit(title, theme.SIZE_BODY, p.w - 60, True),
               theme.TEXT, True, "center")
        y = p.y + 132
        for line in self.outro:
            t.blit(surf, line, (p.x + 40, y), theme.SIZE_SMALL, theme.TEXT)
            y += self.line_h
        self.menu.draw(surf, t)


class LessonSelectScene(MenuScene):
    """A game's lessons, to choose one."""

    name = "lesson_select"

    def __init__(self, app: Any, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        lessons = lessons_for(game_id)
        rows: list[tuple[Any, Callable[[], Any]]] = [
            (key(x.title), lambda x=x: start_lesson(self.app, x)) for x in lessons]
        rows.append((key("menu.back"), self.back))
        self.menu.widgets = column(rows, 340, 180, 600, 60, 16)

    def draw(self, surf: gfx.Image) -> None:
        from cardtable.ui.scenes.common import title_bar
        surf.blit(draw.background(surf.get_size()), (0, 0))
        title_bar(surf, self.app, tr("lesson.menu_title", game=tr(f"game.{self.game_id}.name")))
        self.menu.draw(surf, self.app.text)


def open_lesson_sample(app: Any, name: str, seed: int | None = None) -> Any:
    """`--scene lesson_<game>[_<lesson>][_wrong]`: a lesson of that game (the first, or the one
    whose id ends in <lesson>) at the lesson's `sample_step`, with its callout; `_wrong` shows
    a refused move and its explanation (at `sample_wrong_step`, when the lesson names one)."""
    from cardtable.games import GAME_IDS
    rest = name.removeprefix("lesson_")
    wrong = rest.endswith("_wrong")
    rest = rest.removesuffix("_wrong")
    game_id = max((g for g in GAME_IDS if rest == g or rest.startswith(g + "_")), key=len)
    which = rest[len(game_id) + 1:]
    lessons = lessons_for(game_id)
    lesson = next((x for x in lessons if x.id.split(".")[-1] == which), lessons[0])
    at_step = lesson.sample_step
    if wrong and lesson.sample_wrong_step is not None:
        at_step = lesson.sample_wrong_step
    scene = start_lesson(app, lesson, at_step=at_step)
    scene.intro_open = False
    if wrong:
        # the learner's next move from there: the notes on the way read, the move offered
        for _ in range(1800):
            if isinstance(scene.step, Do) and scene.table.shown.legal and scene.settled():
                break
            if scene.runner.over:
                break
            if scene.waiting_for_reader():
                scene.acknowledge()
            app.step(1 / 60)
    step = scene.runner.step
    if wrong and isinstance(step, Do):
        for a in scene.table.shown.legal or ():
            if a not in step.right:
                scene.submit(a)
                break
    return scene

