"""The 8½ table headless: an AI demo match to the results screen, hot-seat privacy (no hidden
face drawn, the viewer's own blind cards included), and input that only ever produces legal
actions: several equal cards picked together, the 8 + ½ combo, the catch, table cards, the swap.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pygame
import pytest

from cardtable.core.actions import Action
from cardtable.core.events import CARD_MOVED
from cardtable.core.match import Match, Seat
from cardtable.core.rng import GameRng
from cardtable.games import get_spec
from cardtable.samples.eight_half import sample_match
from cardtable.ui import cardart
from cardtable.ui.autoplay import Player, click, frames, key
from cardtable.ui.scenes.curtain import CurtainScene
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.tables import playable, table_class
from cardtable.ui.tables.eight_half_table import (
    PILE_SHOWN,
    EightHalfResultsScene,
    EightHalfTableScene,
    value_text,
)
from cardtable.ui.tables.table_scene import TableScene
from tests.hosting import leak_every_hand, match_of, table_for
from tests.ui.layer_checks import check_against_full_redraws, parts_painting_outside

SPEC = get_spec("eight_half")


def offered(table: TableScene) -> set[Action]:
    return {a for h in table.current_hits() for a in h.actions}


def test_registered_and_setup_offers_two_to_six_players(app):
    from cardtable.ui.scenes.setup import SetupScene
    assert playable("eight_half") and table_class("eight_half") is EightHalfTableScene
    setup = app.push(SetupScene(app, "eight_half"))
    frames(app, 2)
    players = setup.menu.widgets[0]
    assert players.options == [2, 3, 4, 5, 6]  # E8H-P1: 2-5, setup allows 6
    # every option of the model has a widget, and starting builds a legal match
    assert set(setup.options) == set(SPEC.options_model.model_fields)
    setup.options["winner_swap"] = False
    setup.set_n(6)
    setup.start()
    table = app.stack.top
    assert isinstance(table, EightHalfTableScene)
    assert match_of(table).num_players == 6 and match_of(table).options.winner_swap is False
    frames(app, 5)


def test_value_text_halves():
    assert value_text(15) == "7½" and value_text(17) == "8½" and value_text(1) == "½"
    assert value_text(18) == "9"


def test_demo_match_runs_to_the_results_screen(app):
    """A full AI demo match (2 players, 1 deal) through every animation to the results."""
    seats = [Seat(kind="ai", name="甲", agent="easy"), Seat(kind="ai", name="乙", agent="random")]
    match = Match(SPEC, 4, 2, {"deals": 1}, seats)
    table = app.push(table_for(app, cls=EightHalfTableScene, match=match, demo=True))
    app.speed_factor = 60
    n = 0
    for _ in range(20000):
        app.step(1 / 60)
        n += 1
        if isinstance(app.stack.top, ResultsScene) and app.stack.top.final:
            break
        if app.future_pending():
            import time
            time.sleep(0.0005)
    else:
        raise AssertionError("the demo did not reach the results screen")
    assert match.state.is_terminal() and table._finished_shown
    assert isinstance(app.stack.top, EightHalfResultsScene)
    assert table.zones == table.zones_from_view(match.state.view(table.eff_viewer))
    frames(app, 3)  # the results draw over the table
    assert n > 50


# ---------------------------------------------------------------- privacy
def visible_faces(match: Match, viewer: int | None) -> Counter[str]:
    """The faces the table may draw at once for `viewer`: the pile's top, every open card and
    the viewer's own hand. Never a blind card (not even the viewer's own), never a bank."""
    v = match.state.view(viewer)
    out: Counter[str] = Counter(v.pile[-PILE_SHOWN:])
    for opens in v.open_cards:
        out.update(c for c in opens if c is not None)
    if v.hand:
        out.update(v.hand)
    return out


def named_faces(match: Match, viewer: int | None) -> set[str]:
    faces = set(visible_faces(match, viewer))
    for ev in match.events_for(viewer):
        if ev.kind == CARD_MOVED and "card" in ev.data:
            faces.add(ev.data["card"])
    return faces


def play_hotseat(app, monkeypatch, match: Match, leak: bool = False, max_frames: int = 9000
                 ) -> tuple[list[str], int, int]:
    drawn: list[str] = []
    real_face = cardart.face

    def spy(game, card, size):
        drawn.append(card)
        return real_face(game, card, size)
    monkeypatch.setattr(cardart, "face", spy)
    monkeypatch.setattr(TableScene, "CACHE_LAYERS", False)
    table = app.push(table_for(app, cls=EightHalfTableScene, match=match))
    if leak:  # a deliberately broken table: shows every hand and blind card
        leak_every_hand(table)
    app.speed_factor = 30
    player = Player(3)
    violations: list[str] = []
    curtains = idle_checks = 0
    for _ in range(max_frames):
        player.act(app)
        drawn.clear()
        app.step(1 / 60)
        top = app.stack.top
        if isinstance(top, CurtainScene):
            curtains += 1
            if drawn:
                violations.append(f"faces drawn under the curtain: {drawn}")
        elif table in app.stack.scenes and drawn:
            viewer = table.viewer
            extra = set(drawn) - set(visible_faces(match, viewer))
            if extra:  # flights may show cards the viewer's events named
                extra -= named_faces(match, viewer)
            if extra:
                violations.append(f"viewer {viewer} saw {sorted(extra)}")
            if not table.director.busy and not table.director.flights:
                idle_checks += 1
                over = Counter(drawn) - visible_faces(match, viewer)
                if over:
                    violations.append(f"viewer {viewer} drew more than it may see: {dict(over)}")
        if player.finished or (match.state.is_terminal() and not table.director.busy
                               and top is not table):
            break
        if app.future_pending():
            import time
            time.sleep(0.0005)
    return violations, curtains, idle_checks


def test_hotseat_never_draws_hidden_faces(app, monkeypatch):
    """Two humans and an AI, one deal: no blind card (E8H-S1: not even its owner may look),
    no bank card and no other hand is ever drawn face up; nothing under the curtain."""
    seats = [Seat(kind="human", name="甲"), Seat(kind="human", name="乙"),
             Seat(kind="ai", name="丙", agent="easy")]
    match = Match(SPEC, 5, 3, {"deals": 1}, seats)
    violations, curtains, idle = play_hotseat(app, monkeypatch, match)
    assert match.state.is_terminal(), "the hot-seat game did not finish"
    assert curtains > 0 and idle > 20
    assert violations == []
    assert any(e.kind == "blind_revealed" for e in match.events_for(None)), \
        "the game should have reached the blind cards"


def test_privacy_check_catches_a_leaking_table(app, monkeypatch):
    """The checker can fail: a table showing every hand and blind card is caught."""
    seats = [Seat(kind="human", name="甲"), Seat(kind="human", name="乙")]
    match = Match(SPEC, 5, 2, {"deals": 1}, seats)
    violations, _, _ = play_hotseat(app, monkeypatch, match, leak=True, max_frames=200)
    assert violations


# ---------------------------------------------------------------- input -> legal actions
def human_match_where(cond, players: int = 3, seeds: range = range(1, 400)) -> Match:
    """A match (seat 0 human, others random AI) played with random moves until `cond(state)`
    holds on the human's turn."""
    seats = [Seat(kind="human", name="甲")] + [Seat(kind="ai", name=f"AI{i}", agent="random")
                                               for i in range(1, players)]
    for seed in seeds:
        match = Match(SPEC, seed, players, {}, seats)
        rng = GameRng(seed)
        for _ in range(600):
            st = match.state
            if st.is_terminal():
                break
            legal = st.legal_actions()
            if st.current_player() == 0 and cond(st, legal):
                return match
            match.submit(legal[rng.randrange(len(legal))])
    raise AssertionError("no such state found")


