"""Layering: the rules core, the games and the AI import neither pygame, the UI nor the translator;
and the rules core and the generic AI import no game (they sit below cardtable.games).

Runs in a fresh interpreter where those modules are blocked (`sys.modules[name] = None` makes any
import of them fail), then imports every module found under cardtable.core, cardtable.games and
cardtable.ai with `pkgutil.walk_packages` (plus sub-folders without an `__init__.py`, which
`walk_packages` skips), so a new game or agent module is covered without editing this test.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

PROBE = r"""
import importlib, json, os, pkgutil, sys
extra = [m for m in os.environ.get("CARDTABLE_PROBE_BLOCK", "").split(",") if m]
for blocked in ("pygame", "pygame.freetype", "cardtable.ui", "cardtable.i18n", *extra):
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


def probe(*packages: str, extra_path: Path | None = None, block: tuple[str, ...] = ()
          ) -> dict[str, object]:
    """Import every module of `packages` in a fresh interpreter where pygame, the UI, the
    translator and the `block`ed modules cannot be imported."""
    import os
    env = {**os.environ, "CARDTABLE_PROBE_BLOCK": ",".join(block)}
    if extra_path is not None:
        env["PYTHONPATH"] = os.pathsep.join(
            [str(extra_path), *filter(None, [os.environ.get("PYTHONPATH")])])
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


# ------------------------------------------------------------ core and ai below the games
def imported_names(source: str, package: str) -> set[str]:
    """Every module `source` (a module of `package`) imports, anywhere in it (inside functions
    too), as absolute names; and every string constant naming a module of cardtable.games (an
    `importlib.import_module` argument or a "module:attr" reference)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join([*parts, *filter(None, [node.module])])
            out.add(base)
            out |= {f"{base}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                node.value.startswith("cardtable.games"):
            out.add(node.value.partition(":")[0])
    return out


def _is_games(name: str) -> bool:
    return name == "cardtable.games" or name.startswith("cardtable.games.")


def test_core_and_ai_never_import_the_games() -> None:
    """The rules core and the generic AI sit below the games: no module under cardtable/core or
    cardtable/ai imports cardtable.games (the game list, a game's rules or its AI), not even
    inside a function; the games are found through `cardtable.games` by the layers above."""
    import cardtable
    root = Path(cardtable.__file__).parent
    offenders: dict[str, set[str]] = {}
    scanned = 0
    for folder in ("core", "ai"):
        for path in sorted((root / folder).rglob("*.py")):
            module = ".".join(path.relative_to(root.parent).with_suffix("").parts)
            package = module.rpartition(".")[0]  # (a package's own __init__: the package)
            names = {n for n in imported_names(path.read_text(encoding="utf-8"), package)
                     if _is_games(n)}
            scanned += 1
            if names:
                offenders[module] = names
    assert scanned >= 10 and offenders == {}
    # and at run time: every module of both imports with cardtable.games blocked
    result = probe("cardtable.core", "cardtable.ai", block=("cardtable.games",))
    assert result["failed"] == {}, result["failed"]
    assert "cardtable.core.match" in result["imported"]  # type: ignore[operator]


def test_the_games_scan_sees_every_way_of_importing() -> None:
    """The scan above can fail: an import inside a function (the one core/match.py had), a
    relative import, `from cardtable import games` and a module named in a string are seen."""
    cases = {
        "def f():\n    from cardtable.games import get_spec\n": "cardtable.core",
        "from ..games import cirno\n": "cardtable.ai",
        "from cardtable import games\n": "cardtable.ai",
        "import importlib\nimportlib.import_module('cardtable.games.cirno.ai')\n": "cardtable.ai",
        "X = 'cardtable.games.wizard.ai:AGENTS'\n": "cardtable.core",
    }
    for source, package in cases.items():
        assert any(_is_games(n) for n in imported_names(source, package)), source
    assert not any(_is_games(n) for n in imported_names("from cardtable.core import game\n",
                                                        "cardtable.ai"))
