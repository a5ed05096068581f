"""The Tanto Cuore table headless: a full AI demo game, hot-seat privacy (no hidden face is ever
drawn: other hands, decks, the face-down private maids), clicks that answer pending choices
with legal actions, hits that are exactly the legal actions, the setup screen's options, the
sample scenes in both scripts with every text key present, and the final scoring breakdown."""

from __future__ import annotations

import logging
import random
import time
from collections import Counter

import pygame
import pytest

from cardtable import i18n
from cardtable.core.actions import Action
from cardtable.core.events import CARD_MOVED
from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.games.tanto_cuore.cards import EVENTS
from cardtable.ui import cardart
from cardtable.ui.autoplay import Player, click, frames
from cardtable.ui.scenes.curtain import CurtainScene
from cardtable.ui.tables import playable, table_class
from cardtable.ui.tables.tanto_cuore_table import (
    TantoCuoreTableScene,
    TantoResultsScene,
    live_rows,
    open_tanto_sample,
)
from tests.hosting import leaking_tables, match_of, play, table_for
from tests.ui.layer_checks import check_against_full_redraws, parts_painting_outside

GAME = "tanto_cuore"


def _seats(*kinds: str) -> list[Seat]:
    names = "甲乙丙丁"
    return [Seat(kind="human", name=names[i]) if k == "human" else
            Seat(kind="ai", name=names[i], agent=k) for i, k in enumerate(kinds)]


def _run(app, table, max_frames: int, player: Player | None = None) -> int:
    for f in range(max_frames):
        if player is not None:
            player.act(app)
        app.step(1 / 60)
        if isinstance(app.stack.top, TantoResultsScene):
            return f + 1
        if app.future_pending():  # the AI thinks in a thread: give it the time, not frames
            time.sleep(0.002)
    return max_frames


def test_table_is_registered_and_playable():
    assert playable(GAME)
    assert table_class(GAME) is TantoCuoreTableScene


def test_ai_demo_game_runs_to_the_scoring_screen(app):
    """A 2-player AI demo (fast agents) plays to the end; the table matches the view."""
    match = Match(get_spec(GAME), 4, 2, {}, _seats("normal", "normal"))  # a short game
    table = app.push(table_for(app, match=match, demo=True))
    app.speed_factor = 40
    used = _run(app, table, 6000)
    assert match.state.is_terminal(), f"not finished after {used} frames"
    assert isinstance(app.stack.top, TantoResultsScene)
    frames(app, 3)
    assert table.zones == table.zones_from_view(match.state.view(table.eff_viewer))
    rows = app.stack.top.rows()
    assert [r["total"] for r in rows] == [int(s) for s in match.state.scores()]


# ---------------------------------------------------------------- hot-seat privacy
def shown_counts(match: Match, viewer: int | None) -> Counter[str]:
    """How many copies of each face `viewer` may see drawn at once: one per town pile, the
    face-up private maids, every discard pile and play area, every quarters, its own hand and
    what it was shown (Eliza's deck top, Eugenie's look). Since every Love or town maid face is
    public somewhere, a leaked hand shows up as too many copies of a face; a face-down private
    maid (one copy each) as a face that may not be drawn at all."""
    v = match.state.view(viewer)
    c: Counter[str] = Counter(f for f, _ in v.town)
    c.update(v.private_up)
    c.update(EVENTS)
    for q in range(v.num_players):
        c.update(v.discards[q])
        c.update(v.plays[q])
        c.update(f for f, _ in v.chambers[q])
        c.update(f for f, _ in v.privates[q])
        c["bad_habit"] += v.habits[q]
    c.update(v.hand or ())
    c.update(x for x in (v.peek, v.seen) if x)
    return c


