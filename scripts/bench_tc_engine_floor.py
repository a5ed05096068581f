"""How fast is the Tanto Cuore engine itself, with no view and no agent?

    python scripts/bench_tc_engine_floor.py [--seconds 8]

Plays 2-player Big Money mirror games through the real engine (a quiet state, legal_actions()
and apply with the choice taken from that list, as the simulator does) but with the choice made
inline from the legal list: Marianne, 3 Love, 2 Love by priority, Colette once Marianne's pile
is empty, otherwise "done" (a lone action is taken as it is). Nothing builds a view and no
agent is called, so this is a floor for the engine's own cost per game, not a way to play.

It alternates half-second blocks of this loop, the bench's own loop (`big_money` agents that
get a view at every decision) and pyminion's Big Money games (when pyminion is installed:
`pip install -e '.[bench]'`), so a change in the machine's load hits all three alike, and
prints games per second and the ratios to pyminion. The bench's target is 2x pyminion's games
per second (docs/bench/README.md).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

from cardtable.bench.engines import (
    _agents_block,
    _alternate,
    _pyminion_block,
    apply_chosen,
    peer_available,
)
from cardtable.core.actions import Action
from cardtable.core.game import GameSpec
from cardtable.core.rng import derive_seed
from cardtable.games import get_spec
from cardtable.games.tanto_cuore.rules import TCState

PRIORITY = {"marianne": 0, "love3": 1, "love2": 2}
BLOCK_S = 0.5


def _choose(state: TCState, legal: list[Action]) -> Action:
    if len(legal) == 1:
        return legal[0]
    employs = {a.card: a for a in legal if a.kind == "employ"}
    best = min((f for f in employs if f in PRIORITY), key=PRIORITY.__getitem__, default=None)
    if best is not None:
        return employs[best]
    if "colette" in employs and not state.town.get("marianne", 0):
        return employs["colette"]
    return next((a for a in legal if a.kind == "done"), legal[0])


def play(spec: GameSpec, seed: int) -> int:
    """One game; returns the turns played by both players together."""
    state, _ = spec.new_game(seed, 2, {}, quiet=True)
    assert isinstance(state, TCState)
    while not state.is_terminal():
        legal = state.legal_actions()
        apply_chosen(state, legal, _choose(state, legal))
    return sum(state.turns)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="per loop")
    args = parser.parse_args()
    spec = get_spec("tanto_cuore")
    counter = itertools.count()
    turns = [0]

    def floor_block() -> tuple[int, int]:
        games = 0
        end = time.perf_counter() + BLOCK_S
        while time.perf_counter() < end:
            turns[0] += play(spec, derive_seed(1, next(counter)))
            games += 1
        return 0, games

    blocks = {
        "engine, no view or agent": floor_block,
        "bench loop (big_money agents, views)": _agents_block(
            "tanto_cuore", "big_money", 2, 1, BLOCK_S, check=False, quiet=True),
        "pyminion Big Money": (_pyminion_block(1, BLOCK_S) if peer_available("pyminion")
                               else None),
    }
    totals = _alternate(blocks, max(1, int(args.seconds / BLOCK_S)))
    rates = {name: games / seconds for name, (seconds, _, games) in totals.items() if seconds}
    peer = rates.get("pyminion Big Money")
    floor_games = totals["engine, no view or agent"][2]
    for name, rate in rates.items():
        ratio = f"  {rate / peer:.2f}x pyminion" if peer else ""
        sys.stdout.write(f"{name:38} {rate:7.0f} games/s{ratio}\n")
    sys.stdout.write(f"engine floor games: {turns[0] / floor_games:.1f} turns per game\n")
    if peer is None:
        sys.stdout.write("pyminion not installed: no ratios\n")


if __name__ == "__main__":
    main()
