"""Who may see private faces on this screen right now: decided here, once, for every table.

Input: each seat's controller (a person at this screen, the computer, later a person at another
machine). With exactly one person at the screen their view is always drawn. With none, the
spectator's view (the demo may show everything). With two or more (hot-seat), a private face is
drawn only for the person whose decision it is, from the moment their pass-device curtain is
lifted until that decision is over; at every other moment (computer turns, the animation of the
action that ended the decision, round and game dialogs, results) the table draws the spectator's
view. Cards the rules make public stay visible through the rules' own spectator view.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardtable.core.events import GAME_OVER, ROUND_ENDED, Event

HUMAN = "human"  # a person at this screen
AI = "ai"
REMOTE = "remote"  # a person at another machine: never shown here

# events after which a decision is over even if the same person acts next (a dialog comes up)
ENDS_DECISION = frozenset({ROUND_ENDED, GAME_OVER})


@dataclass
class VisibilityPolicy:
    controllers: Sequence[str]
    unlocked: int | None = None  # the person between their curtain and the end of their decision
    anchor: int | None = None  # the seat drawn at the bottom (layout only)

    def __post_init__(self) -> None:
        if self.anchor is None:
            self.anchor = self.humans[0] if self.humans else None
        if not self.hotseat:
            self.unlocked = None

    @property
    def humans(self) -> list[int]:
        return [i for i, c in enumerate(self.controllers) if c == HUMAN]

    @property
    def hotseat(self) -> bool:
        return len(self.humans) >= 2

    def viewer(self) -> int | None:
        """The seat whose private faces may be drawn now (None: the spectator's view)."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        if not humans:
            return None
        return self.unlocked

    def needs_curtain(self, acting: int | None) -> bool:
        """A person at this screen must act and the screen is not theirs yet."""
        return (self.hotseat and acting is not None and acting in self.humans
                and self.unlocked != acting)

    def unlock(self, seat: int) -> None:
        """Their curtain was lifted: the screen is theirs until their decision is over."""
        if self.hotseat and seat in self.humans:
            self.unlocked = seat
            self.anchor = seat

    def lock(self) -> None:
        self.unlocked = None

    def after_action(self, acting: int | None, next_actor: int | None, terminal: bool,
                     events: Iterable[Event] = ()) -> bool:
        """Called after `acting` took an action; True when that ended their decision and the
        screen went back to the spectator's view."""
        if not self.hotseat or self.unlocked is None or acting != self.unlocked:
            return False
        over = (terminal or next_actor != acting
                or any(e.kind in ENDS_DECISION for e in events))
        if over:
            self.unlocked = None
        return over
