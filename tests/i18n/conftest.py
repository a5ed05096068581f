from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable import i18n

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _fresh_catalogs() -> Iterator[None]:
    """Every test starts and ends with the real catalogs, locale zh-TW."""
    i18n.reload()
    i18n.set_locale("zh-TW")
    yield
    i18n.reload()
    i18n.set_locale("zh-TW")
