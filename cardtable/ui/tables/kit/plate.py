"""Seat plates: the panel every seat's plate is drawn on and the bottom (own) plate's name and
tag lines. Who sits there, in words, is `kit.seats.seat_tag`."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.ui import draw, gfx, theme


def plate_panel(surf: gfx.Image, box: pygame.Rect, current: bool, alarm: bool = False,
                alpha: int = 240) -> None:
    """A seat's plate: shadowed, lighter and gold-edged for the seat to play; with `alarm`
    (8½'s wanted player) a red edge and a red ring round it; a seat out of the game is drawn
    fainter (`alpha`)."""
    draw.shadow(surf, box, 14, 60)
    edge = theme.DANGER if alarm else (theme.GOLD if current else theme.PANEL_EDGE)
    draw.panel(surf, box, theme.PANEL_LIGHT if current else theme.PANEL, alpha, 14, edge)
    if alarm:
        gfx.rect(surf, theme.DANGER, box.inflate(6, 6), 3, border_radius=16)


def own_plate(surf: gfx.Image, text: Any, box: pygame.Rect, name: str, tag: str,
              current: bool, name_y: int, tag_y: int) -> None:
    """The bottom seat's plate: its panel, the name (fitted to the plate) and the tag below
    it, `name_y` / `tag_y` below the plate's top."""
    plate_panel(surf, box, current)
    fitted, size = text.fit_line(name, theme.SIZE_BODY, box.w - 28, True)
    text.blit(surf, fitted, (box.x + 14, box.y + name_y), size, theme.TEXT, True)
    text.blit(surf, tag, (box.x + 14, box.y + tag_y), theme.SIZE_TINY, theme.TEXT_DIM)
