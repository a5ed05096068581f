"""`cardtable [COMMAND] ...`: routes sub-commands; anything else opens the app."""

from __future__ import annotations

import logging


def run(argv: list[str]) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if argv and argv[0] == "simulate":
        from cardtable.cli.simulate import main as simulate_main

        return simulate_main(argv[1:])
    if argv and argv[0] in ("bench", "tournament"):  # cardtable.cli.bench / .tournament
        return __import__(f"cardtable.cli.{argv[0]}", fromlist=["main"]).main(argv[1:])
    if argv and argv[0] in ("stats", "replay"):  # cardtable.cli.stats / cardtable.cli.replay
        return __import__(f"cardtable.cli.{argv[0]}", fromlist=["main"]).main(argv[1:])
    from cardtable.ui.launch import main as app_main

    return app_main(argv)
