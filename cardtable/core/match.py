"""A match: a state plus its seats, the append-only action history and the event log.

`MatchRecord` (pydantic, JSON) is the save file, the replay file and the bug report: game id,
seed, options, seats and actions. Replaying a record reproduces the identical event log, because
every game is deterministic from its seed and actions.
"""

from __future__ import annotations

import logging
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from cardtable.core.actions import Action
from cardtable.core.errors import IllegalActionError
from cardtable.core.events import Event, redact
from cardtable.core.game import GameSpec, GameState

# 1: the first format. 2: Tanto Cuore asks every event target the Claire question (TC-E1);
# a version-1 record lacks those single "decline" answers, which a replay supplies.
# 3: Cirno's DOUBLE continues from the first card's total by default (CIRNO-D4, revised); an
# older record that names no reading played the second card's (`GameSpec.bridge_options`).
RECORD_VERSION = 3

log = logging.getLogger(__name__)


# the longest seat name: what the name fields let a person type (setup, score pad), and what
# a name read from a file (settings, a save, a record) is cut to (`cardtable.persist`)
NAME_MAX_LEN = 10


class Seat(BaseModel):
    """Who sits in a seat: a human (with a name) or an AI agent (kind such as easy/normal/hard)."""

    # the validators are built on first use, not at import: the title's first frame needs no
    # record, and building them costs start-up time
    model_config = ConfigDict(defer_build=True)

    kind: Literal["human", "ai"] = "ai"
    name: str = ""
    agent: str = "normal"


class MatchRecord(BaseModel):
    model_config = ConfigDict(defer_build=True)

    version: int = RECORD_VERSION
    game_id: str
    seed: int
    num_players: int
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[Seat] = Field(default_factory=list)
    actions: list[dict[str, Any]] = Field(default_factory=list)
    # help the people had: "undo" (a move taken back) or "hint", with the seat of the person
    # who had it ("hint:1"); a bare kind (records before the seat was kept) is the whole
    # table's. Statistics mark such games for that person.
    assists: list[str] = Field(default_factory=list)
    # what reading this record from a file changed or has to say, once (message keys with
    # parameters, `cardtable.persist.Notice`): set by the loaders, never written
    _load_notices: list[str] = PrivateAttr(default_factory=list)

    @property
    def load_notices(self) -> list[str]:
        return self._load_notices


def record_options(record: MatchRecord, spec: GameSpec[Any]) -> dict[str, Any]:
    """A record's options as its version played them: an older record keeps what it was played
    with also where a default changed since (`GameSpec.bridge_options`). Every reader of
    records (the autosave, record files, replays, statistics) reads them through this."""
    if record.version < RECORD_VERSION:
        return spec.bridge_options(dict(record.options), record.version)
    return dict(record.options)


