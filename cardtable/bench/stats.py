"""Small helpers shared by the bench modules: percentiles and the machine's load."""

from __future__ import annotations

import math
import os
import statistics
from collections.abc import Sequence
from typing import Any


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by the nearest-rank method; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = math.ceil(q / 100 * len(ordered))  # 1-based
    return ordered[max(0, min(len(ordered), rank) - 1)]


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else 0.0


def machine() -> dict[str, Any]:
    """Cores and the 1/5/15-minute load average (timings on a loaded machine read slower)."""
    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except (OSError, AttributeError):  # pragma: no cover - Windows has no load average
        load = []
    return {"cpus": os.cpu_count(), "load_average": load}
