"""Game tables: one TableScene subclass per game, looked up by game id."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.ui.tables.table_scene import TableScene


TABLES: frozenset[str] = frozenset({"cirno", "eight_half", "tanto_cuore", "wizard"})


def playable(game_id: str) -> bool:
    """A game can be started from the menus: its rules are registered and it has a table."""
    from cardtable.games import REGISTRY
    return game_id in REGISTRY and game_id in TABLES


def table_class(game_id: str) -> type[TableScene]:
    if game_id == "cirno":
        from cardtable.ui.tables.cirno_table import CirnoTableScene
        return CirnoTableScene
    if game_id == "eight_half":
        from cardtable.ui.tables.eight_half_table import EightHalfTableScene
        return EightHalfTableScene
    if game_id == "tanto_cuore":
        from cardtable.ui.tables.tanto_cuore_table import TantoCuoreTableScene
        return TantoCuoreTableScene
    if game_id == "wizard":
        from cardtable.ui.tables.wizard_table import WizardTableScene
        return WizardTableScene
    raise KeyError(f"no table for game {game_id!r}")
