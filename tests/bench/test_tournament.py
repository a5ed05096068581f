"""cardtable tournament: matchups, the confidence verdicts, a tiny real matchup through the
simulator, and the report (Markdown + PNG charts) from synthetic results."""

from __future__ import annotations

from pathlib import Path

import pygame

from cardtable.bench.tournament import chain_verdicts, matchups, run_matchup
from cardtable.bench.tournament_report import bid_accuracy, write_report
from cardtable.cli import tournament as tournament_cli


def test_matchups_cover_the_chain_and_big_money() -> None:
    labels = {m.label for m in matchups("wizard")}
    assert {"hard vs normal", "normal vs random", "hard vs random"} <= labels
    tc = {m.label for m in matchups("tanto_cuore")}
    assert {"big_money vs random", "hard vs big_money", "normal vs big_money"} <= tc


def _row(game: str, agent: str, field: str, lo: float, hi: float, players: int = 2,
         **metrics: float) -> dict:
    fair = 1 / players
    return {"game": game, "agent": agent, "field": field, "players": players, "games": 10,
            "fair_share": fair, "win_rate": (lo + hi) / 2, "ci95": [lo, hi],
            "better_with_confidence": lo > fair, "worse_with_confidence": hi < fair,
            "agent_metrics": dict(metrics), "field_metrics": dict(metrics),
            "agent_mean_score": 1.0, "field_mean_score": 0.5, "seconds": 1.0, "decisions": 10}


def test_chain_needs_both_links_with_confidence() -> None:
    rows = [_row("cirno", "hard", "normal", 0.55, 0.8), _row("cirno", "normal", "random", 0.6, 0.9),
            _row("wizard", "hard", "normal", 0.2, 0.4, 4), _row("wizard", "normal", "random",
                                                                0.3, 0.5, 4)]
    v = chain_verdicts(rows)
    assert v["cirno"]["holds"] is True
    assert v["wizard"]["holds"] is False  # hard vs normal's interval includes 1/4
    assert chain_verdicts(rows[:1])["cirno"]["links"]["normal>random"] is None


def test_a_real_matchup_through_the_simulator() -> None:
    m = next(m for m in matchups("cirno") if m.label == "normal vs random")
    row = run_matchup(m, games=4, seed=5, workers=1)
    lo, hi = row["ci95"]
    assert row["games"] == 4 and 0.0 <= lo <= row["win_rate"] + 1e-9 and row["win_rate"] <= hi + 1e-9


def test_report_writes_markdown_and_charts(tmp_path: Path) -> None:
    rows = [_row("wizard", "hard", "normal", 0.3, 0.5, 4, bid_accuracy=0.5),
            _row("wizard", "normal", "random", 0.4, 0.6, 4, bid_accuracy=0.4)]
    report = {"seed": 1, "games": 10, "hard_games": 5, "seconds": 60.0, "matchups": rows,
              "machine_at_start": {"cpus": 2, "load_average": [1.0, 1.0, 1.0]},
              "verdicts": chain_verdicts(rows)}
    md = write_report(report, tmp_path)
    text = md.read_text(encoding="utf-8")
    assert "hard > normal" in text and "wizard.png" in text and "bid accuracy" in text
    for name in ("wizard.png", "wizard_bid_accuracy.png"):
        assert pygame.image.load(str(tmp_path / name)).get_width() > 0
    acc = bid_accuracy(rows)
    assert acc["normal", 4, "hard"][0] == 0.5 and acc["normal", 4, "hard"][1] == 30
    assert acc["normal", 4, "random"][0] == 0.4 and acc["normal", 4, "random"][1] == 10
    assert "| hard | 4 | normal | 10 | 0.500 |" in text


def test_a_run_without_machine_figures_is_listed_without_them(tmp_path: Path) -> None:
    rows = [_row("wizard", "hard", "normal", 0.3, 0.5, 4, bid_accuracy=0.5)]
    report = {"matchups": rows, "verdicts": chain_verdicts(rows),
              "runs": [{"command": "simulate x", "games_played": ["wizard"], "seconds": 120},
                       {"command": "simulate y", "games_played": ["wizard"], "seconds": 60,
                        "machine_at_start": {"cpus": 2, "load_average": [1.0, 1.0, 1.0]},
                        "machine_at_end": {"cpus": 2, "load_average": [2.0, 2.0, 2.0]}}]}
    text = write_report(report, tmp_path).read_text(encoding="utf-8")
    assert "`simulate x` — Wizard (2 min)" in text and "None" not in text
    assert ("`simulate y` — Wizard (1 min on 2 cores; load average [1.0, 1.0, 1.0] at the "
            "start, [2.0, 2.0, 2.0] at the end)") in text


def test_bid_accuracy_keeps_table_sizes_and_opponents_apart() -> None:
    rows = [_row("wizard", "hard", "normal", 0.3, 0.5, 4, bid_accuracy=0.8),
            _row("wizard", "hard", "normal", 0.3, 0.5, 3, bid_accuracy=0.7),
            _row("wizard", "hard", "random", 0.3, 0.5, 4, bid_accuracy=0.6)]
    acc = bid_accuracy(rows)
    assert acc["hard", 4, "normal"][0] == 0.8 and acc["hard", 3, "normal"][0] == 0.7
    assert acc["hard", 4, "random"][0] == 0.6
    assert set(acc) == {("hard", 3, "normal"), ("hard", 4, "normal"), ("hard", 4, "random"),
                        ("normal", 3, "hard"), ("normal", 4, "hard"), ("random", 4, "hard")}


