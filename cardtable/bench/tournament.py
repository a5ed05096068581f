"""AI tournaments: every game's levels against each other and against `random` (and Tanto
Cuore's `big_money`), seats rotated, through the simulator (`cardtable.sim.runner`).

A matchup "X vs Y" seats one X against a field of Y (the game's tournament player count); the
runner rotates the seats game by game, so X sits in every seat equally. X's fair share of wins is
1/players: X is better than Y *with confidence* when the lower bound of the 95 % Wilson interval
of X's win rate lies above that share.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.games import REGISTRY, agent_names, registration
from cardtable.sim.runner import SimConfig, run_games, summarize

log = logging.getLogger(__name__)

# the four-player table of the games whose main table is smaller: the chain's links only (and
# Tanto Cuore's hard against big_money), in the default rules and in each of the game's
# `BenchPlan.tournament_options` (Cirno: also its advanced game)
FOUR_PLAYERS = 4
FOUR_PLAYER_PAIRS = [("normal", "random"), ("hard", "normal"), ("hard", "big_money")]


def table_players(game: str) -> int:
    """Players at the game's tournament table (`BenchPlan.tournament_players`): the smallest
    standard table (Wizard's minimum is 3; four is its usual table and gives 15 rounds, enough
    for bid accuracy)."""
    return registration(game).bench.tournament_players


@dataclass(frozen=True, slots=True)
class Matchup:
    game: str
    agent: str  # the one seat under test
    field: str  # every other seat
    players: int
    options: tuple[tuple[str, Any], ...] = ()  # rule options (default rules when empty)

    @property
    def label(self) -> str:
        return f"{self.agent} vs {self.field}"


def table_key(row: dict[str, Any]) -> tuple[str, int, str]:
    """Which table of the report a row belongs to: game, players, options (as text)."""
    opts = row.get("options") or {}
    return (row["game"], row["players"], ", ".join(f"{k}={v}" for k, v in sorted(opts.items())))


def matchups(game: str) -> list[Matchup]:
    """Every level against random, each level against the one below (normal vs easy, hard vs
    normal), and game extras (Tanto Cuore's big_money) against random and the levels; then, for
    a game whose main table is smaller, the chain at four players (`FOUR_PLAYER_PAIRS`), in the
    default rules and in each of the game's `BenchPlan.tournament_options`."""
    out = _main_matchups(game)
    spec = REGISTRY[game]
    players = table_players(game)
    names = agent_names(game)
    if players < FOUR_PLAYERS <= spec.max_players:
        for opts in [{}, *registration(game).bench.tournament_options]:
            frozen = tuple(sorted(opts.items()))
            out += [Matchup(game, a, f, FOUR_PLAYERS, frozen) for a, f in FOUR_PLAYER_PAIRS
                    if a in names and f in names]
    return out


def _main_matchups(game: str) -> list[Matchup]:
    names = agent_names(game)
    players = table_players(game)
    levels = [n for n in ("easy", "normal", "hard") if n in names]
    # the chain hard > normal > random first, then the rest
    pairs: list[tuple[str, str]] = [("normal", "random"), ("hard", "normal"), ("hard", "random"),
                                    ("easy", "random"), ("normal", "easy")]
    pairs = [(a, f) for a, f in pairs if a in levels and f in ("random", *levels)]
    extras = [n for n in names if n not in ("random", *levels)]
    for extra in extras:
        pairs.append((extra, "random"))
        pairs += [(lv, extra) for lv in levels if lv != "easy"]
    return [Matchup(game, a, f, players) for a, f in pairs]


def run_matchup(m: Matchup, games: int, seed: int, workers: int) -> dict[str, Any]:
    config = SimConfig(m.game, m.players, games, seed, (m.agent,) + (m.field,) * (m.players - 1),
                       dict(m.options))
    start = time.perf_counter()
    results = run_games(config, workers)
    summary = summarize(config, results, time.perf_counter() - start)
    by_name = {a["agent"]: a for a in summary["agents"]}
    return matchup_result(m.game, m.players, dict(m.options), by_name[m.agent],
                          by_name[m.field], summary["seconds"], summary["decisions"])


def matchup_result(game: str, players: int, options: dict[str, Any], tested: dict[str, Any],
                   field: dict[str, Any], seconds: float, decisions: int) -> dict[str, Any]:
    """One report row: `tested` and `field` are agents as `summarize` reports them (the
    tested agent in one seat, the field in the others, seats rotated); `games` is the seats
    the tested agent played, one a game."""
    fair = 1 / players
    lo, hi = tested["win_rate_ci95"]
    return {"game": game, "agent": tested["agent"], "field": field["agent"], "players": players,
            "options": options, "games": tested["seats_played"], "fair_share": fair,
            "win_rate": tested["win_rate"], "ci95": [lo, hi],
            "better_with_confidence": lo > fair, "worse_with_confidence": hi < fair,
            "agent_metrics": {**tested["metrics"], **tested.get("ratios", {})},
            "field_metrics": {**field["metrics"], **field.get("ratios", {})},
            "agent_mean_score": tested["mean_score"], "field_mean_score": field["mean_score"],
            "seconds": seconds, "decisions": decisions}


def games_for(m: Matchup, games: int, hard_games: int, four_games: int | None = None) -> int:
    """Games of a matchup: `hard_games` with a hard agent, `games` otherwise; `four_games`
    (when given) for a hard agent at the added four-player tables."""
    if "hard" not in (m.agent, m.field):
        return games
    if four_games is not None and m.players == FOUR_PLAYERS and \
            table_players(m.game) < FOUR_PLAYERS:
        return four_games
    return hard_games


def chain_verdicts(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per game: does hard > normal > random hold with confidence (head-to-head pairs) at the
    game's main table (its smallest player count among the rows, default rules)?"""
    out: dict[str, dict[str, Any]] = {}
    for game in sorted({r["game"] for r in rows}):
        main = min(r["players"] for r in rows if r["game"] == game)
        links = {}
        for hi, lo in (("hard", "normal"), ("normal", "random")):
            row = next((r for r in rows if r["game"] == game and r["agent"] == hi
                        and r["field"] == lo and r["players"] == main
                        and not r.get("options")), None)
            links[f"{hi}>{lo}"] = None if row is None else bool(row["better_with_confidence"])
        known = [v for v in links.values() if v is not None]
        out[game] = {"links": links, "holds": bool(known) and all(known)
                     and len(known) == len(links)}
    return out


def run_tournament(games_list: list[str], games: int, hard_games: int, seed: int, workers: int,
                   out_dir: Path, progress: Callable[[str], None] | None = None,
                   keep_others: bool = False, four_games: int | None = None,
                   players: list[int] | None = None) -> dict[str, Any]:
    """Run every matchup of `games_list` (only its tables at the player counts `players`, when
    given); `results.json` in `out_dir` is rewritten after each one (so a long run that is
    stopped keeps what it finished). With `keep_others`, the rows not replaced (other games, or
    the game's other player counts) already in `results.json` are kept, each with the run
    that made it (re-running one game or one table does not throw away the others)."""
    from cardtable.bench.stats import machine

    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "results.json"
    kept_rows: list[dict[str, Any]] = []
    kept_runs: list[dict[str, Any]] = []
    notes: list[str] = []
    if keep_others and path.exists():
        old = json.loads(path.read_text(encoding="utf-8"))
        notes = list(old.get("notes", []))  # written by hand: kept until edited
        kept_rows = [r for r in old.get("matchups", []) if r["game"] not in games_list
                     or (players is not None and r["players"] not in players)]
        still = {r["game"] for r in kept_rows}
        for run in runs_of(old):
            left = [g for g in run["games_played"] if g in still]
            if left:
                kept_runs.append({**run, "games_played": left})
    started = time.perf_counter()
    run: dict[str, Any] = {
        "command": command_line(games_list, games, hard_games, seed, four_games, players),
        "games_played": list(games_list), "games": games, "hard_games": hard_games,
        **({"players": list(players)} if players is not None else {}),
        "seed": seed, "date": time.strftime("%Y-%m-%d", time.gmtime()),
        "machine_at_start": machine()}
    report: dict[str, Any] = {"runs": kept_runs + [run], "matchups": list(kept_rows)}
    if notes:
        report["notes"] = notes
    for game in games_list:
        for m in matchups(game):
            if players is not None and m.players not in players:
                continue
            n = games_for(m, games, hard_games, four_games)
            row = run_matchup(m, n, seed, workers)
            report["matchups"].append(row)
            run["seconds"] = round(time.perf_counter() - started, 1)
            run["machine_at_end"] = machine()
            report["verdicts"] = chain_verdicts(report["matchups"])
            path.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
            if progress:
                progress(f"{game}: {m.label}: {row['win_rate']:.3f} "
                         f"[{row['ci95'][0]:.3f}, {row['ci95'][1]:.3f}] ({n} games, "
                         f"{row['seconds']:.0f} s)")
    return report


def command_line(games_list: list[str], games: int, hard_games: int, seed: int,
                 four_games: int | None = None, players: list[int] | None = None) -> str:
    only = "".join(f" --game {g}" for g in games_list)
    only += "".join(f" --players {n}" for n in players or ())
    four = f" --four-player-hard-games {four_games}" if four_games is not None else ""
    return (f"cardtable tournament --games {games} --hard-games {hard_games}{four} "
            f"--seed {seed}{only}")


def runs_of(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The runs that made a report (a report written before runs were recorded had one run
    covering every game, described by its top-level fields)."""
    if "runs" in report:
        return list(report["runs"])
    played = list(dict.fromkeys(r["game"] for r in report.get("matchups", [])))
    games, hard = report.get("games", 0), report.get("hard_games", 0)
    return [{"command": f"cardtable tournament --games {games} --hard-games {hard} "
                        f"--seed {report.get('seed', 1)}",
             "games_played": played, "games": games, "hard_games": hard,
             "seed": report.get("seed", 1), "seconds": report.get("seconds", 0),
             "machine_at_start": report.get("machine_at_start", {}),
             "machine_at_end": report.get("machine_at_end", {})}]
