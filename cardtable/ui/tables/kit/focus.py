"""One hit / hover / focus model for every table.

The input device used last decides what is highlighted: after a key press the keyboard focus,
after a mouse move or click the thing under the pointer (the focus follows the pointer, so the
keyboard continues from there). Keyboard order is visual order: rows from the top, left to right
inside a row, whatever order the table listed its hits in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

import pygame


class HasRect(Protocol):
    rect: pygame.Rect
    key: str


T = TypeVar("T", bound=HasRect)


def visual_order(hits: Sequence[T]) -> list[T]:
    """`hits` in reading order: grouped into rows (hits whose vertical extents overlap the
    row's first hit), rows top to bottom, each row left to right."""
    rows: list[list[T]] = []
    for h in sorted(hits, key=lambda h: (h.rect.centery, h.rect.centerx)):
        for row in rows:
            r0 = row[0].rect
            if h.rect.top < r0.bottom and r0.top < h.rect.bottom:
                row.append(h)
                break
        else:
            rows.append([h])
    rows.sort(key=lambda row: min(h.rect.top for h in row))
    return [h for row in rows for h in sorted(row, key=lambda h: h.rect.centerx)]


def hovered(hits: Sequence[T], pos: tuple[int, int]) -> T | None:
    """The hit under the pointer (the last listed wins where hits overlap: it is drawn on top)."""
    found = None
    for h in hits:
        if h.rect.collidepoint(pos):
            found = h
    return found


class FocusModel:
    """The keyboard focus, the pointer, and which device spoke last."""

    def __init__(self) -> None:
        self.index = 0
        self.focus_key: str | None = None  # the focused hit's key (kept when hits are rebuilt)
        self.keys_last = False
        self.mouse = (0, 0)

    def note_mouse(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        self.keys_last = False

    def note_key(self) -> None:
        self.keys_last = True

    def current(self, hits: Sequence[T]) -> T | None:
        """The focused hit: by key when it is still there, else by index."""
        if not hits:
            return None
        if self.focus_key is not None:
            for i, h in enumerate(hits):
                if h.key == self.focus_key:
                    self.index = i
                    return h
        return hits[self.index % len(hits)]

    def move(self, hits: Sequence[T], step: int) -> T | None:
        """← / → / Tab: the next hit in visual order (from the one the pointer is on, when the
        mouse was used last)."""
        if not hits:
            return None
        start = self.highlighted(hits)  # what the person sees highlighted now
        i = hits.index(start) if start is not None and start in hits else self.index
        self.index = (i + step) % len(hits)
        self.focus_key = hits[self.index].key
        self.keys_last = True
        return hits[self.index]

    def reset(self) -> None:
        self.index = 0
        self.focus_key = None

    def focus_on(self, hits: Sequence[T], hit: T) -> None:
        """Put the keyboard focus on `hit` (one of `hits`), leaving which device spoke last
        as it is: after a key it is highlighted at once, after the mouse on the next key."""
        self.index = list(hits).index(hit)
        self.focus_key = hit.key

    def highlighted(self, hits: Sequence[T]) -> T | None:
        """What is highlighted: the focus after a key, else the hit under the pointer (the
        focus when the pointer is on nothing offered)."""
        if not hits:
            return None
        if not self.keys_last:
            under = hovered(hits, self.mouse)
            if under is not None:
                return under
        return self.current(hits)

    def highlighted_key(self, hits: Sequence[HasRect]) -> str | None:
        h = self.highlighted(hits)
        return h.key if h is not None else None
