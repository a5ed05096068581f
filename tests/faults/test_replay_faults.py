"""Record files in replays/ under faults: corrupt, nested, wrong-shape, newer, full and
read-only disks at the game's end, export over an existing file."""

from __future__ import annotations

import errno
import json
import random
from pathlib import Path

import pytest

from cardtable import persist
from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.history import records
from cardtable.history.archive import archive_finished
from cardtable.history.records import RecordError, open_record, replays_dir, save_finished
from tests.faults.conftest import NESTED, frames


def _finished(seed: int = 5) -> Match:
    seats = [Seat(kind="human", name="甲")] + [Seat(kind="ai", agent="easy") for _ in range(2)]
    match = Match(get_spec("cirno"), seed, 3, {}, seats)
    rng = random.Random(seed)
    while not match.state.is_terminal():
        match.submit(rng.choice(match.state.legal_actions()))
    return match


def _bad(name: str, text: str) -> Path:
    path = replays_dir() / f"20260101-000000-{name}-1{records.SUFFIX}"
    path.write_text(text, encoding="utf-8")
    return path


def _doc(change) -> str:
    doc = records.build_document(_finished().record())
    change(doc)
    return json.dumps(doc)


def _newer(doc) -> None:
    doc["format_version"] = records.FORMAT_VERSION + 1


def _shape(doc) -> None:
    doc["content"]["record"] = [1, 2]
    doc["sha256"] = records.checksum(doc["content"])


BAD = {"nested": NESTED, "corrupt": "{nope", "wrong-shape": None, "newer": None}


def _content(kind: str) -> str:
    if kind == "wrong-shape":
        return _doc(_shape)
    if kind == "newer":
        return _doc(_newer)
    return BAD[kind]


@pytest.mark.parametrize("kind", list(BAD))
def test_a_bad_record_is_refused_with_a_message_key(home: Path, kind: str) -> None:
    path = _bad(kind, _content(kind))
    with pytest.raises(RecordError) as err:
        open_record(path)
    assert err.value.key.startswith("history.error.")
    assert path.exists()  # refusing changes nothing on disk


def test_the_replay_list_shows_every_good_record_beside_a_nested_one(app) -> None:
    from cardtable.ui.scenes.replay import ReplayListScene
    good = save_finished(_finished())
    _bad("nested", NESTED)
    scene = app.push(ReplayListScene(app))
    assert len(scene.rows) == 2
    by_path = {p: (loaded, err) for p, loaded, err in scene.rows}
    assert by_path[good][0] is not None
    nested = next(p for p in by_path if "nested" in p.name)
    assert by_path[nested][0] is None and by_path[nested][1]  # its own line says why
    frames(app)
    assert app.stack.top is scene  # no error screen


def test_a_record_with_a_bom_opens(home: Path) -> None:
    path = save_finished(_finished())
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert open_record(path).record.game_id == "cirno"


@pytest.mark.parametrize("code, key", [(errno.ENOSPC, "notice.write_failed_full"),
                                       (errno.EROFS, "notice.write_failed_denied")],
                         ids=["full", "read-only"])
def test_a_record_that_cannot_be_saved_at_the_end_names_its_path(app, fail_writes, code: int,
                                                                 key: str) -> None:
    from cardtable.i18n import tr
    match = _finished()
    folder = replays_dir()
    fail_writes(code)
    result = archive_finished(match)
    assert result.path is None and result.notice == "history.error.write_failed"
    text = tr(result.notice, **persist.notice_params(result.notice))
    assert str(folder) in text and "{path}" not in text  # 「无法写入文件：{path}」 before
    assert [str(n) for n, _ in app.toasts] == [key]
    assert not list(folder.glob(".*.tmp"))


def test_the_title_shows_the_end_of_game_notice_with_its_path(app, fail_writes) -> None:
    from tests.ui.text_spy import drawn_text
    fail_writes(errno.ENOSPC)
    result = archive_finished(_finished())
    app.notices.append(result.notice)  # what the table does at the game's end
    with drawn_text(app) as drawn:
        frames(app, 1)
    # the notice may be wrapped into lines (placed clear of the menu): read them together
    said = "".join(d.text for d in drawn)
    assert str(replays_dir()) in said and "{path}" not in said


def test_export_asks_before_replacing_a_file(app, tmp_path: Path) -> None:
    from cardtable.ui.scenes.replay import ReplayListScene
    save_finished(_finished())
    target = tmp_path / "mine.cardtable.json"
    target.write_text("my own file", encoding="utf-8")
    scene = app.push(ReplayListScene(app))
    scene.path_text = str(target)
    scene.export_selected()
    assert target.read_text(encoding="utf-8") == "my own file"  # not yet
    assert str(target) in scene.message and not scene.message_ok
    scene.export_selected()  # pressed again: the person means it
    assert target.read_text(encoding="utf-8") != "my own file" and scene.message_ok
    assert open_record(target).record.game_id == "cirno"


def test_export_refuses_an_existing_file_unless_told_to_overwrite(home: Path,
                                                                  tmp_path: Path) -> None:
    source = save_finished(_finished())
    target = tmp_path / "x.json"
    target.write_text("keep", encoding="utf-8")
    with pytest.raises(RecordError) as err:
        records.export_record(source, target)
    assert err.value.key == "history.error.exists" and target.read_text() == "keep"
    records.export_record(source, target, overwrite=True)
    assert open_record(target).record.seed == open_record(source).record.seed
