"""A release's papers: the licence and SPDX metadata, the package index's README links, the
installer's Chinese wizard, the Linux AppStream metainfo and the portable archive's menu entry."""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.packaging.test_packaging_files import APP_ID, _load

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
WINDOWS = PACKAGING / "windows"


def _project() -> dict:  # type: ignore[type-arg]
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_licence_and_spdx_metadata() -> None:
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "Permission is hereby granted" in licence
    project = _project()
    assert project["license"] == "MIT AND OFL-1.1"  # an SPDX expression, not {text = ...}
    files = [p for pattern in project["license-files"] for p in ROOT.glob(pattern)]
    names = {p.name for p in files}
    assert {"LICENSE", "OFL.txt", "OFL-NotoEmoji.txt", "OFL-LXGWWenKai.txt"} <= names
    assert not any(c.startswith("License ::") for c in project["classifiers"])  # SPDX replaces
    assert {"Homepage", "Source", "Issues"} <= set(project["urls"]) and project["authors"]
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "build-system"]["requires"]
    assert any(re.fullmatch(r"setuptools>=(\d+)", r) and int(r.split(">=")[1]) >= 77
               for r in requires)  # license-files and SPDX expressions need setuptools 77


def test_readme_links_are_absolute_for_the_package_index() -> None:
    source = "https://github.com/o/r"
    text = ("![](docs/a.png) ![x](./b.png) [report](docs/t/report.md) [web](https://x.y/z) "
            "[top](#layout) [mail](mailto:a@b.c)")
    # setup.py calls setup() on import; take the function from its text instead
    code = (ROOT / "setup.py").read_text(encoding="utf-8")
    namespace: dict[str, object] = {}
    start = code.index("# ](target)")
    end = code.index("def long_description")
    exec("import re\n" + code[start:end], namespace)  # noqa: S102 - our own file
    absolute = namespace["absolute_links"](text, source)  # type: ignore[operator]
    assert absolute == ("![](https://raw.githubusercontent.com/o/r/main/docs/a.png) "
                        "![x](https://raw.githubusercontent.com/o/r/main/b.png) "
                        "[report](https://github.com/o/r/blob/main/docs/t/report.md) "
                        "[web](https://x.y/z) [top](#layout) [mail](mailto:a@b.c)")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rewritten = namespace["absolute_links"](readme, _project()["urls"]["Source"])  # type: ignore[operator]
    assert "](docs/" not in rewritten and "](docs/" in readme


def _isl(name: str) -> dict[str, dict[str, str]]:
    raw = (WINDOWS / "languages" / name).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf"), name  # UTF-8 with a BOM: Inno reads it as Unicode
    sections: dict[str, dict[str, str]] = {}
    current: dict[str, str] = {}
    for line in raw.decode("utf-8-sig").splitlines():
        if line.startswith("["):
            current = sections.setdefault(line.strip("[]"), {})
        elif "=" in line and not line.startswith(";"):
            key, value = line.split("=", 1)
            current[key] = value
    return sections


def test_the_wizard_speaks_chinese_as_the_system_does_english_otherwise() -> None:
    iss = (WINDOWS / "cardtable.iss").read_bytes().decode("utf-8-sig")
    languages = re.findall(r'^Name: "(\w+)"; MessagesFile: "([^"]+)"', iss, re.M)
    assert languages == [("en", "compiler:Default.isl"),
                         ("zh_TW", "compiler:Default.isl,languages\\zh-TW.isl"),
                         ("zh_CN", "compiler:Default.isl,languages\\zh-CN.isl")]
    assert "ShowLanguageDialog=no" in iss and "LanguageDetectionMethod=uilanguage" in iss
    tw, cn = _isl("zh-TW.isl"), _isl("zh-CN.isl")
    assert tw["LangOptions"]["LanguageID"] == "$0404" and cn["LangOptions"]["LanguageID"] == "$0804"
    assert set(tw["Messages"]) == set(cn["Messages"])
    # what a person sees on the way through: the mode dialog, every page, the buttons, uninstall
    for key in ("PrivilegesRequiredOverrideTitle", "PrivilegesRequiredOverrideCurrentUser",
                "ButtonNext", "ButtonInstall", "ButtonCancel", "ButtonFinish", "WizardSelectDir",
                "WizardSelectTasks", "WizardReady", "WizardInstalling", "FinishedHeadingLabel",
                "ConfirmUninstall", "UninstalledAll", "SetupAppRunningError"):
        assert re.search(r"[\u4e00-\u9fff]", tw["Messages"][key]), key
    for lang in (tw, cn):
        for key, value in lang["Messages"].items():  # the placeholders survive translation
            assert not re.search(r"[A-Za-z]{4,}", re.sub(r"\[[a-z/]+\]|%\d|%n|Windows|INI|UNC|"
                                                         r"APP|server|share|KB|MB|GB", "",
                                                         value)), (key, value)
    assert "CreateDesktopIcon" in tw["CustomMessages"] and "LaunchProgram" in cn["CustomMessages"]


