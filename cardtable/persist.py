"""User files: settings and the autosaved match, written atomically, read forgivingly.

The promise for every file the app keeps (here and in `cardtable.history`, the score pad):

- Reading: `read_json` accepts a UTF-8 BOM and turns nesting too deep to parse into a ValueError
  like any other bad content. A file that cannot be read or validated is moved aside as
  ``<name>.corrupt-<timestamp>`` (one from a newer version as ``<name>.newer-<timestamp>``, one
  that no longer replays as ``<name>.unusable-<timestamp>``) and the caller gets defaults plus a
  message KEY for a one-line on-screen notice. Nothing the app does deletes a person's data.
- Writing: `atomic_write_text` (temp file, fsync, os.replace). A failure is re-raised AND handed
  to the hooks of `on_write_failure` (the app shows a notice whichever scene is open).
- Two copies of the app: a save file is written only by the process that holds its lock file
  (``<name>.lock``, taken on the first write, held until the process ends); another copy gets
  `FileInUseError` (an OSError) instead of overwriting it.
- `clean_stale_temps` removes the temp files a killed write left behind (only our own names,
  older than a minute), at start-up.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import re
import tempfile
import time
import unicodedata
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardtable import paths
from cardtable.core.match import NAME_MAX_LEN, RECORD_VERSION, MatchRecord, Seat, record_options

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"
SETTINGS_CORRUPT_KEY = "notice.settings_corrupt"
AUTOSAVE_CORRUPT_KEY = "notice.autosave_corrupt"
AUTOSAVE_NEWER_KEY = "notice.autosave_newer"
AUTOSAVE_UNUSABLE_KEY = "notice.autosave_unusable"
WRITE_FAILED_KEY = "notice.write_failed"
WRITE_FULL_KEY = "notice.write_failed_full"
WRITE_DENIED_KEY = "notice.write_failed_denied"
FILE_IN_USE_KEY = "notice.file_in_use"
NAMES_TRIMMED_KEY = "notice.names_trimmed"
UNKNOWN_LEVEL_KEY = "notice.unknown_level"
# a computer seat whose level this version does not know plays at this one (the setup's
# default level), and the person is told
FALLBACK_LEVEL = "normal"
# the levels every game has (`cardtable.games.make_agent`): a seat naming one of them needs no look
# into the registry, which would load every game's AI at start-up
COMMON_LEVELS = frozenset({"random", "easy", "normal", "hard"})
LEVEL_SHOWN_MAX = 16  # how much of an unknown level's name a notice repeats
AUTOSAVE_VERSION = 1
SETUPS_VERSION = 2  # GameSetup.version the app writes now
STALE_TEMP_AGE = 60.0  # seconds: a temp file younger than this may be another copy's write
# what `atomic_write_text` names its temp files (tempfile.mkstemp: 8 random characters)
_TEMP_NAME = re.compile(
    r"^\.(?P<name>settings\.json|autosave\.json|scorepad\.json|[^/\\]+\.cardtable\.json)"
    r"\.[a-z0-9_]{8}\.tmp$")


class Notice(str):
    """A notice's message key (it compares equal to the key) with the parameters its text
    needs, e.g. ``Notice("notice.write_failed", path="...")``; shown with `notice_text`."""

    params: dict[str, Any]

    def __new__(cls, key: str, **params: Any) -> Notice:
        obj = super().__new__(cls, key)
        obj.params = params
        return obj


def notice_params(notice: object) -> dict[str, Any]:
    return dict(getattr(notice, "params", {}))


class FileInUseError(OSError):
    """Another running copy of the app holds this save file's lock."""

    def __init__(self, path: Path) -> None:
        super().__init__(errno.EBUSY, "used by another running copy of cardtable", str(path))


# Every model here is built on first use (`defer_build`), not at import: start-up time.


