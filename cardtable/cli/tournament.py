"""`cardtable tournament`: every game's AI levels against each other and against `random`
(and `big_money` for Tanto Cuore), seats rotated, written up as Markdown + PNG charts.

    cardtable tournament [--games N] [--hard-games M] [--four-player-hard-games F] [--game G]...
                         [--players N]... [--seed S] [--workers W]
                         [--out docs/tournament] [--render-only]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from cardtable.games import GAME_IDS, REGISTRY, registration


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="cardtable tournament",
                                     description="AI levels against each other, with a report.")
    parser.add_argument("--games", type=int, default=200, help="games per matchup")
    parser.add_argument("--hard-games", type=int, default=None,
                        help="games per matchup involving `hard` (default: --games); the hard "
                             "agents search, up to ~1 s per decision")
    parser.add_argument("--four-player-hard-games", type=int, default=None,
                        help="games per matchup involving `hard` at the added four-player "
                             "tables (default: --hard-games)")
    parser.add_argument("--players", action="append", type=int, default=None,
                        help="only the tables at this player count (repeatable); the other "
                             "rows already in OUT/results.json are kept")
    parser.add_argument("--game", action="append", default=[],
                        help="only these games; the other games' results already in "
                             "OUT/results.json are kept")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=Path("docs/tournament"))
    parser.add_argument("--render-only", action="store_true",
                        help="redraw the report from OUT/results.json without playing")
    args = parser.parse_args(argv)
    unknown = [g for g in args.game if g not in REGISTRY]
    if unknown:
        sys.stderr.write(f"cardtable tournament: error: unknown game(s) {', '.join(unknown)}; "
                         f"valid: {', '.join(sorted(REGISTRY))}\n")
        return 2
    if args.games < 1 or (args.hard_games is not None and args.hard_games < 1):
        sys.stderr.write("cardtable tournament: error: --games/--hard-games must be >= 1\n")
        return 2
    if args.out.exists() and not args.out.is_dir():
        sys.stderr.write(f"cardtable tournament: error: --out {args.out} is a file, not a "
                         "folder\n")
        return 2
    if args.workers < 1:
        sys.stderr.write("cardtable tournament: error: --workers must be >= 1\n")
        return 2
    from cardtable.bench.tournament_report import write_report
    from cardtable.persist import read_json

    if args.render_only:
        path = args.out / "results.json"
        if not path.exists():
            sys.stderr.write(f"cardtable tournament: error: no {path}\n")
            return 2
        try:
            report = read_json(path)
        except (OSError, ValueError) as exc:
            sys.stderr.write(f"cardtable tournament: error: cannot read {path}: {exc}\n")
            return 2
    else:
        from cardtable.bench.tournament import run_tournament

        # cheap hard agents first (`BenchPlan.tournament_rank`), then menu order
        games = args.game or sorted(GAME_IDS, key=lambda g: (
            registration(g).bench.tournament_rank, GAME_IDS.index(g)))

        def progress(line: str) -> None:
            sys.stderr.write(line + "\n")
            sys.stderr.flush()

        report = run_tournament(games, args.games, args.hard_games or args.games, args.seed,
                                max(1, args.workers), args.out, progress,
                                keep_others=bool(args.game) or args.players is not None,
                                four_games=args.four_player_hard_games,
                                players=args.players)
    md = write_report(report, args.out)
    sys.stdout.write(f"wrote {md}\n")
    return 0
