"""CIRNO-D4 (revised): a new game continues from the first card's total after a DOUBLE; saved
games and records keep the reading they were played with. The files in tests/history/data were
written by main before the change (record version 2): they replay as they were played."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cardtable import persist
from cardtable.core.actions import Action
from cardtable.core.errors import IllegalActionError
from cardtable.core.match import RECORD_VERSION, Match, MatchRecord, record_options
from cardtable.games import get_spec, match_from_record
from cardtable.history.records import build_document, match_result, open_record, parse_document

DATA = Path(__file__).parent / "data"
RECORD_FILE = DATA / "main_v2_cirno_record.cardtable.json"
AUTOSAVE_FILE = DATA / "main_v2_cirno_autosave.json"


def _main_record() -> tuple[dict, dict]:
    doc = json.loads(RECORD_FILE.read_text(encoding="utf-8"))
    return doc["content"]["record"], doc["content"]["result"]


def _reverted(match: Match) -> int:
    """How many times the total went back to a DOUBLE's first card (the "first" reading)."""
    return sum(1 for e in match.log if e.kind == "total_changed"
               and e.data.get("reason") == "double_first")


def test_the_main_record_is_of_the_old_version_and_plays_differently_per_reading() -> None:
    # CIRNO-D4: the fixture can tell the readings apart (else the tests below prove nothing)
    raw, result = _main_record()
    assert raw["version"] == 2 < RECORD_VERSION
    assert raw["options"]["double_reading"] == "latest"
    first = {**raw, "options": {**raw["options"], "double_reading": "first"},
             "version": RECORD_VERSION}
    try:
        other = match_from_record(MatchRecord.model_validate(first))
    except IllegalActionError:
        return  # the other reading does not even replay it
    assert match_result(other) != result or _reverted(other) > 0


def test_a_record_made_on_main_replays_with_its_reading() -> None:  # CIRNO-D4
    loaded = open_record(RECORD_FILE)
    assert loaded.match.options.double_reading == "latest"
    assert _reverted(loaded.match) == 0
    assert match_result(loaded.match) == loaded.result


def test_a_record_that_names_no_reading_replays_with_the_old_default() -> None:  # CIRNO-D4
    """A version-2 record without `double_reading` (made before the option was written out)
    was played under the old default, continuing from the second card's total: the record
    version bridge gives it that reading; a new record without it gets the new default."""
    raw, result = _main_record()
    bare = {**raw, "options": {k: v for k, v in raw["options"].items()
                               if k != "double_reading"}}
    old = MatchRecord.model_validate(bare)
    # every reader of records reads its options as its version played them
    assert record_options(old, get_spec("cirno"))["double_reading"] == "latest"
    match = match_from_record(old)
    assert match_result(match) == result and _reverted(match) == 0
    # the same through a record file (checksummed as written)
    loaded = parse_document(build_document(MatchRecord.model_validate(bare), result))
    assert match_result(loaded.match) == result
    # a record of this version that names no reading: the default, from the first card
    new = MatchRecord.model_validate({**bare, "version": RECORD_VERSION})
    assert "double_reading" not in new.options
    assert Match(match_from_record(new).spec, 1, 3, new.options).options.double_reading == "first"


def test_an_autosave_made_on_main_continues_with_its_reading(home: Path) -> None:  # CIRNO-D4
    target = persist.autosave_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(AUTOSAVE_FILE, target)
    record, notice = persist.load_autosave()
    assert notice is None and record is not None and record.version == 2
    match = match_from_record(record)
    assert match.options.double_reading == "latest"
    # the game plays on to its end under the reading it was started with, and the record
    # the app writes now keeps it (and the current version)
    raw, result = _main_record()
    for action in raw["actions"][len(record.actions):]:
        match.submit(Action.from_json(action))
    assert match_result(match) == result
    again = match.record()
    assert again.version == RECORD_VERSION and again.options["double_reading"] == "latest"
    assert match_from_record(MatchRecord.model_validate_json(again.model_dump_json())) \
        .options.double_reading == "latest"


@pytest.mark.parametrize("reading", ["first", "latest"])
def test_a_new_record_keeps_the_reading_chosen(reading: str) -> None:  # CIRNO-D4
    from cardtable.games import get_spec
    match = Match(get_spec("cirno"), 4, 3, {"double_reading": reading})
    rec = MatchRecord.model_validate_json(match.record().model_dump_json())
    assert rec.options["double_reading"] == reading
    assert match_from_record(rec).options.double_reading == reading
