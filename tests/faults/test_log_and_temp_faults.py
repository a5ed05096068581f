"""cardtable.log and temp files: a full disk under the log, two running copies, the temp files
a killed write leaves behind."""

from __future__ import annotations

import errno
import logging
import os
import time
from pathlib import Path

import pytest

from cardtable import paths, persist
from cardtable.ui import launch


@pytest.fixture
def log_handler(home: Path):
    """setup_logging's file handler (removed from the root logger afterwards)."""
    root = logging.getLogger()
    before = list(root.handlers)
    level = root.level
    path = launch.setup_logging()
    added = [h for h in root.handlers if h not in before]
    assert path is not None and len(added) == 1
    yield path, added[0]
    for h in added:
        root.removeHandler(h)
        h.close()
    root.setLevel(level)


def test_a_full_disk_under_the_log_is_one_line_not_a_traceback_per_record(
        log_handler, capsys: pytest.CaptureFixture[str]) -> None:
    path, handler = log_handler

    def full(_text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    handler.stream.write = full  # type: ignore[attr-defined, method-assign]
    log = logging.getLogger("cardtable.test")
    for i in range(5):
        log.warning("record %d", i)
    err = capsys.readouterr().err
    assert "--- Logging error ---" not in err and "Traceback" not in err
    assert err.count("cannot write the log file") == 1


def test_a_second_running_copy_writes_its_own_log(home: Path, hold_lock) -> None:
    folder = paths.user_log_dir()
    hold_lock(folder / "cardtable.log.lock")  # the first copy, still running
    assert launch.log_file_path(folder) == folder / f"cardtable-{os.getpid()}.log"


def test_the_first_copy_writes_cardtable_log(home: Path) -> None:
    folder = paths.user_log_dir()
    assert launch.log_file_path(folder) == folder / "cardtable.log"


def test_a_log_folder_that_cannot_be_opened_leaves_the_app_running(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_a, **_k):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))
    monkeypatch.setattr(launch.QuietFileHandler, "__init__", refuse)
    assert launch.setup_logging() is None


def _age(path: Path, seconds: float = 600) -> Path:
    path.touch()
    old = time.time() - seconds
    os.utime(path, (old, old))
    return path


def test_start_up_removes_only_our_own_stale_temp_files(home: Path) -> None:
    data, config = paths.user_data_dir(), paths.user_config_dir()
    replays = data / "replays"
    replays.mkdir()
    stale = [_age(data / ".autosave.json.a1b2c3d4.tmp"), _age(data / ".scorepad.json.zz_9x8w7.tmp"),
             _age(config / ".settings.json.q1w2e3r4.tmp"),
             _age(replays / ".20260101-000000-cirno-1.cardtable.json.k9j8h7g6.tmp")]
    fresh = data / ".autosave.json.fresh123.tmp"  # another copy's write in progress
    fresh.touch()
    foreign = [_age(data / ".notes.txt.a1b2c3d4.tmp"), _age(data / "autosave.json.tmp"),
               _age(data / "mine.tmp"), _age(data / "autosave.json.bak")]
    assert launch.main(["--frames", "1"]) == 0
    assert [p for p in stale if p.exists()] == []
    assert fresh.exists() and all(p.exists() for p in foreign)


def test_clean_stale_temps_reports_what_it_removed(home: Path) -> None:
    data = paths.user_data_dir()
    stale = _age(data / ".autosave.json.a1b2c3d4.tmp")
    assert persist.clean_stale_temps() == [stale]
    assert persist.clean_stale_temps() == []
