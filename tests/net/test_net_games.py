"""Full games over the network (issue 31), on loopback: people (bots at real clients) at every
seat and a spectator, or two people against computers. Each frame a seat receives is the one
its view and redacted events give (identical when the server's state is swapped for a
determinization of that seat's view); each client's event stream is the server's log redacted
for that seat; no seed and no record before the game is over; the final record replays
identically on every side."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardtable.core.events import redact
from cardtable.core.match import MatchRecord
from cardtable.games import GAME_IDS, match_from_record
from tests.net.netplay import (
    Bot,
    events_json,
    open_table,
    play_out,
    players,
    server,
    shadow_frames,
    stream,
)


def _server_record(srv: Any, code: str) -> MatchRecord:
    return srv.call(lambda s: s.rooms[code].host.record())


def _check_table(record: MatchRecord, bots: list[Bot], *, undo: bool = True,
                 determinized: bool = True) -> None:
    replayed = match_from_record(record)
    viewers = [b.seat for b in bots]
    shadow = shadow_frames(record, viewers, undo=undo, check_determinized=determinized,
                           snapshots={b.seat: b.game_frames()[0]["seq"] for b in bots})
    for bot in bots:
        v = bot.seat
        # the event stream is the server's log redacted for this seat: the first snapshot's
        # recent past (up to 400 events), then each update's events
        frames = bot.game_frames()
        s0 = frames[0]["seq"]
        cut = replayed.marks[s0] if s0 < len(replayed.marks) else len(replayed.log)
        before = [redact(e, v).to_json() for e in replayed.log[:cut]]
        after = [redact(e, v).to_json() for e in replayed.log[cut:]]
        assert events_json(frames[0]["decoded"].events) == before[-400:]
        assert stream(bot)[len(before[-400:]):] == after
        # each frame as the replay builds it (and as a determinization of the view builds it)
        for f in bot.game_frames():
            key = ("snap", f["seq"]) if f["type"] == "snapshot" else f["seq"]
            assert json.loads(f["raw"])["update"] == shadow[v][key], (v, key)
        seqs = [f["seq"] for f in bot.game_frames()]
        assert seqs == list(range(s0, len(record.actions) + 1))
        # no seed, no record before the end; the record once it is over
        over_at = next(i for i, f in enumerate(bot.frames) if f["type"] == "record")
        assert bot.game_frames()[-1]["decoded"].over
        for f in bot.frames[:over_at]:
            assert '"seed"' not in f["raw"] and f["type"] != "record"
            if record.seed > 10**6:
                assert str(record.seed) not in f["raw"]
        assert MatchRecord.model_validate(bot.record) == record


@pytest.mark.parametrize("game", GAME_IDS)
def test_people_at_every_seat_and_a_spectator(game: str) -> None:
    n = players(game)
    with server() as srv:
        code, bots, watchers = open_table(srv, game, n, seed=3)
        play_out(bots + watchers)
        record = _server_record(srv, code)
        _check_table(record, bots + watchers)
        for b in bots + watchers:
            b.client.close()


@pytest.mark.parametrize("game", GAME_IDS)
def test_two_people_against_computers_play_to_the_end(game: str) -> None:
    n = players(game)
    with server() as srv:
        code, bots, watchers = open_table(srv, game, n, seed=5, watchers=0,
                                          computers=tuple(range(2, n)), level="easy")
        assert len(bots) == 2
        play_out(bots)
        record = _server_record(srv, code)
        assert bots[0].record == bots[1].record == record.model_dump(mode="json")
        assert all(b.moves > 0 for b in bots)
        _check_table(record, bots, determinized=False)
        for b in bots:
            b.client.close()


@pytest.mark.slow
@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_more_full_games_every_player_count(game: str, seed: int) -> None:
    from cardtable.games import get_spec
    spec = get_spec(game)
    for n in range(spec.min_players, spec.max_players + 1):
        with server() as srv:
            code, bots, watchers = open_table(srv, game, n, seed=seed + n)
            play_out(bots + watchers, limit=300)
            _check_table(_server_record(srv, code), bots + watchers)
            for b in bots + watchers:
                b.client.close()
