"""Drawing in logical coordinates at the window's real pixel density.

Every scene lays out in one 1280x720 logical coordinate system. The app renders at a *density*
(physical pixels per logical pixel) that makes the canvas exactly as large as the window, so a
maximized window or a HiDPI screen gets crisp text and card art instead of an upscaled bitmap.

UI code draws through this module rather than `pygame.draw` / `pygame.transform` /
`pygame.Surface` directly:

- `Surface(size, flags)` makes an off-screen image of a *logical* size. At density 1 it is a plain
  `pygame.Surface`; otherwise a `ScaledSurface`: a pixel buffer `density` times larger that
  answers `get_size`, `get_rect`, `blit`, `fill`, `set_clip`, ... in logical coordinates.
- `rect`, `line`, `circle`, ... take the same arguments as `pygame.draw` (logical coordinates,
  widths and radii) and scale them for a `ScaledSurface`.
- `rotate`, `rotozoom`, `scale`, `smoothscale` mirror `pygame.transform`.

Caches of rendered images must be dropped when the density changes (window resized): module
caches use `SurfaceCache` or `cached`, scenes get `Scene.on_scale_changed`.

`STRICT` (set by tests) turns a blit that mixes densities — a stale cache or a plain surface
that should have been made here — into an error instead of a quiet resample.
"""

from __future__ import annotations

import functools
import logging
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import pygame

log = logging.getLogger(__name__)

STRICT = False
_density = 1.0
_on_change: list[Callable[[], None]] = []

Point = Sequence[float]
RectLike = pygame.Rect | Sequence[float]


class DensityMismatch(RuntimeError):
    """A blit mixed images made at different densities (only raised when STRICT)."""


def density() -> float:
    """Physical pixels per logical pixel of everything drawn from now on."""
    return _density


def set_density(value: float) -> bool:
    """Change the density; drops every registered cache. Returns True when it changed."""
    global _density
    value = round(max(0.25, value), 4)
    if value == _density:
        return False
    _density = value
    for clear in _on_change:
        clear()
    return True


def on_density_change(fn: Callable[[], None]) -> Callable[[], None]:
    """Register a function that drops cached images (called whenever the density changes)."""
    _on_change.append(fn)
    return fn


def nbytes(value: Any) -> int:
    """About how much memory a cached value holds: an image's pixels, a container's items."""
    if isinstance(value, ScaledSurface):
        value = value.raw
    if isinstance(value, pygame.Surface):
        return value.get_width() * value.get_height() * value.get_bytesize()
    if isinstance(value, (tuple, list)):
        return 56 + sum(nbytes(v) for v in value)
    if isinstance(value, str):
        return 49 + len(value) * 4
    return 64


class SurfaceCache(OrderedDict):  # type: ignore[type-arg]
    """A least-recently-used cache of rendered images (or lines, sizes...) that empties itself
    when the density changes. It keeps at most `maxsize` entries and about `max_bytes` of
    pixels (`nbytes`): the oldest unused go first, so a long session's memory stays flat."""

    def __init__(self, maxsize: int = 256, max_bytes: int = 32 << 20) -> None:
        super().__init__()
        self.maxsize = maxsize
        self.max_bytes = max_bytes
        self.bytes = 0
        on_density_change(self.clear)

    def __getitem__(self, key: Any) -> Any:
        value = super().__getitem__(key)
        self.move_to_end(key)
        return value

    def get(self, key: Any, default: Any = None) -> Any:
        return self[key] if key in self else default

    def __setitem__(self, key: Any, value: Any) -> None:
        if key in self:
            self.bytes -= nbytes(super().__getitem__(key))
        super().__setitem__(key, value)
        self.move_to_end(key)
        self.bytes += nbytes(value)
        while len(self) > self.maxsize or (self.bytes > self.max_bytes and len(self) > 1):
            self.popitem(last=False)

    def __delitem__(self, key: Any) -> None:
        self.bytes -= nbytes(super().__getitem__(key))
        super().__delitem__(key)

    def popitem(self, last: bool = True) -> tuple[Any, Any]:
        key, value = super().popitem(last)
        self.bytes -= nbytes(value)
        return key, value

    def pop(self, key: Any, *default: Any) -> Any:
        if key not in self:
            if default:
                return default[0]
            raise KeyError(key)
        value = super().__getitem__(key)
        del self[key]
        return value

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]

    def clear(self) -> None:
        super().clear()
        self.bytes = 0


F = TypeVar("F", bound=Callable[..., Any])


def cached(maxsize: int | None = 128) -> Callable[[F], F]:
    """`functools.lru_cache` that is cleared when the density changes."""
    def deco(fn: F) -> F:
        wrapped = functools.lru_cache(maxsize=maxsize)(fn)
        on_density_change(wrapped.cache_clear)
        return wrapped  # type: ignore[return-value]
    return deco


# ---------------------------------------------------------------- geometry helpers

def _px(v: float, s: float) -> int:
    return int(round(v * s))


