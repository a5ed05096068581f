"""`cardtable replay FILE [--validate] [UI options...]`: open a record file.

The record is checked first (format, version, checksum, game, options, every action legal on
replay); a bad file exits 2 with a clear message and nothing changed. With `--validate` a summary
is printed and the command exits 0. Otherwise the app's replay scene takes over:
`cardtable.ui.launch.main(["replay", FILE, *rest])` (e.g. `--frames 600`); when the app cannot
be loaded, a valid file without `--validate` exits 2 with a message.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path
from typing import Any

from cardtable.history.records import LoadedRecord, RecordError, open_record


def summary(loaded: LoadedRecord) -> dict[str, Any]:
    record = loaded.record
    match = loaded.match
    return {
        "file": str(loaded.path) if loaded.path else None,
        "game": record.game_id,
        "players": record.num_players,
        "seed": record.seed,
        "options": match.options.model_dump(),
        "seats": [s.model_dump() for s in record.seats],
        "actions": len(record.actions),
        "finished": match.state.is_terminal(),
        "scores": [float(x) for x in match.state.scores()],
        "saved_at": loaded.saved_at,
    }


def ui_plays_replays(launch: Any) -> bool:
    """Whether the app's launcher could be loaded (it takes `["replay", FILE, ...]`)."""
    return launch is not None and hasattr(launch, "main")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="cardtable replay",
                                     description="Check and watch a recorded game.")
    parser.add_argument("file", type=Path)
    parser.add_argument("--validate", action="store_true",
                        help="only check the record and print a summary")
    parser.add_argument("--json", action="store_true", help="with --validate: print JSON")
    args, rest = parser.parse_known_args(argv)
    try:
        loaded = open_record(args.file)
    except RecordError as exc:
        sys.stderr.write(f"cardtable replay: error: {args.file}: {exc} [{exc.key}]\n")
        return 2
    if args.validate:
        info = summary(loaded)
        if args.json:
            sys.stdout.write(json.dumps(info, ensure_ascii=False) + "\n")
        else:
            state = "finished" if info["finished"] else "unfinished"
            sys.stdout.write(
                f"{info['file']}: ok — {info['game']}, {info['players']} players, seed "
                f"{info['seed']}, {info['actions']} actions, {state}, scores {info['scores']}\n")
        return 0
    try:
        launch = importlib.import_module("cardtable.ui.launch")
    except ImportError:
        launch = None
    if not ui_plays_replays(launch):
        sys.stderr.write("cardtable replay: the file is valid, but the app cannot be loaded "
                         "here; use --validate to check a file\n")
        return 2
    assert launch is not None
    result: int = launch.main(["replay", str(args.file), *rest])
    return result
