"""Wizard (神機妙算): the deck (WIZ-P1) and the pure card arithmetic of a trick.

Card faces are short stable ids: a suit letter and a number for the 52 number cards ("r1".."r13",
"b1".., "g1".., "y1".. for red, blue, green, yellow; 1 lowest, 13 highest), "Z" for a Wizard and
"N" for a Jester. The four Wizards are interchangeable faces, as are the four Jesters, so a hand
may hold several "Z". `BACK` ("?") stands for a card the viewer may not see (forehead variant).

Everything here is a pure function of faces; rules.py holds the game flow.
"""

from __future__ import annotations

from typing import Final

SUITS: Final[tuple[str, ...]] = ("r", "b", "g", "y")
RANKS: Final[tuple[int, ...]] = tuple(range(1, 14))
WIZARD: Final[str] = "Z"
JESTER: Final[str] = "N"
BACK: Final[str] = "?"

# WIZ-P1: every count lives here: 13 numbers in each of 4 suits, 4 Wizards, 4 Jesters.
COPIES: Final[dict[str, int]] = {
    **{f"{s}{n}": 1 for s in SUITS for n in RANKS},
    WIZARD: 4,
    JESTER: 4,
}
DECK_SIZE: Final[int] = sum(COPIES.values())  # 60

# Single-colour variant (WIZ-V1): each player's own deck is one suit + 1 Wizard + 1 Jester.
SINGLE_COLOUR_COPIES: Final[dict[str, int]] = {WIZARD: 1, JESTER: 1}
SINGLE_COLOUR_ROUNDS: Final[int] = 12
SINGLE_COLOUR_FIRST_DEAL: Final[int] = 4

# Canonical order of faces (legal actions and views list cards in this order):
# suits in SUITS order, numbers ascending, then Wizards, then Jesters.
ORDER: Final[dict[str, int]] = {face: i for i, face in enumerate(COPIES)}
ORDER_BACK: Final[dict[str, int]] = {**ORDER, BACK: len(ORDER)}
# number of each face: Jester 0, 1..13, Wizard 14 (lookups for speed in search)
RANK: Final[dict[str, int]] = {face: (14 if face == "Z" else 0 if face == "N" else int(face[1:]))
                               for face in COPIES}


FULL_DECK: Final[tuple[str, ...]] = tuple(face for face, k in COPIES.items() for _ in range(k))


def full_deck() -> list[str]:
    """The 60-card deck in canonical order (a fresh list)."""
    return list(FULL_DECK)


def single_colour_deck(suit: str) -> list[str]:
    """A player's own 15-card deck in the single-colour variant."""
    return [f"{suit}{n}" for n in RANKS] + [WIZARD, JESTER]


def suit_of(face: str) -> str | None:
    """The suit letter of a number card; None for a Wizard or a Jester."""
    return None if face in (WIZARD, JESTER) else face[0]


def rank_of(face: str) -> int:
    """The number of a number card; a Jester counts 0 and a Wizard 14 (for sorting only)."""
    return RANK[face]


def sort_faces(faces: list[str] | tuple[str, ...]) -> list[str]:
    return sorted(faces, key=ORDER_BACK.__getitem__)


def distinct(faces: list[str] | tuple[str, ...]) -> list[str]:
    return sorted(set(faces), key=ORDER_BACK.__getitem__)


def led_suit(trick_cards: list[str] | tuple[str, ...]) -> str | None:
    """WIZ-F1: the suit others must follow, or None when everyone is free.

    The first card that is not a Jester decides: a number card sets its suit, a Wizard frees
    everyone. A trick of Jesters only (or an empty trick) sets nothing yet.
    """
    for face in trick_cards:
        if face == JESTER:
            continue
        if face == WIZARD:
            return None
        return face[0]
    return None


def playable(hand: list[str] | tuple[str, ...], trick_cards: list[str] | tuple[str, ...]
             ) -> list[str]:
    """WIZ-F1: the distinct faces of `hand` that may be played to the trick, canonical order."""
    return playable_for(hand, led_suit(trick_cards))


