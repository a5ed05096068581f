"""autosave.json under faults: corrupt, nested, wrong-shape, newer, unknown game, no longer
replayable, locked by a second copy, read-only and full. Nothing is ever deleted."""

from __future__ import annotations

import errno
import json
import random
from pathlib import Path

import pytest

from cardtable import persist
from cardtable.core.match import RECORD_VERSION, Match, Seat
from cardtable.games import get_spec
from tests.faults.conftest import NESTED, frames
from tests.hosting import match_of, play, table_for


def _match(moves: int = 6, seed: int = 3) -> Match:
    seats = [Seat(kind="human", name="甲")] + [Seat(kind="ai", agent="easy") for _ in range(3)]
    match = Match(get_spec("cirno"), seed, 4, {}, seats)
    rng = random.Random(seed)
    for _ in range(moves):
        match.submit(rng.choice(match.state.legal_actions()))
    return match


def _saved(edit=None) -> Path:
    persist.save_autosave(_match().record())
    persist.release_claims()
    path = persist.autosave_path()
    if edit is not None:
        doc = json.loads(path.read_text(encoding="utf-8"))
        edit(doc)
        path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _kept(path: Path, reason: str) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.{reason}-*"))


def _title(app):
    from cardtable.ui.scenes.title import TitleScene
    return next(s for s in app.stack.scenes if isinstance(s, TitleScene))


def test_a_valid_autosave_with_a_bom_loads(home: Path) -> None:
    path = _saved()
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    save, notice = persist.load_autosave_with_header()
    assert save is not None and notice is None


@pytest.mark.parametrize("content, reason, key", [
    ("{broken", "corrupt", "notice.autosave_corrupt"),
    (NESTED, "corrupt", "notice.autosave_corrupt"),
], ids=["corrupt", "nested"])
def test_unreadable_autosaves_are_set_aside(home: Path, content: str, reason: str,
                                            key: str) -> None:
    path = persist.autosave_path()
    path.write_text(content, encoding="utf-8")
    record, notice = persist.load_autosave()
    assert record is None and notice == key
    kept = _kept(path, reason)
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == content


def _no_seats(doc):
    doc["record"]["seats"] = []


def _unknown_game(doc):
    doc["record"]["game_id"] = doc["header"]["game_id"] = "chess"


def _newer_file(doc):
    doc["version"] = persist.AUTOSAVE_VERSION + 1


def _newer_record(doc):
    doc["record"]["version"] = RECORD_VERSION + 1


def _bad_option(doc):
    doc["record"]["options"] = {"limit": "many"}


def _players(doc):
    doc["record"]["num_players"] = 99


@pytest.mark.parametrize("edit, reason, key", [
    (_no_seats, "corrupt", "notice.autosave_corrupt"),
    (_players, "corrupt", "notice.autosave_corrupt"),
    (_unknown_game, "unusable", "notice.autosave_unusable"),
    (_bad_option, "unusable", "notice.autosave_unusable"),
    (_newer_file, "newer", "notice.autosave_newer"),
    (_newer_record, "newer", "notice.autosave_newer"),
], ids=["seats-empty", "99-players", "unknown-game", "bad-option", "newer-file",
        "newer-record"])
def test_autosaves_that_make_no_sense_are_set_aside_at_load(app, edit, reason: str,
                                                            key: str) -> None:
    path = _saved(edit)
    original = path.read_text(encoding="utf-8")
    title = _title(app)
    title.resume()  # the title reads the save again
    assert not title.has_save and title.record is None  # Continue is disabled
    assert key in app.notices
    kept = _kept(path, reason)
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == original
    assert not path.exists()
    frames(app)  # the title draws the notice (with the file's name) without trouble


def _illegal_action(doc):
    doc["record"]["actions"][0] = {"kind": "play", "card": "no-such-card"}


def _changed_seed(doc):
    doc["record"]["seed"] += 1


@pytest.mark.parametrize("edit", [_illegal_action, _changed_seed],
                         ids=["unknown-card", "changed-seed"])
def test_continue_moves_a_save_it_cannot_replay_aside_and_never_deletes_it(app, edit) -> None:
    path = _saved(edit)
    original = path.read_text(encoding="utf-8")
    title = _title(app)
    title.resume()
    assert title.has_save  # it looks fine until it is replayed
    title.cont()
    assert app.stack.top is title  # no table opened
    assert "notice.autosave_unusable" in app.notices
    assert not title.has_save
    kept = _kept(path, "unusable")
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == original
    frames(app)


def test_a_save_of_a_game_without_a_table_is_kept_for_the_app_that_made_it(
        app, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.ui import tables
    path = _saved()
    title = _title(app)
    title.resume()
    monkeypatch.setattr(tables, "playable", lambda game_id: False)
    title.cont()
    assert "notice.autosave_unusable" in app.notices and not title.has_save
    assert len(_kept(path, "unusable")) == 1


def test_a_good_save_still_continues(app) -> None:
    _saved()
    title = _title(app)
    title.resume()
    title.cont()
    assert app.stack.top is not title and match_of(app.stack.top).seats[0].name == "甲"


@pytest.mark.parametrize("code, key", [(errno.ENOSPC, "notice.write_failed_full"),
                                       (errno.EROFS, "notice.write_failed_denied")],
                         ids=["full", "read-only"])
def test_an_autosave_that_fails_in_play_is_told_on_the_table(app, fail_writes, code: int,
                                                             key: str) -> None:
    match = _match(moves=0)
    table = app.push(table_for(app, match=match))
    fail_writes(code)
    play(table, match.state.legal_actions()[0])  # every move is autosaved
    assert [str(n) for n, _ in app.toasts] == [key]
    assert str(persist.autosave_path()) in app.toast_texts()[0]
    frames(app)
    assert not list(persist.autosave_path().parent.glob(".autosave.json.*.tmp"))


def test_a_second_copy_does_not_overwrite_the_first_copys_autosave(app, hold_lock) -> None:
    path = _saved()
    before = path.read_text(encoding="utf-8")
    hold_lock(path.with_name(path.name + ".lock"))  # the first copy, still running
    with pytest.raises(persist.FileInUseError):
        persist.save_autosave(_match(moves=2, seed=9).record())
    assert path.read_text(encoding="utf-8") == before
    assert [str(n) for n, _ in app.toasts] == ["notice.file_in_use"]
    assert "autosave.json" in app.toast_texts()[0]
    with pytest.raises(persist.FileInUseError):
        persist.clear_autosave()
    assert path.exists()
