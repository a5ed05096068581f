"""Rules reference per game, scrollable (mouse wheel, drag, arrows, PgUp/PgDn, Home/End).

The text is the `rules.<game>.*` keys of the locale files, in key order; keys ending in
`.title` or `.heading` (or whose last part starts with `h`) are headings.
"""

from __future__ import annotations

import re
from typing import Any

import pygame

from cardtable.coach.lesson import lessons_for
from cardtable.games import GAME_IDS
from cardtable.i18n import all_keys, get_locale, has_key, tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.scenes.common import MenuScene, key, title_bar
from cardtable.ui.tables import playable
from cardtable.ui.widgets import Button

VIEW = pygame.Rect(120, 150, 1040, 470)


def _natural(k: str) -> list[Any]:
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", k)]


def _is_heading(k: str) -> bool:
    last = k.rsplit(".", 1)[-1]
    return last in ("title", "heading") or bool(re.fullmatch(r"h\d*|.*_title|heading\d*", last))


def rule_keys(game_id: str) -> list[str]:
    """The rule text keys of a game in reading order: `section.N.title`/`section.N.body` for
    N = 1..section_count when the count is given, else every key in natural order."""
    prefix = f"rules.{game_id}."
    keys = set(k for k in all_keys(get_locale()) if k.startswith(prefix))
    count_key = prefix + "section_count"
    if count_key in keys:
        try:
            n = int(tr(count_key))
        except ValueError:
            n = 0
        out = []
        for i in range(1, n + 1):
            for part in ("title", "body"):
                k = f"{prefix}section.{i}.{part}"
                if k in keys:
                    out.append(k)
        return out
    return sorted((k for k in keys if k != prefix + "title"), key=_natural)


