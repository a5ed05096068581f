"""Tanto Cuore's bench loop, this tree against an older revision, in CPU time, in one process.

    python scripts/bench_tc_ab.py REV [--rounds 16]

Exports REV (`git archive`) to a temporary folder, renames its package `cardtable_rev` so both
versions import side by side, then alternates 0.25 s blocks (CPU time, `time.process_time`) of
the bench's own loop (`cardtable.bench.engines._agents_block`: 2-player big_money games on a
quiet state, views and agents included) for this tree, for REV, and for pyminion's Big Money
games, and prints turns per second and the ratios. On a loaded machine the wall clock swings
by ±10 % between runs; CPU time in alternated blocks compares the two engines far more
steadily (docs/bench/README.md).
"""

from __future__ import annotations

import argparse
import importlib
import io
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BLOCK_S = 0.25


def export_revision(rev: str, dest: Path) -> None:
    data = subprocess.run(["git", "archive", rev, "cardtable"], cwd=ROOT, check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(dest, filter="data")
    (dest / "cardtable").rename(dest / "cardtable_rev")
    pattern = re.compile(r"\bcardtable(?=[.\s]|$)", re.M)
    for path in (dest / "cardtable_rev").rglob("*.py"):
        path.write_text(pattern.sub("cardtable_rev", path.read_text(encoding="utf-8")),
                        encoding="utf-8")


def game_player(package: str) -> Callable[[], int]:
    """One whole game of the bench's loop per call; returns the turns played."""
    engines = importlib.import_module(f"{package}.bench.engines")
    timed = engines._timed_games
    engines._timed_games = lambda budget, play_game: play_game
    try:
        return engines._agents_block("tanto_cuore", "big_money", 2, 1, 1.0, None, [0],
                                     check=False, quiet=True, turns=True)
    finally:
        engines._timed_games = timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev")
    parser.add_argument("--rounds", type=int, default=16)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        export_revision(args.rev, Path(tmp))
        sys.path.insert(0, tmp)
        sides: dict[str, Callable[[], int]] = {"this tree": game_player("cardtable"),
                                               args.rev: game_player("cardtable_rev")}
        from cardtable.bench.engines import _pyminion_game_maker, peer_available
        if peer_available("pyminion"):
            new_game = _pyminion_game_maker(1)

            def pyminion() -> int:
                game = new_game()
                game.play()
                return sum(p.turns for p in game.players)
            sides["pyminion"] = pyminion
        totals = {name: [0, 0.0] for name in sides}
        for _ in range(args.rounds):
            for name, play in sides.items():
                start = time.process_time()
                turns = 0
                while time.process_time() - start < BLOCK_S:
                    turns += play()
                totals[name][0] += turns
                totals[name][1] += time.process_time() - start
    rates = {name: t[0] / t[1] for name, t in totals.items()}
    for name, rate in rates.items():
        sys.stdout.write(f"{name:>12}: {rate:8.0f} turns/s (CPU time)\n")
    new, old = rates["this tree"], rates[args.rev]
    sys.stdout.write(f"this tree / {args.rev}: {new / old:.3f}\n")
    if "pyminion" in rates:
        sys.stdout.write(f"this tree / pyminion: {new / rates['pyminion']:.3f}; "
                         f"{args.rev} / pyminion: {old / rates['pyminion']:.3f}\n")


if __name__ == "__main__":
    main()