def _prect(r: RectLike, s: float) -> pygame.Rect:
    """A logical rect in physical pixels; edges are rounded so adjacent rects stay adjacent."""
    r = r if isinstance(r, pygame.Rect) else pygame.Rect(r)
    x0, y0 = _px(r.x, s), _px(r.y, s)
    return pygame.Rect(x0, y0, _px(r.x + r.w, s) - x0, _px(r.y + r.h, s) - y0)


def _ppos(p: Any, s: float) -> tuple[int, int]:
    if isinstance(p, pygame.Rect):
        return _px(p.x, s), _px(p.y, s)
    return _px(p[0], s), _px(p[1], s)


def _ppoints(points: Iterable[Point], s: float) -> list[tuple[float, float]]:
    return [(p[0] * s, p[1] * s) for p in points]


def _pwidth(width: int, s: float) -> int:
    return 0 if width <= 0 else max(1, _px(width, s))


def _pradius(r: int, s: float) -> int:
    return r if r <= 0 else max(1, _px(r, s))


# ---------------------------------------------------------------- images

class ScaledSurface:
    """An image of logical size `size` backed by a pixel buffer `scale` times larger."""

    __slots__ = ("raw", "scale", "size", "_clip")

    def __init__(self, raw: pygame.Surface, scale: float,
                 size: tuple[int, int] | None = None) -> None:
        self.raw = raw
        self.scale = scale
        if size is None:
            size = (max(1, round(raw.get_width() / scale)), max(1, round(raw.get_height() / scale)))
        self.size = (int(size[0]), int(size[1]))
        self._clip: pygame.Rect | None = None

    def __repr__(self) -> str:
        return f"<ScaledSurface {self.size} x{self.scale} raw={self.raw.get_size()}>"

    # size and rects are logical
    def get_size(self) -> tuple[int, int]:
        return self.size

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]

    def get_rect(self, **where: Any) -> pygame.Rect:
        r = pygame.Rect((0, 0), self.size)
        for k, v in where.items():
            setattr(r, k, v)
        return r

    def get_flags(self) -> int:
        return self.raw.get_flags()

    def get_alpha(self) -> int | None:
        return self.raw.get_alpha()

    def set_alpha(self, value: int | None, flags: int = 0) -> None:
        self.raw.set_alpha(value, flags)

    def _wrap(self, raw: pygame.Surface) -> ScaledSurface:
        return ScaledSurface(raw, self.scale, self.size)

    def copy(self) -> ScaledSurface:
        return self._wrap(self.raw.copy())

    def convert(self) -> ScaledSurface:
        return self._wrap(self.raw.convert())

    def convert_alpha(self) -> ScaledSurface:
        return self._wrap(self.raw.convert_alpha())

    def fill(self, color: Any, rect: RectLike | None = None, special_flags: int = 0
             ) -> pygame.Rect:
        self.raw.fill(color, None if rect is None else _prect(rect, self.scale), special_flags)
        return pygame.Rect(rect) if rect is not None else self.get_rect()

    def blit(self, source: Image, dest: Any, area: RectLike | None = None,
             special_flags: int = 0) -> pygame.Rect:
        s = self.scale
        src = _pixels_for(source, s)
        self.raw.blit(src, _ppos(dest, s), None if area is None else _prect(area, s),
                      special_flags)
        x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (dest[0], dest[1])
        w, h = (pygame.Rect(area).size if area is not None else source.get_size())
        return pygame.Rect(int(x), int(y), w, h)

    def set_clip(self, rect: RectLike | None) -> None:
        self._clip = None if rect is None else pygame.Rect(rect)
        self.raw.set_clip(None if rect is None else _prect(rect, self.scale))

    def get_clip(self) -> pygame.Rect:
        return self._clip.copy() if self._clip is not None else self.get_rect()

    def subsurface(self, rect: RectLike) -> ScaledSurface:
        r = pygame.Rect(rect)
        return ScaledSurface(self.raw.subsurface(_prect(r, self.scale)), self.scale, r.size)


Image = pygame.Surface | ScaledSurface


def pixels(img: Image) -> pygame.Surface:
    """The pixel buffer behind an image (for saving, presenting or pixel tests)."""
    return img.raw if isinstance(img, ScaledSurface) else img


def _pixels_for(source: Image, s: float) -> pygame.Surface:
    """The source's pixels at density `s` (resampled, or an error when STRICT, if it differs)."""
    if isinstance(source, ScaledSurface):
        if source.scale == s:
            return source.raw
        raw, size = source.raw, source.size
    else:
        raw, size = source, source.get_size()
    if STRICT:
        raise DensityMismatch(f"blit of {source!r} onto an image of density {s}")
    log.debug("resampling an image of the wrong density (%r onto x%s)", source, s)
    return pygame.transform.smoothscale(raw, (max(1, _px(size[0], s)), max(1, _px(size[1], s))))


def Surface(size: Sequence[int], flags: int = 0) -> Image:  # noqa: N802 - mirrors pygame
    """An off-screen image of logical `size` at the current density."""
    s = _density
    w, h = int(size[0]), int(size[1])
    if s == 1.0:
        return pygame.Surface((w, h), flags)
    return ScaledSurface(pygame.Surface((max(1, _px(w, s)), max(1, _px(h, s))), flags), s,
                         (w, h))