def open_table(app, match: Match) -> EightHalfTableScene:
    table = app.push(table_for(app, cls=EightHalfTableScene, match=match, autosave=False))
    frames(app, 2)
    table.skip()
    frames(app, 1)
    assert table.human_turn()
    return table


def hit(table: TableScene, key_: str):
    return next(h for h in table.current_hits() if h.key == key_)


def hand_hits_for(table: EightHalfTableScene, face: str) -> list[str]:
    hand = table.sorted_hand(0)
    return [f"hand:{i}" for i, c in enumerate(hand) if c == face]


def test_hits_offer_exactly_the_legal_actions(app):
    match = human_match_where(lambda st, legal: len(legal) > 2)
    table = open_table(app, match)
    assert offered(table) == set(match.state.legal_actions())


def test_several_equal_cards_make_exactly_one_legal_play(app):
    """E8H-B1: pick two equal cards, press play: the submitted action is the legal 2-card play
    (the value does not add up)."""
    def two_of_a_kind(st, legal):
        return any(a.kind == "play" and len(a.cards) == 2 and a.cards[0] == a.cards[1]
                   for a in legal) and st.opening is None
    match = human_match_where(two_of_a_kind)
    table = open_table(app, match)
    legal = match.state.legal_actions()
    pair = next(a for a in legal if a.kind == "play" and len(a.cards) == 2
                and a.cards[0] == a.cards[1])
    face = pair.cards[0]
    before = match.state.view(None).value2
    keys = hand_hits_for(table, face)[:2]
    click(app, hit(table, keys[0]).rect.center)
    n = len(match.history)
    assert table.pick, "the first card is only picked"
    # a card that no legal play contains together with the pick is not offered
    for h in table.current_hits():
        if h.key.startswith("hand:") and h.key not in keys:
            other = table.sorted_hand(0)[int(h.key[5:])]
            assert any(Counter([face, other]) <= Counter(a.cards) for a in legal)
    click(app, hit(table, keys[1]).rect.center)
    assert len(match.history) == n, "two picked cards wait for the play button"
    btn = hit(table, "btn:play")
    assert btn.actions == [pair]
    click(app, btn.rect.center)
    assert match.history[-1] == pair
    after = match.action_events(len(match.history) - 1)
    value = next(e.data["value2"] for e in after if e.kind == "pile_value")
    if face.isdigit():
        assert value == 2 * int(face)  # two 3s are still 3
    elif face == "g":
        assert value == before


