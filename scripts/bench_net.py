"""Load on the table server: many tables of computer players, each with one bot person whose
client runs in this process while `cardtable serve` runs in its own.

    python scripts/bench_net.py [--tables 100] [--game wizard] [--players 4] [--level random]
                                [--seconds 30] [--actions 200] [--think 0]

Each table has one person (a bot here, acting at once with a random legal move) and computers
in the other seats. The act->update latency is the wall time from sending an act to receiving
the update of that very action (seq + 1): the server's parsing, the host's checks and apply,
the saving of the table to disk, and the frames built for every viewer. Prints its p50/p95/
max, the actions per second the server applied (the computers' too), and the server process's
CPU time per action and its resident memory. Loopback only; bounded by --seconds and --actions
per table. Not a test: figures to read (issue 31's target: p95 <= 100 ms for 100 tables on a
2-core machine).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardtable.core.actions import Action  # noqa: E402
from cardtable.net import protocol as P  # noqa: E402


def out(line: str) -> None:
    sys.stdout.write(line + "\n")


def proc_cpu_rss(pid: int) -> tuple[float, float]:
    """(CPU seconds used, resident MiB) of a process, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    rss = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
    return cpu, rss


async def table(url: str, args: argparse.Namespace, k: int, latencies: list[float],
                stop_at: float, counts: dict[str, int]) -> None:
    rng = random.Random(k)
    seats = [{"kind": "person"}] + [{"kind": "computer", "level": args.level}] * \
        (args.players - 1)
    async with connect(url, max_size=1 << 22, compression=None, proxy=None) as ws:
        await ws.send(json.dumps(P.hello(f"b{k}")))
        await ws.send(json.dumps({"type": "create", "game": args.game,
                                  "players": args.players, "seats": seats, "sit": 0,
                                  "undo": False}))
        sent: dict[int, float] = {}
        acts = seq = 0
        async for text in ws:
            f = json.loads(text)
            kind = f["type"]
            if kind == "error":
                counts["errors"] += 1
                continue
            if kind == "record" or time.monotonic() > stop_at or acts >= args.actions:
                break
            if kind not in ("snapshot", "update"):
                continue
            seq = f["seq"]
            t = sent.pop(seq - 1, None)
            if t is not None and kind == "update":
                latencies.append((time.perf_counter() - t) * 1000)
            u = f["update"]
            if u["legal"] and u["acting"] == 0:
                if args.think:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * args.think)
                action = Action.from_json(rng.choice(u["legal"]))
                sent[seq] = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "seq": seq,
                                          "action": action.to_json()}))
                acts += 1
        counts["acts"] += acts
        counts["applied"] += seq


async def run(url: str, args: argparse.Namespace) -> tuple[list[float], dict[str, int]]:
    latencies: list[float] = []
    counts = {"acts": 0, "errors": 0, "applied": 0}
    stop_at = time.monotonic() + args.seconds
    await asyncio.gather(*(table(url, args, k, latencies, stop_at, counts)
                           for k in range(args.tables)))
    return latencies, counts


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=100)
    p.add_argument("--game", default="wizard")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--level", default="random")
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--actions", type=int, default=200, help="acts per table at most")
    p.add_argument("--workers", type=int, default=2,
                   help="the server's threads for the computers (0: they think on its loop)")
    p.add_argument("--think", type=float, default=0.0,
                   help="seconds a bot thinks before it acts (0.5-1.5 times this; 0: at once, "
                        "the most load the server can be given)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-net-") as data:
        server = subprocess.Popen(
            [sys.executable, "-m", "cardtable", "serve", "--port", "0", "--data", data,
             "--rate", "100000", "--burst", "100000", "--max-tables", str(args.tables + 10),
             "--workers", str(args.workers)],
            stdout=subprocess.PIPE, text=True, cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            url = line.split("listening on ")[1].split()[0]
            cpu0, _ = proc_cpu_rss(server.pid)
            applied0 = 0
            t0 = time.monotonic()
            latencies, counts = asyncio.run(run(url, args))
            wall = time.monotonic() - t0
            cpu1, rss = proc_cpu_rss(server.pid)
            applied = counts["applied"] - applied0
        finally:
            server.terminate()
            server.wait(20)
    lat = sorted(latencies)
    q = statistics.quantiles(lat, n=100) if len(lat) >= 2 else lat * 99
    out(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cpus (other processes "
        "share them: the latency includes waiting for a core)")
    out(f"{args.tables} tables of {args.game} ({args.players} seats: 1 bot person + "
          f"{args.level} computers), {wall:.1f} s, server in its own process, {args.workers} AI threads")
    out(f"act->update: n={len(lat)}  p50 {q[49]:.2f} ms  p95 {q[94]:.2f} ms  "
          f"max {lat[-1]:.2f} ms")
    out(f"actions applied: {applied} ({applied / wall:.0f}/s; the bots' {counts['acts']}), "
          f"errors {counts['errors']}")
    out(f"server CPU {cpu1 - cpu0:.2f} s ({(cpu1 - cpu0) / max(1, applied) * 1000:.2f} ms "
          f"per action, {(cpu1 - cpu0) / wall * 100:.0f}% of one core), RSS {rss:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
