"""A table's frame: the cached table layer, the side panel (log and controls) and what moves
on top, composed into one picture per frame. Mixed into `TableScene`.

The table layer and the side panel are redrawn only when their signatures change (a table's
`draw_table` paints the layer; `_layer_parts` tables repaint only their dirty parts); a frame
is one copy of the composed picture, then the flights, the banner and the hint on top.
"""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.core.game import OMNISCIENT
from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.widgets import Button

# the side column: log on top, controls below (the demo has more buttons)
LOG_RECT = pygame.Rect(984, 12, 284, 408)
CONTROLS_RECT = pygame.Rect(984, 430, 284, 278)
DEMO_LOG_RECT = pygame.Rect(984, 12, 284, 400)
DEMO_CONTROLS_RECT = pygame.Rect(984, 422, 284, 286)
PANEL_AREA = pygame.Rect(976, 0, 304, 720)
TABLE_AREA = pygame.Rect(0, 0, 976, 720)

_WRAP: dict[tuple[str, str, int], list[str]] = gfx.SurfaceCache(1024)


def wrap_cached(t: Any, s: str, width: int) -> list[str]:
    key = (t.locale, s, width)
    got = _WRAP.get(key)
    if got is None:
        got = t.wrap(s, theme.SIZE_TINY, width)
        if len(_WRAP) > 3000:
            _WRAP.clear()
        _WRAP[key] = got
    return got


def clear_wrap_cache() -> None:
    _WRAP.clear()


def _fmt_speed(x: float) -> str:
    return f"{x:g}×"


