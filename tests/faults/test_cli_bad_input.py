"""Every sub-command's bad input: exit code 2 and one clear line, never a traceback, and
nothing built before the input is checked."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

from cardtable.__main__ import main
from cardtable.history import stats as stats_mod
from tests.faults.conftest import NESTED


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = exc.code if isinstance(exc.code, int) else 2
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    return code, err


@pytest.mark.parametrize("argv, says", [
    (["demo", "--game", "chess"], "unknown game 'chess'"),
    (["demo", "--players", "0"], "takes 2-8 players, not 0"),
    (["demo", "--players", "1"], "not 1"),
    (["demo", "--players", "99"], "not 99"),
    (["demo", "--players", "-2"], "not -2"),
    (["demo", "--game", "wizard", "--players", "2"], "wizard takes 3-6 players"),
    (["demo", "--speed", "0"], "--speed"),
    (["demo", "--speed", "nan"], "--speed"),
    (["demo", "--frames", "-1"], "--frames"),
], ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_demo_checks_its_input(home: Path, capsys, argv: list[str], says: str) -> None:
    code, err = run(argv, capsys)
    assert code == 2 and says in err


def test_demo_checks_the_player_count_before_building_seats(
        home: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """--players 1000000000 ran out of memory building 10^9 seats before the check."""
    from cardtable.core import match as match_mod

    def no_seats(*_a, **_k):
        raise AssertionError("a seat was built before the player count was checked")

    monkeypatch.setattr(match_mod, "Seat", no_seats)
    code, err = run(["demo", "--players", "1000000000"], capsys)
    assert code == 2 and "not 1000000000" in err


@pytest.mark.parametrize("argv, says", [
    (["stats", "--game", "chess"], "chess"),
    (["stats", "--history", "-1"], "--history"),
])
def test_stats_checks_its_input(home: Path, capsys, argv: list[str], says: str) -> None:
    code, err = run(argv, capsys)
    assert code == 2 and says in err


def test_stats_on_a_wrong_tables_database_prints_figures_not_a_traceback(home: Path,
                                                                         capsys) -> None:
    from cardtable.history.stats import stats_path
    conn = sqlite3.connect(stats_path())
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    conn.execute(f"PRAGMA user_version = {stats_mod.SCHEMA_VERSION}")
    conn.commit()
    conn.close()
    code = main(["stats"])
    out, err = capsys.readouterr()
    assert code == 0 and "Traceback" not in err
    assert "history.notice" not in out  # the notice in words, not its raw key
    assert "統計資料庫損毀" in out


def test_stats_on_a_locked_database_is_a_clear_error(home: Path, capsys,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.faults.test_stats_faults import _filled
    path = _filled()
    monkeypatch.setattr(stats_mod, "BUSY_TIMEOUT", 0.1, raising=False)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        code, err = run(["stats"], capsys)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert code == 1 and "in use by another program" in err
    assert not list(path.parent.glob("stats.sqlite3.corrupt-*"))


def test_replay_of_a_deeply_nested_file_is_exit_2(home: Path, capsys, tmp_path: Path) -> None:
    bad = tmp_path / "nested.cardtable.json"
    bad.write_text(NESTED, encoding="utf-8")
    for argv in (["replay", str(bad)], ["replay", str(bad), "--validate"]):
        code, err = run(argv, capsys)
        assert code == 2 and "history.error.unreadable" in err


def test_replay_of_a_missing_file_is_exit_2(home: Path, capsys, tmp_path: Path) -> None:
    code, err = run(["replay", str(tmp_path / "none.json")], capsys)
    assert code == 2 and "cannot read" in err


@pytest.mark.parametrize("shot, says", [
    pytest.param("/proc/cardtable-shot.png", "cannot write in /proc",
                 marks=pytest.mark.skipif(sys.platform != "linux", reason="Linux's /proc"),
                 id="/proc"),
    ("{tmp}/a-file/shot.png", "is a file, not a folder"),
    ("{tmp}/folder.png", "is a folder"),
    ("{tmp}/shot.txt", "must end in one of"),
])
def test_an_unwritable_screenshot_path_is_refused_before_the_app_starts(
        home: Path, capsys, tmp_path: Path, shot: str, says: str) -> None:
    (tmp_path / "a-file").write_text("x")
    (tmp_path / "folder.png").mkdir()
    for command in ([], ["scorepad"], ["demo"]):
        code, err = run([*command, "--frames", "1", "--screenshot",
                         shot.format(tmp=tmp_path)], capsys)
        assert code == 2 and says in err


def test_a_screenshot_folder_that_refuses_files_is_refused_before_the_app_starts(
        home: Path, capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder's own answer to a write (a read-only disk, no permission), on any OS: the
    tests run as root, where permissions refuse nothing, so the refusal is injected."""
    import tempfile

    def refuse(*_a, **_k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "TemporaryFile", refuse)
    for command in ([], ["scorepad"], ["demo"]):
        code, err = run([*command, "--frames", "1", "--screenshot", str(tmp_path / "s.png")],
                        capsys)
        assert code == 2 and f"cannot write in {tmp_path}: Permission denied" in err


