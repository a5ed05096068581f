"""8½: the pure legality of plays on the pile (no state, no events).

The pile is described by three facts:
- `value2`: its value in half units (7½ = 15); an empty pile, like a pile on a 0, has value 0
  and takes any card.
- `le5`: the "≤ 5" restriction of a 5 is in force (E8H-F1; only ever with value 5, kept by
  Ghosts, E8H-G1).
- `catchable`: the previous player left a half value and is wanted (E8H-W1); only the current
  player (the next one) may catch them.

Card indices are those of `cards.FACES` (0..9 numbers, 10 = ½, 11 = Ghost).

Single cards (E8H-B1, G1, H1, Z1, F1, N1, E1):
- Ghost: always; the value and every restriction stay.
- ½: not on 8 or 8½; adds ½ (on x½ it makes x+1); lifts "≤ 5" (5 -> 5½).
- 0: only on a whole number; the value becomes 0 (anything may follow).
- a number n: under "≤ 5" any n ≤ 5 (the 5 rule replaces "≥ the value"); otherwise n ≥ the
  value. On 8½ that leaves only 9, on 9 only 9, above 9 nothing (E8H-E1, E8H-N1).
- 8 + ½ together (one or more 8s and one ½): wherever an 8 may be played, and on 8½; the value
  becomes 8½ (E8H-E1).
A catch (E8H-W1) is a play of exactly the next whole number (x+1 on x½, never above 9) by the
player after the wanted one; with the option `half_catches`, a ½ on x½ also catches.
Several cards of one face may be played together; the value does not add up (E8H-B1).
"""

from __future__ import annotations

from typing import Final

from cardtable.games.eight_half.cards import FACES, GHOST, HALF, INDEX, G, H

EIGHT = 8
NINE = 9
EIGHT_HALF2: Final = 17   # 8½ in half units
NINE2: Final = 18         # 9 in half units

PLAY: Final = "play"
CATCH: Final = "catch"
COMBO_FACES: Final = ("8", HALF)


def is_half(value2: int) -> bool:
    return value2 % 2 == 1


def single_ok(i: int, value2: int, le5: bool) -> bool:
    """May one card of face index `i` be played (as a normal play) on this pile?"""
    if i == G:
        return True  # E8H-G1
    if i == H:
        return value2 != 16 and value2 != EIGHT_HALF2  # E8H-H1
    if i == 0:
        return value2 % 2 == 0  # E8H-Z1 (8½ is a half value, so excluded too)
    if le5:
        return i <= 5  # E8H-F1
    return 2 * i >= value2  # E8H-B1, E8H-N1, E8H-E1 (only 9 reaches above 8½)


def combo_ok(value2: int, le5: bool) -> bool:
    """May 8 + ½ be played together (E8H-E1)?"""
    if value2 == EIGHT_HALF2:
        return True
    return not le5 and value2 <= 16


def after(i: int, value2: int, le5: bool) -> tuple[int, bool]:
    """The pile (value2, le5) after a normal play of face index `i` (any number of copies)."""
    if i == G:
        return value2, le5
    if i == H:
        return value2 + 1, False
    return 2 * i, i == 5


def wanted_after(value2: int) -> bool:
    """Does the player who leaves this value become wanted (catchable)? (E8H-W1)"""
    return value2 % 2 == 1 and value2 < NINE2


def catch_index(value2: int, catchable: bool) -> int | None:
    """The face index (a whole number) that catches on this pile, if any (E8H-W1)."""
    if not catchable or value2 % 2 == 0 or value2 >= NINE2:
        return None
    return (value2 + 1) // 2


def half_catch_ok(value2: int, catchable: bool) -> bool:
    """Option `half_catches`: may a ½ catch here? (½ is never allowed on 8½.)"""
    return catchable and value2 % 2 == 1 and value2 < EIGHT_HALF2


def hand_plays(counts: list[int], value2: int, le5: bool, catchable: bool,
               half_catches: bool = False) -> list[tuple[str, tuple[str, ...]]]:
    """Every legal play from a hand of face counts, as (kind, faces), in a fixed order:
    normal plays by face and number of copies, then the 8 + ½ combos, then the catches."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for i, k in enumerate(counts):
        if k and single_ok(i, value2, le5):
            face = FACES[i]
            for m in range(1, k + 1):
                out.append((PLAY, (face,) * m))
    if counts[EIGHT] and counts[H] and combo_ok(value2, le5):
        for m in range(1, counts[EIGHT] + 1):
            out.append((PLAY, ("8",) * m + (HALF,)))
    c = catch_index(value2, catchable)
    if c is not None and counts[c]:
        for m in range(1, counts[c] + 1):
            out.append((CATCH, (FACES[c],) * m))
    if half_catches and counts[H] and half_catch_ok(value2, catchable):
        for m in range(1, counts[H] + 1):
            out.append((CATCH, (HALF,) * m))
    return out


def table_plays(faces: list[str], value2: int, le5: bool, catchable: bool,
                half_catches: bool = False) -> list[tuple[str, str]]:
    """Legal plays of one table (open) card, as (kind, face), for the distinct faces given."""
    distinct = sorted(set(faces), key=INDEX.__getitem__)
    out: list[tuple[str, str]] = []
    for face in distinct:
        if single_ok(INDEX[face], value2, le5):
            out.append((PLAY, face))
    c = catch_index(value2, catchable)
    for face in distinct:
        i = INDEX[face]
        if i == c or (half_catches and i == H and half_catch_ok(value2, catchable)):
            out.append((CATCH, face))
    return out


def blind_outcome(face: str, value2: int, le5: bool, catchable: bool,
                  half_catches: bool = False) -> str:
    """What a revealed blind card does (E8H-T1): "catch" when it is exactly the catching card
    (the catch is taken for the player), "play" when legal, otherwise "illegal"."""
    i = INDEX[face]
    if i == catch_index(value2, catchable):
        return CATCH
    if half_catches and i == H and half_catch_ok(value2, catchable):
        return CATCH
    return PLAY if single_ok(i, value2, le5) else "illegal"


__all__ = ["CATCH", "COMBO_FACES", "EIGHT_HALF2", "GHOST", "NINE2", "PLAY", "after",
           "blind_outcome", "catch_index", "combo_ok", "half_catch_ok", "hand_plays", "is_half",
           "single_ok", "table_plays", "wanted_after"]
