"""cardtable.paths: resources and user directories."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cardtable import paths


def test_resource_root_is_the_repository_when_not_frozen() -> None:
    root = paths.resource_root()
    assert (root / "cardtable" / "paths.py").is_file()
    assert paths.assets_dir() == root / "assets"
    assert paths.locales_dir() == root / "locales"
    assert (paths.locales_dir() / "zh-TW").is_dir()
    assert (paths.assets_dir() / "fonts").is_dir()


def test_resource_root_is_meipass_when_frozen(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.resource_root() == tmp_path
    assert paths.locales_dir() == tmp_path / "locales"


def test_user_dirs_live_under_cardtable_home(cardtable_home: Path) -> None:
    dirs = [paths.user_data_dir(), paths.user_config_dir(), paths.user_log_dir()]
    assert len(set(dirs)) == 3
    for d in dirs:
        assert d.is_dir()
        assert d.parent == cardtable_home


def test_user_dirs_use_platformdirs_without_cardtable_home(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CARDTABLE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(var, raising=False)
    for d in (paths.user_data_dir(), paths.user_config_dir(), paths.user_log_dir()):
        assert "cardtable" in d.parts
        assert d.is_dir()


def test_resource_root_is_the_bundled_copy_when_installed_from_a_wheel(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A wheel (setup.py's build_py) carries assets/ and locales/ in cardtable/_resources."""
    bundled = tmp_path / "_resources"
    (bundled / "assets").mkdir(parents=True)
    (bundled / "locales").mkdir()
    monkeypatch.setattr(paths, "BUNDLED_DIR", bundled)
    assert paths.resource_root() == bundled
    assert paths.locales_dir() == bundled / "locales"
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "frozen"), raising=False)
    assert paths.resource_root() == tmp_path / "frozen"  # a frozen build wins


def test_a_user_folder_that_is_a_file_is_a_clear_error(cardtable_home: Path) -> None:
    cardtable_home.mkdir(parents=True)
    (cardtable_home / "data").write_text("not a folder")
    with pytest.raises(paths.UserDirError, match="is a file, not a folder"):
        paths.user_data_dir()
    assert paths.user_config_dir().is_dir()  # the others are still fine
