"""Helpers shared by menu scenes: a title line, a vertical button column, a dimmed overlay."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.scene import Scene
from cardtable.ui.widgets import Button, Menu, TextField, Widget


def column(specs: Sequence[tuple[Callable[[], str], Callable[[], Any]]
                           | tuple[Callable[[], str], Callable[[], Any], Callable[[], bool]]],
           x: int, y: int, w: int = 320, h: int = 54, gap: int = 12, size: int = theme.SIZE_BODY
           ) -> list[Widget]:
    out: list[Widget] = []
    for i, spec in enumerate(specs):
        label, fn = spec[0], spec[1]
        enabled = spec[2] if len(spec) > 2 else None  # type: ignore[misc]
        rect = pygame.Rect(x, y + i * (h + gap), w, h)
        out.append(Button(rect, label, fn, enabled=enabled, size=size, primary=(i == 0)))
    return out


def key(k: str, **params: Any) -> Callable[[], str]:
    return lambda: tr(k, **params)


class MenuScene(Scene):
    """A scene whose input is a `Menu`; Esc calls `back()`."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.menu = Menu()

    def back(self) -> None:
        self.app.pop(self)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.menu.handle_event(event):
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
        return None


class TextEntryScene(MenuScene):
    """A menu scene with text fields: text input (and the input method) is on while the scene
    is shown, the input method's box sits by the focused field, and Enter in a field calls
    `submit()` (Backspace edits the field; it is not "back" here)."""

    def enter(self) -> None:
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def update(self, dt: float) -> None:
        w = self.menu.focused
        if isinstance(w, TextField):
            pygame.key.set_text_input_rect(w.rect)

    def submit(self) -> None:
        """Enter in a text field (nothing by default: the menu's own Enter)."""

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and isinstance(self.menu.focused, TextField):
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and \
                    type(self).submit is not TextEntryScene.submit:
                self.submit()
                return None
            if event.key == pygame.K_BACKSPACE:
                self.menu.handle_event(event)
                return None
        return super().handle_event(event)


def title_bar(surf: gfx.Image, app: Any, text: str, y: int = 56) -> None:
    app.text.blit(surf, text, (640, y), theme.SIZE_H1, theme.TEXT, True, "center")
    w = app.text.size(text, theme.SIZE_H1, True)[0]
    gfx.line(surf, theme.ACCENT, (640 - w // 2, y + 30), (640 + w // 2, y + 30), 3)


def overlay(surf: gfx.Image) -> None:
    surf.blit(draw.dim(surf.get_size()), (0, 0))
