"""A stand-in sub-command for tests/test_cli_entry.py: prints its arguments."""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    sys.stdout.write(" ".join(argv) + "\n")
    return 0
