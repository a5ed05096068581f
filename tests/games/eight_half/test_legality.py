"""8½: the pure legality of plays (legality.py), exhaustively on small hands.

The reference `oracle` below restates the clauses E8H-B1, G1, H1, Z1, F1, N1, E1, W1 directly
with exact fractions, independently of legality.py's half-unit arithmetic, and every hand of up
to 3 cards (and every 4-card hand holding an 8 and a ½) is checked against it on every
reachable pile state, with and without the `half_catches` option.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from cardtable.games.eight_half import legality as lg
from cardtable.games.eight_half.cards import DECK, FACES, counts_of

HALF = Fraction(1, 2)


def pile_states() -> list[tuple[int, bool, bool]]:
    """Every (value2, le5, catchable) the engine can reach: values 0..13 in halves; "≤ 5" only
    on a 5; a wanted player only on a half value below 9."""
    out = []
    for v2 in range(0, 27):
        for le5 in (False, True):
            if le5 and v2 != 10:
                continue
            for catchable in (False, True):
                if catchable and not (v2 % 2 == 1 and v2 < 18):
                    continue
                out.append((v2, le5, catchable))
    return out


def oracle(hand: Counter[str], value: Fraction, le5: bool, catchable: bool,
           half_catches: bool) -> set[tuple[str, tuple[str, ...]]]:
    """The clauses, read literally."""
    whole = value.denominator == 1
    out: set[tuple[str, tuple[str, ...]]] = set()

    def ok(face: str) -> bool:
        if face == "g":                       # E8H-G1: always
            return True
        if face == "h":                       # E8H-H1: not on 8 or 8½
            return value not in (8, 8 + HALF)
        if face == "0":                       # E8H-Z1: only on a whole number
            return whole
        n = int(face)
        if le5:                               # E8H-F1: after a 5, at most 5
            return n <= 5
        return n >= value                     # E8H-B1 (N1 and E1 follow from it)

    for face, k in hand.items():
        if k and ok(face):
            for m in range(1, k + 1):
                out.add(("play", (face,) * m))
    if hand["8"] and hand["h"]:               # E8H-E1: 8 + ½ together
        if value == 8 + HALF or (not le5 and 8 >= value):
            for m in range(1, hand["8"] + 1):
                out.add(("play", ("8",) * m + ("h",)))
    if catchable and not whole and value < 9:  # E8H-W1: exactly the next whole number
        nxt = str(int(value + HALF))
        for m in range(1, hand[nxt] + 1):
            out.add(("catch", (nxt,) * m))
        if half_catches and value != 8 + HALF:  # option: a ½ also catches
            for m in range(1, hand["h"] + 1):
                out.add(("catch", ("h",) * m))
    return out


def small_hands() -> list[Counter[str]]:
    hands = []
    for size in range(1, 4):
        for combo in itertools.combinations_with_replacement(FACES, size):
            c = Counter(combo)
            if all(c[f] <= DECK[f] for f in c):
                hands.append(c)
    for combo in itertools.combinations_with_replacement(FACES, 2):
        hands.append(Counter(("8", "h", *combo)))
    return hands


@pytest.mark.parametrize("half_catches", [False, True])
def test_hand_plays_match_the_clauses_exhaustively(half_catches: bool) -> None:
    """E8H-B1 E8H-G1 E8H-H1 E8H-Z1 E8H-F1 E8H-N1 E8H-E1 E8H-W1: all small hands, all piles."""
    checked = 0
    for hand in small_hands():
        counts = counts_of(list(hand.elements()))
        for v2, le5, catchable in pile_states():
            got = lg.hand_plays(counts, v2, le5, catchable, half_catches)
            assert len(got) == len(set(got)), "duplicate plays"
            want = oracle(hand, Fraction(v2, 2), le5, catchable, half_catches)
            assert set(got) == want, (dict(hand), v2, le5, catchable)
            checked += 1
    assert checked > 10_000


@pytest.mark.parametrize("half_catches", [False, True])
def test_table_and_blind_plays_match_the_clauses(half_catches: bool) -> None:
    """E8H-T1: open cards one at a time; a blind card is a catch when it is the catching card,
    a play when legal, otherwise illegal."""
    for faces in itertools.combinations_with_replacement(FACES, 3):
        for v2, le5, catchable in pile_states():
            want = {(k, c[0]) for k, c in oracle(Counter(faces), Fraction(v2, 2), le5,
                                                 catchable, half_catches) if len(c) == 1}
            got = lg.table_plays(list(faces), v2, le5, catchable, half_catches)
            assert set(got) == want and len(got) == len(want)
    for face in FACES:
        for v2, le5, catchable in pile_states():
            res = oracle(Counter([face]), Fraction(v2, 2), le5, catchable, half_catches)
            expected = ("catch" if ("catch", (face,)) in res
                        else "play" if ("play", (face,)) in res else "illegal")
            assert lg.blind_outcome(face, v2, le5, catchable, half_catches) == expected


def test_hand_plays_order_is_deterministic() -> None:
    counts = counts_of(["8", "8", "h", "3", "3", "g"])
    first = lg.hand_plays(counts, 5, False, True)
    assert first == lg.hand_plays(counts.copy(), 5, False, True)
    assert first == [("play", ("3",)), ("play", ("3", "3")), ("play", ("8",)),
                     ("play", ("8", "8")), ("play", ("h",)), ("play", ("g",)),
                     ("play", ("8", "h")), ("play", ("8", "8", "h")), ("catch", ("3",)),
                     ("catch", ("3", "3"))]


# ------------------------------------------------------------ one clause at a time
def _plays(faces: list[str], v2: int, le5: bool = False, catchable: bool = False,
           half_catches: bool = False) -> set[tuple[str, tuple[str, ...]]]:
    return set(lg.hand_plays(counts_of(faces), v2, le5, catchable, half_catches))


def test_e8h_b1_at_least_the_value_and_equal_cards_together() -> None:
    """E8H-B1: a card ≥ the value; several equal cards together, the value does not add up."""
    assert _plays(["3", "6"], 14) == set()
    assert ("play", ("6",)) in _plays(["6"], 12)
    assert ("play", ("6", "6")) in _plays(["6", "6"], 8)
    assert lg.after(6, 8, False) == (12, False)  # two 6s are still 6


def test_e8h_g1_ghost_keeps_value_and_restrictions() -> None:
    """E8H-G1: a Ghost always goes and keeps the value and any restriction."""
    for v2, le5, _ in pile_states():
        assert lg.single_ok(11, v2, le5)
        assert lg.after(11, v2, le5) == (v2, le5)
    assert lg.after(11, 10, True) == (10, True)   # on a 5: still "≤ 5"
    assert lg.after(11, 17, False) == (17, False)  # on 8½: still 8½


def test_e8h_h1_half_not_on_8_or_8_half_and_makes_whole() -> None:
    """E8H-H1: ½ adds ½, never on 8 or 8½; on x½ it makes x+1 (a plain play by default)."""
    assert not lg.single_ok(10, 16, False) and not lg.single_ok(10, 17, False)
    assert lg.after(10, 15, False) == (16, False)
    assert lg.after(10, 18, False) == (19, False)  # 9½
    assert ("catch", ("h",)) not in _plays(["h"], 15, catchable=True)
    assert ("catch", ("h",)) in _plays(["h"], 15, catchable=True, half_catches=True)
    assert ("catch", ("h",)) not in _plays(["h"], 17, catchable=True, half_catches=True)


def test_e8h_z1_zero_only_on_whole_numbers() -> None:
    """E8H-Z1: 0 only on a whole number (never x½ or 8½); the value becomes 0."""
    assert lg.single_ok(0, 18, False) and lg.single_ok(0, 10, True)
    assert not lg.single_ok(0, 15, False) and not lg.single_ok(0, 17, False)
    assert lg.after(0, 18, False) == (0, False)
    assert {("play", (f,)) for f in FACES if f != "h"} <= _plays(list(FACES), 0) | {
        ("play", ("h",))}


def test_e8h_f1_five_rule() -> None:
    """E8H-F1: after a 5 only ≤ 5 (another 5 too), Ghost, ½ and 0."""
    legal = {c[0] for k, c in _plays(list(FACES), 10, le5=True) if len(c) == 1}
    assert legal == {"0", "1", "2", "3", "4", "5", "h", "g"}
    assert lg.after(5, 8, False) == (10, True)
    assert lg.after(10, 10, True) == (11, False)  # ½ on 5: 5½ lifts the rule
    assert not lg.single_ok(5, 12, False)  # a 5 itself only on a value ≤ 5


def test_e8h_n1_nine_and_above() -> None:
    """E8H-N1: on 9 only 9 or a special card; above 9 only special cards."""
    legal9 = {c[0] for k, c in _plays(list(FACES), 18) if len(c) == 1}
    assert legal9 == {"9", "0", "h", "g"}
    legal95 = {c[0] for k, c in _plays(list(FACES), 19) if len(c) == 1}
    assert legal95 == {"h", "g"}
    assert lg.catch_index(19, True) is None  # nobody can be caught above 9


def test_e8h_e1_eight_half_combo_and_replies() -> None:
    """E8H-E1: 8 + ½ together make 8½; on 8½ only Ghost, another 8+½, or 9 (a catch)."""
    assert ("play", ("8", "h")) in _plays(["8", "h"], 14)
    assert ("play", ("8", "h")) not in _plays(["8", "h"], 18)
    assert ("play", ("8", "h")) not in _plays(["8", "h"], 10, le5=True)
    replies = _plays(list(FACES) + ["8"], 17, catchable=True)
    assert replies == {("play", ("g",)), ("play", ("9",)), ("catch", ("9",)),
                       ("play", ("8", "h")), ("play", ("8", "8", "h"))}


def test_e8h_w1_only_the_exact_next_whole_number_catches() -> None:
    """E8H-W1: on x½ the catch is exactly x+1; never above 9; only when someone is wanted."""
    assert lg.catch_index(15, True) == 8
    assert lg.catch_index(15, False) is None
    assert lg.catch_index(1, True) == 1
    plays = _plays(["8", "9"], 15, catchable=True)
    assert ("catch", ("8",)) in plays and ("catch", ("9",)) not in plays
    assert lg.wanted_after(15) and lg.wanted_after(17) and not lg.wanted_after(19)
    assert not lg.wanted_after(16)