def play_and_check(app, monkeypatch, match: Match, max_frames: int, leak: bool = False,
                   human_moves: int = 10**9) -> tuple[list[str], int, Player]:
    drawn: list[str] = []
    real_face = cardart.face

    def spy(game, card, size):
        drawn.append(card)
        return real_face(game, card, size)
    monkeypatch.setattr(cardart, "face", spy)
    # The table layer is cached and redrawn whenever what it shows changes (view, zones,
    # viewer, hover): every face on screen was drawn, and checked, on some frame.
    if leak:  # a deliberately broken table: it draws the all-seeing view for everybody
        leaking_tables(monkeypatch, TantoCuoreTableScene)
    table = app.push(table_for(app, match=match))
    app.speed_factor = 20
    player = Player(3)
    violations: list[str] = []
    curtains = 0
    # the table animates one action's events at a time: what it draws lies between the views
    # before and after that action
    key = (len(match.history), table.viewer)
    before = now = shown_counts(match, table.viewer)
    batch = 0  # where the action being animated starts in the event log
    for _ in range(max_frames):
        last_log = len(match.log)
        # an action that ends a person's decision is animated in the spectator's view of the
        # moment before it (the kit's visibility policy)
        spectator_before = shown_counts(match, None) if table.viewer is not None else None
        player.act(app)
        drawn.clear()
        app.step(1 / 60)
        if (len(match.history), table.viewer) != key:
            same_viewer = key[1] == table.viewer
            if len(match.history) != key[0]:
                batch = last_log
            key = (len(match.history), table.viewer)
            before, now = (now if same_viewer else None), shown_counts(match, table.viewer)
            if before is None and table.viewer is None and spectator_before is not None:
                before = spectator_before
            before = before or now
        top = app.stack.top
        if isinstance(top, CurtainScene):
            curtains += 1
            if drawn:
                violations.append(f"faces drawn under the curtain: {drawn}")
        elif table in app.stack.scenes:
            allowed = before | now
            for ev in match.events_for(table.viewer, batch):  # faces this action showed
                if ev.kind == CARD_MOVED and ev.data.get("card"):
                    allowed[ev.data["card"]] += 1
            allowed.update(f.face for f in table.director.flights if f.face)
            if table.detail:
                allowed[table.detail] += 1
            over = Counter(drawn) - allowed
            if over:
                violations.append(f"viewer {table.viewer} saw {dict(over)}")
        if match.state.is_terminal() or player.human_moves >= human_moves:
            break
        if app.future_pending():  # the AI thinks in a thread: give it the time, not frames
            time.sleep(0.002)
    return violations, curtains, player


def test_hotseat_never_draws_hidden_faces(app, monkeypatch):
    """Two humans and an AI share the screen: no other hand, deck card or face-down private
    maid is ever drawn, and nothing at all under the pass-device curtain."""
    match = Match(get_spec(GAME), 8, 3, {}, _seats("human", "human", "easy"))
    violations, curtains, player = play_and_check(app, monkeypatch, match, 6000,
                                                  human_moves=30)
    assert player.human_moves >= 30, "the humans must have played"
    assert curtains > 0, "the device must have been passed"
    assert violations == []


def test_privacy_check_catches_a_leaking_table(app, monkeypatch):
    match = Match(get_spec(GAME), 5, 2, {}, _seats("human", "human"))
    violations, _, _ = play_and_check(app, monkeypatch, match, 400, leak=True)
    assert violations


# ---------------------------------------------------------------- choices by clicks
def _human_table(app, seed: int, stop, players: int = 2) -> TantoCuoreTableScene:
    """A table with seat 0 human, the AIs' and the human's moves played by the first legal
    action until `stop(state)` holds on the human's decision."""
    spec = get_spec(GAME)
    for s in range(seed, seed + 60):
        match = Match(spec, s, players, {}, _seats("human", *["easy"] * (players - 1)))
        for _ in range(400):
            state = match.state
            if state.is_terminal():
                break
            if state.current_player() == 0 and stop(state):
                table = app.push(table_for(app, match=match, autosave=False))
                table.director.clear()
                table.snap()
                frames(app, 2)
                return table
            legal = state.legal_actions()
            match.submit(legal[(s + len(match.history)) % len(legal)])
    raise AssertionError("no such state")


def _submitted(table: TantoCuoreTableScene, before: int) -> Action:
    assert len(match_of(table).history) == before + 1, "the click did not play an action"
    return match_of(table).history[-1]


