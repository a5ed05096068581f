"""The Wizard table headless: a demo runs and reaches the results, hot-seat privacy (no hidden
face drawn, the forehead card never shown to its holder), hidden and secret bids never drawn
before they may be, the forehead view, the bidding panel under +-1, the dealer's trump choice,
the trick sweep, and the score pad button. Clause ids: WIZ-V1 (variants), WIZ-TR1 (the dealer
names trump after a Wizard), WIZ-SB1 (the pad from the table)."""

from __future__ import annotations

import re

import pygame
import pytest

from cardtable.core.events import CARD_MOVED
from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.games.wizard.rules import WizardState
from cardtable.ui import cardart
from cardtable.ui.autoplay import Player, click, frames, key, run_until
from cardtable.ui.launch import start_demo
from cardtable.ui.scenes.curtain import CurtainScene
from cardtable.ui.scenes.scorepad import ScorePadScene
from cardtable.ui.tables import playable, table_class
from cardtable.ui.tables.table_scene import TableScene
from cardtable.ui.tables.wizard_table import (
    PAD_BUTTON,
    WizardResultsScene,
    WizardRoundScene,
    WizardTableScene,
    open_wizard_sample,
)
from tests.hosting import leak_every_hand, match_of, play, table_for

SPEC = get_spec("wizard")


def _match(seats: list[Seat], seed: int, options: dict | None = None) -> Match:
    return Match(SPEC, seed, len(seats), options or {}, seats)


def test_wizard_is_playable_from_the_menus():
    assert playable("wizard") and table_class("wizard") is WizardTableScene


def test_demo_runs_headless_for_n_frames(app):
    """An AI demo with animations: cards are dealt, bid, played and swept for 900 frames."""
    table = start_demo(app, "wizard", 4, 3, 12.0)
    seen_flight = False
    for _ in range(500):
        app.step(1 / 60)
        seen_flight |= bool(table.director.flights)
        if app.future_pending():
            import time
            time.sleep(0.001)
    assert seen_flight
    assert len(match_of(table).history) > 4
    assert isinstance(match_of(table).state, WizardState)


@pytest.mark.slow
def test_demo_game_reaches_the_results_screen(app, monkeypatch):
    """A whole 6-player game (10 rounds) with skipped animations, round summaries in between,
    ends on the Wizard results screen with the ranking highest total first."""
    seats = [Seat(kind="ai", name=f"AI{i}", agent="random") for i in range(6)]
    match = _match(seats, 8)
    monkeypatch.setattr(TableScene, "AI_MIN_THINK", 0.0)
    table = app.push(table_for(app, cls=WizardTableScene, match=match, demo=True))
    app.speed_factor = 50
    rounds = 0

    def done(a):
        nonlocal rounds
        top = a.stack.top
        if isinstance(top, WizardRoundScene):
            rounds += 1
            top.back()
        elif isinstance(top, TableScene):
            top.skip()
        return isinstance(top, WizardResultsScene)
    run_until(app, None, 20000, done)
    assert match.state.is_terminal()
    assert isinstance(app.stack.top, WizardResultsScene)
    assert rounds == 9  # a summary between each of the 10 rounds
    frames(app, 3)
    assert table.disp["totals"] == [int(s) for s in match.state.scores()]


# ---------------------------------------------------------------- privacy
def allowed_faces(match: Match, viewer: int) -> set[str]:
    """Every face `viewer` may know: its view now, plus every card its redacted events named."""
    v = match.state.view(viewer)
    faces = {c for c in (v.hand or ()) if c != "?"}
    for seen in v.seen_hands:
        faces |= set(seen or ())
    faces |= {c for _, c in v.trick}
    for t in v.round_tricks:
        faces |= {c for _, c in t}
    if v.trump_card:
        faces.add(v.trump_card)
    for ev in match.events_for(viewer):
        if ev.kind == CARD_MOVED and "card" in ev.data:
            faces.add(ev.data["card"])
        if ev.kind == "trick_won":
            faces |= {c for _, c in ev.data["cards"]}
    return faces


