"""The code base stays `ruff` clean (the rules are in pyproject.toml)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_clean() -> None:
    # the ruff of this Python's environment, found the same way on every OS
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "cardtable", "tests",
                             "scripts", "packaging"],
                            cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
