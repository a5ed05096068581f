"""Turn `cardtable simulate --json` runs of one matchup into a tournament result that
scripts/merge_tournament_results.py takes (one matchup row plus the run's description).

Every file must be the same game, player count, options and agents (`--agents X,Y,Y,...`: one
X, the tested agent, against a field of Y, seats rotated); seeds may differ. Wins, ties and
seats are summed, each metric is averaged over the seats played and the 95 % Wilson interval is
recomputed over all of them, so several seeded chunks (played one after another or in parallel)
count as one run of their total games.

    python scripts/simulate_to_matchups.py OUT.json RUN.json [RUN.json ...] \
        --command "what was run" [--date 2026-12-02] [--seconds WALL] \
        [--load-start 1.0,1.2,1.1] [--load-end 2.0]

(load averages as known: the 1, 5 and 15 minute figures, or one)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from cardtable.bench.tournament import matchup_result
from cardtable.games import get_spec
from cardtable.sim.runner import metric_ratios, wilson_interval


def changed_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options that differ from the game's defaults (`simulate` reports all of them, a
    tournament row only those it set, and the report groups its tables by them)."""
    defaults = get_spec(game).parse_options({}).model_dump()
    return {k: v for k, v in options.items() if defaults.get(k) != v}


def _combined(game: str, agent: str, runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One agent over all the runs, shaped as `summarize` reports an agent: sums summed,
    metrics averaged over the seats played, the ratios and the interval recomputed."""
    rows = [next(a for a in r["agents"] if a["agent"] == agent) for r in runs]
    seats = sum(a["seats_played"] for a in rows)
    wins = sum(a["wins"] for a in rows)
    keys = sorted({k for a in rows for k in a["metrics"]})
    metrics = {k: sum(a["metrics"].get(k, 0.0) * a["seats_played"] for a in rows) / seats
               for k in keys}
    # a ratio is of two per-seat means, so the combined means give the combined ratio
    ratios = metric_ratios(game, metrics)
    return {"agent": agent, "seats_played": seats, "wins": wins, "win_rate": wins / seats,
            "win_rate_ci95": list(wilson_interval(wins, seats)),
            "mean_score": sum(a["mean_score"] * a["seats_played"] for a in rows) / seats,
            "metrics": metrics, "ratios": ratios}


def matchup_row(runs: list[dict[str, Any]]) -> dict[str, Any]:
    first = runs[0]
    for r in runs[1:]:
        same = (r["game"], r["players"], r["options"]) == (first["game"], first["players"],
                                                          first["options"])
        if not same or [a["agent"] for a in r["agents"]] != [a["agent"] for a in first["agents"]]:
            raise ValueError("the runs are not one matchup")
    names = [a["agent"] for a in first["agents"]]
    if len(names) != 2:
        raise ValueError("a matchup is one tested agent against a field of another")
    agent, field = sorted(names, key=lambda n: next(a["seats_played"] for a in first["agents"]
                                                    if a["agent"] == n))
    game = first["game"]
    row = matchup_result(game, first["players"], changed_options(game, first["options"]),
                         _combined(game, agent, runs), _combined(game, field, runs),
                         sum(r["seconds"] for r in runs), sum(r["decisions"] for r in runs))
    return {**row, "seeds": [r["seed"] for r in runs]}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", type=Path)
    p.add_argument("runs", nargs="+", type=Path)
    p.add_argument("--command", required=True)
    p.add_argument("--date")
    p.add_argument("--seconds", type=float, help="wall time of the whole run (default: the "
                   "runs' times summed, right when they ran one after another)")
    p.add_argument("--load-start")
    p.add_argument("--load-end")
    args = p.parse_args()
    runs = [json.loads(f.read_text(encoding="utf-8")) for f in args.runs]
    row = matchup_row(runs)

    def load(text: str | None) -> dict[str, Any]:
        return {"cpus": 2, "load_average": [float(x) for x in text.split(",")]} if text else {}

    run = {"command": args.command, "games_played": [row["game"]], "players": [row["players"]],
           "games": row["games"], "seed": row["seeds"], "seconds": row["seconds"],
           "machine_at_start": load(args.load_start), "machine_at_end": load(args.load_end)}
    if args.seconds is not None:
        run["seconds"] = args.seconds
    if args.date:
        run["date"] = args.date
    args.out.write_text(json.dumps({"runs": [run], "matchups": [row]}, indent=1) + "\n",
                        encoding="utf-8")
    sys.stdout.write(f"{row['agent']} vs {row['field']}, {row['players']} players: "
                     f"{row['games']} games, {row['win_rate']:.3f} [{row['ci95'][0]:.3f}, "
                     f"{row['ci95'][1]:.3f}], metrics {row['agent_metrics']}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
