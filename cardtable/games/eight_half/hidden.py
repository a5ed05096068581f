"""What an 8½ seat may not see, dealt again (the rules contract's no-leak check,
`GameRegistration.hidden`): a view must not change when it is."""

from __future__ import annotations

import random

from cardtable.games.eight_half.cards import FACES, INDEX
from cardtable.games.eight_half.rules import EightHalfState


def reshuffle_hidden(state: EightHalfState, viewer: int | None, rng: random.Random
                     ) -> EightHalfState:
    """A copy with every card `viewer` may not see swapped around: the other hands beyond their
    known cards, every bank and every blind card (blind cards are hidden from their owner too,
    and so is the viewer's own bank)."""
    t = state.clone()
    n = t.num_players
    pool: list[str] = []
    hidden_counts = [0] * n
    for q in range(n):
        if q != viewer:
            for i in range(len(FACES)):
                extra = t.hand[q][i] - t.known[q][i]
                pool += [FACES[i]] * extra
                t.hand[q][i] -= extra
                hidden_counts[q] += extra
        pool += t.bank[q]
        pool += [c for c in t.blind[q] if c is not None]
    rng.shuffle(pool)
    for q in range(n):
        for _ in range(hidden_counts[q]):
            t.hand[q][INDEX[pool.pop()]] += 1
        t.bank[q] = [pool.pop() for _ in t.bank[q]]
        t.blind[q] = [pool.pop() if c is not None else None for c in t.blind[q]]
    assert not pool
    return t
