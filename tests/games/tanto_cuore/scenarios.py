"""Scenario builders for exact mid-game Tanto Cuore states.

`build(...)` starts a real game (so every one of the 280 cards exists), empties every player's
zones back into the town, then deals exactly the requested cards out of the town / private-maid
pile, so card conservation still holds in every scenario.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardtable.core.actions import Action
from cardtable.core.events import Event
from cardtable.games.tanto_cuore.cards import CARDS, GENERAL_KINDS, TOTAL_CARDS
from cardtable.games.tanto_cuore.rules import SPEC, TCState

# every general kind but Ophelia/Anise/Esquine/Moine/Genevieve/Kagari are special; this town
# holds all the special ones
SPECIAL_TOWN = ("sainsbury", "tenalys", "natsumi", "nena", "esquine", "eliza", "claire",
                "safran", "azure", "viola")
ALL_KINDS = GENERAL_KINDS


def _take(state: TCState, face: str) -> None:
    card = CARDS[face]
    if card.kind == "private":
        if face in state.priv_pile:
            state.priv_pile.remove(face)
        elif face in state.priv_up:
            state.priv_up.remove(face)
        else:
            raise AssertionError(f"{face} is not available")
        return
    if state.town.get(face, 0) > 0:
        state.town[face] -= 1
    elif state.box.get(face, 0) > 0:
        state.box[face] -= 1
    else:
        raise AssertionError(f"no {face} left to deal")


def build(n: int = 2, kinds: Iterable[str] = SPECIAL_TOWN, *, seed: int = 7,
          hands: Mapping[int, list[str]] | None = None,
          decks: Mapping[int, list[str]] | None = None,
          discards: Mapping[int, list[str]] | None = None,
          chambers: Mapping[int, list[Any]] | None = None,
          privates: Mapping[int, list[Any]] | None = None,
          habits: Mapping[int, int] | None = None,
          phase: str = "serve", player: int = 0, love: int = 0, serving: int = 1,
          employ: int = 1, **options: Any) -> TCState:
    """A state in `phase` for `player`. Decks list the top card LAST. Chambermaids and private
    maids are faces or (face, illnesses) pairs (illness cards are taken from the town)."""
    state, _ = SPEC.new_game(seed, n, {"kinds": tuple(kinds), **options})
    for p in range(n):
        for zone in (state.deck[p], state.hand[p], state.discard[p], state.play[p]):
            for c in zone:
                state.town[c] += 1
            zone.clear()
    state.pending = None
    state.tasks = []
    for p, cards in (hands or {}).items():
        for c in cards:
            _take(state, c)
            state.hand[p].append(c)
    for p, cards in (decks or {}).items():
        for c in cards:
            _take(state, c)
            state.deck[p].append(c)
    for p, cards in (discards or {}).items():
        for c in cards:
            _take(state, c)
            state.discard[p].append(c)
    for src, dst in ((chambers or {}, state.chambers), (privates or {}, state.privates)):
        for p, maids in src.items():
            for m in maids:
                face, ill = (m, 0) if isinstance(m, str) else m
                _take(state, face)
                for _ in range(ill):
                    _take(state, "illness")
                dst[p].append([face, ill])
    for p, k in (habits or {}).items():
        for _ in range(k):
            _take(state, "bad_habit")
        state.habits[p] = k
    state.turn_player = player
    state._phase = phase
    state.love, state.serving, state.employ = love, serving, employ
    state.start_used = state.trigger_used = False
    assert state.card_total() == TOTAL_CARDS
    return state


def act(state: TCState, kind: str, card: str | None = None, target: int | None = None,
        value: Any = None) -> list[Event]:
    """Apply an action after checking it is legal (apply() checks again)."""
    a = Action(kind, card, target=target, value=value)
    legal = state.legal_actions()
    assert a in legal, f"{a} not legal in {state.phase}: {legal}"
    events = state.apply(a)
    assert state.card_total() == TOTAL_CARDS
    return events


def kinds_of(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def let_event_in(state: TCState) -> None:
    """Answer the Claire question an arriving event asks its target, who holds no Claire
    (with Claire in the town every target is asked, so that being asked gives nothing away)."""
    assert state.phase == "claire_reaction", state.phase
    assert state.legal_actions() == [Action("decline")]
    act(state, "decline")
