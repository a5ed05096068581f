"""Tanto Cuore at the table, issue 33: costs on every supply pile, a reason when a clicked card
cannot be used, readable names on hand cards, no clipped labels, results columns only for the
maids in play."""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n
from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.ui.autoplay import click, frames
from cardtable.ui.tables.tanto_cuore_table import TantoCuoreTableScene
from tests.games.tanto_cuore.scenarios import SPECIAL_TOWN, build
from tests.hosting import match_of, table_for

GAME = "tanto_cuore"


def _table(app, n: int = 2, **scenario) -> TantoCuoreTableScene:
    """A table showing `scenarios.build(n, **scenario)` to seat 0 (a person; the others are
    computers)."""
    seats = [Seat(kind="human", name="小明") if i == 0 else
             Seat(kind="ai", name=f"電腦 {i + 1}", agent="easy") for i in range(n)]
    match = Match(get_spec(GAME), 7, n, {"kinds": SPECIAL_TOWN}, seats)
    match.state = build(n, **scenario)
    table = app.push(table_for(app, cls=TantoCuoreTableScene, match=match, autosave=False))
    table.director.clear()
    table.snap()
    table.drawn_prompts = []
    real = table._status

    def spy(surf, msg, *args):
        table.drawn_prompts.append(msg)
        return real(surf, msg, *args)
    table._status = spy
    frames(app, 2)
    return table


def _prompt(table) -> str:
    """The prompt line as the screen shows it after a frame: the last text the table drew
    there (its layer is cached: a frame repaints only what its signature says changed)."""
    frames(table.app, 1)
    return table.drawn_prompts[-1]


def _hand_slot(table, face: str) -> pygame.Rect:
    from cardtable.ui.tables.kit.fan import visible_strips
    hand = table.zones["hand:0"]
    return visible_strips(table.hand_rects(len(hand)))[hand.index(face)]


# ---------------------------------------------------------------- costs on the supply
def _painted(face: str, size: tuple[int, int]) -> list[str]:
    from cardtable.ui import art_tanto_cuore as art
    from cardtable.ui import gfx
    from cardtable.ui.text import Text
    text = Text()
    got: list[str] = []
    real = text.render

    def spy(s, size, *args, **kw):
        got.append(s)
        return real(s, size, *args, **kw)
    text.render = spy  # type: ignore[method-assign]
    art.paint(gfx.Surface(size, pygame.SRCALPHA), face, text)
    return got


def test_every_supply_pile_shows_its_cost_the_love_piles_too(app):
    """A play test: 2 愛心 costs 4 and 3 愛心 costs 7, said only in the tooltip. Every town
    face paints its cost from the card data (a Love face also paints its value: 1 愛心 paints
    "1" as its cost and again as its value)."""
    from cardtable.games.tanto_cuore.cards import CARDS
    from cardtable.ui.tables.tanto_cuore_table import TOWN_CARD
    for face, card in CARDS.items():
        drawn = _painted(face, TOWN_CARD)
        assert str(card.cost) in drawn, (face, drawn)
    assert _painted("love1", TOWN_CARD).count("1") >= 2
    for face in ("love2", "love3"):
        drawn = _painted(face, TOWN_CARD)
        assert str(CARDS[face].cost) in drawn and str(CARDS[face].love) in drawn


# ---------------------------------------------------------------- why a click does nothing
@pytest.mark.parametrize(("lang", "said"), [
    ("zh-TW", "2 愛心 要 4 愛心，你只有 3 愛心（還差 1）。"),
    ("zh-CN", "2 爱心 要 4 爱心，你只有 3 爱心（还差 1）。")])
def test_a_pile_one_cannot_afford_says_why(app, lang, said):
    i18n.set_locale(lang)
    table = _table(app, hands={0: ["colette"]}, phase="employ", love=3, employ=1)
    before = _prompt(table)
    history = len(match_of(table).history)
    click(app, table.town_slots["love2"].center)
    assert len(match_of(table).history) == history  # nothing was employed
    assert _prompt(table) == said
    # its time up, the prompt is the prompt again
    frames(app, 60 * 5)
    assert _prompt(table) == before


