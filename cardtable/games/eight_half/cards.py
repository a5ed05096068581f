"""8½: the 72-card deck (E8H-K1) as data, and the card faces.

Card faces are short stable ids: "0".."9" for the number cards, "h" for ½ and "g" for the Ghost.
Inside the engine a face is also known by its index in `FACES` (0..9 are the numbers themselves,
10 is ½, 11 is the Ghost), so a hand is a list of 12 counts.

Pile values are kept in half units (an int): 7½ is 15, 9 is 18. `format_value` turns one back
into "7½" for logs and tests.
"""

from __future__ import annotations

from typing import Final

HALF: Final = "h"
GHOST: Final = "g"

# E8H-K1: every card count lives here and only here.
DECK: Final[dict[str, int]] = {
    "0": 6, "1": 4, "2": 4, "3": 6, "4": 6, "5": 6, "6": 6, "7": 6, "8": 6, "9": 6,
    HALF: 8, GHOST: 8,
}

FACES: Final[tuple[str, ...]] = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", HALF, GHOST)
INDEX: Final[dict[str, int]] = {face: i for i, face in enumerate(FACES)}
H: Final = INDEX[HALF]   # 10
G: Final = INDEX[GHOST]  # 11
NUM_FACES: Final = len(FACES)

# E8H-K1 / E8H-S2: the yellow (plain) cards are 1-4 and 6-8.
YELLOW: Final[tuple[str, ...]] = ("1", "2", "3", "4", "6", "7", "8")
YELLOW_INDICES: Final[tuple[int, ...]] = tuple(INDEX[f] for f in YELLOW)

# The cards with a rule of their own besides "play a card >= the value".
SPECIAL: Final[frozenset[str]] = frozenset({"0", "5", "9", HALF, GHOST})

DECK_SIZE: Final = sum(DECK.values())
assert DECK_SIZE == 72


def full_deck() -> list[str]:
    return [face for face, n in DECK.items() for _ in range(n)]


def sort_faces(faces: list[str] | tuple[str, ...]) -> list[str]:
    return sorted(faces, key=INDEX.__getitem__)


def counts_of(faces: list[str] | tuple[str, ...]) -> list[int]:
    out = [0] * NUM_FACES
    for f in faces:
        out[INDEX[f]] += 1
    return out


def faces_of(counts: list[int]) -> list[str]:
    return [FACES[i] for i, k in enumerate(counts) for _ in range(k)]


def format_value(value2: int) -> str:
    """A pile value in half units as text: 15 -> "7½", 18 -> "9"."""
    whole, half = divmod(value2, 2)
    return f"{whole}½" if half else str(whole)
