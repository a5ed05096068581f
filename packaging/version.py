"""The app's version, read from its one source (`__version__` in cardtable/__init__.py).

    python3 packaging/version.py        # prints it (the installers' scripts and the workflow)

pyproject.toml takes it from the same place (`[tool.setuptools.dynamic]`), `cardtable --version`
prints it, build.spec writes it into the Windows version resource and the macOS bundle. Read
without importing the package, so it needs nothing but Python.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def version(root: Path = ROOT) -> str:
    tree = ast.parse((root / "cardtable" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "__version__"
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            return node.value.value
    raise SystemExit("cardtable/__init__.py has no __version__ = \"...\"")


def numeric(text: str) -> tuple[int, int, int, int]:
    """"0.1.0" -> (0, 1, 0, 0): the four numbers of a Windows version resource."""
    parts = [int(p) for p in text.split(".")]
    if not 1 <= len(parts) <= 4 or any(not 0 <= p <= 65535 for p in parts):
        raise ValueError(f"version {text!r} is not 1-4 numbers of 0-65535")
    a, b, c, d = (parts + [0, 0, 0])[:4]
    return a, b, c, d


if __name__ == "__main__":
    sys.stdout.write(version() + "\n")
