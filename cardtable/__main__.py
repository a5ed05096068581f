"""Entry point: `cardtable` / `python -m cardtable`."""

from __future__ import annotations

import logging
import sys


def main(argv: list[str] | None = None) -> int:
    from cardtable.cli.main import run

    try:
        return run(sys.argv[1:] if argv is None else argv)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # the last line of defence: a clear line, the details in the log
        logging.getLogger("cardtable").info("uncaught exception", exc_info=True)
        sys.stderr.write(f"cardtable: internal error: {type(exc).__name__}: {exc} (the log "
                         "file has the details)\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())
