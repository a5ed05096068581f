"""The card tooltip's panel: a title and wrapped lines of rule text (where it goes is
`kit.tooltip`'s business)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from cardtable.ui import draw, gfx, theme


def tip_size(text: Any, title: str, lines: Sequence[str]) -> tuple[int, int]:
    """The panel's size for `title` over `lines`."""
    lh = text.line_height(theme.SIZE_SMALL)
    w = max(text.size(title, theme.SIZE_BODY, True)[0],
            *(text.size(x, theme.SIZE_SMALL)[0] for x in lines)) + 28
    return w, 44 + lh * len(lines) + 8


def draw_tip(surf: gfx.Image, text: Any, rect: pygame.Rect, title: str,
             lines: Sequence[str]) -> None:
    draw.shadow(surf, rect, 12, 80)
    draw.panel(surf, rect, theme.PANEL, 245, 12, theme.ACCENT)
    text.blit(surf, title, (rect.x + 14, rect.y + 8), theme.SIZE_BODY, theme.ACCENT, True)
    y = rect.y + 42
    lh = text.line_height(theme.SIZE_SMALL)
    for line in lines:
        text.blit(surf, line, (rect.x + 14, y), theme.SIZE_SMALL, theme.TEXT)
        y += lh
