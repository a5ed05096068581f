"""Cirno's table on the table kit: its log, plates, show-all hands, tooltips and hot-seat
privacy (issues 16 and 17)."""

from __future__ import annotations

import pytest

from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.history.movelog import format_line, log_entries
from cardtable.ui.autoplay import frames
from tests.hosting import match_of, table_for


def _match(seed: int = 4, kinds: tuple[str, ...] = ("human", "ai", "ai"),
           options: dict | None = None) -> Match:
    names = ["阿明", "小華", "電腦3", "電腦4", "電腦5", "電腦6"]
    seats = [Seat(kind=k, name=names[i]) if k == "human" else
             Seat(kind="ai", name=names[i], agent="easy") for i, k in enumerate(kinds)]
    return Match(get_spec("cirno"), seed, len(kinds), options or {}, seats)


def _settled_table(app, match: Match):
    table = app.push(table_for(app, match=match, autosave=False))
    frames(app, 2)
    table.skip()
    frames(app, 2)
    return table


def test_round_one_log_names_the_first_player_once_and_collects_nothing(app):
    """Before anything was played the table log said 先出牌 twice (the opening announcement and
    the round's start) and 「收回所有算術卡」 although no card had been out yet."""
    match = _match()
    table = _settled_table(app, match)
    assert match.state.view(None).round_no == 1
    lines = table.log_lines
    assert sum(line.count("先出牌") for line in lines) == 1, lines
    assert not any("收回" in line for line in lines), lines
    # the move log says the same (one describer for both)
    names = table.seat_names()
    moves = [format_line(e.msg, "cirno", names) for e in log_entries(match, 0)]
    assert sum(line.count("先出牌") for line in moves) == 1, moves
    assert not any("收回" in line for line in moves), moves


def test_a_later_round_says_once_that_the_cards_were_collected(app):
    """From round 2 on the round's start says the cards went back (and who starts), once."""
    import random

    match = _match(seed=9, kinds=("ai", "ai", "ai"))
    rng = random.Random(9)
    while match.state.view(None).round_no < 2:
        match.submit(rng.choice(match.state.legal_actions()))
    table = app.push(table_for(app, match=match, autosave=False))
    start = max(i for i, line in enumerate(table.log_lines) if "第 2 局" in line)
    tail = table.log_lines[start - 3:]
    assert sum("收回" in line for line in tail) == 1, tail
    assert sum(line.count("先出牌") for line in tail) == 1, tail


# ---------------------------------------------------------------- one redraw strategy (PartLayer)
def test_cirno_repaints_part_by_part_and_equals_a_full_redraw(app):
    """Cirno's layer is a PartLayer: partial repaints happen, each equals a full redraw, and
    every part paints inside its rect (demo with every hand shown, 6 seats)."""
    from cardtable.ui.launch import start_demo
    from tests.ui.layer_checks import check_against_full_redraws, parts_painting_outside

    table = start_demo(app, "cirno", 6, 3, 8.0)
    table.toggle_show_all()
    repaints, partial, faults = check_against_full_redraws(app, table, 240)
    assert faults == []
    assert repaints > 20 and partial > repaints * 0.5
    assert parts_painting_outside(app, table) == []


def test_cirno_parts_paint_inside_their_rects_on_a_human_turn(app):
    from cardtable.ui.samples import open_sample
    from tests.ui.layer_checks import parts_painting_outside

    table = open_sample(app, "table")
    frames(app, 3)
    table.skip()
    assert parts_painting_outside(app, table) == []
    import pygame
    hit = table.current_hits()[0]
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=hit.rect.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    frames(app, 2)
    assert parts_painting_outside(app, table) == []


# ---------------------------------------------------------------- the shared animator's group flights
def test_a_new_round_sweeps_the_cards_back_as_one_staggered_group_flight(app, monkeypatch):
    """cards_collected: every card on the table flies back to the deck as one group flight
    (it used to vanish from hands and piles at once); the deck then holds every card."""
    from cardtable.games.cirno.cards import ARITHMETIC
    from cardtable.ui.anim import Director
    from cardtable.ui.launch import start_demo

    groups: list[tuple[int, float]] = []
    real = Director.fly_group

    def spy(self, cards, duration, stagger, *a, **kw):
        groups.append((len(cards), stagger))
        return real(self, cards, duration, stagger, *a, **kw)
    monkeypatch.setattr(Director, "fly_group", spy)
    table = start_demo(app, "cirno", 3, 2, 8.0)
    for _ in range(6000):
        app.step(1 / 60)
        if match_of(table).state.view(None).round_no >= 2 and groups:
            break
    assert groups, "no round was swept"
    n, stagger = groups[0]
    assert n >= 3 * 3 + 1 and stagger > 0  # three hands and at least the pile's card
    for _ in range(600):
        if not table.director.busy:
            break
        app.step(1 / 60)
    assert sum(len(c) for z, c in table.zones.items() if z == "deck" or z.startswith(
        ("hand:", "pile", "discard"))) == sum(ARITHMETIC.values())


