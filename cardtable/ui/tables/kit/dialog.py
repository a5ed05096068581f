"""Dialogs over the table (round and game results): the panel and the game's-end heading."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme


def dialog_panel(surf: gfx.Image, panel: pygame.Rect) -> None:
    """The table dimmed and the dialog's panel on it, shadowed."""
    from cardtable.ui.scenes.common import overlay
    overlay(surf)
    draw.shadow(surf, panel, 20, 100)
    draw.panel(surf, panel, theme.PANEL, 255, 20)


def game_over_heading(t: Any, surf: gfx.Image, panel: pygame.Rect, winners: Sequence[int],
                      name_of: Callable[[int], str], title_y: int, sub_y: int) -> None:
    """「遊戲結束」 and, when there are winners, who won (names joined by the list separator),
    centred at `title_y` and `sub_y` below the panel's top."""
    t.blit(surf, tr("ui.results.game_over"), (panel.centerx, panel.y + title_y), theme.SIZE_H1,
           theme.TEXT, True, "center")
    if winners:
        sub = tr("ui.results.winners", players=tr("ui.list_sep").join(
            name_of(w) for w in winners))
        t.blit(surf, sub, (panel.centerx, panel.y + sub_y), theme.SIZE_BODY, theme.GOLD, True,
               "center")
