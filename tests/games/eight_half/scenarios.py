"""Scenario builders for 8½: exact mid-deal states for rule tests.

`build(...)` starts from a real `SPEC.new_game` (so the state owns a proper seeded RNG) and then
sets every zone by hand. Cards not placed anywhere go to the set-aside pile of seat `rest_seat`
(default: the last seat), so the 72-card conservation invariant holds in every built state
unless `rest_seat=None`.

Banks are given in draw order: `banks=[["1", "2"]]` means "1" is drawn first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from cardtable.games.eight_half.cards import DECK, FACES, INDEX, counts_of
from cardtable.games.eight_half.rules import PLAY, SPEC, EightHalfState


def build(
    num_players: int = 2,
    *,
    hands: Sequence[Iterable[str]] | None = None,
    banks: Sequence[Iterable[str]] | None = None,
    open_cards: Sequence[Sequence[str | None]] | None = None,
    blind: Sequence[Sequence[str | None]] | None = None,
    set_aside: Sequence[Iterable[str]] | None = None,
    pile: Iterable[str] = (),
    value2: int | None = None,
    le5: bool = False,
    wanted: int | None = None,
    current: int = 0,
    reached: Sequence[bool] | None = None,
    known: Sequence[Iterable[str]] | None = None,
    options: dict[str, Any] | None = None,
    points: Sequence[int] | None = None,
    deal_no: int = 1,
    dealer: int | None = None,
    rest_seat: int | None = -1,
    seed: int = 0,
) -> EightHalfState:
    """An 8½ state in the play phase with exactly the given zones. Without `open_cards`, every
    seat's 3 open cards are filled from the cards not placed (the most plentiful faces)."""
    state, _ = SPEC.new_game(seed, num_players, options)
    n = num_players
    empty3: list[str | None] = [None, None, None]
    state.hand = [counts_of(list(h)) for h in hands] if hands else [[0] * 12 for _ in range(n)]
    state.bank = [list(reversed(list(b))) for b in banks] if banks else [[] for _ in range(n)]
    state.open = [list(o) for o in open_cards] if open_cards else [empty3.copy() for _ in range(n)]
    fill_open = open_cards is None
    state.blind = [list(b) for b in blind] if blind else [empty3.copy() for _ in range(n)]
    state.set_aside = ([counts_of(list(s)) for s in set_aside] if set_aside
                       else [[0] * 12 for _ in range(n)])
    state.known = [counts_of(list(k)) for k in known] if known else [[0] * 12 for _ in range(n)]
    state.pile = list(pile)
    state.value2 = value2 if value2 is not None else _pile_value(state.pile)
    state.le5 = le5
    state.wanted = wanted
    state.current = current
    state.reached = list(reached) if reached else [False] * n
    state.opening = None
    state._phase = PLAY
    state.swap_targets = []
    state.turns = 0
    state.deal_no = deal_no
    if dealer is not None:
        state.dealer = dealer
    if points is not None:
        state.points = list(points)
    for zone_list in (state.hand, state.set_aside, state.known, state.bank, state.open,
                      state.blind):
        assert len(zone_list) == n
    rest = Counter(DECK)
    rest.subtract(placed(state))
    assert all(k >= 0 for k in rest.values()), f"more cards placed than exist: {rest}"
    if fill_open:
        # open cards not given: they do not matter to the test, take the most plentiful faces
        for q in range(n):
            for s in range(3):
                face = max(FACES, key=lambda f: (rest[f], -INDEX[f]))
                state.open[q][s] = face
                rest[face] -= 1
    if rest_seat is not None:
        seat = rest_seat % n
        for face, k in rest.items():
            state.set_aside[seat][INDEX[face]] += k
    return state


def _pile_value(pile: list[str]) -> int:
    return 2 * int(pile[-1]) if pile and pile[-1].isdigit() else 0


def placed(state: EightHalfState) -> Counter[str]:
    """Every card in some zone of the state."""
    c: Counter[str] = Counter(state.pile)
    for q in range(state.num_players):
        c.update(state.bank[q])
        c.update(x for x in state.blind[q] if x is not None)
        c.update(x for x in state.open[q] if x is not None)
        for i, k in enumerate(state.hand[q]):
            c[FACES[i]] += k
        for i, k in enumerate(state.set_aside[q]):
            c[FACES[i]] += k
    return c


def hand_of(state: EightHalfState, p: int) -> list[str]:
    return [FACES[i] for i, k in enumerate(state.hand[p]) for _ in range(k)]


def aside_of(state: EightHalfState, p: int) -> list[str]:
    return [FACES[i] for i, k in enumerate(state.set_aside[p]) for _ in range(k)]
