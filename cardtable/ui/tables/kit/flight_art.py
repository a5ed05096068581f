"""What a card in flight looks like at its size of the moment: its art scaled and its shadow.

A flight between two zones of different card sizes changes size every frame. Scaling the art
and building a soft shadow for each new size cost a frame a few milliseconds at 2560×1440 when
a deal has a dozen cards in the air. Sizes between the two ends are snapped to an even number
of logical pixels (a difference nobody sees on a card in motion; at the two ends the size is
exact, so a card leaves and lands at its zone's size), and the scaled images are kept, so the
cards of one group flight, which pass through the same sizes, share them.

The art itself is still fetched by the table for every card drawn (`cardart.face`, which the
hot-seat privacy test watches); only the scaling is cached here, keyed by that image.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pygame

from cardtable.ui import draw, gfx

SNAP = 2  # logical px
_SHADOW_RADIUS, _SHADOW_ALPHA = 8, 50


def snapped_size(size: tuple[int, int], ends: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """`size`, or the nearest even size when it is not one of the flight's two `ends`."""
    if size in ends:
        return size
    w, h = size
    return (max(SNAP, (w + SNAP // 2) // SNAP * SNAP), max(SNAP, (h + SNAP // 2) // SNAP * SNAP))


class _Lru:
    """A small least-recently-used cache of images, emptied when the density changes."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[object, Any] = OrderedDict()
        gfx.on_density_change(self.items.clear)

    def get(self, key: object) -> Any:
        img = self.items.get(key)
        if img is not None:
            self.items.move_to_end(key)
        return img

    def put(self, key: object, value: Any) -> None:
        self.items[key] = value
        if len(self.items) > self.size:
            self.items.popitem(last=False)


# keyed by the source image's id; each entry keeps that image alive, so while the entry exists
# the id cannot be given to another image (and the entry is checked against it anyway)
_scaled = _Lru(192)
_shadows = _Lru(128)


def scaled(img: gfx.Image, size: tuple[int, int]) -> gfx.Image:
    """`img` at `size` (the same image when it is that size already)."""
    if img.get_size() == size:
        return img
    key = (id(img), size)
    hit = _scaled.get(key)
    if hit is not None and hit[0] is img:
        return hit[1]
    out = gfx.scale(img, size)
    _scaled.put(key, (img, out))
    return out


def shadow(size: tuple[int, int]) -> gfx.Image:
    """The soft shadow under a flying card of `size` (as `draw.shadow` draws it)."""
    hit = _shadows.get(size)
    if hit is None:
        hit = draw.shadow_image(size, _SHADOW_RADIUS, _SHADOW_ALPHA)
        _shadows.put(size, hit)
    return hit


def draw_flight(surface: gfx.Image, rect: pygame.Rect, img: gfx.Image,
                ends: tuple[tuple[int, int], ...]) -> None:
    """A flying card: its shadow, then `img` scaled to the rect's (snapped) size."""
    size = snapped_size(rect.size, ends)
    r = pygame.Rect(rect.topleft, size)
    surface.blit(shadow(size), (r.x - 4 + 3, r.y - 4 + 5))
    surface.blit(scaled(img, size), r)
