"""Charts drawn with pygame in the app's style: a line chart (win rate over time) and a
histogram (score distribution). Pure drawing: data in, pixels out; text through `Text`."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from cardtable.ui import draw, gfx, theme
from cardtable.ui.text import Text

PAD_LEFT = 52
PAD_RIGHT = 16
PAD_TOP = 52
PAD_BOTTOM = 40


def _frame(surf: gfx.Image, text: Text, rect: pygame.Rect, title: str) -> pygame.Rect:
    """The panel, its title, and the plot area inside it."""
    draw.panel(surf, rect, theme.PANEL, 235, 14, theme.PANEL_EDGE)
    text.blit(surf, title, (rect.x + 14, rect.y + 10), theme.SIZE_SMALL, theme.ACCENT, True)
    return pygame.Rect(rect.x + PAD_LEFT, rect.y + PAD_TOP, rect.w - PAD_LEFT - PAD_RIGHT,
                       rect.h - PAD_TOP - PAD_BOTTOM)


def _no_data(surf: gfx.Image, text: Text, plot: pygame.Rect, note: str) -> None:
    text.blit(surf, note, plot.center, theme.SIZE_SMALL, theme.TEXT_DIM, False, "center")


def _nice_ticks(lo: float, hi: float, most: int = 5) -> list[float]:
    """Round tick values covering lo..hi (at most about `most` of them)."""
    if hi <= lo:
        return [lo]
    raw = (hi - lo) / max(1, most)
    mag = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1.0
    step = mag
    for m in (1, 2, 5, 10):
        if mag * m >= raw:
            step = mag * m
            break
    if raw < 1:
        step = 0.5 if raw > 0.2 else 0.25
    start = (lo // step) * step
    out = []
    v = start
    while v <= hi + 1e-9:
        if v >= lo - 1e-9:
            out.append(round(v, 6))
        v += step
    return out


def _fmt(v: float) -> str:
    return f"{v:g}" if abs(v) < 10000 else f"{v:.0f}"


def line_chart(surf: gfx.Image, text: Text, rect: pygame.Rect, title: str,
               values: Sequence[float], *, lo: float = 0.0, hi: float = 1.0,
               y_label: Callable[[float], str] = lambda v: f"{v:.0%}", x_note: str = "",
               no_data: str = "", marks: Sequence[bool] | None = None) -> pygame.Rect:
    """`values[i]` at x = game i+1, y scaled lo..hi; `marks[i]` True draws a filled dot (a win).
    Returns the plot rectangle."""
    plot = _frame(surf, text, rect, title)
    for frac in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = plot.bottom - int(frac * plot.h)
        gfx.line(surf, theme.PANEL_LIGHT, (plot.x, y), (plot.right, y), 1)
        text.blit(surf, y_label(lo + frac * (hi - lo)), (plot.x - 8, y), theme.SIZE_TINY,
                  theme.TEXT_DIM, False, "midright")
    gfx.line(surf, theme.PANEL_EDGE, plot.bottomleft, plot.bottomright, 2)
    gfx.line(surf, theme.PANEL_EDGE, plot.topleft, plot.bottomleft, 2)
    if not values:
        _no_data(surf, text, plot, no_data)
        return plot
    n = len(values)

    def pos(i: int, v: float) -> tuple[int, int]:
        x = plot.x + (plot.w * i // (n - 1) if n > 1 else plot.w // 2)
        frac = (v - lo) / (hi - lo) if hi > lo else 0.5
        return x, plot.bottom - int(max(0.0, min(1.0, frac)) * plot.h)

    points = [pos(i, v) for i, v in enumerate(values)]
    if n > 1:
        gfx.lines(surf, theme.ACCENT, False, points, 3)
    dots = n <= 60
    for i, p in enumerate(points):
        if dots or i == n - 1:
            won = marks[i] if marks is not None and i < len(marks) else True
            gfx.circle(surf, theme.GOLD if won else theme.PANEL, p, 5)
            gfx.circle(surf, theme.GOLD, p, 5, 2)
    for i in sorted({0, n - 1}):
        text.blit(surf, str(i + 1), (points[i][0], plot.bottom + 6), theme.SIZE_TINY,
                  theme.TEXT_DIM, False, "midtop")
    if x_note:
        text.blit(surf, x_note, (plot.centerx, plot.bottom + 6), theme.SIZE_TINY,
                  theme.TEXT_DIM, False, "midtop")
    last = points[-1]
    label = y_label(values[-1])
    anchor = "bottomright" if last[0] > plot.right - 40 else "bottomleft"
    text.blit(surf, label, (last[0] + (-8 if anchor == "bottomright" else 8), last[1] - 6),
              theme.SIZE_SMALL, theme.GOLD, True, anchor)
    return plot


def histogram(surf: gfx.Image, text: Text, rect: pygame.Rect, title: str,
              edges: Sequence[float], counts: Sequence[int], *, x_note: str = "",
              no_data: str = "") -> pygame.Rect:
    """Bars for `counts` between consecutive `edges` (len(edges) == len(counts) + 1; a single
    bar with edges [lo, hi] and lo == hi is one value). Returns the plot rectangle."""
    plot = _frame(surf, text, rect, title)
    gfx.line(surf, theme.PANEL_EDGE, plot.bottomleft, plot.bottomright, 2)
    gfx.line(surf, theme.PANEL_EDGE, plot.topleft, plot.bottomleft, 2)
    if not counts:
        _no_data(surf, text, plot, no_data)
        return plot
    top = max(1, max(counts))
    for v in _nice_ticks(0, top, 4):
        if v != int(v):
            continue
        y = plot.bottom - int(v / top * plot.h)
        if v:
            gfx.line(surf, theme.PANEL_LIGHT, (plot.x, y), (plot.right, y), 1)
        text.blit(surf, str(int(v)), (plot.x - 8, y), theme.SIZE_TINY, theme.TEXT_DIM, False,
                  "midright")
    k = len(counts)
    gap = 4 if k < 20 else 1
    bw = max(2, (plot.w - gap * (k + 1)) // k)
    for i, c in enumerate(counts):
        h = int(c / top * plot.h)
        x = plot.x + gap + i * (bw + gap)
        bar = pygame.Rect(x, plot.bottom - h, bw, h)
        if h:
            gfx.rect(surf, theme.ACCENT_DARK, bar, border_top_left_radius=4,
                     border_top_right_radius=4)
            gfx.rect(surf, theme.ACCENT, bar, 2, border_top_left_radius=4,
                     border_top_right_radius=4)
        if c and bw >= 18:
            text.blit(surf, str(c), (bar.centerx, bar.y - 2), theme.SIZE_TINY, theme.TEXT,
                      False, "midbottom")
    if edges:
        lo_hi = [(0, edges[0]), (k, edges[-1])] if len(edges) > 1 else [(0, edges[0])]
        for i, v in lo_hi:
            x = plot.x + gap + i * (bw + gap) - (gap if i == k else 0)
            if k == 1 and len(edges) > 1 and edges[0] == edges[-1]:
                x = plot.x + gap + bw // 2
                text.blit(surf, _fmt(v), (x, plot.bottom + 6), theme.SIZE_TINY,
                          theme.TEXT_DIM, False, "midtop")
                break
            text.blit(surf, _fmt(v), (x, plot.bottom + 6), theme.SIZE_TINY, theme.TEXT_DIM,
                      False, "midtop")
    if x_note:
        text.blit(surf, x_note, (plot.centerx, plot.bottom + 6), theme.SIZE_TINY,
                  theme.TEXT_DIM, False, "midtop")
    return plot
