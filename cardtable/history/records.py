"""Record files: every finished game saved under the user data dir, export and open anywhere.

A record file is JSON:

    {"format": "cardtable-record", "format_version": 1, "saved_at": "...",
     "content": {"record": <MatchRecord>, "result": {"scores": [...], "returns": [...],
                 "winners": [...], "metrics": [...]} | null, "app_version": "..."},
     "sha256": "<hex sha256 of the canonical JSON of content>"}

Canonical JSON = `json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)`
encoded as UTF-8. Opening checks, in order, and refuses with a `RecordError` carrying a message
key (nothing is changed on disk or in memory when it refuses):
readable JSON object -> right format -> known, not newer, format and record versions -> checksum ->
known game -> valid options and player count -> every action legal on replay.
Writes are atomic (temp file + fsync + os.replace, from `cardtable.persist`).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from cardtable import paths
from cardtable.core.actions import Action
from cardtable.core.errors import IllegalActionError
from cardtable.core.match import RECORD_VERSION, Match, MatchRecord
from cardtable.persist import atomic_write_text, bound_record, read_json

log = logging.getLogger(__name__)

FORMAT = "cardtable-record"
FORMAT_VERSION = 1
REPLAYS_DIR = "replays"
SUFFIX = ".cardtable.json"


class RecordError(ValueError):
    """A record file that cannot be used. `key` is a message key for the UI, `params` its
    parameters; the str() is an English detail for logs and the command line."""

    def __init__(self, key: str, detail: str, **params: Any) -> None:
        super().__init__(detail)
        self.key = key
        self.params = params


@dataclass(slots=True)
class LoadedRecord:
    """A record that passed every check: the replayed match is ready to use."""

    record: MatchRecord
    match: Match
    result: dict[str, Any] | None
    saved_at: str
    path: Path | None = None


def replays_dir() -> Path:
    folder = paths.user_data_dir() / REPLAYS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def canonical_json(content: Any) -> bytes:
    return json.dumps(content, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8")


def checksum(content: Any) -> str:
    return hashlib.sha256(canonical_json(content)).hexdigest()


def _app_version() -> str:
    from cardtable import __version__  # the one version source (the frozen app has no metadata)
    return __version__


def match_result(match: Match) -> dict[str, Any] | None:
    """Scores, returns, winners and game metrics of a finished match (None if not finished)."""
    state = match.state
    if not state.is_terminal():
        return None
    returns = [float(x) for x in state.returns()]
    return {
        "scores": [float(x) for x in state.scores()],
        "returns": returns,
        "winners": [p for p, r in enumerate(returns) if r > 0],
        "metrics": [{k: float(v) for k, v in m.items()} for m in match.spec.metrics(state)],
    }


def build_document(record: MatchRecord, result: dict[str, Any] | None = None,
                   saved_at: str | None = None) -> dict[str, Any]:
    content = {"record": record.model_dump(mode="json"), "result": result,
               "app_version": _app_version()}
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "saved_at": saved_at or datetime.now(UTC).isoformat(timespec="seconds"),
        "content": content,
        "sha256": checksum(content),
    }


def write_record(path: Path, record: MatchRecord, result: dict[str, Any] | None = None) -> Path:
    """Write a record file atomically to `path` (any folder)."""
    doc = build_document(record, result)
    atomic_write_text(Path(path), json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    return Path(path)


def default_name(record: MatchRecord, when: datetime | None = None) -> str:
    stamp = (when or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    game = re.sub(r"[^a-z0-9_]", "_", record.game_id.lower())
    return f"{stamp}-{game}-{record.seed}{SUFFIX}"


def save_finished(match: Match, folder: Path | None = None) -> Path:
    """Save a (finished) match under `<user data>/replays/` (or `folder`); returns the path."""
    target = Path(folder) if folder is not None else replays_dir()
    record = match.record()
    path = target / default_name(record)
    n = 1
    while path.exists():
        path = target / default_name(record).replace(SUFFIX, f"-{n}{SUFFIX}")
        n += 1
    return write_record(path, record, match_result(match))


def export_record(source: Path, destination: Path, *, overwrite: bool = False) -> Path:
    """Copy a record file to any path after checking it (a bad one is refused). An existing
    file at `destination` is only replaced with `overwrite=True` (RecordError
    `history.error.exists` otherwise: ask the person first)."""
    loaded = open_record(source)
    destination = Path(destination)
    if destination.is_dir():
        raise RecordError("history.error.is_folder", f"{destination} is a folder",
                          path=str(destination))
    if destination.exists() and not overwrite:
        raise RecordError("history.error.exists", f"{destination} already exists",
                          path=str(destination))
    text = Path(source).read_text(encoding="utf-8")
    atomic_write_text(destination, text, report=False)
    log.info("exported %s (%s) to %s", source, loaded.record.game_id, destination)
    return Path(destination)


def list_records(folder: Path | None = None) -> list[Path]:
    """Record files in the replays folder, newest name first (no file is opened)."""
    target = Path(folder) if folder is not None else replays_dir()
    return sorted(target.glob(f"*{SUFFIX}"), reverse=True)


def parse_document(doc: Any, *, replay: bool = True) -> LoadedRecord:
    """Check a record document (already parsed JSON); see the module docstring for the order."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise RecordError("history.error.not_a_record", "not a cardtable record file")
    version = doc.get("format_version")
    if not isinstance(version, int) or version < 1:
        raise RecordError("history.error.unknown_version", f"unknown format version {version!r}",
                          version=str(version))
    if version > FORMAT_VERSION:
        raise RecordError("history.error.newer_version",
                          f"record format {version} is newer than {FORMAT_VERSION}",
                          version=version)
    content = doc.get("content")
    if not isinstance(content, dict) or not isinstance(doc.get("sha256"), str):
        raise RecordError("history.error.not_a_record", "record has no content or checksum")
    if checksum(content) != doc["sha256"]:
        raise RecordError("history.error.tampered", "checksum mismatch: the record was changed")
    raw = content.get("record")
    if isinstance(raw, dict):
        rec_version = raw.get("version", RECORD_VERSION)
        if isinstance(rec_version, int) and rec_version > RECORD_VERSION:
            raise RecordError("history.error.newer_version",
                              f"match record version {rec_version} is newer than "
                              f"{RECORD_VERSION}", version=rec_version)
    try:
        record = MatchRecord.model_validate(raw)
    except ValidationError as exc:
        raise RecordError("history.error.not_a_record", f"bad match record: {exc}") from None
    # names cut like typed ones, an unknown computer level named (record.load_notices)
    record = bound_record(record)
    if record.version < 1:
        raise RecordError("history.error.unknown_version",
                          f"unknown record version {record.version}", version=record.version)
    from cardtable.games import REGISTRY
    spec = REGISTRY.get(record.game_id)
    if spec is None:
        raise RecordError("history.error.unknown_game", f"unknown game {record.game_id!r}",
                          game=record.game_id)
    result = content.get("result")
    saved_at = str(doc.get("saved_at", ""))
    try:
        match = Match(spec, record.seed, record.num_players, record.options,
                      list(record.seats) or None, recorded=True)
    except ValueError as exc:  # bad options, player count (UnknownOptionError is a ValueError)
        raise RecordError("history.error.bad_options", f"bad setup: {exc}") from None
    if len(match.seats) != record.num_players:
        raise RecordError("history.error.bad_options",
                          f"{len(match.seats)} seats for {record.num_players} players")
    if replay:
        try:
            _replay(match, record, bridge_from=None)
        except RecordError:
            if record.version >= RECORD_VERSION:
                raise
            # an older record: replayed again with the answers its rules did not ask for
            # (Match.replay_action); the record as replayed, so stepping through it agrees
            match = Match(spec, record.seed, record.num_players, record.options,
                          list(record.seats) or None, recorded=True)
            _replay(match, record, bridge_from=record.version)
            notices = list(record.load_notices)
            record = record.model_copy(update={"version": RECORD_VERSION, "actions": [
                a.to_json() for a in match.history]})
            record.load_notices[:] = notices
    return LoadedRecord(record, match, result if isinstance(result, dict) else None, saved_at)


