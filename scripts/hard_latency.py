"""A hard seat's decision time (rotating, against normal seats, as in the tournament and the
issue-20 runs): wall-clock and CPU milliseconds per decision with a choice (median, p95, max),
by kind of action, with the load average, since on a shared machine the wall time mostly
measures the other processes.

    python scripts/hard_latency.py --game wizard [--players 4] [--games 3] [--seed 99]
                                   [--option advanced=true] [--agent hard_bids_only]
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from cardtable.bench.ai_latency import seat_against_field
from cardtable.bench.stats import median, percentile


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--option", action="append", default=[], help="key=value (JSON value)")
    parser.add_argument("--agent", default="hard",
                        help="the seat timed (a level or a measurement variant)")
    args = parser.parse_args()
    options = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    load0 = os.getloadavg()[0]
    times = seat_against_field(args.game, args.agent, "normal", args.players, args.games,
                               args.seed, options)
    for kind, (w, c) in sorted(times.items()):
        sys.stdout.write(
            f"{args.game} {args.players}p {kind}: {len(w)} decisions; wall ms median "
            f"{median(w):.0f} p95 {percentile(w, 95):.0f} max {max(w):.0f}; cpu ms median "
            f"{median(c):.0f} p95 {percentile(c, 95):.0f} max {max(c):.0f}\n")
    sys.stdout.write(f"{args.games} games; load average {load0:.1f} -> "
                     f"{os.getloadavg()[0]:.1f}\n")


if __name__ == "__main__":
    main()
