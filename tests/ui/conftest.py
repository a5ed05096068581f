"""Headless UI fixtures: dummy SDL drivers, a private CARDTABLE_HOME, an App that re-raises."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    return tmp_path / "home"


@pytest.fixture
def app(home):
    from cardtable import i18n
    from cardtable.ui.launch import make_app
    from cardtable.ui.scenes.title import TitleScene
    a = make_app()
    a.raise_errors = True
    a.push(TitleScene(a))
    yield a
    a.ai.shutdown()
    i18n.set_locale("zh-TW")
    from cardtable.ui import gfx
    gfx.set_density(1.0)  # the density is process-wide; the next test starts at 1280x720

