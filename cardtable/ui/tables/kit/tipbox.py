"""The card tooltip's box: a title and wrapped lines on a panel."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from cardtable.ui import draw, gfx, theme


def tip_size(t: Any, title: str, lines: Sequence[str]) -> tuple[int, int]:
    """The size of a tooltip with `title` over `lines` (each already wrapped)."""
    lh = t.line_height(theme.SIZE_SMALL)
    w = max(t.size(title, theme.SIZE_BODY, True)[0],
            *(t.size(x, theme.SIZE_SMALL)[0] for x in lines)) + 28
    return w, 44 + lh * len(lines) + 8


def draw_tip(surf: gfx.Image, t: Any, rect: pygame.Rect, title: str,
             lines: Sequence[str]) -> None:
    """A tooltip at `rect` (from `tip_size` and the table's placement)."""
    lh = t.line_height(theme.SIZE_SMALL)
    draw.shadow(surf, rect, 12, 80)
    draw.panel(surf, rect, theme.PANEL, 245, 12, theme.ACCENT)
    t.blit(surf, title, (rect.x + 14, rect.y + 8), theme.SIZE_BODY, theme.ACCENT, True)
    y = rect.y + 42
    for line in lines:
        t.blit(surf, line, (rect.x + 14, y), theme.SIZE_SMALL, theme.TEXT)
        y += lh