def play_and_check(app, monkeypatch, match: Match, leak: bool = False, max_frames: int = 4000
                   ) -> tuple[list[str], int, int]:
    drawn: list[str] = []
    real_face = cardart.face

    def spy(game, card, size):
        drawn.append(card)
        return real_face(game, card, size)
    monkeypatch.setattr(cardart, "face", spy)
    monkeypatch.setattr(TableScene, "CACHE_LAYERS", False)
    table = app.push(table_for(app, match=match))
    if leak:  # a deliberately broken table: shows every hand
        leak_every_hand(table)
    app.speed_factor = 30
    player = Player(5)
    violations: list[str] = []
    curtain_frames = forehead_frames = 0
    for _ in range(max_frames):
        player.act(app)
        drawn.clear()
        app.step(1 / 60)
        top = app.stack.top
        if isinstance(top, CurtainScene):
            curtain_frames += 1
            if drawn:
                violations.append(f"faces drawn under the curtain: {drawn}")
        elif top is table and table.viewer is not None:
            me = table.viewer
            bad = sorted(set(drawn) - allowed_faces(match, me))
            if bad:
                violations.append(f"viewer {me} saw {bad}")
            st = match.state
            if st.forehead_round and st.hands[me]:
                # WIZ-V1 forehead: the own card is never drawn while it is in the own hand
                own = st.hands[me][0]
                elsewhere = {c for q, h in enumerate(st.hands) if q != me for c in h}
                elsewhere |= {c for _, c in st.trick} | {st.trump_card}
                forehead_frames += 1
                if own not in elsewhere and own in drawn:
                    violations.append(f"viewer {me} saw the own forehead card {own}")
        if player.finished or (match.state.round_no >= 3 and not leak):
            break
    return violations, curtain_frames, forehead_frames


@pytest.mark.parametrize("options", [{}, {"forehead": True}])
def test_hotseat_never_draws_hidden_faces(app, monkeypatch, options):
    """Two humans and two AIs for two rounds: no face the viewer may not know is drawn, nothing
    under the curtain; with forehead (WIZ-V1) the holder never sees the own round-1 card."""
    seats = [Seat(kind="human", name="甲"), Seat(kind="ai", name="乙", agent="easy"),
             Seat(kind="human", name="丙"), Seat(kind="ai", name="丁", agent="easy")]
    match = _match(seats, 21, options)
    violations, curtains, forehead = play_and_check(app, monkeypatch, match)
    assert match.state.round_no >= 3, "the hot-seat game did not get through two rounds"
    assert curtains > 0
    if options:
        assert forehead > 0
    assert violations == []


def test_privacy_check_catches_a_leaking_table(app, monkeypatch):
    seats = [Seat(kind="human", name="甲"), Seat(kind="human", name="乙"),
             Seat(kind="ai", name="丙", agent="easy")]
    match = _match(seats, 5)
    violations, _, _ = play_and_check(app, monkeypatch, match, leak=True, max_frames=200)
    assert violations


# ---------------------------------------------------------------- hidden and secret bids
@pytest.mark.parametrize("variant", ["hidden_bids", "secret_bids"])
def test_hidden_and_secret_bids_are_not_drawn_before_they_may_be(app, monkeypatch, variant):
    """WIZ-V1: under hidden bids the others' bids appear only once all have bid; under secret
    bids only when the round is scored. Until then their seats say '?' (no number drawn)."""
    rendered: list[str] = []
    real_render = app.text.render

    def spy(s, *a, **k):
        rendered.append(s)
        return real_render(s, *a, **k)
    monkeypatch.setattr(app.text, "render", spy)
    monkeypatch.setattr(TableScene, "CACHE_LAYERS", False)
    seats = [Seat(kind="human", name="甲")] + [Seat(kind="ai", name=n, agent="easy")
                                              for n in "乙丙丁"]
    match = _match(seats, 13, {variant: True})
    table = app.push(table_for(app, match=match))
    app.speed_factor = 30
    player = Player(2)
    checked = revealed = 0
    for _ in range(4000):
        player.act(app)
        rendered.clear()
        app.step(1 / 60)
        st = match.state
        top = app.stack.top
        if isinstance(top, WizardRoundScene):  # the summary shows the bids of the round
            revealed += 1
            assert top.data["bids"] == list(st.history[-1].bids)
        if top is not table or table.director.busy:
            continue
        if st.round_no >= 3:
            break
        for p in range(1, 4):
            if not st.bids_public:
                checked += 1
                assert table.shown_bid(p) is None
                assert not re.search(r"\d", table.bid_text(p))
            elif st.bids[p] is not None:
                revealed += 1
                assert table.shown_bid(p) == st.bids[p]
        if not st.bids_public:
            hidden_texts = {f"預言 {b}" for q, b in enumerate(st.bids) if q and b is not None}
            own = f"預言 {st.bids[0]}" if st.bids[0] is not None else None
            assert not (hidden_texts - {own}) & set(rendered)
    assert checked > 0 and revealed > 0