# ---------------------------------------------------------------- tooltips
def _move_to(app, pos, seconds: float = 0.0) -> None:
    import pygame
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
    frames(app, max(1, round(seconds * 60)))


def _sample_turn(app):
    from cardtable.ui.samples import open_sample
    table = open_sample(app, "table")
    frames(app, 3)
    table.skip()
    frames(app, 2)
    assert table.human_turn()
    return table


def test_cirno_tooltip_shows_only_after_the_pointer_rested_on_the_card(app):
    table = _sample_turn(app)
    card = next(h for h in table.current_hits() if h.key.startswith("hand:"))
    _move_to(app, card.rect.center, 0.15)
    assert table.tip_rect is None, "a tooltip before the pointer rested"
    frames(app, 20)  # 0.15 + 0.33 s > 0.35 s
    assert table.tip_rect is not None
    assert table.tooltip_target()[0].startswith(card.key + ":")


def test_cirno_tooltip_names_exactly_the_card_under_the_pointer(app):
    """With an overlapping fan (a big hand) the tooltip is the card whose visible strip the
    pointer is on: the same card a click there plays."""
    table = _sample_turn(app)
    b = table.bottom_seat
    table.zones[f"hand:{b}"] = ["+1", "x2", "9", "+3", "/2", "PASS", "-3", "SHOT"]
    rects = table.hand_rects(8)
    assert rects[0].colliderect(rects[1]), "the sample fan must overlap"
    from cardtable.ui.tables.kit.fan import visible_strips
    for i, strip in enumerate(visible_strips(rects)):
        table.mouse = (strip.x + 2, strip.bottom - 4)  # a corner only this card shows
        key, _ = table.tooltip_target()
        assert key == f"hand:{i}:{table.zones[f'hand:{b}'][i]}"


def test_cirno_tooltip_never_covers_the_hand_the_total_or_the_prompt(app):
    """Every own card's tooltip (hand and companion cards) misses every hand card, the
    running total with its arrows and limit badge, and the prompt line; measured against
    rects taken from the layout, not from the table's own protected list."""
    import pygame

    from cardtable.ui.tables import cirno_table as ct
    table = _sample_turn(app)
    b = table.bottom_seat
    hand = table.zones[f"hand:{b}"]
    comps = table.zones[f"companions:{b}"]
    ring = pygame.Rect(0, 0, 2 * (ct.TOTAL_R + 30), 2 * (ct.TOTAL_R + 30))
    ring.center = ct.TOTAL_C
    text, _ = table._status_text(table.v, table.disp.get("current"))
    keep = [*(r.union(r.move(0, -18)) for r in table.hand_rects(len(hand))),
            *table.comp_rects(len(comps)), ring, table._status_rect(text)]
    targets = [h for h in table.current_hits() if h.key.startswith(("hand:", "comp:"))]
    assert len(targets) >= 3
    for h in targets:
        _move_to(app, h.rect.center, 0.5)
        tip = table.tip_rect
        assert tip is not None, h.key
        assert [r for r in keep if tip.colliderect(r)] == [], (h.key, tip)


def test_cirno_a_card_sliding_under_a_resting_pointer_shows_no_tooltip(app):
    table = _sample_turn(app)
    hit = next(h for h in table.current_hits() if h.key.startswith("hand:")
               and h.actions[0].target is None)
    _move_to(app, hit.rect.center, 0.5)
    assert table.tip_rect is not None
    table.submit(hit.actions[0])  # played with the keyboard: the pointer does not move
    for _ in range(600):
        frames(app, 1)
        if table.human_turn() and not table.director.busy:
            break
        assert table.tip_rect is None
    frames(app, 30)
    assert table.tip_rect is None, "the card that slid under the pointer got a tooltip"


# ---------------------------------------------------------------- plates and show-all hands
def test_every_plate_words_the_companion_cards_taken_alike(app):
    """Opponents' plates said 失分 N where the own plate says 同伴卡 N 張."""
    from cardtable.i18n import tr
    from cardtable.ui import gfx
    from tests.ui.text_spy import drawn_text

    table = _sample_turn(app)
    v = table.v
    surf = gfx.Surface((1280, 720))
    for seat in table.seat_order():
        with drawn_text(app) as drawn:
            table._seat(surf, seat, None)
        texts = [d.text for d in drawn]
        assert tr("ui.cirno.taken", n=v.taken[seat]) in texts, texts
        assert not any("失分" in x for x in texts), texts
    with drawn_text(app) as drawn:
        table._bottom(surf, None)
    assert tr("ui.cirno.taken", n=v.taken[table.bottom_seat]) in [d.text for d in drawn]


