"""A lesson played through the match host: the learner's seat a person whose move is taken only
when the step due accepts it (`Learner`; UNDO-3: a refused move changes nothing), the other
seats the lesson's script (`ScriptSeat`). `LessonRunner` walks it (tests, the lesson scene's
host); `walk` takes each step's instructed move. The lessons themselves are data:
`cardtable.coach.lesson`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.coach.lesson import Do, Lesson, LessonError, Note, Play, Step
from cardtable.core.actions import Action
from cardtable.core.events import Event, Msg
from cardtable.core.game import GameState
from cardtable.core.match import Match, Seat
from cardtable.host.controllers import Person, Request, SeatController
from cardtable.host.host import MatchHost, RefusedError
from cardtable.host.link import LocalLink


@dataclass
class Attempt:
    ok: bool
    events: list[Event]
    why: Msg | None = None


class Learner(Person):
    """The learner's seat: a person whose move is taken only when it is one the step due
    accepts (UNDO-3: a refused move leaves the game as it was; there is nothing to undo).
    `why` explains the last refusal."""

    kind = "learner"

    def __init__(self, runner: LessonRunner) -> None:
        super().__init__()
        self.runner = runner
        self.why: Msg | None = None

    def answer(self, action: Action) -> None:
        step = self.runner.step
        if not isinstance(step, Do) or action not in step.right:
            self.why = step.why_not(action) if isinstance(step, Do) else None
            raise RefusedError("wrong", str(action))
        self.why = None
        super().answer(action)


class _ScriptAnswer:
    """A scripted seat's answer: ready once the script is at a `Play` step (after the notes
    before it were read)."""

    def __init__(self, runner: LessonRunner) -> None:
        self._runner = runner

    def done(self) -> bool:
        return isinstance(self._runner.step, Play)

    def result(self) -> Action:
        step = self._runner.step
        assert isinstance(step, Play)
        return step.action

    def cancel(self) -> bool:
        return False


class ScriptSeat(SeatController):
    """A seat that follows the lesson's script."""

    kind = "lesson"

    def __init__(self, runner: LessonRunner) -> None:
        self.runner = runner

    def ask(self, request: Request) -> _ScriptAnswer:
        return _ScriptAnswer(self.runner)


class LessonRunner:
    """Walks a lesson through the match host (see the module docstring): the learner's seat
    is a `Learner`, the others `ScriptSeat`s; every move the host applies takes the script
    one step on. The lesson scene shows the same host on the game's table (`link`)."""

    def __init__(self, lesson: Lesson, seats: Sequence[Seat] | None = None) -> None:
        from cardtable.games import get_spec
        self.lesson = lesson
        state, events = lesson.new_state()
        self.setup_events: list[Event] = list(events)
        if seats is None:
            seats = [Seat(kind="human" if i == lesson.learner else "ai")
                     for i in range(lesson.players)]
        self.match = Match.from_state(get_spec(lesson.game_id), state, events, list(seats),
                                      lesson.seed)
        self.index = 0
        self.learner = Learner(self)
        controllers: list[SeatController] = [
            self.learner if i == lesson.learner else ScriptSeat(self)
            for i in range(lesson.players)]
        self.host = MatchHost(self.match, controllers, undo_rule="off", hints=False,
                              strict=True)
        self.host.on_action.append(self._applied)
        self._last: list[Event] = []

    def _applied(self, seat: int, action: Action, events: list[Event]) -> None:
        self.index += 1  # every Do and Play step is exactly one decision of the game
        self._last = events

    def link(self) -> LocalLink:
        """The line a table on this screen is given (the learner's seat is its person)."""
        return LocalLink(self.host, [self.lesson.learner])

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def over(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def check(self) -> None:
        """Raise `LessonError` when the step due does not fit the state."""
        step = self.step
        state = self.state
        if step is None or isinstance(step, Note):
            return
        p = state.current_player()
        legal = state.legal_actions()
        where = f"lesson {self.lesson.id} step {self.index}"
        if isinstance(step, Do):
            if p != self.lesson.learner:
                raise LessonError(f"{where}: a Do step but seat {p} is to act, not the learner "
                                  f"{self.lesson.learner} (phase {state.phase})")
            bad = [str(a) for a in step.right if a not in legal]
            if bad:
                raise LessonError(f"{where}: {bad} not legal; legal: {[str(a) for a in legal]}")
            return
        if p is None or p == self.lesson.learner:
            raise LessonError(f"{where}: a scripted step but seat {p} is to act")
        if step.seat is not None and step.seat != p:
            raise LessonError(f"{where}: scripted for seat {step.seat} but seat {p} is to act")
        if step.action not in legal:
            raise LessonError(f"{where}: {step.action} not legal; legal: "
                              f"{[str(a) for a in legal]}")

    def attempt(self, action: Action) -> Attempt:
        """The learner's move at a `Do` step: applied when right, else refused with the reason
        (the state is left as it was, for a retry)."""
        step = self.step
        if not isinstance(step, Do):
            raise LessonError(f"lesson {self.lesson.id} step {self.index}: not the learner's move")
        if action not in step.right:
            return Attempt(False, [], step.why_not(action))
        self.check()
        self.host.act(self.lesson.learner, self.host.seq, action)
        return Attempt(True, self._last)

    def play_scripted(self) -> list[Event]:
        step = self.step
        if not isinstance(step, Play):
            raise LessonError(f"lesson {self.lesson.id} step {self.index}: not a scripted move")
        self.check()
        if not self.host.pump(True):
            raise LessonError(f"lesson {self.lesson.id} step {self.index}: the scripted move "
                              "was not taken")
        return self._last

    def acknowledge(self) -> None:
        if not isinstance(self.step, Note):
            raise LessonError(f"lesson {self.lesson.id} step {self.index}: not a note")
        self.index += 1

    def advance(self, stop_at_notes: bool = False) -> list[Event]:
        """Scripted moves (and notes, unless `stop_at_notes`) until a `Do`, a note or the end."""
        events: list[Event] = []
        while not self.over:
            step = self.step
            if isinstance(step, Play):
                events += self.play_scripted()
            elif isinstance(step, Note) and not stop_at_notes:
                self.acknowledge()
            else:
                break
        return events

    def walk_to(self, index: int) -> None:
        """Take the steps before `index` as instructed (a lesson opened at a later step)."""
        while self.index < index and not self.over:
            step = self.step
            if isinstance(step, Do):
                self.attempt(step.instructed)
            elif isinstance(step, Play):
                self.play_scripted()
            else:
                self.acknowledge()


def walk(lesson: Lesson, on_step: Callable[[LessonRunner], None] | None = None) -> LessonRunner:
    """The whole lesson on a fresh deal, taking each `Do`'s instructed action; `on_step` is
    called before every step (the runner shows the step due)."""
    runner = LessonRunner(lesson)
    while not runner.over:
        if on_step is not None:
            on_step(runner)
        step = runner.step
        runner.check()
        if isinstance(step, Do):
            got = runner.attempt(step.instructed)
            assert got.ok
        elif isinstance(step, Play):
            runner.play_scripted()
        else:
            runner.acknowledge()
    return runner
