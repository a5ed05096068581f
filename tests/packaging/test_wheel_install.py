"""A plain `pip install .` works: the wheel carries assets/ and locales/ and the app started
from a fresh virtual environment shows real Chinese text in the bundled fonts.

Slow (builds a wheel, makes a venv, installs the dependencies from the package index):
`python -m pytest -m slow tests/packaging/test_wheel_install.py`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKIP = {".git", ".venv", "build", "dist", "__pycache__", ".pytest_cache", ".ruff_cache"}


def _run(cmd: list[str], **kw) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=900, **kw)
    assert done.returncode == 0, f"{cmd}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def _bin(venv: Path, name: str) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin") / name


@pytest.mark.slow
def test_the_wheel_installs_and_starts_with_its_own_texts_and_fonts(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=lambda _d, names: [n for n in names if n in SKIP
                                                            or n.endswith(".egg-info")])
    wheels = tmp_path / "wheels"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels),
          str(source)])
    (wheel,) = wheels.glob("cardtable-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for want in ("cardtable/_resources/locales/zh-TW/ui.json",
                 "cardtable/_resources/locales/zh-CN/ui.json",
                 "cardtable/_resources/assets/fonts/NotoSansCJKtc-subset.otf",
                 "cardtable/_resources/assets/icons/cardtable-256.png"):
        assert want in names, want

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)])
    python = _bin(venv, "python")
    _run([str(python), "-m", "pip", "install", "-q", str(wheel)])

    home = tmp_path / "home"
    run_dir = tmp_path / "elsewhere"  # not the checkout: only the installed copy can be found
    run_dir.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(CARDTABLE_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    probe = _run([str(python), "-c",
                  "from cardtable import paths, i18n; import cardtable;"
                  "print(cardtable.__file__); print(paths.resource_root());"
                  "print(i18n.font_spec('zh-TW')[0]); print(i18n.tr('app.title'));"
                  "print(i18n.tr('menu.new_game'))"], cwd=run_dir, env=env)
    package, root, font, title, new_game = probe.stdout.splitlines()
    site = Path(package).parent
    assert venv in site.parents and Path(root) == site / "_resources"
    assert Path(font).is_file() and Path(font).is_relative_to(site)
    assert title == "卡牌桌" and "⟦" not in new_game and new_game.strip()

    shot = tmp_path / "title.png"
    _run([str(_bin(venv, "cardtable")), "--frames", "5", "--screenshot", str(shot)],
         cwd=run_dir, env=env)
    log = (home / "logs" / "cardtable.log").read_text(encoding="utf-8")
    line = next(ln for ln in log.splitlines() if " resources " in ln)
    assert str(site / "_resources") in line and "(found" in line and "'卡牌桌'" in line

    # the same frame as the checkout draws it: the same texts in the same fonts
    reference = tmp_path / "reference.png"
    _run([sys.executable, "-m", "cardtable", "--frames", "5", "--screenshot", str(reference)],
         cwd=ROOT, env=dict(env, CARDTABLE_HOME=str(tmp_path / "home2")))
    import pygame
    a, b = pygame.image.load(str(shot)), pygame.image.load(str(reference))
    assert a.get_size() == b.get_size()
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
