"""cardtable bench: structure of the results with peers absent (reported, not failing), the
verdicts and the printed table. Heavy parts (probes in new interpreters, AI latency) are mocked;
no timings are asserted."""

from __future__ import annotations

import json

import pytest

from cardtable.bench import engines, suite
from cardtable.bench.stats import percentile
from cardtable.cli import bench as bench_cli


def test_percentile_nearest_rank() -> None:
    values = list(range(1, 101))
    assert percentile(values, 50) == 50
    assert percentile(values, 99) == 99
    assert percentile(values, 100) == 100
    assert percentile([], 99) == 0.0


@pytest.fixture
def no_peers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engines, "peer_available", lambda module: False)


@pytest.mark.parametrize("comparison", engines.COMPARISONS, ids=lambda c: c.key)
def test_missing_peer_is_reported_not_failed(no_peers: None, comparison: engines.Comparison
                                             ) -> None:
    row = engines.compare(comparison, seconds_per_side=0.02)
    assert row["peer_rate"] is None and row["ratio"] is None
    assert comparison.peer_package in row["peer_missing"]
    assert row["ours_games"] >= 1 and row["ours_rate"] > 0
    # the headline is the simulator's loop (quiet, apply(check=False)); the app's paths (with
    # events, and with apply's check too) are measured beside it
    assert row["ours_events_rate"] > 0 and row["ours_checked_rate"] > 0
    if comparison.key.startswith("tanto_cuore"):  # turns/s, with games/s and length beside
        assert comparison.unit == "turns/s"
        assert row["ours_turns_per_game"] > 20 and row["peer_turns_per_game"] is None
        assert row["ours_rate"] == pytest.approx(
            row["ours_games_rate"] * row["ours_turns_per_game"], rel=0.02)
        assert "ratio_per_game" not in row


def test_big_money_mirror_game_ends() -> None:
    """big_money once never ended a mirror game (it bought Colette only "late", a stage a
    mirror game never reached once Marianne's pile was empty); now every seed tried ends."""
    for seed in range(8):
        block = engines._agents_block("tanto_cuore", "big_money", 2, seed, 0.0, None,
                                      stuck := [0])
        decisions, games = block()
        assert games == 1 and stuck == [0] and decisions > 0


def _fake_sections(monkeypatch: pytest.MonkeyPatch) -> None:
    frame = {"players": 4, "frames": 3, "size": "1280x720", "wall_median_ms": 1.0,
             "wall_p99_ms": 5.0, "cpu_median_ms": 1.0, "cpu_p99_ms": 3.0}
    monkeypatch.setattr(suite.probes, "frame_times",
                        lambda games, frames: [{"game": g, **frame} for g in games])
    monkeypatch.setattr(suite.probes, "first_frame",
                        lambda runs: {"runs": runs, "median_s": 0.3, "min_s": 0.2,
                                      "max_s": 0.4, "in_process_s": 0.2})
    monkeypatch.setattr(suite.probes, "peak_memory",
                        lambda: {"peak_rss_mb": 40.0, "rss_after_imports_mb": 35.0,
                                 "actions": 1, "events": 2})
    monkeypatch.setattr(suite.ai_latency, "measure_all",
                        lambda games, n, s: [{"game": g, "level": "random", "players": 2,
                                              "decisions": 1, "median_ms": 0.1, "p95_ms": 0.2,
                                              "max_ms": 0.2} for g in games])
    monkeypatch.setattr(suite, "QUICK", suite.Budget(0.02, 3, 1, 1, 0.01))


def test_quick_structure_without_peers(no_peers: None, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_sections(monkeypatch)
    out = suite.run(quick=True)
    json.dumps(out)  # one JSON object
    assert out["mode"] == "quick"
    assert {r["key"] for r in out["engines"]} == {c.key for c in engines.COMPARISONS}
    assert all(r["peer_missing"] for r in out["engines"])
    assert {f["game"] for f in out["frames"]} == set(suite.table_games())
    v = out["verdicts"]
    assert v["wizard_vs_openspiel_oh_hell"] is None  # not measured, neither met nor failed
    assert set(v["frame_p99_ms"].values()) == {False} and set(v["frame_p99_cpu_ms"].values()) \
        == {True}
    assert v["first_frame_s"] is False
    assert "cpus" in out["machine_at_start"] and "load_average" in out["machine_at_end"]
    table = suite.format_table(out)
    assert "missing" in table and "not installed" in table and "load average" in table


def test_cli_json_and_bad_section(no_peers: None, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    _fake_sections(monkeypatch)
    assert bench_cli.main(["--quick", "--json", "--only", "first_frame,memory"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "engines" not in out and out["first_frame"]["median_s"] == 0.3
    assert bench_cli.main(["--only", "nonsense"]) == 2


def test_a_peer_failing_midway_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(seed: int, budget: float) -> engines.Block:
        def block() -> tuple[int, int]:
            raise RuntimeError("boom")
        return block
    monkeypatch.setattr(engines, "peer_available", lambda module: True)
    monkeypatch.setattr(engines, "_uno_block", broken)
    cirno = next(c for c in engines.COMPARISONS if c.key.startswith("cirno"))
    row = engines.compare(cirno, seconds_per_side=0.02)
    assert row["peer_rate"] is None and "boom" in row["peer_missing"]


def test_one_seat_against_a_field_times_only_that_seats_choices(monkeypatch):
    """`seat_against_field` (scripts/hard_latency.py): every decision with a choice made by the
    tested level, none of the field's and no forced move, grouped by the action's kind."""
    from cardtable import games
    from cardtable.bench import ai_latency
    made: dict[str, int] = {}
    real = games.make_agent

    def counting(game, level, seed):
        agent = real(game, level, seed)
        choose = agent.choose

        def spy(view, legal, rng):
            if len(legal) > 1:
                made[level] = made.get(level, 0) + 1
            return choose(view, legal, rng)
        agent.choose = spy
        return agent
    monkeypatch.setattr(ai_latency, "make_agent", counting)
    out = ai_latency.seat_against_field("cirno", "easy", "random", 2, 2, seed=5)
    assert sum(len(w) for w, _ in out.values()) == made["easy"] > 0
    assert all(len(w) == len(c) and min(w) >= 0 for w, c in out.values())
