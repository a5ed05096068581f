"""Small drawing helpers: backgrounds, panels, shadows (cached where it matters)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable.ui import gfx, theme


def fast(surf: gfx.Image) -> gfx.Image:
    """Convert to the display's pixel format (much faster to blit) once a window exists."""
    if pygame.display.get_surface() is None:
        return surf
    return surf.convert_alpha() if surf.get_flags() & pygame.SRCALPHA else surf.convert()

Color = tuple[int, int, int]


@gfx.cached(maxsize=8)
def gradient(size: tuple[int, int], top: Color = theme.BG_TOP, bottom: Color = theme.BG_BOTTOM
             ) -> gfx.Image:
    w, h = size
    surf = gfx.Surface((w, h))
    for y in range(h):
        t = y / max(1, h - 1)
        c = tuple(int(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
        gfx.rect(surf, c, (0, y, w, 1))  # a rect: at any density the rows meet, no gaps
    return surf


@gfx.cached(maxsize=8)
def background(size: tuple[int, int]) -> gfx.Image:
    """The menu background: a night-blue gradient with a faint pattern of ice crystals."""
    surf = gradient(size).copy()
    w, h = size
    layer = gfx.Surface(size, pygame.SRCALPHA)
    import random
    rnd = random.Random(9)
    for _ in range(38):
        x, y = rnd.randrange(w), rnd.randrange(h)
        r = rnd.randrange(8, 40)
        snowflake(layer, (x, y), r, (170, 210, 255, rnd.randrange(14, 40)), 2)
    surf.blit(layer, (0, 0))
    return fast(surf)


def snowflake(surf: gfx.Image, center: tuple[float, float], r: float,
              color: tuple[int, ...], width: int = 2) -> None:
    import math
    cx, cy = center
    for i in range(6):
        a = math.pi / 3 * i + math.pi / 6
        ex, ey = cx + r * math.cos(a), cy + r * math.sin(a)
        gfx.line(surf, color, (cx, cy), (ex, ey), width)
        for f in (0.45, 0.7):
            bx, by = cx + r * f * math.cos(a), cy + r * f * math.sin(a)
            for s in (-1, 1):
                b = a + s * math.pi / 4
                gfx.line(surf, color, (bx, by),
                         (bx + r * 0.25 * math.cos(b), by + r * 0.25 * math.sin(b)), width)


@gfx.cached(maxsize=256)
def _panel_surface(size: tuple[int, int], color: Color, alpha: int, radius: int,
                   edge: Color | None) -> gfx.Image:
    surf = gfx.Surface(size, pygame.SRCALPHA)
    gfx.rect(surf, (*color, alpha), surf.get_rect(), border_radius=radius)
    if edge is not None:
        gfx.rect(surf, (*edge, min(255, alpha + 40)), surf.get_rect(), 2,
                 border_radius=radius)
    return fast(surf)


def panel(target: gfx.Image, rect: pygame.Rect, color: Color = theme.PANEL,
          alpha: int = 230, radius: int = 14, edge: Color | None = theme.PANEL_EDGE) -> None:
    target.blit(_panel_surface((rect.w, rect.h), color, alpha, radius, edge), rect.topleft)


def shadow_image(size: tuple[int, int], radius: int, alpha: int) -> gfx.Image:
    """A soft shadow for a rectangle of `size` (4 px larger on every side), not cached."""
    surf = gfx.Surface((size[0] + 8, size[1] + 8), pygame.SRCALPHA)
    for i, a in enumerate((alpha // 3, alpha // 2, alpha)):
        gfx.rect(surf, (0, 0, 0, a), pygame.Rect(i * 2, i * 2, size[0] + 8 - i * 4,
                                                 size[1] + 8 - i * 4),
                         border_radius=radius + 4 - i)
    return fast(surf)


_shadow = gfx.cached(maxsize=64)(shadow_image)


def shadow(target: gfx.Image, rect: pygame.Rect, radius: int = 10, alpha: int = 60,
           offset: tuple[int, int] = (3, 5)) -> None:
    target.blit(_shadow((rect.w, rect.h), radius, alpha),
                (rect.x - 4 + offset[0], rect.y - 4 + offset[1]))


@gfx.cached(maxsize=4)
def dim(size: tuple[int, int], alpha: int = 150) -> gfx.Image:
    surf = gfx.Surface(size, pygame.SRCALPHA)
    surf.fill((6, 10, 20, alpha))
    return fast(surf)


def felt_table(felt: pygame.Rect, backdrop: tuple[Color, Color], base: Color,
               shade: tuple[float, float],
               pattern: Callable[[gfx.Image], None] | None = None) -> gfx.Image:
    """A game table the size of the canvas: the `backdrop` gradient, and on it the felt, a
    rounded rectangle of colour `base` shaded lighter towards its upper middle (factor
    `shade[0]` at the edges up to `shade[0] + shade[1]`), with a wooden rim. `pattern` paints a
    translucent layer blended onto the cloth before its corners are rounded (e.g. a wallpaper
    of hearts)."""
    s = gradient(theme.LOGICAL_SIZE, *backdrop).copy()
    cloth = gfx.Surface(felt.size, pygame.SRCALPHA)
    w, h = felt.size
    low, span = shade
    for y in range(h):
        f = 1 - abs(y - h * 0.45) / h
        c = tuple(int(a * (low + span * f)) for a in base)
        gfx.rect(cloth, c, (0, y, w, 1))
    if pattern is not None:  # blended onto the cloth (drawing straight on it would punch holes)
        on_felt(cloth, cloth.get_rect(), pattern)
    mask = gfx.Surface(felt.size, pygame.SRCALPHA)
    gfx.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=36)
    cloth.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(cloth, felt.topleft)
    gfx.rect(s, theme.FELT_EDGE, felt, 6, border_radius=36)
    gfx.rect(s, (140, 104, 64), felt.inflate(-10, -10), 1, border_radius=32)
    return s


def on_felt(table: gfx.Image, felt: pygame.Rect, paint: Callable[[gfx.Image], None]) -> None:
    """Blend a decoration painted by `paint` (in the felt's own coordinates) onto `table`."""
    layer = gfx.Surface(felt.size, pygame.SRCALPHA)
    paint(layer)
    table.blit(layer, felt.topleft)


@gfx.cached(maxsize=64)
def dim_card(size: tuple[int, int], alpha: int) -> gfx.Image:
    """A dark veil in a card's shape, laid over cards that cannot be played."""
    s = gfx.Surface(size, pygame.SRCALPHA)
    gfx.rect(s, (10, 14, 24, alpha), s.get_rect(), border_radius=max(4, size[0] // 11))
    return fast(s)
