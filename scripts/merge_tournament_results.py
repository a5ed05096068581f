"""Merge the results of separate tournament runs into docs/tournament/results.json, then redraw
the report (`cardtable tournament --render-only`).

    python scripts/merge_tournament_results.py RUN/results.json [...] [--note TEXT ...]

A matchup of a merged run replaces the report's matchup with the same game, player count,
agent, field and options (the newer run's code is the one shipped); other matchups stay. The
merged runs' descriptions are added to the report's list of runs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "docs" / "tournament"


def key(m: dict[str, Any]) -> tuple[Any, ...]:
    return (m["game"], m.get("players"), m["agent"], m["field"],
            json.dumps(m.get("options") or {}, sort_keys=True))


def merge(base: dict[str, Any], new: dict[str, Any]) -> int:
    fresh = {key(m): m for m in new.get("matchups", [])}
    kept = [m for m in base["matchups"] if key(m) not in fresh]
    base["matchups"] = kept + list(fresh.values())
    base["runs"] = base.get("runs", []) + new.get("runs", [])
    return len(fresh)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("runs", nargs="+", type=Path)
    p.add_argument("--note", action="append", default=[])
    args = p.parse_args()
    path = REPORT / "results.json"
    base = json.loads(path.read_text(encoding="utf-8"))
    for run in args.runs:
        n = merge(base, json.loads(run.read_text(encoding="utf-8")))
        sys.stdout.write(f"{run}: {n} matchups\n")
    base["notes"] = base.get("notes", []) + args.note
    path.write_text(json.dumps(base, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "cardtable", "tournament", "--render-only",
                           "--out", str(REPORT)], cwd=ROOT, check=False)
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