# ---------------------------------------------------------------- forehead view
def test_forehead_view_shows_the_others_cards_and_a_back_for_ones_own(app, monkeypatch):
    drawn: list[str] = []
    real_face = cardart.face
    monkeypatch.setattr(cardart, "face", lambda g, c, s: (drawn.append(c), real_face(g, c, s))[1])
    monkeypatch.setattr(TableScene, "CACHE_LAYERS", False)
    table = open_wizard_sample(app, "wizard_forehead")
    st = match_of(table).state
    assert st.forehead_round and table.viewer == 0
    frames(app, 2)
    assert table.zones["hand:0"] == [None]  # the own card is a back
    for q in (1, 2, 3):
        assert table.zones[f"hand:{q}"] == st.hands[q]  # the others' cards face up
        assert st.hands[q][0] in drawn
    own = st.hands[0][0]
    others = {c for q in (1, 2, 3) for c in st.hands[q]} | {st.trump_card}
    if own not in others:
        assert own not in drawn
    n = len(match_of(table).history)
    key(app, pygame.K_0)  # digit keys bid directly
    assert len(match_of(table).history) == n + 1
    assert match_of(table).history[-1].kind == "bid" and match_of(table).history[-1].value == 0


# ---------------------------------------------------------------- input
def _bid_state(seed_from: int) -> Match:
    """A +-1 game where the human (seat 0) bids last and one value is forbidden."""
    seats = [Seat(kind="human", name="甲")] + [Seat(kind="ai", name=n, agent="easy")
                                              for n in "乙丙"]
    for seed in range(seed_from, seed_from + 300):
        match = _match(seats, seed, {"plus_minus_one": True})
        st = match.state
        rng = __import__("random").Random(seed)
        while not st.is_terminal() and st.round_no < 6:
            if st.current_player() == 0 and st.phase == "bid" and st.forbidden_bid() is not None:
                return match
            legal = st.legal_actions()
            match.submit(legal[rng.randrange(len(legal))])
    raise AssertionError("no state found")


def test_bid_panel_disables_the_value_plus_minus_one_forbids(app):
    """WIZ-V1 +-1: the forbidden number is drawn disabled, is not clickable and its digit key
    does nothing; every offered number is a legal bid."""
    match = _bid_state(1)
    table = app.push(table_for(app, cls=WizardTableScene, match=match, autosave=False))
    table.director.clear()
    table.snap()
    frames(app, 2)
    st = match.state
    banned = st.forbidden_bid()
    hits = table.current_hits()
    assert {a for h in hits for a in h.actions} == set(st.legal_actions())
    assert f"bid:{banned}" not in {h.key for h in hits}
    rect = table.bid_rects(st.cards + 1)[banned]
    n = len(match.history)
    click(app, rect.center)
    if banned <= 9:
        key(app, pygame.K_0 + banned)
    assert len(match.history) == n
    ok = next(h for h in hits if h.key.startswith("bid:"))
    click(app, ok.rect.center)
    assert len(match.history) == n + 1 and match.history[-1].kind == "bid"


