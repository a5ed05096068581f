"""Frame time of the table scene under the dummy video driver.

    python scripts/bench_frame.py [--frames 600] [--size 2560x1440] [--games all]

Prints median and p99 of one frame (update + draw of the whole scene stack) for Cirno's table
mid-game (a human's turn, nothing moving) and, for each game of `--games` (default cirno), a
running AI demo (cards flying, log growing), at the window size `--size` (default 1280x720).
Targets (CPU time of the frame thread, p99): 4 ms at 1280x720, 8 ms at 2560x1440.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
_SCRATCH_HOME = tempfile.TemporaryDirectory(prefix="cardtable-bench-")  # removed at exit
os.environ.setdefault("CARDTABLE_HOME", _SCRATCH_HOME.name)


def measure(app, frames: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU (this thread) milliseconds per frame. On a shared, loaded machine
    the wall clock includes time the OS gave to other processes; the thread CPU time does not."""
    for _ in range(30):  # warm the caches
        app.step(1 / 60)
    wall, cpu = [], []
    for _ in range(frames):
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    return wall, cpu


def _p99(ms: list[float]) -> float:
    ms = sorted(ms)
    return ms[min(len(ms) - 1, int(len(ms) * 0.99))]


def report(name: str, samples: tuple[list[float], list[float]]) -> None:
    wall, cpu = samples
    sys.stdout.write(f"{name:26s} wall: median {statistics.median(wall):5.2f} ms  p99 {_p99(wall):6.2f} ms"
          f" | cpu: median {statistics.median(cpu):5.2f} ms  p99 {_p99(cpu):5.2f} ms"
          f"  ({len(wall)} frames)\n")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--size", default="1280x720", help="window size WxH")
    ap.add_argument("--games", default="cirno", help="comma-separated game ids, or all")
    args = ap.parse_args(argv)
    from cardtable.bench.probes import demo_players
    from cardtable.games import GAME_IDS
    games = list(GAME_IDS) if args.games == "all" else args.games.split(",")
    w, h = (int(x) for x in args.size.lower().split("x"))
    from cardtable.ui.launch import make_app, start_demo
    from cardtable.ui.samples import open_sample
    from cardtable.ui.scenes.title import TitleScene

    app = make_app()
    if (w, h) != (1280, 720):
        app.resize_window((w, h))
    app.push(TitleScene(app))
    open_sample(app, "table")
    sys.stdout.write(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cpus, "
                     f"window {w}x{h}\n")
    report("table, human's turn", measure(app, args.frames))
    for game in games:
        app.reset(TitleScene(app))
        start_demo(app, game, demo_players(game), 3, 1.0)
        report(f"{game} AI demo animating", measure(app, args.frames))
    app.ai.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