class GameSetup(BaseModel):
    """A game's last setup (the setup screen starts from it; checked again when used)."""

    model_config = ConfigDict(extra="ignore", defer_build=True)

    # no bounds here: a value out of range is left out by the setup screen, not a reason to
    # throw the whole settings file away
    players: int = 0
    options: dict[str, Any] = Field(default_factory=dict)
    kinds: list[str] = Field(default_factory=list)
    names: list[str] = Field(default_factory=list)
    # which app remembered it: 1 (no field) before CIRNO-D4's default changed, SETUPS_VERSION
    # since. An older setup remembered every option, chosen or not: one equal to a default
    # that changed since takes the new default (`GameSpec.changed_defaults`)
    version: int = 1


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore", defer_build=True)

    language: Literal["zh-TW", "zh-CN"] = "zh-TW"
    anim_speed: float = Field(default=1.0, ge=0.25, le=4.0)
    fullscreen: bool = False
    volume: float = Field(default=0.7, ge=0.0, le=1.0)
    muted: bool = False
    player_names: list[str] = Field(default_factory=list, max_length=16)
    # the 提示 button (and the H key) at the table in games people play
    hints: bool = True
    # per game, the last setup started: options, player count, seat kinds and names
    setups: dict[str, GameSetup] = Field(default_factory=dict)


class AutosaveHeader(BaseModel):
    model_config = ConfigDict(defer_build=True)

    saved_at: str
    game_id: str
    seats: list[Seat] = Field(default_factory=list)


class Autosave(BaseModel):
    model_config = ConfigDict(defer_build=True)

    version: int = AUTOSAVE_VERSION
    header: AutosaveHeader
    record: MatchRecord


def settings_path() -> Path:
    return paths.user_config_dir() / SETTINGS_FILE


def autosave_path() -> Path:
    return paths.user_data_dir() / AUTOSAVE_FILE


# ---------------------------------------------------------------- reading
def read_json(path: Path) -> Any:
    """The JSON in `path`. A UTF-8 BOM (some editors write one) is fine; bytes that are not
    UTF-8 JSON, or nesting too deep for the parser (RecursionError), raise ValueError."""
    data = Path(path).read_bytes()
    try:
        return json.loads(data.decode("utf-8-sig"))
    except RecursionError:
        raise ValueError(f"{path}: JSON nested too deeply") from None
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8: {exc}") from None


# ---------------------------------------------------------------- write failures
WriteFailureHook = Callable[[Path, OSError], None]
_write_failure_hooks: list[WriteFailureHook] = []


def on_write_failure(hook: WriteFailureHook) -> Callable[[], None]:
    """Call `hook(path, error)` whenever a user file cannot be written; returns a function
    that removes the hook again."""
    _write_failure_hooks.append(hook)

    def remove() -> None:
        if hook in _write_failure_hooks:
            _write_failure_hooks.remove(hook)

    return remove


def report_write_failure(path: Path, exc: OSError) -> None:
    log.error("cannot write %s: %s", path, exc)
    for hook in list(_write_failure_hooks):
        try:
            hook(Path(path), exc)
        except Exception:  # a broken hook must not hide the failure itself
            log.exception("write-failure hook failed")


def write_failure_notice(path: Path | str, exc: OSError) -> Notice:
    """The notice for a failed write of `path`: a full disk, no permission (a read-only disk
    or folder) and another running copy holding the file each have their own words."""
    where = {"path": str(path), "name": Path(path).name}
    if isinstance(exc, FileInUseError):
        return Notice(FILE_IN_USE_KEY, **where)
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return Notice(WRITE_FULL_KEY, **where)
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return Notice(WRITE_DENIED_KEY, **where)
    return Notice(WRITE_FAILED_KEY, **where)


def atomic_write_text(path: Path, text: str, *, report: bool = True) -> None:
    """Write ``text`` to ``path`` via a temp file in the same folder, fsync, then os.replace.
    An OSError is re-raised after the `on_write_failure` hooks heard of it (`report=False`:
    the caller tells the person itself)."""
    path = Path(path)
    try:
        _atomic_write(path, text)
    except OSError as exc:
        if report:
            report_write_failure(path, exc)
        raise


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """`atomic_write_text` for bytes (an exported image); OSError goes to the caller, who
    tells the person (no `on_write_failure` report)."""
    _atomic_write(Path(path), data)