def test_an_affordable_pile_is_still_employed_at_a_click(app):
    table = _table(app, hands={0: ["colette"]}, phase="employ", love=3, employ=2)
    click(app, table.town_slots["love2"].center)
    assert table.why_not is not None
    click(app, table.town_slots["love1"].center)
    assert match_of(table).history[-1].card == "love1"
    assert table.why_not is None


def test_piles_before_the_employ_phase_and_after_the_employs_say_so(app):
    table = _table(app, hands={0: ["azure", "love2"]}, phase="serve", serving=1)
    click(app, table.town_slots["colette"].center)
    assert _prompt(table) == "還在奉仕階段：結束奉仕後愛心才會打出（柯蕾特・芙蘭柏瓦茲 要 3 愛心）。"
    table = _table(app, hands={0: ["love1"]}, phase="employ", love=6, employ=0)
    click(app, table.town_slots["colette"].center)
    assert _prompt(table) == "這回合的雇用次數用完了。"


def test_a_card_in_hand_that_cannot_be_used_says_why(app):
    """Colette becomes a chambermaid for 2 serving; with 1 she cannot, and a Love card is
    played by itself at the employ phase."""
    table = _table(app, hands={0: ["colette", "love1", "azure"]}, phase="serve", serving=1)
    click(app, _hand_slot(table, "colette").center)
    assert _prompt(table) == "柯蕾特・芙蘭柏瓦茲 貼身奉仕要 2 奉仕，你只有 1。"
    click(app, _hand_slot(table, "love1").center)
    assert _prompt(table) == "愛心牌不用點：結束奉仕時會自動打出。"
    click(app, _hand_slot(table, "azure").center)  # she can: the click asks how
    assert table.why_not is None and table.selected is not None


def test_a_click_while_a_computer_decides_says_whose_turn_it_is(app):
    table = _table(app, hands={0: ["colette"], 1: ["love1"]}, phase="employ", player=1,
                   love=1, employ=1)
    table.think_left = 10.0  # the computer is still "thinking"
    click(app, table.town_slots["love1"].center)
    assert _prompt(table) == "現在輪到 電腦 2，請稍等。"


# ---------------------------------------------------------------- readable hand cards
def _rendered(face: str, size: tuple[int, int]) -> list[tuple[str, int, pygame.Rect]]:
    """Every string painted on `face` at `size`: its text, font size and ink box (the pixels
    the glyphs cover)."""
    from cardtable.ui import art_tanto_cuore as art
    from cardtable.ui import gfx
    from cardtable.ui.text import Text
    text = Text()
    got: list[tuple[str, int, pygame.Rect]] = []
    real = text.render

    def spy(s, size, *args, **kw):
        img = real(s, size, *args, **kw)
        got.append((s, size, gfx.pixels(img).get_bounding_rect(min_alpha=60)))
        return img
    text.render = spy  # type: ignore[method-assign]
    art.paint(gfx.Surface(size, pygame.SRCALPHA), face, text)
    return got


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_names_on_hand_cards_are_at_least_12_px_tall(app, lang):
    """A play test measured the maid names on hand cards at ~8 px (the full name shrunk to
    fit). Floor: 12 px of ink for a name, as the town faces' smallest text (CJK ink is as
    tall as the font size: 12 px is the least at which 蕾, 蘭, 瓦 stay legible on a 1280x720
    screen); every string on a hand face at least TEXT_FLOOR px."""
    from cardtable.games.tanto_cuore.cards import CARDS
    from cardtable.ui import art_tanto_cuore as art
    from cardtable.ui.tables.tanto_cuore_table import HAND_CARD
    i18n.set_locale(lang)
    for face in CARDS:
        drawn = _rendered(face, HAND_CARD)
        assert min(size for _, size, _ in drawn) >= art.TEXT_FLOOR, (face, drawn)
        names = [(s, ink) for s, _, ink in drawn if s in (art.card_name(face),
                                                         art.short_name(face))]
        assert names, (face, drawn)
        assert all(ink.h >= 12 for _, ink in names), (face, names)


