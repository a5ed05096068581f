"""What build.spec needs beyond PyInstaller itself: the game modules, checked; the Windows version
resource; the DLLs collected twice.

- `game_modules(root)`: every module the game registry's games import, each game's spec loaded
  once in a fresh interpreter; a game that does not load stops the build (`BuildError`, naming
  each game and its error). The games come from `cardtable.games.REGISTRY`, not a list here, so a
  game registered there is checked and bundled without touching the build.
- `version_info(version)`: the version resource of cardtable.exe (Explorer's Details tab, Task
  Manager's description), from the one version source.
- `drop_duplicate_dlls(binaries)`: a DLL that PyInstaller collects both at the top of `_internal`
  and inside a package folder (pygame's SDL libraries) is kept only where the package has it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any


class BuildError(SystemExit):
    """The build must stop: PyInstaller exits non-zero with this message."""


def check_games(registry: Mapping[str, Any]) -> list[str]:
    """Load every game's spec from `registry` (game id -> spec, loading its module on access);
    return the `cardtable.*` modules that loading imported. Raises BuildError naming every game
    that failed (all of them, not only the first)."""
    before = set(sys.modules)
    failures = []
    for game_id in list(registry):
        try:
            registry[game_id]
        except Exception as exc:  # noqa: BLE001 - any failure to load stops the build
            failures.append(f"{game_id}: {type(exc).__name__}: {exc}")
    if failures:
        raise BuildError("build.spec: these games do not load, so the build stops:\n  "
                         + "\n  ".join(failures))
    if not registry:
        raise BuildError("build.spec: the game registry is empty")
    return sorted(m for m in set(sys.modules) - before if m.startswith("cardtable."))


def game_modules(root: Path, python: str = sys.executable) -> list[str]:
    """`check_games` over cardtable.games.REGISTRY, in a fresh interpreter with `root` first on
    its path (so the result does not depend on what this process imported already)."""
    done = subprocess.run([python, str(Path(__file__).resolve()), "games"], cwd=root,
                          capture_output=True, text=True, encoding="utf-8")
    if done.returncode != 0:
        raise BuildError(done.stderr.strip() or done.stdout.strip()
                         or f"build.spec: the game check failed (exit {done.returncode})")
    modules: list[str] = json.loads(done.stdout)
    return modules


def version_info(version: str, numbers: tuple[int, int, int, int]) -> Any:
    """The VSVersionInfo of cardtable.exe (needs PyInstaller; used on Windows)."""
    from PyInstaller.utils.win32 import versioninfo as vi
    strings = [
        vi.StringStruct("CompanyName", "cardtable contributors"),
        vi.StringStruct("FileDescription", "卡牌桌 Cardtable"),
        vi.StringStruct("FileVersion", version),
        vi.StringStruct("InternalName", "cardtable"),
        vi.StringStruct("LegalCopyright", "© cardtable contributors. MIT License; fonts: SIL OFL 1.1"),
        vi.StringStruct("OriginalFilename", "cardtable.exe"),
        vi.StringStruct("ProductName", "卡牌桌 Cardtable"),
        vi.StringStruct("ProductVersion", version),
    ]
    zh_tw, unicode = 0x0404, 1200
    return vi.VSVersionInfo(
        ffi=vi.FixedFileInfo(filevers=numbers, prodvers=numbers, mask=0x3F, flags=0x0,
                             OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),
        kids=[vi.StringFileInfo([vi.StringTable(f"{zh_tw:04X}{unicode:04X}", strings)]),
              vi.VarFileInfo([vi.VarStruct("Translation", [zh_tw, unicode])])])


def _parts(dest: str) -> list[str]:
    return [p for p in re.split(r"[\\/]", dest) if p]


def drop_duplicate_dlls(binaries: Iterable[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """Without the top-level copies of DLLs that a package folder also holds (names compared
    case-insensitively, as Windows does). A package's extension modules load the DLLs beside
    them, so the package's copy is the one in use."""
    entries = list(binaries)
    in_packages = {_parts(dest)[-1].lower() for dest, _src, _kind in entries
                   if len(_parts(dest)) > 1 and dest.lower().endswith(".dll")}
    return [(dest, src, kind) for dest, src, kind in entries
            if not (len(_parts(dest)) == 1 and _parts(dest)[0].lower() in in_packages)]


if __name__ == "__main__" and sys.argv[1:] == ["games"]:
    sys.path.insert(0, str(Path.cwd()))
    from cardtable.games import REGISTRY
    try:
        found = check_games(REGISTRY)
    except BuildError as exc:
        sys.stderr.write(f"{exc}\n")
        sys.exit(1)
    sys.stdout.write(json.dumps(found) + "\n")
