"""Words from the issue 33 play test (issue33-play.md):

- 8½'s hint 「之後約要收 N 張牌」 did not say what it counts: it now says they are cards to be
  taken from the pile before this deal ends;
- 8½'s statistics said 局 for the deals (「平均收進的牌 48.5（共 2 局）」) and for the games
  (「提示 1 局中用過 1 局」) in one panel: a game is a 場 (as 勝場 and the rules' 「一場比賽」),
  a deal a 局;
- a seat left at its default name was filed as 「未命名」: it is filed under the name the table
  showed (「玩家 1」).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable import i18n
from cardtable.ai.explain import Explanation, Scored
from cardtable.coach.hints import hint_from
from cardtable.core.actions import Action
from cardtable.core.match import Seat
from cardtable.history.stats import StatsDB
from cardtable.ui.autoplay import frames
from cardtable.ui.scenes import stats as stats_scene
from tests.coach.test_hints import render
from tests.ui.text_spy import drawn_text


def _texts(app) -> list[str]:
    with drawn_text(app) as drawn:
        frames(app, 1)
    return [d.text for d in drawn]


def _deal(value: float, taken: float) -> dict[str, float]:
    return {"value": value, "taken": taken, "out": value, "samples": 64.0}


@pytest.mark.parametrize(("lang", "pile", "deal_end"), [("zh-TW", "從牌堆收約 9.0 張牌",
                                                         "這局還要"),
                                                        ("zh-CN", "从牌堆收约 9.0 张牌",
                                                         "这局还要")],
                         ids=["zh-TW", "zh-CN"])
def test_the_eight_half_hint_says_what_its_card_count_counts(lang, pile, deal_end):
    one, two = Action("play", cards=("1",)), Action("play", cards=("2",))
    exp = Explanation("eight_half.deal", (Scored(one, 0.40, _deal(0.40, 9.0)),
                                          Scored(two, 0.20, _deal(0.20, 12.0))))
    hint = hint_from("eight_half", exp, [one, two])
    i18n.set_locale(lang)
    try:
        text = render("eight_half", hint, 2)
    finally:
        i18n.set_locale("zh-TW")
    assert pile in text and deal_end in text, text  # cards taken from the pile, this deal
    assert text.index(deal_end) < text.index(pile)


def _eight_half(db: StatsDB, when: str, seats: list[Seat], hint: bool) -> None:
    n = len(seats)
    metrics = [{"mean_cards_taken": 97.0, "deals": 2.0, "assist_hint": float(hint),
                "assist_undo": 0.0}] + [{}] * (n - 1)
    db.record_result("eight_half", seats, [3] + [0] * (n - 1), [1.0] + [0.0] * (n - 1),
                     metrics, finished_at=when)


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_the_eight_half_panel_says_game_and_deal_with_two_words(app, tmp_path: Path, lang):
    """One 2-deal game: 「（共 2 局）」 counts the deals, 「1 場中用過 1 場」 the games; no
    figure counts games in 局 any more."""
    i18n.set_locale(lang)
    app.text.set_locale(lang)
    path = tmp_path / "stats.sqlite3"
    with StatsDB(path) as db:
        _eight_half(db, "2026-02-01T00:00:00+00:00",
                    [Seat(kind="human", name="Ming"), Seat(kind="ai", agent="normal")], True)
    app.push(stats_scene.StatsScene(app, db_path=path))
    texts = _texts(app)
    game, deal = ("場", "局") if lang == "zh-TW" else ("场", "局")
    joined = "\n".join(texts)
    assert f"1 {game}中用過 1 {game}".replace("過", "过" if lang == "zh-CN" else "過") in texts
    assert f"（共 2 {deal}）" in joined  # the cards taken per deal, over 2 deals
    # no count of games said in 局: 「N 局中」, 「（N 局）」 and a 局數 column are gone
    assert not re.search(r"\d+ 局中", joined), joined
    assert not re.search(r"（\d+ 局）", joined), joined
    assert "局數" not in texts and "局数" not in texts


def test_a_default_named_seat_is_filed_under_the_name_the_table_showed(app, tmp_path: Path):
    path = tmp_path / "stats.sqlite3"
    with StatsDB(path) as db:
        _eight_half(db, "2026-02-01T00:00:00+00:00",
                    [Seat(kind="human", name=""), Seat(kind="ai", agent="normal")], True)
        _eight_half(db, "2026-02-02T00:00:00+00:00",
                    [Seat(kind="human", name="Ming"), Seat(kind="human", name="")], False)
        players = db.players()
        assert {p["name"]: p["games"] for p in players} == {"玩家 1": 1, "Ming": 1,
                                                            "玩家 2": 1}
        assert [r["opponent_list"] for r in db.history(game_id="eight_half", player="Ming")] \
            == [[{"kind": "human", "name": "玩家 2"}]]
        assert len(db.history(game_id="eight_half", player="玩家 1")) == 1
    scene = app.push(stats_scene.StatsScene(app, db_path=path))
    scene._set_player("玩家 1")
    texts = _texts(app)
    assert "玩家：玩家 1" in texts
    assert not any("未命名" in t for t in texts)
    scene._set_player("Ming")
    texts = _texts(app)
    assert "玩家 2" in texts and not any("未命名" in t for t in texts)  # the opponent too