def test_serve_or_chamber_is_asked_with_buttons(app):
    """A maid that can serve or become a chambermaid: click her, then the chosen button."""
    table = _human_table(app, 1, lambda s: s.phase == "serve" and any(
        a.kind == "chamber" for a in s.legal_actions()) and any(
        a.kind == "serve" and a.card == next(b.card for b in s.legal_actions()
                                            if b.kind == "chamber")
        for a in s.legal_actions()))
    legal = match_of(table).state.legal_actions()
    face = next(a.card for a in legal if a.kind == "chamber")
    hit = next(h for h in table.current_hits()
               if h.key.startswith("hand:") and h.actions[0].card == face)
    assert {a.kind for a in hit.actions} == {"serve", "chamber"}
    click(app, hit.rect.center)
    assert table.selected == hit.key
    buttons = table.current_hits()
    assert {a for h in buttons for a in h.actions} == set(hit.actions)
    chamber = next(h for h in buttons if h.actions[0].kind == "chamber")
    before = len(match_of(table).history)
    click(app, chamber.rect.center)
    act = _submitted(table, before)
    assert act == Action("chamber", face) and act in legal


def test_pending_choice_answered_by_a_click(app):
    """A pending choice (here Esquine's or Natsumi's discard, Eliza's, Sainsbury's...): the
    buttons and cards offered are its legal answers, and a click plays one of them."""
    pend = ("esquine", "natsumi_self", "natsumi_victim", "sainsbury", "eliza_target",
            "eliza_decide", "tanya", "claire_return", "claire_reaction", "eugenie_swap")
    table = _human_table(app, 2, lambda s: s.phase in pend)
    legal = match_of(table).state.legal_actions()
    hits = table.current_hits()
    assert {a for h in hits for a in h.actions} == set(legal)
    assert table.prompt_text() and "⟦" not in table.prompt_text()
    hit = hits[-1]
    if len(hit.actions) > 1:
        click(app, hit.rect.center)
        hit = table.current_hits()[0]
    before = len(match_of(table).history)
    click(app, hit.rect.center)
    assert _submitted(table, before) in legal


def test_event_target_is_chosen_by_clicks(app):
    """Employ an Illness: click its pile, then the button naming the player and the maid."""
    table = _human_table(app, 3, lambda s: s.phase == "employ" and sum(
        a.card == "illness" for a in s.legal_actions()) >= 2, players=3)
    legal = match_of(table).state.legal_actions()
    hit = next(h for h in table.current_hits() if h.key == "town:illness")
    click(app, hit.rect.center)
    buttons = table.current_hits()
    assert {a for h in buttons for a in h.actions} == {a for a in legal if a.card == "illness"}
    before = len(match_of(table).history)
    click(app, buttons[0].rect.center)
    act = _submitted(table, before)
    assert act.kind == "employ" and act.card == "illness" and act in legal


def test_hits_are_exactly_the_legal_actions_through_a_game(app):
    """At every decision of seat 0 over a game's first turns, the hits (cards, piles, quarters,
    buttons) offer exactly the legal actions."""
    match = Match(get_spec(GAME), 9, 2, {}, _seats("human", "easy"))
    table = app.push(table_for(app, match=match, autosave=False))
    checked = 0
    for step in range(160):
        state = match.state
        if state.is_terminal():
            break
        legal = state.legal_actions()
        if state.current_player() == 0:
            table.director.clear()
            table.snap()
            offered = {a for h in table.current_hits() for a in h.actions}
            assert offered == set(legal), state.phase
            checked += 1
        play(table, legal[(step * 7) % len(legal)])
    assert checked > 40


# ---------------------------------------------------------------- scenes, text, setup
@pytest.mark.parametrize("locale", i18n.LOCALES)
@pytest.mark.parametrize("scene", ["tanto_town", "tanto_choice", "tanto_results"])
def test_sample_scenes_draw_with_every_key(app, caplog, locale, scene):
    app.set_language(locale)
    with caplog.at_level(logging.WARNING):
        open_tanto_sample(app, scene)
        frames(app, 3)
        table = next(s for s in app.stack.scenes if isinstance(s, TantoCuoreTableScene))
        # hover a card and pin one large: the detail view draws too
        face_rect = table.card_spots[0][0]
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=face_rect.center, rel=(0, 0),
                                        buttons=(0, 0, 0)))
        frames(app, 2)
        if scene != "tanto_results":
            click(app, face_rect.center, button=3)
            assert table.detail is not None
            frames(app, 2)
        for line in table.log_lines:
            assert "⟦" not in line
        labels = [table.action_label(a) for a in match_of(table).state.legal_actions()]
    missing = [r.getMessage() for r in caplog.records if "missing" in r.getMessage()]
    assert missing == []
    assert all(lab and "⟦" not in lab for lab in labels)