def test_dealer_chooses_trump_by_clicking_a_suit(app):
    """WIZ-TR1: a turned-up Wizard; the human dealer clicks a suit; it becomes trump."""
    table = open_wizard_sample(app, "wizard_trump")
    st = match_of(table).state
    assert st.phase == "trump" and st.trump_card == "Z"
    frames(app, 2)
    hits = table.current_hits()
    assert sorted(h.key for h in hits) == ["trump:b", "trump:g", "trump:r", "trump:y"]
    blue = next(h for h in hits if h.key == "trump:b")
    click(app, blue.rect.center)
    assert st.trump == "b" and st.phase == "bid"


def test_play_hits_are_exactly_the_legal_plays_and_a_trick_is_swept(app):
    table = open_wizard_sample(app, "wizard_trick")
    frames(app, 2)
    st = match_of(table).state
    hits = table.current_hits()
    assert {a for h in hits for a in h.actions} == set(st.legal_actions())
    click(app, hits[0].rect.center)
    app.speed_factor = 4
    swept = False
    for _ in range(900):
        app.step(1 / 60)
        if table.disp.get("winner") is not None:
            swept = True
        if app.future_pending():
            import time
            time.sleep(0.001)
        if swept and not table.director.busy:
            break
    assert swept, "the finished trick was not held and swept to its winner"
    assert not any(table.zones.get(f"trick:{q}") for q in range(4)) or st.trick


def test_pad_button_opens_the_score_pad_read_only(app):
    """WIZ-SB1 in a game: the table's button opens the pad built from the viewer's view."""
    table = open_wizard_sample(app, "wizard_hidden")
    frames(app, 2)
    click(app, PAD_BUTTON.center)
    top = app.stack.top
    assert isinstance(top, ScorePadScene) and not top.editable
    st = match_of(table).state
    assert len(top.pad.table()) >= len(st.history)
    current = top.pad.rounds[-1]
    assert current.tricks is None and current.bids[1:] == [None] * 3  # secret bids stay hidden
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def test_generic_setup_takes_wizard_options_and_three_to_six_players(app):
    """The setup screen builds Wizard's options from its model, offers 3-6 players, refuses
    single colour with 5-6 players with a message (WIZ-V1), and starts a valid game."""
    from cardtable.ui.scenes.setup import SetupScene
    setup = app.push(SetupScene(app, "wizard"))
    players = setup.menu.widgets[0]
    assert players.options == [3, 4, 5, 6]
    assert set(setup.options) == {"bid_order", "plus_minus_one", "hidden_bids", "secret_bids",
                                  "forehead", "single_colour", "colours"}
    setup.set_n(6)
    setup.options["single_colour"] = True
    setup.start()
    assert app.stack.top is setup and setup.error == "單色玩法只能 3 或 4 人玩。"
    frames(app, 1)
    setup.set_n(3)
    setup.options["hidden_bids"] = True
    setup.start()
    table = app.stack.top
    assert isinstance(table, WizardTableScene)
    assert match_of(table).options.single_colour and match_of(table).num_players == 3
    # nobody chose a suit (WIZ-V1): each seat takes the next one left, all different
    assert match_of(table).options.colours == ("r", "b", "g")
    frames(app, 5)


