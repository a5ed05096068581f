"""stats.sqlite3 under faults: corrupt, wrong tables at the current schema, newer, locked by
another process, read-only, full."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable import persist
from cardtable.history import stats as stats_mod
from cardtable.history.archive import archive_finished
from cardtable.history.stats import CORRUPT_KEY, StatsDB, stats_path
from tests.faults.test_replay_faults import _finished

BUSY_KEY = "history.notice.stats_busy"
WRITE_DENIED_KEY = "notice.write_failed_denied"


def _filled() -> Path:
    with StatsDB() as db:
        db.record_match(_finished(1))
    return stats_path()


def _aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.corrupt-*"))


def test_a_database_at_the_current_version_without_its_tables_is_set_aside(home: Path) -> None:
    path = stats_path()
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, finished_at TEXT)")
    conn.execute(f"PRAGMA user_version = {stats_mod.SCHEMA_VERSION}")
    conn.commit()
    conn.close()
    with StatsDB() as db:
        assert db.notice == CORRUPT_KEY
        report = db.report()  # before: OperationalError: no such table: seats
        assert report["summary"] == []
        assert db.record_match(_finished()) is not None
    kept = _aside(path)
    assert len(kept) == 1
    names = {r[0] for r in sqlite3.connect(kept[0]).execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert names == {"games"}  # kept as it was


def test_a_missing_column_is_wrong_tables_too(home: Path) -> None:
    path = _filled()
    conn = sqlite3.connect(path)
    conn.execute("ALTER TABLE seats DROP COLUMN result")
    conn.commit()
    conn.close()
    with StatsDB() as db:
        assert db.notice == CORRUPT_KEY


def test_corrupt_and_newer_databases_are_set_aside(home: Path) -> None:
    path = stats_path()
    path.write_bytes(b"this is not sqlite" * 100)
    with StatsDB() as db:
        assert db.notice == CORRUPT_KEY
    assert len(_aside(path)) == 1
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    with StatsDB() as db:
        assert db.notice == stats_mod.NEWER_KEY
    assert len(_aside(path)) == 2


@pytest.fixture
def locker(home: Path) -> Iterator[Path]:
    """Another process holding the database with BEGIN EXCLUSIVE."""
    path = _filled()
    code = textwrap.dedent(f"""
        import sqlite3, sys
        conn = sqlite3.connect({str(path)!r}, isolation_level=None)
        conn.execute("BEGIN EXCLUSIVE")
        conn.execute("DELETE FROM metrics")  # a write in progress: its journal is on disk
        print("locked", flush=True)
        sys.stdin.read()
        conn.execute("ROLLBACK")
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
    yield path
    proc.communicate("", timeout=10)


def test_a_locked_database_is_not_corrupt(locker: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats_mod, "BUSY_TIMEOUT", 0.2, raising=False)
    size = locker.stat().st_size
    journal = Path(f"{locker}-journal")
    assert journal.exists()
    with StatsDB() as db:
        assert db.notice == BUSY_KEY and getattr(db, "busy", False)
        assert db.report()["summary"] == []
    assert locker.exists() and locker.stat().st_size == size
    assert journal.exists()  # before: moved aside as corrupt and its journal deleted
    assert not _aside(locker)


def test_a_game_ending_while_the_database_is_locked_says_so(locker: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    monkeypatch.setattr(stats_mod, "BUSY_TIMEOUT", 0.2, raising=False)
    result = archive_finished(_finished(2))
    assert result.path is not None and result.path.exists()  # the record is saved
    assert result.stats_row is None and result.notice == BUSY_KEY
    assert not _aside(locker)


def test_the_stats_scene_opens_over_a_locked_database(app, locker: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.ui.scenes.stats import StatsScene
    monkeypatch.setattr(stats_mod, "BUSY_TIMEOUT", 0.2, raising=False)
    scene = app.push(StatsScene(app))
    assert BUSY_KEY in app.notices
    app.step(1 / 60)
    assert app.stack.top is scene


def test_a_read_only_database_is_shown_and_left_alone(home: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """(As root chmod does not stop a write: the file is opened read-only instead, which gives
    sqlite's own SQLITE_READONLY answers.)"""
    path = _filled()
    real = sqlite3.connect

    def read_only(target, *args, **kwargs):
        if str(target) == str(path):
            kwargs["uri"] = True
            return real(f"{Path(target).resolve().as_uri()}?mode=ro", *args, **kwargs)
        return real(target, *args, **kwargs)

    monkeypatch.setattr(stats_mod.sqlite3, "connect", read_only)
    with StatsDB() as db:
        assert len(db.history()) == 1  # the figures are still shown
    result = archive_finished(_finished(3))
    assert result.notice == WRITE_DENIED_KEY and result.stats_row is None
    assert not _aside(path)


def test_a_full_database_is_told_with_its_path(home: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite's own 'database or disk is full' (max_page_count at the current size)."""
    from cardtable.i18n import tr
    path = _filled()
    db = StatsDB()
    pages = db.conn.execute("PRAGMA page_count").fetchone()[0]
    db.conn.execute(f"PRAGMA max_page_count = {pages}")
    results = [archive_finished(_finished(seed), db=db) for seed in range(4, 24)]
    db.close()
    failed = [r for r in results if r.stats_row is None]
    assert failed, "the database never filled up"
    assert failed[0].notice == "history.error.write_failed"
    assert str(path) in tr(failed[0].notice, **persist.notice_params(failed[0].notice))
