"""Wizard hard bid accuracy on single rounds, for comparing search budgets quickly and paired.

Item i of a sample is round 1 + i % R (R = 60 / players) of the game with seed
derive_seed(seed, i): the rounds before it are played by the normal rule, then that round with
one hard seat (rotating with i // R) and normal seats. Every budget meets the same items, so two
runs compare round by round (`--against` prints how many rounds one made and the other missed).

    python scripts/wizard_round_sample.py --players 3 --items 240 --seed 11 \
        [--iterations 320] [--bid-samples 96] [--out run.json] [--against base.json]
        [--diagnose] [--sees-all bids|play] [--read-plays 0.2 --play-pool-factor 8]

`--diagnose` also prints, by blocks of five rounds, the bid rollouts' own exact-bid chance
and how often the same bids come true when the hard seat plays them by the normal rule (what
the card-play search adds over the heuristic the bids are judged with). `--sees-all` measures
a bound, not an agent: the hard seat's deals are the true deal for its bids (`bids`) or for its
card play (`play`), so the gap to the plain run is what the hidden cards cost there.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardtable.core.rng import GameRng, derive_seed
from cardtable.games import get_spec
from cardtable.games.wizard import ai
from cardtable.games.wizard.ai import HardAgent, HeuristicAgent, rollout_policy
from cardtable.games.wizard.rules import WizardState

# --sees-all: which decisions of the hard seat draw their deals from the true deal
SEES_ALL = {"bids": frozenset({"bid"}), "play": frozenset({"play"})}


@contextlib.contextmanager
def true_deals(kinds: frozenset[str]) -> Iterator[list[WizardState | None]]:
    """While open, the hard's sampled deals (every deal its bid rollouts and its card search
    draw, through `ai.SEARCH_SPEC`) are copies of the state put in the yielded slot, when one
    is put there: a bound on what better guessing of the hidden cards could give, not an
    agent. Nothing is changed when `kinds` is empty."""
    slot: list[WizardState | None] = [None]
    if not kinds:
        yield slot
        return
    plain = ai.SEARCH_SPEC.determinize

    def determinize(view: object, rng: GameRng) -> WizardState:
        state = slot[0]
        if state is None:
            return plain(view, rng)
        copy = state.clone()
        copy.search_mode = True
        copy.quiet = True
        return copy

    ai.SEARCH_SPEC.determinize = determinize
    try:
        yield slot
    finally:
        del ai.SEARCH_SPEC.determinize  # the class's own method again


def normal_tricks(state: WizardState, seat: int) -> int:
    """The tricks `seat` takes when every seat plays the rest of this round by the normal
    rule (on a copy, from the state as it is)."""
    copy = state.clone()
    r = len(copy.history)
    while len(copy.history) == r:
        copy.apply(rollout_policy(copy, GameRng(0)), check=False)
    return copy.history[r].tricks[seat]


def sample(players: int, items: range, seed: int, iterations: int, bid_samples: int,
           diagnose: bool = False, sees_all: frozenset[str] = frozenset(),
           **agent: Any) -> list[dict[str, float]]:
    """The rows of the items; `agent`: further `HardAgent` arguments (`read_plays`, ...)."""
    with true_deals(sees_all) as truth:
        return _sample(players, items, seed, iterations, bid_samples, diagnose, sees_all,
                       truth, agent)


def _sample(players: int, items: range, seed: int, iterations: int, bid_samples: int,
            diagnose: bool, sees_all: frozenset[str], truth: list[WizardState | None],
            agent: dict[str, Any]) -> list[dict[str, float]]:
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
                         play_iterations=iterations, **agent)
        hard_rng = GameRng(derive_seed(game_seed, "hr"))
        cpu = time.process_time()
        off = 0.0  # the diagnosis's own time
        extra: dict[str, float] = {}
        while len(state.history) < r:  # type: ignore[attr-defined]
            p = state.current_player()
            assert p is not None
            legal = state.legal_actions()
            if p != hard_seat:
                state.apply(normal.choose(state.view(p), legal, rng), check=False)
                continue
            if diagnose and legal[0].kind == "play" and "normal_tricks" not in extra:
                start = time.process_time()  # the same bids, then the normal rule's play
                extra["normal_tricks"] = normal_tricks(state, hard_seat)
                off += time.process_time() - start
            # `choose` is `explain(...).best`: the same decision, with its figures
            truth[0] = state if legal[0].kind in sees_all else None
            got = hard.explain(state.view(p), legal, hard_rng)
            truth[0] = None
            if diagnose and legal[0].kind == "bid":
                scored = got.scored(got.best)
                if scored is not None and scored.figures:
                    extra["predicted_exact"] = scored.figures["exact"]
            state.apply(got.best, check=False)
        result = state.history[r - 1]  # type: ignore[attr-defined]
        rows.append({"i": i, "round": r, "seat": hard_seat, "bid": result.bids[hard_seat],
                     "tricks": result.tricks[hard_seat], "cpu_s": time.process_time() - cpu - off, **extra})
    return rows


def diagnosis_line(label: str, rows: list[dict[str, float]]) -> str:
    n = len(rows)
    made = sum(r["bid"] == r["tricks"] for r in rows) / n
    by_normal = [r for r in rows if "normal_tricks" in r]
    normal = sum(r["bid"] == r["normal_tricks"] for r in by_normal) / max(1, len(by_normal))
    predicted = [r["predicted_exact"] for r in rows if "predicted_exact" in r]
    short = sum(r["tricks"] < r["bid"] for r in rows)
    return (f"{label}: {n} rounds, made {made:.3f} (one short or more: {short}, over: "
            f"{n - short - round(made * n)}); the same bids played by the normal rule "
            f"{normal:.3f}; the bid rollouts' exact chance "
            f"{sum(predicted) / max(1, len(predicted)):.3f}")


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
    parser.add_argument("--diagnose", action="store_true",
                        help="also, by blocks of five rounds: the exact-bid chance the bid's "
                        "rollouts gave, and how often the same bids are made when the hard "
                        "seat then plays by the normal rule")
    parser.add_argument("--sees-all", choices=sorted(SEES_ALL),
                        help="measure a bound: the hard seat's sampled deals are the true "
                        "deal for its bids, or for its card play")
    parser.add_argument("--read-plays", type=float, metavar="EPS", default=ai.READ_PLAYS_EPS,
                        help="the factor for a card the normal rule would not have played, "
                        "when the hard's card search weighs its deals by the others' plays "
                        "this round (HardAgent read_plays)")
    parser.add_argument("--bids-only", action="store_true",
                        help="the card search's deals weighed by the bids alone (the hard "
                        "before it read plays, hard_bids_only)")
    parser.add_argument("--play-pool-factor", type=int,
                        help="deals sampled per card-search iteration (HardAgent "
                        "play_pool_factor; default: the agent's own, "
                        f"{ai.READ_PLAYS_POOL_FACTOR}, or {ai.PLAY_POOL_FACTOR} with "
                        "--bids-only or --sees-all play)")
    args = parser.parse_args()
    sees = SEES_ALL.get(args.sees_all, frozenset())
    # the true deal for the card search: every deal is the same one, nothing to weigh (and
    # only the bids-only pool draws through ai.SEARCH_SPEC, which `true_deals` replaces)
    read = None if args.bids_only or "play" in sees else args.read_plays
    pool = args.play_pool_factor
    if pool is None:
        pool = ai.PLAY_POOL_FACTOR if read is None else ai.READ_PLAYS_POOL_FACTOR
    rows = sample(args.players, range(args.first, args.first + args.items), args.seed,
                  args.iterations, args.bid_samples, args.diagnose, sees, read_plays=read,
                  play_pool_factor=pool)
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
    if args.diagnose:
        last = 60 // args.players
        for lo in range(1, last + 1, 5):
            block = [r for r in rows if lo <= r["round"] < lo + 5]
            if block:
                label = f"rounds {lo}-{min(lo + 4, last)}"
                sys.stdout.write(diagnosis_line(label, block) + "\n")
        sys.stdout.write(diagnosis_line("all", rows) + "\n")
    if args.out:
        args.out.write_text(json.dumps(rows))


if __name__ == "__main__":
    main()
