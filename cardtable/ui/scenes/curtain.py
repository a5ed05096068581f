"""The opaque pass-device curtain: nothing of the table is drawn under it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.scenes.common import MenuScene
from cardtable.ui.widgets import Button


class CurtainScene(MenuScene):
    name = "curtain"
    transparent = False  # opaque: the table below is not drawn at all

    def __init__(self, app: Any, player: str, on_done: Callable[[], None],
                 open_menu: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.player = player
        self.on_done = on_done
        self.open_menu = open_menu
        self.t = 0.0
        self.menu.widgets = [Button(pygame.Rect(440, 470, 400, 64),
                                    lambda: tr("ui.curtain.ready", player=self.player),
                                    self.done, primary=True)]
        if open_menu is not None:
            # the game menu (settings, rules, leave) without lifting the curtain first
            self.menu.widgets.append(Button(pygame.Rect(1080, 648, 170, 50),
                                            lambda: tr("ui.table.menu"), open_menu))

    def done(self) -> None:
        if self.t < 0.25:  # a click meant for the previous screen must not lift the curtain
            return
        self.app.pop(self)
        self.on_done()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        # Space lifts the curtain, as the screen says, wherever the focus is (after the menu
        # was closed with Esc it stayed on 選單, and Space opened the menu again)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.done()
            return None
        return super().handle_event(event)

    def resume(self) -> None:
        """Back on top (the menu closed): the focus is on the ready button again."""
        self.menu.focus = 0

    def back(self) -> None:
        """Esc opens the game menu over the curtain (the hand stays hidden)."""
        if self.open_menu is not None:
            self.open_menu()

    def update(self, dt: float) -> None:
        self.t += dt

    def next_frame(self) -> float | None:
        return 0.25 - self.t if self.t < 0.25 else None  # when clicks start to count

    def draw(self, surf: gfx.Image) -> None:
        surf.blit(draw.background(surf.get_size()), (0, 0))
        t = self.app.text
        card = pygame.Rect(340, 150, 600, 420)
        draw.shadow(surf, card, 24, 100)
        draw.panel(surf, card, theme.PANEL, 255, 24)
        draw.snowflake(surf, (640, 240), 48, theme.ACCENT, 4)
        # a ten-character name must stay inside the card: the heading shrinks, the hint wraps
        heading = tr("ui.curtain.pass_to", player=self.player)
        t.blit(surf, heading, (640, 340), t.fit(heading, theme.SIZE_H1, card.w - 48, True, 20),
               theme.TEXT, True, "center")
        hint = t.wrap(tr("ui.curtain.hint", player=self.player), theme.SIZE_SMALL, card.w - 64)
        for i, line in enumerate(hint[:2]):
            t.blit(surf, line, (640, 400 + i * 28 - (len(hint[:2]) - 1) * 8), theme.SIZE_SMALL,
                   theme.TEXT_DIM, False, "center")
        self.menu.draw(surf, t)
