"""Play test 5a, the Wizard entries: the play prompt for every lead case (WIZ-F1), the bid sum
under hidden / secret bids (WIZ-V1, WIZ-SB1), the move log in the game's own words, Enter on
the round dialog after the score pad, the round dialog clear of the log panel, the stand-alone
score pad (refusal inside its panel, one readable header size, score and total apart), the
forehead round's cards readable (WIZ-V1), and the bid-order option's wording (WIZ-B1)."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest

from cardtable import i18n
from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.games.wizard.scorepad import ScorePad
from cardtable.history.movelog import format_line, log_entries
from cardtable.i18n import tr
from cardtable.samples.wizard import sample_match
from cardtable.ui import cardart, theme
from cardtable.ui.autoplay import frames, key
from cardtable.ui.scenes.scorepad import OPTIONS_PANEL, ScorePadScene, ScorePadSetupScene
from cardtable.ui.tables.table_scene import LOG_RECT, TableScene
from cardtable.ui.tables.wizard_table import (
    FOREHEAD_CARD,
    MINI,
    TRICK_CARD,
    WizardRoundScene,
    WizardTableScene,
    open_wizard_sample,
    play_prompt,
)
from tests.hosting import table_for


def _blits(app, monkeypatch) -> list[tuple[str, pygame.Rect, int]]:
    """Every text drawn from now on: (text, rect, size)."""
    out: list[tuple[str, pygame.Rect, int]] = []
    real = app.text.blit

    def spy(target, s, pos, size, *a, **k):
        rect = real(target, s, pos, size, *a, **k)
        out.append((s, rect, size))
        return rect
    monkeypatch.setattr(app.text, "blit", spy)
    return out


# ---------------------------------------------------------------- WIZ-F1 prompt
def _play_view(void: bool):
    """A human's view in the play phase with a suit led, void in it or not."""
    def stop(s):
        if s.phase != "play" or not s.trick or s.led_suit() is None or \
                s.options.single_colour:
            return False
        has = any(c[0] == s.led_suit() for c in s.hands[0] if c not in ("Z", "N"))
        return has != void
    for seed in range(1, 200):
        m = sample_match(seed, {}, 4, stop)
        if m is not None:
            return m
    raise AssertionError("no such state")


@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
def test_wiz_f1_prompt_when_void_in_the_led_suit_says_any_card(locale):
    """WIZ-F1: holding none of the led suit, the prompt says so and that any card may be
    played (a play test: it said 請跟出綠色的牌 with only blue and yellow in hand)."""
    i18n.set_locale(locale)
    try:
        m = _play_view(void=True)
        v = m.state.view(0)
        suit = v.led_suit
        name = tr(f"wizard.suit.{suit}")
        text = play_prompt(v)
        assert text == tr("wizard.prompt.play_void", suit=name)
        assert text != tr("wizard.prompt.play_follow", suit=name)
        # every card of the hand is indeed playable
        assert {a.card for a in m.state.legal_actions()} == set(v.hand)
        held = _play_view(void=False).state.view(0)
        assert play_prompt(held) == tr("wizard.prompt.play_follow",
                                       suit=tr(f"wizard.suit.{held.led_suit}"))
    finally:
        i18n.set_locale("zh-TW")


def test_wiz_f1_prompt_for_a_lead_a_led_wizard_and_led_jesters():
    """WIZ-F1: leading, after a led Wizard (everyone free) and after Jesters only (the next
    other card sets the suit) the prompt says any card may be played; a Jester then a suit
    card asks for that suit."""
    v = _play_view(void=False).state.view(0)
    suit = v.led_suit
    assert play_prompt(dataclasses.replace(v, trick=())) == tr("wizard.prompt.play_lead")
    assert play_prompt(dataclasses.replace(v, trick=((1, "Z"), (2, f"{suit}3")))) == \
        tr("wizard.prompt.play_after_wizard")
    assert play_prompt(dataclasses.replace(v, trick=((1, "N"), (2, "N")))) == \
        tr("wizard.prompt.play_after_jesters")
    assert play_prompt(dataclasses.replace(v, trick=((1, "N"), (2, f"{suit}3")))) == \
        tr("wizard.prompt.play_follow", suit=tr(f"wizard.suit.{suit}"))
    single = dataclasses.replace(v, options={**v.options, "single_colour": True})
    assert play_prompt(single) == tr("wizard.prompt.play")


