"""Wizard's hard decision time, one hard seat (rotating) against normal ones, as in the
issue-20 runs: wall-clock and CPU time per decision (median, p95, max), by kind (bid, play,
trump; forced moves left out), with the load average, since on a shared machine the wall time
mostly measures the other processes.

    python scripts/wizard_hard_latency.py [--players 4] [--games 3] [--seed 99]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from cardtable.bench.stats import median, percentile
from cardtable.core.rng import GameRng, derive_seed
from cardtable.games import get_spec
from cardtable.games.wizard.ai import HardAgent, HeuristicAgent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=99)
    args = parser.parse_args()
    n = args.players
    spec = get_spec("wizard")
    wall: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    load0 = os.getloadavg()[0]
    for g in range(args.games):
        hard_seat = g % n
        agents = [HardAgent(derive_seed(args.seed, g, s, "agent")) if s == hard_seat
                  else HeuristicAgent("normal", 0) for s in range(n)]
        rngs = [GameRng(derive_seed(args.seed, g, s, "rng")) for s in range(n)]
        state, _ = spec.new_game(derive_seed(args.seed, g), n, {}, quiet=True)
        while not state.is_terminal():
            p = state.current_player()
            assert p is not None
            legal, view = state.legal_actions(), state.view(p)
            t0, c0 = time.perf_counter(), time.process_time()
            action = agents[p].choose(view, legal, rngs[p])
            if p == hard_seat and len(legal) > 1:
                kind = legal[0].kind
                wall.setdefault(kind, []).append((time.perf_counter() - t0) * 1000)
                cpu.setdefault(kind, []).append((time.process_time() - c0) * 1000)
            state.apply(action, check=False)
    for kind in sorted(wall):
        w, c = wall[kind], cpu[kind]
        sys.stdout.write(
            f"{n}p {kind}: {len(w)} decisions; wall ms median {median(w):.0f} p95 "
            f"{percentile(w, 95):.0f} max {max(w):.0f}; cpu ms median {median(c):.0f} p95 "
            f"{percentile(c, 95):.0f} max {max(c):.0f}\n")
    sys.stdout.write(f"{args.games} games; load average {load0:.1f} -> "
                     f"{os.getloadavg()[0]:.1f}\n")


if __name__ == "__main__":
    main()
