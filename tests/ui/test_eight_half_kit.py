"""8½ on the table kit (issues 16 and 17): every card parameter of a log line translated, one
sentence per happening, tooltips that keep the pile, value and badges in sight, the last
deal's breakdown before the match result, values inside their ring, one stamp, readable
show-all hands and a prompt that says what to do after picking an 8."""

from __future__ import annotations

import re

import pytest

from cardtable.core.actions import Action
from cardtable.core.match import Match, Seat
from cardtable.core.rng import GameRng
from cardtable.games import get_spec
from cardtable.ui.autoplay import frames
from cardtable.ui.tables.eight_half_table import EightHalfTableScene
from tests.hosting import as_if_sent, match_of, table_for

SPEC = get_spec("eight_half")
# seat names without Latin letters: any letter left in a line is a raw id or a key
NAMES = ("阿明", "電腦一", "電腦二", "電腦三", "電腦四", "電腦五")


def _swap_match(gave: str) -> Match:
    """A match in the winner's swap phase (E8H-X1) whose winner holds open card `gave`."""
    seats = [Seat(kind="human", name=NAMES[0])] + [
        Seat(kind="ai", name=NAMES[i], agent="random") for i in range(1, 3)]
    for seed in range(1, 300):
        match = Match(SPEC, seed, 3, {"winner_swap": True}, seats)
        rng = GameRng(seed)
        for _ in range(3000):
            st = match.state
            if st.is_terminal():
                break
            if st.phase == "swap":
                p = st.current_player()
                if gave not in st.open[p]:
                    # put `gave` among the winner's open cards (the others keep theirs)
                    st.open[p][0] = gave
                if any(a.kind == "swap" and a.cards[0] == gave for a in st.legal_actions()):
                    return match
                break
            legal = st.legal_actions()
            match.submit(legal[rng.randrange(len(legal))])
    raise AssertionError("no swap phase found")


@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
@pytest.mark.parametrize("gave", ["g", "h"])
def test_swap_line_names_the_given_card(app, locale, gave):
    """Issue 16 problem 3: 「電腦 2 用明牌 g 換走了 阿明 的明牌 9」 — the card given in a swap
    was printed as its raw id; every card parameter is translated, and the swap is one line."""
    from cardtable import i18n
    i18n.set_locale(locale)
    match = _swap_match(gave)
    table = app.push(table_for(app, cls=EightHalfTableScene, match=match, autosave=False))
    frames(app, 1)
    st = match.state
    act = next(a for a in st.legal_actions() if a.kind == "swap" and a.cards[0] == gave)
    lines = [line for e in match.submit(act) if (line := table.describe(e))]
    about = [line for line in lines if table.name_of(act.target) in line]
    assert len(about) == 1, lines
    name = i18n.tr(f"eight_half.card.{gave}")
    assert name in about[0] and not re.search(r"[A-Za-z{}⟦]", about[0]), about[0]


def _random_match(seed: int, players: int, options: dict) -> Match:
    seats = [Seat(kind="ai", name=NAMES[i], agent="random") for i in range(players)]
    match = Match(SPEC, seed, players, options, seats)
    rng = GameRng(seed)
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        match.submit(legal[rng.randrange(len(legal))])
    return match


@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
def test_every_line_of_random_games_is_words_only(locale):
    """Every event of random games, rendered by the one describer for every viewer (the table
    log, move log and replays use it): no raw card id, no {placeholder}, no ⟦key⟧; and the
    announcements that repeat an event are worded once."""
    from cardtable import i18n
    from cardtable.history.describer import describer_for
    from cardtable.history.movelog import log_entries
    i18n.set_locale(locale)
    checked = 0
    for seed in range(24):
        players = 2 + seed % 5
        match = _random_match(seed, players, {"deals": 2, "winner_swap": bool(seed % 2)})
        names = list(NAMES[:players])
        describer = describer_for("eight_half")
        for viewer in (None, 0, -1):
            for entry in log_entries(match, viewer, compact=False):
                text = describer.render(entry.msg, names)
                assert not re.search(r"[A-Za-z{}⟦⟧]", text), (entry, text)
                checked += 1
        for i, action in enumerate(match.history):
            text = describer.render(describer.action(action, match.actors[i]), names)
            assert not re.search(r"[A-Za-z{}⟦⟧]", text), (action, text)
        # one line per catch / swap / reached table cards (the rules announce them too)
        keys = [e.msg.key for e in log_entries(match, None, compact=False)]
        for kind in ("caught", "swap", "table_cards_reached"):
            events = sum(e.kind == kind for e in match.log)
            said = sum(k.startswith(f"log.eight_half.{kind}") for k in keys)
            assert said == events, (kind, events, said)
    assert checked > 5000


