"""The move-log panel: every move of the match in words, over the live table.

Opened from the table (button "回顧" or the L key). Lines come from the host through the
table's link (`history.movelog.log_entries` for the viewer whose screen it is), rendered with
`format_line` (seat names, never "you"). Clicking a line shows the table as it was after that
step, in the viewer's own view (a snapshot the host made, drawn by the game's table watching a
fixed link), with a banner "viewing move N — back to live". The live game is frozen underneath
while the panel is open (only the top scene updates).
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from cardtable.history.movelog import LogEntry, format_line
from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.scene import Scene
from cardtable.ui.tables.table_scene import PANEL_AREA, TableScene
from cardtable.ui.widgets import Button

log = logging.getLogger(__name__)

PANEL = pygame.Rect(984, 12, 284, 696)
LIST = pygame.Rect(PANEL.x + 10, PANEL.y + 100, PANEL.w - 20, PANEL.h - 100 - 68)
BANNER = pygame.Rect(PANEL.x + 6, PANEL.y + 4, PANEL.w - 12, 90)
TABLE_FRAME = pygame.Rect(2, 2, 972, 716)


class MoveLogScene(Scene):
    name = "movelog"
    transparent = True

    def __init__(self, app: Any, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.viewer = table.eff_viewer
        self.game_id = table.info.game_id
        names = table.seat_names()
        self.entries: list[LogEntry] = table.link.move_log(self.viewer)
        self.lines = [format_line(e.msg, self.game_id, names) for e in self.entries]
        self.selected_step: int | None = None  # entry.step of the shown past table (-1: setup)
        self.past: TableScene | None = None
        self.mouse = (0, 0)
        self.rows: list[tuple[pygame.Rect, int]] = []  # (rect, entry index) as last drawn
        self._wrap: dict[tuple[str, int, str], list[str]] = {}
        self.scroll = 0  # entries hidden below the bottom (0: newest visible)
        bw = (PANEL.w - 30) // 2
        by = PANEL.bottom - 56
        self.buttons = [
            Button(pygame.Rect(PANEL.x + 10, by, bw, 44), lambda: tr("ui.history.back_live"),
                   self.back_to_live, enabled=lambda: self.past is not None,
                   size=theme.SIZE_SMALL, primary=True),
            Button(pygame.Rect(PANEL.x + 20 + bw, by, bw, 44), lambda: tr("ui.history.close"),
                   self.close, size=theme.SIZE_SMALL),
        ]

    # ------------------------------------------------------------ model
    def step_of(self, entry: LogEntry) -> int:
        """The number of actions after which this entry's table is shown (setup: 0)."""
        return 0 if entry.step is None else entry.step + 1

    def show(self, index: int) -> None:
        """Show the table as it was right after entry `index`'s step (read-only)."""
        from cardtable.host.link import FixedLink
        from cardtable.ui.scenes.replay import watching_table
        entry = self.entries[index]
        n = self.step_of(entry)
        self.selected_step = -1 if entry.step is None else entry.step
        if n == self.table.seq:
            self.past = None  # the latest step is the live table
            self.selected_step = None
            return
        try:
            moment = self.table.link.past(n, self.viewer)
        except PermissionError:  # an online table keeps no pictures of the past
            self.selected_step = None
            return
        link = FixedLink(self.table.info, moment)
        self.past = watching_table(self.app, link, self.game_id, self.viewer)
        if all(i != index for _, i in self.rows):  # keep the chosen line in sight
            self.scroll = max(0, len(self.entries) - 1 - index - 4)

    def back_to_live(self) -> None:
        self.past = None
        self.selected_step = None

    def close(self) -> None:
        self.app.pop(self)

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(len(self.entries) - 1, self.scroll + event.y))
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    b.activate()
                    return None
            if BANNER.collidepoint(event.pos) and self.past is not None:
                self.back_to_live()
                return None
            for rect, i in self.rows:
                if rect.collidepoint(event.pos):
                    self.show(i)
                    return None
            return None
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_l, pygame.K_BACKSPACE):
                if self.past is not None and event.key == pygame.K_BACKSPACE:
                    self.back_to_live()
                else:
                    self.close()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self._key_move(-1 if event.key == pygame.K_UP else 1)
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                d = 8 if event.key == pygame.K_PAGEUP else -8
                self.scroll = max(0, min(len(self.entries) - 1, self.scroll + d))
            elif event.key in (pygame.K_HOME, pygame.K_END):
                self.back_to_live()
        return None

    def _key_move(self, d: int) -> None:
        """Up/Down walk through the steps (the first entry of each step)."""
        firsts = [i for i, e in enumerate(self.entries)
                  if i == 0 or self.entries[i - 1].step != e.step]
        if not firsts:
            return
        cur = self._selected_index()
        if cur is None:
            target = firsts[-1] if d < 0 else None
        else:
            after = [i for i in firsts if (i > cur if d > 0 else i < cur)]
            target = (after[0] if d > 0 else after[-1]) if after else (
                None if d > 0 else cur)
        if target is None:
            self.back_to_live()
            return
        self.show(target)
        # keep the shown step in sight
        self.scroll = max(0, min(self.scroll, len(self.entries) - 1 - target))

    def _selected_index(self) -> int | None:
        if self.selected_step is None:
            return None
        want = None if self.selected_step == -1 else self.selected_step
        return next((i for i, e in enumerate(self.entries) if e.step == want), None)

    # ------------------------------------------------------------ drawing
    def update(self, dt: float) -> None:
        if self.past is not None:
            self.past.update(dt)

    def next_frame(self) -> float | None:
        return self.past.next_frame() if self.past is not None else None

    def _wrapped(self, s: str, width: int) -> list[str]:
        key = (self.app.text.locale, width, s)
        got = self._wrap.get(key)
        if got is None:
            got = self.app.text.wrap(s, theme.SIZE_TINY, width)
            self._wrap[key] = got
        return got

    # the past table is drawn by this scene, not by the stack: pass the stack's notices on
    def on_locale_changed(self) -> None:
        self._wrap.clear()
        if self.past is not None:
            self.past.on_locale_changed()

    def on_scale_changed(self) -> None:
        if self.past is not None:
            self.past.on_scale_changed()

    def draw(self, surface: gfx.Image) -> None:
        t = self.app.text
        if self.past is not None:
            self.past.draw(surface)
        surface.blit(_backdrop(), PANEL_AREA.topleft)
        draw.panel(surface, PANEL, theme.PANEL, 250)
        t.blit(surface, tr("ui.history.log.title"), (PANEL.x + 14, PANEL.y + 10),
               theme.SIZE_SMALL, theme.ACCENT, True)
        hint = self._wrapped(tr("ui.history.log.hint"), PANEL.w - 28)[:2]
        for k, part in enumerate(hint):
            t.blit(surface, part, (PANEL.x + 14, PANEL.y + 38 + k * 18), theme.SIZE_TINY,
                   theme.TEXT_DIM)
        self._list(surface)
        if self.past is not None:
            self._banner(surface)
        for b in self.buttons:
            b.draw(surface, t, b.rect.collidepoint(self.mouse))

    def _banner(self, surface: gfx.Image) -> None:
        """A gold frame round the (past) table and, on top of the panel, the banner "viewing
        move N" with "back to live" (clicking it goes back)."""
        t = self.app.text
        gfx.rect(surface, theme.HIGHLIGHT, TABLE_FRAME, 4, border_radius=20)
        if self.selected_step == -1:
            text = tr("ui.history.viewing_setup")
        else:
            text = tr("ui.history.viewing", n=(self.selected_step or 0) + 1)
        draw.shadow(surface, BANNER, 12, 70)
        draw.panel(surface, BANNER, theme.ACCENT_DARK, 250, 12, theme.HIGHLIGHT)
        y = BANNER.y + 8
        for part in t.wrap(text, theme.SIZE_SMALL, BANNER.w - 24, True)[:2]:
            t.blit(surface, part, (BANNER.x + 12, y), theme.SIZE_SMALL, theme.TEXT, True)
            y += t.line_height(theme.SIZE_SMALL)
        hover = BANNER.collidepoint(self.mouse)
        t.blit(surface, tr("ui.history.back_live"), (BANNER.right - 12, BANNER.bottom - 6),
               theme.SIZE_SMALL, theme.HIGHLIGHT if hover else theme.GOLD, True, "bottomright")

    def _list(self, surface: gfx.Image) -> None:
        """Entries bottom-up from the newest (minus `scroll`), grouped under step labels."""
        t = self.app.text
        self.rows = []
        lh = t.line_height(theme.SIZE_TINY) + 1
        width = LIST.w - 16
        if not self.entries:
            t.blit(surface, tr("ui.history.log.empty"), (LIST.x + 6, LIST.y + 4),
                   theme.SIZE_TINY, theme.TEXT_DIM)
            return
        self.scroll = min(self.scroll, len(self.entries) - 1)
        blocks: list[tuple[int, list[str], bool]] = []  # (index, lines, with step label)
        used = 0
        i = len(self.entries) - 1 - self.scroll
        while i >= 0:
            e = self.entries[i]
            head = i == 0 or self.entries[i - 1].step != e.step
            parts = self._wrapped(self.lines[i], width)
            need = (len(parts) + (1 if head else 0)) * lh + 4
            if used + need > LIST.h:
                break
            blocks.append((i, parts, head))
            used += need
            i -= 1
        y = LIST.y
        sel = self.selected_step
        clip = surface.get_clip()
        surface.set_clip(LIST)
        for i, parts, head in reversed(blocks):
            e = self.entries[i]
            step_id = -1 if e.step is None else e.step
            if head:
                label = tr("ui.history.log.setup") if e.step is None else \
                    tr("ui.history.log.step", n=e.step + 1)
                t.blit(surface, label, (LIST.x + 4, y), theme.SIZE_TINY, theme.GOLD, True)
                y += lh
            rect = pygame.Rect(LIST.x, y - 1, LIST.w, len(parts) * lh + 2)
            chosen = sel is not None and sel == step_id
            if chosen:
                gfx.rect(surface, theme.BUTTON_HOVER, rect, border_radius=6)
            elif rect.collidepoint(self.mouse):
                gfx.rect(surface, theme.PANEL_LIGHT, rect, border_radius=6)
            for part in parts:
                t.blit(surface, part, (LIST.x + 10, y), theme.SIZE_TINY,
                       theme.TEXT if chosen or sel is None else theme.TEXT_DIM)
                y += lh
            y += 4
            self.rows.append((rect, i))
        surface.set_clip(clip)


@gfx.cached(maxsize=1)
def _backdrop() -> gfx.Image:
    """A dark strip under the panel so the live table's own log does not show through."""
    surf = gfx.Surface(PANEL_AREA.size)
    surf.fill(theme.BG_BOTTOM)
    return surf