def test_eight_plus_half_combo_is_picked_as_a_group(app):
    """E8H-E1: an 8 and a ½ picked together offer exactly the legal combo."""
    def combo(st, legal):
        return any(a.kind == "play" and "8" in a.cards and "h" in a.cards for a in legal)
    match = human_match_where(combo)
    table = open_table(app, match)
    combo_act = next(a for a in match.state.legal_actions()
                     if a.kind == "play" and a.cards == ("8", "h"))
    click(app, hit(table, hand_hits_for(table, "8")[0]).rect.center)
    click(app, hit(table, hand_hits_for(table, "h")[0]).rect.center)
    btn = hit(table, "btn:play")
    assert btn.actions == [combo_act]
    key(app, pygame.K_ESCAPE)  # Esc drops the pick first
    assert table.pick == [] and app.stack.top is table


def test_catch_is_offered_as_a_highlighted_choice(app):
    """E8H-W1: with a wanted player, the catch button offers the legal catch; playing on
    without catching stays possible."""
    match, _ = sample_match("wanted", 1)
    table = open_table(app, match)
    btn = hit(table, "btn:catch")
    (act,) = btn.actions
    assert act.kind == "catch" and act in match.state.legal_actions()
    wanted = match.state.wanted
    click(app, btn.rect.center)
    assert match.history[-1] == act
    assert any(e.kind == "caught" and e.data["player"] == wanted
               for e in match.action_events(len(match.history) - 1))


