"""Scenario builders for Cirno's arithmetic game: exact mid-game states for rule tests.

`build(...)` starts from a real `SPEC.new_game` (so the state owns a proper seeded RNG) and then
sets every zone and counter by hand. The arithmetic cards not placed anywhere go to the *bottom*
of the deck (`rest_to="deck"`, default) or under the discard pile (`rest_to="discard"`, for an
empty-deck scenario); the companion cards not placed anywhere form the companion deck (unless
`comp_deck` is given: then it is exactly that). So the card-conservation invariant
(`arithmetic_zones`, `companion_zones`) holds in every built state unless `rest_to="nowhere"`.

Deck lists are given in draw order: `deck=["+1", "+2"]` means "+1" is drawn first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from cardtable.core.actions import Action
from cardtable.core.events import Event
from cardtable.games.cirno.cards import ARITHMETIC, COMPANIONS
from cardtable.games.cirno.rules import PLAY, SPEC, CirnoOptions, CirnoState


def build(
    num_players: int = 2,
    *,
    hands: Sequence[Iterable[str]] | None = None,
    deck: Iterable[str] = (),
    pile: Iterable[str] = (),
    discard: Iterable[str] = (),
    total: int = 0,
    current: int = 0,
    direction: int = 1,
    duty: int = 1,
    played_in_turn: int = 0,
    first_total: int | None = None,
    options: dict[str, Any] | None = None,
    limit: int | None = None,
    comp_held: Sequence[Iterable[str]] | None = None,
    comp_used: Sequence[Iterable[str]] | None = None,
    comp_deck: Iterable[str] | None = None,
    taken: Sequence[int] | None = None,
    round_no: int = 1,
    used_this_round: Sequence[bool] | None = None,
    active: Sequence[bool] | None = None,
    sudden_death: bool = False,
    rest_to: str = "deck",
    seed: int = 0,
) -> CirnoState:
    """A Cirno state in the play phase with exactly the given zones and counters."""
    state, _ = SPEC.new_game(seed, num_players, options)
    n = num_players
    state.hands = [list(h) for h in hands] if hands is not None else [[] for _ in range(n)]
    assert len(state.hands) == n
    state.pile = list(pile)
    state.discard = list(discard)
    top = list(deck)
    placed = Counter(top) + Counter(state.pile) + Counter(state.discard)
    for h in state.hands:
        placed.update(h)
    rest = _remaining(ARITHMETIC, placed)
    # the deck is a stack: the last element is drawn first
    if rest_to == "deck":
        state.deck = rest + top[::-1]
    elif rest_to == "discard":
        state.deck = top[::-1]
        state.discard = rest + state.discard
    else:
        assert rest_to == "nowhere", rest_to
        state.deck = top[::-1]

    state.comp_held = [list(h) for h in comp_held] if comp_held is not None else [
        [] for _ in range(n)]
    state.comp_used = [list(u) for u in comp_used] if comp_used is not None else [
        [] for _ in range(n)]
    ctop = list(comp_deck) if comp_deck is not None else []
    cplaced = Counter(ctop)
    for h in (*state.comp_held, *state.comp_used):
        cplaced.update(h)
    cbottom = _remaining(COMPANIONS, cplaced)
    state.comp_deck = (cbottom if comp_deck is None else []) + ctop[::-1]
    state.taken = list(taken) if taken is not None else [
        len(h) + len(u) for h, u in zip(state.comp_held, state.comp_used, strict=True)]
    state.comp_deck_at_round_start = len(state.comp_deck)

    state.total = total
    state.limit = limit if limit is not None else state.options.limit
    state.direction = direction
    state.current = current
    state.duty = duty
    state.played_in_turn = played_in_turn
    state.first_total = first_total
    state._phase = PLAY
    state.round_no = round_no
    state.used_this_round = list(used_this_round) if used_this_round is not None else [False] * n
    state.active = list(active) if active is not None else [True] * n
    state.sudden_death = sudden_death
    state.pending = {}
    state.winners = None
    return state


def _remaining(definition: dict[str, int], placed: Counter[str]) -> list[str]:
    """The cards of a deck definition not in `placed`, in definition order."""
    rest = Counter(definition)
    rest.subtract(placed)
    assert all(k >= 0 for k in rest.values()), f"more cards than the deck has: {-rest}"
    return [face for face in definition for _ in range(rest[face])]


def advanced(**extra: Any) -> dict[str, Any]:
    return {"advanced": True, **extra}


def play(card: str, target: int | None = None) -> Action:
    return Action("play", card, target=target)


def use(card: str, target: int | None = None, value: str | None = None) -> Action:
    return Action("companion", card, target=target, value=value)


def run(state: CirnoState, *actions: Action) -> list[Event]:
    """Apply actions through the normal, checked API; return all their events."""
    out: list[Event] = []
    for a in actions:
        out.extend(state.apply(a))
    return out


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def arithmetic_zones(state: CirnoState) -> Counter[str]:
    """Every arithmetic card wherever it is, pending Pick Out / L or R cards included."""
    c: Counter[str] = Counter(state.deck)
    c.update(state.pile)
    c.update(state.discard)
    for h in state.hands:
        c.update(h)
    c.update(state.pending.get("drawn", ()))
    c.update(state.pending.get("out", {}).values())
    return c


def companion_zones(state: CirnoState) -> Counter[str]:
    c: Counter[str] = Counter(state.comp_deck)
    for h in (*state.comp_held, *state.comp_used):
        c.update(h)
    return c


def options(**kw: Any) -> CirnoOptions:
    return CirnoOptions(**kw)