def test_undo_label_names_the_cards(app):
    """Undo labels come from the same describer (`describer.action`)."""
    from cardtable.history.describer import describer_for
    d = describer_for("eight_half")
    text = d.render(d.action(Action("play", cards=("g", "g")), 0), ["阿明"])
    assert text == "阿明 出鬼牌、鬼牌", text


def test_two_equal_open_cards_are_each_reachable(app):
    """Issue 16 item 4 on 8½: two equal open cards are two hits (slot keys), each highlighted
    and reachable by → (the second one had no hit: it could be neither clicked nor focused)."""
    from tests.ui.test_eight_half_table import human_match_where, open_table

    def on_opens(st, legal):
        return any(a.kind == "play_open" for a in legal) and sum(
            c is not None for c in st.open[0]) >= 2
    match = human_match_where(on_opens)
    st = match.state
    face = next(a.card for a in st.legal_actions() if a.kind == "play_open")
    slots = [s for s, c in enumerate(st.open[0]) if c is not None]
    for s in slots:  # the same face in every open slot still held
        st.open[0][s] = face
    table = open_table(app, match)
    hits = [h for h in table.current_hits() if h.key.startswith("open:")]
    assert len(hits) == len(slots) >= 2
    assert len({h.key for h in hits}) == len(hits)
    assert [h.rect for h in hits] == [table.slot_rect(0, "open", s) for s in slots]


def test_card_moves_use_the_shared_animator_and_sweeps_a_group_flight(app, monkeypatch):
    """Issue 16 problem 5: 8½ forked the shared card-move animation (`_card_moved`); it now
    only says where, how the zones change and the pace. A taken pile sweeps as one group
    flight with a stagger (`Director.fly_group`), not with per-card delays of its own."""
    from cardtable.ui.anim import Director
    from cardtable.ui.tables.table_scene import TableScene
    from tests.ui.test_eight_half_table import human_match_where, open_table
    assert EightHalfTableScene._card_moved is TableScene._card_moved
    groups: list[int] = []
    real = Director.fly_group

    def spy(self, cards, duration, stagger, **kw):
        groups.append(len(cards))
        return real(self, cards, duration, stagger, **kw)
    monkeypatch.setattr(Director, "fly_group", spy)
    match = human_match_where(lambda st, legal: any(a.kind == "take" for a in legal)
                              and len(st.pile) >= 2)
    table = open_table(app, match)
    n = len(match.state.pile)
    table.submit(next(a for a in match.state.legal_actions() if a.kind == "take"))
    frames(app, 3)
    assert groups and groups[0] == min(8, n), groups
    table.skip()
    frames(app, 1)
    assert table.zones == table.zones_from_view(table.view())


# ---------------------------------------------------------------- issue 17
def _move(app, pos) -> None:
    import pygame
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))


def _value_pieces_on_screen() -> list:
    """The pile, the value ring, the restriction badge and the 通緝犯 badge, from the table's
    constants (the ring is drawn 40 px above VALUE_C, the badges below it)."""
    import pygame

    from cardtable.ui.tables import eight_half_table as eh
    pile = eh._rect_at(eh.PILE_C, eh.TABLE_CARD)
    ring = pygame.Rect(0, 0, 2 * eh.VALUE_R + 12, 2 * eh.VALUE_R + 12)
    ring.center = (eh.VALUE_C[0], eh.VALUE_C[1] - 40)
    badges = pygame.Rect(0, 0, 2 * eh.VALUE_R + 40, 64)
    badges.midtop = (eh.VALUE_C[0], ring.bottom - 12)
    return [pile, ring, badges]


def test_card_tooltip_waits_for_rest_and_keeps_pile_value_and_badges_uncovered(app):
    """Issue 17: a tooltip shows only after the pointer moved onto a card and rested there,
    and never covers the pile, the value, the 通緝犯 badge or the restriction badge."""
    from cardtable.samples.eight_half import sample_match
    from tests.ui.test_eight_half_table import open_table
    match, _ = sample_match("wanted", 1)
    table = open_table(app, match)
    assert table.disp.get("wanted") is not None  # the 通緝犯 badge is up
    hand = table.sorted_hand(0)
    rects = table.hand_rects(len(hand))
    placed = 0
    for i, r in enumerate(rects):
        _move(app, (r.x + 6, r.centery))
        frames(app, 1)
        assert table.tooltip_card() is None, "a tooltip before the pointer rested"
        frames(app, 30)
        got = table.tooltip_card()
        assert got is not None and got[0] == hand[i], (i, got)
        canvas = app.canvas
        table.draw(canvas)
        tip = table.tip_rect
        assert tip is not None
        for piece in _value_pieces_on_screen():
            assert not tip.colliderect(piece), (i, tip, piece)
        placed += 1
    # an open card of an opponent (top of the table): its tooltip too
    seat = table.seat_order()[0]
    s = next(s for s, f in enumerate(table.zones[f"open:{seat}"]) if f)
    r = table.slot_rect(seat, "open", s)
    _move(app, r.center)
    frames(app, 30)
    assert table.tooltip_card() is not None
    table.draw(app.canvas)
    for piece in _value_pieces_on_screen():
        assert not table.tip_rect.colliderect(piece), (table.tip_rect, piece)
    assert placed == len(rects) >= 2


