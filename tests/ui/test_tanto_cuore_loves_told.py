"""Tanto Cuore: the Love cards played by themselves on entering the employ phase are told
(issue 33 play test, cn-37-tc-myturn.png: four 1 Love were in the play area "by themselves"
at the start of the turn, nothing on the table said so).

The rules play them without a decision; the cards fly hand -> play (test_tanto_cuore_flights)
and the table log now says it in one line, once: the move log has that one line for them, not
a line per card nor the line twice."""

from __future__ import annotations

import pytest

from cardtable import i18n
from cardtable.core.actions import Action
from cardtable.history.movelog import log_entries
from cardtable.ui.autoplay import frames
from tests.hosting import match_of
from tests.ui.test_tanto_cuore_kit import _table


def _settle(app, table) -> None:
    for _ in range(400):
        frames(app, 1)
        if not table.director.busy:
            break
    frames(app, 2)


@pytest.mark.parametrize(("lang", "said"), [
    ("zh-TW", "人0 的愛心牌自動打出：1 愛心 ×2、2 愛心，共 4 愛心。"),
    ("zh-CN", "人0 的爱心牌自动打出：1 爱心 ×2、2 爱心，共 4 爱心。")],
    ids=["zh-TW", "zh-CN"])
def test_the_love_cards_played_by_themselves_are_told_in_one_line(app, lang, said):
    i18n.set_locale(lang)
    app.text.set_locale(lang)
    table = _table(app, hands={0: ["love1", "love2", "love1", "colette", "colette"]},
                   decks={0: ["love1", "colette"]}, phase="serve", serving=0)
    before = list(table.log_lines)
    table.submit(Action("done"))  # serving over: the employ phase plays the Love cards
    _settle(app, table)
    new = table.log_lines[len(before):]
    assert new.count(said) == 1, new
    assert len(table.zones["play:0"]) == 3
    # the move log: the same one line for the three cards
    lines = [table.msg_text(e.msg) for e in log_entries(match_of(table), 0, compact=True)]
    assert lines.count(said) == 1, lines
    mine = [t for t in lines if t.startswith("人0") and "打出" in t]
    assert mine == [said], mine  # not a line per card, not the folded line besides
