"""build.spec stops when a game does not load, finds the games in the registry, writes a Windows
version resource and keeps one copy of each DLL (packaging/spec_helpers.py).

The always-on tests run the spec's own check (in a fresh interpreter, as the spec does) over a
copy of the package with one game's import broken; the `slow` one runs PyInstaller on such a copy
and sees the build fail."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.packaging.test_packaging_files import _load

ROOT = Path(__file__).resolve().parents[2]
helpers = _load("cardtable_spec_helpers", ROOT / "packaging" / "spec_helpers.py")


class _Registry(dict):  # type: ignore[type-arg]
    """A registry whose listed games raise on access (as an unimportable rules module does)."""

    def __init__(self, good: dict[str, Any], broken: dict[str, Exception]) -> None:
        super().__init__(good)
        self.broken = broken

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter([*super().keys(), *self.broken])

    def __getitem__(self, key: str) -> Any:
        if key in self.broken:
            raise self.broken[key]
        return super().__getitem__(key)


def test_the_check_names_every_game_that_does_not_load() -> None:
    registry = _Registry({"cirno": object()},
                         {"wizard": ModuleNotFoundError("No module named 'wizard_rules'"),
                          "eight_half": SyntaxError("invalid syntax")})
    with pytest.raises(helpers.BuildError) as err:
        helpers.check_games(registry)
    text = str(err.value)
    assert "wizard: ModuleNotFoundError" in text and "eight_half: SyntaxError" in text
    assert "cirno" not in text
    with pytest.raises(helpers.BuildError, match="empty"):
        helpers.check_games({})


def test_the_games_come_from_the_registry_with_what_they_import() -> None:
    from cardtable.games import REGISTRY
    modules = helpers.game_modules(ROOT)
    for game_id in REGISTRY:
        assert any(m.startswith(f"cardtable.games.{game_id}.") for m in modules), game_id
    assert not any(m.startswith("cardtable.ui") for m in modules)  # rules only


def _copy_with_a_broken_game(tmp_path: Path, game: str = "wizard") -> Path:
    copy = tmp_path / "src"
    ignore = shutil.ignore_patterns("__pycache__", "_resources", "*.egg-info")
    shutil.copytree(ROOT / "cardtable", copy / "cardtable", ignore=ignore)
    rules = copy / "cardtable" / "games" / game / "rules.py"
    rules.write_text(rules.read_text(encoding="utf-8")
                     + "\nimport cardtable_module_that_is_not_there  # noqa\n", encoding="utf-8")
    return copy


def test_the_spec_check_stops_on_a_game_that_does_not_import(tmp_path: Path) -> None:
    copy = _copy_with_a_broken_game(tmp_path)
    with pytest.raises(helpers.BuildError) as err:
        helpers.game_modules(copy)
    assert "wizard: ModuleNotFoundError" in str(err.value)
    assert "cardtable_module_that_is_not_there" in str(err.value)


def test_the_spec_runs_the_checks_and_fails_on_import_errors() -> None:
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert "games = game_modules(ROOT)" in spec
    assert 'collect_submodules("cardtable", on_error="raise")' in spec
    assert "| set(games)" in spec
    assert "drop_duplicate_dlls(a.binaries)" in spec
    assert "version=version_info(VERSION, numeric(VERSION)) if WINDOWS" in spec
    assert '(str(ROOT / "LICENSE"), ".")' in spec


def test_a_dll_collected_twice_keeps_the_package_copy() -> None:
    binaries = [("SDL2.dll", "C:/py/pygame/SDL2.dll", "BINARY"),
                ("pygame\\SDL2.dll", "C:/py/pygame/SDL2.dll", "BINARY"),
                ("sdl2_TTF.DLL", "C:/py/pygame/SDL2_ttf.dll", "BINARY"),
                ("pygame/SDL2_ttf.dll", "C:/py/pygame/SDL2_ttf.dll", "BINARY"),
                ("python311.dll", "C:/py/python311.dll", "BINARY"),
                ("pygame\\base.pyd", "C:/py/pygame/base.pyd", "EXTENSION")]
    kept = helpers.drop_duplicate_dlls(binaries)
    assert [b[0] for b in kept] == ["pygame\\SDL2.dll", "pygame/SDL2_ttf.dll", "python311.dll",
                                    "pygame\\base.pyd"]


def test_the_version_resource_carries_the_version() -> None:
    # PyInstaller's version-resource module imports only on Windows (the run under wine has it)
    pytest.importorskip("PyInstaller.utils.win32.versioninfo", exc_type=ImportError)
    info = helpers.version_info("1.2.3", (1, 2, 3, 0))
    text = str(info)
    assert "filevers=(1, 2, 3, 0)" in text and "'ProductVersion', '1.2.3'" in text
    assert "卡牌桌 Cardtable" in text and "cardtable.exe" in text


@pytest.mark.slow
def test_pyinstaller_fails_when_a_game_does_not_import(tmp_path: Path) -> None:
    pytest.importorskip("PyInstaller")
    copy = _copy_with_a_broken_game(tmp_path)
    for name in ("build.spec", "pyproject.toml", "setup.py", "LICENSE"):
        shutil.copy2(ROOT / name, copy / name)
    shutil.copytree(ROOT / "packaging", copy / "packaging",
                    ignore=shutil.ignore_patterns("__pycache__", "icons"))
    done = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--workpath",
                           str(tmp_path / "work"), "--distpath", str(tmp_path / "dist"),
                           "build.spec"], cwd=copy, capture_output=True, text=True, timeout=600)
    assert done.returncode != 0
    assert "wizard: ModuleNotFoundError" in done.stderr + done.stdout
    assert not (tmp_path / "dist" / "cardtable").exists()
