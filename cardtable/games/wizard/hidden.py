"""What a Wizard seat may not see, dealt again (the rules contract's no-leak check,
`GameRegistration.hidden`): a view must not change when it is."""

from __future__ import annotations

import random

from cardtable.games.wizard.rules import WizardState


def reshuffle_hidden(state: WizardState, viewer: int | None, rng: random.Random) -> WizardState:
    """A copy with every card `viewer` cannot see dealt again at random (in a forehead round the
    viewer's own card and not the others'; in single colour each player's own deck with their
    hand), and every bid value the viewer cannot see changed."""
    t = state.clone()
    n = t.num_players
    forehead = t.forehead_round
    if t.options.single_colour:
        for q in range(n):
            if q == viewer:
                continue
            pool = t.hands[q] + t.decks[q]
            rng.shuffle(pool)
            k = len(t.hands[q])
            t.hands[q], t.decks[q] = pool[:k], pool[k:]
    else:
        hidden = [q for q in range(n) if (q == viewer) == forehead or viewer is None]
        pool = list(t.deck)
        for q in hidden:
            pool += t.hands[q]
        rng.shuffle(pool)
        for q in hidden:
            k = len(t.hands[q])
            t.hands[q], pool = pool[:k], pool[k:]
        t.deck = pool
    if not t.bids_public:
        t.bids = [b if (q == viewer or b is None) else rng.randrange(t.cards + 1)
                  for q, b in enumerate(t.bids)]
    return t