def test_last_deal_breakdown_comes_before_the_match_result(app):
    """Issue 17: 8½ went straight from the last deal to the match result; the last deal's
    breakdown is shown first (its button leads on to the match result)."""
    from cardtable.ui.scenes.results import ResultsScene
    from cardtable.ui.tables.eight_half_table import EightHalfResultsScene
    seats = [Seat(kind="ai", name=NAMES[i], agent="random") for i in range(2)]
    match = Match(SPEC, 5, 2, {"deals": 1}, seats)
    rng = GameRng(5)
    while True:  # random moves until the next one ends the match
        legal = match.state.legal_actions()
        act = legal[rng.randrange(len(legal))]
        if match.state.clone().apply(act) and match.state.clone().apply(act) is not None:
            probe = match.state.clone()
            probe.apply(act)
            if probe.is_terminal():
                break
        match.submit(act)
    table = app.push(table_for(app, cls=EightHalfTableScene, match=match, autosave=False))
    shown: list[ResultsScene] = []
    for _ in range(3000):
        frames(app, 1)
        top = app.stack.scenes[-1]
        if isinstance(top, ResultsScene) and (not shown or shown[-1] is not top):
            shown.append(top)
            if top.final:
                break
            top.back()
    assert match_of(table).state.is_terminal()
    assert [type(s) for s in shown] == [EightHalfResultsScene, EightHalfResultsScene], shown
    first, last = shown
    assert not first.final and first.deal is not None and first.deal["deal"] == 1
    assert first.last_deal() and last.final


def test_every_value_fits_inside_its_ring(app, monkeypatch):
    """Issue 17: 10½ ran over the value ring; every value, pulsing or not, fits inside it."""
    from cardtable.ui.tables import eight_half_table as eh
    from tests.ui.test_eight_half_table import dealt_table
    table = dealt_table(app, 3, "zh-TW")
    t = app.text
    digits: list[tuple[str, int]] = []
    blit, render = t.blit, t.render
    depth = [0]  # record the outermost call only (blit may render)

    def spy_blit(surf, s, pos, size, *a, **k):
        if not depth[0]:
            digits.append((s, size))
        depth[0] += 1
        try:
            return blit(surf, s, pos, size, *a, **k)
        finally:
            depth[0] -= 1

    def spy_render(s, size, *a, **k):
        if not depth[0]:
            digits.append((s, size))
        depth[0] += 1
        try:
            return render(s, size, *a, **k)
        finally:
            depth[0] -= 1
    size_of = t.size

    def spy_size(*a, **k):  # measuring is not drawing
        depth[0] += 1
        try:
            return size_of(*a, **k)
        finally:
            depth[0] -= 1
    monkeypatch.setattr(t, "blit", spy_blit)
    monkeypatch.setattr(t, "render", spy_render)
    monkeypatch.setattr(t, "size", spy_size)
    table.zones["pile"] = ["9"]
    for value2 in range(1, 31):
        for pulse in (0.0, 0.5, 1.0):
            digits.clear()
            table._make_value(value2, False, "", pulse, False)
            parts = [(s, size) for s, size in digits if s.isdigit() or s == "½"]
            width = sum(size_of(s, size, True)[0] for s, size in parts) - 4 * (len(parts) - 1)
            assert parts and width <= 2 * (eh.VALUE_R - 14), (value2, pulse, parts, width)


def test_one_wanted_stamp_while_it_lands(app):
    """Issue 17: the 通緝 stamp appeared twice on a plate while it landed (the landing one at
    the plate's centre over the one already drawn at rest); one stamp, landing where it
    rests."""
    from cardtable.core.events import Event
    from tests.ui.test_eight_half_table import dealt_table
    table = dealt_table(app, 3, "zh-TW")
    for seat in (table.seat_order()[0], table.bottom_seat):
        as_if_sent(table, wanted=seat)  # the truth the table reconciles with afterwards
        table.director.push([Event("wanted", {"player": seat, "value2": 15, "value": "7½"})])
        seen = 0
        for _ in range(40):
            frames(app, 1)
            stamps = table.stamps()
            assert len(stamps) == 1 and stamps[0][0] == seat, stamps
            assert stamps[0][1].center == table.stamp_center(seat)
            seen += table.stamp_landing()
        assert seen >= 10 and not table.stamp_landing()  # it landed and stays, once


