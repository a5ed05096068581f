"""Statistics after play test round 3 (issue 33): counts as counts, rates pooled over rounds,
other people by name, the better direction of every figure, a filter by variant (the report,
`cardtable stats --variant`), and the variant of a game worked out from its options."""

from __future__ import annotations

import json
import typing
from pathlib import Path

import pytest

from cardtable.cli.stats import main as stats_main
from cardtable.core.match import Match, Seat
from cardtable.games import REGISTRY
from cardtable.history import variants
from cardtable.history.stats import FIGURES, StatsDB
from cardtable.i18n import has_key
from tests.history.helpers import GAME_IDS, play_random

ME = Seat(kind="human", name="阿明")


def _wizard_game(db: StatsDB, when: str, rounds: int, exact: int, points: int,
                 hint: bool = False, options: dict | None = None) -> None:
    """A finished Wizard game of `rounds` rounds as the statistics keep it (seat 0)."""
    seats = [ME, Seat(kind="ai", agent="hard"), Seat(kind="ai", agent="hard")]
    metrics = [{"bid_accuracy": exact / rounds, "mean_round_score": points / rounds,
                "rounds": float(rounds), "assist_hint": float(hint), "assist_undo": 0.0},
               {}, {}]
    db.record_result("wizard", seats, [points, 0, 0], [0.0, 1.0, 0.0], metrics,
                     options=options or {}, finished_at=when)


def _figures(row: dict) -> dict[str, dict]:
    return {f["name"]: f for f in row["figures"]}


def test_help_used_is_a_count_of_games_not_a_fraction(home: Path) -> None:
    """Issue 33: 「用過提示的局 0.5」 showed the share of games as a number of games."""
    with StatsDB() as db:
        _wizard_game(db, "2026-01-01T00:00:00+00:00", 20, 2, -500, hint=True)
        _wizard_game(db, "2026-01-02T00:00:00+00:00", 7, 2, -180)
        row = next(r for r in db.summary() if r["opponents"] == "all")
    hint = _figures(row)["assist_hint"]
    assert (hint["kind"], hint["count"], hint["of"]) == ("games", 1, 2)
    undo = _figures(row)["assist_undo"]
    assert (undo["count"], undo["of"]) == (0, 2)


def test_wizard_rates_are_pooled_over_the_rounds_of_every_game(home: Path) -> None:
    """Issue 33: bid accuracy 2/20 and 2/7 showed 19 % (the mean of the two games' rates); over
    the 27 rounds it is 4/27 = 15 %. Points per round: -680 over 27 rounds, not the mean of
    -25 and -25.7."""
    with StatsDB() as db:
        _wizard_game(db, "2026-01-01T00:00:00+00:00", 20, 2, -500)
        _wizard_game(db, "2026-01-02T00:00:00+00:00", 7, 2, -180)
        row = next(r for r in db.summary() if r["opponents"] == "all")
    acc = _figures(row)["bid_accuracy"]
    assert acc["kind"] == "pooled" and acc["value"] == pytest.approx(4 / 27)
    assert (round(acc["count"]), round(acc["of"])) == (4, 27)
    per_round = _figures(row)["mean_round_score"]
    assert per_round["value"] == pytest.approx(-680 / 27)
    assert _figures(row)["rounds"]["value"] == pytest.approx(13.5)  # a mean per game