# ---------------------------------------------------------------- play-test fixes (QA round 2)
def test_forehead_hint_clear_of_the_hand_even_when_the_card_is_raised(app, monkeypatch):
    """WIZ-V1 forehead round, on the human's turn to play: the hint line is drawn where no hand
    card reaches, raised (hovered, 18 px up, with its highlight) or not."""
    from cardtable.i18n import tr
    from cardtable.samples.wizard import find as _find
    monkeypatch.setattr(TableScene, "CACHE_LAYERS", False)
    match = _find(5, {"forehead": True, "secret_bids": True},
                  lambda s: s.round_no == 1 and s.phase == "play", players=3)
    table = app.push(table_for(app, cls=WizardTableScene, match=match, autosave=False))
    table.director.clear()
    table.snap()
    frames(app, 2)
    hint = tr("ui.wizard.forehead_own")
    drawn: list[pygame.Rect] = []
    real_blit = app.text.blit

    def blit(target, s, *args, **kw):
        rect = real_blit(target, s, *args, **kw)
        if s == hint:
            drawn.append(rect)
        return rect
    monkeypatch.setattr(app.text, "blit", blit)
    hits = table.current_hits()
    assert [h.key for h in hits] == ["hand:0"]  # the slot (its face is unseen)
    table.mouse = hits[0].rect.center  # the card is raised
    frames(app, 2)
    assert drawn
    hand = table.hand_rects(len(table.zones["hand:0"]))
    cards = [r.inflate(6, 6) for r in hand] + [r.move(0, -18).inflate(6, 6) for r in hand]
    assert not any(d.colliderect(c) for d in drawn for c in cards)
    assert all(d.right <= 962 for d in drawn)  # inside the felt


@pytest.mark.parametrize("bid_order", ["dealer", "left_of_dealer"])
def test_turn_indicator_names_the_leader_as_soon_as_the_last_bid_is_in(app, bid_order):
    """WIZ-B1 with hidden bids: once the last bid is placed, the turn marker and status name the
    first bidder (who leads) straight away, not the last bidder until the reveal is shown."""
    seats = [Seat(kind="human", name=f"玩家 {i + 1}") for i in range(3)]
    match = _match(seats, 2, {"hidden_bids": True, "bid_order": bid_order})
    st = match.state
    while sum(b is not None for b in st.bids) < 2:
        match.submit(st.legal_actions()[0])
    table = app.push(table_for(app, cls=WizardTableScene, match=match, autosave=False))
    table.director.clear()
    table.snap()
    last = st.current_player()
    assert table.disp["current"] == last
    play(table, st.legal_actions()[0])  # the last person's bid (hot-seat, past the curtain)
    assert st.phase == "play" and st.current_player() == st.bid_start
    expected = (st.dealer + (bid_order == "left_of_dealer")) % 3
    assert st.bid_start == expected != last
    for _ in range(3):  # the bid, the reveal and the phase change are still animating
        app.step(1 / 60)
        assert table.director.busy
        assert table.disp["current"] == expected


@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
def test_log_lines_for_revealed_bids_and_the_shuffle_read_clearly(app, locale):
    """The reveal line keeps names that end in a digit apart from the bids (no stray space);
    the shuffle line fits the round (round 1 has nothing to collect) and the single-colour
    decks."""
    from cardtable import i18n
    from cardtable.core.events import Event
    i18n.set_locale(locale)
    seats = [Seat(kind="human", name=f"玩家 {i + 1}") for i in range(3)]
    table = app.push(table_for(app, cls=WizardTableScene, match=_match(seats, 2), autosave=False))
    line = table.describe(Event("bids_revealed", {"bids": [1, 1, 0]}))
    assert line is not None and "。 " not in line and "1 1" not in line
    assert "玩家 1：1 墩" in line and "玩家 3：0 墩" in line
    said = [table.describe(Event("cards_collected", {"zone": z, "round": r, "count": 15}))
            for z in ("deck", "deck:0") for r in (1, 2)]
    assert all(said) and len(set(said)) == 4
    assert "收回" not in said[0] and "收回" in said[1]
    assert table.describe(Event("cards_collected", {"zone": "deck:1", "round": 2,
                                                    "count": 15})) is None


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_trick_cards_never_cover_a_plate(app, players):
    """QA3 item 9: the trick cards, at rest (the winner's outline included) and while a won
    trick is swept to its winner, never cover any plate (its name, hand, points or bid)."""
    from cardtable.core.events import Event
    seats = [Seat(kind="human", name="甲")] + [
        Seat(kind="ai", name=f"AI{i}", agent="random") for i in range(1, players)]
    table = table_for(app, cls=WizardTableScene, match=_match(seats, 1), autosave=False)
    plates = [table.seat_rect(s) for s in range(players)]
    for q in range(players):
        assert table.trick_rect(q).inflate(8, 8).collidelist(plates) == -1, q
    for w in range(players):
        for q in range(players):
            table.zones[f"trick:{q}"] = [None]
        director = table.director
        director.flights.clear()
        director.tweens.clear()
        table._sweep(Event("trick_won", {"winner": w, "cards": [(q, None) for q in
                                                                range(players)]}), director)
        seen = 0
        for _ in range(200):
            for tw in list(director.tweens):
                tw.update(0.01)
            for fl in director.flights:
                seen += 1
                hit = fl.rect().collidelist(plates)
                assert hit == -1, (players, w, fl.src, fl.t, fl.rect(), plates[hit])
        assert seen, "the sweep flew no card"


