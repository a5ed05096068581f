"""Report charts drawn with pygame (no display needed): win rates with 95 % intervals against a
fair-share line, and plain bars. Data in, PNG out."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

BG = (250, 249, 245)
INK = (40, 40, 48)
DIM = (130, 130, 140)
GRID = (225, 224, 218)
BAR = (78, 121, 167)
BAR_GOOD = (89, 161, 79)
BAR_BAD = (225, 87, 89)
FAIR = (242, 142, 43)


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    value: float  # 0..1
    lo: float | None = None
    hi: float | None = None
    fair: float | None = None  # the fair share this bar is judged against


def _font(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, size)


def _colour(bar: Bar) -> tuple[int, int, int]:
    if bar.fair is None or bar.lo is None or bar.hi is None:
        return BAR
    if bar.lo > bar.fair:
        return BAR_GOOD
    if bar.hi < bar.fair:
        return BAR_BAD
    return BAR


def bar_chart(path: Path, title: str, bars: Sequence[Bar], note: str = "",
              width: int = 900) -> Path:
    """Horizontal bars on a 0..1 axis, with interval whiskers and fair-share ticks: green when
    the whole interval lies above the fair share, red when below, blue when undecided."""
    row_h, top, bottom, left, right = 34, 64, 52, 230, 90
    height = top + bottom + row_h * max(1, len(bars))
    surf = pygame.Surface((width, height))
    surf.fill(BG)
    big, small = _font(30), _font(21)
    surf.blit(big.render(title, True, INK), (16, 14))
    if note:
        surf.blit(small.render(note, True, DIM), (16, 40))
    plot_w = width - left - right

    def x_of(v: float) -> int:
        return left + round(max(0.0, min(1.0, v)) * plot_w)

    for k in range(11):
        x = x_of(k / 10)
        pygame.draw.line(surf, GRID, (x, top - 6), (x, height - bottom + 4))
        lab = small.render(f"{k / 10:.1f}", True, DIM)
        surf.blit(lab, (x - lab.get_width() // 2, height - bottom + 10))
    for i, bar in enumerate(bars):
        y = top + i * row_h
        lab = small.render(bar.label, True, INK)
        surf.blit(lab, (left - 10 - lab.get_width(), y + (row_h - lab.get_height()) // 2))
        pygame.draw.rect(surf, _colour(bar), (left, y + 7, x_of(bar.value) - left, row_h - 14))
        mid = y + row_h // 2
        if bar.lo is not None and bar.hi is not None:
            x0, x1 = x_of(bar.lo), x_of(bar.hi)
            pygame.draw.line(surf, INK, (x0, mid), (x1, mid), 2)
            pygame.draw.line(surf, INK, (x0, mid - 6), (x0, mid + 6), 2)
            pygame.draw.line(surf, INK, (x1, mid - 6), (x1, mid + 6), 2)
        if bar.fair is not None:
            xf = x_of(bar.fair)
            pygame.draw.line(surf, FAIR, (xf, y + 2), (xf, y + row_h - 2), 3)
        val = small.render(f"{bar.value:.3f}", True, INK)  # values in the right margin
        surf.blit(val, (width - right + 20, y + (row_h - val.get_height()) // 2))
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))
    return path
