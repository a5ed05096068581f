"""Issue 33 (small): no stray space between Chinese words and a card list worded in Chinese
(「出 鬼牌」 → 「出鬼牌」), while a number or a Latin name keeps its space (「出 5」)."""

from __future__ import annotations

import pytest

from cardtable import i18n
from cardtable.core.events import Msg
from cardtable.history.movelog import format_line


@pytest.fixture(params=["zh-TW", "zh-CN"])
def lang(request):  # type: ignore[no-untyped-def]
    i18n.set_locale(request.param)
    yield request.param
    i18n.set_locale("zh-TW")


def _line(key: str, cards: list[str], **more: object) -> str:
    return format_line(Msg(key, {"cards": cards, **more}), "eight_half", ["阿明", "小夏"])


def test_a_ghost_card_meets_the_verb(lang: str) -> None:
    ghost = i18n.tr("eight_half.card.g")
    assert _line("coach.hint.eight_half.move.play", ["g"]) == i18n.tr(
        "coach.hint.eight_half.move.play", cards="X").replace(" X", ghost)
    for key, more in (("log.eight_half.action.play", {"player": 0}),
                      ("log.eight_half.caught", {"catcher": 0, "player": 1}),
                      ("coach.hint.eight_half.move.play", {})):
        text = _line(key, ["g", "g"], **more)
        assert f" {ghost}" not in text, text
        assert f"{ghost}、{ghost}" in text, text


def test_a_number_keeps_its_space(lang: str) -> None:
    assert _line("log.eight_half.action.play", ["5"], player=0) == i18n.tr(
        "log.eight_half.action.play", player="阿明", cards="5")
    assert " 5" in _line("coach.hint.eight_half.move.play", ["5"])
    # the control characters that mark the list never reach the screen
    for cards in (["5"], ["g"], ["8", "h"]):
        text = _line("log.eight_half.action.play", cards, player=0)
        assert "\x02" not in text and "\x03" not in text
