"""Cirno's arithmetic game: the two decks (CIRNO-K1), as one data structure.

Card faces are short stable ids. Number cards: "+1".."+8" (blue), "-1".."-3" (green), "x2" and
"/2" (red), "9" (the Cirno card). Function cards: "PASS", "TURN", "SHOT", "DOUBLE".
Companion cards: "melting", "scoop", "pick_out", "draw", "change", "l_or_r", "all_draw", "twenty".
"""

from __future__ import annotations

from typing import Final

# CIRNO-K1: every card count lives here and only here.
DECKS: Final[dict[str, dict[str, int]]] = {
    "arithmetic": {
        "+1": 3, "+2": 3, "+3": 3, "+4": 3, "+5": 3, "+6": 3, "+7": 3, "+8": 3,
        "-1": 2, "-2": 2, "-3": 2,
        "x2": 2, "/2": 2,
        "9": 2,
        "PASS": 3, "TURN": 3, "SHOT": 2, "DOUBLE": 2,
    },
    "companion": {
        "melting": 3, "scoop": 1, "pick_out": 1, "draw": 1,
        "change": 1, "l_or_r": 1, "all_draw": 1, "twenty": 1,
    },
}

ARITHMETIC: Final[dict[str, int]] = DECKS["arithmetic"]
COMPANIONS: Final[dict[str, int]] = DECKS["companion"]

FUNCTION_CARDS: Final[frozenset[str]] = frozenset({"PASS", "TURN", "SHOT", "DOUBLE"})
NUMBER_CARDS: Final[frozenset[str]] = frozenset(ARITHMETIC) - FUNCTION_CARDS

# Canonical order of faces (legal actions and views list cards in this order).
ORDER: Final[dict[str, int]] = {face: i for i, face in enumerate([*ARITHMETIC, *COMPANIONS])}


def colour(face: str) -> str:
    """The card's colour category: blue (+n), green (-n), red (x2, /2), cirno (9), function,
    or companion."""
    if face in COMPANIONS:
        return "companion"
    if face in FUNCTION_CARDS:
        return "function"
    if face == "9":
        return "cirno"
    if face[0] == "+":
        return "blue"
    if face[0] == "-":
        return "green"
    return "red"


# "+n"/"-n" number cards -> n
_ADDED: Final[dict[str, int]] = {face: int(face) for face in ARITHMETIC if face[0] in "+-"}


def apply_number(face: str, total: int) -> int:
    """CIRNO-N1: the total after a number card. Never below 0; /2 rounds down."""
    added = _ADDED.get(face)
    if added is not None:
        total += added
        return total if total > 0 else 0
    if face == "9":
        return 9
    if face == "x2":
        return total * 2
    if face == "/2":
        return total // 2
    raise ValueError(f"not a number card: {face!r}")


# each deck in its unshuffled order, built once (a new game copies it)
_FULL: Final[dict[str, tuple[str, ...]]] = {
    kind: tuple(face for face, n in counts.items() for _ in range(n))
    for kind, counts in DECKS.items()}


def full_deck(kind: str) -> list[str]:
    return list(_FULL[kind])


def sort_faces(faces: list[str]) -> list[str]:
    return sorted(faces, key=ORDER.__getitem__)
