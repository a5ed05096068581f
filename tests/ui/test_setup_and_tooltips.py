"""Two play-test defects.

Setup: an option value with a meaning of its own (8½'s deals = 0: as many deals as players,
target_points = 0: no target score) is shown with its locale label, not as a bare "0", and the
focused (or hovered) option row shows its help text under the options.

Tooltips: the hover tooltip of a card never covers the action buttons or the prompt line (8½:
pick one of two ghosts, leave the mouse on it: the play button that appeared must stay visible).
"""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n
from cardtable.games import REGISTRY
from cardtable.i18n import tr
from cardtable.ui import gfx, theme
from cardtable.ui.autoplay import click, frames
from cardtable.ui.tables.kit.tooltip import place_tooltip
from tests.hosting import table_for
from tests.ui.test_eight_half_table import human_match_where

LANGS = ("zh-TW", "zh-CN")


@pytest.fixture
def lang():
    yield
    i18n.set_locale("zh-TW")


def move(app, pos: tuple[int, int]) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


# ---------------------------------------------------------------- setup: option values
@pytest.mark.parametrize("locale", LANGS)
def test_eight_half_zero_options_show_their_meaning(app, lang, locale):
    """E8H-X1: deals = 0 is "as many deals as players", target_points = 0 "no target": the setup
    shows those labels, a real number stays a number."""
    from cardtable.ui.scenes.setup import SetupScene, option_value_label
    i18n.set_locale(locale)
    setup = app.push(SetupScene(app, "eight_half"))
    rows = {name: w for w in setup.menu.widgets
            if (name := setup.option_names.get(id(w))) is not None}
    assert setup.options["deals"] == 0 and setup.options["target_points"] == 0
    assert rows["deals"].show(rows["deals"].get()) == tr("eight_half.option.deals.auto")
    assert rows["target_points"].show(0) == tr("eight_half.option.target_points.off")
    assert tr("eight_half.option.deals.auto") not in ("0", "eight_half.option.deals.auto")
    rows["deals"].adjust(1)
    assert setup.options["deals"] == 1 and rows["deals"].show(1) == "1"
    assert option_value_label("eight_half", "target_points", 21) == "21"
    frames(app, 2)  # drawn without error in this language


def test_other_games_values_keep_their_labels(app):
    from cardtable.ui.scenes.setup import option_value_label
    assert option_value_label("cirno", "limit", 12) == "12"
    assert option_value_label("cirno", "double_reading", "latest") == \
        tr("cirno.option.double_reading.latest")
    assert option_value_label("tanto_cuore", "town", "recommended") == \
        tr("tanto_cuore.option.town.recommended")
    assert option_value_label("wizard", "bid_order", "dealer") == tr("wizard.option.bid_order.dealer")


# ---------------------------------------------------------------- setup: help texts
def test_focused_option_row_shows_its_help_text(app):
    from cardtable.ui.scenes.setup import SetupScene
    setup = app.push(SetupScene(app, "eight_half"))
    widgets = setup.menu.widgets
    by_name = {setup.option_names.get(id(w)): i for i, w in enumerate(widgets)}
    setup.menu.focus = 0  # the player count: no help text, the key hint instead
    assert setup.focused_description() is None
    setup.menu.focus = by_name["deals"]
    assert setup.focused_description() == tr("eight_half.option.deals.desc")
    move(app, widgets[by_name["target_points"]].rect.center)  # hovering focuses the row
    assert setup.focused_description() == tr("eight_half.option.target_points.desc")
    frames(app, 1)


@pytest.mark.parametrize("locale", LANGS)
def test_every_setup_option_has_a_help_text_that_fits(app, lang, locale):
    """Every game's setup in both scripts: each option row has a help text, and it fits the two
    lines under the options; every row draws."""
    from cardtable.ui.scenes.setup import SetupScene
    i18n.set_locale(locale)
    t = app.text
    for game_id in REGISTRY:
        setup = app.push(SetupScene(app, game_id))
        assert setup.option_names, game_id
        for i, w in enumerate(setup.menu.widgets):
            name = setup.option_names.get(id(w))
            if name is None:
                continue
            setup.menu.focus = i
            desc = setup.focused_description()
            assert desc and not desc.startswith(f"{game_id}.option."), (game_id, name)
            assert len(t.wrap(desc, theme.SIZE_TINY, 500)) <= 2, (game_id, name, desc)
            frames(app, 1)
        app.pop(setup)


