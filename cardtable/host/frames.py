"""What a table is sent: the seats it shows, and for one viewer an `Update` per action.

An update is everything a presenter (a table on a screen, a remote client, a test) may know at
one moment, for one viewer: the sequence number (actions applied so far), the events of the
last action redacted for that viewer, that viewer's view, who acts, the legal actions when that
viewer acts, and when the game is over a summary. `frame_for` is the one function that builds
an update; it is given the viewer's view and redacted events, never the state, the seed or the
record (those stay with the host).

A *snapshot* (`reset=True`) is sent on subscribing and after a jump (undo, a replay's seek):
the presenter rebuilds from `view` without animating, and `events` are then the recent past
(for the table's log), not news.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardtable.core.actions import Action
from cardtable.core.events import Event, Msg
from cardtable.core.match import Seat

if TYPE_CHECKING:
    from cardtable.coach.hints import Hint


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in a seat, as a table shows it (relative to the screen it is sent to)."""

    name: str = ""           # as given; "" is worded by the table ("Player 2", "Computer 3")
    person: bool = False     # a person plays this seat (here or elsewhere)
    here: bool = False       # ... a person at the screen this is sent to
    level: str | None = None  # the computer's level (a computer seat, or a stand-in)
    present: bool = True     # online: the person is connected
    stand_in: bool = False   # online: the computer plays this absent person's turns

    @property
    def computer(self) -> bool:
        return not self.person

    @classmethod
    def of(cls, seat: Seat) -> SeatInfo:
        """A recorded seat as a table shows it (nobody here: a record is watched)."""
        person = seat.kind == "human"
        return cls(name=seat.name, person=person, level=None if person else seat.agent)


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What does not change in a game: which game, how many seats, who sits where, and the
    options it is played with (public: every player knows the variant)."""

    game_id: str
    num_players: int
    seats: tuple[SeatInfo, ...]
    options: dict[str, Any] = field(default_factory=dict)

    def with_seats(self, seats: Sequence[SeatInfo]) -> TableInfo:
        return TableInfo(self.game_id, self.num_players, tuple(seats), self.options)


@dataclass(frozen=True, slots=True)
class UndoOffer:
    """What 悔棋 can do for this viewer now: `can`, else `reason` (a reason word, see
    `cardtable.history.undo.why_not`: "over", "wait", "none", "revealed", ...)."""

    can: bool
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class EndSummary:
    """A finished game, as every viewer may know it (everything is public once it is over):
    each seat's score, the winners, and the standings (groups of equals, best first)."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    standings: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Update:
    seq: int                              # actions applied so far
    viewer: int | None                    # whose view (None: a spectator, -1: every hand)
    view: Any                             # that viewer's view (the game's view type)
    events: tuple[Event, ...]             # redacted for `viewer`
    acting: int | None                    # who decides now (None: nobody, the game is over)
    legal: tuple[Action, ...] | None      # the legal actions, only when `viewer` acts
    actor: int | None = None              # who took the action reported (None: a snapshot)
    reset: bool = False                   # a snapshot: rebuild, do not animate (module doc)
    summary: EndSummary | None = None     # when the game is over
    undo: UndoOffer | None = None         # None: 悔棋 is not this viewer's (spectator, demo)
    hint: Hint | None = None              # the hint this viewer asked for this decision
    note: Msg | None = None               # a line to show once (an undo's label, a failure)

    @property
    def over(self) -> bool:
        return self.summary is not None


def frame_for(seq: int, viewer: int | None, view: Any, events: Sequence[Event],
              acting: int | None, legal: Sequence[Action] | None, *,
              actor: int | None = None, reset: bool = False,
              summary: EndSummary | None = None, undo: UndoOffer | None = None,
              hint: Hint | None = None, note: Msg | None = None) -> Update:
    """The update for `viewer`: built from that viewer's view and its redacted events only.
    The legal actions go only to the viewer who acts (they follow from its own view)."""
    if legal is not None and acting != viewer:
        raise ValueError("legal actions go only to the viewer who acts")
    return Update(seq, viewer, view, tuple(events), acting,
                  tuple(legal) if legal is not None else None, actor, reset, summary, undo,
                  hint, note)