def test_wiz_f1_the_table_draws_the_void_prompt(app, monkeypatch):
    m = _play_view(void=True)
    monkeypatch.setattr(TableScene, "CACHE_LAYERS", False)
    rendered: list[str] = []
    real = app.text.render
    monkeypatch.setattr(app.text, "render",
                        lambda s, *a, **k: (rendered.append(s), real(s, *a, **k))[1])
    table = app.push(table_for(app, cls=WizardTableScene, match=m, autosave=False))
    table.director.clear()
    table.snap()
    frames(app, 2)
    suit = tr(f"wizard.suit.{m.state.view(0).led_suit}")
    void = tr("wizard.prompt.play_void", suit=suit)
    assert any(void in s for s in rendered)
    follow = tr("wizard.prompt.play_follow", suit=suit)
    assert not any(follow in s for s in rendered)


# ---------------------------------------------------------------- WIZ-V1 hidden bid sum
@pytest.mark.parametrize("options", [{"secret_bids": True},
                                     {"hidden_bids": True, "secret_bids": True}])
def test_wiz_v1_score_pad_shows_no_bid_sum_while_bids_are_hidden(app, monkeypatch, options):
    """WIZ-V1 / WIZ-SB1: with bids the viewer may not see, the pad's 合計 預言 is "?/cards",
    never the sum of the visible bids coloured as over / under (a play test: "0/2" while the
    real sum was 1); no hidden bid appears."""
    m = None
    for seed in range(1, 100):
        m = sample_match(seed, options, 5, lambda s: s.round_no == 2 and s.phase == "play")
        if m is not None:
            break
    assert m is not None
    st = m.state
    own = st.bids[0]
    drawn = _blits(app, monkeypatch)
    table = app.push(table_for(app, cls=WizardTableScene, match=m, autosave=False))
    table.director.clear()
    table.snap()
    table.open_pad()
    pad_scene = app.stack.top
    assert isinstance(pad_scene, ScorePadScene)
    drawn.clear()
    frames(app, 1)
    texts = [s for s, _, _ in drawn]
    assert "?/2" in texts
    assert f"{own}/2" not in texts
    assert f"{sum(st.bids)}/2" not in texts or sum(st.bids) == own
    row = pad_scene.row_rect(2)
    cells = [s for s, r, _ in drawn if row.collidepoint(r.center) and r.x > pad_scene.col_x(0)]
    assert cells.count("?") == 4 and str(own) in cells


def test_wiz_sb1_score_pad_shows_the_sum_so_far_of_public_bids(app, monkeypatch):
    """WIZ-SB1: with public bids, while the round's bids are still being placed, the pad shows
    the sum of those placed (not "?"): nothing is hidden, and the last bidder needs it."""
    m = None
    for seed in range(1, 100):
        m = sample_match(seed, {"plus_minus_one": True}, 4, lambda s: s.round_no == 3 and
                         s.phase == "bid" and sum(b is not None for b in s.bids) == 3)
        if m is not None:
            break
    assert m is not None
    placed = sum(b for b in m.state.bids if b is not None)
    drawn = _blits(app, monkeypatch)
    table = app.push(table_for(app, cls=WizardTableScene, match=m, autosave=False))
    table.director.clear()
    table.snap()
    table.open_pad()
    drawn.clear()
    frames(app, 1)
    texts = [s for s, _, _ in drawn]
    assert f"{placed}/3" in texts and "?/3" not in texts


# ---------------------------------------------------------------- the move log's words
@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
def test_move_log_uses_the_wizard_games_own_words(locale):
    """The 回顧 log says 輪 (not 局), 預言 (not 叫牌 / 叫 n 墩), 牌堆 (not 牌庫) and names every
    player in the reveal of the bids, as the Wizard table and rules do."""
    i18n.set_locale(locale)
    try:
        m = sample_match(3, {"secret_bids": True}, 5,
                         stop=lambda s: s.round_no >= 3 and s.phase == "play")
        assert m is not None
        names = ["小明", "阿哲", "美玲", "大熊", "小雯"]
        lines = [format_line(e.msg, "wizard", names) for e in log_entries(m, 0)]
        text = "\n".join(lines)
        rnd = tr("wizard.pad.round")  # 輪
        assert f"第 2 {rnd}" in text
        assert "第 2 局" not in text and "第 2 局" not in text
        assert "叫" not in text
        assert tr("log.zone.deck") not in text and tr("log.wizard.zone.deck") in text
        reveal = next(line for line, e in zip(lines, log_entries(m, 0), strict=True)
                      if e.msg.key == "log.wizard.bids_revealed")
        assert all(n in reveal for n in names)
        bid = next(line for line, e in zip(lines, log_entries(m, 0), strict=True)
                   if e.msg.key == "log.wizard.bid_placed")
        assert tr("wizard.pad.bid") in bid  # 預言
    finally:
        i18n.set_locale("zh-TW")


