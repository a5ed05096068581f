"""Which repository files the standalone build carries, and where they land (used by build.spec).

Destinations mirror the repository layout, so cardtable/paths.py finds them under sys._MEIPASS
exactly as it finds them under the repository root: <root>/assets/..., <root>/locales/...
Game data inside the package (e.g. cardtable/games/tanto_cuore/data/cards.json) is collected by
build.spec with PyInstaller's collect_data_files("cardtable", includes=PACKAGE_DATA).
"""

from __future__ import annotations

from pathlib import Path

# fonts (and their licences: OFL.txt, OFL-<font>.txt) and sounds; READMEs stay out
ASSET_PATTERNS = ("*.otf", "*.ttf", "*.wav", "*.ogg", "*.png", "OFL*.txt")
# zh-TW/*.json, zh-CN/*.json, zh-CN.overrides.json
LOCALE_PATTERNS = ("*.json",)
PACKAGE_DATA = ("**/*.json", "**/*.toml")


def _tree(root: Path, folder: str, patterns: tuple[str, ...]) -> list[tuple[str, str]]:
    out = []
    for pattern in patterns:
        for path in sorted((root / folder).rglob(pattern)):
            if path.is_file():
                out.append((str(path), path.parent.relative_to(root).as_posix()))
    return out


def resource_datas(root: Path) -> list[tuple[str, str]]:
    """(source file, destination folder inside the build) for assets/ and locales/."""
    return _tree(root, "assets", ASSET_PATTERNS) + _tree(root, "locales", LOCALE_PATTERNS)
