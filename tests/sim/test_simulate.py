"""`cardtable simulate`: the JSON shape, seat rotation, worker independence, usage errors."""

from __future__ import annotations

import json

import pytest

from cardtable.bench import engines
from cardtable.cli.simulate import main as simulate_main
from cardtable.sim.runner import SimConfig, seat_agents, simulate, wilson_interval


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = simulate_main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--game", "cirno", "--players", "3", "--games", "6", "--seed",
                        "3", "--agents", "normal,random,random", "--workers", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"game", "players", "games", "seed", "options", "agents", "decisions",
                         "seconds", "decisions_per_second"}
    assert [a["agent"] for a in data["agents"]] == ["normal", "random"]
    normal, rnd = data["agents"]
    assert normal["seats_played"] == 6 and rnd["seats_played"] == 12
    assert set(normal) == {"agent", "seats_played", "wins", "ties", "win_rate", "win_rate_ci95",
                           "mean_score", "metrics", "ratios"}
    assert abs(normal["wins"] + rnd["wins"] - 6) < 1e-9  # one win shared out per game
    assert 0.0 <= normal["metrics"]["companion_share"] <= 1.0
    lo, hi = normal["win_rate_ci95"]
    assert lo <= normal["win_rate"] <= hi
    assert data["decisions"] > 0


def test_cirno_reports_companion_cards_used_per_game_and_per_card_taken(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--game", "cirno", "--players", "3", "--games", "8", "--seed",
                        "2", "--agents", "normal,easy,random", "--option", "advanced=true",
                        "--workers", "1", "--json")
    assert code == 0
    data = json.loads(out)
    for agent in data["agents"]:
        used, taken = agent["metrics"]["companions_used"], agent["metrics"]["companions_taken"]
        assert 0.0 <= used <= taken
        per_taken = agent["ratios"]["companions_used_per_taken"]
        # the ratio of the sums, not the mean of per-game ratios
        assert per_taken == pytest.approx(used / taken) if taken else per_taken == 0.0
    assert sum(a["metrics"]["companions_used"] for a in data["agents"]) > 0


def test_tanto_cuore_reports_how_much_of_the_game_each_agent_plays(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--game", "tanto_cuore", "--players", "3", "--games", "3",
                        "--seed", "3", "--agents", "normal,big_money,random", "--workers", "1",
                        "--json")
    assert code == 0
    by_name = {a["agent"]: a["metrics"] for a in json.loads(out)["agents"]}
    keys = {"mean_vp", "mean_turns", "chambermaids", "chambermaids_crescent",
            "chambermaids_safran", "chambermaids_colette", "private_maids_employed",
            "events_played", "illness_played", "bad_habit_played", "illness_cured"}
    assert all(set(m) == keys for m in by_name.values())
    normal, money = by_name["normal"], by_name["big_money"]
    # big_money employs only Love and chiefs, and never plays an event
    assert money["events_played"] == money["private_maids_employed"] == 0
    assert normal["chambermaids"] > 0 and normal["private_maids_employed"] > 0
    assert normal["events_played"] == normal["illness_played"] + normal["bad_habit_played"]
    assert normal["chambermaids"] >= (normal["chambermaids_crescent"]
                                      + normal["chambermaids_safran"]
                                      + normal["chambermaids_colette"])


def test_seats_rotate_evenly() -> None:
    config = SimConfig("cirno", 4, 8, 1, ("hard", "random", "random", "random"))
    seats = [seat_agents(config, g).index("hard") for g in range(8)]
    assert sorted(seats) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_results_identical_for_any_worker_count() -> None:
    config = SimConfig("cirno", 3, 6, 7, ("normal", "easy", "random"), {"advanced": True})
    one = simulate(config, workers=1)
    two = simulate(config, workers=2)
    for key in ("agents", "decisions"):
        assert one[key] == two[key]


@pytest.mark.parametrize(("argv", "expected"), [
    (["--game", "chess", "--players", "2"], "valid games: cirno"),
    (["--game", "cirno", "--players", "9"], "2 to 8 players"),
    (["--game", "cirno", "--players", "2", "--agents", "genius,random"], "valid agents: random"),
    (["--game", "cirno", "--players", "2", "--option", "speed=3"], "valid options for cirno"),
    (["--game", "cirno", "--players", "2", "--option", "limit=big"], "valid options for cirno"),
])
def test_usage_errors_exit_2_and_list_what_is_valid(
        capsys: pytest.CaptureFixture[str], argv: list[str], expected: str) -> None:
    code, out, err = _run(capsys, *argv)
    assert code == 2
    assert expected in err
    assert out == ""


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson_interval(0, 0) == (0.0, 0.0)


def test_agent_choosing_an_illegal_action_still_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """The runner applies with check=False after testing the choice against the legal list it
    gave the agent; a choice outside that list must still raise, the state unchanged."""
    from cardtable.core.actions import Action
    from cardtable.core.errors import IllegalActionError
    from cardtable.games import get_spec
    from cardtable.sim import runner

    class Cheat:
        name = "cheat"

        def choose(self, view: object, legal: list[Action], rng: object) -> Action:
            return Action("play", "not-a-card")

    monkeypatch.setattr(runner, "make_agent", lambda game, name, seed: Cheat())
    with pytest.raises(IllegalActionError):
        runner.play_game(SimConfig("cirno", 3, 1, 1, ("x", "x", "x")), 0)
    state, _ = get_spec("cirno").new_game(5, 3, {})
    legal = state.legal_actions()
    before = state.view(-1)
    with pytest.raises(IllegalActionError):
        engines.apply_chosen(state, legal, Action("play", "not-a-card"))
    assert state.view(-1) == before
    assert engines.apply_chosen(state, legal, legal[0])  # a legal choice gives its events
