"""Seat words shared by the tables: what kind of player sits in a seat."""

from __future__ import annotations

from cardtable.core.match import Seat
from cardtable.i18n import has_key, tr


def seat_tag(seat: Seat) -> str:
    """A person ("真人") or the computer's level, in the current language."""
    if seat.kind == "human":
        return tr("ui.seat.human")
    key = f"ui.setup.kind.{seat.agent}"
    return tr(key) if has_key(key) else seat.agent
