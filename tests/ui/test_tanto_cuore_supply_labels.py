"""Tanto Cuore supply faces: every name stays inside its name label (issue 33 play test:
「泰娜莉絲／泰娜莉丝」「藤川夏美」「一之宮篝」 overran the ends of their white name pills on the
supply, in both scripts).

Judged by the pixels, not by the layout code: a face is painted twice, once as it is and once
with its name drawn blank; the pixels the name changes must all lie on the label's white, at
least one white pixel away from where the white ends on that row (the label's outline or its
rounded end)."""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n
from cardtable.games.tanto_cuore.cards import CARDS
from cardtable.ui import art_tanto_cuore as art
from cardtable.ui import gfx
from cardtable.ui.tables.tanto_cuore_table import PLAY_CARD, TOWN_CARD
from cardtable.ui.text import Text

WHITE_MIN = 235  # a pixel of the label's white


def _paint(face: str, size: tuple[int, int], text: Text) -> pygame.Surface:
    surf = gfx.Surface(size, pygame.SRCALPHA)
    art.paint(surf, face, text)
    return gfx.pixels(surf).copy()


def _name_blank(text: Text, monkeypatch, full: str) -> None:
    """From now on, any part of the card's name renders as nothing of the same size."""
    real = text.render

    def render(s, size, color=(255, 255, 255), bold=False):
        got = real(s, size, color, bold)
        if s.strip("…") and not s.isdigit() and s.strip("…") in full:  # not a badge digit
            blank = gfx.Surface(got.get_size(), pygame.SRCALPHA)
            blank.fill((0, 0, 0, 0))
            return blank
        return got
    monkeypatch.setattr(text, "render", render)


def _white(px: tuple[int, ...]) -> bool:
    return min(px[:3]) >= WHITE_MIN


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_every_supply_name_stays_inside_its_label(lang, monkeypatch):
    i18n.set_locale(lang)
    try:
        text = Text(lang)
        checked = 0
        for face in CARDS:
            full = art.card_name(face)
            for size in (TOWN_CARD, PLAY_CARD):  # the supply piles and the play area
                shown = _paint(face, size, text)
                with monkeypatch.context() as m:
                    _name_blank(text, m, full)
                    bare = _paint(face, size, text)
                w, h = size
                name_px = [(x, y) for y in range(h) for x in range(w)
                           if shown.get_at((x, y)) != bare.get_at((x, y))]
                assert name_px, (face, size, "no name drawn")
                for x, y in name_px:
                    # the white run of the bare label row that holds this pixel
                    assert _white(bare.get_at((x, y))), (lang, face, size, (x, y), full)
                    a = x
                    while a > 0 and _white(bare.get_at((a - 1, y))):
                        a -= 1
                    b = x
                    while b < w - 1 and _white(bare.get_at((b + 1, y))):
                        b += 1
                    assert a < x < b, (lang, face, size, (x, y), "touches the label's end")
                checked += 1
        assert checked == 2 * len(CARDS)
    finally:
        i18n.set_locale("zh-TW")
