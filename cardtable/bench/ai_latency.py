"""AI decision time per level: play games where every seat is the measured level and time each
`choose` call (median and p95, milliseconds); or one seat of a level against a field of
another, as the tournament seats them (`seat_against_field`)."""

from __future__ import annotations

import time
from typing import Any

from cardtable.bench.stats import median, percentile
from cardtable.core.rng import GameRng, derive_seed
from cardtable.games import agent_names, get_spec, make_agent, registration


def measure_level(game: str, level: str, decisions: int, seed: int = 1,
                  budget_s: float = 20.0) -> dict[str, Any]:
    """Time up to `decisions` decisions (fewer when `budget_s` runs out) of `level` in every seat."""
    spec = get_spec(game)
    players = registration(game).bench.latency_players  # a typical table
    times: list[float] = []
    started = time.perf_counter()
    index = 0
    while len(times) < decisions and time.perf_counter() - started < budget_s:
        agents = [make_agent(game, level, derive_seed(seed, index, s, "agent"))
                  for s in range(players)]
        rngs = [GameRng(derive_seed(seed, index, s, "rng")) for s in range(players)]
        state, _ = spec.new_game(derive_seed(seed, index), players, {})
        while (not state.is_terminal() and len(times) < decisions
               and time.perf_counter() - started < budget_s):
            p = state.current_player()
            assert p is not None
            legal = state.legal_actions()
            view = state.view(p)
            t0 = time.perf_counter()
            action = agents[p].choose(view, legal, rngs[p])
            times.append((time.perf_counter() - t0) * 1000)
            state.apply(action)
        index += 1
    return {"game": game, "level": level, "players": players, "decisions": len(times),
            "median_ms": round(median(times), 3), "p95_ms": round(percentile(times, 95), 3),
            "max_ms": round(max(times), 3) if times else 0.0}


def measure_all(games: list[str], decisions: int, budget_s: float) -> list[dict[str, Any]]:
    rows = []
    for game in games:
        for level in agent_names(game):
            rows.append(measure_level(game, level, decisions, budget_s=budget_s))
    return rows


def seat_against_field(game: str, level: str, field: str, players: int, games: int,
                       seed: int = 99, options: dict[str, Any] | None = None
                       ) -> dict[str, tuple[list[float], list[float]]]:
    """One `level` seat (rotating game by game) against `field` in the others: the wall and
    CPU milliseconds of each of its decisions that had a choice, by the kind of action."""
    spec = get_spec(game)
    out: dict[str, tuple[list[float], list[float]]] = {}
    for g in range(games):
        seat = g % players
        agents = [make_agent(game, level if s == seat else field,
                             derive_seed(seed, g, s, "agent")) for s in range(players)]
        rngs = [GameRng(derive_seed(seed, g, s, "rng")) for s in range(players)]
        state, _ = spec.new_game(derive_seed(seed, g), players, dict(options or {}))
        while not state.is_terminal():
            p = state.current_player()
            assert p is not None
            legal, view = state.legal_actions(), state.view(p)
            t0, c0 = time.perf_counter(), time.process_time()
            action = agents[p].choose(view, legal, rngs[p])
            if p == seat and len(legal) > 1:
                wall, cpu = out.setdefault(legal[0].kind, ([], []))
                wall.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
            state.apply(action)
    return out
