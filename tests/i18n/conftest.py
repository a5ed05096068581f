from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from cardtable import i18n

ROOT = Path(__file__).resolve().parents[2]


def load_script(name: str) -> ModuleType:
    """Import scripts/<name>.py as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location(f"_script_{name}", ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def _fresh_catalogs() -> Iterator[None]:
    """Every test starts and ends with the real catalogs, locale zh-TW."""
    i18n.reload()
    i18n.set_locale("zh-TW")
    yield
    i18n.reload()
    i18n.set_locale("zh-TW")
