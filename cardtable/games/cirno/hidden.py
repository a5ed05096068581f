"""What a Cirno seat may not see, dealt again (the rules contract's no-leak check,
`GameRegistration.hidden`): a view must not change when it is."""

from __future__ import annotations

import random

from cardtable.games.cirno.rules import SCOOP_GIVE, SCOOP_TAKE, CirnoState


def reshuffle_hidden(state: CirnoState, viewer: int | None, rng: random.Random) -> CirnoState:
    """A copy with everything `viewer` cannot see dealt again at random (sizes kept): the
    other hands (but the one a Scoop's user is looking at), the deck, another player's Pick Out
    cards and passing cards; the other players' companion cards and the companion deck."""
    s = state.clone()
    n = s.num_players
    pend = s.pending
    user = pend.get("user")
    sees_target = s.phase in (SCOOP_TAKE, SCOOP_GIVE) and viewer is not None and viewer == user
    hidden_hands = [q for q in range(n) if q != viewer
                    and not (sees_target and q == pend.get("target"))]
    pool = list(s.deck)
    for q in hidden_hands:
        pool += s.hands[q]
    drawn_hidden = "drawn" in pend and viewer != user
    if drawn_hidden:
        pool += pend["drawn"]
    out: dict[int, str] = pend.get("out", {})
    passing_hidden = [q for q in out if q != viewer]
    pool += [out[q] for q in passing_hidden]
    rng.shuffle(pool)
    for q in hidden_hands:
        k = len(s.hands[q])
        s.hands[q], pool = pool[:k], pool[k:]
    if drawn_hidden:
        k = len(pend["drawn"])
        pend["drawn"], pool = pool[:k], pool[k:]
    for q in passing_hidden:
        out[q], pool = pool[0], pool[1:]
    s.deck = pool
    cpool = list(s.comp_deck)
    others = [q for q in range(n) if q != viewer]
    for q in others:
        cpool += s.comp_held[q]
    rng.shuffle(cpool)
    for q in others:
        k = len(s.comp_held[q])
        s.comp_held[q], cpool = cpool[:k], cpool[k:]
    s.comp_deck = cpool
    return s
