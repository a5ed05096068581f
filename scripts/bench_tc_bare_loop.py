"""How fast can a Tanto Cuore Big Money game go in pure Python at all?

    python scripts/bench_tc_bare_loop.py [--seconds 3]

A bare loop with only the card flow of a 2-player Big Money mirror game (draw 5 with reshuffle,
add up Love, buy by the bot's priorities, discard, end when the Marianne and Colette piles are
empty) and none of the engine: no phases, no legal-action lists, no views, no events, no
agent interface, no other cards. It is a floor for the cost, not a rules engine. Its games are
about as long as the real engine's (~77 turns), twice pyminion's Dominion games (~35).

The bench's target is 2x pyminion's games per second; this shows how far below a bare loop
the full engine would have to stay to reach it (see docs/bench/README.md).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

LOVE = {"love1": 1, "love2": 2, "love3": 3, "colette": 0, "marianne": 0}
BUYS = (("marianne", 9), ("love3", 7), ("love2", 4))  # big_money's priorities


def play(rnd: random.Random) -> int:
    """One game; returns the turns played by both players together."""
    piles = {"marianne": 8, "colette": 18, "love3": 8, "love2": 12}  # 2 players, decks out
    decks: list[list[str]] = []
    discards: list[list[str]] = [[], []]
    hands: list[list[str]] = [[], []]
    for _ in range(2):
        deck = ["love1"] * 7 + ["colette"] * 3
        rnd.shuffle(deck)
        decks.append(deck)

    def draw(p: int, n: int) -> None:
        deck, hand = decks[p], hands[p]
        for _ in range(n):
            if not deck:
                if not discards[p]:
                    return
                deck.extend(discards[p])
                discards[p].clear()
                rnd.shuffle(deck)
            hand.append(deck.pop())

    for p in range(2):
        draw(p, 5)
    turns, p = 0, 0
    while True:
        turns += 1
        hand = hands[p]
        love = sum(LOVE[c] for c in hand)
        buy = next((face for face, need in BUYS if piles[face] and love >= need), None)
        late = turns > 40 or not any(piles[f] for f in ("marianne", "love3", "love2"))
        if buy is None and piles["colette"] and love >= 3 and late:
            buy = "colette"
        if buy is not None:
            piles[buy] -= 1
            discards[p].append(buy)
        discards[p].extend(hand)
        hand.clear()
        draw(p, 5)
        if piles["marianne"] == 0 and piles["colette"] == 0:
            return turns
        p = 1 - p


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    rnd = random.Random(1)
    games = turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        turns += play(rnd)
        games += 1
    elapsed = time.perf_counter() - start
    sys.stdout.write(f"bare Big Money loop: {games / elapsed:.0f} games/s, "
                     f"{turns / games:.1f} turns per game\n")


if __name__ == "__main__":
    main()
