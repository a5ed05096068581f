"""What the app does when a game ends: save its record and count it in the statistics.

    result = archive_finished(match)   # result.path, result.stats_row, result.notice

The record goes to `<user data>/replays/` (always, also for AI-only demos, so any game can be
rewatched); the statistics count it only when a human sat at the table. A failure to write either
is logged and reported as a notice key, never raised into the game loop.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from cardtable.core.match import Match
from cardtable.history.records import save_finished
from cardtable.history.stats import StatsDB

log = logging.getLogger(__name__)

WRITE_FAILED_KEY = "history.error.write_failed"


@dataclass(slots=True)
class ArchiveResult:
    path: Path | None
    stats_row: int | None
    notice: str | None


def archive_finished(match: Match, db: StatsDB | None = None,
                     replays: Path | None = None) -> ArchiveResult:
    """Save a finished match's record and add it to the statistics (see module docstring)."""
    if not match.state.is_terminal():
        raise ValueError("the match is not finished")
    notice: str | None = None
    path: Path | None = None
    try:
        path = save_finished(match, replays)
    except OSError as exc:
        log.error("cannot save the record of a finished %s game: %s", match.spec.id, exc)
        notice = WRITE_FAILED_KEY
    row: int | None = None
    own = db is None
    try:
        stats = db if db is not None else StatsDB()
        try:
            row = stats.record_match(match, record_path=path)
            notice = notice or stats.notice
        finally:
            if own:
                stats.close()
    except (OSError, ValueError, sqlite3.Error) as exc:
        log.error("cannot add a finished %s game to the statistics: %s", match.spec.id, exc)
        notice = notice or WRITE_FAILED_KEY
    return ArchiveResult(path, row, notice)
