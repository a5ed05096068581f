"""The command line's front door: `--version` from the one version source, `--help` listing every
registered sub-command, unknown commands, and the windowed build where nothing has a console."""

from __future__ import annotations

import importlib
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

import cardtable
from cardtable.__main__ import main
from cardtable.cli import console
from cardtable.cli import main as cli

ROOT = Path(__file__).resolve().parents[1]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exc:
        code = console.exit_code(exc)
    out, err = capsys.readouterr()
    return code, out, err


def test_version_prints_the_one_version_source(capsys) -> None:
    code, out, _ = run(["--version"], capsys)
    assert code == 0 and out == f"cardtable {cardtable.__version__}\n"
    # pyproject.toml reads it from there, and so do the installers' scripts
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    attr = project["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "cardtable.__version__"
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        version = importlib.import_module("version")
    finally:
        sys.path.remove(str(ROOT / "packaging"))
    assert version.version(ROOT) == cardtable.__version__
    assert version.numeric("0.1.0") == (0, 1, 0, 0)


def test_help_lists_every_registered_command_with_its_line(capsys) -> None:
    code, out, _ = run(["--help"], capsys)
    assert code == 0
    assert set(cli.COMMANDS) >= {"demo", "scorepad", "replay", "stats", "simulate", "bench",
                                 "tournament"}
    for command in cli.COMMANDS.values():
        assert f"  {command.name}" in out and command.summary in out, command.name
        assert "\n" not in command.summary
    assert "--lang" in out and "--screenshot" in out  # the app's own options follow
    assert "--scene NAME" in out and "lesson_cirno" in out  # its long choices wrapped
    assert cardtable.__version__ in out
    # narrow enough for a console and for the windowed build's message box
    assert max(len(line) for line in out.splitlines()) <= 80


def test_a_command_registered_later_is_routed_and_listed_without_another_list(
        capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a later sub-command (`cardtable serve`) gets from its one registration."""
    monkeypatch.setattr(cli, "COMMANDS", dict(cli.COMMANDS))
    cli.command("echo-test", "tests.cli_echo_command", "say the arguments back")
    code, out, _ = run(["--help"], capsys)
    assert code == 0 and "echo-test" in out and "say the arguments back" in out
    code, out, _ = run(["echo-test", "a", "b"], capsys)
    assert code == 0 and out == "a b\n"
    with pytest.raises(ValueError, match="twice"):
        cli.command("echo-test", "tests.cli_echo_command", "again")


@pytest.mark.parametrize("name", sorted(cli.COMMANDS))
def test_every_command_answers_help(name: str, capsys) -> None:
    code, out, _ = run([name, "--help"], capsys)
    assert code == 0 and "usage:" in out


def test_an_unknown_command_is_exit_2_naming_the_commands(capsys) -> None:
    code, out, err = run(["serve-nothing"], capsys)
    assert code == 2 and "unknown command 'serve-nothing'" in err
    for name in cli.COMMANDS:
        assert name in err


class Shown:
    def __init__(self) -> None:
        self.boxes: list[tuple[str, bool]] = []

    def __call__(self, text: str, error: bool) -> None:
        self.boxes.append((text, error))


@pytest.fixture
def windowed(monkeypatch: pytest.MonkeyPatch) -> Shown:
    """The windowed Windows build (message boxes recorded; no stdout and stderr: see
    `no_console`, set inside the test since pytest's capture resets them after fixtures)."""
    monkeypatch.setattr(console, "WINDOWS", True)
    monkeypatch.delitem(sys.modules, console.WINDOW_MODULE, raising=False)
    return Shown()


def no_console(run: Callable[[], int]) -> int:
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = None  # type: ignore[assignment]
    try:
        code = run()
        assert sys.stdout is None and sys.stderr is None  # put back as the build has them
        return code
    finally:
        sys.stdout, sys.stderr = saved


def windowed_main(argv: list[str], shown: Shown) -> int:
    return no_console(lambda: console.run_reaching_the_person(lambda: cli.run(argv), show=shown))


def test_windowed_build_shows_help_and_version_in_a_message_box(windowed: Shown) -> None:
    assert windowed_main(["--version"], windowed) == 0
    assert windowed.boxes == [(f"cardtable {cardtable.__version__}", False)]
    assert windowed_main(["--help"], windowed) == 0
    text, error = windowed.boxes[-1]
    assert not error and all(name in text for name in cli.COMMANDS)


def test_windowed_build_shows_a_usage_error_as_an_error(windowed: Shown) -> None:
    assert windowed_main(["demo", "--players", "0"], windowed) == 2
    (text, error), = windowed.boxes
    assert error and "not 0" in text


def test_windowed_app_run_that_ended_well_shows_no_box(windowed: Shown,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's window opened: its warnings were on screen already, no box at its end."""
    def app_session() -> int:
        monkeypatch.setitem(sys.modules, console.WINDOW_MODULE, sys.modules[__name__])
        sys.stderr.write("WARNING cardtable: something the app showed on screen\n")
        return 0

    assert no_console(lambda: console.run_reaching_the_person(app_session, show=windowed)) == 0
    assert windowed.boxes == []


def test_a_console_is_left_alone(capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(console, "WINDOWS", True)
    shown = Shown()
    assert console.run_reaching_the_person(lambda: cli.run(["--version"]), show=shown) == 0
    assert shown.boxes == [] and capsys.readouterr().out.startswith("cardtable ")