def test_table_cards_are_played_by_clicking_them(app):
    """E8H-T1: on the table cards, the open cards are the hits, one a turn."""
    match, _ = sample_match("table_cards", 1)
    table = open_table(app, match)
    hits = table.current_hits()
    assert hits and all(h.key.startswith(("open:", "btn:", "pile")) for h in hits)
    assert offered(table) == set(match.state.legal_actions())
    h = next(h for h in hits if h.key.startswith("open:"))
    click(app, h.rect.center)
    if len(h.actions) == 1:
        assert match.history[-1] == h.actions[0]
    else:  # play or catch: a button each
        assert {k for k in ("btn:catch", "btn:play_no_catch")} <= {x.key for x in
                                                                   table.current_hits()}


def test_swap_by_clicking_own_then_their_open_card(app):
    """E8H-X1: the deal's winner swaps one open card with the biggest loser."""
    match, _ = sample_match("swap", 1)
    table = open_table(app, match)
    legal = match.state.legal_actions()
    assert offered(table) == {a for a in legal if a.kind != "swap"} | {
        a for h in table.current_hits() for a in h.actions if a.kind == "swap"}
    mine = next(h for h in table.current_hits() if h.key.startswith("swapmine:"))
    click(app, mine.rect.center)
    theirs = next(h for h in table.current_hits() if h.key.startswith("swaptheirs:"))
    (act,) = theirs.actions
    # hits are per slot: the own card chosen is the one in that slot
    slot = int(mine.key.partition(":")[2])
    assert act in legal and act.cards[0] == table.zones["open:0"][slot]
    click(app, theirs.rect.center)
    assert match.history[-1] == act


@pytest.mark.parametrize("name", ["eight_half_wanted", "eight_half_deal", "eight_half_results"])
def test_sample_scenes_open(app, name):
    from cardtable.ui.tables.eight_half_table import open_sample_scene
    scene: Any = open_sample_scene(app, name, 1)
    frames(app, 5)
    assert app.stack.top is scene


def test_last_deal_sample_is_the_breakdown_before_the_match_result(app):
    from cardtable.ui.tables.eight_half_table import EightHalfResultsScene, open_sample_scene
    scene: Any = open_sample_scene(app, "eight_half_last_deal", 1)
    frames(app, 5)
    assert isinstance(scene, EightHalfResultsScene) and not scene.final and scene.last_deal()
    assert match_of(scene).state.is_terminal()


@pytest.mark.slow
def test_hotseat_two_deals_with_swap_and_deal_results(app, monkeypatch):
    """Two humans, two deals: the deal results, the winner's swap (E8H-X1) and the final
    results are all reached by clicking, without a hidden face drawn."""
    seats = [Seat(kind="human", name="甲"), Seat(kind="human", name="乙")]
    match = Match(SPEC, 9, 2, {"deals": 2}, seats)
    violations, curtains, _ = play_hotseat(app, monkeypatch, match, max_frames=40000)
    assert match.state.is_terminal() and violations == [] and curtains > 0
    kinds = {e.kind for e in match.events_for(None)}
    assert "deal_scored" in kinds and ("swap" in kinds or "no_swap" in kinds)


# ---------------------------------------------------------------- the cached layer (issue 9)
def test_partial_repaints_equal_a_full_redraw_in_a_demo(app):
    """The table layer is repainted part by part (issue 9, frame time); every repaint of a 5-player
    demo with all hands shown is pixel for pixel what a full redraw paints."""
    seats = [Seat(kind="ai", name=f"AI{i}", agent="easy") for i in range(5)]
    table = app.push(table_for(app, cls=EightHalfTableScene, match=Match(SPEC, 4, 5, {}, seats), demo=True))
    table.toggle_show_all()
    app.speed_factor = 8
    repaints, partial, faults = check_against_full_redraws(app, table, 240)
    assert faults == []
    assert repaints > 40 and partial > repaints * 0.8
    assert parts_painting_outside(app, table) == []


