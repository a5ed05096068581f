"""What a game declares about itself, in one place: its `GameRegistration`.

Each game package says everything the rest of the app needs to know about it in its
`__init__.py` (``REGISTRATION = GameRegistration(...)``), and `cardtable.games` keeps the one
list of games (`GAME_IDS`). Every registry reads from there: the rules, the agents, the
describer, the hint wording, the lessons, the table, the card art, the sample scenes and
screenshots, the bench's tables and the suites that run over every game.

The heavy parts are named, not imported: a "module:attr" string (`Ref`) is resolved on first use
(`resolve`), so importing a registration costs nothing: it does not import the rules, the AI or
pygame. The table and the art are UI modules (the rules layers never import the UI): only UI
code resolves them (`cardtable.ui.tables.table_class`).

This module imports nothing of the app but the standard library.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# "package.module:attribute", resolved on first use (`resolve`)
Ref = str


def resolve(ref: Ref) -> Any:
    """The object a "module:attr" string names (its module imported now)."""
    module, sep, attr = ref.partition(":")
    if not sep or not module or not attr:
        raise ValueError(f"not a 'module:attr' reference: {ref!r}")
    return getattr(importlib.import_module(module), attr)


@dataclass(frozen=True, slots=True)
class Variant:
    """A table worth playing: a player count and rule options (defaults when empty)."""

    players: int
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """e.g. ``4p-advanced``, ``6p-deals=2-winner_swap=False``, ``3p-default`` (test ids)."""
        opts = "-".join(k if v is True else f"{k}={v}" for k, v in self.options.items())
        return f"{self.players}p-{opts or 'default'}"


@dataclass(frozen=True, slots=True)
class Sample:
    """A sample scene (`cardtable --scene NAME`): `opener(app, name, seed)` opens it over the
    title; `screenshot` is its file stem under docs/screenshots (None: not one of them)."""

    scene: str
    opener: Ref
    screenshot: str | None = None


@dataclass(frozen=True, slots=True)
class BenchPlan:
    """How `cardtable bench` and `cardtable tournament` set up this game."""

    title: str                   # the game's name in the (English) reports
    latency_players: int         # AI decision time: every seat the measured level
    demo_players: int            # the AI demo whose frame time is measured
    tournament_players: int      # the tournament's main table
    # the tournament runs the games in this order: cheap hard agents first
    tournament_rank: int = 100
    # rule options of extra four-player tournament tables (besides the default rules)
    tournament_options: tuple[Mapping[str, Any], ...] = ()
    # simulator metrics shown under each table of the tournament report
    report_metrics: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Coverage:
    """What the suites that run over every registered game play of this one."""

    # tables whose rules take different code paths: the rules contract, quiet play, history
    variants: tuple[Variant, ...]
    # the table size of the UI suites (small and quick)
    table_players: int
    # hot-seat privacy: the player counts seated with two people and computers
    hotseat_players: tuple[int, ...] = (3,)
    # random games per variant in the always-on rules suites (fewer for long games)
    quick_games: int = 4


@dataclass(frozen=True, slots=True)
class GameRegistration:
    """Everything about one game, the heavy parts as "module:attr" references (`Ref`)."""

    id: str
    rules: Ref                     # the `GameSpec` instance
    agents: Ref                    # name -> factory(seed): the levels easy/normal/hard + extras
    coverage: Coverage
    bench: BenchPlan
    # variants made only to measure something (playable in `cardtable simulate`, left out of
    # the levels, the tournament and the app's choices)
    measurement_agents: Ref | None = None
    # `reshuffle_hidden(state, viewer, rng) -> state`: a copy with everything `viewer` may not
    # see dealt again (the no-leak check of the rules contract)
    hidden: Ref | None = None
    describer: Ref | None = None   # a `cardtable.history.describer.Describer` subclass
    hints: Ref | None = None       # a `cardtable.coach.hints.HintWording` (the hard AI explains)
    lessons: Ref | None = None     # a tuple of `cardtable.coach.lesson.Lesson`, in menu order
    # UI (resolved by UI code only): the `TableScene` subclass, and the card face painter
    # `paint(surface, card, text)` that `cardtable.ui.cardart.face` draws the game's faces with
    table: Ref | None = None
    art: Ref | None = None
    samples: tuple[Sample, ...] = ()
