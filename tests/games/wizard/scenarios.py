"""Scenario builders: exact Wizard states for clause tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core.rng import GameRng
from cardtable.games.wizard.cards import COPIES, SUITS, single_colour_deck
from cardtable.games.wizard.rules import (
    BID_PHASE,
    PLAY_PHASE,
    WizardOptions,
    WizardState,
)


def play_state(hands: list[list[str]], trump: str | None = None, leader: int = 0,
               bids: list[int] | None = None, options: dict[str, Any] | None = None,
               round_no: int | None = None) -> WizardState:
    """A state in the play phase of a round with the given hands; `leader` leads the trick.
    The rest of the 60 cards go to the deck (the trump card is not separately placed)."""
    n = len(hands)
    opts = WizardOptions(**(options or {}))
    s = WizardState(n, opts, GameRng(7))
    r = len(hands[0])
    s.round_no = round_no if round_no is not None else r
    s.cards = r
    s.dealer = leader
    s.first_dealer = (leader - s.round_no + 1) % n
    s.bid_start = leader
    s.hands = [list(h) for h in hands]
    if opts.single_colour:
        for q in range(n):
            rest = Counter(single_colour_deck(SUITS[q]))
            rest.subtract(hands[q])
            s.decks[q] = list(rest.elements())
    else:
        rest = Counter(COPIES)
        for h in hands:
            rest.subtract(h)
        s.deck = list(rest.elements())
    s.trump = trump
    s._phase = PLAY_PHASE
    s.bids = list(bids) if bids is not None else [0] * n
    s.bids_public = True
    s.leader = leader
    s.current = leader
    return s


def bid_state(n: int, cards: int, options: dict[str, Any] | None = None, dealer: int = 0,
              seed: int = 3) -> WizardState:
    """A fresh state at round `cards`, bidding phase (hands dealt at random)."""
    opts = WizardOptions(**(options or {}))
    s = WizardState(n, opts, GameRng(seed))
    s.first_dealer = (dealer - cards + 1) % n
    s.round_no = cards - 1
    s._start_round([])
    if s.phase != BID_PHASE:  # a Wizard was turned up: choose red
        s._choose_trump("r", [])
    return s


def play_faces(s: WizardState, *faces: str) -> list[Any]:
    """Play `faces` in turn order from the current player; returns all events."""
    from cardtable.core.actions import Action

    events: list[Any] = []
    for f in faces:
        events.extend(s.apply(Action("play", f)))
    return events


def all_cards(s: WizardState) -> Counter[str]:
    """Every card in every zone of a standard-deck state."""
    c: Counter[str] = Counter(s.deck)
    for h in s.hands:
        c.update(h)
    for t in s.round_tricks:
        c.update(f for _, f in t)
    c.update(f for _, f in s.trick)
    if s.trump_card is not None:
        c[s.trump_card] += 1
    for d in s.decks:
        c.update(d)
    return c
