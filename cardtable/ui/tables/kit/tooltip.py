"""Tooltips: shown only after the pointer moved onto a thing and rested there, naming exactly
that thing, and placed outside the rectangles the table protects (its hand, pile, totals, badges,
prompt line); where nothing is free, over the emptiest part of the felt."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

REST_SECONDS = 0.35  # how long the pointer rests on a thing before its tooltip shows


class TooltipTimer:
    """Which thing's tooltip may show now. A thing that slides under a resting pointer (a new
    card dealt there, a hand re-laid out) does not count as pointed at: only a pointer that
    moved onto it and rested `REST_SECONDS` does."""

    def __init__(self, rest: float = REST_SECONDS) -> None:
        self.rest = rest
        self.key: str | None = None  # what the pointer moved onto
        self.elapsed = 0.0
        self.armed = False  # the pointer moved since the thing under it last changed
        self._just_moved = False

    def moved(self) -> None:
        """The pointer moved (call on every mouse motion): resting starts again."""
        self.armed = True
        self.elapsed = 0.0
        self._just_moved = True

    def update(self, dt: float, under: str | None) -> None:
        """Each frame: `under` is the key of the thing under the pointer now."""
        if under != self.key:
            self.key = under
            self.elapsed = 0.0
            if not self._just_moved:  # it slid under a pointer that did not move
                self.armed = False
        self._just_moved = False
        if self.armed:
            self.elapsed += dt

    def keyboard(self) -> None:
        """A key was pressed: the keyboard is in use, the pointer's tooltip goes away until
        the pointer moves again."""
        self.armed = False
        self.elapsed = 0.0

    def showing(self, under: str | None) -> bool:
        """True when the tooltip of `under` may be drawn."""
        return (under is not None and under == self.key and self.armed
                and self.elapsed >= self.rest)



def place_tooltip(size: tuple[int, int], anchor: pygame.Rect, avoid: Sequence[pygame.Rect],
                  bounds: pygame.Rect, gap: int = 8, above: bool = True,
                  beside: bool = False) -> pygame.Rect:
    """Where a tooltip of `size` goes for the thing at `anchor` (a hovered card): centred on it,
    above it (or below when `above` is False), and pushed further that way past every rect of
    `avoid` it would cover (the action buttons, the prompt line), so that they stay visible and
    clickable while the mouse rests on the card. When that side has no room inside `bounds`,
    the other side; when neither has, the first side clamped into `bounds`. With `beside`,
    first to the right of the anchor, else to its left, level with its bottom (for a hand
    card, so the table above the hand stays in sight), when that fits and covers nothing of
    `avoid`."""
    w, h = size
    if beside:
        for left in (anchor.right + gap, anchor.left - gap - w):
            rect = pygame.Rect(left, anchor.bottom - h, w, h)
            if bounds.contains(rect) and not any(rect.colliderect(a) for a in avoid):
                return rect
    x = min(max(anchor.centerx - w // 2, bounds.x), bounds.right - w)

    def slide(up: bool) -> tuple[pygame.Rect, bool]:
        rect = pygame.Rect(x, 0, w, h)
        if up:
            rect.bottom = anchor.top - gap
        else:
            rect.top = anchor.bottom + gap
        for _ in range(len(avoid) + 1):
            hit = [a for a in avoid if rect.colliderect(a)]
            if not hit:
                return rect, bounds.contains(rect)
            if up:
                rect.bottom = min(a.top for a in hit) - gap
            else:
                rect.top = max(a.bottom for a in hit) + gap
        return rect, False

    sides = (True, False) if above else (False, True)
    for up in sides:
        rect, ok = slide(up)
        if ok:
            return rect
    return emptiest((w, h), avoid, bounds, anchor)


def covered(rect: pygame.Rect, avoid: Sequence[pygame.Rect], weights: Sequence[int]) -> int:
    """The pixels of `avoid` that `rect` covers, each rect's counted `weights[i]` times."""
    total = 0
    for a, weight in zip(avoid, weights, strict=True):
        c = rect.clip(a)
        total += c.w * c.h * weight
    return total


def emptiest(size: tuple[int, int], avoid: Sequence[pygame.Rect], bounds: pygame.Rect,
             anchor: pygame.Rect | None = None, step: int = 24,
             weights: Sequence[int] | None = None, anchor_weight: int = 1) -> pygame.Rect:
    """Where nothing is free: the place inside `bounds` that covers the least of `avoid`
    (never the anchor itself), the nearest to the anchor among equals. With `weights` (one for
    each rect of `avoid`), a pixel of a rect counts that many times: what matters most is hidden
    last; `anchor_weight` is the anchor's."""
    w, h = size
    best: tuple[int, int, pygame.Rect] | None = None
    keep = [*avoid, anchor] if anchor is not None else list(avoid)
    weigh = [*(weights if weights is not None else [1] * len(avoid)),
             *([anchor_weight] if anchor is not None else [])]
    cx, cy = anchor.center if anchor is not None else bounds.center
    for y in range(bounds.y, max(bounds.y, bounds.bottom - h) + 1, step):
        for x in range(bounds.x, max(bounds.x, bounds.right - w) + 1, step):
            r = pygame.Rect(x, y, w, h)
            score = covered(r, keep, weigh)
            dist = abs(r.centerx - cx) + abs(r.centery - cy)
            if best is None or (score, dist) < best[:2]:
                best = (score, dist, r)
    assert best is not None
    return best[2].clamp(bounds)


def free_spot(size: tuple[int, int], avoid: Sequence[pygame.Rect], bounds: pygame.Rect,
              near: tuple[int, int], step: int = 12) -> pygame.Rect | None:
    """The place of `size` inside `bounds` that touches nothing of `avoid`, nearest to
    `near` (None when there is none)."""
    w, h = size
    if w > bounds.w or h > bounds.h:
        return None
    nx, ny = near
    spots = [(abs(x + w // 2 - nx) + abs(y + h // 2 - ny), x, y)
             for y in range(bounds.y, bounds.bottom - h + 1, step)
             for x in range(bounds.x, bounds.right - w + 1, step)]
    spots.sort()
    for _, x, y in spots:
        r = pygame.Rect(x, y, w, h)
        if r.collidelist(avoid) < 0:
            return r
    return None
