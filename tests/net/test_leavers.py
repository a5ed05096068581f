"""Leavers (issue 31): a person who drops is shown absent, the computer plays their turns after
the grace period, the token reclaims the seat (the old connection is closed, the new one gets a
snapshot) with no double move; a wrong token is refused and changes nothing; a server killed
and started again resumes the table from disk."""

from __future__ import annotations

import random
import time
from pathlib import Path

from cardtable.core.actions import Action
from cardtable.core.match import MatchRecord
from cardtable.games import match_from_record
from cardtable.net.client import Client, ClientError
from tests.net.netplay import Bot, last_presence, open_table, play_out, play_until, server


def _seq(srv: object) -> int:
    return srv.call(lambda s: next(iter(s.rooms.values())).host.seq)  # type: ignore[attr-defined]


def _hold(srv: object, bot: Bot, bots: list[Bot]) -> None:
    """Play on until it is `bot`'s turn (a move it has not answered yet), and hold it there."""
    def held() -> bool:
        f = bot.game_frames()[-1]
        return f["decoded"].acting == bot.seat and f["seq"] > answered and f["seq"] == _seq(srv)
    answered = bot.acted
    bot.acted = 10**9
    play_until(bots, held, active=[b for b in bots if b is not bot])


def test_the_computer_stands_in_and_the_token_reclaims_the_seat() -> None:
    with server(grace=0.3) as srv:
        code, (a, b), (w,) = open_table(srv, "wizard", 3, seed=7, computers=(2,),
                                        level="easy")
        play_until([a, b, w], lambda: a.latest >= 12)
        token = a.client.token
        assert token
        before_kill = a.latest
        a.client.kill()
        # absent at once, then (after the grace period) the computer plays for seat 0
        play_until([b, w], lambda: (last_presence(w) or [{}])[0].get("present") is False,
                   active=[b])
        play_until([b, w], lambda: (last_presence(w) or [{}])[0].get("stand_in") is True,
                   active=[b])
        start = _seq(srv)
        play_until([b, w], lambda: w.latest >= start + 12, active=[b])
        record = srv.call(lambda s: s.rooms[code].host.record())
        actors = match_from_record(record).actors
        assert 0 in actors[before_kill:], "the stand-in played seat 0's turns"

        # B waits on its turn: a wrong token is refused and nothing moves
        _hold(srv, b, [b, w])
        digest = srv.call(lambda s: s.state_digest())
        thief = Client(srv.url, "X")
        try:
            thief.claim(code, 0, "not-the-token")
            raise AssertionError("a wrong token took the seat")
        except ClientError as exc:
            assert exc.code == "bad_token"
        try:
            thief.claim(code, 1, token)  # A's token is not B's
            raise AssertionError("a token took another seat")
        except ClientError as exc:
            assert exc.code == "bad_token"
        assert srv.call(lambda s: s.state_digest()) == digest
        thief.close()

        # A comes back: a snapshot of now, the computer no longer plays seat 0
        a2 = Bot(Client(srv.url, "A"), random.Random(8))
        seated = a2.client.claim(code, 0, token)
        assert seated["seat"] == 0 and seated["token"] == token
        snap = a2.client.expect("snapshot")
        a2.take(snap)
        assert snap["seq"] == _seq(srv) == digest[code][0]
        assert [p["stand_in"] for p in snap["presence"]] == [False, False, False]
        assert all(p["present"] for p in snap["presence"])
        # an answer to a moment before the drop is stale: an error and a fresh snapshot
        a2.client.act(before_kill, Action("play", card="nothing"))
        err = a2.client.expect("error")
        assert err["code"] == "stale" and err["about"] == "act"
        again = a2.client.expect("snapshot")
        a2.take(again)
        assert again["seq"] == snap["seq"]
        assert srv.call(lambda s: s.state_digest()) == digest

        # a second connection with the token closes the first one
        a3 = Bot(Client(srv.url, "A"), random.Random(9))
        a3.client.claim(code, 0, token)
        play_until([a2], lambda: a2.client.closed is not None, active=[])
        assert a2.client.closed and a2.client.closed["code"] == 4001
        b.acted = -1
        play_out([a3, b, w])
        record = srv.call(lambda s: s.rooms[code].host.record())
        # every action once: the frames A saw after reclaiming have no gap and no repeat
        seqs = [f["seq"] for f in a3.game_frames()]
        assert seqs == list(range(seqs[0], len(record.actions) + 1))
        assert MatchRecord.model_validate(a3.record) == record
        replayed = match_from_record(record)
        assert len(replayed.history) == len(record.actions) and replayed.state.is_terminal()
        for bot in (a3, b, w):
            bot.client.close()


def test_a_restarted_server_resumes_the_table(tmp_path: Path) -> None:
    data = tmp_path / "tables"
    with server(data=data, grace=30.0) as srv:
        code, (a,), (w,) = open_table(srv, "cirno", 3, seed=4, computers=(1, 2),
                                      level="easy")
        play_until([a, w], lambda: a.latest >= 3)
        token = a.client.token
        assert token
        _hold(srv, a, [a, w])  # our turn, and the server goes down
        seq = _seq(srv)
        view = a.game_frames()[-1]["decoded"].view
        stored = (data / f"{code}.table").read_text(encoding="utf-8")
        assert token not in stored and '"token_hash"' in stored  # only the token's hash is kept
        a.client.kill()
        w.client.kill()
    with server(data=data, grace=30.0) as srv2:
        assert srv2.call(lambda s: sorted(s.rooms)) == [code]
        a2 = Bot(Client(srv2.url, "A"), random.Random(5))
        a2.client.claim(code, 0, token)
        snap = a2.client.expect("snapshot")
        a2.take(snap)
        assert snap["seq"] == seq and snap["decoded"].view == view
        play_out([a2])
        record = srv2.call(lambda s: s.rooms[code].host.record())
        assert MatchRecord.model_validate(a2.record) == record
        a2.client.close()


def test_an_abandoned_table_is_played_out_by_the_computers_and_swept(tmp_path: Path) -> None:
    with server(grace=0.05, data=tmp_path) as srv:
        code, (a,), _ = open_table(srv, "cirno", 3, seed=6, watchers=0, computers=(1, 2),
                                   level="random")
        a.client.kill()  # nobody comes back: the stand-in plays seat 0 to the end
        deadline = time.monotonic() + 60
        while not srv.call(lambda s: s.rooms[code].host.over):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert (tmp_path / f"{code}.table").exists()
        assert srv.call(lambda s: s.sweep()) == 1
        assert srv.call(lambda s: code not in s.rooms)
        assert not (tmp_path / f"{code}.table").exists()
