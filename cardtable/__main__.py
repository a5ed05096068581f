"""Entry point: `cardtable` / `python -m cardtable` (and the frozen app, packaging/launcher.py)."""

from __future__ import annotations

import logging
import sys


def main(argv: list[str] | None = None) -> int:
    from cardtable.cli.console import run_reaching_the_person

    return run_reaching_the_person(lambda: _run(sys.argv[1:] if argv is None else argv))


def _run(argv: list[str]) -> int:
    from cardtable.cli.main import run

    try:
        return run(argv)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # the last line of defence: a clear line, the details in the log
        logging.getLogger("cardtable").info("uncaught exception", exc_info=True)
        sys.stderr.write(f"cardtable: internal error: {type(exc).__name__}: {exc} (the log "
                         "file has the details)\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())
