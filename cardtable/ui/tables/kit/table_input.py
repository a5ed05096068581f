"""A table's pointer and keys: the kit's one focus model under the names the tables use, what
a click or a key means (always one of the legal actions the table was sent, or a button), the
misclick guard, and where a tooltip may go. Mixed into `TableScene`."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardtable.core.actions import Action
from cardtable.ui.tables.kit.focus import FocusModel, visual_order
from cardtable.ui.tables.kit.guard import MisclickGuard
from cardtable.ui.tables.kit.hit import Hit
from cardtable.ui.tables.kit.tooltip import TooltipTimer, place_tooltip

log = logging.getLogger(__name__)


class TableInput:
    """Mix in before `TableScene` (it is one of its bases)."""

    # supplied by TableScene
    focus_model: FocusModel
    tooltip_timer: TooltipTimer
    guard: MisclickGuard
    hits: list[Hit]
    director: Any
    clock: float
    demo: bool
    read_only: bool
    hold_input: bool
    selected: str | None
    log_rect: pygame.Rect
    log_scroll: int
    covered_by: list[pygame.Rect]
    follow_hint: Callable[[Sequence[Hit]], None]  # (HintView's)

    @property
    def focus(self) -> int:
        return self.focus_model.index

    @focus.setter
    def focus(self, i: int) -> None:
        self.focus_model.index = i
        self.focus_model.focus_key = None

    @property
    def mouse(self) -> tuple[int, int]:
        return self.focus_model.mouse

    @mouse.setter
    def mouse(self, pos: tuple[int, int]) -> None:
        self.focus_model.mouse = pos

    @property
    def keys_last(self) -> bool:
        return self.focus_model.keys_last

    @keys_last.setter
    def keys_last(self, value: bool) -> None:
        self.focus_model.keys_last = value

    def active_key(self, hits: Sequence[Hit] | None = None) -> str | None:
        """The key of the highlighted hit: the one focused from the keyboard when it was used
        last, else the one under the pointer (or the focus when the pointer is on nothing)."""
        return self.focus_model.highlighted_key(self.hits if hits is None else hits)

    def focused_key(self, hits: Sequence[Hit] | None = None) -> str | None:
        cur = self.focus_model.current(self.hits if hits is None else hits)
        return cur.key if cur is not None else None

    def note_input(self, event: pygame.event.Event) -> None:
        """Which device was used last (`keys_last`); a table that handles some events before
        this class does calls it first."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.focus_model.note_mouse(event.pos)
            if event.type == pygame.MOUSEMOTION:
                self.tooltip_timer.moved()
        elif event.type == pygame.KEYDOWN:
            self.focus_model.note_key()
            self.tooltip_timer.keyboard()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.note_input(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return None
        if event.type == pygame.MOUSEWHEEL:
            if self.log_rect.collidepoint(self.mouse):
                self.log_scroll = max(0, self.log_scroll + event.y)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button == 3:
                self.selected = None
                return None
            if event.button != 1:
                return None
            for b in self.panel_buttons():
                if b.rect.collidepoint(event.pos):
                    b.activate()
                    return None
            if self.director.busy:
                self.skip()
                return None
            for hit in self.current_hits():
                if hit.rect.collidepoint(event.pos):
                    if self.is_button(hit) and self.guard.blocked(self._ident(hit), self.clock):
                        log.debug("click on %s ignored: it has just appeared", hit.key)
                        return None
                    self.choose(hit)
                    return None
            return None
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                if self.selected is not None:
                    self.selected = None
                else:
                    self.open_pause()
                return None
            if key == pygame.K_SPACE and self.director.busy:
                self.skip()
                return None
            if not self.demo and not self.read_only:
                if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                    self.director.finish()
                    self.undo()
                    return None
                if key == pygame.K_l:
                    self.open_move_log()
                    return None
                if key == pygame.K_h:
                    self.request_hint()
                    return None
            if self.demo:
                demo_keys = {pygame.K_p: self.toggle_pause, pygame.K_n: self.step,
                             pygame.K_a: self.toggle_show_all, pygame.K_s: self.cycle_speed}
                if key in demo_keys:
                    demo_keys[key]()
                    return None
            hits = self.current_hits()
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB) and hits:
                step = -1 if key == pygame.K_LEFT or (
                    key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT) else 1
                self.focus_model.move(hits, step)
                return None
            # Enter plays the focused choice; Space only ever skips animations (the curtain is
            # lifted with Space, and a second press must not play a card nobody chose)
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and hits:
                cur = self.focus_model.current(hits)
                if cur is not None:
                    self.choose(cur)
                return None
            if key == pygame.K_SPACE:
                return None
            if pygame.K_1 <= key <= pygame.K_9 and hits:
                i = key - pygame.K_1
                if i < len(hits):
                    self.choose(hits[i])
                return None
        return None

    def current_hits(self) -> list[Hit]:
        """The table's hits now, in visual order (the keyboard's order)."""
        if self.read_only or self.hold_input or not self.human_turn():
            return []
        hits = visual_order(self.table_hits())
        self.follow_hint(hits)  # the keyboard focus on the hinted move's next step
        return hits

    @staticmethod
    def is_button(hit: Hit) -> bool:
        """A button drawn on the table (the misclick guard watches these)."""
        return hit.key.startswith("btn:")

    @staticmethod
    def _ident(hit: Hit) -> tuple[str, tuple[Action, ...]]:
        return (hit.key, tuple(hit.actions))

    def observe_buttons(self) -> None:
        """Each frame: which table buttons are on screen (for the misclick guard)."""
        self.guard.observe([(self._ident(h), h.rect) for h in self.hits if self.is_button(h)],
                           self.clock)

    def choose(self, hit: Hit) -> None:
        """A click on a hit: one action -> play it; several -> the table asks for the rest."""
        if not hit.actions:
            return
        if len(hit.actions) == 1:
            self.submit(hit.actions[0])
            self.focus_model.reset()
            return
        self.selected = hit.key
        self.focus_model.reset()

    def tooltip_target(self) -> tuple[str, pygame.Rect] | None:
        """The thing under the pointer that has a tooltip: a key naming exactly that thing and
        its rect (the table's own hook; None: nothing with a tooltip there)."""
        return None

    def tooltip_ready(self) -> tuple[str, pygame.Rect] | None:
        """The tooltip target whose tooltip may be drawn now: the pointer moved onto it and
        rested there (a card sliding under a resting pointer shows nothing). Nothing for a
        thing hidden under what a scene draws over the table (`covered_by`: a lesson's
        callout): the pointer is on that, not on the thing."""
        if self.director.busy or any(r.collidepoint(self.mouse) for r in self.covered_by):
            return None
        target = self.tooltip_target()
        if target is None or not self.tooltip_timer.showing(target[0]):
            return None
        return target

    def protected_rects(self) -> list[pygame.Rect]:
        """What a tooltip must never cover: the table's hand, pile, totals, badges and prompt
        line (the table's hook) and the action buttons on the table."""
        return self.tooltip_avoid()

    def key_rects(self) -> list[pygame.Rect]:
        """The protected things that matter most, hidden last when something must cover
        part of the table (a lesson's callout on a crowded felt): the running total or value
        a step talks about. None by default; a table names its own."""
        return []

    def place_tip(self, size: tuple[int, int], anchor: pygame.Rect, bounds: pygame.Rect,
                  **kw: Any) -> pygame.Rect:
        """Where a tooltip of `size` for `anchor` goes: outside every protected rect, else
        over the emptiest part of `bounds`."""
        return place_tooltip(size, anchor, self.tip_avoid(), bounds, **kw)

    def tip_avoid(self) -> list[pygame.Rect]:
        """What a tooltip must not cover: the protected rects and whatever a scene draws over
        the table (a lesson's callout)."""
        return [*self.protected_rects(), *self.covered_by]

    def tooltip_avoid(self) -> list[pygame.Rect]:
        """Rects a card tooltip must never cover (see `place_tooltip`): by default the action
        buttons on the table (hits keyed "btn:..."); a table adds its prompt line."""
        return [h.rect for h in self.hits if h.key.startswith("btn:")]