def test_the_simplified_wizard_is_generated_and_not_stale() -> None:
    pytest.importorskip("opencc")
    make = _load("cardtable_make_zh_cn_isl", WINDOWS / "make_zh_cn_isl.py")
    assert make.main(["--check"]) == 0, "run packaging/windows/make_zh_cn_isl.py"
    cn = _isl("zh-CN.isl")["Messages"]
    assert cn["UninstallAppTitle"] == "卸载" and "文件夹" in cn["WizardSelectDir"] + cn["SelectDirLabel3"]


def test_desktop_entry_has_a_reverse_dns_id_and_metainfo_names_it() -> None:
    assert (PACKAGING / "linux" / f"{APP_ID}.desktop").is_file()
    assert not (PACKAGING / "linux" / "cardtable.desktop").exists()
    metainfo = (PACKAGING / "linux" / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    assert f"<id>{APP_ID}</id>" in metainfo
    assert f'<launchable type="desktop-id">{APP_ID}.desktop</launchable>' in metainfo
    assert "<project_license>MIT AND OFL-1.1</project_license>" in metainfo
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert f'APP_ID = "{APP_ID}"' in spec and "bundle_identifier=APP_ID" in spec


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream not installed")
def test_metainfo_passes_appstreamcli_validate() -> None:
    done = subprocess.run(["appstreamcli", "validate", "--no-net",
                           str(PACKAGING / "linux" / f"{APP_ID}.metainfo.xml")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(sys.platform == "win32" or shutil.which("sh") is None,
                    reason="the portable Linux archive's script")
def test_portable_archive_menu_entry_points_at_the_unpacked_folder(tmp_path: Path) -> None:
    folder = tmp_path / "卡牌 unpacked" / "cardtable-0.1.0"
    folder.mkdir(parents=True)
    (folder / "cardtable").write_text("#!/bin/sh\n")
    (folder / "cardtable").chmod(0o755)
    shutil.copy2(PACKAGING / "linux" / "add-to-menu.sh", folder / "add-to-menu.sh")
    shutil.copy2(PACKAGING / "linux" / f"{APP_ID}.desktop", folder / f"{APP_ID}.desktop.in")
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    subprocess.run(["sh", str(folder / "add-to-menu.sh")], env=env, check=True,
                   capture_output=True)
    entry = tmp_path / "data" / "applications" / f"{APP_ID}.desktop"
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment, method-assign]
    parser.read(entry, encoding="utf-8")
    desktop = parser["Desktop Entry"]
    assert desktop["Exec"] == f'"{folder}/cardtable"'
    assert desktop["TryExec"] == f"{folder}/cardtable" and desktop["Icon"] == f"{folder}/cardtable.png"
    assert desktop["Name[zh_TW]"] == "卡牌桌"
    if shutil.which("desktop-file-validate"):
        done = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert done.returncode == 0 and not done.stdout.strip(), done.stdout
    subprocess.run(["sh", str(folder / "add-to-menu.sh"), "--remove"], env=env, check=True,
                   capture_output=True)
    assert not entry.exists()
