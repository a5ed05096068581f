"""A client of the table server: its own thread reads frames into a `queue.Queue` that a test,
a bot or the app's frame loop polls (pure: no pygame).

    client = Client(url, name="甲")          # connects and says hello (ClientError if refused)
    seated = client.create("wizard", 3, [{"kind": "person"}, {"kind": "computer"}, ...], sit=0)
    frame = client.next(timeout=5)           # the next frame, in order
    client.act(frame["seq"], action)

Frames come as the server sent them (dicts), with two additions: a game frame (snapshot or
update) carries `frame["decoded"]`, the `Update` in the game's own types (views, actions,
events), and every frame carries `frame["raw"]`, the exact text received. A closed
connection puts `{"type": "closed", "code", "reason"}` last.
"""

from __future__ import annotations

import contextlib
import json
import queue
import ssl
import threading
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from cardtable.core.actions import Action
from cardtable.host.wire import decode_update
from cardtable.net import protocol as P


class ClientError(RuntimeError):
    """The server refused (an error frame where another was awaited), or nothing came."""

    def __init__(self, frame: dict[str, Any] | None, detail: str = "") -> None:
        super().__init__(detail or (f"{frame.get('code')}: {frame.get('detail')}" if frame
                                    else "no answer"))
        self.frame = frame
        self.code = frame.get("code") if frame else None


class Client:
    def __init__(self, url: str, name: str = "", *, hello: bool = True, timeout: float = 10,
                 ssl_context: ssl.SSLContext | None = None, max_size: int = 1 << 22) -> None:
        self.url = url
        self.name = name
        self.timeout = timeout
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.game_id: str | None = None
        self.room: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.closed: dict[str, Any] | None = None
        self._ws: ClientConnection = connect(url, ssl=ssl_context, max_size=max_size,
                                             open_timeout=timeout, proxy=None,
                                             compression=None, legacy=True)
        self._reader = threading.Thread(target=self._read, name="table-client", daemon=True)
        self._reader.start()
        self.welcome: dict[str, Any] | None = None
        if hello:
            self.send(P.hello(name))
            self.welcome = self.expect("welcome")

    # ------------------------------------------------------------ the reader thread
    def _read(self) -> None:
        code, reason = 1006, ""
        try:
            for text in self._ws:
                try:
                    frame = json.loads(text)
                    frame["raw"] = text
                    kind = frame.get("type")
                    if kind == "seated":
                        self.game_id = frame["table"]["game_id"]
                        self.room = frame["room"]
                        self.seat = frame["seat"]
                        if frame.get("token"):
                            self.token = frame["token"]
                    elif kind in ("snapshot", "update") and self.game_id is not None:
                        frame["decoded"] = decode_update(frame["update"], self.game_id)
                except (ValueError, KeyError, TypeError) as exc:
                    frame = {"type": "garbled", "detail": str(exc), "raw": text}
                self.inbox.put(frame)
        except ConnectionClosed as exc:
            if exc.rcvd is not None:
                code, reason = exc.rcvd.code, exc.rcvd.reason
        except OSError:
            pass
        finally:
            self.closed = {"type": "closed", "code": code, "reason": reason}
            self.inbox.put(self.closed)

    # ------------------------------------------------------------ reading
    def next(self, timeout: float | None = None) -> dict[str, Any]:
        """The next frame (ClientError when none comes in time)."""
        try:
            return self.inbox.get(timeout=self.timeout if timeout is None else timeout)
        except queue.Empty:
            raise ClientError(None, "no frame came in time") from None

    def poll(self) -> list[dict[str, Any]]:
        """Every frame that came, without waiting (the app's frame loop)."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def expect(self, kind: str, timeout: float | None = None,
               skip: tuple[str, ...] = ("presence", "chat")) -> dict[str, Any]:
        """The next frame of `kind`, passing over `skip`; an error or any other frame raises
        ClientError."""
        while True:
            frame = self.next(timeout)
            if frame["type"] == kind:
                return frame
            if frame["type"] in skip:
                continue
            raise ClientError(frame if frame["type"] == "error" else None,
                              "" if frame["type"] == "error" else
                              f"expected {kind}, got {frame['type']}: {frame.get('raw', '')[:200]}")

    # ------------------------------------------------------------ sending
    def send(self, frame: dict[str, Any] | str) -> None:
        self._ws.send(frame if isinstance(frame, str) else P.dump(frame))

    def create(self, game: str, players: int, seats: list[dict[str, Any]], *,
               sit: int | None = 0, options: dict[str, Any] | None = None,
               undo: bool = True) -> dict[str, Any]:
        self.send({"type": "create", "game": game, "players": players, "seats": seats,
                   "sit": sit, "options": options or {}, "undo": undo})
        return self.expect("seated")

    def join(self, room: str, seat: int | None = None, *, spectate: bool = False
             ) -> dict[str, Any]:
        self.send({"type": "join", "room": room, "seat": seat, "spectate": spectate,
                   "name": self.name})
        return self.expect("seated")

    def claim(self, room: str, seat: int, token: str) -> dict[str, Any]:
        self.send({"type": "claim", "room": room, "seat": seat, "token": token})
        return self.expect("seated")

    def act(self, seq: int, action: Action) -> None:
        self.send({"type": "act", "seq": seq, "action": action.to_json()})

    def resync(self) -> None:
        self.send({"type": "resync"})

    def undo(self) -> None:
        self.send({"type": "undo"})

    def chat(self, text: str | None = None, phrase: str | None = None) -> None:
        self.send({"type": "chat", "text": text, "phrase": phrase})

    def leave(self) -> None:
        self.send({"type": "leave"})

    def close(self) -> None:
        self._ws.close()
        self._reader.join(5)

    def kill(self) -> None:
        """Drop the connection without a closing handshake (a crash, a pulled cable)."""
        import socket
        with contextlib.suppress(OSError):
            self._ws.socket.shutdown(socket.SHUT_RDWR)
        self._ws.socket.close()  # (the reader thread ends by itself, later)