# ---------------------------------------------------------------- bids of two digits (item 6)
def _big_bid_table(app, min_cards: int = 15):
    """A 3-player +-1 round of `min_cards`+ cards, the human bidding last (one value banned)."""
    from cardtable.samples.wizard import find as _find
    match = _find(3, {"plus_minus_one": True}, lambda s: s.round_no >= min_cards
                  and s.phase == "bid" and sum(b is not None for b in s.bids)
                  == s.num_players - 1, players=3)
    table = app.push(table_for(app, cls=WizardTableScene, match=match, autosave=False))
    table.director.clear()
    table.snap()
    frames(app, 2)
    return match, table


def test_two_digit_bid_by_keyboard_waits_for_the_second_digit(app):
    """WIZ-V1 (+-1 on) play test item 6: with 10+ cards, 1 then 5 bids 15; the pending 1 is
    drawn in the dialog (the layer is repainted), Backspace and Esc clear it, Enter commits
    what is typed, a digit that cannot start a two-digit bid commits at once."""
    match, table = _big_bid_table(app)
    st = match.state
    cards = st.cards
    assert cards >= 15 and 15 not in (st.forbidden_bid(),)
    n = len(match.history)
    before = table._layer_sig
    key(app, pygame.K_1)
    frames(app, 1)
    assert len(match.history) == n and table.typed_bid == "1"
    assert table._layer_sig != before  # the dialog shows the pending digit
    key(app, pygame.K_BACKSPACE)
    assert table.typed_bid == "" and len(match.history) == n
    key(app, pygame.K_1)
    key(app, pygame.K_ESCAPE)
    assert table.typed_bid == "" and len(match.history) == n and app.stack.top is table
    key(app, pygame.K_1)
    key(app, pygame.K_5)
    assert len(match.history) == n + 1
    assert match.history[-1].kind == "bid" and match.history[-1].value == 15


def test_single_digit_bids_by_keyboard_in_a_big_round(app):
    """Play test item 6: 9 (9 * 10 > cards) commits at once; 1 + Enter bids 1 (or, when +-1
    forbids 1, is refused with the dialog's message and nothing is played)."""
    match, table = _big_bid_table(app)
    banned = match.state.forbidden_bid()
    n = len(match.history)
    key(app, pygame.K_1)
    key(app, pygame.K_RETURN)
    if banned == 1:
        assert len(match.history) == n and table.bid_refusal()
        key(app, pygame.K_9)
        assert match.history[-1].value == 9
    else:
        assert len(match.history) == n + 1 and match.history[-1].value == 1


def test_forbidden_bid_typed_or_clicked_is_refused_with_a_message(app):
    """WIZ-V1 +-1, play test item 6: the banned value typed (one or two digits) or clicked
    plays nothing and says why in the bid dialog."""
    match, table = _big_bid_table(app)
    cards = match.state.cards
    banned = match.state.forbidden_bid()
    assert banned is not None
    n = len(match.history)
    for ch in str(banned):
        key(app, pygame.K_0 + int(ch))
    if banned < 10 and banned * 10 <= cards and banned > 0:
        key(app, pygame.K_RETURN)
    assert len(match.history) == n
    assert str(banned) in table.bid_refusal()
    table._bid_refusal = ("", 0.0)
    click(app, table.bid_rects(cards + 1)[banned].center)
    assert len(match.history) == n and str(banned) in table.bid_refusal()
