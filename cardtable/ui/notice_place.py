"""Where notices go: a column of boxes placed clear of the buttons on screen.

A play test found the title's notice about cut names drawn over the 離開 button; the toasts of
`App.tell` went to the top of whatever scene was open, over any button there. `place_column`
finds a place for a column of boxes that covers no button (and, when it can, nothing else the
scene wants kept clear), trying the usual places first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from cardtable.ui import gfx
    from cardtable.ui.text import Text

GAP = 8  # between the boxes of a column
CLEAR = 6  # kept between a box and a button
STEP = 8  # the scan's step, in logical pixels


def _order(lo: int, hi: int, first_high: bool) -> list[int]:
    if hi < lo:
        return [lo]
    out = list(range(lo, hi + 1, STEP))
    if out[-1] != hi:
        out.append(hi)
    return out[::-1] if first_high else out


def place_column(sizes: Sequence[tuple[int, int]], area: pygame.Rect,
                 buttons: Sequence[pygame.Rect], keep: Sequence[pygame.Rect] = (),
                 bottom_first: bool = False) -> list[pygame.Rect]:
    """Rects for boxes of `sizes`, one under the other (all as wide as the widest), inside
    `area`: covering none of `buttons` and, where some place allows it, none of `keep`. The
    top middle is tried first (the bottom with `bottom_first`), then the other end, then the
    right and left edges, then every place scanning from that end. When no place clears every
    button, the one covering the least button area is taken."""
    if not sizes:
        return []
    w = min(max(s[0] for s in sizes), area.w)
    h = sum(s[1] for s in sizes) + GAP * (len(sizes) - 1)
    top, bottom = area.y, max(area.y, area.bottom - h)
    left, right = area.x, max(area.x, area.right - w)
    centre = area.centerx - w // 2
    ends = [bottom, top] if bottom_first else [top, bottom]
    tried: list[tuple[int, int]] = [(x, y) for y in ends for x in (centre, right, left)]
    xs = [centre, right, left] + _order(left, right, False)
    tried += [(x, y) for y in _order(top, bottom, bottom_first) for x in xs]
    hard = [pygame.Rect(b).inflate(2 * CLEAR, 2 * CLEAR) for b in buttons]
    soft = hard + [pygame.Rect(k).inflate(2 * CLEAR, 2 * CLEAR) for k in keep]
    spot: tuple[int, int] | None = None
    for avoid in ((soft, hard) if keep else (hard,)):
        for x, y in tried:
            if pygame.Rect(x, y, w, h).collidelist(avoid) < 0:
                spot = (x, y)
                break
        if spot is not None:
            break
    if spot is None:  # nowhere clear: the place covering the least of the buttons
        def covered(p: tuple[int, int]) -> int:
            box = pygame.Rect(p[0], p[1], w, h)
            return sum(c.w * c.h for c in (box.clip(b) for b in hard))
        spot = min(tried, key=covered)
    out: list[pygame.Rect] = []
    y = spot[1]
    for _, bh in sizes:
        out.append(pygame.Rect(spot[0], y, w, bh))
        y += bh + GAP
    return out


LINE_H = 26  # a notice line at theme.SIZE_SMALL
PAD_H = 14  # above and under a notice's lines


def notice_blocks(text: Text, notices: Sequence[str], width: int, size: int
                  ) -> list[tuple[list[str], tuple[int, int]]]:
    """Each notice's lines (wrapped to `width`, at most three) and its box size."""
    out: list[tuple[list[str], tuple[int, int]]] = []
    for s in notices:
        lines = text.wrap(s, size, width - 32, True)[:3] or [""]
        lw = max(text.size(line, size, True)[0] for line in lines)
        out.append((lines, (lw + 40, 2 * PAD_H + LINE_H * len(lines))))
    return out


def draw_notices(surf: gfx.Image, text: Text, notices: Sequence[str], area: pygame.Rect,
                 buttons: Sequence[pygame.Rect], keep: Sequence[pygame.Rect] = (),
                 bottom_first: bool = False, width: int | None = None) -> list[pygame.Rect]:
    """Draw `notices` (texts as read) as gold boxes placed by `place_column`; their rects."""
    from cardtable.ui import draw, theme
    size = theme.SIZE_SMALL
    blocks = notice_blocks(text, notices, min(width or area.w, area.w), size)
    rects = place_column([b[1] for b in blocks], area, buttons, keep, bottom_first)
    for (lines, _), box in zip(blocks, rects, strict=True):
        draw.panel(surf, box, alpha=240, edge=theme.GOLD)
        y = box.centery - (len(lines) - 1) * LINE_H // 2
        for line in lines:
            text.blit(surf, line, (box.centerx, y), size, theme.GOLD, True, "center")
            y += LINE_H
    return rects
