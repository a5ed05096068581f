"""Every game's agents by name: `make_agent(game_id, name, seed)`.

Each game module exposes `AGENTS: dict[str, Callable[[int], Agent]]` (levels easy/normal/hard,
plus game extras such as Tanto Cuore's big_money); `random` exists for every game. A game may
also expose `MEASUREMENT_AGENTS`: variants made only to measure something (e.g. Cirno's hard
forbidden to use companion cards), playable in `cardtable simulate` but left out of the levels,
the tournament and the app's choices.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.ai.agent import Agent, RandomAgent
from cardtable.games.cirno.ai import AGENTS as CIRNO_AGENTS
from cardtable.games.cirno.ai import MEASUREMENT_AGENTS as CIRNO_MEASUREMENT_AGENTS
from cardtable.games.eight_half.ai import AGENTS as EIGHT_HALF_AGENTS
from cardtable.games.tanto_cuore.ai import AGENTS as TANTO_CUORE_AGENTS
from cardtable.games.wizard.ai import AGENTS as WIZARD_AGENTS
from cardtable.games.wizard.ai import MEASUREMENT_AGENTS as WIZARD_MEASUREMENT_AGENTS

AGENTS_BY_GAME: dict[str, dict[str, Callable[[int], Any]]] = {
    "cirno": CIRNO_AGENTS,
    "eight_half": EIGHT_HALF_AGENTS,
    "tanto_cuore": TANTO_CUORE_AGENTS,
    "wizard": WIZARD_AGENTS,
}

MEASUREMENT_BY_GAME: dict[str, dict[str, Callable[[int], Any]]] = {
    "cirno": CIRNO_MEASUREMENT_AGENTS,
    "wizard": WIZARD_MEASUREMENT_AGENTS,
}

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


def agent_names(game_id: str) -> list[str]:
    return ["random", *AGENTS_BY_GAME.get(game_id, {})]


def all_agent_names(game_id: str) -> list[str]:
    """`agent_names` and the game's measurement variants (what `cardtable simulate` accepts)."""
    return [*agent_names(game_id), *MEASUREMENT_BY_GAME.get(game_id, {})]


def make_agent(game_id: str, name: str, seed: int) -> Agent:
    if name == "random":
        return RandomAgent()
    try:
        factory = {**AGENTS_BY_GAME[game_id], **MEASUREMENT_BY_GAME.get(game_id, {})}[name]
    except KeyError:
        raise KeyError(f"unknown agent {name!r} for {game_id}; valid: "
                       f"{', '.join(agent_names(game_id))}") from None
    agent: Agent = factory(seed)
    return agent
