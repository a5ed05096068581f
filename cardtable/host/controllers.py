"""Seat controllers: whoever decides for a seat, asked by the host the same way.

    future = controller.ask(Request(seq, seat, view, legal))

The host asks the acting seat's controller for a decision, gets a future (or a `Decided`, an
answer known at once), and applies the answer when it is done — unless the game moved on in the
meantime (an undo, a replay's seek): the host then withdraws the question and an answer that
still arrives is dropped by its sequence number. A controller sees the seat's view and legal
actions only, never the state.

- `Person`: a person at this screen; the table hands it the person's choice (`answer`).
- `Computer`: an agent at a level, thinking on a worker (the app's AI thread) or at once.
- `Scripted`: a fixed list of answers by sequence number (a replay's record, a lesson's script).
- A person at another machine is one more `Person` whose answers come over the network.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from typing import Any, ClassVar, NamedTuple, Protocol

from cardtable.core.actions import Action
from cardtable.core.rng import GameRng

log = logging.getLogger(__name__)


class Request(NamedTuple):
    """A question to a seat: decide, at `seq`, from `view`, one of `legal` (a tuple: one is
    made for every decision of every game, the simulator's included)."""

    seq: int
    seat: int
    view: Any
    legal: Sequence[Action]


class Answer(Protocol):
    """What `ask` returns: a `concurrent.futures.Future[Action]` or a `Decided`."""

    def done(self) -> bool: ...
    def result(self) -> Action: ...
    def cancel(self) -> bool: ...


class Decided:
    """An answer known at once (a future that is already done, without a lock)."""

    __slots__ = ("_action",)

    def __init__(self, action: Action) -> None:
        self._action = action

    def done(self) -> bool:
        return True

    def result(self) -> Action:
        return self._action

    def cancel(self) -> bool:
        return False


class SeatController:
    """Base: `ask` for a decision; `withdraw` when the question is void."""

    kind: ClassVar[str] = "controller"
    person: ClassVar[bool] = False  # a person decides (undo and hints are theirs)

    def ask(self, request: Request) -> Answer:
        raise NotImplementedError

    def withdraw(self) -> None:
        """The question asked last is void (the game moved on without its answer)."""


class Person(SeatController):
    """A person: the host waits for `answer`, which the table (or the network) calls with the
    person's choice."""

    kind = "person"
    person = True

    def __init__(self) -> None:
        self.request: Request | None = None
        self._future: Future[Action] | None = None

    def ask(self, request: Request) -> Future[Action]:
        self.request = request
        self._future = Future()
        return self._future

    def answer(self, action: Action) -> None:
        """The person chose `action` (the host checked it against the request first)."""
        if self._future is None or self._future.done():
            raise RuntimeError("no question is open")
        self._future.set_result(action)

    def withdraw(self) -> None:
        if self._future is not None and not self._future.done():
            self._future.cancel()
        self._future = None
        self.request = None


RngFor = Callable[[Request], GameRng]


class Computer(SeatController):
    """An agent (`choose(view, legal, rng)`) at a named level. `rng_for` gives the random
    numbers for a decision (the app derives them from the match and the decision; the simulator
    keeps one per seat). With a `worker` the agent thinks there and `ask` returns at once."""

    kind = "computer"

    def __init__(self, agent: Any, level: str, rng_for: RngFor,
                 worker: Executor | None = None) -> None:
        self.agent = agent
        self.level = level
        self.rng_for = rng_for
        self.worker = worker
        self._future: Future[Action] | None = None

    def ask(self, request: Request) -> Answer:
        rng = self.rng_for(request)
        if self.worker is None:
            return Decided(self.agent.choose(request.view, request.legal, rng))
        self._future = self.worker.submit(self.agent.choose, request.view,
                                          list(request.legal), rng)
        return self._future

    def withdraw(self) -> None:
        if self._future is not None:
            self._future.cancel()  # not started yet: never runs; running: its answer is dropped
        self._future = None


class Scripted(SeatController):
    """Answers from a script: `answers(seq)` gives the action due at that sequence number (a
    replay's record, a lesson's scripted moves). Nothing to think about: the pace is the
    presenter's (`MatchHost.pump(ready)`)."""

    kind = "scripted"

    def __init__(self, answers: Callable[[int], Action], kind: str = "scripted") -> None:
        self._answers = answers
        self.kind = kind  # type: ignore[misc]  ("recorded" for a replay, "lesson")

    def ask(self, request: Request) -> Answer:
        return Decided(self._answers(request.seq))


def seeded_rng(seed: int) -> RngFor:
    """The app's random numbers for a computer's decision: from the match's seed, the number of
    moves made and the seat, so a decision taken again (after an undo) is the same one."""
    def rng_for(request: Request) -> GameRng:
        return GameRng((seed * 1_000_003 + request.seq * 7919 + request.seat) & ((1 << 62) - 1))
    return rng_for