# ---------------------------------------------------------------- pygame.draw, in logical units

def rect(surf: Image, color: Any, r: RectLike, width: int = 0, border_radius: int = 0,
         border_top_left_radius: int = -1, border_top_right_radius: int = -1,
         border_bottom_left_radius: int = -1, border_bottom_right_radius: int = -1
         ) -> pygame.Rect:
    if not isinstance(surf, ScaledSurface):
        return pygame.draw.rect(surf, color, r, width, border_radius, border_top_left_radius,
                                border_top_right_radius, border_bottom_left_radius,
                                border_bottom_right_radius)
    s = surf.scale
    pygame.draw.rect(surf.raw, color, _prect(r, s), _pwidth(width, s), _pradius(border_radius, s),
                     _pradius(border_top_left_radius, s), _pradius(border_top_right_radius, s),
                     _pradius(border_bottom_left_radius, s),
                     _pradius(border_bottom_right_radius, s))
    return pygame.Rect(r)


def line(surf: Image, color: Any, start: Point, end: Point, width: int = 1) -> None:
    if not isinstance(surf, ScaledSurface):
        pygame.draw.line(surf, color, start, end, width)
        return
    s = surf.scale
    pygame.draw.line(surf.raw, color, (start[0] * s, start[1] * s), (end[0] * s, end[1] * s),
                     _pwidth(width, s))


def lines(surf: Image, color: Any, closed: bool, points: Sequence[Point], width: int = 1
          ) -> None:
    if not isinstance(surf, ScaledSurface):
        pygame.draw.lines(surf, color, closed, points, width)
        return
    pygame.draw.lines(surf.raw, color, closed, _ppoints(points, surf.scale),
                      _pwidth(width, surf.scale))


def polygon(surf: Image, color: Any, points: Sequence[Point], width: int = 0) -> None:
    if not isinstance(surf, ScaledSurface):
        pygame.draw.polygon(surf, color, points, width)
        return
    pygame.draw.polygon(surf.raw, color, _ppoints(points, surf.scale), _pwidth(width, surf.scale))


def circle(surf: Image, color: Any, center: Point, radius: float, width: int = 0) -> None:
    if not isinstance(surf, ScaledSurface):
        pygame.draw.circle(surf, color, center, radius, width)
        return
    s = surf.scale
    pygame.draw.circle(surf.raw, color, (center[0] * s, center[1] * s), radius * s,
                       _pwidth(width, s))


def ellipse(surf: Image, color: Any, r: RectLike, width: int = 0) -> None:
    if not isinstance(surf, ScaledSurface):
        pygame.draw.ellipse(surf, color, r, width)
        return
    pygame.draw.ellipse(surf.raw, color, _prect(r, surf.scale), _pwidth(width, surf.scale))


def arc(surf: Image, color: Any, r: RectLike, start_angle: float, stop_angle: float,
        width: int = 1) -> None:
    if not isinstance(surf, ScaledSurface):
        pygame.draw.arc(surf, color, r, start_angle, stop_angle, width)
        return
    pygame.draw.arc(surf.raw, color, _prect(r, surf.scale), start_angle, stop_angle,
                    _pwidth(width, surf.scale))


# ---------------------------------------------------------------- pygame.transform, mask

def rotate(surf: Image, angle: float) -> Image:
    if not isinstance(surf, ScaledSurface):
        return pygame.transform.rotate(surf, angle)
    return ScaledSurface(pygame.transform.rotate(surf.raw, angle), surf.scale)


def rotozoom(surf: Image, angle: float, zoom: float) -> Image:
    if not isinstance(surf, ScaledSurface):
        return pygame.transform.rotozoom(surf, angle, zoom)
    return ScaledSurface(pygame.transform.rotozoom(surf.raw, angle, zoom), surf.scale)


def scale(surf: Image, size: Sequence[int]) -> Image:
    if not isinstance(surf, ScaledSurface):
        return pygame.transform.scale(surf, size)
    s = surf.scale
    raw = pygame.transform.scale(surf.raw, (max(1, _px(size[0], s)), max(1, _px(size[1], s))))
    return ScaledSurface(raw, s, (int(size[0]), int(size[1])))


def smoothscale(surf: Image, size: Sequence[int]) -> Image:
    if not isinstance(surf, ScaledSurface):
        return pygame.transform.smoothscale(surf, size)
    s = surf.scale
    raw = pygame.transform.smoothscale(surf.raw, (max(1, _px(size[0], s)),
                                                  max(1, _px(size[1], s))))
    return ScaledSurface(raw, s, (int(size[0]), int(size[1])))


def mask_outline(surf: Image) -> list[tuple[float, float]]:
    """The outline of the opaque part of `surf` (`pygame.mask`), in logical coordinates."""
    if not isinstance(surf, ScaledSurface):
        return [(float(x), float(y)) for x, y in pygame.mask.from_surface(surf).outline()]
    s = surf.scale
    return [(x / s, y / s) for x, y in pygame.mask.from_surface(surf.raw).outline()]
