"""Who sits where round a table: the seat drawn at the bottom, the others in turn order."""

from __future__ import annotations

from typing import Any


def others_in_order(bottom: int, num_players: int) -> list[int]:
    """Every seat but `bottom`, in turn order from the one after it (laid out left to right
    round the table, from the bottom seat's left)."""
    return [(bottom + i) % num_players for i in range(1, num_players)]


def seat_tag(seat: Any) -> str:
    """What kind of player sits there, for the plate: 真人, or the computer's level."""
    from cardtable.i18n import has_key, tr
    if seat.kind == "human":
        return tr("ui.seat.human")
    key = f"ui.setup.kind.{seat.agent}"
    return tr(key) if has_key(key) else str(seat.agent)
