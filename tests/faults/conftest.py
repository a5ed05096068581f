"""Fault injection: every file the app keeps, in a throwaway CARDTABLE_HOME.

Fixtures:
- `home`: a fresh CARDTABLE_HOME (all user folders under it);
- `fail_writes(errno)`: every `cardtable.persist` write fails the way a full (ENOSPC) or
  read-only (EROFS) disk fails it: the temp file is made, then fsync raises. (The tests run as
  root, where chmod does not make anything read-only, so the disk's answer is injected);
- `app`: a headless App over the title screen that re-raises scene errors;
- `hold_lock(path)`: another process that holds a lock file (a second running copy).
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

NESTED = "[" * 100_000  # deeper than any JSON parser's recursion limit


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    return tmp_path / "home"


@pytest.fixture
def fail_writes(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    def arm(code: int = errno.ENOSPC) -> None:
        def fsync(fd: int) -> None:
            raise OSError(code, os.strerror(code))
        monkeypatch.setattr(os, "fsync", fsync)
    return arm


@pytest.fixture
def app(home: Path) -> Iterator[object]:
    from cardtable import i18n
    from cardtable.ui.launch import make_app
    from cardtable.ui.scenes.title import TitleScene
    a = make_app()
    a.raise_errors = True
    a.push(TitleScene(a))
    yield a
    a.ai.shutdown()
    i18n.set_locale("zh-TW")


@pytest.fixture
def hold_lock() -> Iterator[Callable[[Path], None]]:
    """Start a process that holds `path` locked (as a second running copy would)."""
    procs: list[subprocess.Popen[str]] = []

    def start(path: Path) -> None:
        # the lock cardtable.persist takes: flock on POSIX, the first byte with msvcrt on Windows
        code = textwrap.dedent(f"""
            import os, sys
            fd = os.open({str(path)!r}, os.O_RDWR | os.O_CREAT, 0o644)
            if os.name == "nt":
                import msvcrt
                msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
            else:
                import fcntl
                fcntl.flock(fd, fcntl.LOCK_EX)
            print("locked", flush=True)
            sys.stdin.read()
        """)
        path.parent.mkdir(parents=True, exist_ok=True)
        proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
        procs.append(proc)

    yield start
    for proc in procs:
        proc.communicate("", timeout=10)


def frames(app: object, n: int = 2) -> None:
    for _ in range(n):
        app.step(1 / 60)  # type: ignore[attr-defined]


def release_locks() -> None:
    """This test process gives up the save-file locks it took (the next test is another
    'copy' of the app as far as its files are concerned)."""
    from cardtable import persist
    release = getattr(persist, "release_claims", None)  # (absent before the locks came)
    if release is not None:
        release()


@pytest.fixture(autouse=True)
def _fresh_claims() -> Iterator[None]:
    release_locks()
    yield
    release_locks()
