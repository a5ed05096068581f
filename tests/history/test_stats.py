"""Statistics in SQLite: figures after simulated games equal a hand count, the v1 -> v2
migration, a corrupt or newer database moved aside, and `cardtable stats --json`."""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from pathlib import Path

import pytest

from cardtable.cli.stats import main as stats_main
from cardtable.core.match import Match, Seat
from cardtable.games import REGISTRY
from cardtable.history import stats as stats_mod
from cardtable.history.stats import StatsDB
from tests.history.helpers import GAME_IDS, play_random

LEVELS = ("easy", "hard")


def _played() -> list[Match]:
    """Finished games with seat 0 human against AI levels (played by random moves)."""
    out = []
    for game_id in GAME_IDS:
        spec = REGISTRY[game_id]
        n = spec.min_players
        for seed in range(3):
            level = LEVELS[seed % 2]
            seats = [Seat(kind="human", name="阿明")] + [Seat(kind="ai", agent=level)] * (n - 1)
            out.append(play_random(Match(spec, seed, n, {}, seats), seed))
    return out


def _by_hand(m: Match) -> dict[str, tuple[float, float]]:
    """Seat 0's pooled figures of one game, counted from the state: (part, whole)."""
    st = m.state
    if m.spec.id == "wizard":
        rounds = st.history
        return {"bid_accuracy": (sum(r.bids[0] == r.tricks[0] for r in rounds), len(rounds)),
                "mean_round_score": (sum(r.deltas[0] for r in rounds), len(rounds))}
    if m.spec.id == "cirno":
        return {"companion_share": (st.taken[0], sum(st.taken))}
    if m.spec.id == "eight_half":
        return {"mean_cards_taken": (st.taken_total[0], len(st.deal_points))}
    return {}


def test_figures_match_a_hand_count(home: Path) -> None:
    matches = _played()
    expected: dict[tuple[str, str], dict[str, list[float]]] = defaultdict(
        lambda: defaultdict(list))
    with StatsDB() as db:
        for i, m in enumerate(matches):
            assert db.record_match(m, finished_at=f"2026-01-01T00:00:{i:02d}+00:00") is not None
            level = m.seats[1].agent
            ret = m.state.returns()[0]
            for key in ((m.spec.id, level), (m.spec.id, "all")):
                expected[key]["won"].append(1.0 if ret > 0 else 0.0)
                expected[key]["share"].append(ret)
                expected[key]["score"].append(m.state.scores()[0])
                for k, v in m.spec.metrics(m.state)[0].items():
                    expected[key][k].append(v)
                for k, (num, den) in _by_hand(m).items():
                    expected[key][f"hand.{k}.num"].append(num)
                    expected[key][f"hand.{k}.den"].append(den)
        summary = {(r["game"], r["opponents"]): r for r in db.summary()}
        assert set(summary) == set(expected)
        for key, exp in expected.items():
            row = summary[key]
            assert row["games"] == len(exp["won"])
            assert row["wins"] == sum(exp["won"])
            assert row["win_share"] == pytest.approx(sum(exp["share"]) / len(exp["share"]))
            assert row["mean_score"] == pytest.approx(sum(exp["score"]) / len(exp["score"]))
            figures = {f["name"]: f for f in row["figures"]}
            pooled = {"bid_accuracy", "mean_round_score", "companion_share",
                      "mean_cards_taken"}
            for k, values in exp.items():
                if k in ("won", "share", "score") or k.startswith("hand."):
                    continue
                if k.startswith("assist_"):  # a count of games, not a fraction
                    assert figures[k]["kind"] == "games"
                    assert figures[k]["count"] == sum(1 for v in values if v > 0)
                    assert figures[k]["of"] == len(values)
                elif k in pooled:  # pooled over the rounds (deals, cards) of every game
                    num, den = exp[f"hand.{k}.num"], exp[f"hand.{k}.den"]
                    assert figures[k]["kind"] == "pooled"
                    assert figures[k]["value"] == pytest.approx(sum(num) / sum(den))
                else:
                    assert figures[k]["kind"] == "per_game"
                    assert figures[k]["value"] == pytest.approx(sum(values) / len(values))
        history = db.history(limit=None)
        assert len(history) == len(matches)
        assert history[0]["finished_at"] > history[-1]["finished_at"]
        for game_id in GAME_IDS:
            series = db.win_rate_series(game_id)
            won = expected[(game_id, "all")]["won"]
            assert [p["n"] for p in series] == list(range(1, len(won) + 1))
            assert series[-1]["win_rate"] == pytest.approx(sum(won) / len(won))
            dist = db.score_distribution(game_id, bins=4)
            assert sum(dist["counts"]) == len(won)


def test_ai_only_and_unfinished_games_are_not_counted(home: Path) -> None:
    spec = REGISTRY[GAME_IDS[0]]
    n = spec.min_players
    demo = play_random(Match(spec, 1, n, {}, [Seat() for _ in range(n)]), 1)
    unfinished = Match(spec, 1, n, {}, [Seat(kind="human")] + [Seat()] * (n - 1))
    with StatsDB() as db:
        assert db.record_match(demo) is None
        assert db.record_match(unfinished) is None
        assert db.summary() == []


