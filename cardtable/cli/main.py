"""`cardtable [COMMAND] ...`: routes sub-commands; anything else opens the app.

Whatever the command, a person never sees a traceback: the console shows one line per warning
(details go to the log file), and a user folder the app cannot use (a regular file where the
data or config folder should be) is one clear line and exit code 2.
"""

from __future__ import annotations

import logging
import sys

from cardtable.paths import UserDirError


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
    if argv and argv[0] == "simulate":
        from cardtable.cli.simulate import main as simulate_main

        return simulate_main(argv[1:])
    if argv and argv[0] in ("bench", "tournament"):  # cardtable.cli.bench / .tournament
        return __import__(f"cardtable.cli.{argv[0]}", fromlist=["main"]).main(argv[1:])
    if argv and argv[0] in ("stats", "replay"):  # cardtable.cli.stats / cardtable.cli.replay
        return __import__(f"cardtable.cli.{argv[0]}", fromlist=["main"]).main(argv[1:])
    from cardtable.ui.launch import main as app_main

    return app_main(argv)
