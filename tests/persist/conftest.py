from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def cardtable_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """All user directories go under a fresh temporary CARDTABLE_HOME."""
    home = tmp_path / "home"
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    return home
