"""Who sits where relative to the seat drawn at the bottom."""

from __future__ import annotations

from cardtable.host.frames import SeatInfo
from cardtable.i18n import has_key, tr


def others_from(bottom: int, n: int) -> list[int]:
    """Every seat but `bottom`, in play order starting from the one after it (the opponents
    along the top, left to right)."""
    return [(bottom + i) % n for i in range(1, n)]


def seat_tag(seat: SeatInfo) -> str:
    """What a seat is, for its plate: a person, or the computer's level; online, a person who
    is away, or the computer standing in for them (a badge)."""
    if seat.stand_in:
        return tr("net.seat.stand_in")
    if seat.person:
        return tr("ui.seat.human") if seat.present else tr("net.seat.away")
    level = seat.level or ""
    key = f"ui.setup.kind.{level}"
    return tr(key) if has_key(key) else level
