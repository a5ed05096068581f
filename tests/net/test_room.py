"""A table online without sockets (issue 31): connections are fakes and the computers' thinking
is finished by the test, so the moments that race over a network are played out exactly: a
stand-in's answer that comes after the person reclaimed the seat is dropped (no double move),
and a table half written to disk resumes from its last whole action."""

from __future__ import annotations

import random
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from cardtable.net import protocol as P
from cardtable.net.room import Room, load_room, plan_room


class FakeConn:
    def __init__(self, name: str = "") -> None:
        self.name = name
        self.frames: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None

    def send(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)

    def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)

    def game(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f["type"] in ("snapshot", "update")]


class HeldPool:
    """A worker whose jobs finish when the test says (`finish`), not before."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Future[Any], Any, tuple[Any, ...]]] = []

    def submit(self, fn: Any, *args: Any) -> Future[Any]:
        fut: Future[Any] = Future()
        fut.set_running_or_notify_cancel()  # running: a cancel comes too late, as in a thread
        self.jobs.append((fut, fn, args))
        return fut

    def finish(self) -> int:
        jobs, self.jobs = self.jobs, []
        for fut, fn, args in jobs:
            fut.set_result(fn(*args))
        return len(jobs)


class Timers:
    def __init__(self) -> None:
        self.due: list[Any] = []

    def later(self, delay: float, fn: Any) -> Any:
        timer = _Timer(fn)
        self.due.append(timer)
        return timer

    def fire(self) -> None:
        due, self.due = self.due, []
        for t in due:
            if not t.cancelled:
                t.fn()


class _Timer:
    def __init__(self, fn: Any) -> None:
        self.fn = fn
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


def _room(pool: Any, timers: Timers, data: Path | None = None, seed: int = 7) -> Room:
    frame = P.Create(type="create", game="wizard", players=3, sit=0,
                     seats=[P.SeatPlan(kind="person"), P.SeatPlan(kind="open"),
                            P.SeatPlan(kind="computer", level="random")])
    return plan_room("ABCDEF", frame, pool=pool, call_soon=lambda fn: fn(),
                     call_later=timers.later, data_dir=data, grace=30.0, seed=seed)


def _play_to(room: Room, conns: dict[int, FakeConn], pool: HeldPool, seat: int,
             rng: random.Random) -> None:
    """People play random moves and computers answer until `seat` is asked."""
    for _ in range(500):
        pool.finish()
        acting = room.host.acting()
        if acting == seat and room.host.controllers[seat].person:
            return
        if acting in conns and room.host.controllers[acting].person:
            legal = conns[acting].game()[-1]["update"]["legal"]
            from cardtable.core.actions import Action
            room.act(conns[acting], room.host.seq, Action.from_json(rng.choice(legal)))
    raise AssertionError("never reached")


def test_a_stand_in_answer_after_the_reclaim_is_dropped() -> None:
    pool, timers, rng = HeldPool(), Timers(), random.Random(1)
    room = _room(pool, timers)
    a, b = FakeConn("A"), FakeConn("B")
    room.sit(a, 0, "A")
    room.sit(b, 1, "B")
    token = next(f for f in a.frames if f["type"] == "seated")["token"]
    _play_to(room, {0: a, 1: b}, pool, 0, rng)
    room.gone(a)
    timers.fire()  # the grace period is over: the computer plays seat 0
    assert room.slots[0].stand_in and pool.jobs, "the stand-in is thinking about seat 0's move"
    seq = room.host.seq
    a2 = FakeConn("A")
    room.claim(a2, 0, token)  # ... and the person is back before it answers
    assert not room.slots[0].stand_in
    assert pool.finish() == 1  # the stand-in's answer comes in now: too late
    assert room.host.seq == seq and room.host.acting() == 0
    snap = a2.game()[0]
    assert snap["type"] == "snapshot" and snap["seq"] == seq and snap["update"]["legal"]
    from cardtable.core.actions import Action
    move = Action.from_json(snap["update"]["legal"][0])
    room.act(a2, seq, move)
    assert room.host.seq == seq + 1  # one move for seat 0, the person's
    assert room.host.record().actions[seq] == move.to_json()
    room.act(a2, seq, move)  # the same answer again: stale, nothing moves
    assert room.host.seq == seq + 1  # (the next computer is held, seat 1 is B's)
    assert a2.frames[-2]["type"] == "error" and a2.frames[-2]["code"] == "stale"
    assert a2.frames[-1]["type"] == "snapshot" and a2.frames[-1]["seq"] == seq + 1


def test_a_half_written_last_line_is_dropped_on_resume(tmp_path: Path) -> None:
    pool, timers, rng = HeldPool(), Timers(), random.Random(2)
    room = _room(pool, timers, data=tmp_path)
    a, b = FakeConn("A"), FakeConn("B")
    room.sit(a, 0, "A")
    room.sit(b, 1, "B")
    _play_to(room, {0: a, 1: b}, pool, 0, rng)
    _play_to(room, {0: a, 1: b}, pool, 1, rng)
    seq = room.host.seq
    view = room.host._match.state.view(0)
    room.close()
    path = tmp_path / "ABCDEF.table"
    with path.open("a", encoding="utf-8") as f:
        f.write('{"kind":"pla')  # the server died in the middle of a line
    back = load_room(path, pool=pool, call_soon=lambda fn: fn(), call_later=timers.later)
    assert back.host.seq == seq and back.host._match.state.view(0) == view
    assert [s.token_hash for s in back.slots] == [s.token_hash for s in room.slots]
    assert all(s.timer is not None for s in back.slots[:2])  # grace periods run again


def test_the_record_names_the_people_who_sat_down() -> None:
    pool, timers = HeldPool(), Timers()
    room = _room(pool, timers)
    room.sit(FakeConn("A"), 0, "阿明")
    room.sit(FakeConn("B"), None, "小華")
    seats = room.host.record().seats
    assert [(s.kind, s.name) for s in seats] == [("human", "阿明"), ("human", "小華"),
                                                  ("ai", "")]