def test_other_people_are_named_in_the_opponents(home: Path) -> None:
    spec = REGISTRY["cirno"]
    seats = [ME, Seat(kind="human", name="小美"), Seat(kind="ai", agent="hard")]
    with StatsDB() as db:
        db.record_match(play_random(Match(spec, 4, 3, {}, seats), 4))
        mine = db.report(player="阿明")
    row = next(r for r in mine["summary"] if r["opponents"] != "all")
    assert row["opponents"] == "hard+human:小美"
    assert row["opponent_list"] == [{"kind": "ai", "agent": "hard"},
                                    {"kind": "human", "name": "小美"}]
    assert mine["history"][0]["opponent_list"] == row["opponent_list"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_figure_says_which_way_is_better(home: Path, game_id: str) -> None:
    """Every figure of every game has a direction (higher, lower, or none for a plain record
    such as the rounds a game lasted), and so has the score: Cirno's is lower-is-better."""
    spec = REGISTRY[game_id]
    n = spec.min_players
    match = play_random(Match(spec, 2, n, {}, [ME] + [Seat(kind="ai", agent="easy")] * (n - 1)),
                        2)
    with StatsDB() as db:
        db.record_match(match)
        report = db.report()
    row = next(r for r in report["summary"] if r["opponents"] == "all")
    names = {f["name"] for f in row["figures"]}
    assert names == set(spec.metrics(match.state)[0]) | {"assist_hint", "assist_undo"}
    assert names <= set(FIGURES)  # each declared, with its direction
    for f in row["figures"]:
        assert f["better"] in ("higher", "lower", None)
    assert row["score_better"] == ("lower" if game_id == "cirno" else "higher")
    assert report["score_better"][game_id] == row["score_better"]


# ---------------------------------------------------------------- variants
def _cirno(db: StatsDB, seed: int, options: dict) -> None:
    spec = REGISTRY["cirno"]
    seats = [ME, Seat(kind="ai", agent="easy"), Seat(kind="ai", agent="easy")]
    db.record_match(play_random(Match(spec, seed, 3, options, seats), seed),
                    finished_at=f"2026-02-0{seed}T00:00:00+00:00")


def test_the_report_filters_by_variant(home: Path) -> None:
    with StatsDB() as db:
        _cirno(db, 1, {})
        _cirno(db, 2, {"advanced": True})
        _cirno(db, 3, {"advanced": True})
        _cirno(db, 4, {"advanced": True, "limit": 15})
        everything = db.report()
        advanced = db.report(variant="advanced")
        standard = db.report(variant="standard")
        other = db.report(variant="advanced,limit=15")
    def games(report: dict) -> int:
        return next(r["games"] for r in report["summary"] if r["opponents"] == "all")
    assert (games(everything), games(advanced), games(standard), games(other)) == (4, 2, 1, 1)
    assert {h["variant"] for h in advanced["history"]} == {"advanced"}
    assert len(advanced["charts"]["cirno"]["win_rate"]) == 2
    assert advanced["variants"] == everything["variants"] == {"cirno": [
        {"variant": "advanced", "games": 2}, {"variant": "standard", "games": 1},
        {"variant": "advanced,limit=15", "games": 1}]}
    assert advanced["variant"] == "advanced" and everything["variant"] is None


def test_cardtable_stats_variant(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with StatsDB() as db:
        _cirno(db, 1, {})
        _cirno(db, 2, {"advanced": True})
    assert stats_main(["--json", "--variant", "advanced"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [r["games"] for r in report["summary"] if r["opponents"] == "all"] == [1]
    assert stats_main(["--variant", " standard "]) == 0
    out = capsys.readouterr().out
    assert "variant: standard" in out and "variants of cirno: standard (1), advanced (1)" in out
    assert "(score: lower is better)" in out and "assist_hint 0 of 1 games" in out
    with pytest.raises(SystemExit) as exc:
        stats_main(["--game", "cirno", "--variant", "hidden_bids"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "hidden_bids" in err and "advanced" in err  # what is wrong, and what there is


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_standard_rules_are_no_variant(game_id: str) -> None:
    spec = REGISTRY[game_id]
    assert variants.variant_id(game_id, spec.options_model().model_dump()) == "standard"
    assert variants.variant_id(game_id, {}) == "standard"


def test_variant_tokens() -> None:
    assert variants.variant_of("cirno", {"advanced": True, "limit": 12}) == ("advanced",)
    assert variants.variant_of("tanto_cuore", {"events": False, "town": "recommended"}) == (
        "events=off", "town=recommended")
    assert variants.variant_of("eight_half", {"deals": 3, "target_points": 0}) == ("deals=3",)
    assert variants.parse(" plus_minus_one , bid_order=left_of_dealer") == \
        "bid_order=left_of_dealer,plus_minus_one"
    assert variants.unknown_tokens("wizard", "advanced,forehead") == ["advanced"]


def _reachable(game_id: str) -> list[str]:
    """Every token a game's options can make (each option away from its default; the seat
    choice, Wizard's single-colour suits, makes none: it is not a variant)."""
    model = REGISTRY[game_id].options_model
    defaults = model().model_dump(mode="json")
    out = []
    for name, field in model.model_fields.items():
        if name == REGISTRY[game_id].seat_choice_option:
            continue
        default = defaults[name]
        args = typing.get_args(field.annotation)
        if isinstance(default, bool):
            out.append(name if not default else f"{name}=off")
        elif typing.get_origin(field.annotation) is typing.Literal:
            out += [f"{name}={v}" for v in args if v != default]
        elif isinstance(default, int):
            out.append(f"{name}={default + 1}")
        else:
            out.append(f"{name}=custom")
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_variant_has_words(game_id: str) -> None:
    """The stats filter and the replay list name every option a game can be played with."""
    for token in _reachable(game_id):
        for msg in variants.variant_msgs(game_id, token):
            assert has_key(msg.key), f"add {msg.key} to locales/zh-TW/history_variants.json"