def playable_for(hand: list[str] | tuple[str, ...], suit: str | None) -> list[str]:
    """WIZ-F1: the distinct faces of `hand` that may be played when `suit` was led (None: any).

    Holding the led suit, a player plays that suit, a Wizard or a Jester; otherwise anything.
    """
    if suit is not None:
        # a suit letter is never the first letter of "Z", "N" or BACK, so this is the suit only
        follow = [f for f in hand if f[0] == suit]
        if follow:
            follow.sort(key=ORDER.__getitem__)  # number cards are single copies: no repeats
            if WIZARD in hand:
                follow.append(WIZARD)
            if JESTER in hand:
                follow.append(JESTER)
            return follow
    return sorted(set(hand), key=ORDER_BACK.__getitem__)


def trick_winner(trick_cards: list[str] | tuple[str, ...], trump: str | None,
                 single_colour: bool = False) -> int:
    """WIZ-W1: index (in play order) of the card that wins the trick.

    Standard game: the first Wizard; else the highest trump; else the highest card of the led
    suit; a trick of Jesters only goes to the first Jester.
    Single colour (WIZ-V1): the first Wizard; else the highest number, ties to the earlier card;
    Jesters count as nothing (a trick of Jesters only goes to the first Jester).
    """
    for i, face in enumerate(trick_cards):
        if face == WIZARD:
            return i
    if single_colour:
        best, best_rank = 0, -1
        for i, face in enumerate(trick_cards):
            r = rank_of(face)
            if r > best_rank:
                best, best_rank = i, r
        return best
    suit = led_suit(trick_cards)
    if suit is None:  # Jesters only
        return 0
    best, best_key = 0, (-1, -1)
    for i, face in enumerate(trick_cards):
        if face == JESTER:
            continue
        s = face[0]
        if s == trump:
            key = (2, rank_of(face))
        elif s == suit:
            key = (1, rank_of(face))
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    return best


def round_score(bid: int, tricks: int) -> int:
    """WIZ-X1: exact bid 20 + 10 per trick; otherwise -10 per trick off."""
    if bid == tricks:
        return 20 + 10 * tricks
    return -10 * abs(tricks - bid)


def num_rounds(num_players: int, single_colour: bool = False) -> int:
    """WIZ-R1: 60 / players rounds (12 in the single-colour variant)."""
    return SINGLE_COLOUR_ROUNDS if single_colour else DECK_SIZE // num_players


def cards_in_round(round_no: int, single_colour: bool = False) -> int:
    """WIZ-R1: cards dealt to each player in round `round_no` (1-based)."""
    return round_no + SINGLE_COLOUR_FIRST_DEAL - 1 if single_colour else round_no


def quick_estimate(hand: list[str] | tuple[str, ...], trump: str | None, num_players: int,
                   single_colour: bool = False) -> float:
    """A rough expected number of tricks for a hand (used to guess unseen bids and by the AI).

    Wizards are near-sure winners, high trumps likely ones, high plain cards sometimes; the
    weights shrink as more players contest each trick.
    """
    crowd = {3: 1.0, 4: 0.9, 5: 0.8, 6: 0.72}.get(num_players, 0.8)
    est = 0.0
    for face in hand:
        if face == WIZARD:
            est += 0.95
            continue
        if face == JESTER or face == BACK:
            continue
        r = rank_of(face)
        if single_colour:
            est += crowd * (0.85 if r >= 13 else 0.6 if r >= 12 else 0.35 if r >= 11
                            else 0.12 if r >= 9 else 0.0)
            continue
        if face[0] == trump:
            est += crowd * (0.9 if r >= 11 else 0.65 if r >= 8 else 0.4 if r >= 5 else 0.25)
        elif trump is None:
            est += crowd * (0.75 if r >= 13 else 0.5 if r >= 12 else 0.25 if r >= 11
                            else 0.08 if r >= 9 else 0.0)
        else:
            est += crowd * (0.6 if r >= 13 else 0.35 if r >= 12 else 0.15 if r >= 11
                            else 0.0)
    return est
