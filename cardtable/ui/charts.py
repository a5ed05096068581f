"""Charts drawn with pygame in the app's style: a line chart (win rate over time) and a
histogram (score distribution). Pure drawing: data in, pixels out; text through `Text`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from cardtable.ui import draw, gfx, theme
from cardtable.ui.text import Text

PAD_LEFT = 52
PAD_RIGHT = 16
PAD_TOP = 52
TICK_GAP = 4  # plot bottom -> tick labels
TITLE_GAP = 2  # tick labels -> axis title
PAD_BOTTOM_EDGE = 6  # axis title -> panel edge
LABEL_GAP = 6  # least room between two labels on one row


@dataclass
class ChartLayout:
    """Where a chart put its parts (the tests check that no two texts overlap)."""

    plot: pygame.Rect
    title: pygame.Rect
    x_ticks: list[pygame.Rect] = field(default_factory=list)
    y_ticks: list[pygame.Rect] = field(default_factory=list)
    x_title: pygame.Rect | None = None
    labels: list[pygame.Rect] = field(default_factory=list)  # values and counts in the plot


def _pad_bottom(text: Text) -> int:
    """Room under the plot: a row of tick labels, then the axis title on its own row."""
    row = text.size("0", theme.SIZE_TINY)[1]
    return TICK_GAP + row + TITLE_GAP + row + PAD_BOTTOM_EDGE


def _frame(surf: gfx.Image, text: Text, rect: pygame.Rect, title: str) -> ChartLayout:
    """The panel, its title, and the plot area inside it."""
    draw.panel(surf, rect, theme.PANEL, 235, 14, theme.PANEL_EDGE)
    title_rect = text.blit(surf, title, (rect.x + 14, rect.y + 10), theme.SIZE_SMALL,
                           theme.ACCENT, True)
    plot = pygame.Rect(rect.x + PAD_LEFT, rect.y + PAD_TOP, rect.w - PAD_LEFT - PAD_RIGHT,
                       rect.h - PAD_TOP - _pad_bottom(text))
    return ChartLayout(plot, title_rect)


def _x_ticks(surf: gfx.Image, text: Text, rect: pygame.Rect, out: ChartLayout,
             ticks: Sequence[tuple[int, str]]) -> None:
    """Tick labels centred under their x on one row below the plot, kept inside the panel,
    clear of the y labels and of each other (a tick that would touch the previous one is left
    out)."""
    top = out.plot.bottom + TICK_GAP
    left_wall = rect.x + 4
    for y_rect in out.y_ticks:
        if y_rect.bottom > top:  # a y label reaching down into the tick row
            left_wall = max(left_wall, y_rect.right + LABEL_GAP)
    for x, s in ticks:
        w, h = text.size(s, theme.SIZE_TINY)
        r = pygame.Rect(x - w // 2, top, w, h)
        r.right = min(r.right, rect.right - 4)
        r.left = max(r.left, left_wall)
        if out.x_ticks and r.left < out.x_ticks[-1].right + LABEL_GAP:
            continue
        text.blit(surf, s, r.topleft, theme.SIZE_TINY, theme.TEXT_DIM)
        out.x_ticks.append(r)


def _x_title(surf: gfx.Image, text: Text, rect: pygame.Rect, out: ChartLayout, note: str
             ) -> None:
    """The axis title centred on its own row under the tick labels (never on them)."""
    if not note:
        return
    row = text.size("0", theme.SIZE_TINY)[1]
    top = out.plot.bottom + TICK_GAP + row + TITLE_GAP
    size = text.fit(note, theme.SIZE_TINY, rect.w - 28)
    out.x_title = text.blit(surf, note, (out.plot.centerx, top), size, theme.TEXT_DIM, False,
                            "midtop")


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


def _y_tick(surf: gfx.Image, text: Text, out: ChartLayout, s: str, y: int) -> None:
    out.y_ticks.append(text.blit(surf, s, (out.plot.x - 8, y), theme.SIZE_TINY, theme.TEXT_DIM,
                                 False, "midright"))


def line_chart(surf: gfx.Image, text: Text, rect: pygame.Rect, title: str,
               values: Sequence[float], *, lo: float = 0.0, hi: float = 1.0,
               y_label: Callable[[float], str] = lambda v: f"{v:.0%}", x_note: str = "",
               no_data: str = "", marks: Sequence[bool] | None = None) -> ChartLayout:
    """`values[i]` at x = game i+1, y scaled lo..hi; `marks[i]` True draws a filled dot (a win).
    `x_note` (the axis title) goes on its own row under the tick labels."""
    out = _frame(surf, text, rect, title)
    plot = out.plot
    for frac in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = plot.bottom - int(frac * plot.h)
        gfx.line(surf, theme.PANEL_LIGHT, (plot.x, y), (plot.right, y), 1)
        _y_tick(surf, text, out, y_label(lo + frac * (hi - lo)), y)
    gfx.line(surf, theme.PANEL_EDGE, plot.bottomleft, plot.bottomright, 2)
    gfx.line(surf, theme.PANEL_EDGE, plot.topleft, plot.bottomleft, 2)
    if not values:
        _no_data(surf, text, plot, no_data)
        _x_title(surf, text, rect, out, x_note)
        return out
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
    _x_ticks(surf, text, rect, out, [(points[i][0], str(i + 1)) for i in sorted({0, n - 1})])
    _x_title(surf, text, rect, out, x_note)
    last = points[-1]
    label = y_label(values[-1])
    w, h = text.size(label, theme.SIZE_SMALL, True)
    box = pygame.Rect(0, 0, w, h)
    if last[0] > plot.right - 40:
        box.bottomright = (last[0] - 8, last[1] - 6)
    else:
        box.bottomleft = (last[0] + 8, last[1] - 6)
    if box.colliderect(out.title) or box.top < rect.y + 4:
        box.top = last[1] + 6  # no room above the dot: under it
    text.blit(surf, label, box.topleft, theme.SIZE_SMALL, theme.GOLD, True)
    out.labels.append(box)
    return out


def histogram(surf: gfx.Image, text: Text, rect: pygame.Rect, title: str,
              edges: Sequence[float], counts: Sequence[int], *, x_note: str = "",
              no_data: str = "") -> ChartLayout:
    """Bars for `counts` between consecutive `edges` (len(edges) == len(counts) + 1; a single
    bar with edges [lo, hi] and lo == hi is one value). `x_note` (the axis title) goes on its
    own row under the tick labels."""
    out = _frame(surf, text, rect, title)
    plot = out.plot
    gfx.line(surf, theme.PANEL_EDGE, plot.bottomleft, plot.bottomright, 2)
    gfx.line(surf, theme.PANEL_EDGE, plot.topleft, plot.bottomleft, 2)
    if not counts:
        _no_data(surf, text, plot, no_data)
        _x_title(surf, text, rect, out, x_note)
        return out
    top = max(1, max(counts))
    for v in _nice_ticks(0, top, 4):
        if v != int(v):
            continue
        y = plot.bottom - int(v / top * plot.h)
        if v:
            gfx.line(surf, theme.PANEL_LIGHT, (plot.x, y), (plot.right, y), 1)
        _y_tick(surf, text, out, str(int(v)), y)
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
            w, lh = text.size(str(c), theme.SIZE_TINY)
            box = pygame.Rect(0, 0, w, lh)
            box.midbottom = (bar.centerx, bar.y - 2)
            if box.colliderect(out.title):
                box.midtop = (bar.centerx, bar.y + 2)  # inside the bar's top
            text.blit(surf, str(c), box.topleft, theme.SIZE_TINY, theme.TEXT)
            out.labels.append(box)
    ticks: list[tuple[int, str]] = []
    if len(edges) > 1 and k == 1 and edges[0] == edges[-1]:
        ticks = [(plot.x + gap + bw // 2, _fmt(edges[0]))]  # one value: under its bar
    elif edges:
        ticks = [(plot.x + gap, _fmt(edges[0]))]
        if len(edges) > 1:
            ticks.append((plot.x + gap + k * (bw + gap) - gap, _fmt(edges[-1])))
    _x_ticks(surf, text, rect, out, ticks)
    _x_title(surf, text, rect, out, x_note)
    return out
