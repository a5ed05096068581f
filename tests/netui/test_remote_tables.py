"""Every game's own table plays a seat on a loopback server through `RemoteLink`, unchanged,
to the end against computer seats; the finished game lands in the statistics and replays."""

from __future__ import annotations

import pytest

from cardtable.net.link import RemoteLink, keep_finished
from cardtable.ui.autoplay import Player, run_until
from cardtable.ui.scenes.results import ResultsScene
from tests.net.netplay import players, server

GAMES = ("cirno", "eight_half", "tanto_cuore", "wizard")


def plan(game: str, n: int) -> dict:
    seats = [{"kind": "person"}] + [{"kind": "computer", "level": "easy"}] * (n - 1)
    return {"game": game, "players": n, "seats": seats, "sit": 0}


@pytest.mark.parametrize("game", GAMES)
def test_remote_table_plays_to_the_end(app, game):
    from cardtable.ui.tables import table_class
    n = players(game)
    with server() as srv:
        kept: list[dict] = []
        link = RemoteLink.connect(srv.url, "甲", create=plan(game, n),
                                  on_record=lambda r, seat: kept.append(r) or keep_finished(r, seat))
        table = app.push(table_class(game)(app, link))
        app.speed_factor = 20
        for _ in range(20000):  # the first decision: a hint, worked out here from the view
            app.step(1 / 60)
            if table.human_turn():
                break
        assert table.request_hint()
        for _ in range(20000):
            app.step(1 / 60)
            if table.hint is not None:
                break
        assert table.hint is not None and table.hint.action in table.latest[0].legal
        player = Player(7)
        used = run_until(app, player, 60000, lambda a: player.finished)
        assert player.finished, f"not over after {used} frames at seq {link.seq}"
        assert isinstance(app.stack.top, ResultsScene) and app.stack.top.final
        assert table.over and player.human_moves > 0
        assert link.errors == []  # no refusal on the way
        for _ in range(200):  # the record follows the last update
            if link.record is not None:
                break
            link.poll(False)
            import time
            time.sleep(0.01)
        assert link.record is not None and link.record["game_id"] == game
        assert len(kept) == 1 and kept[0]["actions"] == link.record["actions"]  # kept once
        assert kept[0]["assists"] == ["hint:0"]  # marked as helped
        from cardtable.history.records import list_records
        from cardtable.history.stats import StatsDB
        assert len(list_records()) == 1  # in this person's replays, at their own view ...
        from cardtable.history.records import open_record
        from cardtable.ui.scenes.replay import ReplayScene
        replay = ReplayScene(app, open_record(list_records()[0]), playing=False)
        assert replay.viewer == 0
        db = StatsDB()
        try:  # ... and statistics
            assert db.conn.execute("SELECT game_id FROM games").fetchall() == [(game,)]
            assert db.conn.execute("SELECT seat, value FROM metrics WHERE name='assist_hint' "
                                   "AND value > 0").fetchall() == [(0, 1.0)]
        finally:
            db.close()
        link.close()
