"""Recording what a table is sent, and sending it again with no game behind it.

`RecordingLink` wraps a live link and writes down, in order, what every call of the table
returned (updates through `cardtable.host.wire`); `PlaybackLink` answers the same calls from
that record alone — no host, no match, no state. A table fed by the playback must draw the same
frames as the live one did: it presents what it is sent and nothing else.
"""

from __future__ import annotations

import hashlib
from typing import Any

from cardtable.host.wire import decode_info, decode_update, encode_info, encode_update


class RecordingLink:
    def __init__(self, link: Any) -> None:
        self._link = link
        self.info = link.info
        self.here = link.here
        self.calls: list[list[Any]] = []

    def _log(self, name: str, result: Any) -> Any:
        self.calls.append([name, result])
        return result

    def _ups(self, name: str, ups: list[Any]) -> list[Any]:
        gid = self.info.game_id
        self.calls.append([name, [encode_update(u, gid) for u in ups]])
        return ups

    def poll(self, ready: bool = True) -> list[Any]:
        return self._ups("poll", self._link.poll(ready))

    def take(self) -> list[Any]:
        return self._ups("take", self._link.take())

    def watch(self, viewer: int | None) -> bool:
        return self._log("watch", self._link.watch(viewer))

    def may_watch(self, viewer: int | None) -> bool:
        return self._log("may_watch", self._link.may_watch(viewer))

    def act(self, seat: int, seq: int, action: Any) -> str | None:
        return self._log("act", self._link.act(seat, seq, action))

    def hint(self, seat: int) -> str | None:
        return self._log("hint", self._link.hint(seat))

    def notices(self) -> list[str]:
        return self._log("notices", [str(n) for n in self._link.notices()])

    def waiting(self) -> bool:
        return self._log("waiting", self._link.waiting())

    @property
    def seq(self) -> int:
        return self._log("seq", self._link.seq)

    def record(self) -> dict[str, Any]:
        return {"info": encode_info(self.info), "here": list(self.here), "calls": self.calls}


class PlaybackLink:
    """Answers a table's calls from a record, in the order they were made live."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.info = decode_info(record["info"])
        self.here = tuple(record["here"])
        self._calls = list(record["calls"])
        self._at = 0
        self.mismatches: list[str] = []

    def _next(self, name: str) -> Any:
        if self._at >= len(self._calls):
            self.mismatches.append(f"{name} after the record's end")
            return None
        got, result = self._calls[self._at]
        self._at += 1
        if got != name:
            self.mismatches.append(f"call {self._at}: {name}, live: {got}")
        return result

    def _ups(self, name: str) -> list[Any]:
        return [decode_update(u, self.info.game_id) for u in self._next(name) or []]

    def poll(self, ready: bool = True) -> list[Any]:
        return self._ups("poll")

    def take(self) -> list[Any]:
        return self._ups("take")

    def watch(self, viewer: int | None) -> bool:
        return bool(self._next("watch"))

    def may_watch(self, viewer: int | None) -> bool:
        return bool(self._next("may_watch"))

    def act(self, seat: int, seq: int, action: Any) -> str | None:
        return self._next("act")

    def hint(self, seat: int) -> str | None:
        return self._next("hint")

    def notices(self) -> list[str]:
        return list(self._next("notices") or [])

    def waiting(self) -> bool:
        return bool(self._next("waiting"))

    @property
    def seq(self) -> int:
        return int(self._next("seq") or 0)

    @property
    def done(self) -> bool:
        return self._at == len(self._calls)


def frame_digest(app: Any) -> str:
    import pygame

    from cardtable.ui import gfx
    return hashlib.sha1(pygame.image.tobytes(gfx.pixels(app.canvas), "RGB")).hexdigest()[:16]
