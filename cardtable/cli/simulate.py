"""`cardtable simulate`: headless games between agents, seats rotated, with statistics.

    cardtable simulate --game cirno --players 4 --games 2000 --seed 1 \
        --agents hard,random,random,random [--option KEY=VALUE]... [--workers N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from cardtable.core.errors import UnknownOptionError
from cardtable.games import REGISTRY, all_agent_names
from cardtable.sim.runner import SimConfig, simulate


class _UsageError(Exception):
    pass


def _parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def build_config(args: argparse.Namespace) -> SimConfig:
    if args.game not in REGISTRY:
        raise _UsageError(f"unknown game {args.game!r}; valid games: {', '.join(sorted(REGISTRY))}")
    spec = REGISTRY[args.game]
    if not spec.min_players <= args.players <= spec.max_players:
        raise _UsageError(f"{args.game} takes {spec.min_players} to {spec.max_players} players, "
                          f"not {args.players}")
    names = [a.strip() for a in args.agents.split(",")] if args.agents else ["random"]
    if len(names) == 1:
        names = names * args.players
    if len(names) != args.players:
        raise _UsageError(f"--agents lists {len(names)} agents for {args.players} players; give "
                          "one per seat (or a single name for every seat)")
    valid = all_agent_names(args.game)
    bad = [n for n in names if n not in valid]
    if bad:
        raise _UsageError(f"unknown agent(s) {', '.join(bad)} for {args.game}; valid agents: "
                          f"{', '.join(valid)}")
    options: dict[str, Any] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            raise _UsageError(f"--option needs KEY=VALUE, got {item!r}")
        options[key.strip()] = _parse_value(value.strip())
    try:
        spec.parse_options(options)
    except (UnknownOptionError, ValueError) as exc:  # ValueError: a value out of its range
        fields = spec.options_model.model_fields
        listing = "; ".join(f"{k} (default {f.default!r})" for k, f in fields.items())
        detail = str(exc).splitlines()[0] if not isinstance(exc, UnknownOptionError) else exc
        raise _UsageError(f"{detail}\nvalid options for {args.game}: {listing}") from None
    if args.games < 1:
        raise _UsageError("--games must be at least 1")
    if args.workers < 1:
        raise _UsageError("--workers must be at least 1")
    save = None
    if args.save_records is not None:
        try:
            args.save_records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _UsageError(f"--save-records: cannot create {args.save_records}: {exc}") from None
        save = str(args.save_records)
    return SimConfig(args.game, args.players, args.games, args.seed, tuple(names), options, save)


def _progress_bar(stream: TextIO) -> Any:
    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
        if done == total:
            stream.write("\n")
        stream.flush()
    return show


def _progress_lines(stream: TextIO) -> Any:
    def show(done: int, total: int) -> None:
        stream.write(f"{done}/{total} games\n")
        stream.flush()
    return show


def format_table(result: dict[str, Any]) -> str:
    lines = [f"{result['game']}: {result['games']} games, {result['players']} players, "
             f"seed {result['seed']}, options {result['options']}"]
    metric_keys = sorted({k for a in result["agents"] for k in a["metrics"]})
    ratio_keys = sorted({k for a in result["agents"] for k in a.get("ratios", {})})
    header = (f"{'agent':<10} {'seats':>6} {'wins':>9} {'ties':>5} {'win rate':>9} "
              f"{'95% CI':>15} {'mean score':>10}"
              + "".join(f" {k:>16}" for k in (*metric_keys, *ratio_keys)))
    lines.append(header)
    for a in result["agents"]:
        lo, hi = a["win_rate_ci95"]
        row = (f"{a['agent']:<10} {a['seats_played']:>6} {a['wins']:>9.2f} {a['ties']:>5} "
               f"{a['win_rate']:>9.3f} {f'[{lo:.3f}, {hi:.3f}]':>15} {a['mean_score']:>10.3f}")
        row += "".join(f" {a['metrics'].get(k, 0.0):>16.4f}" for k in metric_keys)
        row += "".join(f" {a.get('ratios', {}).get(k, 0.0):>16.4f}" for k in ratio_keys)
        lines.append(row)
    lines.append(f"{result['decisions']} decisions in {result['seconds']:.1f} s = "
                 f"{result['decisions_per_second']:.0f} decisions/s")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="cardtable simulate",
                                     description="Play headless games between AI agents.")
    parser.add_argument("--game", required=True, help=f"one of {', '.join(sorted(REGISTRY))}")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agents", default="random",
                        help="comma-separated agent per seat (random, easy, normal, hard, ...)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--progress", action="store_true",
                        help="report games done on stderr even when it is not a terminal "
                             "(one line per update, for a log file)")
    parser.add_argument("--save-records", type=Path, default=None, metavar="DIR",
                        help="write one record file per game into DIR (cardtable replay FILE)")
    args = parser.parse_args(argv)
    try:
        config = build_config(args)
    except _UsageError as exc:
        sys.stderr.write(f"cardtable simulate: error: {exc}\n")
        return 2
    progress = (_progress_bar(sys.stderr) if sys.stderr.isatty()
                else _progress_lines(sys.stderr) if args.progress else None)
    result = simulate(config, max(1, args.workers), progress)
    if args.json:
        sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(format_table(result) + "\n")
    return 0
