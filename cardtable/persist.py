"""User files: settings and the autosaved match, written atomically, read forgivingly.

A file that cannot be read or validated is moved aside as ``<name>.corrupt-<timestamp>`` and the
caller gets defaults plus a message KEY for a one-line on-screen notice.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardtable import paths
from cardtable.core.match import MatchRecord, Seat

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"
SETTINGS_CORRUPT_KEY = "notice.settings_corrupt"
AUTOSAVE_CORRUPT_KEY = "notice.autosave_corrupt"
AUTOSAVE_VERSION = 1


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    language: Literal["zh-TW", "zh-CN"] = "zh-TW"
    anim_speed: float = Field(default=1.0, ge=0.25, le=4.0)
    fullscreen: bool = False
    volume: float = Field(default=0.7, ge=0.0, le=1.0)
    muted: bool = False
    player_names: list[str] = Field(default_factory=list, max_length=16)


class AutosaveHeader(BaseModel):
    saved_at: str
    game_id: str
    seats: list[Seat] = Field(default_factory=list)


class Autosave(BaseModel):
    version: int = AUTOSAVE_VERSION
    header: AutosaveHeader
    record: MatchRecord


def settings_path() -> Path:
    return paths.user_config_dir() / SETTINGS_FILE


def autosave_path() -> Path:
    return paths.user_data_dir() / AUTOSAVE_FILE


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` via a temp file in the same folder, fsync, then os.replace."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def move_aside(path: Path) -> Path | None:
    """Rename a bad file to ``<name>.corrupt-<timestamp>``; returns the new path (None if gone)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    try:
        os.replace(path, target)
    except OSError as exc:
        log.error("cannot move corrupt file %s aside: %s", path, exc)
        return None
    log.warning("moved corrupt file %s to %s", path, target)
    return target


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings, or defaults. The str is a notice key when the file was corrupt."""
    path = settings_path()
    if not path.exists():
        return Settings(), None
    try:
        return Settings.model_validate_json(path.read_bytes()), None
    except (OSError, ValueError, ValidationError) as exc:
        log.warning("settings file %s is unreadable: %s", path, exc)
        move_aside(path)
        return Settings(), SETTINGS_CORRUPT_KEY


def save_settings(settings: Settings) -> None:
    atomic_write_text(settings_path(), settings.model_dump_json(indent=2))


def save_autosave(record: MatchRecord) -> None:
    header = AutosaveHeader(
        saved_at=datetime.now(UTC).isoformat(timespec="seconds"),
        game_id=record.game_id, seats=list(record.seats))
    payload = Autosave(header=header, record=record)
    atomic_write_text(autosave_path(), payload.model_dump_json(indent=1))


def load_autosave_with_header() -> tuple[Autosave | None, str | None]:
    path = autosave_path()
    if not path.exists():
        return None, None
    try:
        raw = json.loads(path.read_bytes())
        return Autosave.model_validate(raw), None
    except (OSError, ValueError, ValidationError) as exc:
        log.warning("autosave %s is unreadable: %s", path, exc)
        move_aside(path)
        return None, AUTOSAVE_CORRUPT_KEY


def load_autosave() -> tuple[MatchRecord | None, str | None]:
    """The autosaved match record (None if there is none). The str is a notice key if corrupt."""
    save, notice = load_autosave_with_header()
    return (save.record if save else None), notice


def clear_autosave() -> None:
    autosave_path().unlink(missing_ok=True)
