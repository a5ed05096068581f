"""The games: the one list of them, and every lookup by game id.

Ids are stable: they key saves, stats, assets and locales. Each game is the package
`cardtable.games.<id>`, whose `__init__.py` declares everything about it in one
`REGISTRATION` (`cardtable.games.registration.GameRegistration`): rules, agents, describer,
hint wording, lessons, table, art, sample scenes, the bench's tables and what the suites over
every game play. Adding a game is its package and one line in `GAME_IDS`.

Nothing heavy is imported here: a registration names its parts as "module:attr" strings, and
each part is imported the first time it is asked for (a game's rules on its first `get_spec`),
so starting the app does not load every game's rules or AI. The packaging spec lists every module.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from cardtable.games.registration import GameRegistration, resolve

if TYPE_CHECKING:
    from cardtable.ai.agent import Agent
    from cardtable.core.game import GameSpec
    from cardtable.core.match import Match, MatchRecord

# Every game the product has, in menu order: one line per game (its package declares the rest)
GAME_IDS: tuple[str, ...] = (
    "cirno",
    "eight_half",
    "tanto_cuore",
    "wizard",
)

# the levels a person picks for a computer seat (every game has them; `random` besides)
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")

_REGISTRATIONS: dict[str, GameRegistration] = {}
_SPECS: dict[str, GameSpec[Any]] = {}
_AGENTS: dict[str, tuple[dict[str, Callable[[int], Any]], dict[str, Callable[[int], Any]]]] = {}


class UnknownGameError(KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class UnknownAgentError(KeyError):
    """An agent name a game does not have; the message names the valid ones."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def registration(game_id: str) -> GameRegistration:
    """The game's `REGISTRATION` (its package's `__init__` is imported; nothing heavier)."""
    got = _REGISTRATIONS.get(game_id)
    if got is None:
        if game_id not in GAME_IDS:
            raise UnknownGameError(
                f"unknown game {game_id!r}; valid: {', '.join(sorted(GAME_IDS))}")
        package = f"cardtable.games.{game_id}"
        got = importlib.import_module(package).REGISTRATION
        if not isinstance(got, GameRegistration) or got.id != game_id:
            raise RuntimeError(f"{package}.REGISTRATION does not register {game_id!r}")
        _REGISTRATIONS[game_id] = got
    return got


def registrations() -> list[GameRegistration]:
    """Every game's registration, in menu order."""
    return [registration(g) for g in GAME_IDS]


def get_spec(game_id: str) -> GameSpec[Any]:
    """The game's rules (`GameSpec`); its rules module is imported on the first call."""
    spec = _SPECS.get(game_id)
    if spec is None:
        reg = registration(game_id)
        spec = resolve(reg.rules)
        if spec.id != game_id:
            raise RuntimeError(f"{reg.rules} defines {spec.id!r}, not {game_id!r}")
        _SPECS[game_id] = spec
    return spec


class _Registry(Mapping[str, "GameSpec[Any]"]):
    """Game id -> spec, in menu order; a rules module is imported on first access to its spec."""

    def __getitem__(self, game_id: str) -> GameSpec[Any]:
        if game_id not in GAME_IDS:
            raise KeyError(game_id)
        return get_spec(game_id)

    def __iter__(self) -> Iterator[str]:
        return iter(GAME_IDS)

    def __len__(self) -> int:
        return len(GAME_IDS)

    def __contains__(self, game_id: object) -> bool:
        return game_id in GAME_IDS


REGISTRY: Mapping[str, GameSpec[Any]] = _Registry()


# ---------------------------------------------------------------- agents
def _agent_tables(game_id: str
                  ) -> tuple[dict[str, Callable[[int], Any]], dict[str, Callable[[int], Any]]]:
    got = _AGENTS.get(game_id)
    if got is None:
        reg = registration(game_id)
        levels = dict(resolve(reg.agents))
        extra = dict(resolve(reg.measurement_agents)) if reg.measurement_agents else {}
        got = _AGENTS[game_id] = (levels, extra)
    return got


def agent_names(game_id: str) -> list[str]:
    """The agents a seat may be given: `random`, the levels and the game's extras (e.g. Tanto
    Cuore's big_money)."""
    return ["random", *_agent_tables(game_id)[0]]


def all_agent_names(game_id: str) -> list[str]:
    """`agent_names` and the game's measurement variants (what `cardtable simulate` accepts)."""
    return [*agent_names(game_id), *_agent_tables(game_id)[1]]


def make_agent(game_id: str, name: str, seed: int) -> Agent:
    """A new agent `name` of the game, seeded; `UnknownAgentError` names the valid ones."""
    if name == "random":
        from cardtable.ai.agent import RandomAgent
        return RandomAgent()
    levels, extra = _agent_tables(game_id)
    factory = levels.get(name) or extra.get(name)
    if factory is None:
        raise UnknownAgentError(f"unknown agent {name!r} for {game_id}; valid: "
                                f"{', '.join(all_agent_names(game_id))}")
    agent: Agent = factory(seed)
    return agent


# ---------------------------------------------------------------- records
def match_from_record(record: MatchRecord) -> Match:
    """Replay a record of any registered game (`Match.from_record` with the game's spec)."""
    from cardtable.core.match import Match
    return Match.from_record(record, get_spec(record.game_id))
