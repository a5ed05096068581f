"""The app's side of playing online (pure: no pygame): a table server hosted in the app on the
home network, where to find one, and the seats this computer holds.

    host = LanHost.start()            # a TableServer on a thread, on every address, port 8765
    host.url                          # ws://127.0.0.1:8765 (this screen connects over loopback)
    host.address                      # 192.168.1.20:8765 (what the others type)
    parse_target("ABCDEF") / parse_target("192.168.1.20:8765") / parse_target("ws://h:1/ABC234")
    remember_seat(...); saved_seat(); forget_seat()   # the token that reclaims a seat

A LAN host also answers a small UDP beacon (`BEACON_PORT`): a client broadcasts "cardtable?"
and each host replies with its address and open tables (`find_tables`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.net import protocol as P
from cardtable.net.server import ServerConfig, ServerThread

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765
BEACON_PORT = 8766
BEACON_ASK = b"cardtable?"
SEAT_FILE = "online_seat.json"

_CODE = re.compile(f"^[{P.CODE_ALPHABET}]{{{P.CODE_LENGTH}}}$")


def lan_address() -> str:
    """This computer's address on the home network (the one a route to the outside uses; no
    packet is sent), else 127.0.0.1."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        addr = s.getsockname()[0]
        if addr and not addr.startswith("0."):
            return str(addr)
    return "127.0.0.1"


@dataclass(frozen=True, slots=True)
class Target:
    """Where to go: a server's URL (None: the one already known) and a room code (None: none
    given)."""

    url: str | None
    code: str | None


def normalize_code(text: str) -> str:
    """A code as typed: upper case, no spaces or dashes (o/i read as 0/1 are not in codes:
    left for the check to refuse)."""
    return re.sub(r"[\s\-]", "", text).upper()


def is_code(text: str) -> bool:
    return bool(_CODE.match(normalize_code(text)))


def parse_target(text: str) -> Target | None:
    """A code, an address (`host:port`, `host`, `ws://…`, `wss://…`) or an address with a code
    after a slash or a space; None when it is neither."""
    text = text.strip()
    if not text:
        return None
    if is_code(text):
        return Target(None, normalize_code(text))
    m = re.match(r"^(wss?://)?([^\s/]+?)(?::(\d{1,5}))?(?:[/\s]+([A-Za-z0-9\-]+))?/?$", text)
    if m is None:
        return None
    scheme, host, port, code = m.groups()
    if code is not None and not is_code(code):
        return None
    if not re.match(r"^[A-Za-z0-9.\-\[\]:]+$", host):
        return None
    url = f"{scheme or 'ws://'}{host}:{port or DEFAULT_PORT}"
    return Target(url, normalize_code(code) if code else None)


def display_address(url: str) -> str:
    """`host:port` of a ws:// URL (what a person reads and types)."""
    return re.sub(r"^wss?://", "", url).rstrip("/")


class LanHost:
    """A table server in the app, on every address of this computer (others on the home network
    join it); this screen's own table connects over loopback like everyone else. The host's
    computer holds the game, and so knows every card (the lobby says so)."""

    def __init__(self, srv: ServerThread, address: str) -> None:
        self.srv = srv
        self.address = address
        self._beacon: threading.Thread | None = None
        self._beacon_sock: socket.socket | None = None
        self._stop = threading.Event()

    @classmethod
    def start(cls, port: int = DEFAULT_PORT, data: Path | None = None, beacon: bool = True,
              bind: str = "0.0.0.0", beacon_port: int = BEACON_PORT) -> LanHost:
        srv = None
        for p in (port, 0):
            try:
                srv = ServerThread(ServerConfig(host=bind, port=p, data=data)).start()
                break
            except OSError as exc:
                log.info("port %d is taken (%s); trying another", p, exc)
        assert srv is not None
        host = cls(srv, f"{lan_address()}:{srv.server.port}")
        if beacon:
            host._start_beacon(beacon_port)
        return host

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.srv.server.port}"

    def tables(self) -> list[dict[str, Any]]:
        """The open tables on this server: code, game, seats still open."""
        def read(server: Any) -> list[dict[str, Any]]:
            out = []
            for code, room in server.rooms.items():
                if room.host.over:
                    continue
                free = sum(1 for s in room.slots if s.kind != "computer" and not s.taken)
                out.append({"code": code, "game": room.host.game_id, "open": free,
                            "players": len(room.slots)})
            return out
        try:
            return self.srv.call(read, timeout=2)
        except Exception:
            return []

    def _start_beacon(self, port: int) -> None:
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(("", port))
            sock.settimeout(0.5)
        except OSError as exc:
            log.info("no LAN beacon: %s", exc)
            return
        self._beacon_sock = sock
        self._beacon = threading.Thread(target=self._answer, name="lan-beacon", daemon=True)
        self._beacon.start()

    def _answer(self) -> None:
        sock = self._beacon_sock
        assert sock is not None
        while not self._stop.is_set():
            try:
                data, peer = sock.recvfrom(512)
            except TimeoutError:
                continue
            except OSError:
                return
            if data.strip() != BEACON_ASK:
                continue
            reply = json.dumps({"address": self.address, "tables": self.tables()},
                               ensure_ascii=False).encode()
            with contextlib.suppress(OSError):
                sock.sendto(reply[:8000], peer)

    def stop(self) -> None:
        self._stop.set()
        if self._beacon_sock is not None:
            self._beacon_sock.close()
        self.srv.stop()


def find_tables(wait: float = 0.6, port: int = BEACON_PORT,
                targets: tuple[str, ...] = ("255.255.255.255", "127.0.0.1")
                ) -> list[dict[str, Any]]:
    """Ask the home network for tables (a broadcast; the answers that come within `wait`
    seconds): each {address, code, game, open, players}."""
    found: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    try:
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    except OSError:
        return found
    with sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        for t in targets:
            with contextlib.suppress(OSError):
                sock.sendto(BEACON_ASK, (t, port))
        end = time.monotonic() + wait
        while (left := end - time.monotonic()) > 0:
            sock.settimeout(left)
            try:
                data, _ = sock.recvfrom(9000)
                reply = json.loads(data)
                for t in reply.get("tables", []):
                    key = (str(reply["address"]), str(t["code"]))
                    if key not in seen:
                        seen.add(key)
                        found.append({"address": key[0], **t})
            except (TimeoutError, OSError):
                break
            except (ValueError, KeyError, TypeError):
                continue
    return found


# ---------------------------------------------------------------- the seat this computer holds
def _seat_path() -> Path:
    from cardtable import paths
    return paths.user_data_dir() / SEAT_FILE


def remember_seat(url: str, room: str, seat: int, token: str, game: str, name: str) -> None:
    """The seat's token, kept so that the app started again reclaims the seat."""
    from cardtable.persist import atomic_write_text
    data = {"url": url, "room": room, "seat": seat, "token": token, "game": game, "name": name}
    try:
        atomic_write_text(_seat_path(), json.dumps(data, ensure_ascii=False), report=False)
    except OSError as exc:
        log.warning("the online seat could not be kept: %s", exc)


def saved_seat() -> dict[str, Any] | None:
    try:
        data = json.loads(_seat_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not all(k in data for k in ("url", "room", "seat", "token")):
        return None
    return data


def forget_seat() -> None:
    with contextlib.suppress(OSError):
        _seat_path().unlink()
