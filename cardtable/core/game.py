"""The rules contract every game implements.

A game is a `GameSpec` (stateless: id, player counts, options model, `new_game`, `determinize`)
and a `GameState` (mutable, cloneable). The properties that must hold:

- `legal_actions()` is the one and only place legality is decided; its order is deterministic.
- `apply(action)` raises `IllegalActionError` (naming the action and the phase) for an action not
  in `legal_actions()`, and never substitutes another; it returns the events of the change.
- Automatic steps (scoring a round, dealing the next, reshuffling) happen inside `apply` and
  appear as events, so `current_player()` always names a real decision-maker (None when over).
- The state owns its seeded RNG; same seed + same actions = same events and state.
- `view(viewer)` shows only what `viewer` may know (None = spectator, OMNISCIENT = everything,
  for demos and debugging only). Agents get views, never states.
- A *quiet* state (`state.quiet = True`, `silent_copy()`, or `new_game(..., quiet=True)`) builds
  no events: `apply` returns an empty list and changes the state exactly as a loud one would
  (same fields, legal actions, views and RNG draws after every step;
  tests/core/test_quiet_play.py checks it for every game). It is for code that throws the
  events away: the simulator and the AI's search. Clones keep the flag.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from cardtable.core.actions import Action
from cardtable.core.errors import IllegalActionError, UnknownOptionError
from cardtable.core.events import ROUND_STARTED, Event
from cardtable.core.rng import GameRng

OMNISCIENT = -1

# the validation context of options read from a game already played (`parse_options`)
RECORDED = "recorded"
RECORDED_CONTEXT: dict[str, bool] = {RECORDED: True}


def is_recorded(context: Any) -> bool:
    """Whether an options model is validating the options of a game already played (its
    validation context, see `GameSpec.parse_options`)."""
    return isinstance(context, dict) and bool(context.get(RECORDED))

S = TypeVar("S", bound="GameState")


def shared_returns(winners: list[int] | None, num_players: int) -> list[float]:
    """`returns()` for a game with a list of winners: they share 1 (a k-way tie gives 1/k);
    everyone gets 0 while the game is not over."""
    if winners is None:
        return [0.0] * num_players
    share = 1.0 / len(winners)
    return [share if p in winners else 0.0 for p in range(num_players)]


class GameState(ABC):
    """Mutable game state. Subclasses are plain slotted classes with a hand-written `clone()`."""

    game_id: ClassVar[str]
    num_players: int
    rng: GameRng
    # see the module docstring; a slotted game keeps `quiet` in its slots (set in __init__) and
    # copies it in clone()
    quiet: bool = False

    @property
    @abstractmethod
    def phase(self) -> str: ...

    @abstractmethod
    def current_player(self) -> int | None: ...

    @abstractmethod
    def legal_actions(self) -> list[Action]: ...

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Apply an action known to be legal."""

    @abstractmethod
    def view(self, viewer: int | None) -> Any: ...

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[float]:
        """The game's own score per seat (see each game for its meaning and direction)."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Outcome per seat when terminal: winners share 1 (a k-way tie gives 1/k each)."""

    @abstractmethod
    def clone(self: S) -> S: ...

    def silent_copy(self: S) -> S:
        """A clone that builds no events (see `quiet`), for search rollouts."""
        c = self.clone()
        c.quiet = True
        return c

    def apply(self, action: Action, *, check: bool = True) -> list[Event]:
        """Apply `action`; raise `IllegalActionError` if it is not legal now.

        `check=False` is for search code that took the action from `legal_actions()` itself.
        """
        if check and action not in self.legal_actions():
            raise IllegalActionError(action, self.phase, self.current_player())
        return self._apply(action)


OptionsT = TypeVar("OptionsT", bound=BaseModel)


