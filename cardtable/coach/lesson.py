"""Guided first games (教學): lessons and their steps, as data (played through the host by
`cardtable.host.lesson`).

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
- ``Note(say, zone, before=None)`` — a callout only (no move): the learner reads it and clicks
  on. With `before` (an event kind, e.g. ``"round_ended"``) the table stops showing the last
  move's events in front of that one while the note is open: a bust is explained while it is
  on the table, before the round's dialog and the next deal.

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

Playing a lesson
----------------
A lesson is played through the match host: `cardtable.host.lesson.LessonRunner(lesson)` deals
it, the learner's seat a person whose move is taken only when right (a wrong one leaves the game
as it was, with `why`), the other seats its script; `runner.step`, `runner.over`,
`runner.index`, `attempt(action)`, `play_scripted()`, `acknowledge()`, `advance()`;
`walk(lesson)` plays it through with each step's instructed action (tests; raises `LessonError`
naming the step when the lesson does not fit its deal).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Union

from cardtable.core.actions import Action
from cardtable.core.events import Event, Msg
from cardtable.core.game import GameState


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
    """A callout without a move; the learner reads it and goes on. `before`: an event kind
    (e.g. ``"round_ended"``) the table's presentation stops in front of while the note is
    open, so that the note is read over what the last move left on the table (a bust, before
    the round's dialog and the next deal)."""

    say: Msg
    zone: str
    before: str | None = None


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