def test_hot_seat_counts_each_human_and_names_opponents(home: Path) -> None:
    spec = REGISTRY[GAME_IDS[0]]
    n = spec.min_players
    seats = [Seat(kind="human", name=f"P{i}") for i in range(n)]
    match = play_random(Match(spec, 3, n, {}, seats), 3)
    with StatsDB() as db:
        db.record_match(match)
        rows = db.history(limit=None)
        assert sorted(r["name"] for r in rows) == sorted(s.name for s in seats)
        # the other people by name (issue 33: they were all 「玩家」)
        assert {r["opponents"] for r in rows if r["name"] == "P0"} == {
            "+".join(f"human:P{i}" for i in range(1, n))}
        p0 = next(r for r in rows if r["name"] == "P0")
        assert p0["opponent_list"] == [{"kind": "human", "name": f"P{i}"} for i in range(1, n)]
        assert len(db.summary(player="P0")) == 2  # the others and "all"


def test_migration_from_v1(home: Path) -> None:
    path = stats_mod.stats_path()
    conn = stats_mod.create_v1(path)
    rows = [("2025-01-01T10:00:00+00:00", "cirno", 3, 0, "hard,hard", 1, 0.0),
            ("2025-01-02T10:00:00+00:00", "cirno", 3, 1, "easy,hard", 0, 2.0),
            ("2025-01-03T10:00:00+00:00", "cirno", 3, 2, "hard,hard", 0, 1.0)]
    conn.executemany("INSERT INTO games (finished_at, game_id, players, human_seat, opponents, "
                     "won, score) VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    conn.commit()
    conn.close()
    with StatsDB() as db:
        assert db.notice is None
        assert db.conn.execute("PRAGMA user_version").fetchone()[0] == stats_mod.SCHEMA_VERSION
        summary = {(r["game"], r["opponents"]): r for r in db.summary()}
        assert summary[("cirno", "hard")]["games"] == 2
        assert summary[("cirno", "hard")]["wins"] == 1
        assert summary[("cirno", "hard")]["mean_score"] == pytest.approx(0.5)
        assert summary[("cirno", "easy+hard")]["games"] == 1
        assert summary[("cirno", "all")]["games"] == 3
        seat = db.history(limit=1)[0]
        assert seat["seat"] == 2 and seat["finished_at"].startswith("2025-01-03")
        tables = {r[0] for r in db.conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert tables == {"games", "seats", "metrics"}
    # opening again is a no-op
    with StatsDB() as db:
        assert db.summary()[0]["games"] >= 1


def test_corrupt_database_is_moved_aside_and_a_fresh_one_started(home: Path) -> None:
    path = stats_mod.stats_path()
    path.write_bytes(b"this is not an sqlite database at all" * 100)
    with StatsDB() as db:
        assert db.notice == stats_mod.CORRUPT_KEY
        assert db.summary() == []
        match = _played()[0]
        assert db.record_match(match) is not None
    aside = list(path.parent.glob(f"{path.name}.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")
    with StatsDB() as db:
        assert db.notice is None and len(db.history()) == 1


def test_newer_schema_is_moved_aside(home: Path) -> None:
    path = stats_mod.stats_path()
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE future (x)")
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    with StatsDB() as db:
        assert db.notice == stats_mod.NEWER_KEY
        assert db.summary() == []
    assert list(path.parent.glob(f"{path.name}.corrupt-*"))


def test_cli_stats_json_prints_the_same_numbers(home: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    with StatsDB() as db:
        for m in _played()[:3]:
            db.record_match(m)
        report = db.report()
    assert stats_main(["--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["summary"] == json.loads(json.dumps(report["summary"]))
    assert stats_main([]) == 0
    assert "opponents" in capsys.readouterr().out


def test_archive_finished_saves_the_record_and_counts_the_game(home: Path) -> None:
    from cardtable.history.archive import archive_finished
    from cardtable.history.records import open_record

    match = _played()[0]
    result = archive_finished(match)
    assert result.notice is None and result.path is not None and result.stats_row is not None
    assert open_record(result.path).record == match.record()
    with StatsDB() as db:
        row = db.history(limit=1)[0]
        assert row["record_path"] == str(result.path)


def test_players_and_the_report_of_one_player(home: Path) -> None:
    """Play test 5: 4 hot-seat games of two people showed as 8 games, with the other person's
    wins counted. `players()` lists the names played under; `report(player=...)` counts one
    person's seats only, so a hot-seat game counts once."""
    spec = REGISTRY["cirno"]
    with StatsDB() as db:
        for seed in range(4):
            seats = [Seat(kind="human", name="阿明"), Seat(kind="human", name="小美"),
                     Seat(kind="ai", agent="easy")]
            match = play_random(Match(spec, seed, 3, {}, seats), seed)
            db.record_match(match, finished_at=f"2026-01-0{seed + 1}T00:00:00+00:00")
        seats = [Seat(kind="human", name="阿明"), Seat(kind="ai", agent="hard"),
                 Seat(kind="ai", agent="easy")]
        db.record_match(play_random(Match(spec, 9, 3, {}, seats), 9),
                        finished_at="2026-01-09T00:00:00+00:00")
        assert db.players() == [{"name": "阿明", "games": 5}, {"name": "小美", "games": 4}]
        everyone = {r["opponents"]: r for r in db.report()["summary"]}
        assert everyone["all"]["games"] == 9  # one row per human seat
        mine = db.report(player="阿明")
        assert mine["player"] == "阿明"
        rows = {r["opponents"]: r for r in mine["summary"]}
        assert rows["all"]["games"] == 5
        assert len(mine["history"]) == 5 and {h["name"] for h in mine["history"]} == {"阿明"}
        assert len(mine["charts"]["cirno"]["win_rate"]) == 5
        hers = db.report(player="小美")["summary"]
        assert {r["opponents"]: r["games"] for r in hers}["all"] == 4
