"""Tests' tools for network play on loopback: a server in a thread, bots that play random legal
moves through real clients, and the shadow replay that checks what each seat was sent."""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from cardtable.core.match import Match, MatchRecord
from cardtable.core.rng import GameRng
from cardtable.games import get_spec
from cardtable.host.controllers import Person
from cardtable.host.host import MatchHost
from cardtable.net import protocol as P
from cardtable.net.client import Client
from cardtable.net.server import ServerConfig, ServerThread

FAST = {"rate": 100_000.0, "burst": 100_000.0}  # test bots are fast: no rate limit in the way


@contextlib.contextmanager
def server(**config: Any) -> Iterator[ServerThread]:
    with ServerThread(ServerConfig(**{**FAST, **config})) as srv:
        yield srv
        assert srv.call(lambda s: s.failures) == 0  # zero server exceptions


def players(game: str) -> int:
    spec = get_spec(game)
    return max(spec.min_players, min(4, spec.max_players))


@dataclass
class Bot:
    """A client that plays a random legal move whenever the latest frame asks it to."""

    client: Client
    rng: random.Random
    frames: list[dict[str, Any]] = field(default_factory=list)  # every frame, in order
    record: dict[str, Any] | None = None
    acted: int = -1
    moves: int = 0
    latest: int = -1

    @property
    def seat(self) -> int | None:
        return self.client.seat

    def take(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)
        kind = frame["type"]
        if kind == "record":
            self.record = frame["record"]
        elif kind in ("snapshot", "update"):
            self.latest = frame["seq"]

    def step(self) -> bool:
        """Take what came; act on the latest frame if it asks. True if anything came."""
        got = self.client.poll()
        for f in got:
            self.take(f)
        for f in reversed(self.frames):
            if f["type"] in ("snapshot", "update"):
                u = f["decoded"]
                if u.legal and u.acting == self.seat and u.seq > self.acted \
                        and u.seq == self.latest:
                    self.acted = u.seq
                    self.moves += 1
                    self.client.act(u.seq, self.rng.choice(u.legal))
                    return True
                break
        return bool(got)

    def game_frames(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f["type"] in ("snapshot", "update")]


def play_out(bots: list[Bot], limit: float = 120.0) -> None:
    """Every bot plays until each has the record (the game is over)."""
    end = time.monotonic() + limit
    while any(b.record is None for b in bots):
        if time.monotonic() > end:
            raise TimeoutError(f"not over after {limit}s: seqs {[b.latest for b in bots]}")
        if not any([b.step() for b in bots]):
            time.sleep(0.0005)
        for b in bots:
            closed = b.client.closed
            if closed is not None and b.record is None:
                raise AssertionError(f"seat {b.seat} was disconnected: {closed}")


def open_table(srv: ServerThread, game: str, n: int, *, seed: int = 0, watchers: int = 1,
               computers: tuple[int, ...] = (), level: str = "random", undo: bool = True
               ) -> tuple[str, list[Bot], list[Bot]]:
    """A table of `game` with people at every seat but `computers` (bots join them), and
    `watchers` spectators; nobody has moved yet when it returns (seat 0 is a person's)."""
    seats = [{"kind": "computer", "level": level} if i in computers else {"kind": "open"}
             for i in range(n)]
    seats[0] = {"kind": "person", "name": "P0"}
    first = Client(srv.url, "P0")
    seated = first.create(game, n, seats, sit=0, undo=undo)
    code = seated["room"]
    bots = [Bot(first, random.Random(seed))]
    for i in range(1, n):
        if i in computers:
            continue
        c = Client(srv.url, f"P{i}")
        c.join(code, i)
        bots.append(Bot(c, random.Random(seed * 31 + i)))
    spectators = []
    for k in range(watchers):
        c = Client(srv.url, f"W{k}")
        c.join(code, spectate=True)
        spectators.append(Bot(c, random.Random(0)))
    return code, bots, spectators


def events_json(events: Any) -> list[Any]:
    return [e.to_json() for e in events]


def stream(bot: Bot) -> list[Any]:
    """The events a client was sent: its first snapshot's recent past, then every update's."""
    frames = bot.game_frames()
    assert frames[0]["type"] == "snapshot"
    assert all(f["type"] == "update" for f in frames[1:]), "a snapshot after the first"
    out: list[Any] = []
    for f in frames:
        out += events_json(f["decoded"].events)
    return out


def shadow_frames(record: MatchRecord, viewers: list[int | None], *, undo: bool = True,
                  check_determinized: bool = True, snapshots: dict[int | None, int] | None = None
                  ) -> dict[int | None, dict[Any, Any]]:
    """Replays `record` (the server's) and builds each viewer's game frame at every sequence
    number twice: from the real state, and with the state swapped for a determinization of
    that viewer's view (the host reads only the view and the redacted events, so both must be
    the same). Returns viewer -> seq -> the frame's `update` part (JSON-plain); and at
    `snapshots[viewer]` (the seq of that viewer's first snapshot) viewer -> ("snap", seq)
    -> its snapshot's."""
    snapshots = snapshots or {}
    spec = get_spec(record.game_id)
    start = record.model_copy(update={"actions": []})
    m = Match.from_record(start, spec)
    host = MatchHost(m, [Person() for _ in range(record.num_players)],
                     undo_rule="strict" if undo else "off", hints=False)
    out: dict[int | None, dict[int, Any]] = {v: {} for v in viewers}
    rng = GameRng(12345)

    def both(v: int | None, build: Any, seq: Any) -> None:
        real = json.loads(P.dump(P.seat_frame(build(), spec.id)))["update"]
        if check_determinized:
            truth = m.state
            m.state = spec.determinize(truth.view(v), rng)
            try:
                det = json.loads(P.dump(P.seat_frame(build(), spec.id)))["update"]
            finally:
                m.state = truth
            assert det == real, f"viewer {v} at seq {seq}: the frame depends on hidden state"
        out[v][seq] = real

    def snaps(seq: int) -> None:
        for v in viewers:
            if snapshots.get(v, 0) == seq:
                both(v, lambda v=v: host.snapshot(v), ("snap", seq))

    snaps(0)
    from cardtable.core.actions import Action
    for k, raw in enumerate(record.actions):
        before = len(m.log)
        actor = m.state.current_player()
        m.submit(Action.from_json(raw))
        events = m.log[before:]
        for v in viewers:
            both(v, lambda v=v, e=events, a=actor: host._frame(v, e, actor=a), k + 1)
        snaps(k + 1)
    return out


def play_until(bots: list[Bot], done: Any, limit: float = 60.0, active: list[Bot] | None = None
               ) -> None:
    """Bots take their frames (the `active` ones, default all, also play) until `done()`."""
    end = time.monotonic() + limit
    active = bots if active is None else active
    while not done():
        if time.monotonic() > end:
            raise TimeoutError(f"not done after {limit}s: seqs {[b.latest for b in bots]}")
        moved = False
        for b in bots:
            if b in active:
                moved |= b.step()
            else:
                for f in b.client.poll():
                    b.take(f)
                    moved = True
        if not moved:
            time.sleep(0.001)


def last_presence(bot: Bot) -> list[dict[str, Any]] | None:
    for f in reversed(bot.frames):
        if f["type"] == "presence":
            return f["seats"]
        if f["type"] == "snapshot":
            return f["presence"]
    return None
