"""Tanto Cuore end-of-game scoring (TC-V1) and the tie-break (TC-V2).

Pure functions over what each player owns, so they are easy to test with hand-built cases. The
numbers (set values, the Colette bonus, the Bad Habit threshold) come from the card data.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardtable.games.tanto_cuore.cards import (
    CARDS,
    BadHabitPenalty,
    ColetteMajority,
    CrescentSets,
    OpheliaParity,
    SafranSets,
)


def _rule(card: str, kind: type) -> object:
    for r in CARDS[card].scoring:
        if isinstance(r, kind):
            return r
    raise LookupError(f"card {card!r} has no {kind.__name__} scoring rule")


CRESCENT_RULE = _rule("azure", CrescentSets)
SAFRAN_RULE = _rule("safran", SafranSets)
COLETTE_RULE = _rule("colette", ColetteMajority)
OPHELIA_RULE = _rule("ophelia", OpheliaParity)
HABIT_RULE = _rule("bad_habit", BadHabitPenalty)
CRESCENT_FACES = ("azure", "viola", "rouge")


@dataclass(frozen=True, slots=True)
class Holdings:
    """What one player owns at the end. `cards` = deck, hand, discard and play area;
    chambermaids and private maids as (face, illnesses) pairs."""

    cards: tuple[str, ...]
    chambers: tuple[tuple[str, int], ...]
    privates: tuple[tuple[str, int], ...]
    bad_habits: int


def crescent_bonus(counts: Sequence[int]) -> int:
    """Each set of all three sisters first, then each set of two from the rest (TC-V1)."""
    a = sorted(counts, reverse=True)
    while len(a) < 3:
        a.append(0)
    trios = a[2]
    rest = [a[0] - trios, a[1] - trios]
    pairs = min(rest)
    assert isinstance(CRESCENT_RULE, CrescentSets)
    return trios * CRESCENT_RULE.trio + pairs * CRESCENT_RULE.pair


def safran_bonus(n: int) -> int:
    """Sets of at most 4 Safran chambermaids, largest first: 2/3/4 -> 4/8/12 (TC-V1)."""
    assert isinstance(SAFRAN_RULE, SafranSets)
    biggest = max(SAFRAN_RULE.by_size)
    total = 0
    while n > 0:
        size = min(n, biggest)
        total += SAFRAN_RULE.by_size.get(size, 0)
        n -= size
    return total


def ophelia_bonus(n: int) -> int:
    """More than one Ophelia: odd count +each apiece, even count -each apiece."""
    assert isinstance(OPHELIA_RULE, OpheliaParity)
    if n <= 1:
        return 0
    return n * OPHELIA_RULE.each * (1 if n % 2 else -1)


def habit_penalty(n: int) -> int:
    """-1 each, or `each` (-2) apiece at `threshold` (4) or more (TC-E1)."""
    assert isinstance(HABIT_RULE, BadHabitPenalty)
    per = HABIT_RULE.each if n >= HABIT_RULE.threshold else CARDS["bad_habit"].vp
    return n * per


def colette_count(h: Holdings) -> int:
    return (sum(1 for c in h.cards if c == "colette")
            + sum(1 for c, ill in h.chambers if c == "colette" and not ill))


def maid_count(h: Holdings) -> int:
    """Maid cards owned (TC-V2 tie-break), ill ones included."""
    return (sum(1 for c in h.cards if CARDS[c].is_maid) + len(h.chambers) + len(h.privates))


def breakdown(all_holdings: Sequence[Holdings]) -> list[dict[str, int]]:
    """Per player: printed, crescent, safran, colette, ophelia, bad_habits, total."""
    colettes = [colette_count(h) for h in all_holdings]
    top = max(colettes) if colettes else 0
    leaders = [i for i, c in enumerate(colettes) if c == top]
    assert isinstance(COLETTE_RULE, ColetteMajority)
    out = []
    for i, h in enumerate(all_holdings):
        healthy_ch = [c for c, ill in h.chambers if not ill]
        healthy_pm = [c for c, ill in h.privates if not ill]
        printed = (sum(CARDS[c].vp for c in h.cards)
                   + sum(CARDS[c].vp for c in healthy_ch)
                   + sum(CARDS[c].vp for c in healthy_pm))
        cnt = Counter(healthy_ch)
        row = {
            "printed": printed,
            "crescent": crescent_bonus([cnt[f] for f in CRESCENT_FACES]),
            "safran": safran_bonus(cnt["safran"]),
            "colette": COLETTE_RULE.bonus if len(leaders) == 1 and leaders[0] == i and top > 0
            else 0,
            "ophelia": ophelia_bonus(sum(1 for c in h.cards if c == "ophelia")),
            "bad_habits": habit_penalty(h.bad_habits),
        }
        row["total"] = sum(row.values())
        row["maids"] = maid_count(h)
        out.append(row)
    return out


PARTS = ("printed", "crescent", "safran", "colette", "ophelia", "bad_habits")


def parts_in_play(kinds: Iterable[str], events: bool = True) -> tuple[str, ...]:
    """The parts of `breakdown` that can score in a game whose town holds the general maids
    `kinds` (`events`: Illness and Bad Habit are in the town): the Crescent sisters, Safran
    and Ophelia only when their piles are there, Bad Habits only with the events; the
    printed VP and the Colette bonus (the chiefs are always there) in every game."""
    kinds = set(kinds)
    part_in = {"crescent": bool(kinds & set(CRESCENT_FACES)), "safran": "safran" in kinds,
               "ophelia": "ophelia" in kinds, "bad_habits": events}
    return tuple(p for p in PARTS if part_in.get(p, True))


def winners(rows: Iterable[dict[str, int]]) -> list[int]:
    """Highest total; ties: fewest maid cards owned; then a shared win (TC-V2)."""
    rows = list(rows)
    best = max((r["total"], -r["maids"]) for r in rows)
    return [i for i, r in enumerate(rows) if (r["total"], -r["maids"]) == best]