class RulesScene(MenuScene):
    name = "rules"

    def __init__(self, app: Any, game_id: str = "cirno") -> None:
        super().__init__(app)
        self.game_id = game_id
        self.scroll = 0.0
        self.lines: list[tuple[str, int, tuple[int, int, int], bool]] = []
        self.dragging = False
        tabs = []
        for i, gid in enumerate(GAME_IDS):
            tabs.append(Button(pygame.Rect(120 + i * 262, 86, 250, 46), key(f"game.{gid}.name"),
                               lambda g=gid: self.set_game(g), size=theme.SIZE_SMALL))
        tabs.append(Button(pygame.Rect(430, 640, 200, 52), key("menu.back"), self.back,
                           primary=True))
        # this game's lesson (教學), when it has one
        lesson = Button(pygame.Rect(650, 640, 200, 52), key("lesson.button"),
                        lambda: self.open_lesson(), enabled=lambda: bool(
                            lessons_for(self.game_id)) and playable(self.game_id))
        lesson.lesson_game = game_id  # type: ignore[attr-defined]
        tabs.append(lesson)
        self.menu.widgets = tabs
        self.menu.focus = GAME_IDS.index(game_id) if game_id in GAME_IDS else 0
        self._layout()

    def open_lesson(self) -> None:
        from cardtable.ui.scenes.lesson import open_lessons
        open_lessons(self.app, self.game_id)

    def set_game(self, gid: str) -> None:
        self.game_id = gid
        for w in self.menu.widgets:
            if hasattr(w, "lesson_game"):
                w.lesson_game = gid  # type: ignore[attr-defined]
        self.scroll = 0
        self._layout()

    def on_locale_changed(self) -> None:
        self._layout()

    def _layout(self) -> None:
        t = self.app.text
        keys = rule_keys(self.game_id)
        self.lines = []
        # where each key's text starts (its first line's index), for `scroll_to`
        self.key_lines: dict[str, int] = {}
        width = VIEW.w - 60
        if not keys:
            self.lines.append((tr("ui.rules.missing"), theme.SIZE_BODY, theme.TEXT_DIM, False))
        for k in keys:
            text = tr(k)
            if _is_heading(k):
                if self.lines:
                    self.lines.append(("", theme.SIZE_SMALL, theme.TEXT, False))
                self.key_lines[k] = len(self.lines)
                for part in t.wrap(text, theme.SIZE_H2, width, True):
                    self.lines.append((part, theme.SIZE_H2, theme.ACCENT, True))
            else:
                self.key_lines[k] = len(self.lines)
                for part in t.wrap(text, theme.SIZE_BODY, width):
                    self.lines.append((part, theme.SIZE_BODY, theme.TEXT, False))
                self.lines.append(("", 8, theme.TEXT, False))
        self.content_h = sum(t.line_height(s) + 4 for _, s, _, _ in self.lines)

    def scroll_to(self, k: str) -> None:
        """Scroll so that the text of key `k` (a section's title or body) starts at the top."""
        index = self.key_lines.get(k)
        if index is None:
            return
        t = self.app.text
        self.scroll = 0.0
        self._scroll_by(sum(t.line_height(s) + 4 for _, s, _, _ in self.lines[:index]))

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content_h - VIEW.h + 40)

    def _scroll_by(self, dy: float) -> None:
        self.scroll = min(self.max_scroll, max(0.0, self.scroll + dy))

    def _thumb(self) -> pygame.Rect:
        track_h = VIEW.h - 20
        frac = VIEW.h / max(VIEW.h, self.content_h + 40)
        h = max(40, int(track_h * frac))
        pos = 0 if self.max_scroll <= 0 else (self.scroll / self.max_scroll) * (track_h - h)
        return pygame.Rect(VIEW.right - 18, VIEW.y + 10 + int(pos), 8, h)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * 60)
            return None
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_DOWN: 40, pygame.K_UP: -40, pygame.K_PAGEDOWN: VIEW.h - 60,
                    pygame.K_PAGEUP: -(VIEW.h - 60), pygame.K_HOME: -1e9, pygame.K_END: 1e9}
            if event.key in step:
                self._scroll_by(step[event.key])
                return None
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                i = GAME_IDS.index(self.game_id) if self.game_id in GAME_IDS else 0
                i = (i + (1 if event.key == pygame.K_RIGHT else -1)) % len(GAME_IDS)
                self.menu.focus = i
                self.set_game(GAME_IDS[i])
                return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self._thumb().inflate(16, 0).collidepoint(event.pos):
            self.dragging = True
            return None
        if event.type == pygame.MOUSEBUTTONUP:
            self.dragging = False
        if event.type == pygame.MOUSEMOTION and self.dragging:
            track_h = VIEW.h - 20 - self._thumb().h
            if track_h > 0:
                self._scroll_by(event.rel[1] * self.max_scroll / track_h)
            return None
        return super().handle_event(event)

    def draw(self, surf: gfx.Image) -> None:
        surf.blit(draw.background(surf.get_size()), (0, 0))
        t = self.app.text
        tkey = f"rules.{self.game_id}.title"
        title_bar(surf, self.app, tr(tkey) if has_key(tkey) else tr("ui.rules.title"), 40)
        draw.panel(surf, VIEW, theme.PANEL, 240)
        self.menu.draw(surf, t)
        sel = GAME_IDS.index(self.game_id) if self.game_id in GAME_IDS else -1
        if sel >= 0:
            r = self.menu.widgets[sel].rect
            gfx.line(surf, theme.HIGHLIGHT, (r.x + 16, r.bottom + 4),
                     (r.right - 16, r.bottom + 4), 3)
        clip = surf.get_clip()
        surf.set_clip(VIEW.inflate(-8, -8))
        y = VIEW.y + 20 - int(self.scroll)
        for text, size, color, bold in self.lines:
            h = t.line_height(size) + 4
            if y + h >= VIEW.y and y <= VIEW.bottom and text:
                t.blit(surf, text, (VIEW.x + 30, y), size, color, bold)
            y += h
        surf.set_clip(clip)
        if self.max_scroll > 0:
            gfx.rect(surf, theme.PANEL_LIGHT, pygame.Rect(VIEW.right - 18, VIEW.y + 10, 8,
                                                          VIEW.h - 20), border_radius=4)
            gfx.rect(surf, theme.ACCENT, self._thumb(), border_radius=4)
