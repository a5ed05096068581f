"""Placeholder: replaced by the report writer."""
from pathlib import Path
from typing import Any


def write_report(report: dict[str, Any], out: Path) -> Path:
    return out / "results.json"
