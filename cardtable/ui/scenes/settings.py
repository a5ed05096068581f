"""Settings: language (switches at once, no restart), animation speed, fullscreen, volume, mute,
hints at the table."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.i18n import LOCALES, tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.scenes.common import MenuScene, key, overlay
from cardtable.ui.widgets import Button, Choice, Slider, Toggle

PANEL = pygame.Rect(290, 60, 700, 600)


class SettingsScene(MenuScene):
    name = "settings"
    transparent = True

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        x, w = PANEL.x + 50, PANEL.w - 100
        s = self.app

        def row(i: int) -> pygame.Rect:
            return pygame.Rect(x, PANEL.y + 106 + i * 60, w, 50)  # six rows above the note
        self.menu.widgets = [
            Choice(row(0), key("settings.language"), list(LOCALES),
                   lambda: s.settings.language, lambda v: s.update_settings(False, language=v),
                   lambda v: tr(f"settings.language.{v}"), label_w=240),
            Slider(row(1), key("settings.anim_speed"), 0.25, 4.0, 0.25,
                   lambda: s.settings.anim_speed, lambda v: s.update_settings(False, anim_speed=v),
                   lambda v: f"{v:g}×", label_w=240),
            Toggle(row(2), key("settings.fullscreen"), lambda: s.settings.fullscreen,
                   lambda v: s.update_settings(False, fullscreen=v), label_w=240),
            Slider(row(3), key("settings.volume"), 0.0, 1.0, 0.1,
                   lambda: s.settings.volume, lambda v: s.update_settings(False, volume=v),
                   lambda v: f"{round(v * 100)}%", label_w=240),
            Toggle(row(4), key("settings.muted"), lambda: s.settings.muted,
                   lambda v: s.update_settings(False, muted=v), label_w=240),
            Toggle(row(5), key("settings.hints"), lambda: s.settings.hints,
                   lambda v: s.update_settings(False, hints=v), label_w=240),
            Button(pygame.Rect(PANEL.centerx - 120, PANEL.bottom - 86, 240, 54),
                   key("menu.back"), self.back, primary=True),
        ]

    def exit(self) -> None:
        self.app.save_settings()

    def draw(self, surf: gfx.Image) -> None:
        below = self.app.stack.scenes
        if len(below) == 1:
            surf.blit(draw.background(surf.get_size()), (0, 0))
        else:
            overlay(surf)
        draw.shadow(surf, PANEL, 20, 90)
        draw.panel(surf, PANEL, theme.PANEL, 255, 20)
        t = self.app.text
        t.blit(surf, tr("menu.settings"), (PANEL.centerx, PANEL.y + 50), theme.SIZE_H1,
               theme.TEXT, True, "center")
        self.menu.draw(surf, t)
        t.blit(surf, tr("ui.settings.hint"), (PANEL.centerx, PANEL.bottom - 112), theme.SIZE_TINY,
               theme.TEXT_DIM, False, "center")