def test_final_scoring_breakdown_comes_from_scoring(app):
    scene = open_tanto_sample(app, "tanto_results")
    frames(app, 2)
    state = match_of(scene).state
    rows = scene.rows()
    assert rows == state.final
    for r in rows:
        parts = ("printed", "crescent", "safran", "colette", "ophelia", "bad_habits")
        assert sum(r[k] for k in parts) == r["total"]
    view = state.view(0)
    assert live_rows(view) == [dict(r) for r in view.final]


def test_setup_offers_the_options_and_2_to_4_players(app):
    from cardtable.ui.scenes.setup import SetupScene
    from cardtable.ui.widgets import Choice, Toggle
    scene = app.push(SetupScene(app, GAME))
    frames(app, 1)
    widgets = scene.menu.widgets
    players = widgets[0]
    assert isinstance(players, Choice) and list(players.options) == [2, 3, 4]
    labels = [w.label() for w in widgets if isinstance(w, Choice | Toggle)]
    for name in ("town", "events", "private_maids", "finish_turn"):
        assert i18n.tr(f"{GAME}.option.{name}") in labels
    scene.options["events"] = False
    scene.set_n(2)
    scene.start()
    table = app.stack.top
    assert isinstance(table, TantoCuoreTableScene)
    assert match_of(table).num_players == 2
    assert match_of(table).options.events is False
    assert "illness" not in dict(table.v.town)
    frames(app, 5)


def test_an_opponents_quarters_expand_on_click(app):
    table = open_tanto_sample(app, "tanto_town")
    frames(app, 2)
    q = table.opponents()[0]
    click(app, table.plate_rect(q).center)
    assert table.expanded == q
    frames(app, 2)
    click(app, (600, 300))  # any click closes it
    assert table.expanded is None


def test_an_answer_without_events_leaves_the_next_decision_clickable(app):
    """Declining Claire's, Sainsbury's or Natsumi's offer changes nothing visible (no events):
    the table must still offer the next decision at once (it used to wait for an animation
    that never came)."""
    table = _human_table(app, 1, lambda s: s.phase in (
        "claire_return", "sainsbury", "natsumi_self", "tanya", "eugenie_swap")
        and Action("decline") in s.legal_actions())
    hit = next(h for h in table.current_hits() if h.actions == [Action("decline")])
    before = len(match_of(table).history)
    click(app, hit.rect.center)
    assert _submitted(table, before) == Action("decline")
    frames(app, 2)
    assert table.legal == match_of(table).state.legal_actions()
    if match_of(table).state.current_player() == 0:
        assert table.current_hits()


# ---------------------------------------------------------------- the cached layer (issue 9)
def test_partial_repaints_equal_a_full_redraw_in_a_demo(app):
    """The table layer is repainted part by part (issue 9, frame time); every repaint of a 4-player
    demo with all hands shown is pixel for pixel what a full redraw paints."""
    match = Match(get_spec(GAME), 6, 4, {}, _seats("easy", "easy", "easy", "easy"))
    table = app.push(table_for(app, match=match, demo=True))
    table.toggle_show_all()
    app.speed_factor = 8
    repaints, partial, faults = check_against_full_redraws(app, table, 240)
    assert faults == []
    assert repaints > 40 and partial > repaints * 0.8
    assert parts_painting_outside(app, table) == []


def test_partial_repaints_equal_a_full_redraw_when_a_human_plays(app):
    """Hover, selection, choice buttons and an expanded plate: repaints still equal a full
    redraw."""
    match = Match(get_spec(GAME), 3, 3, {}, _seats("human", "easy", "easy"))
    table = app.push(table_for(app, match=match, autosave=False))
    app.speed_factor = 8
    player = Player(5)
    rng = random.Random(5)

    def act(f: int) -> None:
        if f % 6 == 0:
            player.act(app)
        elif f % 6 == 3:
            pos = (rng.randrange(976), rng.randrange(720))
            app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                            buttons=(0, 0, 0)))
        if f % 90 == 45:
            table.expanded = None if table.expanded is not None else table.opponents()[0]
    repaints, partial, faults = check_against_full_redraws(app, table, 500, act)
    assert faults == []
    assert player.human_moves >= 5 and partial > repaints * 0.5


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_part_paints_inside_its_rect(app, size):
    """What a part paints lies in its rect (else a repaint of a neighbour would leave it stale),
    at density 1 and 1.5: the sample turn, a hovered and a selected card with its buttons, and an
    expanded plate."""
    app.window = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.fit_window()
    table = open_tanto_sample(app, "tanto_town")
    frames(app, 3)
    assert parts_painting_outside(app, table) == []
    multi = next(h for h in table.current_hits() if len(h.actions) > 1)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=multi.rect.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    frames(app, 2)
    assert parts_painting_outside(app, table) == []
    click(app, multi.rect.center)
    frames(app, 2)
    assert table.selected is not None
    assert parts_painting_outside(app, table) == []
    table.expanded = table.opponents()[0]
    frames(app, 2)
    assert "expanded" in [p.name for p in table._parts()]
    assert parts_painting_outside(app, table) == []


