"""Cirno's hard decision time at 4 players, one hard seat (rotating) against three normal
ones, as in the tournament: wall-clock and CPU time per decision (median, p95, max), with the
load average, since on a shared machine the wall time mostly measures the other processes.

    python scripts/cirno_hard_latency.py [--advanced] [--games 6] [--seed 99]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from cardtable.bench.stats import median, percentile
from cardtable.core.rng import GameRng, derive_seed
from cardtable.games import get_spec
from cardtable.games.cirno.ai import HardAgent, NormalAgent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--advanced", action="store_true")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=99)
    args = parser.parse_args()
    spec = get_spec("cirno")
    wall: list[float] = []
    cpu: list[float] = []
    load0 = os.getloadavg()[0]
    for g in range(args.games):
        hard_seat = g % 4
        agents = [HardAgent() if s == hard_seat else NormalAgent() for s in range(4)]
        rngs = [GameRng(derive_seed(args.seed, g, s, "rng")) for s in range(4)]
        state, _ = spec.new_game(derive_seed(args.seed, g), 4, {"advanced": args.advanced})
        while not state.is_terminal():
            p = state.current_player()
            assert p is not None
            legal, view = state.legal_actions(), state.view(p)
            t0, c0 = time.perf_counter(), time.process_time()
            action = agents[p].choose(view, legal, rngs[p])
            if p == hard_seat:
                wall.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
            state.apply(action)
    sys.stdout.write(
        f"{'advanced' if args.advanced else 'basic'}: {args.games} games, {len(wall)} hard "
        f"decisions; wall ms median {median(wall):.0f} p95 {percentile(wall, 95):.0f} max "
        f"{max(wall):.0f}; cpu ms median {median(cpu):.0f} p95 {percentile(cpu, 95):.0f} max "
        f"{max(cpu):.0f}; load average {load0:.1f} -> {os.getloadavg()[0]:.1f}\n")


if __name__ == "__main__":
    main()