def test_partial_repaints_equal_a_full_redraw_when_a_human_plays(app):
    """Hover, picked cards, buttons, catches: repaints still equal a full redraw."""
    seats = [Seat(kind="human", name="甲")] + [
        Seat(kind="ai", name=f"AI{i}", agent="easy") for i in range(1, 4)]
    table = app.push(table_for(app, cls=EightHalfTableScene, match=Match(SPEC, 7, 4, {}, seats), autosave=False))
    app.speed_factor = 8
    player = Player(7)
    rng = random.Random(7)

    def act(f: int) -> None:
        if f % 6 == 0:
            player.act(app)
        elif f % 6 == 3:
            pos = (rng.randrange(976), rng.randrange(720))
            app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                            buttons=(0, 0, 0)))
    repaints, partial, faults = check_against_full_redraws(app, table, 500, act)
    assert faults == []
    assert player.human_moves >= 5 and partial > repaints * 0.5


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_part_paints_inside_its_rect(app, size):
    """What a part paints lies in its rect (else a repaint of a neighbour would leave it stale),
    at density 1 and 1.5: a wanted player with a catch on offer, a picked card, the swap."""
    app.window = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.fit_window()
    match, _ = sample_match("wanted", 1)
    table = open_table(app, match)
    frames(app, 2)
    assert parts_painting_outside(app, table) == []
    hand = next(h for h in table.current_hits() if h.key.startswith("hand:"))
    table.pick = [int(hand.key.partition(":")[2])]  # a picked card, lifted and ringed
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=hand.rect.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    frames(app, 2)
    assert parts_painting_outside(app, table) == []
    match, _ = sample_match("swap", 1)
    table = open_table(app, match)
    mine = next(h for h in table.current_hits() if h.key.startswith("swapmine:"))
    click(app, mine.rect.center)
    frames(app, 2)
    assert parts_painting_outside(app, table) == []


# ---------------------------------------------------------------- plates and log lines
PLATE_PAIRS_ALLOWED = {frozenset(p) for p in (("hand", "hand_badge"), ("bank", "bank_badge"),
                                              ("aside", "aside_badge"))}


@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_opponent_plate_pieces_do_not_overlap(app, players, locale):
    """The points, name, hand (badge, label), bank and set-aside stacks (badges, captions) of
    every opponent's plate lie inside the plate and clear of each other, with wide counts
    (2-digit badges, many hand cards, a long name, 2-digit points)."""
    from cardtable import i18n
    i18n.set_locale(locale)
    seats = [Seat(kind="human", name="甲")] + [
        Seat(kind="ai", name="一個名字很長很長的電腦" if i == 1 else f"AI{i}", agent="random")
        for i in range(1, players)]
    match = Match(SPEC, 1, players, {}, seats)
    table = app.push(table_for(app, cls=EightHalfTableScene, match=match, autosave=False))
    frames(app, 2)
    table.skip()
    frames(app, 1)
    for hand, bank, aside, points in ((3, 15, 0, 0), (12, 30, 44, 12), (1, 0, 0, 3)):
        for seat in table.seat_order():
            table.zones[f"hand:{seat}"] = [None] * hand
            table.zones[f"bank:{seat}"] = [None] * bank
            table.zones[f"set_aside:{seat}"] = [None] * aside
        table.disp["points"] = [points] * players
        for seat in table.seat_order():
            box = table.seat_rect(seat)
            lay = table.plate_layout(seat)
            for piece, rect in lay.items():
                assert box.contains(rect), (players, seat, piece, rect, box)
            keys = sorted(lay)
            for i, a in enumerate(keys):
                for b in keys[i + 1:]:
                    if frozenset((a, b)) in PLATE_PAIRS_ALLOWED:
                        continue
                    assert not lay[a].colliderect(lay[b]), (players, hand, seat, a, b)
        frames(app, 1)


def played_line(table: EightHalfTableScene, events) -> list[str]:
    return [line for e in events if (line := table.describe(e))]


def test_log_names_the_cards_of_a_two_card_play(app):
    """E8H-B1: a play of two equal cards is logged with both cards named (not just 「出牌」)."""
    def two_of_a_kind(st, legal):
        return any(a.kind == "play" and len(a.cards) == 2 and a.cards[0] == a.cards[1]
                   for a in legal)
    match = human_match_where(two_of_a_kind)
    table = open_table(app, match)
    pair = next(a for a in match.state.legal_actions()
                if a.kind == "play" and len(a.cards) == 2 and a.cards[0] == a.cards[1])
    events = match.submit(pair)
    ev = next(e for e in events if e.kind == "pile_value")
    assert ev.data["cards"] == list(pair.cards) and ev.data["src"] == "hand"
    name = cardart.card_label("eight_half", pair.cards[0])
    lines = played_line(table, events)
    assert f"甲 出 {name}、{name}，牌堆變成" in "\n".join(lines), lines