def test_move_log_of_other_games_keeps_their_words():
    """Cirno's rounds stay 第 N 局 and its deck 牌庫 (only Wizard has its own words)."""
    spec = get_spec("cirno")
    seats = [Seat(kind="ai", name=f"P{i}", agent="random") for i in range(3)]
    m = Match(spec, 4, 3, {}, seats)
    rng = random.Random(1)
    while m.state.round_no < 2 and not m.state.is_terminal():
        legal = m.state.legal_actions()
        m.submit(legal[rng.randrange(len(legal))])
    text = "\n".join(format_line(e.msg, "cirno", ["甲", "乙", "丙"]) for e in log_entries(m, 0))
    assert "第 1 局" in text and "牌庫" in text


# ---------------------------------------------------------------- the round dialog
def test_enter_on_the_round_dialog_after_the_score_pad_starts_the_next_round(app):
    """記分板 from the round dialog, Esc back, then Enter: 下一輪 (the dialog closes), not the
    pad again (a play test looped between pad and dialog)."""
    dialog = open_wizard_sample(app, "wizard_round")
    assert isinstance(dialog, WizardRoundScene)
    frames(app, 2)
    dialog.menu.focus = 1  # the 記分板 button, as a Tab / arrow press leaves it
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ScorePadScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is dialog
    key(app, pygame.K_RETURN)
    assert dialog not in app.stack.scenes
    assert not isinstance(app.stack.top, ScorePadScene)


@pytest.mark.parametrize("players", [3, 6])
def test_round_and_final_dialogs_stay_clear_of_the_log_panel(app, players):
    from cardtable.ui.tables.wizard_table import WizardResultsScene
    m = sample_match(7, {}, players)
    table = app.push(table_for(app, cls=WizardTableScene, match=m, autosave=False))
    last = m.state.history[-1]
    data = {"round": last.round_no, "dealer": last.dealer, "cards": last.cards,
            "trump": last.trump, "bids": list(last.bids), "tricks": list(last.tricks),
            "deltas": list(last.deltas), "totals": list(last.totals)}
    for scene in (WizardRoundScene(app, table, data),
                  WizardResultsScene(app, table, final=True)):
        assert not scene.panel.colliderect(LOG_RECT)
        assert not scene.panel.colliderect(table.log_rect)
        assert scene.panel.left >= 0 and scene.panel.bottom <= 720


# ---------------------------------------------------------------- stand-alone score pad
def test_score_pad_setup_refusal_stays_inside_the_options_panel(app, monkeypatch):
    drawn = _blits(app, monkeypatch)
    setup = app.push(ScorePadSetupScene(app, names=["甲", "乙", "丙", "丁", "戊"]))
    setup.set_n(5)
    setup._set_sc(True)
    msg = tr("wizard.option.error.single_colour_players")
    assert setup.error == msg
    frames(app, 2)
    rects = [r for s, r, _ in drawn if s and s in msg]
    assert rects
    inner = OPTIONS_PANEL.inflate(-8, -8)
    assert all(inner.contains(r) for r in rects)


