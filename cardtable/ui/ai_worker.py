"""The app's AI thread: the match host runs its computers' decisions and hints here, off the
frame loop (`submit`, an Executor's). An agent gets only what it would get anyway (its seat's
view, the legal actions, its own RNG), so nothing is shared with the frame loop while it
thinks. (Which agent plays a seat is the host's: `cardtable.host.local.make_computer`.)"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

log = logging.getLogger(__name__)


def _wake(_future: Future[Any]) -> None:
    from cardtable.ui.app import wake_loop
    wake_loop()


class AIWorker:
    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-ai")

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        """An `Executor`'s submit: the match host runs the computers and hints here. When the
        future is done the frame loop wakes (it waits for events while the screen is still)."""
        future = self._pool.submit(fn, *args)
        future.add_done_callback(_wake)
        return future

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
