"""`cardtable bench`: our engines against peers, UI frame times, start-up, memory, AI latency.

    cardtable bench [--quick] [--json] [--only engines,frames,first_frame,memory,ai]

The peers come from the optional extra: `pip install -e '.[bench]'`; a missing peer makes its row
say so. `--quick` takes under a minute, the full run under ten (on a 2-core machine).
"""

from __future__ import annotations

import argparse
import json
import sys

SECTIONS = ("engines", "frames", "first_frame", "memory", "ai")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="cardtable bench",
                                     description="Benchmarks against peer engines and of the app.")
    parser.add_argument("--quick", action="store_true", help="short budgets (under a minute)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--only", default=",".join(SECTIONS),
                        help=f"comma-separated sections ({', '.join(SECTIONS)})")
    args = parser.parse_args(argv)
    sections = tuple(s.strip() for s in args.only.split(",") if s.strip())
    bad = [s for s in sections if s not in SECTIONS]
    if not sections:
        sys.stderr.write(f"cardtable bench: error: --only names no section; valid: "
                         f"{', '.join(SECTIONS)}\n")
        return 2
    if bad:
        sys.stderr.write(f"cardtable bench: error: unknown section(s) {', '.join(bad)}; "
                         f"valid: {', '.join(SECTIONS)}\n")
        return 2
    from cardtable.bench import suite

    def progress(msg: str) -> None:
        sys.stderr.write(f"bench: {msg}\n")
        sys.stderr.flush()

    out = suite.run(args.quick, progress, sections)
    if args.json:
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(suite.format_table(out) + "\n")
    return 0