# ---------------------------------------------------------------- tooltips
def test_place_tooltip_goes_past_the_rects_it_must_not_cover():
    bounds = pygame.Rect(20, 20, 940, 680)
    card = pygame.Rect(440, 556, 104, 146)
    buttons = pygame.Rect(400, 478, 180, 48)
    prompt = pygame.Rect(300, 430, 400, 44)
    r = place_tooltip((340, 110), card, [buttons, prompt], bounds, gap=10)
    assert bounds.contains(r)
    assert not r.colliderect(buttons) and not r.colliderect(prompt) and not r.colliderect(card)
    assert r.bottom <= prompt.top  # above the prompt, not squeezed between it and the card
    # no room above: it goes below the card instead
    top_card = pygame.Rect(440, 40, 60, 80)
    r = place_tooltip((340, 110), top_card, [], bounds, above=True)
    assert r.top >= top_card.bottom and bounds.contains(r)
    # and a card in the top half prefers below, still skipping what it must not cover
    r = place_tooltip((200, 100), top_card, [pygame.Rect(300, 130, 400, 40)], bounds,
                      above=False)
    assert r.top >= 170 and bounds.contains(r)


def _region_bytes(canvas: gfx.Image, rect: pygame.Rect) -> bytes:
    raw = gfx.pixels(canvas)
    return pygame.image.tobytes(raw.subsurface(rect.clip(raw.get_rect())), "RGB")


def test_eight_half_tooltip_leaves_the_play_button_and_prompt_visible(app):
    """The play test: pick one of two equal cards and leave the mouse on it. The card's tooltip
    shows, and the play button and the prompt line look exactly as without the tooltip."""
    from cardtable.ui.tables.eight_half_table import (
        HAND_X0,
        HAND_X1,
        STATUS_Y,
        EightHalfTableScene,
    )
    # the human's turn, not opening, with a legal play of two equal cards
    match = human_match_where(lambda st, legal: st.opening is None and any(
        a.kind == "play" and len(a.cards) == 2 and a.cards[0] == a.cards[1] for a in legal))
    table = app.push(table_for(app, cls=EightHalfTableScene, match=match, autosave=False))
    frames(app, 2)
    table.skip()
    frames(app, 1)
    assert table.human_turn()
    legal = match.state.legal_actions()
    face = next(a.cards[0] for a in legal
                if a.kind == "play" and len(a.cards) == 2 and a.cards[0] == a.cards[1])
    key = next(f"hand:{i}" for i, c in enumerate(table.sorted_hand(0)) if c == face)
    card = next(h for h in table.current_hits() if h.key == key)
    click(app, card.rect.center)  # picked; the mouse stays on the card
    frames(app, 30)  # the tooltip shows once the pointer has rested (issue 17)
    buttons = [h.rect for h in table.hits if h.key.startswith("btn:")]
    assert buttons, "the play button appeared"
    assert table.tooltip_card() is not None, "the card's tooltip is shown"
    prompt_band = pygame.Rect(HAND_X0 + 40, STATUS_Y - 10, HAND_X1 - HAND_X0 - 80, 20)
    regions = [*buttons, prompt_band]

    canvas = app.canvas
    table.draw(canvas)
    with_tip = [_region_bytes(canvas, r) for r in regions]
    real_tooltip = table._tooltip
    table._tooltip = lambda surf: None
    try:
        table.draw(canvas)
        without = [_region_bytes(canvas, r) for r in regions]
    finally:
        table._tooltip = real_tooltip
    assert with_tip == without, "the tooltip covers the play button or the prompt"
    # and by geometry: the tooltip rect misses every rect the table names
    avoid = table.protected_rects()
    assert any(r.colliderect(b) for r in avoid for b in buttons)
    table.draw(canvas)
    tip = table.tip_rect  # the tooltip drawn
    assert tip is not None and not any(tip.colliderect(r) for r in avoid), (tip, avoid)


