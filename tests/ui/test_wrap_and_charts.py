"""Two play-test defects: the shared text wrap split numbers ("+20", "20。" carried down as
"2" / "0。"), and the stats charts drew the x axis title (第幾局 / 分數) on top of a lone
tick label ("1", "0"). Checked in both scripts, for short and long data."""

from __future__ import annotations

import re

import pygame
import pytest

from cardtable import i18n
from cardtable.i18n import tr
from cardtable.ui import charts, gfx
from cardtable.ui.scenes import stats as stats_scene
from cardtable.ui.text import Text

LOCALES = ["zh-TW", "zh-CN"]
CLOSING = "，。、；：！？）」』》〉"
LINES = [
    "电脑 2 预言正确，得 +20 分，总分 20。",
    "电脑 2 预言正确，得 +20 分，总分 2 / 0。",
    "電腦2預言正確，得+20分，總分-110。",
    "小樱 出了 +6：总和 3.5 → 12:30，胜率 31%，比分 2/0，共 1,000 分。",
    "大熊（困难）说：「我要 −30！」然后又说「好」。",
]
WORD = re.compile(r"[+\-−]?[A-Za-z0-9]+(?:[.,/:%][A-Za-z0-9]+)*%?")


@pytest.fixture(params=LOCALES)
def text(request):
    return Text(request.param)


def _check(t: Text, s: str, width: int, lines: list[str]) -> None:
    assert "".join(lines).replace(" ", "") == s.replace(" ", ""), lines  # nothing lost
    for line in lines:
        assert t._width(line, 15, False) <= width, (width, lines)
    for line in lines[1:]:
        assert line[:1] not in CLOSING, (width, lines)  # closing marks never start a line
    for word in WORD.findall(s):
        if t._width(word, 15, False) <= width:
            assert any(word in line for line in lines), (word, width, lines)


@pytest.mark.parametrize("s", LINES)
def test_wrap_keeps_signed_numbers_and_latin_runs_whole(text, s):
    full = text._width(s, 15, False)
    for width in range(60, full + 4, 3):
        _check(text, s, width, text.wrap(s, 15, width))


def test_wrap_of_the_play_test_line_keeps_20_with_its_full_stop(text):
    s = "电脑 2 预言正确，得 +20 分，总分 20。"
    full = text._width(s, 15, False)
    # the width at which only the final "。" no longer fits: the old wrap carried just "0"
    # down with it ("...总分 2" / "0。")
    width = full - 1
    lines = text.wrap(s, 15, width)
    assert len(lines) == 2 and lines[1] == "20。", lines
    assert "+20" in lines[0]


def test_wrap_breaks_cjk_between_any_two_characters(text):
    s = "每一轮开始时每个人先预言自己这一轮会赢得几墩接着轮流出牌抢墩"
    width = 100
    lines = text.wrap(s, 15, width)
    assert "".join(lines) == s and len(lines) > 2
    for line, nxt in zip(lines, lines[1:], strict=False):
        assert text._width(line, 15, False) <= width
        assert text._width(line + nxt[0], 15, False) > width  # the line is filled


def test_wrap_cuts_a_word_wider_than_the_line_and_keeps_paragraphs(text):
    s = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    lines = text.wrap(s, 15, 80)
    assert "".join(lines) == s and len(lines) > 1
    assert all(text._width(line, 15, False) <= 80 for line in lines)
    assert text.wrap("第一段\n\n第二段", 15, 200) == ["第一段", "", "第二段"]
    assert text.wrap("", 15, 200) == [""]


def test_wrap_answers_are_remembered_and_not_shared(text, monkeypatch):
    s = "美玲 预言落空，-20 分，总分 -60。"
    a = text.wrap(s, 15, 120)
    measured: list[str] = []
    real = type(text)._width
    monkeypatch.setattr(type(text), "_width",
                        lambda self, t, size, bold: measured.append(t) or real(self, t, size, bold))
    a.append("changed")
    assert text.wrap(s, 15, 120) == a[:-1]  # the caller's copy, not the remembered list
    assert measured == []  # remembered: nothing measured the second time
    text.wrap(s, 15, 121)
    assert measured  # another width is worked out


# ---------------------------------------------------------------- charts

