"""Where things live: bundled resources (assets, locales) and the user's own directories.

This is the ONE module that knows resource locations. When frozen by PyInstaller, resources are
under ``sys._MEIPASS``; otherwise under the repository root. User directories come from
platformdirs (app name ``cardtable``), or all live under ``$CARDTABLE_HOME`` when that is set
(tests and CI use it).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "cardtable"
HOME_ENV = "CARDTABLE_HOME"


def resource_root() -> Path:
    """The folder that holds ``assets/`` and ``locales/``."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def assets_dir() -> Path:
    return resource_root() / "assets"


def locales_dir() -> Path:
    return resource_root() / "locales"


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV)
    return Path(value) if value else None


def _ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_data_dir() -> Path:
    """Autosaves and other data the app writes (created on first use)."""
    home = _home()
    if home is not None:
        return _ensure(home / "data")
    return _ensure(Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)))


def user_config_dir() -> Path:
    """Settings (created on first use)."""
    home = _home()
    if home is not None:
        return _ensure(home / "config")
    return _ensure(Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)))


def user_log_dir() -> Path:
    """Log files (created on first use)."""
    home = _home()
    if home is not None:
        return _ensure(home / "logs")
    return _ensure(Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)))