class GameSpec(ABC, Generic[OptionsT]):
    """Stateless description of a game: the registry holds one instance per game id."""

    id: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: type[OptionsT]
    # the type `GameState.view` returns (a frozen dataclass): the wire decodes views into it
    view_type: ClassVar[type]

    @abstractmethod
    def new_game(self, seed: int, num_players: int,
                 options: OptionsT | Mapping[str, Any] | None = None, *, quiet: bool = False
                 ) -> tuple[GameState, list[Event]]:
        """A new game and the events of its setup (the opening shuffle and deal); `quiet=True`
        gives a quiet state and no events (the same state otherwise)."""

    @abstractmethod
    def determinize(self, view: Any, rng: GameRng) -> GameState:
        """A full state consistent with `view` (hidden cards sampled with `rng`), for search."""

    def bridge_answer(self, state: GameState, record_version: int) -> Action | None:
        """For replaying a record of an older version (core.match.RECORD_VERSION): the answer
        to a decision `state` asks that the rules of that version did not have (the record
        holds no answer to it), or None. Only a question with a single possible answer can be
        bridged. No game has one by default."""
        return None

    def check_players(self, num_players: int) -> None:
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                f"{self.id} takes {self.min_players}-{self.max_players} players, not {num_players}")

    def parse_options(self, options: OptionsT | Mapping[str, Any] | None, *,
                      recorded: bool = False) -> OptionsT:
        """Options from a model, a mapping, or None (defaults). Unknown keys are an error.

        `recorded=True` for the options of a game already played (a save, a record, a view of a
        game in progress): an options model may refuse a combination for a new game only (it
        sees `RECORDED` in its validation context) and must still take it from a record, so
        the record replays exactly (WIZ-V2)."""
        if options is None:
            return self.options_model()
        if isinstance(options, self.options_model):
            return options
        assert isinstance(options, Mapping)
        fields = self.options_model.model_fields
        unknown = sorted(set(options) - set(fields))
        if unknown:
            raise UnknownOptionError(
                f"unknown option(s) {', '.join(unknown)} for {self.id}; "
                f"valid: {', '.join(sorted(fields))}")
        try:
            return self.options_model.model_validate(
                dict(options), context=RECORDED_CONTEXT if recorded else None)
        except ValidationError as exc:
            # the first error's own words (a refused combination says why), not pydantic's
            # multi-line dump
            first = exc.errors()[0] if exc.errors() else None
            why = str(first.get("msg", exc)).removeprefix("Value error, ") if first else str(exc)
            where = ".".join(str(x) for x in first.get("loc", ())) if first else ""
            raise UnknownOptionError(
                f"bad option value for {self.id}: {where + ': ' if where else ''}{why}"
            ) from exc

    def bridge_options(self, options: dict[str, Any], record_version: int) -> dict[str, Any]:
        """The options of a record of an older version (core.match.RECORD_VERSION) as that
        version played them: an option added later, or whose default changed since, is filled
        in with the value the old version used, so the record replays as it was played. The
        options as given by default."""
        return options

    def record_notices(self, options: OptionsT) -> tuple[str, ...]:
        """Message keys to tell the person once when a saved game or record with these options
        is loaded (e.g. a combination a new game no longer allows: WIZ-V2). None by default."""
        return ()

    def undo_barrier(self, event: Event, seat: int) -> bool:
        """UNDO-1: whether `event` begins a stretch of play that the undo of `seat` (one person
        against computers) never reaches back across: by default a new round or deal
        (`round_started`: Cirno's round, 8½'s deal, Wizard's round)."""
        return event.kind == ROUND_STARTED

    def undo_barriers_crossed(self, state: GameState, seat: int) -> int:
        """How many `undo_barrier` events an undo by `seat` may still reach back across now
        (UNDO-1); none by default. Tanto Cuore: the start of the person's turn under way, so
        undo goes back to the start of their previous turn, never before."""
        return 0

    # the reason word `cardtable.history.undo.why_not` gives when UNDO-1 stops at a barrier
    undo_barrier_reason: ClassVar[str] = "round"

    # options whose default changed since the app began to remember setups: name -> the old
    # default. A remembered setup of before (`persist.Settings.setups_version`) holding the old
    # default takes the new one (the setup remembered every option, chosen or not).
    changed_defaults: ClassVar[dict[str, Any]] = {}

    # an option that holds one choice per seat, which the setup offers seat by seat (Wizard's
    # single-colour suits); None: the game has none. It is who takes what, not a variant of the
    # rules: statistics and replays do not tell games apart by it.
    seat_choice_option: ClassVar[str | None] = None

    def seat_choice_values(self, options: Mapping[str, Any], num_players: int
                           ) -> tuple[Any, ...]:
        """Every value of `seat_choice_option` a seat may take under `options` with
        `num_players`; empty when the setup offers no choice (the option then stays unset)."""
        return ()

    def seat_choices_open(self, chosen: Sequence[Any | None], seat: int) -> tuple[Any, ...]:
        """The values `seat` may choose while the other seats chose `chosen` (None: no choice,
        e.g. a computer)."""
        return ()

    def settle_seat_choices(self, chosen: Sequence[Any | None]) -> tuple[Any, ...]:
        """The option's value for a new game from each seat's choice (None: no choice, as for
        a computer: the rules choose for it)."""
        return tuple(chosen)

    def metrics(self, state: GameState) -> list[dict[str, float]]:
        """Per-seat game-specific figures of a finished game, for `cardtable simulate`."""
        return [{} for _ in range(state.num_players)]

    def count_action(self, player: int, action: Any, tally: dict[str, float]) -> None:
        """Add to `tally` (seat `player`'s per-game counts, merged into `metrics`) what taking
        `action` says, for `cardtable simulate` (e.g. events played); nothing by default. Only
        the simulator counts them (the app's statistics show `metrics` alone)."""

    # every key `count_action` may add, so a seat that never did one reports 0
    action_count_keys: ClassVar[tuple[str, ...]] = ()

    # name -> (numerator, denominator) metrics: `cardtable simulate` also reports, per agent,
    # the sum of one over the sum of the other (e.g. companions used per companion taken)
    metric_ratios: ClassVar[dict[str, tuple[str, str]]] = {}