def test_a_screenshot_that_fails_at_the_end_is_one_line(home: Path, capsys, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    def broken(*_a, **_k):
        raise pygame.error("Couldn't open file")

    monkeypatch.setattr(pygame.image, "save", broken)
    code, err = run(["--frames", "1", "--screenshot", str(tmp_path / "x.png")], capsys)
    assert code == 1 and "cannot save the screenshot" in err


@pytest.mark.parametrize("folder", ["data", "config", "logs"])
@pytest.mark.parametrize("command", [[], ["stats"], ["scorepad"]], ids=["app", "stats",
                                                                          "scorepad"])
def test_a_user_folder_that_is_a_regular_file_is_a_clear_error(
        home: Path, capsys, folder: str, command: list[str]) -> None:
    home.mkdir(parents=True)
    (home / folder).write_text("oops")
    code, err = run([*command, "--frames", "1"] if command != ["stats"] else command, capsys)
    if folder == "logs" and command != ["stats"]:
        assert code == 0  # the app runs without a log file
        return
    if folder in ("config", "logs") and command == ["stats"]:
        assert code == 0  # stats needs neither
        return
    assert code == 2 and "is a file, not a folder" in err and str(home / folder) in err


@pytest.mark.parametrize("argv, says", [
    (["simulate", "--game", "chess", "--players", "4"], "unknown game"),
    (["simulate", "--game", "cirno", "--players", "1"], "players"),
    (["simulate", "--game", "cirno", "--players", "4", "--workers", "0"], "--workers"),
    (["simulate", "--game", "cirno", "--players", "4", "--games", "0"], "--games"),
    (["simulate", "--game", "cirno", "--players", "4", "--option", "limit=x"], "limit"),
    (["bench", "--only", "nothing"], "unknown section"),
    (["bench", "--only", ","], "no section"),
    (["tournament", "--game", "chess"], "unknown game"),
    (["tournament", "--games", "0"], "--games"),
    (["tournament", "--workers", "0"], "--workers"),
    (["--size", "10x10"], "window size"),
    (["--scene", "nowhere"], "invalid choice"),
    (["--lang", "fr"], "invalid choice"),
])
def test_the_other_commands_check_their_input(home: Path, capsys, argv: list[str],
                                              says: str) -> None:
    code, err = run(argv, capsys)
    assert code == 2 and says in err


def test_tournament_out_that_is_a_file_and_a_broken_results_file(home: Path, capsys,
                                                                 tmp_path: Path) -> None:
    a_file = tmp_path / "out"
    a_file.write_text("x")
    code, err = run(["tournament", "--out", str(a_file)], capsys)
    assert code == 2 and "is a file" in err
    folder = tmp_path / "report"
    folder.mkdir()
    (folder / "results.json").write_text(NESTED)
    code, err = run(["tournament", "--out", str(folder), "--render-only"], capsys)
    assert code == 2 and "cannot read" in err


def test_an_unexpected_error_is_one_line_with_exit_1(home: Path, capsys,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.cli import stats as stats_cli

    def boom(*_a, **_k):
        raise RuntimeError("something nobody expected")

    monkeypatch.setattr(stats_cli, "StatsDB", boom)
    code, err = run(["stats"], capsys)
    assert code == 1 and "internal error" in err and "something nobody expected" in err
