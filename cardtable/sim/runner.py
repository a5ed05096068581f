"""Headless games between agents, with seats rotated, spread over processes.

Game `g` of a run with seed `s` is fully determined by (s, g): its game seed and every agent's
seed and RNG derive from them, so results are identical whatever the number of workers.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.core.match import Match, MatchRecord, Seat
from cardtable.core.rng import GameRng, derive_seed
from cardtable.games import get_spec, make_agent, match_from_record
from cardtable.host.controllers import Computer
from cardtable.host.host import MatchHost


@dataclass(frozen=True, slots=True)
class SimConfig:
    game: str
    players: int
    games: int
    seed: int
    agents: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    save_records: str | None = None  # folder: one record file per game (cardtable.history)


@dataclass(slots=True)
class GameResult:
    index: int
    seat_agents: list[str]
    returns: list[float]
    scores: list[float]
    metrics: list[dict[str, float]]
    decisions: int


def seat_agents(config: SimConfig, index: int) -> list[str]:
    """Rotate the agent list by the game index so every agent sits in every seat equally."""
    n = config.players
    r = index % n
    return [config.agents[(s - r) % n] for s in range(n)]


def play_game(config: SimConfig, index: int) -> GameResult:
    """Game `index` of the run, played through the match host like every game (quiet: its
    events would be thrown away; the play is the same, `GameState.quiet`)."""
    spec = get_spec(config.game)
    names = seat_agents(config, index)
    game_seed = derive_seed(config.seed, index)
    seats = [Seat(kind="ai", agent=n) for n in names]
    match = Match(spec, game_seed, config.players, config.options, seats, quiet=True)
    controllers = []
    for seat, name in enumerate(names):
        agent = make_agent(config.game, name, derive_seed(config.seed, index, seat, "agent"))
        rng = GameRng(derive_seed(config.seed, index, seat, "rng"))  # one per seat and game
        controllers.append(Computer(agent, name, lambda _request, rng=rng: rng))
    host = MatchHost(match, controllers, undo_rule="off", strict=True)
    tallies: list[dict[str, float]] = [{} for _ in names]
    host.on_action.append(lambda p, action, _events: spec.count_action(p, action, tallies[p]))
    decisions = host.run()
    if config.save_records:
        _save_record(config, index, host.record())
    returns, scores = host.result()
    zero = dict.fromkeys(spec.action_count_keys, 0.0)
    metrics = [{**m, **zero, **t} for m, t in zip(host.metrics(), tallies, strict=True)]
    return GameResult(index, names, returns, scores, metrics, decisions)


def _save_record(config: SimConfig, index: int, record: MatchRecord) -> None:
    from pathlib import Path

    from cardtable.history.records import match_result, write_record

    match = match_from_record(record)
    path = Path(config.save_records or ".") / f"{config.game}-s{config.seed}-g{index:05d}.json"
    write_record(path, record, match_result(match))


def _play_chunk(args: tuple[SimConfig, list[int]]) -> list[GameResult]:
    config, indices = args
    return [play_game(config, i) for i in indices]


def run_games(config: SimConfig, workers: int,
              progress: Callable[[int, int], None] | None = None) -> list[GameResult]:
    """Play every game; results sorted by game index."""
    indices = list(range(config.games))
    chunk = max(1, min(25, math.ceil(config.games / max(1, workers * 8))))
    chunks = [indices[i:i + chunk] for i in range(0, len(indices), chunk)]
    results: list[GameResult] = []
    done = 0

    def collect(batch: list[GameResult]) -> None:
        nonlocal done
        results.extend(batch)
        done += len(batch)
        if progress:
            progress(done, config.games)

    if workers <= 1 or len(chunks) == 1:
        for c in chunks:
            collect(_play_chunk((config, c)))
    else:
        ctx = mp.get_context("spawn")
        with ctx.Pool(workers) as pool:
            for batch in pool.imap_unordered(_play_chunk, [(config, c) for c in chunks]):
                collect(batch)
    results.sort(key=lambda r: r.index)
    return results


def wilson_interval(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95 % Wilson score interval for a win rate (fractional tie wins allowed)."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def metric_ratios(game: str, metrics: dict[str, float]) -> dict[str, float]:
    """The game's ratio metrics (`metric_ratios`: key -> numerator, denominator) of one
    agent's metrics, summed or averaged over its seats alike (0 where the denominator is)."""
    return {key: (metrics.get(num, 0.0) / metrics[den]) if metrics.get(den) else 0.0
            for key, (num, den) in get_spec(game).metric_ratios.items() if num in metrics}


def summarize(config: SimConfig, results: Sequence[GameResult], seconds: float
              ) -> dict[str, Any]:
    """The shared JSON shape of `cardtable simulate --json`."""
    order: list[str] = []
    for name in config.agents:
        if name not in order:
            order.append(name)
    per: dict[str, dict[str, Any]] = {
        name: {"seats": 0, "wins": 0.0, "ties": 0, "score": 0.0, "metrics": {}}
        for name in order}
    for r in results:
        winners = sum(1 for x in r.returns if x > 0)
        for seat, name in enumerate(r.seat_agents):
            agg = per[name]
            agg["seats"] += 1
            agg["wins"] += r.returns[seat]
            if r.returns[seat] > 0 and winners > 1:
                agg["ties"] += 1
            agg["score"] += r.scores[seat]
            for key, value in r.metrics[seat].items():
                agg["metrics"][key] = agg["metrics"].get(key, 0.0) + value
    agents_out = []
    for name in order:
        agg = per[name]
        n = agg["seats"]
        lo, hi = wilson_interval(agg["wins"], n)
        sums = agg["metrics"]
        ratio_out = metric_ratios(config.game, sums)
        agents_out.append({
            "agent": name,
            "seats_played": n,
            "wins": round(agg["wins"], 6),
            "ties": agg["ties"],
            "win_rate": agg["wins"] / n if n else 0.0,
            "win_rate_ci95": [lo, hi],
            "mean_score": agg["score"] / n if n else 0.0,
            "metrics": {k: v / n for k, v in sorted(agg["metrics"].items())} if n else {},
            "ratios": ratio_out,
        })
    decisions = sum(r.decisions for r in results)
    return {
        "game": config.game,
        "players": config.players,
        "games": config.games,
        "seed": config.seed,
        "options": get_spec(config.game).parse_options(config.options).model_dump(),
        "agents": agents_out,
        "decisions": decisions,
        "seconds": round(seconds, 3),
        "decisions_per_second": decisions / seconds if seconds > 0 else 0.0,
    }


def simulate(config: SimConfig, workers: int,
             progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    start = time.perf_counter()
    results = run_games(config, workers, progress)
    return summarize(config, results, time.perf_counter() - start)