def test_picking_an_eight_on_eight_and_a_half_asks_for_the_half(app):
    """Issue 17: after picking an 8 on an 8½ pile the prompt said 按「出牌」, but an 8 alone is
    no play there and no such button shows: the prompt says to add a ½."""
    from tests.games.eight_half.scenarios import build
    seats = [Seat(kind="human", name=NAMES[0]), Seat(kind="ai", name=NAMES[1], agent="random")]
    match = Match(SPEC, 1, 2, {}, seats)
    match.state = build(2, hands=[["8", "h", "3"], ["1", "2", "4"]], banks=[["5"], ["6"]],
                        pile=["7", "8", "h"], value2=17, wanted=1, current=0)
    table = app.push(table_for(app, cls=EightHalfTableScene, match=match, autosave=False))
    frames(app, 2)
    table.skip()
    frames(app, 1)
    assert table.human_turn()
    eight = next(h for h in table.current_hits()
                 if h.key.startswith("hand:") and table.sorted_hand(0)[int(h.key[5:])] == "8")
    table.choose(eight)
    assert table.pick and not table.exact_actions()
    keys = {h.key for h in table.current_hits()}
    assert not keys & {"btn:play", "btn:play_no_catch", "btn:catch"}, keys
    prompt = table._prompt(table.v)
    assert "½" in prompt and "「出牌」" not in prompt, prompt


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_show_all_hands_are_readable_on_the_top_seats(app, players):
    """Issue 17: the demo's 顯示所有手牌 drew the top seats' hands as tiny overlapped cards with
    the count badge on top; now larger faces, a 3-card hand side by side, the badge beside."""
    from cardtable.core.game import OMNISCIENT
    seats = [Seat(kind="ai", name=NAMES[i], agent="random") for i in range(players)]
    table = app.push(table_for(app, cls=EightHalfTableScene, match=Match(SPEC, 1, players, {}, seats), demo=True))
    table.paused = True
    frames(app, 2)
    table.skip()
    table.show_all = True
    table.snap()
    frames(app, 1)
    assert table.eff_viewer == OMNISCIENT
    for seat in table.seat_order():
        for n in (1, 2, 3, 5, 9):
            table.zones[f"hand:{seat}"] = ["5"] * n
            rects = table.opp_hand_rects(seat, n)
            lay = table.plate_layout(seat)
            assert rects and all(r.w >= 30 and r.h >= 42 for r in rects), (seat, n, rects)
            steps = [b.x - a.x for a, b in zip(rects, rects[1:], strict=False)]
            if n <= 3:
                assert len(rects) == n and all(s >= rects[0].w for s in steps), (n, steps)
            assert all(s >= 14 for s in steps), (n, steps)
            assert not any(lay["hand_badge"].colliderect(r) for r in rects), (seat, n)
            col = table._pile_column_left(seat)
            assert lay["hand_badge"].right <= col and rects[-1].right <= col
            assert not lay["hand"].colliderect(lay.get("table_cards", lay["hand"].move(0, 99)))


def test_the_deal_flies_as_one_group_with_a_stagger(app, monkeypatch):
    """Issue 16 problem 5: the deal is one group flight (`Director.fly_group`, every card of
    the deck after the shuffle, each a stagger after the previous), not a wait per card; the
    table ends up as the view says."""
    from cardtable.games.eight_half.cards import DECK_SIZE
    from cardtable.ui.anim import Director
    groups: list[tuple[int, float]] = []
    real = Director.fly_group

    def spy(self, cards, duration, stagger, **kw):
        groups.append((len(cards), stagger))
        return real(self, cards, duration, stagger, **kw)
    monkeypatch.setattr(Director, "fly_group", spy)
    seats = [Seat(kind="human", name=NAMES[0])] + [
        Seat(kind="ai", name=NAMES[i], agent="random") for i in range(1, 4)]
    table = app.push(table_for(app, cls=EightHalfTableScene, match=Match(SPEC, 3, 4, {}, seats), autosave=False))
    for _ in range(120):  # the deal's banner first, then the shuffle and the deal
        frames(app, 1)
        if groups:
            break
    assert groups and groups[0][0] == DECK_SIZE and groups[0][1] > 0, groups
    frames(app, 4)
    assert 0 < len(table.zones["deck"]) < DECK_SIZE  # dealt one after another
    table.skip()
    frames(app, 1)
    assert table.zones == table.zones_from_view(table.view())