def test_log_names_a_catch_as_a_catch(app):
    """E8H-W1: a catch is logged with the catching card and the wanted player."""
    match = human_match_where(lambda st, legal: any(a.kind == "catch" for a in legal))
    table = open_table(app, match)
    act = next(a for a in match.state.legal_actions() if a.kind == "catch")
    target = table.name_of(match.state.wanted)
    events = match.submit(act)
    text = "\n".join(played_line(table, events))
    names = "、".join(cardart.card_label("eight_half", c) for c in act.cards)
    assert f"甲 出 {names}，抓到了通緝犯 {target}" in text, text
    assert "牌堆變成" not in text


def test_log_names_a_blind_card_only_once_turned(app):
    """E8H-T1: a blind card is logged as a blind card, named in the line that turns it (its
    face is known to nobody before), and in one line only."""
    match = human_match_where(lambda st, legal: any(a.kind == "play_blind" for a in legal))
    table = open_table(app, match)
    act = next(a for a in match.state.legal_actions() if a.kind == "play_blind")
    face = match.state.blind[0][act.value]
    events = match.submit(act)
    lines = played_line(table, events)
    text = "\n".join(lines)
    assert "暗牌" in text and cardart.card_label("eight_half", face) in text, text
    # one line for the turned card (play, catch, or the illegal card), not two
    assert sum("暗牌" in line for line in lines) == 1, lines


def _blind_fails(st, legal) -> bool:
    """A blind card of seat 0 would be illegal (E8H-T1: taken with the pile)."""
    for a in legal:
        if a.kind == "play_blind" and len(st.pile) >= 2:
            events = st.clone().apply(a)
            if any(e.kind == "pile_taken" and e.data["reason"] == "blind_illegal"
                   for e in events):
                return True
    return False


def _failing_blind(match: Match) -> Action:
    st = match.state
    return next(a for a in st.legal_actions() if a.kind == "play_blind"
                and any(e.kind == "pile_taken" and e.data["reason"] == "blind_illegal"
                        for e in st.clone().apply(a)))


def test_log_names_a_failed_blind_card_once(app):
    """E8H-T1 (QA3 item 1): an illegal blind card taken with the pile is one log line, not a
    「翻開暗牌：5，不能出」 line followed by the line saying it is taken with the pile."""
    match = human_match_where(_blind_fails)
    table = open_table(app, match)
    act = _failing_blind(match)
    face = cardart.card_label("eight_half", match.state.blind[0][act.value])
    lines = played_line(table, match.submit(act))
    about = [line for line in lines if face in line and "暗牌" in line]
    assert len(about) == 1 and "收下" in about[0], lines


def test_on_table_badge_follows_the_hand(app):
    """E8H-T1 (QA3 item 2): after a failed blind card the pile goes to the hand, which must be
    emptied before the table cards again: the seat is not 「出桌牌中」 until then."""
    match = human_match_where(_blind_fails)
    table = open_table(app, match)
    assert table.on_table(0) and match.state.on_table(0)
    table.submit(_failing_blind(match))
    table.skip()
    frames(app, 1)
    assert match.state.hand[0] and any(table.zones["hand:0"])
    assert match.state.reached[0]  # the table cards were reached: the badge is off anyway
    assert not table.on_table(0)
    for seat in range(match.num_players):
        assert table.on_table(seat) == match.state.on_table(seat) or \
            not any(c != "" for c in table.zones[f"blind:{seat}"] + table.zones[f"open:{seat}"])


