"""Zone mirrors: what a table's zone lists hold, built from a view and changed by moves."""

from __future__ import annotations

from collections.abc import Sequence


def seen_cards(everything: Sequence[Sequence[str]] | None, own: Sequence[str] | None,
               me: int | None, seat: int, count: int) -> list[str | None]:
    """Seat `seat`'s private cards as a view shows them: the faces when the view shows every
    seat's (show-all, or the rules reveal them), the viewer's own faces, else `count` backs."""
    if everything is not None:
        return list(everything[seat])
    if me == seat and own is not None:
        return list(own)
    return [None] * count


def take_index(cards: Sequence[str | None], card: str | None) -> int | None:
    """Which card of a zone's mirror a leaving `card` is: that face when it is there, else a
    back, else the last (None: the zone is empty)."""
    if card is not None and card in cards:
        return cards.index(card)
    if None in cards:
        return cards.index(None)
    return len(cards) - 1 if cards else None


def take_from(cards: list[str | None], card: str | None) -> None:
    """A card leaves a zone's mirror (the one `take_index` names)."""
    i = take_index(cards, card)
    if i is not None:
        del cards[i]
