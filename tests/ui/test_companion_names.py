"""Cirno's companion cards go by the English names printed on the real cards (seeds 000/001):
on the card art (a label larger than the old 12 px), in the tooltip, in the table log and on
the rules page, each with its Chinese explanation (issue 19)."""

from __future__ import annotations

import pytest

from cardtable import i18n
from cardtable.core.events import Event
from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.games.cirno.cards import COMPANIONS
from cardtable.ui.autoplay import frames
from tests.hosting import table_for
from tests.ui.text_spy import drawn_text

# as seeds 000 and 001 spell them
ENGLISH = {"melting": "Melting Cirno", "scoop": "Scoop", "pick_out": "Pick Out", "draw": "Draw",
           "change": "Change", "l_or_r": "L or R", "all_draw": "All Draw", "twenty": "20 !?"}
COMP_CARD = (84, 118)  # the table's companion card size (cirno_table.COMP_CARD)


def test_every_companion_has_its_english_name() -> None:
    assert set(ENGLISH) == set(COMPANIONS)


@pytest.fixture(params=i18n.LOCALES)
def locale_app(app, request):
    i18n.set_locale(request.param)
    app.text.set_locale(request.param)
    return app


def _painted_label(app, card: str, size: tuple[int, int]) -> list[tuple[str, int]]:
    """The strings (and sizes) the card painter renders for the companion's name."""
    from cardtable.ui import cardart
    cardart.clear_cache()
    got: list[tuple[str, int]] = []
    real = app.text.render

    def spy(s, px, *args, **kwargs):
        got.append((s, px))
        return real(s, px, *args, **kwargs)
    app.text.render = spy
    try:
        cardart.face("cirno", card, size)
    finally:
        app.text.render = real
    return got


@pytest.mark.parametrize("card", sorted(ENGLISH))
def test_the_card_art_shows_the_english_name_large(locale_app, card: str) -> None:
    rendered = _painted_label(locale_app, card, COMP_CARD)
    # the name is what the painter draws last, one line or two (each drawn twice: fill and
    # outline); the picture above it may hold text too (20 !?'s big "20")
    drawn = list(dict.fromkeys(rendered))
    label = next((drawn[-k:] for k in (1, 2, 3)
                  if " ".join(s for s, _ in drawn[-k:]) == ENGLISH[card]), None)
    assert label is not None, drawn
    assert min(px for _, px in label) >= 14, label  # was 12 px on the table's card


def test_the_tooltip_shows_the_english_name_and_the_chinese_explanation(locale_app) -> None:
    from cardtable.ui.tables.cirno_table import CirnoTableScene
    from tests.ui.test_playtest5 import _holding_a_companion
    app = locale_app
    table = app.push(table_for(app, cls=CirnoTableScene, match=_holding_a_companion(True), autosave=False))
    table.snap()
    frames(app, 2)
    face = table.zones["companions:0"][0]
    rect = table.comp_rects(len(table.zones["companions:0"]))[0]
    # a tooltip shows once the pointer moved onto the card and rested there (table kit)
    import pygame
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 0),
                                    buttons=(0, 0, 0)))
    frames(app, 30)
    from cardtable.ui import gfx
    with drawn_text(app) as drawn:
        table._tooltip(gfx.Surface((1280, 720)))
    texts = [d.text for d in drawn]
    assert texts and texts[0] == ENGLISH[face]
    desc = i18n.tr(f"cirno.card.{face}.desc")
    assert "".join(texts[1:]) == desc.replace("\n", "")


@pytest.mark.parametrize("card", sorted(ENGLISH))
def test_the_log_names_the_card_in_english_with_its_gist(locale_app, card: str) -> None:
    from cardtable.ui.tables.cirno_table import CirnoTableScene
    app = locale_app
    seats = [Seat(kind="human", name="甲"), Seat(kind="ai", name="乙", agent="easy")]
    table = app.push(table_for(app, cls=CirnoTableScene, match=Match(get_spec("cirno"), 1, 2, {"advanced": True},
                                                seats), autosave=False))
    data: dict = {"player": 0, "card": card, "target": 1 if card in ("scoop", "change") else None}
    if card == "l_or_r":
        data["value"] = "left"
    line = table.describe(Event("companion_used", data))
    assert line is not None
    assert f"「{ENGLISH[card]}」" in line or f"“{ENGLISH[card]}”" in line
    assert i18n.tr(f"cirno.card.{card}.gloss") in line


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_the_rules_page_lists_the_english_names_with_chinese(locale: str) -> None:
    catalog = i18n.load_catalog(locale)
    text = catalog["rules.cirno.section.11.body"]
    for name in ENGLISH.values():
        line = next((x for x in text.splitlines() if x.startswith(name + "（")), None)
        assert line is not None, name
        assert any("\u4e00" <= ch <= "\u9fff" for ch in line), line  # with Chinese
