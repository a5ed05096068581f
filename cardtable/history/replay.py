"""Stepping through a recorded game (pure): the model behind the replay scene and the move-log
"show the table as it was then" view.

    r = Replayer(record)            # at position 0: the table after the deal
    events = r.step()               # apply the next action: its raw events (redact per viewer)
    r.seek(120); r.back(); r.view(viewer)

Seeking backwards restores the nearest snapshot (a `state.clone()` kept every `snapshot_every`
actions) and replays forward, so any seek costs at most `snapshot_every` actions. Whose view to
watch: any seat or a spectator; every hand (`OMNISCIENT`) only when the recorded game is over
(`can_show_all`), so a replay of an unfinished game never shows what was hidden.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.actions import Action
from cardtable.core.events import Event, redact
from cardtable.core.game import OMNISCIENT, GameSpec, GameState
from cardtable.core.match import MatchRecord


class Replayer:
    def __init__(self, record: MatchRecord, spec: GameSpec[Any] | None = None,
                 snapshot_every: int = 32) -> None:
        if spec is None:
            from cardtable.games import get_spec
            spec = get_spec(record.game_id)
        self.spec = spec
        self.record = record
        self.actions = [Action.from_json(a) for a in record.actions]
        self.snapshot_every = max(1, snapshot_every)
        state, events = spec.new_game(record.seed, record.num_players,
                                      spec.parse_options(record.options, recorded=True))
        self.setup_events: list[Event] = list(events)
        self.state: GameState = state
        self.position = 0
        self.last_events: list[Event] = list(events)
        self._snapshots: dict[int, GameState] = {0: state.clone()}
        self._finished: bool | None = None

    @property
    def total(self) -> int:
        return len(self.actions)

    @property
    def at_end(self) -> bool:
        return self.position >= self.total

    def actor(self) -> int | None:
        """Who takes the next action (None at the end)."""
        return None if self.at_end else self.state.current_player()

    def step(self) -> list[Event]:
        """Apply the next action; returns its raw events (empty at the end)."""
        if self.at_end:
            return []
        events = self.state.apply(self.actions[self.position])
        self.position += 1
        if self.position % self.snapshot_every == 0 and self.position not in self._snapshots:
            self._snapshots[self.position] = self.state.clone()
        self.last_events = events
        return events

    def seek(self, n: int) -> None:
        """Go to the table after `n` actions (clamped to 0..total)."""
        n = max(0, min(self.total, n))
        if n < self.position:
            base = max(k for k in self._snapshots if k <= n)
            self.state = self._snapshots[base].clone()
            self.position = base
            self.last_events = self.setup_events if base == 0 else []
        while self.position < n:
            self.step()

    def back(self) -> None:
        self.seek(self.position - 1)

    @property
    def can_show_all(self) -> bool:
        """Whether every hand may be shown: only for a record of a finished game."""
        if self._finished is None:
            if self.at_end:
                self._finished = self.state.is_terminal()
            else:
                keep = self.position
                self.seek(self.total)
                self._finished = self.state.is_terminal()
                self.seek(keep)
        return self._finished

    def allowed_viewers(self) -> list[int | None]:
        seats: list[int | None] = [None, *range(self.record.num_players)]
        return [*seats, OMNISCIENT] if self.can_show_all else seats

    def view(self, viewer: int | None) -> Any:
        if viewer == OMNISCIENT and not self.can_show_all:
            raise PermissionError("every hand is shown only for a finished game")
        return self.state.view(viewer)

    def events_for(self, viewer: int | None) -> list[Event]:
        """The last step's events as `viewer` may see them."""
        if viewer == OMNISCIENT and not self.can_show_all:
            raise PermissionError("every hand is shown only for a finished game")
        return [redact(e, viewer) for e in self.last_events]
