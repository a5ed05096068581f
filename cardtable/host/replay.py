"""A replay as a feed: a host whose seats answer from the record, stepped and sought from
outside (the replay scene, the move log's "as it was then").

    feed = ReplayFeed(match)        # a match replayed from its record (history.records)
    table = TableScene(app, feed.link, watch=True)
    feed.step(); feed.seek(120)     # the table gets updates / snapshots through its link

Whose view may be watched: any seat or a spectator; every hand (OMNISCIENT) only when the
recorded game is over, so a replay of an unfinished game never shows what was hidden.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.actions import Action
from cardtable.core.game import OMNISCIENT
from cardtable.core.match import Match
from cardtable.host.controllers import Scripted
from cardtable.host.host import MatchHost
from cardtable.host.link import LocalLink


class ReplayFeed:
    def __init__(self, full: Match) -> None:
        # the actions as replayed (an older record's bridged answers included)
        self._full = full
        self.actions: list[Action] = list(full.history)
        self.finished = full.state.is_terminal()
        n = full.num_players
        answer = Scripted(self._recorded, kind="recorded")
        self._host = MatchHost(full.truncated(0), [answer] * n, undo_rule="off",
                               show_all=self.finished)
        self.link = LocalLink(self._host)

    @classmethod
    def of(cls, loaded: Any) -> ReplayFeed:
        """The feed of a record that passed its checks (`history.records.LoadedRecord`)."""
        return cls(loaded.match)

    def _recorded(self, seq: int) -> Action:
        return self.actions[seq]

    @property
    def total(self) -> int:
        return len(self.actions)

    @property
    def position(self) -> int:
        return self._host.seq

    @property
    def at_end(self) -> bool:
        return self.position >= self.total

    @property
    def over(self) -> bool:
        """The game is over at this position."""
        return self._host.over

    def allowed_viewers(self) -> list[int | None]:
        seats: list[int | None] = [None, *range(self._full.num_players)]
        return [*seats, OMNISCIENT] if self.finished else seats

    def step(self) -> bool:
        """The next recorded action (its updates go to the link); False at the end."""
        if self.at_end:
            return False
        return self._host.pump(True) > 0

    def seek(self, n: int) -> None:
        """The table after `n` actions (clamped), as snapshots: nothing animates."""
        n = max(0, min(self.total, n))
        if n != self.position:
            self._host.reset_to(self._full.truncated(n))