class TableFrame:
    """Mix in before `TableScene` (it is one of its bases)."""

    CACHE_LAYERS = True  # tests turn this off so every frame draws everything
    # supplied by TableScene (see there)
    app: Any
    demo: bool
    read_only: bool
    buttons: list[Button]
    hint_button: Button | None
    paused: bool
    show_all: bool
    step_once: bool
    log_lines: list[str]
    log_scroll: int
    log_rect: pygame.Rect
    controls_rect: pygame.Rect
    _layer: gfx.Image | None
    _layer_sig: tuple[Any, ...] | None
    _frame: gfx.Image | None
    _panel_sig: tuple[Any, ...] | None
    panel_deferred: bool
    _panel_viewer: int | None

    def static_signature(self) -> tuple[Any, ...]:
        """Everything the cached table layer depends on (it is redrawn when this changes)."""
        hover = self.active_key()
        focus = self.focused_key()
        return (id(self.v), tuple((k, tuple(v)) for k, v in self.zones.items()),
                tuple(h.key for h in self.hits), hover, focus, self.selected,
                self.thinking(), self.app.text.locale, self.eff_viewer)

    def panel_signature(self) -> tuple[Any, ...]:
        buttons = self.panel_buttons()
        hover = next((i for i, b in enumerate(buttons) if b.rect.collidepoint(self.mouse)),
                     None)
        return (len(self.log_lines), self.log_lines[-1] if self.log_lines else "",
                self.log_scroll, hover, self.paused, self.show_all, self.app.speed_factor,
                self.app.text.locale, self.eff_viewer, self.seq,
                len(buttons), self.hint_pending())

    def draw(self, surface: gfx.Image) -> None:
        """The table layer and the side panel are cached, redrawn only when their signature
        changes, and kept composed on one surface (`_frame`): a frame is one full-width copy
        of it (at 2560×1440 half the cost of copying the two areas side by side), then the
        moving things (flights, the total, markers) on top."""
        self.hits = self.current_hits()
        self.observe_buttons()
        if self._frame is None or self._frame.get_size() != surface.get_size():
            self._frame = draw.fast(gfx.Surface(surface.get_size()))
            self._layer = None
            self._panel_sig = None
        sig = self.static_signature()
        repainted = False
        if self._layer is None or sig != self._layer_sig or not self.CACHE_LAYERS:
            if self._layer is None:
                self._layer = draw.fast(gfx.Surface(surface.get_size()))
                self._layer_sig = None
            full = self._layer_sig is None
            self.draw_table(self._layer)
            self._layer_sig = sig
            repainted = True
            for r in self._layer_changed(full):
                self._frame.blit(self._layer, r.topleft, r)
        psig = self.panel_signature()
        if self._panel_sig is None or psig != self._panel_sig or not self.CACHE_LAYERS:
            # a frame that repainted the table layer leaves a changed side panel (a new log
            # line, a button's hover) to the next frame, so that no frame pays for both (the
            # slowest frames did); never twice in a row, never under a dialog, where this
            # picture is kept as it is, and never when whose view it is changed (the log
            # shows no line of a view that is over, not even for a frame)
            if (repainted and self._panel_sig is not None and not self.panel_deferred
                    and self.CACHE_LAYERS and self.app.stack.top is self
                    and self._panel_viewer == self.eff_viewer):
                self.panel_deferred = True
            else:
                self.panel_deferred = False
                self._repaint_panel(psig)
        else:
            self.panel_deferred = False
        surface.blit(self._frame, (0, 0))
        self.draw_dynamic(surface)
        online = getattr(self, "online", None)  # an online table's box (kit.online)
        if online is not None:
            online.draw(surface)
        self.draw_hint(surface)

    def _repaint_panel(self, psig: tuple[Any, ...]) -> None:
        assert self._frame is not None and self._layer is not None
        self._frame.blit(self._layer, PANEL_AREA, PANEL_AREA)
        clip = self._frame.get_clip()
        self._frame.set_clip(PANEL_AREA)
        self.draw_side_panel(self._frame)
        self._frame.set_clip(clip)
        self._panel_sig = psig
        self._panel_viewer = self.eff_viewer

    def _layer_changed(self, full: bool) -> list[pygame.Rect]:
        """The parts of the table area the last `draw_table` may have changed: the part
        layer's dirty rectangles, else (or after a new layer) the whole area."""
        parts = getattr(self, "_layer_parts", None)
        dirty = parts.last_dirty if parts is not None and not full else [TABLE_AREA]
        return [c for r in dirty if (c := r.clip(TABLE_AREA)).w > 0 and c.h > 0]

    def draw_dynamic(self, surface: gfx.Image) -> None:
        self.draw_flights(surface)
        if self.banner is not None:
            self.draw_banner(surface)

    def draw_banner(self, surface: gfx.Image) -> None:
        assert self.banner is not None
        text, left, color = self.banner
        t = self.app.text
        s = t.render(text, theme.SIZE_H1, theme.TEXT, True)
        rect = pygame.Rect(0, 0, max(420, s.get_width() + 80), 86)
        rect.center = (490, 360)
        draw.shadow(surface, rect, 16, 80)
        draw.panel(surface, rect, color, 240, 16, theme.TEXT)
        surface.blit(s, s.get_rect(center=rect.center))

    def draw_side_panel(self, surface: gfx.Image) -> None:
        t = self.app.text
        draw.panel(surface, self.log_rect, theme.PANEL, 235)
        t.blit(surface, tr("ui.table.log"), (self.log_rect.x + 14, self.log_rect.y + 10), theme.SIZE_SMALL,
               theme.ACCENT, True)
        width = self.log_rect.w - 28
        lh = t.line_height(theme.SIZE_TINY) + 2
        visible = (self.log_rect.h - 50) // lh
        total = len(self.log_lines)
        self.log_scroll = min(self.log_scroll, max(0, total - 1))
        end = total - self.log_scroll
        blocks: list[list[str]] = []
        used = 0
        i = end - 1
        while i >= 0:
            parts = wrap_cached(t, self.log_lines[i], width)
            if used + len(parts) > visible:
                break
            blocks.append(parts)
            used += len(parts)
            i -= 1
        y = self.log_rect.y + 42
        for j, parts in enumerate(reversed(blocks)):
            newest = j == len(blocks) - 1 and self.log_scroll == 0
            for text in parts:
                t.blit(surface, text, (self.log_rect.x + 14, y), theme.SIZE_TINY,
                       theme.TEXT if newest else theme.TEXT_DIM)
                y += lh
        draw.panel(surface, self.controls_rect, theme.PANEL, 235)
        title = tr("ui.demo.title") if self.demo else tr("ui.table.controls")
        t.blit(surface, title, (self.controls_rect.x + 14, self.controls_rect.y + 10), theme.SIZE_SMALL,
               theme.ACCENT, True)
        for b in self.panel_buttons():
            b.draw(surface, t, b.rect.collidepoint(self.mouse))
        hint = self.keys_text()
        y = self.controls_rect.bottom - 12 - 2 * (t.line_height(theme.SIZE_TINY))
        for part in wrap_cached(t, hint, self.controls_rect.w - 28)[:2]:
            t.blit(surface, part, (self.controls_rect.x + 14, y), theme.SIZE_TINY, theme.TEXT_DIM)
            y += t.line_height(theme.SIZE_TINY)

    def keys_text(self) -> str:
        """The keys line under the buttons (H only where hints are offered)."""
        if self.demo:
            return tr("ui.demo.keys")
        if self.over and not self.read_only:
            # the final board under its results dialog: nothing is played any more
            return tr("ui.table.keys_over")
        return tr("ui.table.keys" if self.hints_offered() else "ui.table.keys_no_hint")

    def _build_buttons(self) -> None:
        self.hint_button = None
        r = self.controls_rect
        w = (r.w - 30) // 2
        bh = 46
        if self.read_only:
            return
        if self.controls is not None:
            specs = list(self.controls)
        elif self.demo:
            specs = [
                (lambda: tr("ui.demo.resume") if self.paused else tr("ui.demo.pause"),
                 self.toggle_pause),
                (lambda: tr("ui.demo.step"), self.step),
                (lambda: tr("ui.demo.speed", x=_fmt_speed(self.app.speed_factor)),
                 self.cycle_speed),
                (lambda: tr("ui.demo.hide_all") if self.show_all else tr("ui.demo.show_all"),
                 self.toggle_show_all),
                (lambda: tr("ui.table.skip"), self.skip),
                (lambda: tr("ui.table.menu"), self.open_pause),
            ]
        else:
            specs = [
                (lambda: tr("ui.table.skip"), self.skip),
                (lambda: tr("ui.table.menu"), self.open_pause),
                (lambda: tr("history.undo"), self.undo, self.can_undo, self.undo,
                 self.undo_sublabel),
                (lambda: tr("ui.history.log.button"), self.open_move_log),
            ]
        # (label, action[, enabled[, on a click while disabled]]): a click on the greyed-out
        # undo still runs undo(), which says in a banner why nothing can be taken back
        for i, (label, fn, *state) in enumerate(specs):
            col, row = i % 2, i // 2
            rect = pygame.Rect(r.x + 10 + col * (w + 10), r.y + 40 + row * (bh + 10), w, bh)
            self.buttons.append(Button(rect, label, fn, size=theme.SIZE_SMALL,
                                       enabled=state[0] if state else None,
                                       on_disabled=state[1] if len(state) > 1 else None,
                                       sublabel=state[2] if len(state) > 2 else None))
        if not self.demo and self.controls is None:
            # the third row, shown only while a hint may be asked (`hint_allowed`); greyed
            # out with 「想一想…」 while the AI thread works on it
            rect = pygame.Rect(r.x + 10, r.y + 40 + 2 * (bh + 10), w, bh)
            self.hint_button = Button(rect, lambda: tr("coach.hint.button"), self.request_hint,
                                      size=theme.SIZE_SMALL,
                                      enabled=lambda: not self.hint_pending(),
                                      sublabel=lambda: tr("coach.hint.button.thinking")
                                      if self.hint_pending() else "")

    def toggle_pause(self) -> None:
        self.paused = not self.paused

    def step(self) -> None:
        self.paused = True
        self.step_once = True

    def cycle_speed(self) -> None:
        speeds = [0.5, 1.0, 2.0, 4.0, 8.0]
        cur = self.app.speed_factor
        nxt = next((s for s in speeds if s > cur + 1e-9), speeds[0])
        self.app.speed_factor = nxt

    def toggle_show_all(self) -> None:
        if self.demo and self.link.watch(OMNISCIENT):
            self.show_all = not self.show_all
            self.take_updates()
            self.snap()

    def skip(self) -> None:
        """Skip the animations, but not past a dialog that comes up over the table (a round's
        end): it shows over the table as the round left it, and what follows waits for it."""
        self.director.finish(until=self.dialog_came_up)
        self.banner = None

    def panel_buttons(self) -> list[Button]:
        """The side panel's buttons now: the hint button only while a hint may be asked."""
        if self.hint_button is not None and self.hint_allowed():
            return [*self.buttons, self.hint_button]
        return self.buttons
