"""Wizard hard bid accuracy on single rounds, for comparing search budgets quickly and paired.

Item i of a sample is round 1 + i % R (R = 60 / players) of the game with seed
derive_seed(seed, i): the rounds before it are played by the normal rule, then that round with
one hard seat (rotating with i // R) and normal seats. Every budget meets the same items, so two
runs compare round by round (`--against` prints how many rounds one made and the other missed).

    python scripts/wizard_round_sample.py --players 3 --items 240 --seed 11 \
        [--iterations 320] [--bid-samples 96] [--out run.json] [--against base.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from cardtable.core.rng import GameRng, derive_seed
from cardtable.games import get_spec
from cardtable.games.wizard.ai import HardAgent, HeuristicAgent


def sample(players: int, items: range, seed: int, iterations: int, bid_samples: int
           ) -> list[dict[str, float]]:
    spec = get_spec("wizard")
    rounds = 60 // players
    rows: list[dict[str, float]] = []
    for i in items:
        game_seed = derive_seed(seed, i)
        r = 1 + i % rounds
        hard_seat = (i // rounds) % players
        state, _ = spec.new_game(game_seed, players, {}, quiet=True)
        normal = HeuristicAgent("normal", 1)
        rng = GameRng(derive_seed(game_seed, "n"))
        while state.round_no < r:
            p = state.current_player()
            assert p is not None
            legal = state.legal_actions()
            state.apply(normal.choose(state.view(p), legal, rng), check=False)
        hard = HardAgent(derive_seed(game_seed, "h"), bid_samples=bid_samples,
                         play_iterations=iterations)
        hard_rng = GameRng(derive_seed(game_seed, "hr"))
        cpu = time.process_time()
        while len(state.history) < r:  # type: ignore[attr-defined]
            p = state.current_player()
            assert p is not None
            legal = state.legal_actions()
            agent, agent_rng = (hard, hard_rng) if p == hard_seat else (normal, rng)
            state.apply(agent.choose(state.view(p), legal, agent_rng), check=False)
        result = state.history[r - 1]  # type: ignore[attr-defined]
        rows.append({"i": i, "round": r, "seat": hard_seat, "bid": result.bids[hard_seat],
                     "tricks": result.tricks[hard_seat], "cpu_s": time.process_time() - cpu})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--items", type=int, default=240)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--iterations", type=int, default=320)
    parser.add_argument("--bid-samples", type=int, default=96)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--against", type=Path, help="an earlier --out of the same items")
    args = parser.parse_args()
    rows = sample(args.players, range(args.first, args.first + args.items), args.seed,
                  args.iterations, args.bid_samples)
    made = [r["bid"] == r["tricks"] for r in rows]
    line = (f"{args.players}p, {len(rows)} rounds, {args.iterations} iterations: accuracy "
            f"{sum(made) / len(rows):.3f}, cpu {sum(r['cpu_s'] for r in rows) / len(rows):.2f}"
            " s a round")
    if args.against:
        base = {r["i"]: r["bid"] == r["tricks"] for r in json.loads(args.against.read_text())}
        gained = sum(m and not base[r["i"]] for r, m in zip(rows, made, strict=True))
        lost = sum(base[r["i"]] and not m for r, m in zip(rows, made, strict=True))
        line += f"; against {args.against.name}: +{gained} / -{lost} rounds"
    sys.stdout.write(line + "\n")
    if args.out:
        args.out.write_text(json.dumps(rows))


if __name__ == "__main__":
    main()
