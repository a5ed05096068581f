"""Seat plates: the panel every seat's plate is drawn on, the tag naming who sits there, and
the bottom (own) plate's name and tag lines."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.i18n import has_key, tr
from cardtable.ui import draw, gfx, theme


def seat_tag(seat: Any) -> str:
    """Who sits in a seat, in words: a person, or the computer's level (a `Seat`)."""
    if seat.kind == "human":
        return tr("ui.seat.human")
    key = f"ui.setup.kind.{seat.agent}"
    return tr(key) if has_key(key) else seat.agent


def plate_panel(surf: gfx.Image, box: pygame.Rect, current: bool, alpha: int = 240) -> None:
    """A plate's shadowed panel; the seat whose turn it is gets the lighter panel and a gold
    edge."""
    draw.shadow(surf, box, 14, 60)
    draw.panel(surf, box, theme.PANEL_LIGHT if current else theme.PANEL, alpha, 14,
               theme.GOLD if current else theme.PANEL_EDGE)


def own_plate(surf: gfx.Image, text: Any, box: pygame.Rect, name: str, tag: str,
              current: bool, name_y: int, tag_y: int) -> None:
    """The bottom seat's plate: its panel, the name (fitted to the plate) and the tag below
    it, `name_y` / `tag_y` below the plate's top."""
    plate_panel(surf, box, current)
    fitted, size = text.fit_line(name, theme.SIZE_BODY, box.w - 28, True)
    text.blit(surf, fitted, (box.x + 14, box.y + name_y), size, theme.TEXT, True)
    text.blit(surf, tag, (box.x + 14, box.y + tag_y), theme.SIZE_TINY, theme.TEXT_DIM)