def test_cli_rejects_unknown_game_and_missing_results(tmp_path: Path) -> None:
    assert tournament_cli.main(["--game", "chess"]) == 2
    assert tournament_cli.main(["--render-only", "--out", str(tmp_path)]) == 2


def test_rerunning_one_game_keeps_the_others_with_their_provenance(tmp_path: Path,
                                                                   monkeypatch) -> None:
    """`--game cirno` replaces Cirno's rows and keeps Wizard's (from an old-style report without
    `runs`), and the report names the command that made each game's figures."""
    import json

    from cardtable.bench import tournament

    old_rows = [_row("wizard", "hard", "normal", 0.3, 0.5, 4), _row("cirno", "hard", "normal",
                                                                      0.2, 0.6)]
    (tmp_path / "results.json").write_text(json.dumps(
        {"seed": 1, "games": 200, "hard_games": 30, "seconds": 60.0, "matchups": old_rows,
         "machine_at_start": {"cpus": 2, "load_average": [1.0, 1.0, 1.0]},
         "notes": ["a note written by hand"]}), encoding="utf-8")
    monkeypatch.setattr(tournament, "matchups", lambda game: [
        tournament.Matchup(game, "hard", "normal", 2)])
    monkeypatch.setattr(tournament, "run_matchup", lambda m, n, seed, workers: {
        **_row(m.game, m.agent, m.field, 0.6, 0.7), "games": n})
    report = tournament.run_tournament(["cirno"], 50, 40, 3, 1, tmp_path, keep_others=True)
    games = [(r["game"], r["games"]) for r in report["matchups"]]
    assert games == [("wizard", 10), ("cirno", 40)]
    assert [r["games_played"] for r in report["runs"]] == [["wizard"], ["cirno"]]
    assert report["notes"] == ["a note written by hand"]
    text = write_report(report, tmp_path).read_text(encoding="utf-8")
    assert "`cardtable tournament --games 200 --hard-games 30 --seed 1` — Wizard" in text
    assert "`cardtable tournament --games 50 --hard-games 40 --seed 3 --game cirno` — Cirno" in text
    assert abs(json.loads((tmp_path / "results.json").read_text())["matchups"][1]["win_rate"]
               - 0.65) < 1e-9


def test_four_player_tables_for_every_game_with_a_smaller_main_table(tmp_path: Path) -> None:
    for game in ("cirno", "eight_half", "tanto_cuore"):
        four = [m for m in matchups(game) if m.players == 4]
        assert {"hard vs normal", "normal vs random"} <= {m.label for m in four if not m.options}
    assert {m.label for m in matchups("cirno") if m.options == (("advanced", True),)} == {
        "hard vs normal", "normal vs random"}
    assert "hard vs big_money" in {m.label for m in matchups("tanto_cuore") if m.players == 4}
    rows = [_row("cirno", "hard", "normal", 0.52, 0.58, companions_used=0.0),
            _row("cirno", "hard", "normal", 0.26, 0.3, 4, companions_used=0.0),
            {**_row("cirno", "hard", "normal", 0.27, 0.31, 4, companions_used=1.25,
                    companions_used_per_taken=0.5), "options": {"advanced": True}}]
    report = {"matchups": rows, "verdicts": chain_verdicts(rows),
              "machine_at_start": {"cpus": 2, "load_average": [1.0, 1.0, 1.0]}}
    text = write_report(report, tmp_path).read_text(encoding="utf-8")
    assert "## Cirno (2 players)" in text and "## Cirno (4 players)" in text
    assert "## Cirno (4 players, advanced=True)" in text
    assert "| hard vs normal | 1.25 / 1.25 | 0.50 / 0.50 |" in text
    for name in ("cirno.png", "cirno_4p.png", "cirno_4p_advanced-on.png"):
        assert (tmp_path / name).exists()
    # the chain verdict is the main (2-player, default rules) table's
    assert chain_verdicts(rows)["cirno"]["links"]["hard>normal"] is True


def test_rerunning_one_player_count_keeps_the_games_other_tables(tmp_path: Path,
                                                                 monkeypatch) -> None:
    import json

    from cardtable.bench import tournament

    old_rows = [_row("cirno", "hard", "normal", 0.52, 0.58), _row("cirno", "hard", "normal",
                                                                    0.2, 0.3, 4)]
    (tmp_path / "results.json").write_text(json.dumps(
        {"runs": [{"command": "cardtable tournament --games 400 --hard-games 1000 --seed 1 "
                              "--game cirno", "games_played": ["cirno"], "games": 400,
                   "hard_games": 1000, "seed": 1}],
         "matchups": old_rows}), encoding="utf-8")
    monkeypatch.setattr(tournament, "run_matchup", lambda m, n, seed, workers: {
        **_row(m.game, m.agent, m.field, 0.27, 0.3, m.players), "games": n,
        "options": dict(m.options)})
    report = tournament.run_tournament(["cirno"], 50, 40, 3, 1, tmp_path, keep_others=True,
                                       four_games=70, players=[4])
    rows = [(r["players"], r["games"], r["agent"], r.get("options") or {})
            for r in report["matchups"]]
    assert rows[0] == (2, 10, "hard", {})  # the 2-player row kept as it was
    assert all(p == 4 for p, *_ in rows[1:]) and len(rows) == 5  # basic and advanced, 2 each
    assert (4, 70, "hard", {"advanced": True}) in rows and (4, 50, "normal", {}) in rows
    text = write_report(report, tmp_path).read_text(encoding="utf-8")
    assert ("`cardtable tournament --games 50 --hard-games 40 --four-player-hard-games 70 "
            "--seed 3 --game cirno --players 4` — Cirno (4 players only)") in text
    assert "--game cirno` — Cirno (" in text  # the earlier run still named for its rows
