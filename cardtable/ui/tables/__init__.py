"""Game tables: one TableScene subclass per game, named by the game's registration."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.games import GAME_IDS, registration
from cardtable.games.registration import resolve

if TYPE_CHECKING:
    from cardtable.ui.tables.table_scene import TableScene


def playable(game_id: str) -> bool:
    """A game can be started from the menus: it is registered and names a table."""
    return game_id in GAME_IDS and registration(game_id).table is not None


def table_class(game_id: str) -> type[TableScene]:
    """The game's table (`GameRegistration.table`, imported on first use)."""
    ref = registration(game_id).table
    if ref is None:
        raise KeyError(f"no table for game {game_id!r}")
    table: type[TableScene] = resolve(ref)
    return table
