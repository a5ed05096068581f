"""The agent protocol.

An agent is asked for a decision with the acting player's view, the legal actions (from
`legal_actions()`, never recomputed) and its own seeded RNG. It never receives the state: search
agents rebuild states that fit the view with `spec.determinize(view, rng)`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from cardtable.core.actions import Action
from cardtable.core.rng import GameRng


@runtime_checkable
class Agent(Protocol):
    name: str

    def choose(self, view: Any, legal: Sequence[Action], rng: GameRng) -> Action: ...


class RandomAgent:
    """Uniformly random legal action: the baseline every level is measured against."""

    name = "random"

    def choose(self, view: Any, legal: Sequence[Action], rng: GameRng) -> Action:
        return legal[rng.randrange(len(legal))]
