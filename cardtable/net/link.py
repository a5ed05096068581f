"""A table's line to a table server: the same methods as `cardtable.host.link.LocalLink`, over
a network client (pure: no pygame).

    client = Client(url, name="甲"); seated = client.join("ABCDEF")
    link = RemoteLink(client, seated)          # a game's table plays this seat, unchanged
    link = RemoteLink.connect(url, name, code=..., create=..., claim=...)

The client's network runs on its own thread and fills a `queue.Queue`; the table's frame loop
`poll`s the link, which drains that queue here, on the frame loop's thread. The server drives
the game (computers, stand-ins, undo): this link only paces what it hands the table, one
action at a time when the table is `ready` (so a computer's moves can be followed, as on one
screen), and every snapshot at once.

- A stale or illegal act is answered by the server with an error and a fresh snapshot: the
  snapshot is handed over with a `note` (`net.error.<code>`), which the table shows in its
  banner. A refused undo comes back as a note too.
- Presence frames update `info` (each seat's `present` / `stand_in`), which the table reads
  for its plates; `presence` keeps the last frame's list.
- Chat lines (a text, or a quick phrase sent as a key) are kept in `chat` (the last 50).
- A dropped connection (not a closing on purpose, not the seat claimed elsewhere) starts a
  reconnect on a thread: `reconnecting` is True until a new client has claimed the seat with
  its token (the server then sends a snapshot).
- The record comes when the game is over: `record` holds it, and `on_record` (the app's
  archive: replays and statistics) is called once with it.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from cardtable.core.actions import Action
from cardtable.core.events import Msg
from cardtable.host.frames import SeatInfo, TableInfo, Update
from cardtable.host.host import UndoResult
from cardtable.host.wire import decode_info
from cardtable.net.client import Client, ClientError

log = logging.getLogger(__name__)

CHAT_KEEP = 50
BACKLOG = 40          # updates waiting beyond this are handed over at once (catching up)
RETRY = (0.5, 1.0, 2.0, 3.0, 5.0)  # seconds between reconnect attempts (the last repeats)
NO_RETRY_CODES = (1000, 4001, 1008)  # closed on purpose, claimed elsewhere, refused
_DONE: Any = object()  # a hint job that was handed over


@dataclasses.dataclass(frozen=True, slots=True)
class ChatLine:
    seat: int | None
    name: str
    text: str | None     # a person's own words (shown as typed)
    phrase: str | None   # a quick phrase's key (each reader's own script: `net.phrase.<key>`)
    at: float


class RemoteLink:
    """The line from a table on this screen to one seat (or the spectator's place) at a table
    on a server. `here`: this screen's seat (empty when watching)."""

    def __init__(self, client: Client, seated: dict[str, Any], *,
                 on_record: Callable[[dict[str, Any], int | None], Any] | None = None,
                 connect: Callable[[], Client] | None = None) -> None:
        self._client = client
        self._connect = connect or (lambda: Client(client.url, client.name))
        self.url = client.url
        self.name = client.name
        self.room: str = seated["room"]
        self.seat: int | None = seated["seat"]
        self.token: str | None = seated.get("token") or client.token
        self.table: dict[str, Any] = seated["table"]
        self.here: tuple[int, ...] = () if self.seat is None else (self.seat,)
        self._base = decode_info(self.table)
        self.presence: list[dict[str, Any]] = []
        self.info: TableInfo = self._info()
        self.chat: list[ChatLine] = []
        self.chat_seen = 0
        self.record: dict[str, Any] | None = None
        self.on_record = on_record
        self.closed = False
        self.reconnecting = False
        self.gone: str | None = None  # why the table is lost for good (a close code's word)
        self.errors: list[dict[str, Any]] = []  # every error frame (for tests and the log)
        self._pending: list[Update] = []  # came, not handed to the table yet
        self._inbox: list[Update] = []    # handed over, not taken yet
        self._refused: str | None = None  # an error waiting for its snapshot
        self._latest: Update | None = None
        self._lock = threading.Lock()
        self._new_client: Client | None = None
        self._retry_thread: threading.Thread | None = None
        self._hint_pool: Any = None
        self._hint_job: tuple[int, Any] | None = None
        self.hinted = False  # a hint was asked (the game is marked so in the statistics)
        self._steps: list[tuple[int | None, list[Any]]] = []  # events this screen was sent
        self._first_snapshot(client.timeout)

    def _first_snapshot(self, timeout: float) -> None:
        """Wait for the seat's snapshot (it follows `seated`): a table is built from it."""
        deadline = time.monotonic() + timeout
        while self._latest is None:
            self._drain()
            self._release(False)
            if self._latest is not None or self.gone:
                return
            if time.monotonic() > deadline:
                raise ClientError(None, "no snapshot came")
            time.sleep(0.01)

    # ------------------------------------------------------------ construction
    @classmethod
    def connect(cls, url: str, name: str = "", *, create: dict[str, Any] | None = None,
                join: str | None = None, claim: tuple[str, int, str] | None = None,
                spectate: bool = False, timeout: float = 10,
                on_record: Callable[[dict[str, Any], int | None], Any] | None = None
                ) -> RemoteLink:
        """Connect and sit: `create` (the arguments of `Client.create`), `join` (a room code)
        or `claim` (room, seat, token). ClientError when the server refuses."""
        client = Client(url, name, timeout=timeout)
        try:
            if create is not None:
                seated = client.create(**create)
            elif claim is not None:
                seated = client.claim(*claim)
            elif join is not None:
                seated = client.join(join, spectate=spectate)
            else:
                raise ValueError("create, join or claim")
        except BaseException:
            client.close()
            raise
        return cls(client, seated, on_record=on_record,
                   connect=lambda: Client(url, name, timeout=timeout))

    # ------------------------------------------------------------ who sits where
    def _info(self) -> TableInfo:
        seats = []
        by_seat = {p.get("seat"): p for p in self.presence}
        for i, s in enumerate(self._base.seats):
            p = by_seat.get(i)
            here = i == self.seat
            if p is None:
                seats.append(dataclasses.replace(s, here=here))
                continue
            person = p.get("kind") != "computer"
            seats.append(SeatInfo(name=str(p.get("name") or s.name), person=person, here=here,
                                  level=p.get("level") if not person else
                                  ("normal" if p.get("stand_in") else None),
                                  present=bool(p.get("present", True)),
                                  stand_in=bool(p.get("stand_in", False))))
        return self._base.with_seats(seats)

    # ------------------------------------------------------------ frames
    def _drain(self) -> None:
        """Take every frame the network thread queued (on the caller's thread)."""
        self._swap_client()
        for frame in self._client.poll():
            self._on(frame)

    def _on(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind in ("snapshot", "update"):
            u: Update = frame["decoded"]
            if kind == "snapshot":
                if frame.get("presence"):
                    self._presence(frame["presence"])
                if self._refused is not None:
                    u = dataclasses.replace(u, note=Msg(f"net.error.{self._refused}"))
                    self._refused = None
                self._pending = [u]  # a snapshot replaces whatever had not been shown
                # the recent past, as one step (where one action's events end is not said)
                self._steps = [(None if u.seq == 0 else u.seq - 1, list(u.events))]
            else:
                self._pending.append(u)
                self._steps.append((u.seq - 1, list(u.events)))
        elif kind == "presence":
            self._presence(frame["seats"])
        elif kind == "chat":
            self.chat.append(ChatLine(frame.get("seat"), str(frame.get("name") or ""),
                                      frame.get("text"), frame.get("phrase"), time.monotonic()))
            del self.chat[:-CHAT_KEEP]
        elif kind == "record":
            if self.record is None:
                self.record = frame["record"]
                if self.on_record is not None:
                    try:
                        record = self.record
                        if self.hinted and self.seat is not None:
                            mark = f"hint:{self.seat}"
                            record = {**record, "assists": [*record.get("assists", []), mark]}
                        self.on_record(record, self.seat)
                    except Exception:  # the game is over either way; the log says why
                        log.exception("the finished online game could not be kept")
        elif kind == "error":
            self.errors.append(frame)
            code = str(frame.get("code"))
            if frame.get("about") == "act":
                self._refused = code  # its snapshot follows
            elif frame.get("about") == "undo":
                self._note(Msg(f"history.undo.banner.{frame.get('detail') or 'none'}"))
            elif code in ("chat", "rate"):
                self._note(Msg(f"net.error.{code}"))
            log.info("the server refused: %s %s", code, frame.get("detail"))
        elif kind == "closed":
            self._closed(frame)
        elif kind == "seated":  # a reclaim on a new client (its snapshot follows)
            self.token = frame.get("token") or self.token
            self.table = frame["table"]
            self._base = decode_info(self.table)
            self.info = self._info()

    def _presence(self, seats: list[dict[str, Any]]) -> None:
        self.presence = list(seats)
        self.info = self._info()

    def _note(self, note: Msg) -> None:
        """A line for the person with no news of the game (an update with no actor)."""
        base = self._pending[-1] if self._pending else self._latest
        if base is None:
            return
        self._pending.append(dataclasses.replace(base, actor=None, reset=False, note=note,
                                                 events=()))

    # ------------------------------------------------------------ reconnecting
    def _closed(self, frame: dict[str, Any]) -> None:
        code = int(frame.get("code") or 1006)
        if self.closed:
            return
        if code in NO_RETRY_CODES or self.seat is None or self.token is None:
            self.gone = "claimed" if code == 4001 else "closed"
            return
        if self.reconnecting:
            return
        self.reconnecting = True
        self._retry_thread = threading.Thread(target=self._retry, name="table-reconnect",
                                              daemon=True)
        self._retry_thread.start()

    def _retry(self) -> None:
        attempt = 0
        while not self.closed:
            time.sleep(RETRY[min(attempt, len(RETRY) - 1)])
            attempt += 1
            try:
                client = self._connect()
            except (OSError, ClientError, TimeoutError) as exc:
                log.info("reconnect %d failed: %s", attempt, exc)
                continue
            except Exception as exc:  # websockets' own errors (an invalid handshake ...)
                log.info("reconnect %d failed: %s", attempt, exc)
                continue
            try:
                assert self.seat is not None and self.token is not None
                client.send({"type": "claim", "room": self.room, "seat": self.seat,
                             "token": self.token})
            except Exception as exc:
                log.info("reclaim %d failed: %s", attempt, exc)
                continue
            with self._lock:
                self._new_client = client
            return

    def _swap_client(self) -> None:
        with self._lock:
            new, self._new_client = self._new_client, None
        if new is None:
            return
        self._client = new
        self.reconnecting = False
        log.info("reconnected to table %s, seat %s", self.room, self.seat)

    # ------------------------------------------------------------ updates (LocalLink's)
    def may_watch(self, viewer: int | None) -> bool:
        return viewer == self.seat

    def watch(self, viewer: int | None) -> bool:
        return viewer == self.seat

    def poll(self, ready: bool = True) -> list[Update]:
        """What came, paced: every snapshot and note at once, one action's update when the
        table is `ready` (all of them when far behind)."""
        self._drain()
        self._collect_hint()
        self._release(ready)
        return self.take()

    def _release(self, ready: bool) -> None:
        while self._pending:
            u = self._pending[0]
            if not (u.reset or u.actor is None or ready or len(self._pending) > BACKLOG):
                break
            self._pending.pop(0)
            self._inbox.append(u)
            self._latest = u
            if not (u.reset or u.actor is None) and len(self._pending) <= BACKLOG:
                break  # one action at a time

    def take(self) -> list[Update]:
        out, self._inbox = self._inbox, []
        return out

    # ------------------------------------------------------------ a person's requests
    def act(self, seat: int, seq: int, action: Action) -> str | None:
        """Sent; the server's answer comes as an update (taken) or as an error with a fresh
        snapshot (refused: its note says why). None unless it could not be sent."""
        if seat != self.seat:
            return "not_your_turn"
        if self.reconnecting or self.gone:
            return "offline"
        try:
            self._client.act(seq, action)
        except Exception as exc:  # the connection just went: the reconnect resends nothing
            log.info("act not sent: %s", exc)
            return "offline"
        return None

    def undo(self, seat: int) -> UndoResult:
        if seat != self.seat or self.reconnecting or self.gone:
            return UndoResult(False, "none")
        try:
            self._client.undo()
        except Exception:
            return UndoResult(False, "none")
        return UndoResult(True)  # the snapshots follow (or a refusal, shown as a note)

    def hint(self, seat: int) -> str | None:
        """Ask the hard AI about this person's decision, here, from their own view only (the
        server is not asked: it could not stop it anyway); the hint comes as an update, and
        the game is marked as helped in this person's statistics."""
        u = self._latest
        if seat != self.seat or u is None or u.acting != seat or not u.legal or u.over:
            return "not_your_turn"
        if self._hint_job is not None and self._hint_job[0] == u.seq:
            return None  # already asked for this decision
        from concurrent.futures import ThreadPoolExecutor

        from cardtable.coach.hints import compute_hint
        if self._hint_pool is None:
            self._hint_pool = ThreadPoolExecutor(1, thread_name_prefix="online-hint")
        seed = (u.seq * 7919 + seat * 104729 + 1) & ((1 << 62) - 1)
        self._hint_job = (u.seq, self._hint_pool.submit(
            compute_hint, self.info.game_id, u.view, list(u.legal), seed))
        self.hinted = True
        return None

    def _collect_hint(self) -> None:
        job = self._hint_job
        if job is None or job[1] is _DONE or not job[1].done():
            return
        seq, future = job
        self._hint_job = (seq, _DONE)
        latest = self._pending[-1] if self._pending else self._latest
        if latest is None or latest.seq != seq:
            return  # the game went on: the hint is for a question no longer asked
        try:
            hint = future.result()
        except Exception:
            log.exception("the hint could not be worked out")
            self._note(Msg("coach.hint.failed"))
            return
        self._pending.append(dataclasses.replace(latest, actor=None, reset=False, events=(),
                                                 note=None, hint=hint))

    def send_chat(self, text: str | None = None, phrase: str | None = None) -> bool:
        if self.reconnecting or self.gone:
            return False
        try:
            self._client.chat(text=text, phrase=phrase)
        except Exception:
            return False
        return True

    # ------------------------------------------------------------ the past
    def move_log(self, viewer: int | None) -> list[Any]:
        """The moves in words, from the events this screen was sent (since the game began, or
        since the last snapshot's recent past after a reconnect or an undo)."""
        if viewer != self.seat:
            return []
        from cardtable.history.movelog import entries_of
        return entries_of(self.info.game_id, self._steps, viewer)

    def past(self, n: int, viewer: int | None) -> Update:
        raise PermissionError("an online table keeps no pictures of the past here")

    @property
    def seq(self) -> int:
        return self._latest.seq if self._latest is not None else 0

    def waiting(self) -> bool:
        """Something came and is not handed over yet (headless drivers keep polling)."""
        return bool(self._pending) or self.reconnecting

    def notices(self) -> list[str]:
        return []

    def close(self) -> None:
        """This screen leaves the table (the seat's token still reclaims it)."""
        if self.closed:
            return
        self.closed = True
        if self._hint_pool is not None:
            self._hint_pool.shutdown(wait=False, cancel_futures=True)
        try:
            self._client.close()
        except Exception:
            pass


def keep_finished(record: dict[str, Any], seat: int | None = None) -> str | None:
    """A finished online game's record (sent at game over) to this person's replays and
    statistics, as a game played here is (`history.archive`); `seat`: this person's, whose
    view the replay opens at (kept in the file's result as `viewer`). The notice when either
    could not be written."""
    from cardtable.core.match import MatchRecord
    from cardtable.games import match_from_record
    from cardtable.history.archive import archive_finished
    from cardtable.history.records import match_result, write_record
    match = match_from_record(MatchRecord.model_validate(record))
    kept = archive_finished(match)
    if kept.path is not None and seat is not None:
        result = match_result(match) or {}
        try:
            write_record(kept.path, match.record(), {**result, "viewer": seat})
        except OSError as exc:
            log.warning("the replay's own view could not be noted: %s", exc)
    return kept.notice
