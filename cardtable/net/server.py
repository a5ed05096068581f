"""The table server: websockets on asyncio (pure: no pygame).

    server = TableServer(ServerConfig(host="0.0.0.0", port=8765, data=Path("tables")))
    await server.start(); ...; await server.stop()
    with ServerThread(config) as srv: srv.url ...     # in a thread (tests, the app's LAN host)

One class serves both ways of playing: the app's host on the home network (the host's own table
connects over loopback like everyone else) and `cardtable serve` on the Internet. Each
connection says hello (protocol version and rules digest), then creates, joins or claims one
table at a time. Every frame is parsed strictly (`protocol.parse_client`); a refused one is
answered with an error frame and changes nothing. Limits: the frame size (websockets'
`max_size`: a bigger frame closes the connection with 1009), frames per second per connection
(a token bucket; configurable, so fast test bots are not cut off), chat lines per second,
connections and tables per server.

Tables are kept on disk after every action (`--data`): a restarted server resumes every table,
and each person reclaims their seat with their token.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from cardtable.net import protocol as P
from cardtable.net.room import Bucket, Room, load_room, new_code, plan_room

if TYPE_CHECKING:
    import ssl

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass
class ServerConfig:
    host: str = "127.0.0.1"
    port: int = 0                      # 0: any free port (`TableServer.port` says which)
    data: Path | None = None           # where tables are kept (None: in memory only)
    ssl: ssl.SSLContext | None = None  # wss:// (or TLS at a reverse proxy in front)
    max_frame: int = 16 * 1024         # bytes in one frame from a client
    rate: float = 20.0                 # frames per second per connection ...
    burst: float = 40.0                # ... and at once
    chat_rate: float = 1.0             # chat lines per second per connection ...
    chat_burst: float = 5.0            # ... and at once
    max_tables: int = 1000
    max_connections: int = 4000
    max_backlog: int = 2000            # frames waiting for a slow reader before it is closed
    grace: float = 30.0                # seconds before the computer plays for a person who left
    workers: int = 2                   # threads for the computers' thinking (0: none)
    sweep: float = 60.0                # seconds between sweeps of finished, empty tables
    hello_timeout: float = 20.0        # seconds a new connection has to say its first frame


class _Conn:
    """One client connection: its outgoing frames go through a queue to a writer task."""

    def __init__(self, ws: ServerConnection, config: ServerConfig) -> None:
        self.ws = ws
        self.name = ""
        self.hello = False
        self.room: Room | None = None
        self.bucket = Bucket(config.rate, config.burst)
        self.chat_bucket = Bucket(config.chat_rate, config.chat_burst)
        self.max_backlog = config.max_backlog
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closing = False
        self.rate_noted = 0.0
        self.refused = 0
        self.refused_since = 0.0

    def send(self, frame: dict[str, Any]) -> None:
        if self.closing:
            return
        if self.queue.qsize() >= self.max_backlog:
            self.close(1008, "too slow to read")
            return
        self.queue.put_nowait(P.dump(frame))

    def close(self, code: int = 1000, reason: str = "") -> None:
        if self.closing:
            return
        self.closing = True
        self.queue.put_nowait(None)
        asyncio.get_running_loop().create_task(self.ws.close(code, reason))

    async def writer(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                try:
                    if text is None:
                        return
                    await self.ws.send(text)
                finally:
                    self.queue.task_done()
        except ConnectionClosed:
            pass
        finally:  # nothing more goes out: whoever waits for the queue to drain goes on
            self.closing = True
            while not self.queue.empty():
                self.queue.get_nowait()
                self.queue.task_done()


class TableServer:
    def __init__(self, config: ServerConfig | None = None) -> None:
        self.config = config or ServerConfig()
        self.rooms: dict[str, Room] = {}
        self.conns: set[_Conn] = set()
        self._failures = 0  # server exceptions (a test asserts there are none)
        self._server: Server | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._sweeper: asyncio.Task[None] | None = None

    @property
    def failures(self) -> int:
        """Exceptions so far: in handling a frame, or in a table going on."""
        return self._failures + sum(r.failures for r in self.rooms.values())

    # ------------------------------------------------------------ life
    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        if self.config.workers > 0:  # 0: computers think on the loop (quick levels only)
            self._pool = ThreadPoolExecutor(self.config.workers, thread_name_prefix="table-ai")
        if self.config.data is not None:
            self.config.data.mkdir(parents=True, exist_ok=True)
            self._resume()
        self._sweeper = self._loop.create_task(self._sweep())
        self._server = await serve(self._handle, self.config.host, self.config.port,
                                   ssl=self.config.ssl, max_size=self.config.max_frame,
                                   max_queue=64, ping_interval=20, ping_timeout=20,
                                   close_timeout=2)

    @property
    def port(self) -> int:
        assert self._server is not None
        return int(next(iter(self._server.sockets)).getsockname()[1])

    @property
    def url(self) -> str:
        scheme = "wss" if self.config.ssl is not None else "ws"
        host = self.config.host if self.config.host not in ("", "0.0.0.0") else "127.0.0.1"
        return f"{scheme}://{host}:{self.port}"

    async def _sweep(self) -> None:
        """Finished tables nobody is at any more (the computers played an abandoned game to
        its end) are dropped, with their files."""
        while True:
            await asyncio.sleep(self.config.sweep)
            self.sweep()

    def sweep(self) -> int:
        gone = [code for code, r in self.rooms.items() if r.host.over and not r.conns()]
        for code in gone:
            self._drop(self.rooms[code])
        return len(gone)

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for room in self.rooms.values():
            room.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    def _room_kw(self) -> dict[str, Any]:
        loop = self._loop
        assert loop is not None
        return {"pool": self._pool, "call_soon": loop.call_soon_threadsafe,
                "call_later": loop.call_later}

    def _resume(self) -> None:
        assert self.config.data is not None
        for path in sorted(self.config.data.glob("*.table")):
            try:
                room = load_room(path, **self._room_kw())
            except Exception:  # a damaged file must not stop the others
                log.exception("could not resume the table in %s", path)
                continue
            self.rooms[room.code] = room
            room.kick()
        if self.rooms:
            log.warning("resumed %d table(s) from %s", len(self.rooms), self.config.data)

    # ------------------------------------------------------------ connections
    async def _handle(self, ws: ServerConnection) -> None:
        if len(self.conns) >= self.config.max_connections:
            await ws.close(1013, "server_full")
            return
        conn = _Conn(ws, self.config)
        self.conns.add(conn)
        writer = asyncio.get_running_loop().create_task(conn.writer())
        try:
            try:  # a connection that says nothing is not kept waiting for
                first = await asyncio.wait_for(ws.recv(), self.config.hello_timeout)
            except TimeoutError:
                conn.close(1008, "hello_first")
                first = None
            if first is not None and conn.bucket.take():
                self._dispatch(conn, first)
            async for text in ws:
                if conn.closing:
                    break
                if not conn.bucket.take():
                    self._too_fast(conn)
                    continue
                self._dispatch(conn, text)
                if conn.queue.qsize() > 64:  # read no more from a client that does not read
                    await conn.queue.join()
        except ConnectionClosed:
            pass
        finally:
            self.conns.discard(conn)
            self._leave(conn, left=False)
            if not conn.closing:
                conn.closing = True
                conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 1.0)

    def _too_fast(self, conn: _Conn) -> None:
        """A frame over the rate is dropped; the client is told once a second; a flood that
        goes on (ten times the burst refused within ten seconds) closes the connection."""
        now = asyncio.get_running_loop().time()
        if now - conn.refused_since > 10.0:  # counted over ten seconds, then forgotten
            conn.refused_since = now
            conn.refused = 0
        conn.refused += 1
        if now - conn.rate_noted >= 1.0:
            conn.rate_noted = now
            conn.send(P.error("rate", f"more than {self.config.rate:g} frames a second"))
        if conn.refused > 10 * self.config.burst:
            conn.close(1008, "rate")

    def _dispatch(self, conn: _Conn, text: str | bytes) -> None:
        about = None
        try:
            frame = P.parse_client(text)
            about = frame.type
            self._on(conn, frame)
        except P.ProtocolError as exc:
            conn.send(P.error(exc.code, exc.detail, about))
        except Exception:  # a bug: the person is told, the table stays as it was
            self._failures += 1
            log.exception("frame %r failed", about)
            conn.send(P.error("internal", "", about))

    def _on(self, conn: _Conn, frame: Any) -> None:
        if isinstance(frame, P.Hello):
            if conn.hello:
                raise P.ProtocolError("malformed", "hello comes once")
            try:
                P.check_hello(frame)
            except P.ProtocolError as exc:
                conn.send(P.error(exc.code, exc.detail, "hello"))
                conn.close(1008, exc.code)
                return
            conn.hello = True
            conn.name = frame.name
            c = self.config
            conn.send(P.Welcome(protocol=P.PROTOCOL_VERSION, rules=P.rules_digest(),
                                version=_version(),
                                limits={"max_frame": c.max_frame, "rate": c.rate,
                                        "burst": c.burst, "chat_len": P.CHAT_MAX_LEN,
                                        "chat_rate": c.chat_rate, "grace": c.grace}
                                ).model_dump())
            return
        if not conn.hello:
            raise P.ProtocolError("hello_first", "say hello first")
        if isinstance(frame, P.Create):
            if len(self.rooms) >= self.config.max_tables:
                raise P.ProtocolError("too_many_tables", f"{self.config.max_tables} at most")
            code = new_code(lambda c: c in self.rooms)
            room = plan_room(code, frame, data_dir=self.config.data, grace=self.config.grace,
                             **self._room_kw())
            self._leave(conn, left=True)
            self.rooms[code] = room
            conn.room = room
            if frame.sit is not None:
                room.sit(conn, frame.sit, frame.seats[frame.sit].name or conn.name)
            else:
                room.store()
                room.watch(conn)
        elif isinstance(frame, P.Join | P.Claim):
            room = self.rooms.get(frame.room)
            if room is None:
                raise P.ProtocolError("unknown_room", frame.room)
            # everything that can refuse is checked before the person leaves anything
            here = conn.room is room and (room.seat_of(conn) is not None
                                          or conn in room.watchers)
            if isinstance(frame, P.Claim):
                room.check_token(frame.seat, frame.token)
                if here and room.seat_of(conn) == frame.seat:
                    room.resync(conn)
                    return
            elif here:
                raise P.ProtocolError("seat_taken", "already at this table")
            elif not frame.spectate:
                room.pick_seat(frame.seat)
            self._leave(conn, left=True)
            conn.room = room
            if isinstance(frame, P.Claim):
                room.claim(conn, frame.seat, frame.token)
            elif frame.spectate:
                room.watch(conn)
            else:
                room.sit(conn, frame.seat, frame.name or conn.name)
        else:
            room = conn.room
            if room is None:
                raise P.ProtocolError("not_seated", "at no table")
            if isinstance(frame, P.Act):
                room.act(conn, frame.seq, P.action_of(frame))
            elif isinstance(frame, P.Resync):
                room.resync(conn)
            elif isinstance(frame, P.Undo):
                room.undo(conn)
            elif isinstance(frame, P.Chat):
                if not conn.chat_bucket.take():
                    raise P.ProtocolError("chat", "too many lines")
                room.chat(conn, frame.text, frame.phrase)
            elif isinstance(frame, P.Leave):
                self._leave(conn, left=True)

    def _leave(self, conn: _Conn, *, left: bool) -> None:
        room = conn.room
        conn.room = None
        if room is None:
            return
        room.gone(conn, left=left)
        if room.host.over and not room.conns():  # a finished table nobody looks at
            self._drop(room)

    def _drop(self, room: Room) -> None:
        room.close()
        room.forget()
        self._failures += room.failures
        self.rooms.pop(room.code, None)

    # ------------------------------------------------------------ for tests and tools
    def state_digest(self) -> dict[str, tuple[int, int]]:
        """Each table's (actions applied, events logged): what a refused frame must not move."""
        return {code: (r.host.seq, len(r.host._match.log)) for code, r in self.rooms.items()}


def _version() -> str:
    from cardtable import __version__
    return __version__


class ServerThread:
    """A `TableServer` on its own event loop in a thread: `with ServerThread(cfg) as srv:`;
    `srv.call(fn)` runs `fn(server)` on the loop's thread and returns what it returns."""

    def __init__(self, config: ServerConfig | None = None) -> None:
        self.server = TableServer(config)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="table-server", daemon=True)
        self._started = threading.Event()
        self._error: BaseException | None = None

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self.server.start())
        except BaseException as exc:  # noqa: BLE001 - handed to the starting thread
            self._error = exc
            self._started.set()
            return
        self._started.set()
        self._loop.run_forever()
        self._loop.run_until_complete(self.server.stop())
        self._loop.close()

    def start(self) -> ServerThread:
        self._thread.start()
        self._started.wait(30)
        if self._error is not None:
            raise self._error
        return self

    def stop(self) -> None:
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(30)

    def __enter__(self) -> ServerThread:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def url(self) -> str:
        return self.server.url

    def call(self, fn: Callable[[TableServer], T], timeout: float = 30) -> T:
        async def run() -> T:
            return fn(self.server)
        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(timeout)
