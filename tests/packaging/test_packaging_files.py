"""Light checks of the packaging recipes (the real build is scripts/smoke_package.py, not here)."""

from __future__ import annotations

import configparser
import importlib.util
import shutil
import struct
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.cardtable.cardtable"  # reverse-DNS: desktop entry, metainfo, macOS bundle


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


datafiles = _load("cardtable_packaging_datafiles", PACKAGING / "datafiles.py")


def test_every_resource_file_the_app_reads_is_bundled_where_paths_looks() -> None:
    datas = datafiles.resource_datas(ROOT)
    bundled = {Path(dest) / Path(src).name for src, dest in datas}
    wanted = [p for p in (ROOT / "assets").rglob("*") if p.is_file() and p.suffix != ".md"]
    wanted += list((ROOT / "locales").rglob("*.json"))
    missing = [str(p.relative_to(ROOT)) for p in wanted if p.relative_to(ROOT) not in bundled]
    assert not missing
    names = {p.as_posix() for p in bundled}
    assert "locales/zh-CN.overrides.json" in names
    assert any(n.startswith("locales/zh-TW/") for n in names)
    assert any(n.startswith("locales/zh-CN/") for n in names)
    # the regional faces, the CJK fallback, the newest ideographs, the emoji face
    assert sum(n.endswith((".otf", ".ttf")) and "/fonts/" in n for n in names) == 5
    for licence in ("OFL.txt", "OFL-NotoEmoji.txt", "OFL-LXGWWenKai.txt"):
        assert f"assets/fonts/{licence}" in names  # the fonts' licences travel with them


def test_package_data_patterns_cover_the_game_data() -> None:
    data = [p for p in (ROOT / "cardtable").rglob("*") if p.suffix in (".json", ".toml")]
    assert ROOT / "cardtable/games/tanto_cuore/data/cards.json" in data
    for p in data:
        rel = p.relative_to(ROOT / "cardtable")
        assert any(rel.match(pat.removeprefix("**/")) for pat in datafiles.PACKAGE_DATA), rel
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert 'collect_data_files("cardtable", includes=list(PACKAGE_DATA))' in spec