@pytest.mark.parametrize("players", range(2, 9))
def test_show_all_hands_are_readable_for_every_seat(app, players):
    """顯示所有手牌 drew each opponent's hand as 34 px cards overlapping to 6-16 px slivers
    under the plate's count text. Now every opponent's hand has a strip of its own: cards at
    least 40 px wide, at least 28 px of each visible, clear of every plate (its own text
    included), of the other strips, the running total, the piles and the own hand; flights to
    that hand land in the strip."""
    import pygame

    from cardtable.ui.launch import start_demo
    from cardtable.ui.tables import cirno_table as ct
    from tests.ui.text_spy import drawn_text

    table = start_demo(app, "cirno", players, 3, 1.0)
    table.toggle_pause()
    table.toggle_show_all()
    frames(app, 3)
    table.skip()
    frames(app, 2)
    strips = table.show_all_strips()
    opponents = table.seat_order()
    assert sorted(strips) == sorted(opponents)
    plates = [table.seat_rect(q) for q in opponents] + [ct.BOTTOM_PLATE]
    ring = pygame.Rect(0, 0, 2 * ct.TOTAL_R, 2 * ct.TOTAL_R)
    ring.center = ct.TOTAL_C
    piles_and_hand = pygame.Rect(ct.FELT.x, 279, ct.FELT.w, ct.FELT.bottom - 279)
    rects = [r for r, _ in strips.values()]
    for q, (strip, cards) in strips.items():
        assert ct.FELT.contains(strip)
        assert strip.collidelist(plates) < 0, (q, strip)
        assert not strip.colliderect(ring) and not strip.colliderect(piles_and_hand)
        assert [o for o in rects if o is not strip and o.colliderect(strip)] == []
        assert len(cards) == len(table.zones[f"hand:{q}"])
        assert all(c.w >= 40 and strip.contains(c) for c in cards)
        assert all(b.x - a.x >= 28 for a, b in zip(cards, cards[1:], strict=False))
        # a card flying to this hand lands in its strip
        assert strip.contains(table.zone_rect(f"hand:{q}")) or \
            table.zone_rect(f"hand:{q}").x > cards[-1].x
        # nothing the plate writes lies over the cards
        with drawn_text(app) as drawn:
            table._seat(pygame.Surface((1280, 720)), q, None)
        assert not any(d.rect.colliderect(c) for d in drawn for c in cards)
    # without show-all the plates keep their small fans (the table is as before)
    table.toggle_show_all()
    assert table.show_all_strips() == {}


# ---------------------------------------------------------------- hot-seat privacy (issue 16, 1)
def test_hotseat_second_humans_hand_is_hidden_as_soon_as_the_computer_is_to_play(app,
                                                                                 monkeypatch):
    """阿明 and 小華 at one screen, 電腦3 the computer. After 小華 plays, the table says
    「輪到 電腦3」 — and 小華's hand must not stay face up until 阿明's curtain: from the frame
    after the play on, the table's viewer is nobody's, 小華's hand is backs in the zones, and no
    face of it is drawn while the computer's turn lasts."""
    import pygame

    from cardtable.ui import cardart
    from cardtable.ui.autoplay import key
    from cardtable.ui.scene import SceneStack
    from cardtable.ui.scenes.curtain import CurtainScene
    from cardtable.ui.tables.table_scene import TableScene

    monkeypatch.setattr(TableScene, "CACHE_LAYERS", False)  # every frame draws everything
    monkeypatch.setattr(SceneStack, "CACHE_BELOW", False)
    drawn: list[str] = []
    real_face = cardart.face
    monkeypatch.setattr(cardart, "face", lambda g, c, s: drawn.append(c) or real_face(g, c, s))
    match = _match(seed=11, kinds=("human", "human", "ai"))
    table = app.push(table_for(app, match=match, autosave=False))
    app.speed_factor = 4

    def hands_over_to_the_computer(action) -> bool:
        st = match.state.clone()
        st.apply(action)
        return st.current_player() == 2

    checked = 0
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, CurtainScene):
            if top.t >= 0.25:
                key(app, pygame.K_SPACE)
        elif top is table and not table.director.busy and table.human_turn():
            p = match.state.current_player()
            legal = match.state.legal_actions()
            over = [a for a in legal if hands_over_to_the_computer(a)]
            if p == 1 and table.viewer == 1 and over:
                hand = list(match.state.view(1).hand)
                table.submit(over[0])
                left = list(match.state.view(1).hand)  # 小華's private cards now
                for f in range(120):  # two seconds of the computer's turn
                    drawn.clear()
                    app.step(1 / 60)
                    if match.state.current_player() != 2:
                        break
                    assert table.eff_viewer != 1, f"frame {f}: still 小華's view"
                    assert all(c is None for c in table.zones["hand:1"]), table.zones["hand:1"]
                    public = set(match.state.view(None).pile) | set(
                        match.state.view(None).discard) | {over[0].card}
                    shown = [c for c in drawn if c in left and c not in public]
                    assert shown == [], (f, hand, shown)
                    checked += 1
                if checked >= 30:
                    return
            else:
                table.submit(legal[0])
        elif top is not table and not isinstance(top, CurtainScene):
            key(app, pygame.K_RETURN)  # a round's results: go on
        app.step(1 / 60)
        if match.state.is_terminal():
            break
    raise AssertionError(f"the scenario never came up ({checked} frames checked)")
