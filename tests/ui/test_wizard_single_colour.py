"""WIZ-V1 single colour at the setup and the table (issue 33: 「no choice of colour, others'
colours not shown」): each person chooses a suit at setup with a swatch by their name (no two
the same; the computers take what is left, the rules say which), every seat's plate shows its
suit from the view, and the score pad draws each player in their suit's colour. Both scripts."""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n
from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.i18n import tr
from cardtable.ui import art_wizard
from cardtable.ui.autoplay import click, frames
from cardtable.ui.scenes.scorepad import PLAYER_COLORS, ScorePadScene, player_color
from cardtable.ui.scenes.setup import SetupScene, SwatchChoice
from cardtable.ui.tables.table_scene import TableScene
from cardtable.ui.tables.wizard_table import WizardTableScene
from tests.hosting import match_of, table_for

SPEC = get_spec("wizard")


def _swatches(setup: SetupScene) -> list[SwatchChoice]:
    return [w for w in setup.menu.widgets if isinstance(w, SwatchChoice)]


def _setup(app) -> SetupScene:
    setup = app.push(SetupScene(app, "wizard"))
    setup.set_n(4)
    setup.kinds[:4] = ["human", "human", "normal", "hard"]
    setup.names[:2] = ["小明", "阿美"]
    return setup


def test_wiz_v1_setup_offers_each_person_a_suit_and_the_rules_fill_the_computers(app):
    setup = _setup(app)
    frames(app, 1)
    assert _swatches(setup) == []  # single colour off: no suits to choose
    setup.options["single_colour"] = True
    frames(app, 1)  # the seat rows get a swatch each
    sw = _swatches(setup)
    assert len(sw) == 4
    assert [w.enabled for w in sw] == [True, True, False, False]  # computers do not choose
    assert setup.settled() == ("r", "b", "g", "y")
    # a click steps the person's suit; a suit another person holds is skipped
    click(app, sw[0].rect.center)
    assert setup.settled() == ("b", "r", "g", "y")
    sw[1].adjust(1)  # r -> g (b is the other person's)
    assert setup.settled() == ("b", "g", "r", "y")
    sw[1].adjust(1)
    sw[1].adjust(1)  # g -> y -> r (b skipped)
    assert setup.settled() == ("b", "r", "g", "y")
    sw[0].adjust(-1)  # b -> y (r is the other person's; backwards)
    assert setup.settled() == ("y", "r", "b", "g")
    sw[2].adjust(1)  # a computer's swatch does nothing
    assert setup.settled() == ("y", "r", "b", "g")
    frames(app, 2)
    setup.start()
    table = app.stack.top
    assert isinstance(table, WizardTableScene)
    assert match_of(table).options.colours == ("y", "r", "b", "g")
    # the next setup starts from the people's suits (the computers' were the rules')
    again = app.push(SetupScene(app, "wizard"))
    assert again.picks[:2] == ["y", "r"] and again.settled() == ("y", "r", "b", "g")


def test_wiz_v1_a_seat_turned_computer_loses_its_choice_and_five_players_have_none(app):
    setup = _setup(app)
    setup.options["single_colour"] = True
    frames(app, 1)
    _swatches(setup)[1].adjust(1)  # 阿美: b -> g (nobody else chose)
    assert setup.settled()[1] == "g"
    setup._set_kind(1, "normal")
    assert setup.chosen()[1] is None and setup.settled() == ("r", "b", "g", "y")
    setup.set_n(5)
    frames(app, 1)
    assert _swatches(setup) == [] and setup.game_options()["colours"] is None
    setup.start()
    assert app.stack.top is setup and setup.error == tr("wizard.option.error.single_colour_players")


def _table(app, colours: list[str] | None, options: dict | None = None) -> WizardTableScene:
    seats = [Seat(kind="human", name="小明")] + [Seat(kind="ai", name=n, agent="normal")
                                                 for n in ("阿哲", "美玲", "大熊")]
    opts = {"single_colour": True, "colours": colours} if options is None else options
    match = Match(SPEC, 5, 4, opts, seats)
    table = app.push(table_for(app, match, autosave=False, archive=False))
    table.director.clear()
    table.snap()
    return table


@pytest.mark.parametrize("colours", [["g", "y", "r", "b"], None])
def test_wiz_v1_the_table_shows_each_seats_suit_from_the_view(app, monkeypatch, colours):
    """Every plate (the person's and the others') shows a swatch of the seat's suit, named,
    as the view says (chosen colours, or seat order for a game from before the choice)."""
    monkeypatch.setattr(TableScene, "CACHE_LAYERS", False)
    table = _table(app, colours)
    drawn: list[tuple[str, tuple[int, int]]] = []
    real = app.text.blit

    def spy(surf, s, pos, *a, **k):
        drawn.append((s, tuple(pos)))
        return real(surf, s, pos, *a, **k)
    monkeypatch.setattr(app.text, "blit", spy)
    frames(app, 2)
    view = table.v
    expected = tuple(colours) if colours else ("r", "b", "g", "y")
    assert view.seat_suits == expected
    canvas = app.canvas
    for q in range(4):
        suit = table.seat_colour(q)
        assert suit == expected[q]
        r = table.colour_chip_rect(q)
        assert r is not None and table.seat_rect(q).contains(r)
        px = tuple(canvas.get_at((r.centerx, r.y + 2)))[:3]  # above the name, inside the edge
        want = art_wizard.suit_color(suit)
        assert all(abs(a - b) <= 4 for a, b in zip(px, want, strict=True)), (q, px, want)
        assert tr(f"wizard.suit.{suit}.short") in [s for s, pos in drawn if r.collidepoint(pos)]


