"""Refusals and limits (issue 31): malformed frames, unknown rooms, wrong tokens, stale,
out-of-turn and illegal actions, a flood, an oversize frame and 10,000 fuzzed frames are each
refused with a code: zero server exceptions (the `server` fixture checks), the table as it
was, and another table playing on unaffected."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from cardtable.core.actions import Action
from cardtable.net import protocol as P
from cardtable.net.client import Client, ClientError
from tests.net.netplay import Bot, open_table, play_out, play_until, server


def _digest(srv: Any, code: str) -> tuple[int, int]:
    return srv.call(lambda s: s.state_digest()[code])


def _held_table(srv: Any, game: str = "wizard") -> tuple[str, Bot, Bot]:
    """A table of two people (undo off): the second holds its turn, so nothing moves unless
    a frame moves it. Returns (code, the first person's bot, the holder)."""
    code, (a, b), _ = open_table(srv, game, 3, seed=1, watchers=0, computers=(2,),
                                 level="easy", undo=False)
    b.acted = 10**9
    def held() -> bool:  # B's turn, and both have every frame of the table so far
        now = srv.call(lambda s: s.rooms[code].host.seq)
        return bool(b.game_frames()) and b.game_frames()[-1]["decoded"].acting == 1 \
            and b.latest == now and a.latest == now

    play_until([a, b], held, active=[a])
    a.acted = 10**9
    return code, a, b


def test_each_refusal_has_its_code_and_changes_nothing() -> None:
    with server() as srv:
        code, a, b = _held_table(srv)
        before = _digest(srv, code)
        seq = b.latest
        legal = b.game_frames()[-1]["decoded"].legal
        assert legal

        def refused(client: Client, frame: Any, want: str) -> dict[str, Any]:
            client.send(frame)
            while True:
                f = client.next()
                if f["type"] == "error":
                    assert f["code"] == want, (frame, f)
                    return f
                # (an update may still be on its way from before the table was held)
                assert f["type"] in ("snapshot", "presence", "update"), f
                if f["type"] == "update":
                    assert f["seq"] <= before[0]

        refused(a.client, {"type": "act", "seq": seq, "action": legal[0].to_json()},
                "not_your_turn")
        refused(b.client, {"type": "act", "seq": abs(seq - 1), "action": legal[0].to_json()},
                "stale")
        refused(b.client, {"type": "act", "seq": seq + 5, "action": legal[0].to_json()},
                "stale")
        refused(b.client, {"type": "act", "seq": seq,
                           "action": Action("play", card="no-such-card").to_json()}, "illegal")
        refused(b.client, {"type": "act", "seq": seq, "action": {"kind": 5}}, "malformed")
        refused(b.client, '{"type":"act"', "malformed")
        refused(b.client, {"type": "undo"}, "undo")
        refused(b.client, {"type": "chat", "phrase": "no_such_phrase"}, "chat")
        refused(b.client, {"type": "join", "room": "ZZZZZZ"}, "unknown_room")
        refused(b.client, {"type": "join", "room": code}, "seat_taken")
        fresh = Client(srv.url, hello=False)
        refused(fresh, {"type": "join", "room": code, "spectate": True}, "hello_first")
        fresh.send(P.hello())
        fresh.expect("welcome")
        refused(fresh, {"type": "act", "seq": seq, "action": legal[0].to_json()}, "not_seated")
        refused(fresh, {"type": "claim", "room": code, "seat": 1, "token": "x" * 32},
                "bad_token")
        refused(fresh, {"type": "claim", "room": code, "seat": 2, "token": b.client.token},
                "bad_token")  # a computer's seat
        refused(fresh, {"type": "create", "game": "chess", "players": 2,
                        "seats": [{"kind": "person"}, {"kind": "open"}]}, "bad_game")
        refused(fresh, {"type": "create", "game": "wizard", "players": 2,
                        "seats": [{"kind": "person"}, {"kind": "open"}]}, "bad_game")
        refused(fresh, {"type": "create", "game": "wizard", "players": 3,
                        "seats": [{"kind": "person"}, {"kind": "computer", "level": "god"},
                                  {"kind": "open"}]}, "bad_game")
        fresh.join(code, spectate=True)
        refused(fresh, {"type": "act", "seq": seq, "action": legal[0].to_json()}, "not_seated")
        # a stale act is answered with a fresh snapshot as well
        b.client.send({"type": "act", "seq": seq + 1, "action": legal[0].to_json()})
        assert b.client.expect("error")["code"] == "stale"
        assert b.client.expect("snapshot")["seq"] == seq
        assert _digest(srv, code) == before
        # the other side of the version check: a clear message, then the door closes
        old = Client(srv.url, hello=False)
        old.send({**P.hello(), "protocol": 0, "version": "0.0.1"})
        err = old.expect("error")
        assert err["code"] == "protocol" and "0.0.1" in err["detail"] \
            and f"protocol {P.PROTOCOL_VERSION}" in err["detail"]
        assert old.next()["type"] == "closed"
        # the held move is still the holder's to make
        b.acted = -1
        play_until([a, b], lambda: _digest(srv, code)[0] > before[0], active=[b])
        for c in (a.client, b.client, fresh):
            c.close()


def test_chat_lines_and_quick_phrases_reach_everyone_within_limits() -> None:
    with server(chat_rate=0.001, chat_burst=2) as srv:
        code, a, b = _held_table(srv)
        a.client.chat(text="你好\u202e\n!")
        got = [b.client.expect("chat")]
        b.client.chat(phrase="good_game")
        got.append(b.client.expect("chat"))
        assert [a.client.expect("chat"), a.client.expect("chat")] == [
            {**g, "raw": a_raw} for g, a_raw in zip(got, [g["raw"] for g in got], strict=True)]
        assert got[0]["text"] == "你好!" and got[0]["seat"] == 0 and got[0]["phrase"] is None
        assert got[1]["phrase"] == "good_game" and got[1]["text"] is None
        a.client.chat(text="again")
        a.client.chat(text="too many")
        assert a.client.expect("chat")["text"] == "again"
        assert a.client.expect("error")["code"] == "chat"
        a.client.send({"type": "chat", "text": "x" * (P.CHAT_MAX_LEN + 1)})
        assert a.client.expect("error")["code"] == "malformed"
        a.client.close()
        b.client.close()


def test_undo_is_the_strict_rule_and_everyone_gets_a_snapshot() -> None:
    with server() as srv:
        # Tanto Cuore: a person's buy reveals nothing and nobody else acts in between
        code, (a, b), (w,) = open_table(srv, "tanto_cuore", 2, seed=2)
        who: Bot | None = None
        deadline = time.monotonic() + 60
        while who is None:  # play until a person may take back a move, before their next one
            assert time.monotonic() < deadline
            w.client.poll()
            for bot in (a, b):
                for f in bot.client.poll():
                    bot.take(f)
                frames = bot.game_frames()
                u = frames[-1]["decoded"] if frames else None
                if u is None or u.acting != bot.seat or u.seq <= bot.acted \
                        or u.seq != _digest(srv, code)[0]:
                    continue
                if u.undo is not None and u.undo.can:
                    who = bot
                    break
                bot.acted = u.seq
                bot.client.act(u.seq, bot.rng.choice(u.legal))
            time.sleep(0.001)
        before = _digest(srv, code)
        who.client.undo()
        snap = who.client.expect("snapshot", skip=("presence", "chat", "update"))
        assert snap["seq"] < before[0] and snap["decoded"].note is not None
        assert w.client.expect("snapshot", skip=("presence", "update"))["seq"] == snap["seq"]
        assert _digest(srv, code)[0] == snap["seq"]
        for bot in (a, b, w):
            bot.client.close()


def test_a_connection_that_says_nothing_is_closed() -> None:
    with server(hello_timeout=0.2) as srv:
        mute = Client(srv.url, hello=False)
        closed = mute.next(10)
        assert closed["type"] == "closed" and closed["code"] == 1008


def test_tables_and_connections_per_server_are_limited() -> None:
    with server(max_tables=1, max_connections=2) as srv:
        one = Client(srv.url)
        one.create("cirno", 2, [{"kind": "person"}, {"kind": "computer"}])
        two = Client(srv.url)
        with pytest.raises(ClientError) as info:
            two.create("cirno", 2, [{"kind": "person"}, {"kind": "computer"}])
        assert info.value.code == "too_many_tables"
        three = Client(srv.url, hello=False)
        assert three.next()["code"] == 1013  # server full: closed at the door
        one.close()
        two.close()


def _other_table(srv: Any) -> tuple[str, Bot]:
    code, (c,), _ = open_table(srv, "cirno", 3, seed=9, watchers=0, computers=(1, 2),
                              level="easy")
    return code, c


def test_a_flood_and_an_oversize_frame_are_cut_off_and_nothing_else_moves() -> None:
    with server(rate=50, burst=100, max_frame=4096) as srv:
        code, a, b = _held_table(srv)
        other, c = _other_table(srv)
        before = _digest(srv, code)
        # a flood: the server drops what is over the rate, says so, and closes the connection
        flood = '{"type":"resync"}'
        try:
            for _ in range(5000):
                a.client.send(flood)
        except Exception:  # noqa: BLE001 - the server may close the door mid-flood
            pass
        frames = []
        while True:
            f = a.client.next()
            frames.append(f)
            if f["type"] == "closed":
                break
        assert any(f["type"] == "error" and f["code"] == "rate" for f in frames)
        assert frames[-1]["code"] == 1008
        # an oversize frame: closed with 1009 (message too big)
        b.client.send(json.dumps({"type": "chat", "text": "x" * 10_000}))
        while (f := b.client.next())["type"] != "closed":
            pass
        assert f["code"] == 1009
        assert _digest(srv, code) == before
        # the other table plays on to its end
        play_out([c])
        assert c.record is not None and not [f for f in c.frames if f["type"] == "error"]


def _fuzz_frames(rng: random.Random, code: str, seq: int, legal: list[Action], token: str,
                 count: int) -> list[str]:
    """`count` frames that must each be refused (or answered without a change): random bytes,
    broken JSON, valid frames with fields mutated, acts out of turn, stale or illegal, claims
    with wrong tokens, joins of rooms that do not exist."""
    base: list[dict[str, Any]] = [
        {"type": "act", "seq": seq, "action": legal[0].to_json()},
        {"type": "claim", "room": code, "seat": 1, "token": token},
        {"type": "join", "room": code, "seat": 1},
        {"type": "create", "game": "wizard", "players": 3, "seats": [{"kind": "open"}] * 3},
        {"type": "chat", "text": "hi"}, {"type": "resync"}, {"type": "undo"},
        {"type": "hello", "protocol": 1, "rules": "x"}, {"type": "leave"},
    ]
    junk: list[Any] = [None, True, -1, 2**40, "", "x" * 300, [], {}, [1, [2, [3]]], {"a": {}},
                       1.5, "ABCDEF", "0OI1AB"]
    out: list[str] = []
    while len(out) < count:
        roll = rng.random()
        if roll < 0.1:
            text = "".join(chr(rng.randrange(0, 0x3000)) for _ in range(rng.randrange(40)))
        elif roll < 0.2:
            good = json.dumps(rng.choice(base))
            cut = rng.randrange(len(good))
            text = good[:cut] + rng.choice(["", "}", "]", ",", '"', "\\"]) + good[cut + 1:]
        else:
            frame = json.loads(json.dumps(rng.choice(base)))
            for _ in range(rng.randrange(1, 4)):
                keys = list(frame)
                op = rng.random()
                if op < 0.4 and keys:
                    frame[rng.choice(keys)] = rng.choice(junk)
                elif op < 0.55 and keys:
                    del frame[rng.choice(keys)]
                elif op < 0.7:
                    frame[rng.choice(["x", "seed", "state", "Type"])] = rng.choice(junk)
                elif op < 0.85 and frame.get("type") == "act":
                    frame["seq"] = rng.choice([seq - 1, seq + 1, 0, 10**6])
                else:
                    frame["type"] = rng.choice(["act", "join", "claim", "nope", "", 7])
            text = json.dumps(frame)
        # only frames that must change nothing: anything the server could take is skipped
        try:
            parsed = P.parse_client(text)
        except P.ProtocolError:
            out.append(text)
            continue
        if isinstance(parsed, P.Leave | P.Create) or (
                isinstance(parsed, P.Join | P.Claim) and parsed.room == code
                and not (isinstance(parsed, P.Claim) and parsed.token != token)) or (
                isinstance(parsed, P.Act) and parsed.seq == seq):
            continue
        if isinstance(parsed, P.Chat | P.Resync):
            continue  # answered, but they change nothing: not worth the noise here
        out.append(text)
    return out


def _fuzz(count: int) -> None:
    with server() as srv:
        code, a, b = _held_table(srv)
        other, c = _other_table(srv)
        before = _digest(srv, code)
        seq = b.latest
        legal = list(b.game_frames()[-1]["decoded"].legal or ())
        frames = _fuzz_frames(random.Random(count), code, seq, legal, "not" + "x" * 30, count)
        assert len(frames) == count
        errors = 0
        for k, text in enumerate(frames):
            a.client.send(text)
            if k % 200 == 199:  # keep up with the answers (no backlog on either side)
                errors += sum(1 for f in a.client.poll() if f["type"] == "error")
                c.step()
        a.client.send('{"type":"resync"}')
        deadline = time.monotonic() + 60
        while True:
            f = a.client.next(max(0.1, deadline - time.monotonic()))
            if f["type"] == "error":
                errors += 1
            if f["type"] == "snapshot" and f["seq"] == seq and time.monotonic() > 0 and \
                    a.client.inbox.empty() and errors >= count:
                break
            assert f["type"] in ("error", "snapshot", "presence", "seated"), f
        assert errors == count  # every fuzzed frame refused with a code, none dropped
        assert _digest(srv, code) == before and a.client.closed is None
        play_out([c])  # the other table is unaffected
        assert c.record is not None and not [f for f in c.frames if f["type"] == "error"]


def test_fuzzed_frames_are_all_refused() -> None:
    _fuzz(500)


@pytest.mark.slow
def test_ten_thousand_fuzzed_frames_are_all_refused() -> None:
    _fuzz(10_000)
