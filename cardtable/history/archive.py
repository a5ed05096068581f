"""What the app does when a game ends: save its record and count it in the statistics.

    result = archive_finished(match)   # result.path, result.stats_row, result.notice

The record goes to `<user data>/replays/` (always, also for AI-only demos, so any game can be
rewatched); the statistics count it only when a human sat at the table. A failure to write either
is logged and reported as a notice (`cardtable.persist.Notice`, its key `history.error.write_failed`
with the `path` that could not be written; a statistics database another program holds has its
own key), never raised into the game loop.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from cardtable.core.match import Match
from cardtable.history.records import replays_dir, save_finished
from cardtable.history.stats import (
    BUSY_KEY,
    StatsBusyError,
    StatsDB,
    StatsUnwritableError,
    is_busy,
    stats_path,
)
from cardtable.persist import WRITE_DENIED_KEY, Notice

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
        notice = Notice(WRITE_FAILED_KEY, path=str(_where(replays, exc)))
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
    except StatsBusyError as exc:
        log.error("the statistics database is busy; the %s game is not counted: %s",
                  match.spec.id, exc)
        notice = notice or Notice(BUSY_KEY, path=str(exc.path))
    except StatsUnwritableError as exc:
        log.error("the statistics database cannot be written; the %s game is not counted",
                  match.spec.id)
        notice = notice or Notice(WRITE_DENIED_KEY, path=str(exc.path))
    except (OSError, ValueError, sqlite3.Error) as exc:
        log.error("cannot add a finished %s game to the statistics: %s", match.spec.id, exc)
        busy = isinstance(exc, sqlite3.Error) and is_busy(exc)
        where = db.path if db is not None else _stats_file()
        notice = notice or Notice(BUSY_KEY if busy else WRITE_FAILED_KEY, path=str(where))
    return ArchiveResult(path, row, notice)


def _where(replays: Path | None, exc: OSError) -> Path | str:
    """The file (or folder) a failed record write names, for the notice."""
    if replays is not None:
        return replays
    try:
        return replays_dir()
    except OSError:
        return exc.filename or "replays"


def _stats_file() -> Path | str:
    try:
        return stats_path()
    except OSError:
        return "stats.sqlite3"
