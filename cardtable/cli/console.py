"""Where the command line's text goes when there is no console.

A console program writes to stdout and stderr. The windowed Windows build (PyInstaller's
`console=False`, like `pythonw`) has neither: `sys.stdout` and `sys.stderr` are None, so
`--help`, `--version`, a usage error or `cardtable stats` would print into nothing. There the
text is collected while the command runs and shown in one message box when it ends, unless the
app's window opened and the run ended well (the app shows its own notices on screen, and the
warnings of a long session are no news at its end).
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable

WINDOWS = os.name == "nt"
TITLE = "cardtable"
# the module the app's window is built from: imported only once a window is opened
WINDOW_MODULE = "cardtable.ui.app"


def has_console() -> bool:
    """Whether what the command line prints can be read somewhere (a console, a pipe, a file)."""
    return sys.stdout is not None or sys.stderr is not None or not WINDOWS


def window_opened() -> bool:
    return WINDOW_MODULE in sys.modules


def message_box(text: str, error: bool) -> None:
    """A Windows message box with `text` (blocks until the person closes it)."""
    import ctypes
    mb_iconerror, mb_iconinformation, mb_setforeground = 0x10, 0x40, 0x10000
    flags = (mb_iconerror if error else mb_iconinformation) | mb_setforeground
    ctypes.windll.user32.MessageBoxW(None, text, TITLE, flags)  # type: ignore[attr-defined]


def exit_code(exc: SystemExit) -> int:
    if exc.code is None:
        return 0
    return exc.code if isinstance(exc.code, int) else 1


def run_reaching_the_person(command: Callable[[], int],
                            show: Callable[[str, bool], None] = message_box) -> int:
    """Run `command` (a `main` that returns an exit code or raises SystemExit); without a
    console, show what it printed in a message box at the end (see the module docstring)."""
    if has_console():
        return command()
    out, err = io.StringIO(), io.StringIO()
    sys.stdout, sys.stderr = out, err
    code = 1
    try:
        code = command()
    except SystemExit as exc:  # argparse: --help (0) and usage errors (2)
        code = exit_code(exc)
    finally:
        sys.stdout = sys.stderr = None  # type: ignore[assignment]
        text = (out.getvalue() + err.getvalue()).strip()
        if text and (code != 0 or not window_opened()):
            show(text, code != 0)
    return code