def test_lifted_table_card_stays_clear_of_its_label(app):
    """QA3 item 3: a hovered (lifted) and highlighted table card never reaches the label
    「桌上的牌（明牌壓在暗牌上）」 above the bottom seat's table cards."""
    from cardtable.ui.tables.eight_half_table import SLOT_LIFT
    match, _ = sample_match("table_cards", 1)
    table = open_table(app, match)
    label = table.own_label_rect()
    for kind in ("blind", "open"):
        for s in range(3):
            r = table.slot_rect(0, kind, s).move(0, -SLOT_LIFT).inflate(6, 6)
            assert not r.colliderect(label), (kind, s, r, label)


def dealt_table(app, players: int, locale: str) -> EightHalfTableScene:
    """A new game (seat 0 human, random AIs, seed 1) in `locale`, its deal animated through."""
    from cardtable import i18n
    i18n.set_locale(locale)
    seats = [Seat(kind="human", name="甲")] + [
        Seat(kind="ai", name=f"AI{i}", agent="random") for i in range(1, players)]
    table = app.push(table_for(app, cls=EightHalfTableScene, match=Match(SPEC, 1, players, {}, seats),
                                         autosave=False))
    frames(app, 2)
    table.skip()
    frames(app, 1)
    return table


@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_wanted_stamp_covers_no_text(app, players, locale):
    """E8H-W1 play test item 14: the 通緝 stamp of a wanted opponent covers no piece of any
    plate (name, points, hand and its 「手牌」 label, stacks, badges, captions), nor the
    header, the value dial or the turn marker."""
    table = dealt_table(app, players, locale)
    for hand in (1, 3, 12):
        for seat in table.seat_order():
            table.zones[f"hand:{seat}"] = [None] * hand
        for wanted in table.seat_order():
            stamp = table.stamp_rect(wanted)
            assert stamp.collidelist(table.stamp_avoid(wanted)) < 0, (players, wanted)
            for seat in table.seat_order():
                for piece, rect in table.plate_layout(seat).items():
                    assert not stamp.colliderect(rect), (players, hand, wanted, seat, piece)


def test_deal_results_say_this_deals_winner_swaps(app):
    """E8H-X1 play test item 10: the swap line under a deal names THIS deal's winner (not
    "the next deal's winner") and the holder of the most cards."""
    match, deal = sample_match("deal", 1)
    assert deal["winner"] is not None and deal["biggest_losers"]
    table = app.push(table_for(app, cls=EightHalfTableScene, match=match, autosave=False))
    res = app.push(EightHalfResultsScene(app, table, final=False, deal=deal))
    note = res.swap_note()
    assert table.name_of(deal["winner"]) in note and "這一局的贏家" in note
    assert all(table.name_of(q) in note for q in deal["biggest_losers"])
    assert "下一局的贏家" not in note
    frames(app, 2)


def test_the_final_board_shows_no_prompt_for_a_next_play(app, monkeypatch):
    """After the last deal the board stays up (看牌桌), but nothing can be played any more: the
    value ring's badge of what may be played next (「出一樣大或更大的牌」) and the arrow to the
    table cards are gone. On the old table both stayed up."""
    import cardtable.ui.tables.eight_half_table as mod
    from cardtable.ui.tables.eight_half_table import open_sample_scene
    scene: Any = open_sample_scene(app, "eight_half_last_deal", 1)
    frames(app, 5)
    table = next(s for s in app.stack.scenes if isinstance(s, EightHalfTableScene))
    assert table.v.phase == "game_over"
    asked: list[str] = []
    real_tr = mod.tr

    def spy(key: str, **kw: Any) -> str:
        asked.append(key)
        return real_tr(key, **kw)

    monkeypatch.setattr(mod, "tr", spy)
    mod._VALUES.clear()
    table._layer_parts.reset()
    table._layer_sig = None
    app.stack.scenes.remove(scene)  # the board alone
    frames(app, 1)
    assert "ui.eight_half.value" in asked  # the ring was drawn
    assert not [k for k in asked if k.startswith("ui.eight_half.rule.")]
    assert "ui.eight_half.hand_empty_table" not in asked
