"""Misclick safety: a button that appears where another one was a moment ago ignores clicks for
a short while, so the second click of a quick double click (or a click meant for the button
that just went away) does not land on the new one — e.g. 「結束這回合」 appearing exactly where
「結束服務，去僱用」 was."""

from __future__ import annotations

from collections.abc import Hashable, Iterable

import pygame

SINCE = 0.5  # a button gone this recently still counts as "was there"
HOLD = 0.4  # how long the new button ignores clicks


class MisclickGuard:
    def __init__(self, since: float = SINCE, hold: float = HOLD) -> None:
        self.since = since
        self.hold = hold
        self.shown: dict[Hashable, pygame.Rect] = {}
        self.gone: list[tuple[Hashable, pygame.Rect, float]] = []
        self.appeared: dict[Hashable, float] = {}

    def observe(self, buttons: Iterable[tuple[Hashable, pygame.Rect]], now: float) -> None:
        """The buttons on screen now, each with an identity (what clicking it does)."""
        current = {ident: pygame.Rect(rect) for ident, rect in buttons}
        for ident, rect in self.shown.items():
            if ident not in current:
                self.gone.append((ident, rect, now))
        self.gone = [g for g in self.gone if now - g[2] <= self.since]
        for ident, rect in current.items():
            if ident not in self.shown and any(
                    other != ident and rect.colliderect(r) for other, r, _ in self.gone):
                self.appeared[ident] = now
        self.appeared = {i: t for i, t in self.appeared.items() if now - t < self.hold}
        self.shown = current

    def blocked(self, ident: Hashable, now: float) -> bool:
        """A click on this button now is ignored."""
        t = self.appeared.get(ident)
        return t is not None and now - t < self.hold
