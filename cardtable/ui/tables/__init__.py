"""Game tables: one TableScene subclass per game, looked up by game id."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.ui.tables.table_scene import TableScene


def table_class(game_id: str) -> type[TableScene]:
    if game_id == "cirno":
        from cardtable.ui.tables.cirno_table import CirnoTableScene
        return CirnoTableScene
    raise KeyError(f"no table for game {game_id!r}")
