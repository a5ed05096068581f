"""`cardtable stats [--json] [--game ID] [--history N] [--player NAME] [--variant V]`: the
statistics of finished games.

Prints the same figures the stats scene shows: per game and opponents the games, wins, win
rate and mean score plus each game's own figures (counts as counts, rates pooled over rounds,
each with the way that is better), the variants played, then the latest games.

`--variant` keeps the games played with exactly those options: `standard` (the standard
rules), or option tokens joined by commas as `cardtable.history.variants` writes them
(`advanced`, `hidden_bids,forehead`, `limit=15`, `events=off`); the text report lists the
variants there are.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from cardtable.history import variants
from cardtable.history.stats import StatsDB
from cardtable.persist import notice_params

ARROW = {"higher": "(higher is better)", "lower": "(lower is better)", None: ""}


def figure_text(f: dict[str, Any]) -> str:
    """One figure as the text report says it."""
    if f["kind"] == "games":
        text = f"{f['count']} of {f['of']} games"
    elif f["kind"] == "pooled":
        value = f"{f['value']:.1%}" if f["pct"] else f"{f['value']:.2f}"
        text = f"{value} (pooled: {f['count']:g} / {f['of']:g})"
    else:
        value = f"{f['value']:.1%}" if f["pct"] else f"{f['value']:.2f}"
        text = f"{value} per game"
    better = ARROW[f["better"]]
    return f"{f['name']} {text}" + (f" {better}" if better else "")


def format_report(report: dict[str, Any]) -> str:
    lines = [f"statistics: {report['database']}"]
    if report.get("player") is not None:
        lines.append(f"player: {report['player'] or '(unnamed)'}")
    if report["notice"]:
        lines.append(f"notice: {notice_text(report['notice'])}")
    if report.get("variant") is not None:
        lines.append(f"variant: {report['variant']}")
    if not report["summary"]:
        lines.append("no finished games yet" if report.get("variant") is None
                     else "no finished games of this variant")
        lines += _variant_lines(report)
        return "\n".join(lines)
    lines.append(f"{'game':<12} {'opponents':<18} {'games':>6} {'wins':>6} {'win rate':>9} "
                 f"{'mean score':>10}  (win rate: higher is better)")
    for row in report["summary"]:
        mean = "-" if row["mean_score"] is None else f"{row['mean_score']:.2f}"
        lines.append(f"{row['game']:<12} {row['opponents']:<18} {row['games']:>6} "
                     f"{row['wins']:>6} {row['win_rate']:>9.3f} {mean:>10}  "
                     f"(score: {row['score_better']} is better)")
        for f in row["figures"]:
            lines.append(f"    {figure_text(f)}")
    lines += _variant_lines(report)
    lines.append("")
    lines.append("latest games:")
    for row in report["history"]:
        result = "win" if row["won"] else "loss"
        lines.append(f"  {row['finished_at']}  {row['game']:<12} vs {row['opponents']:<18} "
                     f"seat {row['seat']} {row['name'] or '-':<10} {result:<5} "
                     f"score {row['score']}")
    return "\n".join(lines)


def _variant_lines(report: dict[str, Any]) -> list[str]:
    out = []
    for game, found in report.get("variants", {}).items():
        listed = ", ".join(f"{v['variant']} ({v['games']})" for v in found)
        out.append(f"variants of {game}: {listed}")
    return [""] + out if out else []


def notice_text(key: str) -> str:
    """A notice key as the person reads it, in the language of their settings."""
    from cardtable import i18n
    from cardtable.persist import peek_language
    i18n.set_locale(peek_language())
    return i18n.tr(key, **notice_params(key))


def main(argv: list[str]) -> int:
    from cardtable.games import REGISTRY
    parser = argparse.ArgumentParser(prog="cardtable stats",
                                     description="Statistics of finished games.")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--game", default=None, choices=sorted(REGISTRY),
                        help="only this game id")
    parser.add_argument("--history", type=int, default=20, help="latest games to list")
    parser.add_argument("--player", default=None,
                        help="only the games played under this name (default: every human "
                             "seat; with several people, a hot-seat game counts once for each)")
    parser.add_argument("--variant", default=None,
                        help="only the games played with exactly these options: 'standard', "
                             "or option tokens joined by commas, e.g. 'advanced', "
                             "'hidden_bids,forehead', 'limit=15', 'events=off'")
    parser.add_argument("--db", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.history < 0:
        parser.error(f"--history must be 0 or more, not {args.history}")
    variant = None
    if args.variant is not None:
        variant = variants.parse(args.variant)
        unknown = variants.unknown_tokens(args.game, variant)
        if unknown or not args.variant.strip():
            names = (variants.option_names(args.game) if args.game else
                     sorted({n for g in REGISTRY for n in variants.option_names(g)}))
            parser.error(f"--variant: no option {', '.join(unknown) or repr(args.variant)}"
                         f"{' of ' + args.game if args.game else ''}; options: "
                         f"{', '.join(names)} (or 'standard')")
    if args.db is not None and args.db.is_dir():
        parser.error(f"--db {args.db} is a folder")
    with StatsDB(args.db) as db:
        if db.busy:
            sys.stderr.write(f"cardtable stats: error: {db.path} is in use by another program "
                             "(locked); nothing was changed, try again once it is closed\n")
            return 1
        report = db.report(args.game, args.history, args.player, variant)
    if args.json:
        sys.stdout.write(json.dumps(report, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(format_report(report) + "\n")
    return 0