def test_no_suit_swatch_outside_single_colour(app):
    table = _table(app, None, options={})
    frames(app, 1)
    assert table.v.seat_suits is None
    assert all(table.colour_chip_rect(q) is None for q in range(4))


def test_wiz_v1_the_score_pad_draws_each_player_in_their_suit(app):
    table = _table(app, ["b", "g", "y", "r"])
    frames(app, 1)
    table.open_pad()
    pad_scene = app.stack.top
    assert isinstance(pad_scene, ScorePadScene)
    assert pad_scene.pad.colours == ["b", "g", "y", "r"]
    assert [player_color(pad_scene.pad, p) for p in range(4)] == [
        art_wizard.suit_color(s) for s in ("b", "g", "y", "r")]
    frames(app, 1)
    # outside single colour the pad keeps its own player colours
    from cardtable.games.wizard.scorepad import ScorePad
    plain = ScorePad(names=["甲", "乙", "丙"])
    assert plain.colours is None and player_color(plain, 1) == PLAYER_COLORS[1]
    assert "colours" not in plain.to_json()  # a pad file an older version still opens
    with pytest.raises(ValueError):
        ScorePad(names=["甲", "乙", "丙"], single_colour=True, colours=["r", "r", "g"])


@pytest.mark.parametrize("locale, hint, green", [
    ("zh-TW", "單色玩法：名稱旁的色塊是各人的花色", "綠"),
    ("zh-CN", "单色玩法：名称旁的色块是各人的花色", "绿")])
def test_wiz_v1_colour_choice_text_in_both_scripts(app, locale, hint, green):
    i18n.set_locale(locale)
    setup = _setup(app)
    setup.options["single_colour"] = True
    frames(app, 1)
    assert tr("ui.setup.seat_choice.wizard").startswith(hint)
    assert WizardTableScene.seat_choice_look("g") == (art_wizard.suit_color("g"), green)
    assert tr("wizard.option.colours") == "各人的花色"
    body = tr("rules.wizard.section.12.body")
    assert ("選一種顏色" if locale == "zh-TW" else "选一种颜色") in body
    assert pygame.Rect(676, 116, 560, 508).collidepoint(_swatches(setup)[0].rect.center)


def test_wiz_v1_round_and_final_dialogs_name_each_seats_suit(app, monkeypatch):
    """The round summary and the final ranking put each player's suit swatch by their name."""
    from cardtable.samples import wizard as samples
    from cardtable.ui.tables.kit.sample import push_table
    from cardtable.ui.tables.wizard_table import WizardResultsScene, WizardRoundScene
    opts = {"single_colour": True, "colours": ["g", "y", "r", "b"]}
    match = samples.find(7, opts, lambda s: s.round_no >= 2 and s.phase == "bid"
                         and all(b is None for b in s.bids))
    table = push_table(app, WizardTableScene, match)
    for dialog in (WizardRoundScene(app, table, samples.last_round(match)),
                   WizardResultsScene(app, table, final=True)):
        app.push(dialog)
        drawn: list[tuple[str, tuple[int, int]]] = []
        real = app.text.blit

        def spy(surf, s, pos, *a, drawn=drawn, real=real, **k):
            drawn.append((s, tuple(pos)))
            return real(surf, s, pos, *a, **k)
        monkeypatch.setattr(app.text, "blit", spy)
        frames(app, 1)
        monkeypatch.undo()
        for q, suit in enumerate(opts["colours"]):
            name = table.name_of(q)
            at = [pos for s, pos in drawn if s == name and dialog.panel.collidepoint(pos)]
            chip = [pos for s, pos in drawn if s == tr(f"wizard.suit.{suit}.short")
                    and dialog.panel.collidepoint(pos)]
            assert at and chip and any(abs(c[1] - a[1]) <= 1 and c[0] < a[0]
                                       for c in chip for a in at), (q, suit)
        app.stack.pop()


def test_wiz_v1_single_colour_leaves_no_empty_trump_place(app, monkeypatch):
    """Single colour turns no card up and has no trump: the table draws no empty outlined
    place for a trump card there (a play test saw one left of the centre)."""
    from cardtable.ui.tables.wizard_table import TABLE_CARD, TRUMP_C, _rect_at
    monkeypatch.setattr(TableScene, "CACHE_LAYERS", False)
    _table(app, ["g", "y", "r", "b"])
    frames(app, 2)
    rect = _rect_at(TRUMP_C, TABLE_CARD)
    edge = tuple(app.canvas.get_at((rect.left, rect.centery)))[:3]
    inside = tuple(app.canvas.get_at((rect.left + 6, rect.centery)))[:3]
    assert edge == inside, (edge, inside)  # bare felt: no outline
