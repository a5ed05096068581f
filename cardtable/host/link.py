"""A table's line to a host: what a presenter is given, and all it is given.

A presenter (a game's table on this screen) never holds the host, the match or the state: it
holds a link. `LocalLink` is the line to a host in this process; a network client is another
link with the same methods. Through a link a table

- reads `info` (the game, the seats, the options) and `poll`s the updates of the viewers it
  shows (its own seat; at one screen shared by several people each of theirs and the
  spectator's, switched by the kit's visibility policy),
- hands a person's choice to that seat's controller (`act`), and asks for an undo, a hint, the
  move log or a picture of the past.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.core.actions import Action
from cardtable.host.frames import TableInfo, Update
from cardtable.host.host import MatchHost, RefusedError, UndoResult

if TYPE_CHECKING:
    from cardtable.history.movelog import LogEntry


class LocalLink:
    """The line from a table on this screen to a host in this process.

    `here`: the seats of the people at this screen (their views may be shown, under the
    visibility policy). The spectator's view is always followed; others on `watch`."""

    def __init__(self, host: MatchHost, here: Sequence[int] = ()) -> None:
        self.__host = host  # private: a table reaches the game only through these methods
        self.here = tuple(here)
        self.info: TableInfo = host.table_info(self.here)
        self._inbox: list[Update] = []
        self._sink = self._inbox_append  # one object, so that it can be unsubscribed
        self._watched: set[int | None] = set()
        for viewer in (None, *self.here):
            self.watch(viewer)

    # ------------------------------------------------------------ updates
    def may_watch(self, viewer: int | None) -> bool:
        return self.__host.may_watch(viewer)

    def watch(self, viewer: int | None) -> bool:
        """Follow `viewer`'s updates too (its snapshot comes first); False when not allowed
        (every hand while people play)."""
        if viewer in self._watched:
            return True
        if not self.__host.may_watch(viewer):
            return False
        self._watched.add(viewer)
        self.__host.subscribe(viewer, self._sink)
        return True

    def _inbox_append(self, update: Update) -> None:
        self._inbox.append(update)

    def poll(self, ready: bool = True) -> list[Update]:
        """Let the game go on (`ready`: the table may take a computer's move now) and take the
        updates that came since the last poll, in order."""
        self.__host.pump(ready)
        out, self._inbox = self._inbox, []
        return out

    def take(self) -> list[Update]:
        """The updates that came, without letting the game go on."""
        out, self._inbox = self._inbox, []
        return out

    # ------------------------------------------------------------ a person's requests
    def act(self, seat: int, seq: int, action: Action) -> str | None:
        """A person at this screen chose `action` at `seq`; None when it was taken, else why
        not ("stale", "not_your_turn", "illegal"; nothing changed)."""
        if seat not in self.here:
            return "not_your_turn"
        try:
            self.__host.act(seat, seq, action)
        except RefusedError as exc:
            return exc.code
        return None

    def undo(self, seat: int) -> UndoResult:
        if seat not in self.here:
            return UndoResult(False, "none")
        return self.__host.undo(seat)

    def hint(self, seat: int) -> str | None:
        if seat not in self.here:
            return "not_your_turn"
        return self.__host.hint(seat)

    # ------------------------------------------------------------ the past
    def move_log(self, viewer: int | None) -> list[LogEntry]:
        return self.__host.move_log(viewer) if viewer in self._watched or \
            self.__host.may_watch(viewer) else []

    def past(self, n: int, viewer: int | None) -> Update:
        return self.__host.past(n, viewer)

    @property
    def seq(self) -> int:
        return self.__host.seq

    def waiting(self) -> bool:
        """A computer is still thinking (headless drivers wait a little instead of spinning)."""
        return self.__host.waiting()

    def notices(self) -> list[str]:
        """Notices for the person (a record or statistics that could not be written)."""
        out = list(self.__host.notices)
        self.__host.notices.clear()
        return out

    def close(self) -> None:
        """The table is gone: stop following (the host plays on only if someone else pumps)."""
        self.__host.unsubscribe(self._sink)
        self._watched.clear()


class FixedLink:
    """A link to one moment that does not move on (the move log's picture of the past): its
    snapshot is all a table gets; a person can do nothing through it."""

    here: tuple[int, ...] = ()

    def __init__(self, info: TableInfo, snapshot: Update) -> None:
        self.info = info
        self._snapshot = snapshot
        self._inbox = [snapshot]

    def may_watch(self, viewer: int | None) -> bool:
        return viewer == self._snapshot.viewer

    def watch(self, viewer: int | None) -> bool:
        return self.may_watch(viewer)

    def poll(self, ready: bool = True) -> list[Update]:
        return self.take()

    def take(self) -> list[Update]:
        out, self._inbox = self._inbox, []
        return out

    def act(self, seat: int, seq: int, action: Action) -> str | None:
        return "not_your_turn"

    def undo(self, seat: int) -> UndoResult:
        return UndoResult(False, "none")

    def hint(self, seat: int) -> str | None:
        return "not_your_turn"

    def move_log(self, viewer: int | None) -> list[LogEntry]:
        return []

    def past(self, n: int, viewer: int | None) -> Update:
        raise PermissionError("a fixed moment has no past")

    @property
    def seq(self) -> int:
        return self._snapshot.seq

    def waiting(self) -> bool:
        return False

    def notices(self) -> list[str]:
        return []

    def close(self) -> None:
        self._inbox = []