def test_hand_names_stay_in_sight_in_a_fan_of_ten(app):
    """The fan overlaps its cards when the hand is long; with up to ten cards, every name is
    whole on the strip of its card that shows (the name is centred on the card)."""
    from cardtable.games.tanto_cuore.cards import CARDS
    from cardtable.ui import art_tanto_cuore as art
    from cardtable.ui.tables.kit.fan import visible_strips
    from cardtable.ui.tables.tanto_cuore_table import HAND_CARD
    table = _table(app, hands={0: ["colette"]}, phase="serve")
    w = HAND_CARD[0]
    for lang in ("zh-TW", "zh-CN"):
        i18n.set_locale(lang)
        widest = max(app.text.size(*art.hand_name(face, app.text, int(w * 0.88) - 6),
                                   True)[0] for face in CARDS)
        for n in range(2, 11):
            strips = visible_strips(table.hand_rects(n))
            assert min(s.w for s in strips) >= (w + widest) // 2, (lang, n)


# ---------------------------------------------------------------- no clipped labels
def test_the_private_maid_caption_is_whole_and_clear_of_everything(app):
    """「專屬女僕」 was drawn under the face-down pile, where the second row and the pile's
    count badge cut it: now it lies on the pile, inside its card, clear of the count badge."""
    from tests.ui.text_spy import drawn_text
    table = _table(app, hands={0: ["colette"]}, phase="serve")
    for lang in ("zh-TW", "zh-CN"):
        i18n.set_locale(lang)
        table.on_locale_changed()
        with drawn_text(app) as drawn:
            frames(app, 1)
        label = i18n.tr("ui.tanto_cuore.private_pile")
        got = [d.rect for d in drawn if d.text == label]
        assert got, lang
        pile = table.private_pile_rect
        badge = pygame.Rect(0, 0, 24, 20)
        badge.center = (pile.right - 4, pile.bottom - 4)
        for rect in got:
            assert pile.inflate(4, 0).contains(rect) and not rect.colliderect(badge)
            others = [r.inflate(6, 6) for r in [*table.town_slots.values(),
                                                *table.private_slots]]
            assert rect.collidelist(others) == -1


# ---------------------------------------------------------------- results columns
NO_OPHELIA_NO_SISTERS = ("anise", "sainsbury", "tenalys", "natsumi", "nena", "esquine",
                         "genevieve", "moine", "eliza", "kagari")
WITH_BOTH = ("anise", "ophelia", "tenalys", "natsumi", "nena", "esquine", "genevieve",
             "azure", "viola", "rouge")


def _results_headers(app, kinds: tuple[str, ...], events: bool = True) -> list[str]:
    from cardtable.samples.tanto_cuore import sample_match
    from cardtable.ui import gfx
    from cardtable.ui.tables.tanto_cuore_table import TantoResultsScene
    from tests.ui.text_spy import drawn_text
    match = sample_match(15, 3, options={"kinds": kinds, "events": events})
    assert match is not None and match.state.is_terminal()
    scene = TantoResultsScene(app, table_for(app, match=match, autosave=False), final=True)
    with drawn_text(app) as drawn:
        scene.draw(gfx.Surface((1280, 720)))
    return [d.text for d in drawn]


def test_results_have_columns_only_for_the_maids_in_the_supply(app):
    """A play test: Ophelia and Crescent columns with neither in the supply. A part that
    cannot score in this town has no column; one that can keeps it (always the printed VP,
    the Colette bonus and the total)."""
    def has(drawn: list[str], part: str) -> bool:
        label = i18n.tr(f"tanto_cuore.score.{part}")
        return any(t and label.startswith(t) for t in drawn)
    drawn = _results_headers(app, NO_OPHELIA_NO_SISTERS)
    assert not has(drawn, "ophelia") and not has(drawn, "crescent") \
        and not has(drawn, "safran")
    assert all(has(drawn, p) for p in ("printed", "colette", "bad_habits", "total"))
    drawn = _results_headers(app, WITH_BOTH, events=False)
    assert has(drawn, "ophelia") and has(drawn, "crescent") and not has(drawn, "bad_habits")
