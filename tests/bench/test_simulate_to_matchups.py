"""scripts/simulate_to_matchups.py: seeded `simulate` chunks of one matchup become one
tournament row whose totals are those of the chunks together."""

from __future__ import annotations

import pytest

from cardtable.games import get_spec
from cardtable.sim.runner import SimConfig, simulate, wilson_interval
from tests.script_modules import load_script


def _run(seed: int, games: int, agents: tuple[str, ...] = ("normal", "random", "random")
         ) -> dict:
    return simulate(SimConfig("wizard", 3, games, seed, agents), workers=1)


def test_chunks_combine_into_one_row() -> None:
    tool = load_script("simulate_to_matchups")
    a, b = _run(1, 3), _run(2, 4)
    row = tool.matchup_row([a, b])
    tested = [next(x for x in r["agents"] if x["agent"] == "normal") for r in (a, b)]
    wins = sum(x["wins"] for x in tested)
    assert (row["agent"], row["field"], row["games"]) == ("normal", "random", 7)
    assert row["win_rate"] == pytest.approx(wins / 7)
    assert row["ci95"] == pytest.approx(list(wilson_interval(wins, 7)))
    acc = sum(x["metrics"]["bid_accuracy"] * x["seats_played"] for x in tested) / 7
    assert row["agent_metrics"]["bid_accuracy"] == pytest.approx(acc)
    assert row["seeds"] == [1, 2] and row["fair_share"] == pytest.approx(1 / 3)
    assert row["options"] == {}  # the defaults, as a tournament row has them


def test_options_set_away_from_the_defaults_are_kept() -> None:
    tool = load_script("simulate_to_matchups")
    got = simulate(SimConfig("wizard", 3, 1, 1, ("normal", "random", "random"),
                             {"plus_minus_one": True}), workers=1)
    assert tool.matchup_row([got])["options"] == {"plus_minus_one": True}


def test_runs_of_different_matchups_are_refused() -> None:
    tool = load_script("simulate_to_matchups")
    with pytest.raises(ValueError):
        tool.matchup_row([_run(1, 2), _run(2, 2, ("easy", "random", "random"))])


def test_a_single_run_gives_the_tournaments_own_row() -> None:
    """The script and `run_matchup` build their rows in one place: one simulate run turned
    into a row is the row the tournament makes of the same games (times aside)."""
    from cardtable.bench.tournament import Matchup, run_matchup

    tool = load_script("simulate_to_matchups")
    m = Matchup("cirno", "normal", "random", 3, (("advanced", True),))
    own = run_matchup(m, 6, 5, 1)
    got = tool.matchup_row([simulate(SimConfig("cirno", 3, 6, 5, ("normal", "random", "random"),
                                               {"advanced": True}), workers=1)])
    for row in (own, got):
        row.pop("seconds")
    assert got.pop("seeds") == [5]
    assert got == own
    assert "companions_used_per_taken" in own["agent_metrics"]  # the ratio is in the row


def test_ratios_of_chunks_are_ratios_of_their_sums() -> None:
    tool = load_script("simulate_to_matchups")
    runs = [simulate(SimConfig("cirno", 3, n, seed, ("normal", "random", "random"),
                               {"advanced": True}), workers=1) for seed, n in ((1, 3), (2, 5))]
    row = tool.matchup_row(runs)
    tested = [next(a for a in r["agents"] if a["agent"] == "normal") for r in runs]
    for key, (num, den) in get_spec("cirno").metric_ratios.items():
        total_num = sum(a["metrics"][num] * a["seats_played"] for a in tested)
        total_den = sum(a["metrics"][den] * a["seats_played"] for a in tested)
        assert total_den > 0  # companions were taken: the ratio is not the 0 of no data
        assert row["agent_metrics"][key] == pytest.approx(total_num / total_den)