@pytest.mark.parametrize("game", ["cirno", "tanto_cuore"])
def test_hand_card_tooltips_leave_buttons_and_prompt_uncovered(app, monkeypatch, game):
    """The same play-test finding in Cirno (a hand card's tooltip lay over the prompt line) and
    Tanto Cuore (over the 'end serving' button): every hand card's tooltip misses the table's
    buttons and its prompt line."""
    import importlib

    from cardtable.ui.samples import open_sample
    module = importlib.import_module(f"cardtable.ui.tables.{game}_table")
    if game == "cirno":
        table = open_sample(app, "table")
    else:
        table = module.open_tanto_sample(app, "tanto_town")
    frames(app, 3)
    table.skip()
    frames(app, 2)
    assert table.human_turn()
    placed: list[pygame.Rect] = []
    # both tables place their tooltips with the kit (TableScene.place_tip), outside
    # protected_rects, and show one only after the pointer moved onto a card and rested there
    from cardtable.ui.tables.kit import table_input
    placer = table_input
    real = placer.place_tooltip

    def spy(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        placed.append(real(*args, **kwargs))
        return placed[-1]
    monkeypatch.setattr(placer, "place_tooltip", spy)
    avoid = table.protected_rects()

    def point(pos: tuple[int, int]) -> None:
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0),
                                        buttons=(0, 0, 0)))
        frames(app, 25)
    assert len(avoid) >= (1 if game == "cirno" else 2), "the prompt line (and the buttons)"
    hand = [h.rect for h in table.hits if h.key.startswith("hand:")]
    assert hand
    for card in hand:
        for y in (card.top + 3, card.centery):  # near its top edge too (Tanto Cuore's case)
            point((card.centerx, y))
            placed.clear()
            table.draw(app.canvas)
            assert placed, "a tooltip was drawn"
            assert not any(placed[-1].colliderect(r) for r in avoid), (card, placed[-1])
            if game == "cirno":  # and not over the running total (a later play test)
                ring = pygame.Rect(0, 0, 200, 200)
                ring.center = module.TOTAL_C
                assert not placed[-1].colliderect(ring), (card, placed[-1])
    # and by the pixels, independently of tooltip_avoid(): the buttons and a band through the
    # middle of the prompt line look the same with and without the tooltip
    centre_x = module.TOTAL_C[0] if game == "cirno" else module.PLAY_AREA.centerx
    regions = [h.rect for h in table.hits if h.key.startswith("btn:")]
    regions.append(pygame.Rect(centre_x - 200, module.STATUS_Y - 8, 400, 16))
    real_tooltip = table._tooltip
    for card in hand:
        point((card.centerx, card.top + 3))
        table.draw(app.canvas)
        with_tip = [_region_bytes(app.canvas, r) for r in regions]
        table._tooltip = lambda *args: None
        try:
            table.draw(app.canvas)
            without = [_region_bytes(app.canvas, r) for r in regions]
        finally:
            table._tooltip = real_tooltip
        assert with_tip == without, card


def test_cirno_direction_buttons_and_popup_clear_of_the_prompt(app):
    """L or R's 向左 / 向右 buttons lay over the prompt line, and Scoop's hand panel over its
    top (a play test): both now clear it, and the buttons stay above the hand."""
    from cardtable.ui.samples import open_sample
    table = open_sample(app, "table")
    frames(app, 2)
    prompt = table._status_rect("測試提示：要把哪一張牌傳給鄰座？（右鍵取消）")
    hand = [h.rect for h in table.hits if h.key.startswith("hand:")]
    for i in range(2):
        button = table.choice_rect(i, 2)
        assert not button.colliderect(prompt)
        assert not any(button.colliderect(r) for r in hand)
    assert not table.popup_panel(3).colliderect(prompt)
