"""The pause menu over the table (Esc): resume, settings, rules, back to title, quit."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.scenes.common import MenuScene, column, key, overlay

PANEL = pygame.Rect(440, 100, 400, 520)


class PauseScene(MenuScene):
    name = "pause"
    transparent = True

    def __init__(self, app: Any, table: Any = None) -> None:
        super().__init__(app)
        self.table = table
        self.menu.widgets = column([
            (key("ui.pause.resume"), self.back),
            (key("menu.settings"), self.settings),
            (key("menu.rules"), self.rules),
            (key("ui.pause.to_title"), self.to_title),
            (key("menu.quit"), self.app.quit),
        ], PANEL.x + 50, PANEL.y + 110, PANEL.w - 100, 52, 12)

    def settings(self) -> None:
        from cardtable.ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def rules(self) -> None:
        from cardtable.ui.scenes.rules import RulesScene
        gid = self.table.info.game_id if self.table is not None else "cirno"
        self.app.push(RulesScene(self.app, gid))

    def to_title(self) -> None:
        from cardtable.ui.scenes.title import TitleScene
        self.app.reset(TitleScene(self.app))

    def draw(self, surf: gfx.Image) -> None:
        overlay(surf)
        draw.shadow(surf, PANEL, 20, 90)
        draw.panel(surf, PANEL, theme.PANEL, 255, 20)
        t = self.app.text
        t.blit(surf, tr("ui.pause.title"), (PANEL.centerx, PANEL.y + 52), theme.SIZE_H1,
               theme.TEXT, True, "center")
        self.menu.draw(surf, t)
        # a played game is autosaved at every move, a demo never; a finished game has no
        # save left to continue (it went to the replays)
        demo = self.table is not None and getattr(self.table, "demo", False)
        over = self.table is not None and self.table.over
        note = tr("ui.pause.not_saved") if demo else tr(
            "ui.pause.finished") if over else tr("ui.pause.saved")
        own = getattr(self.table, "pause_note", None)  # a lesson says it is not saved
        if isinstance(own, str):
            note = tr(own)
        t.blit(surf, note, (PANEL.centerx, PANEL.bottom - 26), theme.SIZE_TINY,
               theme.TEXT_DIM, False, "center")
