"""Where things live: bundled resources (assets, locales) and the user's own directories.

This is the ONE module that knows resource locations, in this order:

- frozen by PyInstaller: under ``sys._MEIPASS`` (packaging/datafiles.py puts them there);
- installed from a wheel (``pip install .``): under ``cardtable/_resources/``, where the build
  (setup.py) copies the repository's ``assets/`` and ``locales/``;
- a source checkout or an editable install: the repository root.

User directories come from platformdirs (app name ``cardtable``), or all live under
``$CARDTABLE_HOME`` when that is set (tests and CI use it). A user directory that cannot be made
(a regular file in its place, no permission) raises `UserDirError`, a clear one-line message.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "cardtable"
HOME_ENV = "CARDTABLE_HOME"
PACKAGE_DIR = Path(__file__).resolve().parent
BUNDLED_DIR = PACKAGE_DIR / "_resources"  # setup.py's RESOURCE_PACKAGE


class UserDirError(OSError):
    """A user folder the app cannot make or use; str() is the message for the person."""


def _has_resources(root: Path) -> bool:
    return (root / "locales").is_dir() and (root / "assets").is_dir()


def resource_root() -> Path:
    """The folder that holds ``assets/`` and ``locales/`` (see the module docstring)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    if _has_resources(BUNDLED_DIR):
        return BUNDLED_DIR
    return PACKAGE_DIR.parent


def assets_dir() -> Path:
    return resource_root() / "assets"


def locales_dir() -> Path:
    return resource_root() / "locales"


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV)
    return Path(value) if value else None


def _ensure(path: Path) -> Path:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UserDirError(f"{path} (or a folder above it) is a file, not a folder; move that "
                           "file away or set CARDTABLE_HOME to another folder") from None
    except OSError as exc:
        raise UserDirError(f"cannot create the folder {path}: {exc.strerror or exc}") from None
    if not path.is_dir():
        raise UserDirError(f"{path} is not a folder")
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


def exports_dir() -> Path:
    """Where files the person exports go by default (a score pad's image and table): a
    `cardtable` folder in their documents folder (created on first use)."""
    home = _home()
    if home is not None:
        return _ensure(home / "exports")
    return _ensure(Path(platformdirs.user_documents_dir()) / APP_NAME)