class Match:
    def __init__(self, spec: GameSpec[Any], seed: int, num_players: int,
                 options: dict[str, Any] | None = None, seats: list[Seat] | None = None, *,
                 quiet: bool = False, recorded: bool = False,
                 _state: tuple[GameState, list[Event]] | None = None) -> None:
        """A new game from `seed`. `quiet`: a quiet state (no events, `GameState.quiet`) and
        no undo bookkeeping, for play that nobody watches (`cardtable simulate`).
        `recorded=True` when it replays a game already played (a save, a record:
        `GameSpec.parse_options` then takes a combination a new game refuses)."""
        self.spec = spec
        self.seed = seed
        self.num_players = num_players
        self.options = spec.parse_options(options or {}, recorded=recorded)
        self.seats = seats if seats is not None else [Seat() for _ in range(num_players)]
        self.quiet = quiet
        state, events = _state if _state is not None else spec.new_game(
            seed, num_players, self.options, quiet=quiet)
        self.state: GameState = state
        self.history: list[Action] = []
        self.log: list[Event] = list(events)
        # index into `log` where the events of each action begin (log[:marks[0]] is the setup)
        self.marks: list[int] = []
        # per action: the seat that took it, and whether it used the game's RNG (for undo)
        self.actors: list[int | None] = []
        self.random_steps: list[bool] = []
        # undo (cardtable.history.undo) never goes back before this many actions
        self.undo_floor = 0
        self.assists: list[str] = []  # see MatchRecord.assists
        # a match over an arranged state (`from_state`): that state and its events, to replay
        # from (its record's seed did not deal it)
        self._start: tuple[GameState, list[Event]] | None = None

    @classmethod
    def from_state(cls, spec: GameSpec[Any], state: GameState, events: list[Event],
                   seats: list[Seat], seed: int = 0) -> Match:
        """A match over a state built some other way (a lesson's arranged deal); its record
        does not replay it (the seed did not deal it)."""
        match = cls(spec, seed, state.num_players, getattr(state, "options", None), seats,
                    _state=(state, list(events)))
        match._start = (state.clone(), list(events))
        return match

    def submit(self, action: Action, *, check: bool = True) -> list[Event]:
        """Apply `action` (IllegalActionError when it is not legal; `check=False` for a caller
        that just took it from `legal_actions()`)."""
        actor = self.state.current_player()
        if self.quiet:
            events = self.state.apply(action, check=check)
            self.history.append(action)
            return events
        rng_before = self.state.rng.getstate()
        events = self.state.apply(action, check=check)
        self.marks.append(len(self.log))
        self.history.append(action)
        self.actors.append(actor)
        self.random_steps.append(self.state.rng.getstate() != rng_before)
        self.log.extend(events)
        return events

    def action_events(self, n: int) -> list[Event]:
        """The (unredacted) events of action `n` (0-based)."""
        end = self.marks[n + 1] if n + 1 < len(self.marks) else len(self.log)
        return self.log[self.marks[n]:end]

    def truncated(self, n: int) -> Match:
        """A new match replayed from this one's first `n` actions (this one is untouched)."""
        if not 0 <= n <= len(self.history):
            raise ValueError(f"cannot keep {n} of {len(self.history)} actions")
        if self._start is not None:
            state, events = self._start
            match = Match.from_state(self.spec, state.clone(), events, list(self.seats),
                                     self.seed)
            for action in self.history[:n]:
                match.submit(action)
            match.assists = list(self.assists)
        else:
            record = self.record()
            record.actions = record.actions[:n]
            match = Match.from_record(record, self.spec)
        match.undo_floor = min(self.undo_floor, n)
        return match

    def note_assist(self, kind: str, seat: int | None = None) -> None:
        """The person in `seat` (None: every person at the table) had help of this kind in
        this game (kept in the record)."""
        entry = kind if seat is None else f"{kind}:{seat}"
        if entry not in self.assists:
            self.assists.append(entry)

    def assisted(self, kind: str, seat: int) -> bool:
        """The person in `seat` had help of this kind in this game."""
        return kind in self.assists or f"{kind}:{seat}" in self.assists

    def events_for(self, viewer: int | None, since: int = 0) -> list[Event]:
        return [redact(e, viewer) for e in self.log[since:]]

    def record(self) -> MatchRecord:
        return MatchRecord(
            game_id=self.spec.id, seed=self.seed, num_players=self.num_players,
            options=self.options.model_dump(), seats=list(self.seats),
            actions=[a.to_json() for a in self.history], assists=list(self.assists))

    @classmethod
    def from_record(cls, record: MatchRecord, spec: GameSpec[Any]) -> Match:
        """Replay `record` of the game `spec` (`cardtable.games.match_from_record` looks the
        spec up by the record's game id); an action that is not legal raises
        IllegalActionError. A record of an older version that does not replay as it is gets
        the answers its rules did not ask for (`replay_action`)."""
        if record.version > RECORD_VERSION:
            raise ValueError(f"record version {record.version} is newer than {RECORD_VERSION}")
        try:
            return cls._replayed(record, spec, bridge_from=None)
        except IllegalActionError:
            if record.version >= RECORD_VERSION:
                raise
            return cls._replayed(record, spec, bridge_from=record.version)

    @classmethod
    def _replayed(cls, record: MatchRecord, spec: GameSpec[Any], bridge_from: int | None
                  ) -> Match:
        match = cls(spec, record.seed, record.num_players, record_options(record, spec),
                    record.seats, recorded=True)
        match.assists = list(record.assists)
        for raw in record.actions:
            match.replay_action(Action.from_json(raw), bridge_from)
        return match

    def replay_action(self, action: Action, bridge_from: int | None = None) -> None:
        """Submit a recorded `action`. With `bridge_from` (the version of an older record),
        first the answers to decisions the rules of that version did not have
        (`GameSpec.bridge_answer`, e.g. Tanto Cuore's Claire question, version 2), so a save
        survives the rules change. A record is replayed strictly first: only when that fails
        is it replayed bridged (a record can already hold the answers, if written in between)."""
        if bridge_from is not None:
            for _ in range(8):  # a few questions at most before one recorded action
                answer = self.spec.bridge_answer(self.state, bridge_from)
                if answer is None:
                    break
                log.info("replay of a version %d record: answering %s with %s",
                         bridge_from, self.state.phase, answer)
                self.submit(answer)
        self.submit(action)