def _replay(match: Match, record: MatchRecord, bridge_from: int | None) -> None:
    """Replay the record's actions into `match`; RecordError names the step that fails."""
    for step, raw_action in enumerate(record.actions, start=1):
        try:
            match.replay_action(Action.from_json(raw_action), bridge_from)
        except (IllegalActionError, ValueError, TypeError) as exc:
            raise RecordError("history.error.illegal_action",
                              f"action {step} cannot be replayed: {exc}", step=step) from None


def open_record(path: Path, *, replay: bool = True) -> LoadedRecord:
    """Open and check a record file from any path; raises RecordError (nothing is changed)."""
    try:
        doc = read_json(Path(path))
    except OSError as exc:
        raise RecordError("history.error.unreadable", f"cannot read {path}: {exc}") from None
    except ValueError as exc:  # not UTF-8 JSON, or nested too deeply to parse
        raise RecordError("history.error.unreadable", f"{path} is not JSON: {exc}") from None
    try:
        loaded = parse_document(doc, replay=replay)
    except RecursionError:  # nesting the parser took, but checking it does not
        raise RecordError("history.error.unreadable", f"{path}: nested too deeply") from None
    loaded.path = Path(path)
    return loaded


def import_record(path: Path) -> Path:
    """Check a record from any path and copy it into the replays folder; returns the new path."""
    loaded = open_record(path)
    target = replays_dir() / default_name(loaded.record)
    n = 1
    while target.exists():
        target = replays_dir() / default_name(loaded.record).replace(SUFFIX, f"-{n}{SUFFIX}")
        n += 1
    atomic_write_text(target, Path(path).read_text(encoding="utf-8"))
    return target
