"""The Wizard table on the table kit (issues 16 and 17): one describer for the table log and
the move log, slot hits, part-by-part redraws equal to full ones, the trick sweep as one group
flight, tooltips and the forehead zoom outside the protected rects, the round dialog (Esc opens
the menu; put aside and brought back), the forbidden bid said once, readable show-all hands."""

from __future__ import annotations

from cardtable.core.match import Match, Seat
from cardtable.core.rng import GameRng
from cardtable.games import get_spec
from cardtable.history.movelog import format_line, log_entries
from cardtable.ui.tables.wizard_table import WizardTableScene
from tests.hosting import match_of, table_for

SPEC = get_spec("wizard")


def _played(seed: int, players: int, options: dict, rounds: int,
            humans: int = 1) -> Match:
    seats = [Seat(kind="human", name=f"P{i}") if i < humans else
             Seat(kind="ai", name=f"P{i}", agent="random") for i in range(players)]
    m = Match(SPEC, seed, players, options, seats)
    rng = GameRng(seed)
    while not m.state.is_terminal() and m.state.round_no <= rounds:
        legal = m.state.legal_actions()
        m.submit(legal[rng.randrange(len(legal))])
    return m


def test_the_table_log_says_the_move_logs_sentences(app):
    """One event, one sentence: every line of the table's log is the move log's line for the
    same event (the table leaves out only detail lines: deals, phases, turns)."""
    m = _played(5, 4, {"secret_bids": True}, 4)
    table = app.push(table_for(app, cls=WizardTableScene, match=m, autosave=False))
    table.director.clear()
    table.snap()
    moves = [format_line(e.msg, "wizard", table.seat_names()) for e in log_entries(m, 0)]
    assert len(table.log_lines) > 40
    assert [line for line in table.log_lines if line not in moves] == []


def _hand_with_twins(app, face: str):
    """A table on the human's play turn whose hand holds two `face` cards, both playable."""
    from cardtable.samples.wizard import sample_match

    def stop(s):
        hand = s.hands[0]
        return s.phase == "play" and hand.count(face) >= 2 and any(
            a.card == face for a in s.legal_actions())
    for seed in range(1, 400):
        m = sample_match(seed, {}, 3, stop)
        if m is not None:
            table = app.push(table_for(app, cls=WizardTableScene, match=m, autosave=False))
            table.director.clear()
            table.snap()
            return table
    raise AssertionError("no sample")


def test_two_identical_cards_are_two_hits_each_reachable(app):
    """Two Wizards in hand: each is its own hit (slot keys: `hand:<face>` made one hit for
    both, lifting both), and → reaches each of them."""
    import pygame

    from cardtable.ui.autoplay import frames, key
    table = _hand_with_twins(app, "Z")
    frames(app, 1)
    hand = table.zones["hand:0"]
    slots = [i for i, f in enumerate(hand) if f == "Z"]
    keys = [h.key for h in table.current_hits()]
    assert all(f"hand:{i}" in keys for i in slots)
    # the keyboard walks onto each of them
    reached = set()
    for _ in range(len(keys)):
        key(app, pygame.K_RIGHT)
        reached.add(table.active_key())
    assert {f"hand:{i}" for i in slots} <= reached


def test_the_layer_is_repainted_part_by_part_as_a_full_redraw_would(app, monkeypatch):
    """Issue 16 problem 5: the table layer is PartLayer parts. Over a demo with animations
    (deals, bids, plays, sweeps, round dialogs skipped) most repaints are partial, every one
    equals a full redraw, and no part paints outside its rect."""
    from cardtable.ui.launch import start_demo
    from cardtable.ui.tables.table_scene import TableScene
    from cardtable.ui.tables.wizard_table import WizardRoundScene
    from tests.ui.layer_checks import check_against_full_redraws, parts_painting_outside
    monkeypatch.setattr(TableScene, "AI_MIN_THINK", 0.0)
    table = start_demo(app, "wizard", 4, 5, 8.0)

    def act(f: int) -> None:
        top = app.stack.top
        if isinstance(top, WizardRoundScene):
            top.back()
        if f % 40 == 0:
            assert parts_painting_outside(app, table) == []
    repaints, partial, faults = check_against_full_redraws(app, table, 300, act)
    assert faults == []
    assert repaints > 40 and partial > repaints // 2


