"""Guided first games (教學): lessons, their steps, and a pure runner that walks one on the rules.

No pygame and no translator here: a lesson holds message keys (`Msg`) and kit zone names; the UI
(`cardtable.ui.scenes.lesson`) draws the callouts on the game's real table.

API (for everyone writing a lesson)
-----------------------------------
A game's lessons are a ``LESSONS: tuple[Lesson, ...]`` (in the order they are offered) that its
registration names (`GameRegistration.lessons`, e.g. "cardtable.coach.lessons.cirno:LESSONS");
`lessons_for(game_id)` returns them (empty for a game that names none) and
`lesson_by_id(lesson_id)` finds one.

``Lesson(id, game_id, title, players, seed, learner, steps, options={}, deal=None, intro=None,
outro=None, names=(), sample_step=0, sample_wrong_step=None)``
- `id`: stable string, e.g. ``"cirno.basics"``; `title`: message key of its name in menus.
- `players`, `options` (a mapping for the game's options model), `seed`: the game is
  ``spec.new_game(seed, players, options)`` — the fixed deal comes from the seed (search seeds
  with a script, see scripts/find_lesson_seeds.py). Or `deal`: a callable ``deal(lesson) ->
  (state, events)`` that arranges the deck through the game's own state construction; it must
  itself be deterministic from `lesson.seed` (the conformance test deals twice and compares).
- `learner`: the seat the person plays (the other seats follow the script).
- `intro` / `outro`: optional `Msg`s shown before the first step and in the end dialog.
- `names`: optional message keys naming the seats (the learner's seat name is ignored: it is
  the person).
- `sample_step`: the step its sample scene (``--scene lesson_<game>[_<lesson>]``, listed in the
  game's registration) opens at, one with a callout worth a screenshot; `sample_wrong_step`: the
  step its ``_wrong`` sample refuses a move at (None: `sample_step`).

Steps, in the order they happen (each `Do` and `Play` is exactly one decision of the game):
- ``Do(say, zone, right, wrong, because=())`` — the learner's decision. `say` is the callout
  (`Msg`), `zone` the kit zone it points at (a name `TableScene.zone_rect(name)` resolves, e.g.
  ``"pile"``, ``"hand:0"``, or a per-table lesson zone such as ``"total"``; see
  the table's `lesson_zone_rect`), `right` the action(s) accepted (the first one is
  "the instructed action"), `wrong` the explanation shown for any other legal action, and
  `because` optional ``(action, Msg)`` pairs with a more specific explanation for those actions.
  It must be the learner's decision (the current player is `lesson.learner`).
- ``Play(action, seat=None)`` — a scripted decision of another seat (`seat`, when given, is
  checked against the current player).
- ``Note(say, zone)`` — a callout only (no move): the learner reads it and clicks on.

Helper: ``msg(key, **params)`` builds a `Msg`. Messages are worded by the game's describer, so
seat parameters (`player`, `target`, `by`, …) become seat names and `card` a card's name. Keys:
``lesson.<game>.<lesson>.*`` in ``locales/zh-TW/lesson_<game>.json`` (or lesson.json), then
``python scripts/make_zh_cn.py``.

The UI side (`cardtable.ui.scenes.lesson`): the game's own table in lesson mode. A zone name
that is neither a kit zone of that table nor the learner's hand (``hand:<learner>`` rings the
whole fan) is resolved by the table's own ``lesson_zone_rect(name) -> Rect | None``. The sample
scene ``--scene lesson_<game>[_<lesson>][_wrong]`` opens at the lesson's `sample_step` (list the
scene in the game's registration, `GameRegistration.samples`). The 教學 buttons (game select,
rules page) appear by themselves once `lessons_for(game_id)` is not empty.
Tests: tests/coach/test_lesson_conformance.py and tests/ui/test_lesson_scene.py run over every
registered lesson (a new lesson needs no new test to be walked, replayed, clicked through on
its table, and checked for its zones and its words in both locales).

The runner
----------
``LessonRunner(lesson, state=None, apply=None)`` walks a lesson. Without `state` it deals the
lesson itself; the UI passes the match's state and its own submit as `apply` (so the table
animates). `runner.step` is the step due (None when over), `runner.over`, `runner.index`.
- `runner.attempt(action) -> Attempt(ok, events, why)`: at a `Do`, a right action is applied
  (and the runner moves on); a wrong one leaves the state as it was and `why` explains.
- `runner.play_scripted() -> events`: plays the `Play` step due.
- `runner.acknowledge()`: moves past the `Note` due.
- `runner.advance() -> events`: plays scripted steps and passes notes until a `Do` or the end
  (`stop_at_notes=True` stops at notes, as the UI does).
- `walk(lesson) -> LessonRunner`: the whole lesson, taking each step's instructed action
  (tests; raises `LessonError` naming the step when the lesson does not fit its deal).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Union

from cardtable.core.actions import Action
from cardtable.core.events import Event, Msg
from cardtable.core.game import GameState
from cardtable.core.match import Match, Seat
from cardtable.host.controllers import Person, Request, SeatController
from cardtable.host.host import MatchHost, RefusedError
from cardtable.host.link import LocalLink


def msg(key: str, **params: Any) -> Msg:
    """A message key with parameters (the UI words it through the game's describer, so seat
    parameters `player`/`target` and card parameters `card` are translated)."""
    return Msg(key, dict(params))


class LessonError(ValueError):
    """A lesson that does not fit its deal (a step's action is not legal there, a `Do` that is
    not the learner's decision, a scripted seat that is not the one to act)."""


@dataclass(frozen=True, eq=False)
class Do:
    """The learner's decision: `right` are the accepted actions (the first is the instructed one)."""

    say: Msg
    zone: str
    right: tuple[Action, ...]
    wrong: Msg
    because: tuple[tuple[Action, Msg], ...] = ()

    def __post_init__(self) -> None:
        if not self.right:
            raise ValueError("a Do step needs at least one right action")

    @property
    def instructed(self) -> Action:
        return self.right[0]

    def why_not(self, action: Action) -> Msg:
        for a, m in self.because:
            if a == action:
                return m
        return self.wrong


@dataclass(frozen=True, eq=False)
class Play:
    """A scripted decision of another seat."""

    action: Action
    seat: int | None = None


@dataclass(frozen=True, eq=False)
class Note:
    """A callout without a move; the learner reads it and goes on."""

    say: Msg
    zone: str


Step = Union[Do, Play, Note]  # noqa: UP007 (a runtime alias)

Deal = Callable[["Lesson"], tuple[GameState, list[Event]]]


@dataclass(frozen=True, eq=False)
class Lesson:
    id: str
    game_id: str
    title: str
    players: int
    seed: int
    learner: int
    steps: tuple[Step, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    deal: Deal | None = None
    intro: Msg | None = None
    outro: Msg | None = None
    names: tuple[str, ...] = ()
    sample_step: int = 0
    sample_wrong_step: int | None = None

    def new_state(self) -> tuple[GameState, list[Event]]:
        """The lesson's game at its start: the fixed deal (reproducible from `seed`)."""
        if self.deal is not None:
            return self.deal(self)
        from cardtable.games import get_spec
        return get_spec(self.game_id).new_game(self.seed, self.players, dict(self.options))

    @property
    def learner_steps(self) -> list[Do]:
        return [s for s in self.steps if isinstance(s, Do)]

    def messages(self) -> list[Msg]:
        """Every message the lesson shows (for the locale test)."""
        out: list[Msg] = [m for m in (self.intro, self.outro) if m is not None]
        for s in self.steps:
            if isinstance(s, Do):
                out += [s.say, s.wrong, *(m for _, m in s.because)]
            elif isinstance(s, Note):
                out.append(s.say)
        return out

    def zones(self) -> list[str]:
        return [s.zone for s in self.steps if isinstance(s, Do | Note)]


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


# ---------------------------------------------------------------- the registry
_LOADED: dict[str, tuple[Lesson, ...]] = {}


def lessons_for(game_id: str) -> tuple[Lesson, ...]:
    """The lessons of a game, in the order they are offered (empty when its registration names
    none, or for a game that is not registered)."""
    got = _LOADED.get(game_id)
    if got is None:
        from cardtable.games import GAME_IDS, registration
        from cardtable.games.registration import resolve
        ref = registration(game_id).lessons if game_id in GAME_IDS else None
        got = tuple(resolve(ref)) if ref is not None else ()
        for lesson in got:
            if lesson.game_id != game_id:
                raise RuntimeError(f"{ref} lists {lesson.id} of {lesson.game_id}")
        _LOADED[game_id] = got
    return got


def all_lessons() -> list[Lesson]:
    from cardtable.games import GAME_IDS
    return [lesson for game_id in GAME_IDS for lesson in lessons_for(game_id)]


def lesson_by_id(lesson_id: str) -> Lesson:
    for lesson in all_lessons():
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(f"no lesson {lesson_id!r}")


def actions_of(steps: Sequence[Step]) -> list[Action]:
    """The actions a lesson takes when walked as instructed, in order (for replays/records)."""
    out: list[Action] = []
    for s in steps:
        if isinstance(s, Do):
            out.append(s.instructed)
        elif isinstance(s, Play):
            out.append(s.action)
    return out
