"""Every hand shown (a demo's 顯示所有手牌): where each opponent's hand goes so that it can be
read — a strip of cards big enough to read beside its plate, toward the table's middle, clear
of every plate, of each other and of what the table keeps free (piles, totals, the own hand).

A seat plate's own small fan is for counting backs; faces drawn in it overlap to slivers. The
layout tries card sizes from the largest and takes the largest at which every hand has a strip
(uniform sizes read as one picture); where no size fits them all, the try that placed the most.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

Strip = tuple[pygame.Rect, list[pygame.Rect]]  # the strip and its card rects
CardSize = tuple[tuple[int, int], int]  # (card w, h), the step from one card to the next

MARGIN = 8  # between a strip and anything else


def strip_size(size: CardSize, count: int, pad: int) -> tuple[int, int]:
    (w, h), step = size
    return w + step * (count - 1) + 2 * pad, h + 2 * pad


def place_strip(box: pygame.Rect, size: tuple[int, int], blocked: Sequence[pygame.Rect],
                bounds: pygame.Rect, centre_x: int) -> pygame.Rect | None:
    """Below the plate `box`, else above it (slid sideways while it still spans half of the
    plate), else beside it on the side of `centre_x` (level with the plate's middle, else as
    near as it can while it still reaches half way along the plate): the first place inside
    `bounds` that touches nothing of `blocked`."""
    w, h = size
    reach = max(0, min(w, box.w) // 2)
    slides = sorted(range(-(box.w + w) // 2 + reach, (box.w + w) // 2 - reach + 1, 4), key=abs)
    inward = box.right + 6 if box.centerx < centre_x else box.x - 6 - w
    besides = sorted(range(box.y - h // 2, box.bottom - h // 2 + 1, 2),
                     key=lambda y: abs(y + h // 2 - box.centery))
    x0 = box.centerx - w // 2
    places = [*((x0 + d, box.bottom + 6) for d in slides),
              *((x0 + d, box.y - 6 - h) for d in slides),
              *((inward, y) for y in besides)]
    for x, y in places:
        r = pygame.Rect(x, y, w, h)
        if bounds.contains(r) and r.collidelist(blocked) < 0:
            return r
    return None


def _try(boxes: Mapping[int, pygame.Rect], counts: Mapping[int, int], size: CardSize,
         pad: int, blocked: Sequence[pygame.Rect], bounds: pygame.Rect, centre_x: int,
         order: Sequence[int]) -> dict[int, Strip]:
    taken = [*blocked, *(b.inflate(MARGIN, MARGIN) for b in boxes.values())]
    out: dict[int, Strip] = {}
    (cw, ch), step = size
    for seat in order:
        n = counts.get(seat, 0)
        if n <= 0:
            continue
        strip = place_strip(boxes[seat], strip_size(size, max(3, n), pad), taken, bounds,
                            centre_x)
        if strip is None:
            continue
        taken.append(strip.inflate(MARGIN, MARGIN))
        x0 = strip.x + pad + (strip.w - 2 * pad - cw - step * (n - 1)) // 2
        out[seat] = (strip, [pygame.Rect(x0 + i * step, strip.y + pad, cw, ch)
                             for i in range(n)])
    return out


def layout_shown_hands(boxes: Mapping[int, pygame.Rect], counts: Mapping[int, int],
                       sizes: Sequence[CardSize], blocked: Sequence[pygame.Rect],
                       bounds: pygame.Rect, centre_x: int, pad: int = 6) -> dict[int, Strip]:
    """seat -> its strip for every seat of `boxes` holding cards (a strip is as wide as three
    cards at least, so it does not jump as a hand goes from 3 to 2 cards and back). Seats
    that fit nowhere are left out (their plate's own fan stays)."""
    want = [s for s in boxes if counts.get(s, 0) > 0]
    # the plates at the sides first (they have the fewest places), then across the top from
    # the middle; and the other way round
    sides_first = sorted(want, key=lambda s: (-boxes[s].y, abs(boxes[s].centerx - centre_x)))
    top_first = list(reversed(sides_first))
    best: dict[int, Strip] = {}
    for size in sizes:
        for order in (sides_first, top_first):
            got = _try(boxes, counts, size, pad, blocked, bounds, centre_x, order)
            if len(got) == len(want):
                return got
            if len(got) > len(best):
                best = got
    return best