def _series(n: int) -> tuple[list[float], list[bool]]:
    wins = [i % 3 == 0 for i in range(n)]
    rates = [sum(wins[: i + 1]) / (i + 1) for i in range(n)]
    return rates, wins


HISTOGRAMS = [
    ([0.0, 0.0], [1]),  # one game: a single value, its tick under the middle of the plot
    ([-10.0, 0.0, 10.0], [1, 1]),
    ([-12345.0, -12345.0], [3]),
    ([-880 + 50 * i for i in range(11)], [2, 1, 1, 0, 1, 0, 4, 3, 1, 3]),
    ([0.0, 1.0], [1]),
]


@pytest.fixture(params=LOCALES)
def locale(request):
    before = i18n.get_locale()
    i18n.set_locale(request.param)
    yield request.param
    i18n.set_locale(before)


def _no_overlaps(layout: charts.ChartLayout, rect: pygame.Rect) -> None:
    texts = layout.x_ticks + layout.y_ticks + ([layout.x_title] if layout.x_title else [])
    for r in texts:
        assert rect.contains(r), (r, rect)
    assert layout.x_title is not None
    for r in layout.x_ticks + layout.y_ticks:
        assert not layout.x_title.colliderect(r), (layout.x_title, r)
    for a, b in zip(layout.x_ticks, layout.x_ticks[1:], strict=False):
        assert not a.colliderect(b)
    for a in layout.x_ticks:
        assert not any(a.colliderect(b) for b in layout.y_ticks), a
    for a in layout.labels:
        assert not a.colliderect(layout.title)


@pytest.mark.parametrize("n", [1, 2, 9, 16, 120])
def test_win_rate_chart_axis_title_clear_of_tick_labels(locale, n):
    t = Text(locale)
    surf = gfx.Surface((1280, 720))
    rates, wins = _series(n)
    layout = charts.line_chart(surf, t, stats_scene.LINE, tr("stats.chart.win_rate"), rates,
                               marks=wins, x_note=tr("ui.history.chart.games"),
                               no_data=tr("ui.history.chart.no_data"))
    assert len(layout.x_ticks) == (1 if n == 1 else 2)
    # the title sits on its own row under the ticks
    assert all(layout.x_title.top >= r.bottom for r in layout.x_ticks)
    _no_overlaps(layout, stats_scene.LINE)


@pytest.mark.parametrize("edges,counts", HISTOGRAMS)
def test_score_chart_axis_title_clear_of_tick_labels(locale, edges, counts):
    t = Text(locale)
    surf = gfx.Surface((1280, 720))
    layout = charts.histogram(surf, t, stats_scene.HIST, tr("stats.chart.scores"), edges,
                              counts, x_note=tr("ui.history.chart.score"),
                              no_data=tr("ui.history.chart.no_data"))
    assert layout.x_ticks
    assert all(layout.x_title.top >= r.bottom for r in layout.x_ticks)
    _no_overlaps(layout, stats_scene.HIST)


def test_charts_without_data_still_title_the_axis(locale):
    t = Text(locale)
    surf = gfx.Surface((1280, 720))
    for layout in (charts.line_chart(surf, t, stats_scene.LINE, "x", [],
                                     x_note=tr("ui.history.chart.games")),
                   charts.histogram(surf, t, stats_scene.HIST, "y", [], [],
                                    x_note=tr("ui.history.chart.score"))):
        assert layout.x_title is not None and not layout.x_ticks


def test_wrap_never_splits_a_dash_or_ellipsis_run(text):
    """Play test 5: the log's turn line "—— 玩家 1 的回合（第 103 回合）——" wrapped to leave a
    lone "—" on the next line. A "——" or "……" run now stays whole at every width."""
    for s in ("—— 玩家 1 的回合（第 103 回合）——", "电脑 2 想了想……然后出牌——好。",
              "── 電腦 2 的回合（第 105 回合）──"):  # Tanto Cuore's turn line (box rule)
        full = text._width(s, 15, False)
        for width in range(40, full + 4, 2):
            lines = text.wrap(s, 15, width)
            assert "".join(lines).replace(" ", "") == s.replace(" ", "")
            joined = "\n".join(lines)
            for mark in "—─…":
                assert f"{mark}\n{mark}" not in joined, (width, lines)