def test_hovering_the_hand_and_the_bid_panel_repaints_only_their_parts(app):
    """A pointer moving over the hand and the bid buttons repaints those parts (partial
    repaints, equal to full redraws), not the whole layer."""
    from cardtable.ui.autoplay import frames
    from cardtable.ui.tables.wizard_table import open_wizard_sample
    from tests.ui.layer_checks import check_against_full_redraws, parts_painting_outside
    for name in ("wizard_trick", "wizard_hidden", "wizard_trump", "wizard_forehead"):
        table = open_wizard_sample(app, name)
        frames(app, 2)
        assert parts_painting_outside(app, table) == []
        spots = [h.rect.center for h in table.current_hits()] + [(5, 5)]

        def act(f: int, spots=spots, table=table) -> None:
            table.mouse = spots[f // 3 % len(spots)]
        repaints, partial, faults = check_against_full_redraws(app, table, 3 * len(spots) + 3,
                                                               act)
        assert faults == [] and partial >= len(spots) - 1, name
        app.stack.pop()


def test_the_deal_and_the_sweep_are_group_flights_with_a_stagger(app, monkeypatch):
    """Issue 16 problem 5: a round's deal is one `fly_group` (every card to its own slot, one
    after another), and so is a trick swept to its winner; single colour's own decks too."""
    from cardtable.ui.anim import Director
    from cardtable.ui.tables.table_scene import TableScene
    from cardtable.ui.tables.wizard_table import (
        DEAL_STAGGER,
        HAND_Y,
        SWEEP_STAGGER,
        WizardRoundScene,
    )
    groups: list[tuple[int, float, list]] = []
    real = Director.fly_group

    def spy(self, cards, duration, stagger, *a, **kw):
        groups.append((len(cards), stagger, [(c.src.topleft, c.dst.topleft) for c in cards]))
        return real(self, cards, duration, stagger, *a, **kw)
    monkeypatch.setattr(Director, "fly_group", spy)
    monkeypatch.setattr(TableScene, "AI_MIN_THINK", 0.0)
    for players, options in ((4, {}), (3, {"single_colour": True})):
        groups.clear()
        seats = [Seat(kind="ai", name=f"P{i}", agent="random") for i in range(players)]
        m = Match(SPEC, 9, players, options, seats)
        app.push(table_for(app, cls=WizardTableScene, match=m, demo=True, autosave=False))
        app.speed_factor = 8
        for _ in range(3000):
            if isinstance(app.stack.top, WizardRoundScene):
                app.stack.top.back()
            app.step(1 / 60)
            if sum(g[1] == DEAL_STAGGER for g in groups) >= 4:
                break
        deals = [g for g in groups if g[1] == DEAL_STAGGER]
        sweeps = [g for g in groups if g[1] == SWEEP_STAGGER]
        # each round dealt in one group (the same number of cards to each player, more in
        # round 2), every trick swept in one (but each round's last, which stays on the
        # table under the round dialog: rounds 2 and 3 sweep 1 + 2)
        assert all(g[0] % players == 0 for g in deals) and deals[1][0] > deals[0][0]
        assert len(sweeps) >= 3 and all(g[0] == players for g in sweeps)
        # every card dealt to the own hand flies to a slot of its own (not all to one)
        own = [[dst for _, dst in g[2] if dst[1] == HAND_Y] for g in deals]
        assert all(len(set(d)) == len(d) == g[0] // players for d, g in zip(own, deals, strict=True))
        app.stack.pop()


def _rest_on(app, table, pos, seconds: float = 0.5) -> None:
    import pygame

    from cardtable.ui.autoplay import frames
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
    frames(app, int(seconds * 60))


def test_the_forehead_zoom_shows_after_a_rest_and_covers_nothing_protected(app):
    """Issue 17: the enlargement of an opponent's forehead card appears only after the pointer
    moved onto it and rested, names exactly that card, and covers none of the protected rects
    (plates with the card's name beside it, hand, prompt line, bid panel, ...)."""
    from cardtable.ui.autoplay import frames
    from cardtable.ui.tables.wizard_table import open_wizard_sample
    table = open_wizard_sample(app, "wizard_forehead")
    frames(app, 2)
    for q in table.seat_order():
        face, card = table.forehead_card(q)
        _rest_on(app, table, card.center, 0.1)
        assert table.forehead_zoom() is None  # not yet: the pointer has not rested
        frames(app, 20)
        got = table.forehead_zoom()
        assert got is not None and got[0] == face
        big = got[1]
        assert not table.seat_rect(q).colliderect(big)  # the card's name beside it shows
        assert [r for r in table.protected_rects() if r.colliderect(big)] == []
        assert not big.colliderect(table.current_hits()[0].rect)  # the bid buttons
        _rest_on(app, table, (5, 5), 0.1)
        assert table.forehead_zoom() is None


def test_a_card_sliding_under_a_resting_pointer_shows_no_zoom(app):
    """A forehead card that appears under a pointer that did not move (a re-layout) shows
    nothing until the pointer moves."""
    from cardtable.ui.autoplay import frames
    from cardtable.ui.tables.wizard_table import open_wizard_sample
    table = open_wizard_sample(app, "wizard_forehead")
    q = table.seat_order()[0]
    _, card = table.forehead_card(q)
    table.mouse = card.center  # no motion event: the card is simply there now
    frames(app, 40)
    assert table.forehead_zoom() is None


def _at_round_dialog(app, monkeypatch, players: int = 4):
    """An all-computer table (not a demo: nothing moves on by itself) played with animations
    until the first round's dialog is up."""
    from cardtable.ui.tables.table_scene import TableScene
    from cardtable.ui.tables.wizard_table import WizardRoundScene
    monkeypatch.setattr(TableScene, "AI_MIN_THINK", 0.0)
    seats = [Seat(kind="ai", name=f"P{i}", agent="random") for i in range(players)]
    m = Match(SPEC, 4, players, {}, seats)
    table = app.push(table_for(app, cls=WizardTableScene, match=m, autosave=False))
    app.speed_factor = 8
    for _ in range(4000):
        app.step(1 / 60)
        if isinstance(app.stack.top, WizardRoundScene):
            return table, app.stack.top
    raise AssertionError("no round dialog")


def test_esc_on_the_round_dialog_opens_the_menu_and_never_advances(app, monkeypatch):
    import pygame

    from cardtable.ui.autoplay import frames, key
    from cardtable.ui.scenes.pause import PauseScene
    table, dialog = _at_round_dialog(app, monkeypatch)
    round_no = table.disp["round"]
    for k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
        key(app, k)
        assert isinstance(app.stack.top, PauseScene)
        app.stack.top.back()  # 繼續
        frames(app, 5)
        assert app.stack.top is dialog and table.disp["round"] == round_no


def test_the_round_dialog_can_be_put_aside_to_see_the_last_trick_and_brought_back(
        app, monkeypatch):
    """The round's last trick stays on the table under the round dialog (its winner
    outlined); the shared put-aside (看牌桌 / V, then the pill / Enter / V) shows it, and the
    next round collects the trick."""
    import pygame

    from cardtable.ui.autoplay import click, frames, key
    table, dialog = _at_round_dialog(app, monkeypatch)
    n = match_of(table).num_players
    assert all(table.zones.get(f"trick:{q}") for q in range(n))  # the last trick, whole
    assert table.disp["winner"] is not None
    click(app, dialog.look_rect().center)
    assert dialog.aside and app.stack.top is dialog
    frames(app, 200)  # looking at the table: nothing moves on
    assert dialog.aside and app.stack.top is dialog
    assert all(table.zones.get(f"trick:{q}") for q in range(n))
    click(app, dialog.back_rect().center)
    assert not dialog.aside
    key(app, pygame.K_v)
    assert dialog.aside
    key(app, pygame.K_RETURN)  # brings it back, does not advance
    assert not dialog.aside and app.stack.top is dialog
    key(app, pygame.K_RETURN)  # 下一輪
    for _ in range(120):
        frames(app, 1)
        if table.disp["round"] == 2:
            break
    assert table.disp["round"] == 2  # the next round started: its collection took the trick
    assert not any(table.zones.get(f"trick:{q}") for q in range(n))


def test_pressing_the_forbidden_bid_says_its_warning_once(app, monkeypatch):
    """Issue 17: clicking (or typing) the value +-1 forbids printed 「加減 1 墩：你不能預言 N」
    twice in the bid dialog (its note and the refusal line): now once, the note in red."""
    import pygame

    from cardtable.i18n import tr
    from cardtable.ui import theme
    from cardtable.ui.autoplay import click, frames, key
    from cardtable.ui.tables.table_scene import TableScene
    from tests.ui.test_wizard_table import _bid_state
    from tests.ui.text_spy import drawn_text
    match = _bid_state(1)
    table = app.push(table_for(app, cls=WizardTableScene, match=match, autosave=False))
    table.director.clear()
    table.snap()
    frames(app, 2)
    banned = match.state.forbidden_bid()
    warning = tr("wizard.prompt.bid_forbidden", value=banned)
    cards = match.state.cards
    for press in ("click", "key"):
        if press == "click":
            click(app, table.bid_rects(cards + 1)[banned].center)
        else:
            key(app, pygame.K_0 + banned)
        assert table.bid_refusal() == warning  # refused, with the reason
        monkeypatch.setattr(TableScene, "CACHE_LAYERS", False)  # every frame in full
        with drawn_text(app) as drawn:
            frames(app, 1)
        monkeypatch.setattr(TableScene, "CACHE_LAYERS", True)
        assert [d.text for d in drawn].count(warning) == 1
        hit_keys = {h.key for h in table.current_hits()}
        (note, color), (line, _) = table.bid_panel_lines(cards, hit_keys)
        assert note == warning and color == theme.DANGER and line != warning
        table._bid_refusal = ("", 0.0)


def test_tied_lines_on_the_score_pad_chart_stay_visible(app):
    """Issue 17: two players with the same totals round after round drew one line over the
    other (only the later colour showed). Both colours now show, about equally."""
    from collections import Counter

    import pygame

    from cardtable.games.wizard.scorepad import ScorePad
    from cardtable.ui import gfx
    from cardtable.ui.autoplay import frames
    from cardtable.ui.scenes.scorepad import PLAYER_COLORS, SIDE, ScorePadScene
    pad = ScorePad(names=["甲", "乙", "丙"], first_dealer=0)
    for r, (bids, tricks) in enumerate([([0, 0, 1], [0, 0, 1]), ([1, 1, 0], [1, 1, 0]),
                                        ([1, 1, 1], [1, 1, 1])]):
        pad.enter_round(r + 1, bids, tricks)
    totals = pad.totals_by_round()
    assert totals[0] == totals[1] and len(totals[0]) == 3  # 甲 and 乙 level all the way
    app.push(ScorePadScene(app, pad, editable=False, save=False))
    frames(app, 2)
    top = SIDE.y + 36 + 27 * 3 + 10  # the chart's plot (under the ranking, scene layout)
    plot = pygame.Rect(SIDE.x + 52, top + 40, SIDE.w - 70, SIDE.bottom - 80 - top - 70)
    side = gfx.pixels(app.canvas).subsurface(plot)
    raw = pygame.image.tobytes(side, "RGB")
    seen = Counter(raw[i:i + 3] for i in range(0, len(raw), 3))
    first, second = seen[bytes(PLAYER_COLORS[0])], seen[bytes(PLAYER_COLORS[1])]
    assert second > 40 and first > second // 2, (first, second)


def _show_all_table(app, players: int, round_no: int):
    seats = [Seat(kind="ai", name=f"電腦 {i + 1}", agent="random") for i in range(players)]
    m = Match(SPEC, 3, players, {}, seats)
    rng = GameRng(5)
    while not (m.state.round_no == round_no and m.state.phase == "bid"):
        legal = m.state.legal_actions()
        m.submit(legal[rng.randrange(len(legal))])
    table = app.push(table_for(app, cls=WizardTableScene, match=m, demo=True, autosave=False))
    table.director.clear()
    table.show_all = True
    table.paused = True
    table.snap()
    return table


def test_show_all_hands_are_readable_on_every_plate(app, monkeypatch):
    """Issue 17: the demo's 顯示所有手牌 drew the others' hands as 32x45 thumbnails, overlapped
    (unreadable for the top seats). Now each card is a rank chip (drawn through cardart.face)
    whose rank, at 10 px or more, lies in the part of the chip in sight, inside the plate and
    clear of the name, the total and the bid line — for 20 cards (3 players, last round) as
    for 6 players."""
    from cardtable.ui import art_wizard, cardart
    from cardtable.ui.autoplay import frames
    from cardtable.ui.tables.wizard_table import CHIP
    from tests.ui.text_spy import drawn_text
    faces: list[tuple[str, tuple[int, int]]] = []
    real = cardart.face
    monkeypatch.setattr(cardart, "face", lambda g, c, s: faces.append((c, tuple(s)))
                        or real(g, c, s))
    for players, round_no in ((3, 20), (6, 10), (4, 1)):
        table = _show_all_table(app, players, round_no)
        faces.clear()
        with drawn_text(app) as drawn:
            table._layer_sig = None
            table._layer_parts.reset()
            frames(app, 1)
        for seat in table.seat_order():
            hand = table.zones[f"hand:{seat}"]
            chips = table.face_chips(seat)
            assert chips is not None and [f for f, _ in chips] == hand
            assert all((f, CHIP) in faces for f in hand)
            box = table.seat_rect(seat)
            for i, (face, chip) in enumerate(chips):
                assert box.contains(chip)
                size, width = art_wizard.chip_label_size(app.text, table.chip_label(face))
                assert size >= 10 and width + 3 <= table.chip_strip(chips, i).w, face
            texts = [d.rect for d in drawn if box.colliderect(d.rect)]
            assert len(texts) >= 3 and not any(t.colliderect(c) for t in texts
                                               for _, c in chips)
        app.stack.pop()


def test_skipping_the_animations_stops_at_the_round_dialog_over_the_last_trick(app,
                                                                              monkeypatch):
    """Space (skip) while a round's end is queued: the round dialog comes up over the
    round's last trick; the next round's collection and deal wait for the dialog."""
    from cardtable.ui.tables.table_scene import TableScene
    from cardtable.ui.tables.wizard_table import WizardRoundScene
    monkeypatch.setattr(TableScene, "AI_MIN_THINK", 0.0)
    seats = [Seat(kind="ai", name=f"P{i}", agent="random") for i in range(4)]
    m = Match(SPEC, 6, 4, {}, seats)
    table = app.push(table_for(app, cls=WizardTableScene, match=m, autosave=False))
    for _ in range(4000):
        app.step(1 / 60)
        if any(ev.kind == "round_scored" for ev in table.director.queue):
            break
    assert any(ev.kind == "round_scored" for ev in table.director.queue)
    table.skip()
    assert isinstance(app.stack.top, WizardRoundScene)
    assert all(table.zones.get(f"trick:{q}") for q in range(4))  # the last trick, on show
    assert any(ev.kind == "round_started" for ev in table.director.queue)  # waits
    app.stack.top.back()
    for _ in range(600):
        app.step(1 / 60)
        if table.disp.get("round") == 2:
            break
    assert table.disp.get("round") == 2


def test_the_final_board_under_the_results_keeps_the_last_trick(app):
    """Issue 17 (the final board): under the game's results — put aside to look — the table
    shows the game's last trick where it was played, its winner outlined."""
    import pygame

    from cardtable.ui.autoplay import frames, key
    from cardtable.ui.tables.wizard_table import WizardResultsScene, open_wizard_sample
    dialog = open_wizard_sample(app, "wizard_results")
    assert isinstance(dialog, WizardResultsScene)
    table = dialog.table
    last = next(ev for ev in reversed(match_of(table).log) if ev.kind == "trick_won")
    key(app, pygame.K_v)
    frames(app, 2)
    assert dialog.aside
    for q, face in last.data["cards"]:
        assert table.zones[f"trick:{q}"] == [face]
    assert table.disp["winner"] == last.data["winner"]
