"""AI decisions off the frame loop: agents run on a worker thread with a view and a legal list.

The agent gets only what it would get anyway (its seat's view, the legal actions, its own RNG),
so nothing is shared with the frame loop while it thinks.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from cardtable.core.actions import Action
from cardtable.core.rng import GameRng

log = logging.getLogger(__name__)


def make_agent(game_id: str, name: str, seed: int) -> Any:
    """An agent from the AI registry (a random agent when the registry is not available; the
    normal level for a level it does not know)."""
    try:
        from cardtable.ai.registry import make_agent as registry_make
    except ImportError:
        log.warning("AI registry not available; seat plays randomly")
        from cardtable.ai.agent import RandomAgent
        return RandomAgent()
    try:
        return registry_make(game_id, name, seed)
    except (KeyError, ValueError) as exc:
        # a level this version does not know: never a silent random player. A save is
        # checked when it is read, and the person told (cardtable.persist.bound_seats); this
        # is the last guard, at the same level
        from cardtable.persist import FALLBACK_LEVEL
        log.warning("no agent %r for %s (%s); it plays %s", name[:80], game_id, exc,
                    FALLBACK_LEVEL)
        return registry_make(game_id, FALLBACK_LEVEL, seed)


class AIWorker:
    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-ai")

    def ask(self, agent: Any, view: Any, legal: Sequence[Action], rng: GameRng
            ) -> Future[Action]:
        return self._pool.submit(agent.choose, view, list(legal), rng)

    def run(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        """Any other computation for the AI thread (a hint: `cardtable.coach.hints`)."""
        return self._pool.submit(fn, *args)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
