"""A cached table layer redrawn part by part (dirty rectangles).

A table describes its layer as an ordered list of `Part`s: a name, the rectangle that bounds
everything the part paints (shadows, highlights and badges included), a signature of everything
the drawing reads, and the function that draws it. `PartLayer.draw` compares the signatures with
the previous frame's and repaints only the rectangles of the parts that changed (the old and the
new rectangle): the background is restored there, then *every* part that overlaps the rectangle
is drawn again in order, clipped to it (dirty rectangles under one part are joined first, so a
part is drawn at most once a frame). The pixels come out exactly as a full redraw in the same
order would make them, whatever the parts overlap, as long as each part paints only inside its
rectangle (the tables' tests check that).

A full redraw happens when the key (surface, density, language, viewer...) changes, when the
table asks for one, or when the dirty area is large anyway.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from cardtable.ui import gfx

# text rasterized at a density other than 1 may reach this far (logical px) right of its rect,
# so a part holding text is that much wider
TEXT_SLACK = 12


@dataclass(frozen=True, slots=True)
class Part:
    name: str
    rect: pygame.Rect  # bounds everything `draw` paints
    sig: Any  # compared with == ; the part is repainted when it changes
    draw: Callable[[gfx.Image], None]


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping rectangles joined into their bounding rectangles (until none overlap)."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = r.copy()
        merged = True
        while merged:
            merged = False
            for i, o in enumerate(out):
                if r.colliderect(o):
                    r.union_ip(out.pop(i))
                    merged = True
                    break
        out.append(r)
    return out


class PartLayer:
    """The bookkeeping of one cached layer: the previous frame's signatures and rectangles."""

    FULL_SHARE = 0.6  # a dirty area larger than this share of the layer is redrawn in full

    def __init__(self) -> None:
        self.key: Any = None
        self.sigs: dict[str, Any] = {}
        self.rects: dict[str, pygame.Rect] = {}
        self.last_full = False  # for tests and profiling: was the last draw a full one
        self.last_dirty: list[pygame.Rect] = []

    def reset(self) -> None:
        """Forget everything: the next draw is a full one."""
        self.key = None
        self.sigs = {}
        self.rects = {}

    def draw(self, surf: gfx.Image, background: gfx.Image, parts: Sequence[Part], key: Any,
             full: bool = False) -> None:
        bounds = surf.get_rect()
        # one logical pixel of margin: at a fractional density an image placed at a rounded
        # position with a rounded size may cover one more physical pixel than its rect
        rects = {p.name: p.rect.inflate(2, 2) for p in parts}
        if not full and key == self.key:
            dirty: list[pygame.Rect] = []
            for p in parts:
                new = rects[p.name]
                old = self.rects.get(p.name)
                if old is None:
                    dirty.append(new)
                elif self.sigs.get(p.name) != p.sig or old != new:
                    dirty.append(new.union(old))
            dirty += [r for n, r in self.rects.items() if n not in rects]
            dirty = _merge([d for r in dirty if (d := r.clip(bounds)).w > 0 and d.h > 0])
            # a part under two dirty rectangles would be drawn twice: join them
            joined = True
            while joined and len(dirty) > 1:
                joined = False
                for r in rects.values():
                    under = [d for d in dirty if r.colliderect(d)]
                    if len(under) > 1:
                        dirty = _merge([d for d in dirty if d not in under]
                                       + [under[0].unionall(under[1:])])
                        joined = True
                        break
            if sum(r.w * r.h for r in dirty) > self.FULL_SHARE * bounds.w * bounds.h:
                full = True
        else:
            full = True
        if full:
            surf.blit(background, (0, 0))
            for p in parts:
                p.draw(surf)
            self.last_dirty = [bounds]
        else:
            clip = surf.get_clip()
            for d in dirty:
                surf.set_clip(d)
                surf.blit(background, d.topleft, d)
                for p in parts:
                    if rects[p.name].colliderect(d):
                        p.draw(surf)
            surf.set_clip(clip)
            self.last_dirty = dirty
        self.last_full = full
        self.key = key
        self.sigs = {p.name: p.sig for p in parts}
        self.rects = rects
