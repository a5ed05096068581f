"""The seat plate: a panel with a lit edge for the seat to play and an alarm ring."""

from __future__ import annotations

import pygame

from cardtable.ui import draw, gfx, theme


def plate_panel(surf: gfx.Image, box: pygame.Rect, current: bool, alarm: bool = False) -> None:
    """A seat's plate: shadowed, lighter and gold-edged for the seat to play; with `alarm`
    (8½'s wanted player) a red edge and a red ring round it."""
    draw.shadow(surf, box, 14, 60)
    edge = theme.DANGER if alarm else (theme.GOLD if current else theme.PANEL_EDGE)
    draw.panel(surf, box, theme.PANEL_LIGHT if current else theme.PANEL, 240, 14, edge)
    if alarm:
        gfx.rect(surf, theme.DANGER, box.inflate(6, 6), 3, border_radius=16)
