"""Record files: saved under the user data dir, exported and opened anywhere; bad ones refused
with a message key and nothing changed; replaying a record equals the live game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.history import records
from cardtable.history.records import RecordError, open_record, save_finished, write_record
from tests.history.helpers import GAME_IDS, new_match, play_random


def _finished(game_id: str, seed: int = 1):
    return play_random(new_match(game_id, seed), seed)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_finished_game_saved_under_user_data_and_replays_identically(home: Path,
                                                                    game_id: str) -> None:
    match = _finished(game_id)
    path = save_finished(match)
    assert path.parent == home / "data" / "replays"
    loaded = open_record(path)
    assert [e.to_json() for e in loaded.match.log] == [e.to_json() for e in match.log]
    assert loaded.match.state.view(-1) == match.state.view(-1)
    assert loaded.result is not None
    assert loaded.result["scores"] == [float(x) for x in match.state.scores()]
    assert records.list_records() == [path]
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_export_and_open_from_any_path(home: Path, tmp_path: Path) -> None:
    match = _finished(GAME_IDS[0])
    saved = save_finished(match)
    elsewhere = tmp_path / "exports" / "my game.json"
    records.export_record(saved, elsewhere)
    assert open_record(elsewhere).record == match.record()
    imported = records.import_record(elsewhere)
    assert imported.parent == records.replays_dir() and imported != saved


def _doc(game_id: str = GAME_IDS[0]) -> dict:
    match = play_random(new_match(game_id, 2), 2, max_steps=20)
    return records.build_document(match.record())


def _resign(doc: dict) -> dict:
    doc["sha256"] = records.checksum(doc["content"])
    return doc


def _refused(tmp_path: Path, doc: object | bytes, key: str) -> None:
    path = tmp_path / "bad.json"
    data = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    path.write_bytes(data)
    before = _snapshot(tmp_path)
    with pytest.raises(RecordError) as info:
        open_record(path)
    assert info.value.key == key
    assert _snapshot(tmp_path) == before  # nothing changed


def test_tampered_record_is_refused(tmp_path: Path) -> None:
    doc = _doc()
    doc["content"]["record"]["seed"] += 1
    _refused(tmp_path, doc, "history.error.tampered")
    doc = _doc()
    doc["content"]["record"]["actions"] = doc["content"]["record"]["actions"][:-1]
    _refused(tmp_path, doc, "history.error.tampered")


def test_record_with_an_illegal_action_is_refused_even_with_a_good_checksum(
        tmp_path: Path) -> None:
    doc = _doc()
    doc["content"]["record"]["actions"].insert(3, {"kind": "no_such_move"})
    _refused(tmp_path, _resign(doc), "history.error.illegal_action")


def test_newer_and_unknown_versions_are_refused(tmp_path: Path) -> None:
    doc = _doc()
    doc["format_version"] = records.FORMAT_VERSION + 1
    _refused(tmp_path, doc, "history.error.newer_version")
    doc = _doc()
    doc["content"]["record"]["version"] = 99
    _refused(tmp_path, _resign(doc), "history.error.newer_version")
    doc = _doc()
    doc["format_version"] = "one"
    _refused(tmp_path, doc, "history.error.unknown_version")


def test_unknown_game_and_bad_options_are_refused(tmp_path: Path) -> None:
    doc = _doc()
    doc["content"]["record"]["game_id"] = "chess"
    _refused(tmp_path, _resign(doc), "history.error.unknown_game")
    doc = _doc()
    doc["content"]["record"]["options"] = {"no_such_option": 1}
    _refused(tmp_path, _resign(doc), "history.error.bad_options")


def test_not_a_record_and_unreadable_files_are_refused(tmp_path: Path) -> None:
    _refused(tmp_path, b"\x00\xffnot json", "history.error.unreadable")
    _refused(tmp_path, {"hello": 1}, "history.error.not_a_record")
    _refused(tmp_path, [1, 2], "history.error.not_a_record")
    with pytest.raises(RecordError) as info:
        open_record(tmp_path / "missing.json")
    assert info.value.key == "history.error.unreadable"


def test_write_is_atomic_and_checksum_is_of_canonical_content(tmp_path: Path) -> None:
    match = play_random(new_match(GAME_IDS[0], 4), 4, max_steps=10)
    path = write_record(tmp_path / "r.json", match.record())
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["sha256"] == records.checksum(doc["content"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


def _claire_question_match():
    """A Tanto Cuore match with Claire in the town in which some event target without Claire
    answered the Claire question (its lone "decline"), played on to a few actions later."""
    import random as _random

    from cardtable.core.actions import Action
    from cardtable.core.match import Match
    from cardtable.games import get_spec
    from tests.history.helpers import seats
    spec = get_spec("tanto_cuore")
    kinds = ("claire", "azure", "viola", "rouge", "safran", "kagari", "genevieve", "moine",
             "tenalys", "anise")
    for seed in range(200):
        match = Match(spec, seed, 2, {"kinds": kinds}, seats(2))
        rng = _random.Random(seed)
        lone = None
        while not match.state.is_terminal() and len(match.history) < 3000:
            legal = match.state.legal_actions()
            if lone is None and legal == [Action("decline")] and \
                    match.state.phase == "claire_reaction":
                lone = len(match.history)
            match.submit(legal[rng.randrange(len(legal))])
            if lone is not None and len(match.history) > lone + 20:
                return match, lone
    raise AssertionError("no lone Claire question found")


def test_a_record_from_before_a_new_single_answer_question_still_opens(tmp_path: Path) -> None:
    """The app never loses a game to a rules change: a version-1 Tanto Cuore save, made before
    every event target was asked about Claire, lacks those lone "decline" answers. Its replay
    (autosave resume: Match.from_record; the record loader) supplies them and ends in the
    same state, the loaded record being the one replayed. A current record with the same
    gap is refused: only old versions are bridged, and only that question."""
    from cardtable.core.actions import Action
    from cardtable.core.errors import IllegalActionError
    from cardtable.core.game import OMNISCIENT
    from cardtable.games import match_from_record
    match, lone = _claire_question_match()
    old = match.record()
    assert old.actions[lone] == Action("decline").to_json()
    old.actions = [a for i, a in enumerate(old.actions)
                   if not (a == {"kind": "decline"} and _was_lone(match, i))]
    assert len(old.actions) < len(match.history)
    with pytest.raises(IllegalActionError):
        match_from_record(old)  # as if saved today: strict
    old.version = 1
    resumed = match_from_record(old)
    assert resumed.history == match.history
    assert resumed.state.view(OMNISCIENT) == match.state.view(OMNISCIENT)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(records.build_document(old)), encoding="utf-8")
    loaded = open_record(path)
    assert loaded.record.actions == [a.to_json() for a in match.history]
    assert loaded.record.version == records.RECORD_VERSION
    old.version = records.RECORD_VERSION
    path.write_text(json.dumps(records.build_document(old)), encoding="utf-8")
    with pytest.raises(RecordError) as info:
        open_record(path)
    assert info.value.key == "history.error.illegal_action"
    # a version-1 record written after the question was added already holds the answers: it
    # replays as it is (a play test: such a replay was refused when every version-1 record
    # got the answer added)
    between = match.record()
    between.version = 1
    assert match_from_record(between).history == match.history
    path.write_text(json.dumps(records.build_document(between)), encoding="utf-8")
    assert open_record(path).record.actions == [a.to_json() for a in match.history]


def _was_lone(match, i: int) -> bool:
    """Whether action i of `match` answered a Claire question that had only that answer."""
    before = match.truncated(i)
    return before.state.phase == "claire_reaction" and len(before.state.legal_actions()) == 1
