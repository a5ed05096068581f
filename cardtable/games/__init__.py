"""The explicit registry of games. Ids are stable: they key saves, stats, assets and locales.

Each game's rules module is imported the first time its spec is asked for, so starting the app
(or importing one game's card definitions) does not load every game's rules. The list of games
and their modules is still explicit and static; the packaging spec lists every module.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from cardtable.core.game import GameSpec

# Every game the product has, in menu order, and the module whose SPEC defines it.
_MODULES: dict[str, str] = {
    "cirno": "cardtable.games.cirno.rules",
    "eight_half": "cardtable.games.eight_half.rules",
    "tanto_cuore": "cardtable.games.tanto_cuore.rules",
    "wizard": "cardtable.games.wizard.rules",
}

PLANNED_GAMES: tuple[str, ...] = tuple(_MODULES)


class _Registry(Mapping[str, GameSpec[Any]]):
    """Game id -> spec; a rules module is imported on first access to its spec."""

    def __init__(self, modules: Mapping[str, str]) -> None:
        self._modules = dict(modules)
        self._specs: dict[str, GameSpec[Any]] = {}

    def __getitem__(self, game_id: str) -> GameSpec[Any]:
        spec = self._specs.get(game_id)
        if spec is None:
            module = importlib.import_module(self._modules[game_id])
            spec = module.SPEC
            if spec.id != game_id:
                raise RuntimeError(f"{self._modules[game_id]} defines {spec.id!r}, not {game_id!r}")
            self._specs[game_id] = spec
        return spec

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._modules


REGISTRY: Mapping[str, GameSpec[Any]] = _Registry(_MODULES)


def get_spec(game_id: str) -> GameSpec[Any]:
    try:
        return REGISTRY[game_id]
    except KeyError:
        raise KeyError(
            f"unknown game {game_id!r}; valid: {', '.join(sorted(REGISTRY))}") from None
