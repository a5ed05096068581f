"""Shared helpers for the history tests: random games of every registered game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from cardtable.core.game import GameSpec
from cardtable.core.match import Match, Seat
from cardtable.games import REGISTRY

# Option sets worth covering (besides the defaults); unknown names are skipped, so a game that
# renames an option still runs with its defaults.
EXTRA_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "cirno": [{"advanced": True}],
    "wizard": [{"hidden_bids": True}, {"forehead": True}],
    "eight_half": [{"half_catches": True}],
}

GAME_IDS = sorted(REGISTRY)


def option_sets(spec: GameSpec[Any]) -> list[dict[str, Any]]:
    fields = spec.options_model.model_fields
    out: list[dict[str, Any]] = [{}]
    for opts in EXTRA_OPTIONS.get(spec.id, []):
        if set(opts) <= set(fields):
            out.append(opts)
    return out


def seats(n: int, humans: tuple[int, ...] = (0,)) -> list[Seat]:
    return [Seat(kind="human", name=f"P{i}") if i in humans else Seat(kind="ai", agent="random")
            for i in range(n)]


def new_match(game_id: str, seed: int, n: int | None = None, options: dict[str, Any] | None = None,
              humans: tuple[int, ...] = (0,)) -> Match:
    spec = REGISTRY[game_id]
    n = n if n is not None else spec.min_players
    return Match(spec, seed, n, options or {}, seats(n, humans))


def play_random(match: Match, seed: int, max_steps: int | None = None) -> Match:
    rng = random.Random(seed)
    steps = 0
    while not match.state.is_terminal() and (max_steps is None or steps < max_steps):
        match.submit(rng.choice(match.state.legal_actions()))
        steps += 1
    return match


def random_games(seeds: int = 2) -> Iterator[tuple[str, dict[str, Any], int, Match]]:
    """(game id, options, seed, finished match) for every game, option set and seed."""
    for game_id in GAME_IDS:
        spec = REGISTRY[game_id]
        for opts in option_sets(spec):
            for seed in range(seeds):
                n = spec.min_players + seed % 2
                n = min(n, spec.max_players)
                yield game_id, opts, seed, play_random(new_match(game_id, seed, n, opts), seed)


def viewers(n: int) -> list[int | None]:
    return [None, -1, *range(n)]


def metric_rows(match: Match, db_path: Any, name: str) -> list[tuple[int, float]]:
    """Play `match` to its end (first legal action), record it in a fresh statistics database
    at `db_path`, and return the (seat, value) rows of metric `name`."""
    from cardtable.history.stats import StatsDB
    while not match.state.is_terminal():
        match.submit(match.state.legal_actions()[0])
    db = StatsDB(db_path)
    try:
        db.record_match(match)
        return db.conn.execute("SELECT seat, value FROM metrics WHERE name = ?",
                               (name,)).fetchall()
    finally:
        db.close()
