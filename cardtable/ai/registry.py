"""Every game's agents by name: `make_agent(game_id, name, seed)`.

Each game module exposes `AGENTS: dict[str, Callable[[int], Agent]]` (levels easy/normal/hard,
plus game extras such as Tanto Cuore's big_money); `random` exists for every game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.ai.agent import Agent, RandomAgent
from cardtable.games.cirno.ai import AGENTS as CIRNO_AGENTS
from cardtable.games.eight_half.ai import AGENTS as EIGHT_HALF_AGENTS
from cardtable.games.tanto_cuore.ai import AGENTS as TANTO_CUORE_AGENTS
from cardtable.games.wizard.ai import AGENTS as WIZARD_AGENTS

AGENTS_BY_GAME: dict[str, dict[str, Callable[[int], Any]]] = {
    "cirno": CIRNO_AGENTS,
    "eight_half": EIGHT_HALF_AGENTS,
    "tanto_cuore": TANTO_CUORE_AGENTS,
    "wizard": WIZARD_AGENTS,
}

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


def agent_names(game_id: str) -> list[str]:
    return ["random", *AGENTS_BY_GAME.get(game_id, {})]


def make_agent(game_id: str, name: str, seed: int) -> Agent:
    if name == "random":
        return RandomAgent()
    try:
        factory = AGENTS_BY_GAME[game_id][name]
    except KeyError:
        raise KeyError(f"unknown agent {name!r} for {game_id}; valid: "
                       f"{', '.join(agent_names(game_id))}") from None
    agent: Agent = factory(seed)
    return agent