def test_every_pending_prompt_is_filled_in(app):
    """Every choice a card effect asks of the player has a prompt with no placeholder left
    ("{card}": a play test saw it raw for Eugenie; Nord's and Sora's were the same), in both
    scripts. Random 3-player games on random towns until every pending kind was asked of the
    human seat."""
    from cardtable.games.tanto_cuore.effects import PENDING
    seen: set[str] = set()
    for seed in range(400):
        match = Match(get_spec(GAME), seed, 3, {"town": "random"},
                      _seats("human", "easy", "easy"))
        table = app.push(table_for(app, match=match, autosave=False))
        rng = random.Random(seed)
        while not match.state.is_terminal():
            state = match.state
            legal = state.legal_actions()
            if state.current_player() == 0 and state.pending is not None:
                kind = state.pending["kind"]
                if kind not in seen:
                    table.director.clear()
                    table.snap()
                    for locale in i18n.LOCALES:
                        app.set_language(locale)
                        text = table.prompt_text()
                        assert "{" not in text and "}" not in text, (kind, text)
                    seen.add(kind)
            match.submit(legal[rng.randrange(len(legal))])
        app.pop(table)
        if seen >= set(PENDING):
            break
    assert seen == set(PENDING)


def test_an_ill_top_private_maid_is_not_captioned_active():
    """TC-PM1: an ill top private maid has no ability; the caption under the stack said
    "active" all the same (a play test)."""
    from cardtable.ui.tables.tanto_cuore_table import _stack_caption
    assert _stack_caption((("rosa", 0),))[0] == i18n.tr("ui.tanto_cuore.active_private")
    assert _stack_caption((("rosa", 0), ("tanya", 1)))[0] == i18n.tr(
        "ui.tanto_cuore.ill_private")
    assert _stack_caption((("tanya", 1), ("rosa", 0)))[0] == i18n.tr(
        "ui.tanto_cuore.active_private")


def test_the_prompt_line_names_the_turn_the_table_shows(app):
    """While a batch animates, the prompt line names the player whose turn the table shows (as
    the info panel does), not the one of the view from before the batch (a play test saw
    the previous player named for about a second into each AI turn)."""
    from cardtable.core.actions import Action
    table = _human_table(app, 3, lambda s: s.phase == "employ"
                         and Action("done") in s.legal_actions())
    table.submit(Action("done"))
    seen_other = False
    for _ in range(400):
        frames(app, 1)
        cur = table.disp.get("current")
        if table.director.busy and cur not in (None, 0):
            msg, _ = table._status_text(table.v)
            assert table.name_of(cur) in msg and table.name_of(0) not in msg, msg
            seen_other = True
            break
    assert seen_other, "the next player's turn was never shown while animating"


def test_the_info_panel_names_the_first_turn_while_the_opening_is_shown(app):
    """While the decks are built and dealt, the prompt line says whose turn comes first; the
    info panel said 「— 的回合」 beside it. Both now name the same player."""
    from tests.ui.text_spy import drawn_text
    match = Match(get_spec(GAME), 4, 3, {}, _seats("normal", "normal", "normal"))
    table = app.push(table_for(app, match=match, demo=True))
    frames(app, 20)
    assert table.director.busy and table.disp.get("turn_player") is None  # the opening
    first = match.state.view(table.eff_viewer).turn_player
    table._layer_parts.reset()
    table._layer_sig = None  # the layer is drawn again, in full
    with drawn_text(app) as drawn:
        frames(app, 1)
    texts = [d.text for d in drawn]
    assert i18n.tr("ui.tanto_cuore.turn_of", player=table.name_of(first)) in texts
    assert i18n.tr("ui.tanto_cuore.turn_of", player="—") not in texts
