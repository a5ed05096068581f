"""Play one tournament matchup game by game, logging each finished game, so a long run stopped
early keeps every game it finished (`cardtable tournament` writes a matchup only when it ends).

Game i of a matchup is fully determined by (seed, i) (cardtable.sim.runner), so the first k
games logged here are the first k games `cardtable tournament --seed S` plays in that matchup,
and a finished log gives the very row the tournament would write (its `run_matchup` shape).

    python scripts/cirno_matchup_log.py play LOG --agent hard --field normal --players 4 [--advanced]
                               --games 2000 [--seed 1]
    python scripts/cirno_matchup_log.py round-robin PLAN.json   # several, a game of each in turn
    python scripts/cirno_matchup_log.py row LOG...          # the rows, in results.json's matchup shape
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import asdict
from pathlib import Path

from cardtable.sim.runner import GameResult, SimConfig, play_game, summarize


def _config(meta: dict) -> SimConfig:
    agents = (meta["agent"],) + (meta["field"],) * (meta["players"] - 1)
    opts = {"advanced": True} if meta["advanced"] else {}
    return SimConfig("cirno", meta["players"], meta["games"], meta["seed"], agents, opts)


def _open_log(log: Path, meta: dict) -> int:
    """Games already in the log (it is started with its matchup line when new)."""
    if log.exists():
        lines = log.read_text(encoding="utf-8").splitlines()
        assert json.loads(lines[0]) == meta, "log made for another matchup"
        return len(lines) - 1
    log.write_text(json.dumps(meta) + "\n", encoding="utf-8")
    return 0


def _play_one(log: Path, meta: dict, index: int) -> None:
    t0 = time.perf_counter()
    r = play_game(_config(meta), index)
    with log.open("a", encoding="utf-8") as out:
        out.write(json.dumps({**asdict(r), "seconds": time.perf_counter() - t0,
                              "load": os.getloadavg()[0]}) + "\n")


def _meta(agent: str, field: str, players: int, advanced: bool, games: int, seed: int
          ) -> dict:
    return {"agent": agent, "field": field, "players": players, "advanced": advanced,
            "games": games, "seed": seed}


def play(args: argparse.Namespace) -> None:
    meta = _meta(args.agent, args.field, args.players, args.advanced, args.games, args.seed)
    log = Path(args.log)
    for i in range(_open_log(log, meta), args.games):
        _play_one(log, meta, i)


def round_robin(args: argparse.Namespace) -> None:
    """Several matchups in one process, one game of each in turn (so a run stopped early has
    played them all about equally): PLAN is a JSON list of {log, agent, field, players,
    advanced, games, seed}."""
    plan = json.loads(Path(args.plan).read_text(encoding="utf-8"))
    todo = []
    for item in plan:
        meta = _meta(item["agent"], item["field"], item["players"], item["advanced"],
                     item["games"], item["seed"])
        todo.append([Path(item["log"]), meta, _open_log(Path(item["log"]), meta)])
    while any(done < meta["games"] for _, meta, done in todo):
        for entry in todo:
            log, meta, done = entry
            if done < meta["games"]:
                _play_one(log, meta, done)
                entry[2] = done + 1


def row(path: str) -> dict:
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    meta = json.loads(lines[0])
    games = [json.loads(x) for x in lines[1:]]
    seconds = sum(g.pop("seconds") for g in games)
    loads = [g.pop("load") for g in games]
    results = [GameResult(**g) for g in games]
    config = _config({**meta, "games": len(results)})
    summary = summarize(config, results, seconds)
    by_name = {a["agent"]: a for a in summary["agents"]}
    fair = 1 / meta["players"]
    tested = by_name[meta["agent"]]
    lo, hi = tested["win_rate_ci95"]
    return {"game": "cirno", "agent": meta["agent"], "field": meta["field"],
            "players": meta["players"],
            "options": {"advanced": True} if meta["advanced"] else {},
            "games": len(results), "games_planned": meta["games"], "fair_share": fair,
            "win_rate": tested["win_rate"], "ci95": [lo, hi],
            "better_with_confidence": lo > fair, "worse_with_confidence": hi < fair,
            "agent_metrics": {**tested["metrics"], **tested.get("ratios", {})},
            "field_metrics": {**by_name[meta["field"]]["metrics"],
                              **by_name[meta["field"]].get("ratios", {})},
            "agent_mean_score": tested["mean_score"],
            "field_mean_score": by_name[meta["field"]]["mean_score"],
            "seconds": round(seconds, 1), "decisions": summary["decisions"],
            "load_mean": round(sum(loads) / len(loads), 2) if loads else None,
            "seed": meta["seed"]}


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("log")
    p.add_argument("--agent", default="hard")
    p.add_argument("--field", default="normal")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--advanced", action="store_true")
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    rr = sub.add_parser("round-robin")
    rr.add_argument("plan")
    r = sub.add_parser("row")
    r.add_argument("logs", nargs="+")
    args = parser.parse_args()
    if args.cmd == "play":
        play(args)
    elif args.cmd == "round-robin":
        round_robin(args)
    else:
        json.dump([row(x) for x in args.logs], sys.stdout, indent=1)
        sys.stdout.write("\n")


if __name__ == "__main__":
    main()
