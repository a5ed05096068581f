"""Zones from a game's view: what a table holds for a private zone it may or may not see."""

from __future__ import annotations

from collections.abc import Sequence


def private_cards(seat: int, viewer: int | None, everyone: Sequence[Sequence[str]] | None,
                  own: Sequence[str] | None, counts: Sequence[int]) -> list[str | None]:
    """A seat's private cards as the table may hold them: every seat's when the view shows all
    (`everyone`), the viewer's own, else as many backs (None) as the seat holds."""
    if everyone is not None:
        return list(everyone[seat])
    if viewer == seat and own is not None:
        return list(own)
    return [None] * counts[seat]