def _atomic_write(path: Path, text: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with (os.fdopen(fd, "wb") if isinstance(text, bytes)
              else os.fdopen(fd, "w", encoding="utf-8")) as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def clean_stale_temps(folders: Iterable[Path] | None = None,
                      min_age: float = STALE_TEMP_AGE) -> list[Path]:
    """Remove the temp files of writes that never finished (the process was killed): only names
    `atomic_write_text` makes for our own files, and only those older than `min_age` seconds (a
    younger one may be another running copy's write in progress). Returns what was removed."""
    if folders is None:
        data = paths.user_data_dir()
        folders = [data, paths.user_config_dir(), data / "replays"]
    now = time.time()
    removed: list[Path] = []
    for folder in folders:
        try:
            entries = list(Path(folder).iterdir())
        except OSError:
            continue
        for entry in entries:
            if not _TEMP_NAME.match(entry.name):
                continue
            try:
                if not entry.is_file() or now - entry.stat().st_mtime < min_age:
                    continue
                entry.unlink()
            except OSError as exc:
                log.warning("cannot remove the stale temp file %s: %s", entry, exc)
                continue
            log.info("removed the stale temp file %s", entry)
            removed.append(entry)
    return removed


# ---------------------------------------------------------------- two running copies
_claims: dict[Path, int] = {}  # lock file -> open fd, held for the life of the process


def _lock_fd(fd: int) -> bool:
    try:
        if os.name == "nt":
            import msvcrt
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def claim(path: Path) -> bool:
    """Whether this process may write the save file `path`: True once it holds `<path>.lock`
    (taken here on the first call and kept until the process ends), False while another running
    copy holds it. A lock file that cannot be made at all does not stop the write (the write
    itself then reports the real problem)."""
    lock = Path(path).with_name(Path(path).name + ".lock")
    key = lock.resolve() if lock.parent.exists() else lock
    if key in _claims:
        return True
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        log.warning("cannot open the lock file %s: %s", lock, exc)
        return True
    if not _lock_fd(fd):
        os.close(fd)
        log.warning("%s is held by another running copy of cardtable", path)
        return False
    _claims[key] = fd
    return True


def release_claims() -> None:
    """Give up every save-file lock of this process (at exit; the OS does it anyway)."""
    while _claims:
        _, fd = _claims.popitem()
        try:
            os.close(fd)
        except OSError:
            pass


def guarded_write_text(path: Path, text: str) -> None:
    """`atomic_write_text` for a save file that one running copy owns (see `claim`)."""
    if not claim(path):
        exc = FileInUseError(path)
        report_write_failure(path, exc)
        raise exc
    atomic_write_text(path, text)


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


def move_aside(path: Path, reason: str = "corrupt") -> Path | None:
    """Rename a file the app cannot use to ``<name>.<reason>-<timestamp>`` (reason: corrupt,
    newer, unusable); returns the new path (None if it could not be moved: it stays)."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{reason}-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.{reason}-{stamp}-{n}")
        n += 1
    try:
        os.replace(path, target)
    except OSError as exc:
        log.error("cannot move corrupt file %s aside: %s", path, exc)
        return None
    log.warning("moved the %s file %s to %s", reason, path, target)
    return target


# ---------------------------------------------------------------- text read from files
# characters a name field never takes in (a control character such as a line break or a tab,
# a line or paragraph separator, a lone surrogate): dropped from a name read from a file
_NOT_IN_NAMES = frozenset({"Cc", "Zl", "Zp", "Cs"})


def bound_name(name: str, limit: int = NAME_MAX_LEN) -> str:
    """A name as a person could have typed it: at most `limit` characters, none of the kinds
    a text field never takes in (`_NOT_IN_NAMES`)."""
    if not name.isprintable():
        name = "".join(ch for ch in name[:limit * 4]
                       if unicodedata.category(ch) not in _NOT_IN_NAMES)
    return name[:limit]


def _bound_names(names: list[str]) -> tuple[list[str], int]:
    """(`names` bounded, how many had to change)."""
    out = [bound_name(n) for n in names]
    return out, sum(1 for a, b in zip(names, out, strict=True) if a != b)


def names_notice(changed: int) -> Notice:
    return Notice(NAMES_TRIMMED_KEY, count=changed, max=NAME_MAX_LEN)


def bound_settings(settings: Settings) -> tuple[Settings, Notice | None]:
    """The settings with every remembered name bounded like a typed one (`bound_name`), and a
    notice when one had to be cut."""
    names, changed = _bound_names(list(settings.player_names))
    setups: dict[str, GameSetup] = {}
    for game_id, setup in settings.setups.items():
        kept, n = _bound_names(list(setup.names))
        changed += n
        setups[game_id] = setup.model_copy(update={"names": kept})
    if not changed:
        return settings, None
    log.warning("settings: %d remembered name(s) cut to %d characters", changed, NAME_MAX_LEN)
    return settings.model_copy(update={"player_names": names, "setups": setups}), \
        names_notice(changed)


def known_level(game_id: str, level: str) -> bool:
    """Whether `level` names a computer player of `game_id` (`cardtable.games`)."""
    if level in COMMON_LEVELS:
        return True
    try:
        from cardtable.games import all_agent_names
    except ImportError:  # pragma: no cover - the AI is part of the app
        return False
    return level in all_agent_names(game_id)


def bound_seats(game_id: str, seats: list[Seat], *, levels: bool = True
                ) -> tuple[list[Seat], list[Notice]]:
    """Seats read from a file, as the app could have made them: names bounded (`bound_name`),
    and (with `levels`) a computer naming a level this version does not know set to
    FALLBACK_LEVEL; a notice for each kind of change."""
    out: list[Seat] = []
    notices: list[Notice] = []
    cut = 0
    for i, seat in enumerate(seats):
        name = bound_name(seat.name)
        cut += name != seat.name
        agent = seat.agent
        if levels and seat.kind == "ai" and not known_level(game_id, agent):
            shown = bound_name(agent, LEVEL_SHOWN_MAX)
            log.warning("seat %d names the unknown computer level %r: it plays %s", i + 1,
                        agent[:80], FALLBACK_LEVEL)
            notices.append(Notice(UNKNOWN_LEVEL_KEY, seat=i + 1, level=shown,
                                  fallback=FALLBACK_LEVEL))
            agent = FALLBACK_LEVEL
        out.append(seat if (name, agent) == (seat.name, seat.agent) else
                   seat.model_copy(update={"name": name, "agent": agent}))
    if cut:
        notices.insert(0, names_notice(cut))
    return out, notices


def bound_record(record: MatchRecord) -> MatchRecord:
    """A record read from a file (the autosave, a record file), bounded like one the app made
    (`bound_seats`); what was changed, and what the game says about its options (e.g. WIZ-V2's
    pair that leaks), is in `record.load_notices`, to be told once."""
    seats, notices = bound_seats(record.game_id, list(record.seats))
    if seats != list(record.seats):
        record = record.model_copy(update={"seats": seats})
    from cardtable.games import REGISTRY
    spec = REGISTRY.get(record.game_id)
    if spec is not None:
        bridged = record_options(record, spec)  # an older record's options as it played them
        if bridged != record.options:
            record = record.model_copy(update={"options": bridged})
        try:
            options = spec.parse_options(record.options, recorded=True)
        except (ValueError, TypeError):
            pass  # options the game does not take: the loader refuses the record itself
        else:
            notices += [Notice(k) for k in spec.record_notices(options)]
    record.load_notices[:] = notices
    return record


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings, or defaults. The str is a notice key when the file was corrupt, or
    when a remembered name had to be cut (`bound_settings`)."""
    path = settings_path()
    if not path.exists():
        return Settings(), None
    try:
        settings = Settings.model_validate(read_json(path))
    except (OSError, ValueError, ValidationError) as exc:
        log.warning("settings file %s is unreadable: %s", path, exc)
        move_aside(path)
        return Settings(), SETTINGS_CORRUPT_KEY
    return bound_settings(settings)


def peek_language() -> str:
    """The interface language the settings file names (the default when it names none or
    cannot be read); reads only, never moves the file (for command-line messages)."""
    try:
        return Settings.model_validate(read_json(settings_path())).language
    except (OSError, ValueError, ValidationError):
        return Settings().language


def save_settings(settings: Settings) -> None:
    atomic_write_text(settings_path(), settings.model_dump_json(indent=2))


def save_autosave(record: MatchRecord) -> None:
    header = AutosaveHeader(
        saved_at=datetime.now(UTC).isoformat(timespec="seconds"),
        game_id=record.game_id, seats=list(record.seats))
    payload = Autosave(header=header, record=record)
    guarded_write_text(autosave_path(), payload.model_dump_json(indent=1))


class AutosaveProblem(ValueError):
    """Why an autosave cannot be used: `reason` is how it is set aside (newer, unusable)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


def check_autosave(save: Autosave) -> None:
    """Raise AutosaveProblem unless the save describes a match this app can set up: its
    versions, a known game, a player count the game allows, a seat for every player and options
    the game knows (the actions are checked by replaying them, on Continue)."""
    from cardtable.games import REGISTRY
    record = save.record
    if save.version > AUTOSAVE_VERSION or record.version > RECORD_VERSION:
        raise AutosaveProblem("newer", f"autosave version {save.version}/record {record.version}"
                              f" is newer than {AUTOSAVE_VERSION}/{RECORD_VERSION}")
    if save.version < 1 or record.version < 1:
        raise AutosaveProblem("corrupt", f"unknown autosave version {save.version}")
    spec = REGISTRY.get(record.game_id)
    if spec is None:
        raise AutosaveProblem("unusable", f"unknown game {record.game_id!r}")
    if save.header.game_id != record.game_id:
        raise AutosaveProblem("corrupt", "the header and the record name different games")
    if not spec.min_players <= record.num_players <= spec.max_players:
        raise AutosaveProblem("corrupt", f"{record.num_players} players for {record.game_id}")
    if len(record.seats) != record.num_players:
        raise AutosaveProblem("corrupt",
                              f"{len(record.seats)} seats for {record.num_players} players")
    try:
        spec.parse_options(record.options, recorded=True)
    except (ValueError, TypeError) as exc:
        raise AutosaveProblem("unusable", f"options: {exc}") from None


_AUTOSAVE_NOTICES = {"corrupt": AUTOSAVE_CORRUPT_KEY, "newer": AUTOSAVE_NEWER_KEY,
                     "unusable": AUTOSAVE_UNUSABLE_KEY}


def set_autosave_aside(reason: str) -> str:
    """Move the autosave aside (it is kept, never deleted); returns the notice key."""
    moved = move_aside(autosave_path(), reason) or autosave_path()
    key = _AUTOSAVE_NOTICES.get(reason, AUTOSAVE_CORRUPT_KEY)
    return Notice(key, path=str(moved), name=moved.name)


def load_autosave_with_header() -> tuple[Autosave | None, str | None]:
    path = autosave_path()
    if not path.exists():
        return None, None
    try:
        save = Autosave.model_validate(read_json(path))
        check_autosave(save)
        # the header's seats only name the players (the record's are the ones played)
        seats, _ = bound_seats(save.header.game_id, list(save.header.seats), levels=False)
        header = save.header.model_copy(update={"seats": seats})
        return save.model_copy(update={"header": header,
                                       "record": bound_record(save.record)}), None
    except AutosaveProblem as exc:
        log.warning("autosave %s cannot be used (%s): %s", path, exc.reason, exc)
        return None, set_autosave_aside(exc.reason)
    except (OSError, ValueError, ValidationError) as exc:
        log.warning("autosave %s is unreadable: %s", path, exc)
        return None, set_autosave_aside("corrupt")


def load_autosave() -> tuple[MatchRecord | None, str | None]:
    """The autosaved match record (None if there is none). The str is a notice key if corrupt."""
    save, notice = load_autosave_with_header()
    return (save.record if save else None), notice


def clear_autosave() -> None:
    """Remove the autosave of a match that has ended (the game is over: nothing is lost). A
    save another running copy holds is left to it."""
    path = autosave_path()
    if not path.exists():
        return
    if not claim(path):
        exc = FileInUseError(path)
        report_write_failure(path, exc)
        raise exc
    path.unlink(missing_ok=True)