def test_frozen_build_reads_resources_from_meipass(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    from cardtable import paths
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.resource_root() == tmp_path
    assert paths.assets_dir() == tmp_path / "assets"
    assert paths.locales_dir() == tmp_path / "locales"


def test_spec_excludes_test_and_dev_packages_and_is_one_folder_windowed() -> None:
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    for name in ("pytest", "ruff", "fontTools", "opencc", "tkinter", "numpy", "setuptools"):
        assert f'"{name}"' in spec, name
    assert "exclude_binaries=True" in spec and "COLLECT(" in spec  # one folder, not one file
    assert "console=False" in spec and "upx=False" in spec
    assert "strip=LINUX" in spec


def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment, method-assign]  # keys are case-sensitive
    parser.read(PACKAGING / "linux" / f"{APP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_entry_has_chinese_names_and_the_card_game_category() -> None:
    entry = _desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Exec"] == "cardtable" and entry["Icon"] == "cardtable"
    assert entry["Name[zh_TW]"] and entry["Name[zh_CN]"]
    assert entry["Terminal"] == "false"
    cats = entry["Categories"]
    assert cats.endswith(";") and {"Game", "CardGame"} <= set(cats.split(";"))


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-utils not installed")
def test_desktop_entry_passes_desktop_file_validate() -> None:
    r = subprocess.run(["desktop-file-validate", str(PACKAGING / "linux" / f"{APP_ID}.desktop")],
                       capture_output=True, text=True)
    assert r.returncode == 0 and not r.stdout.strip(), r.stdout


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_icons_exist_in_every_size_and_container() -> None:
    icons = PACKAGING / "icons"
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        assert _png_size((icons / f"cardtable-{size}.png").read_bytes()) == (size, size)
    ico = (icons / "cardtable.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count >= 5
    dims = {ico[6 + 16 * i] or 256 for i in range(count)}
    assert {16, 32, 48, 256} <= dims
    icns = (icons / "cardtable.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    entries, at = {}, 8
    while at < len(icns):
        kind, length = icns[at:at + 4], struct.unpack(">I", icns[at + 4:at + 8])[0]
        entries[kind] = icns[at + 8:at + length]
        at += length
    assert _png_size(entries[b"ic10"]) == (1024, 1024)  # the Retina 512 pt icon
    assert _png_size(entries[b"ic09"]) == (512, 512)


def test_installers_use_the_same_build_icon_and_version_source() -> None:
    iss = (PACKAGING / "windows" / "cardtable.iss").read_bytes()
    assert iss.startswith(b"\xef\xbb\xbf")  # UTF-8 BOM: Inno Setup reads the Chinese names right
    text = iss.decode("utf-8-sig")
    assert r"dist\cardtable\*" in text and r"packaging\icons\cardtable.ico" in text
    assert "#ifndef AppVersion" in text
    assert "ArchitecturesAllowed=x64compatible" in text
    assert "ArchitecturesInstallIn64BitMode=x64compatible" in text
    assert r'Source: "{#Root}\LICENSE"; DestDir: "{app}"; DestName: "LICENSE.txt"' in text
    workflow = (ROOT / ".github" / "workflows" / "build.yml").read_text(encoding="utf-8")
    assert "pyinstaller build.spec" in workflow
    assert "/DAppVersion=" in workflow and "build_dmg.sh" in workflow
    assert "build_deb.sh" in workflow or "smoke_package.py" in workflow
    for os_name in ("ubuntu", "windows", "macos"):
        assert os_name in workflow
    deb = (PACKAGING / "linux" / "build_deb.sh").read_text(encoding="utf-8")
    assert "packaging/version.py" in deb and "/opt/cardtable" in deb
    assert "python packaging/version.py" in workflow


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_shell_scripts_parse() -> None:
    for script in (PACKAGING / "linux" / "build_deb.sh", PACKAGING / "macos" / "build_dmg.sh",
                   PACKAGING / "linux" / "add-to-menu.sh",
                   PACKAGING / "windows" / "build_and_smoke_wine.sh"):
        assert subprocess.run(["bash", "-n", str(script)]).returncode == 0, script


def test_smoke_script_calls_a_single_colour_screenshot_blank(tmp_path: Path) -> None:
    import pygame
    smoke = _load("cardtable_smoke_package", ROOT / "scripts" / "smoke_package.py")
    blank = pygame.Surface((64, 36))
    blank.fill((12, 20, 38))
    pygame.image.save(blank, str(tmp_path / "blank.png"))
    spread, colours = smoke.screenshot_spread(tmp_path / "blank.png")
    assert spread == 0 and colours == 1
    busy = pygame.Surface((64, 36))
    for x in range(64):
        pygame.draw.line(busy, (x * 4, 255 - x * 4, 128), (x, 0), (x, 35))
    pygame.image.save(busy, str(tmp_path / "busy.png"))
    spread, colours = smoke.screenshot_spread(tmp_path / "busy.png")
    assert spread > 8 and colours >= 16


def _spec_excludes() -> list[str]:
    """The module names build.spec leaves out of the frozen app, read from its source."""
    import ast
    tree = ast.parse((ROOT / "build.spec").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "excludes"
                                                 for t in node.targets)):
            return [ast.literal_eval(e) for e in node.value.elts]  # type: ignore[attr-defined]
    raise AssertionError("build.spec has no excludes list")


def test_what_the_frozen_app_leaves_out_is_not_needed_to_play_online() -> None:
    """The network client, the in-app server and the online scenes import with every module
    the build excludes refused (the build once left out ssl, which websockets' client needs)."""
    excludes = _spec_excludes()
    assert "pytest" in excludes  # read the real list
    code = (
        "import sys, importlib.abc\n"
        f"EXCLUDED = {sorted(excludes)!r}\n"
        "for name in list(sys.modules):\n"
        "    if name.split('.')[0] in EXCLUDED or name in EXCLUDED:\n"
        "        del sys.modules[name]\n"
        "class Refuse(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name in EXCLUDED or name.split('.')[0] in EXCLUDED:\n"
        "            raise ImportError('excluded from the build: ' + name)\n"
        "        return None\n"
        "sys.meta_path.insert(0, Refuse())\n"
        "import cardtable.net.client, cardtable.net.server, cardtable.net.link\n"
        "import cardtable.cli.serve\n"
        "import websockets.sync.client, websockets.asyncio.server, ssl\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
