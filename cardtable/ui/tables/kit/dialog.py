"""Dialog panels over the table."""

from __future__ import annotations

import pygame

from cardtable.ui import draw, gfx, theme


def dialog_panel(surf: gfx.Image, rect: pygame.Rect) -> None:
    """The table dimmed and a shadowed panel over it (a results dialog)."""
    from cardtable.ui.scenes.common import overlay
    overlay(surf)
    draw.shadow(surf, rect, 20, 100)
    draw.panel(surf, rect, theme.PANEL, 255, 20)
