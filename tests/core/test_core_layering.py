"""Layering: the rules core, the games and the AI import neither pygame, the UI nor the translator.

Runs in a fresh interpreter where those modules are blocked (`sys.modules[name] = None` makes any
import of them fail), then imports every module found under cardtable.core, cardtable.games and
cardtable.ai with `pkgutil.walk_packages` (plus sub-folders without an `__init__.py`, which
`walk_packages` skips), so a new game or agent module is covered without editing this test.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

PROBE = r"""
import importlib, json, os, pkgutil, sys
for blocked in ("pygame", "pygame.freetype", "cardtable.ui", "cardtable.i18n"):
    sys.modules[blocked] = None
imported, failed = [], {}

def walk(pkg_name):
    pkg = importlib.import_module(pkg_name)
    imported.append(pkg_name)
    for path in pkg.__path__:
        for entry in sorted(os.listdir(path)):
            full = os.path.join(path, entry)
            if (os.path.isdir(full) and entry.isidentifier()
                    and not os.path.exists(os.path.join(full, "__init__.py"))
                    and any(f.endswith(".py") for f in os.listdir(full))):
                walk(pkg_name + "." + entry)  # a namespace sub-package
    for info in pkgutil.walk_packages(pkg.__path__, prefix=pkg_name + ".",
                                      onerror=lambda name: failed.setdefault(name, "walk")):
        try:
            importlib.import_module(info.name)
            imported.append(info.name)
        except Exception as exc:  # report every failure, not only the first
            failed[info.name] = f"{type(exc).__name__}: {exc}"

for name in sys.argv[1:]:
    try:
        walk(name)
    except Exception as exc:
        failed[name] = f"{type(exc).__name__}: {exc}"
loaded = sorted(m for m in sys.modules if sys.modules[m] is not None
                and (m == "pygame" or m.startswith(("pygame.", "cardtable.ui", "cardtable.i18n"))))
print(json.dumps({"imported": sorted(set(imported)), "failed": failed, "loaded": loaded}))
"""

PURE_PACKAGES = ("cardtable.core", "cardtable.games", "cardtable.ai")


def probe(*packages: str, extra_path: Path | None = None) -> dict[str, object]:
    env = None
    if extra_path is not None:
        import os
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(extra_path), *filter(None, [os.environ.get("PYTHONPATH")])])}
    proc = subprocess.run([sys.executable, "-c", PROBE, *packages], capture_output=True,
                          text=True, timeout=180, check=False, env=env)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_core_games_ai_never_import_pygame_ui_or_i18n() -> None:
    result = probe(*PURE_PACKAGES)
    assert result["failed"] == {}, result["failed"]
    assert result["loaded"] == []
    imported = set(result["imported"])  # type: ignore[arg-type]
    # the walk really found the modules (a broken walk would pass vacuously)
    assert {"cardtable.core.game", "cardtable.core.events", "cardtable.core.match",
            "cardtable.games.cirno.rules", "cardtable.games.cirno.cards",
            "cardtable.ai.agent"} <= imported
    from cardtable.games import REGISTRY
    for game_id in REGISTRY:
        assert f"cardtable.games.{game_id}.rules" in imported


def test_core_layering_probe_catches_a_forbidden_import(tmp_path: Path) -> None:
    """The probe fails a package whose module (even one in a nested folder) imports pygame."""
    pkg = tmp_path / "fakegame"
    (pkg / "inner").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "ok.py").write_text("X = 1\n")
    (pkg / "inner" / "draws.py").write_text("import pygame\n")
    (pkg / "talks.py").write_text("from cardtable.i18n import tr\n")
    result = probe("fakegame", extra_path=tmp_path)
    failed = result["failed"]
    assert set(failed) == {"fakegame.inner.draws", "fakegame.talks"}  # type: ignore[arg-type]
    assert "fakegame.ok" in result["imported"]  # type: ignore[operator]
