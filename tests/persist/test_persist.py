"""Settings and autosave files: round trips, atomic writes, corrupt files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from pydantic import ValidationError

from cardtable import persist
from cardtable.core.match import MatchRecord, Seat


def _record() -> MatchRecord:
    return MatchRecord(game_id="cirno", seed=42, num_players=3, options={"advanced": True},
                       seats=[Seat(kind="human", name="小明"), Seat(agent="easy"),
                              Seat(agent="hard")],
                       actions=[{"kind": "play", "card": "+3"}])


def _corrupt_files(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.corrupt-*"))


# ---------------------------------------------------------------- settings

def test_defaults_when_there_is_no_file() -> None:
    settings, notice = persist.load_settings()
    assert settings == persist.Settings()
    assert notice is None
    assert settings.language == "zh-TW"
    assert 0.25 <= settings.anim_speed <= 4
    assert 0 <= settings.volume <= 1


def test_settings_round_trip(cardtable_home: Path) -> None:
    s = persist.Settings(language="zh-CN", anim_speed=2.5, fullscreen=True, volume=0.3,
                         muted=True, player_names=["阿明", "小華"])
    persist.save_settings(s)
    assert persist.settings_path().is_relative_to(cardtable_home)
    loaded, notice = persist.load_settings()
    assert loaded == s
    assert notice is None


@pytest.mark.parametrize("bad", [
    {"language": "en"}, {"anim_speed": 0.1}, {"anim_speed": 5}, {"volume": 1.5},
    {"volume": -0.1}])
def test_settings_validation(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        persist.Settings.model_validate(bad)


def test_unknown_fields_in_the_settings_file_are_ignored() -> None:
    path = persist.settings_path()
    path.write_text(json.dumps({"volume": 0.5, "from_a_newer_version": 1}), encoding="utf-8")
    settings, notice = persist.load_settings()
    assert settings.volume == 0.5
    assert notice is None


@pytest.mark.parametrize("content", [
    b"{not json", b"", b"\xff\xfe\x00garbage", b'{"volume": 7}', b'["a list"]'])
def test_corrupt_settings_give_defaults_a_notice_and_are_moved_aside(content: bytes) -> None:
    path = persist.settings_path()
    path.write_bytes(content)
    settings, notice = persist.load_settings()
    assert settings == persist.Settings()
    assert notice == persist.SETTINGS_CORRUPT_KEY
    assert not path.exists()
    moved = _corrupt_files(path.parent, path.name)
    assert len(moved) == 1 and moved[0].read_bytes() == content
    # the next start is clean: no notice again
    assert persist.load_settings() == (persist.Settings(), None)


def test_two_corrupt_files_in_the_same_second_both_survive() -> None:
    path = persist.settings_path()
    for content in (b"one", b"two"):
        path.write_bytes(content)
        assert persist.load_settings()[1] == persist.SETTINGS_CORRUPT_KEY
    moved = _corrupt_files(path.parent, path.name)
    assert sorted(p.read_bytes() for p in moved) == [b"one", b"two"]


def test_save_replaces_atomically_and_leaves_no_temp_files() -> None:
    persist.save_settings(persist.Settings(volume=0.1))
    persist.save_settings(persist.Settings(volume=0.9))
    folder = persist.settings_path().parent
    assert [p.name for p in folder.iterdir()] == [persist.SETTINGS_FILE]
    assert persist.load_settings()[0].volume == 0.9


def test_a_failed_write_keeps_the_old_file(monkeypatch: pytest.MonkeyPatch) -> None:
    persist.save_settings(persist.Settings(volume=0.2))

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", boom)
        with pytest.raises(OSError):
            persist.save_settings(persist.Settings(volume=0.8))
    folder = persist.settings_path().parent
    assert [p.name for p in folder.iterdir()] == [persist.SETTINGS_FILE]
    assert persist.load_settings()[0].volume == 0.2


# ---------------------------------------------------------------- autosave

def test_no_autosave() -> None:
    assert persist.load_autosave() == (None, None)


def test_autosave_round_trip_with_header(cardtable_home: Path) -> None:
    record = _record()
    persist.save_autosave(record)
    assert persist.autosave_path().is_relative_to(cardtable_home)
    loaded, notice = persist.load_autosave()
    assert notice is None
    assert loaded == record
    save, _ = persist.load_autosave_with_header()
    assert save is not None
    assert save.header.game_id == "cirno"
    assert [s.name for s in save.header.seats] == ["小明", "", ""]
    assert save.header.saved_at.endswith("+00:00")


def test_autosave_of_a_real_match_replays() -> None:
    from cardtable.core.match import Match
    from cardtable.games.cirno.rules import SPEC

    match = Match(SPEC, seed=7, num_players=3)
    for _ in range(5):
        match.submit(match.state.legal_actions()[0])
    persist.save_autosave(match.record())
    record, _ = persist.load_autosave()
    assert record is not None
    again = Match.from_record(record, SPEC)
    assert [e.to_json() for e in again.log] == [e.to_json() for e in match.log]


def test_clear_autosave() -> None:
    persist.save_autosave(_record())
    persist.clear_autosave()
    assert persist.load_autosave() == (None, None)
    persist.clear_autosave()  # nothing to clear is fine


@pytest.mark.parametrize("content", [
    b"{truncated", b'{"version": 1, "header": {}}', b'{"version": 1}', b"\x00\x01\x02"])
def test_corrupt_autosave_gives_none_a_notice_and_is_moved_aside(content: bytes) -> None:
    path = persist.autosave_path()
    path.write_bytes(content)
    record, notice = persist.load_autosave()
    assert record is None
    assert notice == persist.AUTOSAVE_CORRUPT_KEY
    assert not path.exists()
    moved = _corrupt_files(path.parent, path.name)
    assert len(moved) == 1 and moved[0].read_bytes() == content
    assert persist.load_autosave() == (None, None)


def test_corrupt_autosave_does_not_touch_settings() -> None:
    persist.save_settings(persist.Settings(volume=0.4))
    persist.autosave_path().write_text("nope", encoding="utf-8")
    assert persist.load_autosave()[1] == persist.AUTOSAVE_CORRUPT_KEY
    assert persist.load_settings() == (persist.Settings(volume=0.4), None)


def test_settings_languages_are_the_app_locales() -> None:
    from typing import get_args

    from cardtable.i18n import LOCALES

    annotation = persist.Settings.model_fields["language"].annotation
    assert get_args(annotation) == LOCALES
