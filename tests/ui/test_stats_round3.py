"""The statistics scene and the replay list after play test round 3 (issue 33), headless: counts
said as counts, pooled rates with what they were pooled over, people by name, which way every
figure is better, the variant choice, and each record's variant in the replay list."""

from __future__ import annotations

from pathlib import Path

from cardtable.core.match import Match, Seat
from cardtable.games import REGISTRY
from cardtable.history.stats import StatsDB
from cardtable.ui.autoplay import frames
from cardtable.ui.scenes import stats as stats_scene
from cardtable.ui.scenes.replay import open_history_sample
from cardtable.ui.widgets import Choice
from tests.history.helpers import play_random
from tests.ui.text_spy import drawn_text

ME = Seat(kind="human", name="阿明")


def _wizard(db: StatsDB, when: str, rounds: int, exact: int, points: int, hint: bool,
            other: Seat) -> None:
    seats = [ME, other, Seat(kind="ai", agent="hard")]
    metrics = [{"bid_accuracy": exact / rounds, "mean_round_score": points / rounds,
                "rounds": float(rounds), "assist_hint": float(hint), "assist_undo": 0.0},
               {}, {}]
    db.record_result("wizard", seats, [points, 0, 0], [0.0, 1.0, 0.0], metrics,
                     finished_at=when)


def _texts(app, scene) -> list[str]:
    with drawn_text(app) as drawn:
        frames(app, 1)
    return [d.text for d in drawn]


def test_figures_are_counts_pooled_rates_and_named_people(app, tmp_path: Path) -> None:
    """Issue 33's figures as the screen says them: 「2 場中用過 1 場」 (not 0.5), bid accuracy
    4/27 = 15 % pooled over the rounds (the mean of the games' rates was 19 %), the other
    person by name (not 「玩家」), each figure with ↑ / ↓ / ·."""
    path = tmp_path / "stats.sqlite3"
    with StatsDB(path) as db:
        _wizard(db, "2026-01-01T00:00:00+00:00", 20, 2, -500, True,
                Seat(kind="human", name="小美"))
        _wizard(db, "2026-01-02T00:00:00+00:00", 7, 2, -180, False,
                Seat(kind="ai", agent="hard"))
    scene = app.push(stats_scene.StatsScene(app, db_path=path))
    assert scene.player == "阿明"
    texts = _texts(app, scene)
    assert "2 場中用過 1 場" in texts and "0.5" not in texts
    assert "15%（4／27 輪）" in texts and "19%" not in " ".join(texts)
    assert "-25.2（共 27 輪）" in texts
    assert "困難、小美" in texts and "玩家" not in texts
    assert "↑ 越高越好　↓ 越低越好　· 不分好壞" in texts
    assert texts.count("↑") >= 2 and "↓" in texts and "·" in texts  # accuracy; hints; rounds
    assert "平均分數 ↑" in texts and "分數分布（越高越好）" in texts


def test_cirno_says_a_lower_score_is_better(app, tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    spec = REGISTRY["cirno"]
    with StatsDB(path) as db:
        db.record_match(play_random(Match(spec, 1, 3, {}, [ME] + [Seat(kind="ai",
                                                                       agent="easy")] * 2), 1))
    scene = app.push(stats_scene.StatsScene(app, db_path=path))
    texts = _texts(app, scene)
    assert "平均分數 ↓" in texts and "分數 ↓" in texts and "分數分布（越低越好）" in texts


def test_the_variant_choice_filters_the_figures(app, tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    spec = REGISTRY["cirno"]
    with StatsDB(path) as db:
        for seed, options in enumerate([{}, {"advanced": True}, {"advanced": True}], start=1):
            seats = [ME, Seat(kind="ai", agent="easy"), Seat(kind="ai", agent="easy")]
            db.record_match(play_random(Match(spec, seed, 3, options, seats), seed),
                            finished_at=f"2026-03-0{seed}T00:00:00+00:00")
    scene = app.push(stats_scene.StatsScene(app, db_path=path))
    choice = scene.variant_choice
    assert isinstance(choice, Choice)
    assert choice.options == [None, "advanced", "standard"]
    texts = _texts(app, scene)
    assert "全部玩法" in texts and "進階規則" in texts and "標準規則" in texts  # choice; history
    choice.adjust(1)
    assert scene.variant == "advanced"
    assert scene.rows()[0]["games"] == 2
    texts = _texts(app, scene)
    assert "進階規則（2 場）" in texts and "標準規則" not in texts
    choice.adjust(1)
    assert scene.variant == "standard" and scene.rows()[0]["games"] == 1
    choice.adjust(1)
    assert scene.variant is None and scene.rows()[0]["games"] == 3


def test_the_replay_list_shows_each_records_variant(app) -> None:
    scene = open_history_sample(app, "replays")
    texts = _texts(app, scene)
    assert "發牌者下家先預言・加減 1 墩" in texts  # the Wizard sample's options
    assert texts.count("標準規則") == 2  # the two Cirno samples
    frames(app, 1)
