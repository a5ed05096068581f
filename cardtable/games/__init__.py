"""The explicit registry of games. Ids are stable: they key saves, stats, assets and locales."""

from __future__ import annotations

from typing import Any

from cardtable.core.game import GameSpec
from cardtable.games.cirno.rules import SPEC as CIRNO
from cardtable.games.eight_half.rules import SPEC as EIGHT_HALF
from cardtable.games.tanto_cuore.rules import SPEC as TANTO_CUORE
from cardtable.games.wizard.rules import SPEC as WIZARD

REGISTRY: dict[str, GameSpec[Any]] = {
    CIRNO.id: CIRNO,
    EIGHT_HALF.id: EIGHT_HALF,
    TANTO_CUORE.id: TANTO_CUORE,
    WIZARD.id: WIZARD,
}

# Every game the product will have, in menu order; those not in REGISTRY yet show as "coming".
PLANNED_GAMES: tuple[str, ...] = ("cirno", "eight_half", "tanto_cuore", "wizard")


def get_spec(game_id: str) -> GameSpec[Any]:
    try:
        return REGISTRY[game_id]
    except KeyError:
        raise KeyError(
            f"unknown game {game_id!r}; valid: {', '.join(sorted(REGISTRY))}") from None
