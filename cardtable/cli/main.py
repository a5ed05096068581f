"""`cardtable [COMMAND] ...`: routes sub-commands; anything else opens the app.

Sub-commands are registered here, once each (`command(...)` below): the registration routes
the command and gives its line in `cardtable --help`. `cardtable --version` prints
`cardtable.__version__`, the one version source (pyproject.toml and the installers read it).

Whatever the command, a person never sees a traceback: the console shows one line per warning
(details go to the log file), and a user folder the app cannot use (a regular file where the
data or config folder should be) is one clear line and exit code 2.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import logging
import re
import sys
import textwrap
from dataclasses import dataclass

from cardtable import __version__
from cardtable.paths import UserDirError


@dataclass(frozen=True)
class Command:
    name: str
    module: str  # holds `main(argv) -> int`
    summary: str  # one line for `cardtable --help`
    keeps_name: bool = False  # `main` takes argv with the command's name first


COMMANDS: dict[str, Command] = {}


def command(name: str, module: str, summary: str, *, keeps_name: bool = False) -> None:
    """Register the sub-command `cardtable NAME`, run by `module`'s `main`."""
    if name in COMMANDS:
        raise ValueError(f"the command {name!r} is registered twice")
    COMMANDS[name] = Command(name, module, summary, keeps_name)


command("demo", "cardtable.ui.launch", "watch the computer play a game against itself",
        keeps_name=True)
command("scorepad", "cardtable.ui.launch",
        "the Wizard score pad, for a game played with real cards", keeps_name=True)
command("replay", "cardtable.cli.replay", "check a recorded game (--validate) or watch it")
command("stats", "cardtable.cli.stats", "the figures of your finished games")
command("simulate", "cardtable.cli.simulate",
        "play many games between computer players, without a window")
command("bench", "cardtable.cli.bench",
        "time the engines, the frames, start-up and the computer players")
command("serve", "cardtable.cli.serve",
        "the table server for play over the network (headless, no window)")
command("tournament", "cardtable.cli.tournament",
        "play the computer levels against each other, write a report")


class OneLineFormatter(logging.Formatter):
    """Console records as "LEVEL name: first line"; tracebacks stay in the log file."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage().splitlines() or [""]
        return f"{record.levelname} {record.name}: {message[0]}"


class ConsoleHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Warnings on whatever `sys.stderr` is now (None in a windowed build: nothing); a console
    that cannot be written is no reason for a traceback either."""

    def __init__(self) -> None:
        super().__init__()

    @property  # type: ignore[override]
    def stream(self) -> object:
        return sys.stderr

    @stream.setter
    def stream(self, _value: object) -> None:
        pass

    def emit(self, record: logging.LogRecord) -> None:
        if sys.stderr is not None:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        pass


def _console_logging() -> None:
    root = logging.getLogger()
    if any(isinstance(h, ConsoleHandler) for h in root.handlers):
        return
    handler = ConsoleHandler()
    handler.setLevel(logging.WARNING)
    handler.setFormatter(OneLineFormatter())
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.WARNING:
        root.setLevel(logging.WARNING)


def run(argv: list[str]) -> int:
    _console_logging()
    try:
        return _dispatch(argv)
    except UserDirError as exc:
        sys.stderr.write(f"cardtable: error: {exc}\n")
        return 2


def _dispatch(argv: list[str]) -> int:
    found = COMMANDS.get(argv[0]) if argv else None
    if found is not None:
        module = importlib.import_module(found.module)
        result: int = module.main(argv if found.keeps_name else argv[1:])
        return result
    if argv and not argv[0].startswith("-"):  # the app itself takes no positional argument
        sys.stderr.write(f"cardtable: error: unknown command {argv[0]!r}; commands: "
                         f"{', '.join(COMMANDS)} (cardtable --help)\n")
        return 2
    if "--version" in argv:
        sys.stdout.write(f"cardtable {__version__}\n")
        return 0
    if "-h" in argv or "--help" in argv:
        sys.stdout.write(help_text())
        return 0
    from cardtable.ui.launch import main as app_main

    return app_main(argv)


def help_text() -> str:
    """`cardtable --help`: every registered command with its line, then the app's options."""
    width = max(len(name) for name in COMMANDS) + 2
    lines = ["usage: cardtable [COMMAND] [OPTIONS]", "",
             f"cardtable {__version__}: four card games at one table (Cirno's arithmetic game,",
             "8\u00bd, Tanto Cuore, Wizard). Without a command the app opens.", "", "commands:"]
    lines += [f"  {c.name:<{width}}{c.summary}" for c in COMMANDS.values()]
    lines += ["", "cardtable COMMAND --help shows the options of a command.",
              "cardtable --version prints the version.", ""]
    return "\n".join(lines) + "\n" + _app_options()


def _app_options() -> str:
    """The app's own options as its parser describes them (from its "options:" line on)."""
    from cardtable.ui import launch
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        try:
            launch.parse(["--help"])
        except SystemExit:
            pass
    text = buffer.getvalue()
    start = text.find("options:")
    return _wrap_long_choices("app " + text[start:] if start >= 0 else text)


def _wrap_long_choices(text: str, width: int = 78) -> str:
    """An option whose {a,b,...} choices make one very long line (`--scene`) reads as
    `--scene NAME`, its choices wrapped below it: a console and a message box stay narrow."""
    out: list[str] = []
    for line in text.splitlines():
        m = re.match(r"^(\s+-[-\w, ]*?) \{([^}]{40,})\}(.*)$", line)
        if m is None:
            out.append(line)
            continue
        option, choices, rest = m.groups()
        out.append(f"{option} NAME{rest}")
        out.extend(textwrap.wrap("one of: " + ", ".join(choices.split(",")), width,
                                 initial_indent=" " * 24, subsequent_indent=" " * 24))
    return "\n".join(out) + "\n"