def _played_pad(n: int, rounds: int) -> ScorePad:
    """A pad whose totals reach three digits: every bid exact, bids as high as possible."""
    pad = ScorePad(names=[f"玩家{i + 1}" for i in range(n)])
    for r in range(1, rounds + 1):
        bids = [0] * n
        bids[r % n] = r
        pad.enter_round(r, bids, bids)
    return pad


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_score_pad_headers_one_readable_size_and_score_apart_from_total(app, monkeypatch, n):
    """The column headers are drawn at one size, no smaller than 14 px (at 6 players they were
    about 10 px in two sizes), and a round score never runs into a 3-digit total ("+30110"):
    at least 6 px between them, at 3-6 players."""
    rounds = min(8, 60 // n)
    pad = _played_pad(n, rounds)
    assert max(pad.totals()) >= 100
    drawn = _blits(app, monkeypatch)
    scene = app.push(ScorePadScene(app, pad, editable=False))
    frames(app, 2)
    heads = {tr("wizard.pad.bid"), tr("wizard.pad.tricks"), tr("wizard.pad.score"),
             tr("wizard.pad.total"), tr("wizard.pad.round"), tr("ui.scorepad.cards_short")}
    head_zone = pygame.Rect(scene.col_x(0) - 300, 84, 1000, scene.head_h())
    sizes = {size for s, r, size in drawn if s in heads and head_zone.contains(r)}
    assert len(sizes) == 1 and min(sizes) >= 14
    rows = pad.table()
    for r in range(1, rounds + 1):
        for p in range(n):
            score = scene.sub_rect(r, p, 2)
            total = scene.sub_rect(r, p, 3)
            want_s = f"{rows[r - 1].scores[p]:+d}" if rows[r - 1].scores[p] else "0"
            want_t = str(rows[r - 1].totals[p])
            rs = [rc for s, rc, _ in drawn if s == want_s and score.collidepoint(rc.center)]
            rt = [rc for s, rc, _ in drawn if s == want_t and total.collidepoint(rc.center)]
            assert rs and rt, (r, p)
            if rs[0].centery == rt[0].centery:  # side by side
                assert rt[0].left - rs[0].right >= 6, (r, p, want_s, want_t)
            else:
                assert not rs[0].colliderect(rt[0])


# ---------------------------------------------------------------- WIZ-V1 forehead
def test_wiz_v1_forehead_cards_of_the_others_are_drawn_larger_named_and_zoom(app, monkeypatch):
    """WIZ-V1 forehead round: the others' cards, all the viewer has to bid on, are drawn
    larger than the 32x45 thumbnails, named in words beside them, and enlarged to trick-card
    size (80x112) when the mouse rests on one, beside that plate."""
    sizes: list[tuple[str, tuple[int, int]]] = []
    real_face = cardart.face

    def face(g, c, s):
        sizes.append((c, tuple(s)))
        return real_face(g, c, s)
    monkeypatch.setattr(cardart, "face", face)
    monkeypatch.setattr(TableScene, "CACHE_LAYERS", False)
    drawn = _blits(app, monkeypatch)
    table = open_wizard_sample(app, "wizard_forehead")
    frames(app, 2)
    v = table.v
    others = [q for q in range(v.num_players) if q != table.bottom_seat]
    for q in others:
        card = v.seen_hands[q][0]
        assert (card, FOREHEAD_CARD) in sizes
        assert FOREHEAD_CARD[0] > MINI[0] and FOREHEAD_CARD[1] > MINI[1]
        label = cardart.card_label("wizard", card)
        box = table.seat_rect(q)
        assert any(s == label and box.contains(r) and size >= theme.SIZE_SMALL
                   for s, r, size in drawn)
    q = others[0]
    _, rect = table.forehead_card(q)
    sizes.clear()
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    frames(app, 30)  # the pointer rests on it (the kit's tooltip timer)
    assert (v.seen_hands[q][0], TRICK_CARD) in sizes
    _, big = table.forehead_zoom()
    # beside the plate, covering none of it (on it, it hid the card's name: issue 17)
    assert not table.seat_rect(q).colliderect(big)


# ---------------------------------------------------------------- WIZ-B1 option wording
@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
def test_wiz_b1_bid_order_values_say_who_and_fit_at_full_size(app, locale):
    """WIZ-B1: the option's values name the first bidder plainly (no 記分板說明 the user never
    saw) and fit the setup's choice at the normal size, unshrunk."""
    from cardtable.ui.scenes.setup import option_value_label
    i18n.set_locale(locale)
    try:
        for value in ("dealer", "left_of_dealer"):
            label = option_value_label("wizard", "bid_order", value)
            assert "記分板" not in label and "记分板" not in label
            assert app.text.fit(label, theme.SIZE_BODY, 240 - 80, True) == theme.SIZE_BODY
        assert tr("wizard.hud.dealer")[:2] in option_value_label("wizard", "bid_order",
                                                                 "left_of_dealer")
    finally:
        i18n.set_locale("zh-TW")
