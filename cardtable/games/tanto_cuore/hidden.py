"""What a Tanto Cuore seat may not see, dealt again (the rules contract's no-leak check,
`GameRegistration.hidden`): a view must not change when it is."""

from __future__ import annotations

import random

from cardtable.games.tanto_cuore.rules import TCState


def reshuffle_hidden(state: TCState, viewer: int | None, rng: random.Random) -> TCState:
    """A copy with everything `viewer` may not see shuffled: every deck (the viewer's own too),
    the other players' hands mixed with their decks, and the face-down private maid pile. A
    card someone is known to look at stays put (the top of the deck Eliza decides on, the card
    Eugenie saw)."""
    s = state.clone()
    pend = s.pending or {}
    for q in range(s.num_players):
        keep_top = pend.get("kind") == "eliza_decide" and pend.get("target") == q
        top = s.deck[q].pop() if keep_top and s.deck[q] else None
        if q == viewer:
            rng.shuffle(s.deck[q])
        else:
            fixed = []
            if pend.get("kind") == "eugenie_swap" and pend.get("target") == q:
                fixed = [pend["seen"]]
                s.hand[q].remove(pend["seen"])
            pool = s.deck[q] + s.hand[q]
            rng.shuffle(pool)
            k = len(s.hand[q])
            s.hand[q] = pool[:k] + fixed
            s.deck[q] = pool[k:]
        if top is not None:
            s.deck[q].append(top)
    rng.shuffle(s.priv_pile)
    return s
