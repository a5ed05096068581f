"""A table online: one `MatchHost`, its seats, the people at them, and the watchers.

A remote person is one more `Person` controller of the host: their `act` frames are handed to
`MatchHost.act`, which refuses a stale, out-of-turn or illegal answer and changes nothing.
Computers think on the server's worker; one driver per table (`kick`) applies their answers,
and an answer that comes after its question was withdrawn (an undo, a person reclaiming the
seat) is dropped by the host.

Seats: "person" and "open" seats are taken by people (the creator's, then by joining), each
with a token (only its hash is kept) that reclaims the seat later; "computer" seats are played
by a computer at its level. A person who goes away is shown absent at once, and after the
grace period the computer plays their turns (a stand-in, `MatchHost.replace_controller`); the
person reclaims the seat with the token at any time (the old connection is closed, the new one
gets a snapshot). Watchers get the spectator's view.

Everything here runs on the server's event loop thread; nothing here knows about sockets: a
connection is anything with `send(frame)`, `close(code, reason)`, `name` and `bucket`s.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import secrets
import time
import unicodedata
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from cardtable.core.actions import Action
from cardtable.core.match import Match, MatchRecord, Seat
from cardtable.host.controllers import Computer, Person, SeatController, seeded_rng
from cardtable.host.host import MatchHost, RefusedError
from cardtable.host.wire import encode_info
from cardtable.net import protocol as P

log = logging.getLogger(__name__)

STORE_FORMAT = 1


class Conn(Protocol):
    name: str

    def send(self, frame: dict[str, Any]) -> None: ...
    def close(self, code: int = 1000, reason: str = "") -> None: ...


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_code(taken: Callable[[str], bool]) -> str:
    while True:
        code = "".join(secrets.choice(P.CODE_ALPHABET) for _ in range(P.CODE_LENGTH))
        if not taken(code):
            return code


@dataclass
class TableOptions:
    undo: bool = True          # undo under the strict rule (UNDO-2)
    grace: float = 30.0        # seconds before the computer stands in for a person who left
    stand_in: str = "normal"   # the stand-in computer's level


@dataclass
class Slot:
    kind: str                  # "person" | "open" | "computer" (the creator's plan)
    name: str = ""
    level: str | None = None   # a computer seat's level
    token_hash: str | None = None  # taken by a person (who holds the token)
    conn: Conn | None = None   # connected now
    stand_in: bool = False     # the computer plays this absent person's turns
    timer: Any = None          # the grace period's timer
    left_at: float | None = None

    @property
    def taken(self) -> bool:
        return self.token_hash is not None


class _Worker:
    """The server's thread pool, waking the table's driver when an answer is in."""

    def __init__(self, pool: Executor, wake: Callable[[], None]) -> None:
        self.pool = pool
        self.wake = wake

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        fut = self.pool.submit(fn, *args)
        fut.add_done_callback(lambda _f: self.wake())
        return fut


def _clean_text(text: str) -> str:
    """A chat line without control characters (no line breaks, no bidi overrides)."""
    return "".join(ch for ch in text if unicodedata.category(ch)[0] != "C").strip()


class Room:
    def __init__(self, code: str, match: Match, slots: list[Slot], options: TableOptions, *,
                 pool: Executor | None, call_soon: Callable[[Callable[[], None]], None],
                 call_later: Callable[[float, Callable[[], None]], Any],
                 data_dir: Path | None = None) -> None:
        self.code = code
        self.slots = slots
        self.options = options
        self.data_dir = data_dir
        self.call_soon = call_soon
        self.call_later = call_later
        self.watchers: list[Conn] = []
        self.closed = False
        self._record_sent = False
        self._kicked = False
        self.actions_applied = 0
        self.failures = 0  # exceptions while the game went on (a bug; tests expect none)
        self._worker = _Worker(pool, self._wake) if pool is not None else None
        self._seed = match.seed
        controllers: list[SeatController] = []
        for i, slot in enumerate(slots):
            if slot.kind == "computer":
                controllers.append(self._computer(match.spec.id, i, slot.level or "normal"))
            else:
                controllers.append(Person())
        self.host = MatchHost(match, controllers,
                              undo_rule="strict" if options.undo else "off", hints=False)
        self._file: Any = None  # the table's file, open for appending one line per action
        if data_dir is not None:
            self.host.on_action.append(self._saved_action)
        self._sinks: dict[int, Callable[[Any], None]] = {}  # id(conn) -> its host sink

    # ------------------------------------------------------------ computers
    def _computer(self, game_id: str, seat: int, level: str) -> Computer:
        from cardtable.games import make_agent
        agent = make_agent(game_id, level, self._seed * 31 + seat)
        return Computer(agent, level, seeded_rng(self._seed), self._worker)  # type: ignore[arg-type]

    def _wake(self) -> None:  # from a worker thread
        try:
            self.call_soon(self.kick)
        except RuntimeError:  # the loop is closed: the server is gone
            pass

    def kick(self) -> None:
        """Let the game go on: apply every answer that is in, ask the next seat."""
        if self._kicked or self.closed:
            return
        self._kicked = True
        try:
            while not self.closed:
                if not self.host.pump(True):
                    break
                self.actions_applied += 1
        except Exception:
            self.failures += 1
            log.exception("table %s: the game could not go on", self.code)
        finally:
            self._kicked = False
        self._after_change()

    def _after_change(self) -> None:
        if self.host.over and not self._record_sent:
            self._record_sent = True
            frame = P.record_frame(self.host.record().model_dump(mode="json"), True)
            for conn in self.conns():
                conn.send(frame)

    # ------------------------------------------------------------ who is here
    def conns(self) -> list[Conn]:
        return [s.conn for s in self.slots if s.conn is not None] + list(self.watchers)

    def seat_of(self, conn: Conn) -> int | None:
        for i, s in enumerate(self.slots):
            if s.conn is conn:
                return i
        return None

    def presence(self) -> list[dict[str, Any]]:
        return [{"seat": i, "kind": s.kind, "name": s.name, "level": s.level,
                 "taken": s.taken or s.kind == "computer",
                 "present": s.conn is not None or s.kind == "computer",
                 "stand_in": s.stand_in} for i, s in enumerate(self.slots)]

    def table(self) -> dict[str, Any]:
        info = encode_info(self.host.table_info())
        for seat, s in zip(info["seats"], self.slots, strict=True):
            seat["name"] = s.name
        info["undo"] = self.options.undo
        info["grace"] = self.options.grace
        return info

    def _broadcast_presence(self) -> None:
        frame = P.presence_frame(self.presence())
        for conn in self.conns():
            conn.send(frame)

    def _subscribe(self, conn: Conn, viewer: int | None) -> None:
        game = self.host.game_id

        def sink(update: Any) -> None:
            conn.send(P.seat_frame(update, game, self.presence() if update.reset else None))

        self._sinks[id(conn)] = sink
        self.host.subscribe(viewer, sink)
        if self.host.over:
            conn.send(P.record_frame(self.host.record().model_dump(mode="json"), True))

    def _unsubscribe(self, conn: Conn) -> None:
        sink = self._sinks.pop(id(conn), None)
        if sink is not None:
            self.host.unsubscribe(sink)

    # ------------------------------------------------------------ seats
    def _seated(self, conn: Conn, seat: int | None, token: str | None) -> None:
        conn.send(P.seated(self.code, seat, token, self.table()))
        self._subscribe(conn, seat)
        self._broadcast_presence()
        self.kick()

    def pick_seat(self, seat: int | None) -> int:
        """The open seat a join takes (None: the first one not taken); ProtocolError when
        there is none (checked before the person leaves anything)."""
        if seat is None:
            free = [i for i, s in enumerate(self.slots) if s.kind != "computer" and not s.taken]
            if not free:
                raise P.ProtocolError("no_seat", "every seat is taken")
            seat = free[0]
        if not 0 <= seat < len(self.slots) or self.slots[seat].kind == "computer":
            raise P.ProtocolError("no_seat", f"seat {seat} is not a person's")
        slot = self.slots[seat]
        if slot.taken:
            raise P.ProtocolError("seat_taken", f"seat {seat} is taken")
        return seat

    def sit(self, conn: Conn, seat: int | None, name: str) -> None:
        """Take an open seat (None: the first one not taken)."""
        seat = self.pick_seat(seat)
        slot = self.slots[seat]
        token = secrets.token_urlsafe(24)
        slot.token_hash = hash_token(token)
        slot.name = name or slot.name
        self.host.name_seat(seat, slot.name)
        slot.conn = conn
        self.store()
        self._seated(conn, seat, token)

    def watch(self, conn: Conn) -> None:
        self.watchers.append(conn)
        self._seated(conn, None, None)

    def claim(self, conn: Conn, seat: int, token: str) -> None:
        """The person of `seat` again (a new connection, the token they were given)."""
        self.check_token(seat, token)
        slot = self.slots[seat]
        old = slot.conn
        if old is conn:
            self.resync(conn)
            return
        if old is not None:
            self._unsubscribe(old)
            slot.conn = None
            old.close(4001, "the seat was claimed by another connection")
        if slot.timer is not None:
            slot.timer.cancel()
            slot.timer = None
        if slot.stand_in:
            self.host.replace_controller(seat, Person())  # the computer's question is void
            slot.stand_in = False
        slot.conn = conn
        slot.left_at = None
        self._seated(conn, seat, token)

    def check_token(self, seat: int, token: str) -> None:
        if not 0 <= seat < len(self.slots) or not self.slots[seat].taken:
            raise P.ProtocolError("bad_token", "no such seat to reclaim")
        if not hmac.compare_digest(self.slots[seat].token_hash or "", hash_token(token)):
            raise P.ProtocolError("bad_token", "that is not this seat's token")

    def gone(self, conn: Conn, *, left: bool = False) -> None:
        """A connection closed (or said leave): absent now; the computer stands in after the
        grace period (at once when the person left on purpose)."""
        self._unsubscribe(conn)
        if conn in self.watchers:
            self.watchers.remove(conn)
            return
        seat = self.seat_of(conn)
        if seat is None:
            return
        slot = self.slots[seat]
        slot.conn = None
        slot.left_at = time.monotonic()
        self._broadcast_presence()
        self._start_grace(seat, 0.0 if left else self.options.grace)

    def _start_grace(self, seat: int, delay: float) -> None:
        slot = self.slots[seat]
        if slot.timer is not None:
            slot.timer.cancel()
        slot.timer = self.call_later(delay, lambda: self._stand_in(seat))

    def _stand_in(self, seat: int) -> None:
        slot = self.slots[seat]
        slot.timer = None
        if self.closed or slot.conn is not None or slot.stand_in or self.host.over:
            return
        self.host.replace_controller(seat, self._computer(self.host.game_id, seat,
                                                          self.options.stand_in))
        slot.stand_in = True
        self._broadcast_presence()
        self.kick()

    # ------------------------------------------------------------ a person's requests
    def _viewer(self, conn: Conn) -> int:
        seat = self.seat_of(conn)
        if seat is None:
            raise P.ProtocolError("not_seated", "watchers do not play")
        return seat

    def act(self, conn: Conn, seq: int, action: Action) -> None:
        seat = self._viewer(conn)
        try:
            self.host.act(seat, seq, action)
        except RefusedError as exc:
            conn.send(P.error(exc.code, str(exc), "act"))
            self.resync(conn)
            return
        self.actions_applied += 1
        self.kick()

    def resync(self, conn: Conn) -> None:
        viewer = self.seat_of(conn)
        conn.send(P.seat_frame(self.host.snapshot(viewer), self.host.game_id, self.presence()))

    def undo(self, conn: Conn) -> None:
        seat = self._viewer(conn)
        if not self.options.undo:
            raise P.ProtocolError("undo", "off")
        result = self.host.undo(seat)
        if not result.ok:
            conn.send(P.error("undo", result.reason or "none", "undo"))
            return
        self.store()  # fewer actions now, and the undo is marked in the record
        self.kick()

    def chat(self, conn: Conn, text: str | None, phrase: str | None) -> None:
        if phrase is not None:
            if phrase not in P.QUICK_PHRASES:
                raise P.ProtocolError("chat", f"no quick phrase {phrase!r}")
        else:
            text = _clean_text(text or "")
            if not text:
                raise P.ProtocolError("chat", "an empty line")
        frame = P.chat_frame(self.seat_of(conn), conn.name, text if phrase is None else None,
                             phrase)
        for c in self.conns():
            c.send(frame)

    # ------------------------------------------------------------ on disk
    def path(self) -> Path | None:
        return None if self.data_dir is None else self.data_dir / f"{self.code}.table"

    def store(self) -> None:
        """The whole table on disk, written aside and put in place (a crash leaves the previous
        version, never half a file): a first line with the table (options, seats with their
        tokens' hashes, the record without its actions), then one line per action. After
        this, each action is one line appended (`_saved_action`) before anyone sees it."""
        path = self.path()
        if path is None:
            return
        record = self.host.record()
        head = {"format": STORE_FORMAT, "code": self.code,
                "options": {"undo": self.options.undo, "grace": self.options.grace,
                            "stand_in": self.options.stand_in},
                "seats": [{"kind": s.kind, "name": s.name, "level": s.level,
                           "token_hash": s.token_hash} for s in self.slots],
                "record": record.model_dump(mode="json", exclude={"actions"})}
        lines = [json.dumps(head, ensure_ascii=False)]
        lines += [json.dumps(a, separators=(",", ":")) for a in record.actions]
        tmp = path.with_suffix(".tmp")
        self._close_file()
        try:
            tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
            os.replace(tmp, path)
            self._file = path.open("a", encoding="utf-8")
        except OSError as exc:
            log.error("table %s could not be saved: %s", self.code, exc)

    def _saved_action(self, seat: int, action: Action, events: Any) -> None:
        if self._file is None:
            self.store()
            return
        try:
            self._file.write(json.dumps(action.to_json(), separators=(",", ":")) + "\n")
            self._file.flush()
        except OSError as exc:
            log.error("table %s: an action could not be saved: %s", self.code, exc)
            self._close_file()

    def _close_file(self) -> None:
        if self._file is not None:
            try:
                self._file.close()
            except OSError:
                pass
            self._file = None

    def forget(self) -> None:
        self._close_file()
        path = self.path()
        if path is not None:
            path.unlink(missing_ok=True)

    def close(self) -> None:
        self.closed = True
        self._close_file()
        for slot in self.slots:
            if slot.timer is not None:
                slot.timer.cancel()
                slot.timer = None
        self.host._withdraw()


def plan_room(code: str, frame: P.Create, *, pool: Executor | None,
              call_soon: Callable[[Callable[[], None]], None],
              call_later: Callable[[float, Callable[[], None]], Any],
              data_dir: Path | None, grace: float, seed: int | None = None) -> Room:
    """A new table from a create frame (ProtocolError "bad_game" for a plan that is not one)."""
    from cardtable.core.errors import UnknownOptionError
    from cardtable.games import GAME_IDS, agent_names, get_spec
    if frame.game not in GAME_IDS:
        raise P.ProtocolError("bad_game", f"unknown game {frame.game!r}")
    spec = get_spec(frame.game)
    try:
        spec.check_players(frame.players)
        options = spec.parse_options(dict(frame.options))
    except (ValueError, UnknownOptionError) as exc:
        raise P.ProtocolError("bad_game", str(exc)[:200]) from exc
    if len(frame.seats) != frame.players:
        raise P.ProtocolError("bad_game", f"{len(frame.seats)} seats for {frame.players}")
    levels = agent_names(frame.game)
    slots = []
    for plan in frame.seats:
        if plan.kind == "computer":
            level = plan.level or "normal"
            if level not in levels:
                raise P.ProtocolError("bad_game", f"unknown level {level!r}")
            slots.append(Slot("computer", plan.name, level))
        else:
            slots.append(Slot(plan.kind, plan.name))
    if frame.sit is not None and (frame.sit >= len(slots) or slots[frame.sit].kind != "person"):
        raise P.ProtocolError("bad_game", "the creator sits at a person's seat")
    seats = [Seat(kind="ai", name=s.name, agent=s.level or "normal") if s.kind == "computer"
             else Seat(kind="human", name=s.name) for s in slots]
    if seed is None:
        seed = secrets.randbelow(1 << 31)
    match = Match(spec, seed, frame.players, options.model_dump(), seats)
    return Room(code, match, slots, TableOptions(undo=frame.undo, grace=grace), pool=pool,
                call_soon=call_soon, call_later=call_later, data_dir=data_dir)


def load_room(path: Path, *, pool: Executor | None,
              call_soon: Callable[[Callable[[], None]], None],
              call_later: Callable[[float, Callable[[], None]], Any]) -> Room:
    """A table from its file, replayed to where it was; nobody is connected yet (each person
    seat's grace period starts now)."""
    from cardtable.games import match_from_record
    lines = path.read_text(encoding="utf-8").splitlines()
    data = json.loads(lines[0])
    if data.get("format") != STORE_FORMAT:
        raise ValueError(f"{path.name}: unknown format {data.get('format')!r}")
    actions = []
    for n, line in enumerate(lines[1:], 2):
        try:
            actions.append(json.loads(line))
        except ValueError:
            if n == len(lines):  # the last line half written when the server stopped
                log.warning("%s: the last action was not saved whole; dropped", path.name)
                break
            raise
    record = MatchRecord.model_validate({**data["record"], "actions": actions})
    match = match_from_record(record)
    slots = [Slot(s["kind"], s.get("name", ""), s.get("level"), s.get("token_hash"))
             for s in data["seats"]]
    opts = data.get("options", {})
    room = Room(str(data["code"]), match, slots,
                TableOptions(bool(opts.get("undo", True)), float(opts.get("grace", 30.0)),
                             str(opts.get("stand_in", "normal"))),
                pool=pool, call_soon=call_soon, call_later=call_later, data_dir=path.parent)
    room._record_sent = match.state.is_terminal()
    for i, slot in enumerate(slots):
        if slot.taken:
            slot.left_at = time.monotonic()
            room._start_grace(i, room.options.grace)
    return room


@dataclass
class Bucket:
    """A token bucket: `rate` per second, up to `burst` at once."""

    rate: float
    burst: float
    tokens: float = field(default=-1.0)
    stamp: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        now = time.monotonic()
        if self.tokens < 0:
            self.tokens = self.burst
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
