"""The seeded random number generator owned by a game state.

Nothing in the rules calls the module-level `random`; every shuffle and random choice goes through
the state's `GameRng`, so the same seed and the same actions always give the same game.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any, TypeVar

T = TypeVar("T")


# list length -> the steps of its shuffle: (position, bound, bits of the bound)
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


class GameRng(random.Random):
    """`random.Random` with a cheap, exact `clone()`."""

    def clone(self) -> GameRng:
        # __new__ skips __init__, which would first seed from the OS (twice the cost of the
        # copy); setstate then sets the whole state, gauss_next included
        other = GameRng.__new__(GameRng)
        other.setstate(self.getstate())
        return other

    def shuffle(self, x: MutableSequence[Any]) -> None:  # type: ignore[override]
        """Exactly `random.Random.shuffle` (the same getrandbits calls, so the same order and the
        same state after), with its `_randbelow` written out in the loop: one Python call less
        per card (tests/core/test_core_contract.py compares the two)."""
        steps = _SHUFFLE_STEPS.get(len(x))
        if steps is None:
            steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(x) - 1, 0, -1))
            if len(x) <= 512:
                _SHUFFLE_STEPS[len(x)] = steps
        getrandbits = self.getrandbits
        for i, n, k in steps:
            j = getrandbits(k)  # random.Random._randbelow(n)
            while j >= n:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]

    def shuffled(self, items: MutableSequence[T]) -> MutableSequence[T]:
        self.shuffle(items)
        return items


def derive_seed(*parts: int | str) -> int:
    """A stable 63-bit seed derived from parts (e.g. match seed and seat), independent of
    Python's hash randomisation."""
    acc = 1469598103934665603
    for part in parts:
        for byte in str(part).encode():
            acc ^= byte
            acc = (acc * 1099511628211) & 0xFFFFFFFFFFFFFFFF
        acc ^= 0xFF
        acc = (acc * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return acc & 0x7FFFFFFFFFFFFFFF
