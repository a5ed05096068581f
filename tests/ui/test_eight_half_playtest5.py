"""8½ fixes after play test 5b: the 通緝 stamp and the 「出桌牌中」 badge stay clear of each
other (item 9), and keyboard play — Enter plays a picked group, every legal action can be
reached with ←→ and Enter alone (item 10)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from cardtable.core.actions import Action
from cardtable.core.match import Match, Seat
from cardtable.samples.eight_half import sample_match
from cardtable.ui.autoplay import frames, key
from cardtable.ui.tables.eight_half_table import EightHalfTableScene
from cardtable.ui.tables.table_scene import Hit
from tests.hosting import match_of, table_for
from tests.ui.test_eight_half_table import SPEC, dealt_table, human_match_where, open_table

ENTER = pygame.K_RETURN


# ---------------------------------------------------------------- item 9: stamp and badge
@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_wanted_stamp_clear_of_the_on_table_badge(app, players, locale):
    """E8H-W1 / E8H-T1, play test 5b item 9: on a wanted opponent who is playing the table
    cards, the 通緝 stamp covers neither the 「出桌牌中」 badge nor any other piece of any
    plate (name, points, stacks, badges, captions, the table cards), nor the header, the value
    dial or the turn marker; the badge itself covers no text of its plate."""
    table = dealt_table(app, players, locale)
    order = table.seat_order()
    for opens in (["7", "h", "3"], ["", "g", ""], ["", "", ""]):
        for k, seat in enumerate(order):
            on = k % 2 == 0 or players <= 3  # on-table plates next to plates with a hand
            table.zones[f"hand:{seat}"] = [] if on else [None] * 3
            table.zones[f"bank:{seat}"] = [] if on else [None] * 20
            table.zones[f"blind:{seat}"] = [None, None, None]
            table.zones[f"open:{seat}"] = list(opens)
            table.zones[f"set_aside:{seat}"] = [None] * 12
            assert table.on_table(seat) == on
        for wanted in order:
            stamp = table.stamp_rect(wanted)
            if table.on_table(wanted):
                assert "on_table_badge" in table.plate_layout(wanted)
            assert stamp.collidelist(table.stamp_avoid(wanted)) < 0, (players, wanted)
            for seat in order:
                for piece, rect in table.plate_layout(seat).items():
                    assert not stamp.colliderect(rect), (players, opens, wanted, seat, piece)
        for seat in order:
            lay = table.plate_layout(seat)
            if "on_table_badge" not in lay:
                continue
            badge = lay["on_table_badge"]
            assert table.seat_rect(seat).contains(badge)
            for piece, rect in lay.items():
                if piece not in ("on_table_badge", "table_cards"):
                    assert not badge.colliderect(rect), (players, seat, piece)
        table.disp["wanted"] = order[-1]
        frames(app, 1)  # the plates draw from the same layout


# ---------------------------------------------------------------- item 10: keyboard play
def focused(table: EightHalfTableScene) -> Hit | None:
    hits = table.current_hits()
    return hits[table.focus % len(hits)] if hits else None


def focus_to(app, table: EightHalfTableScene, pred: Callable[[Hit], bool]) -> Hit:
    """Press → until the focused hit satisfies `pred` (fails when it is never reached)."""
    for _ in range(60):
        h = focused(table)
        assert h is not None, "no hits"
        if pred(h):
            return h
        key(app, pygame.K_RIGHT)
    raise AssertionError("the keyboard focus never reached the wanted hit")


def hand_face(table: EightHalfTableScene, h: Hit) -> str | None:
    if not h.key.startswith("hand:"):
        return None
    return table.sorted_hand(0)[int(h.key.partition(":")[2])]


def pick_by_keys(app, table: EightHalfTableScene, face: str) -> None:
    focus_to(app, table, lambda h: hand_face(table, h) == face and
             int(h.key.partition(":")[2]) not in table.pick)
    key(app, ENTER)


def same(a: Action, b: Action) -> bool:
    return a.kind == b.kind and Counter(a.cards) == Counter(b.cards) and a.card == b.card \
        and a.target == b.target and a.value == b.value


def play_by_keys(app, table: EightHalfTableScene, act: Action) -> None:
    """Make `act` with ←→ (only →) and Enter, as a keyboard-only player would."""
    match = match_of(table)
    n = len(match.history)

    def done() -> bool:
        return len(match.history) > n

    def enter_on(pred: Callable[[Hit], bool]) -> None:
        focus_to(app, table, pred)
        key(app, ENTER)

    if act.kind in ("play", "catch"):
        for face in act.cards:
            pick_by_keys(app, table, face)
            if done():
                break
        if not done():  # Enter on a picked card confirms the group
            enter_on(lambda h: h.key.startswith("hand:") and
                     int(h.key.partition(":")[2]) in table.pick)
        if not done():  # a catch or a plain play of the same cards: the focus is on a button
            h = focused(table)
            assert h is not None and h.key == "btn:catch", h
            enter_on(lambda h: h.key == ("btn:catch" if act.kind == "catch" else
                                         "btn:play_no_catch"))
    elif act.kind in ("play_open", "catch_open"):
        # open cards are hit by slot (two equal open cards are each reachable)
        slot = table.zones[f"open:{table.bottom_seat}"].index(act.card)
        enter_on(lambda h: h.key == f"open:{slot}")
        if not done():
            assert table.selected == f"open:{slot}" and focused(table).key == table.selected
            key(app, ENTER)  # the focus goes to the buttons, nothing is played yet
            assert not done() and focused(table).key == "btn:catch"
            enter_on(lambda h: h.key == ("btn:catch" if act.kind == "catch_open" else
                                         "btn:play_no_catch"))
    elif act.kind == "play_blind":
        enter_on(lambda h: h.key == f"blind:{act.value}")
    elif act.kind == "take":
        enter_on(lambda h: h.key in ("pile", "btn:take"))
    elif act.kind == "swap":
        mine = table.zones[f"open:{table.bottom_seat}"].index(act.cards[0])
        theirs = table.zones[f"open:{act.target}"].index(act.cards[1])
        enter_on(lambda h: h.key == f"swapmine:{mine}")
        assert not done() and focused(table).key.startswith("swaptheirs:")
        enter_on(lambda h: h.key == f"swaptheirs:{act.target}:{theirs}")
    elif act.kind == "no_swap":
        enter_on(lambda h: h.key == "btn:no_swap")
    else:
        raise AssertionError(f"unknown action kind {act.kind}")
    assert done(), f"{act} was not played"
    assert len(match.history) == n + 1 and same(match.history[n], act), (match.history[n], act)


def each_action_by_keys(app, match: Match, kinds: tuple[str, ...] | None = None) -> int:
    """Every legal action of `match`'s state (of `kinds`), each from a fresh table: made with
    the keyboard alone, it is exactly that action."""
    legal = match.state.legal_actions()
    done = 0
    for act in legal:
        if kinds is not None and act.kind not in kinds:
            continue
        copy = Match.from_record(match.record(), SPEC)
        table = open_table(app, copy)
        play_by_keys(app, table, act)
        app.stack.scenes.remove(table)
        done += 1
    return done


def test_enter_twice_plays_one_of_a_pair_and_enter_on_a_picked_pair_plays_both(app):
    """E8H-B1, play test 5b item 10: Enter on the first of two equal cards picks it; Enter on
    it again plays it (before: it was put back, and Enter never played it); → to the second
    copy, Enter picks it too, and Enter plays both."""
    def pair(st, legal):
        return st.opening is None and any(
            a.kind == "play" and len(a.cards) == 2 and a.cards[0] == a.cards[1] for a in legal
        ) and not any(a.kind == "catch" for a in legal)
    match = human_match_where(pair)
    legal = match.state.legal_actions()
    two = next(a for a in legal if a.kind == "play" and len(a.cards) == 2
               and a.cards[0] == a.cards[1])
    face = two.cards[0]
    one = next(a for a in legal if a.kind == "play" and a.cards == (face,))
    for want in (one, two):
        copy = Match.from_record(match.record(), SPEC)
        table = open_table(app, copy)
        n = len(copy.history)
        pick_by_keys(app, table, face)
        assert len(copy.history) == n and len(table.pick) == 1, "the first Enter only picks"
        assert hand_face(table, focused(table)) == face, "the focus stays on the picked card"
        if want is two:
            pick_by_keys(app, table, face)
            assert len(copy.history) == n and len(table.pick) == 2
        key(app, ENTER)
        assert len(copy.history) == n + 1 and copy.history[-1] == want
        app.stack.scenes.remove(table)


def test_every_play_of_the_hand_by_keyboard(app):
    """E8H-B1 / E8H-E1: every legal play from the hand — single cards, equal cards together,
    the 8 + ½ combination — and taking the pile, made with → and Enter only."""
    def rich(st, legal):
        return st.opening is None and any(
            a.kind == "play" and len(a.cards) == 2 for a in legal) and len(legal) >= 4
    match = human_match_where(rich, players=4)
    assert each_action_by_keys(app, match) >= 4


def test_combo_by_keyboard(app):
    """E8H-E1: the 8 + ½ combination by keyboard, and every other play of that turn."""
    def combo(st, legal):
        return any(a.kind == "play" and Counter(a.cards) == Counter(("8", "h")) for a in legal)
    match = human_match_where(combo)
    assert each_action_by_keys(app, match) >= 2


def catching_cards_picked(app) -> tuple[Match, EightHalfTableScene, Action, Hit]:
    """The "wanted" sample on its table, the catching cards picked by keyboard (nothing played)
    and the focus on a picked card: (match, table, the catch, that card's hit)."""
    match, _ = sample_match("wanted", 1)
    catch = next(a for a in match.state.legal_actions() if a.kind == "catch")
    table = open_table(app, match)
    n = len(match.history)
    for face in catch.cards:
        pick_by_keys(app, table, face)
    assert len(match.history) == n
    card = focus_to(app, table, lambda h: h.key.startswith("hand:") and
                    int(h.key.partition(":")[2]) in table.pick)
    return match, table, catch, card


def test_catch_or_play_on_by_keyboard(app):
    """E8H-W1: with the catching card picked, Enter does not decide between the catch and the
    plain play: it moves the focus to the catch button, and Enter there catches (→ first to
    play on without catching). Every other action of that turn works by keyboard too."""
    match, table, catch, _ = catching_cards_picked(app)
    n = len(match.history)
    key(app, ENTER)
    if len(match.history) == n:  # both a catch and a plain play: the choice is a button's
        assert focused(table).key == "btn:catch"
        key(app, ENTER)
    assert match.history[-1] == catch
    app.stack.scenes.remove(table)
    match, _ = sample_match("wanted", 1)
    assert each_action_by_keys(app, match) >= 3


def test_open_cards_with_a_catch_by_keyboard(app):
    """E8H-T1 / E8H-W1: an open card that may catch or play on: Enter chooses it, Enter moves
    the focus to its buttons, Enter there decides. Both ways work by keyboard alone."""
    def open_catch(st, legal):
        return any(a.kind == "catch_open" for a in legal) and any(
            a.kind == "play_open" for a in legal)
    match = human_match_where(open_catch, players=3, seeds=range(1, 900))
    assert each_action_by_keys(app, match, ("catch_open", "play_open")) >= 2


def test_table_cards_and_blind_cards_by_keyboard(app):
    """E8H-T1: open cards one a turn, and a blind card, by keyboard."""
    match, _ = sample_match("table_cards", 1)
    assert each_action_by_keys(app, match) >= 1
    match = human_match_where(lambda st, legal: any(a.kind == "play_blind" for a in legal))
    assert each_action_by_keys(app, match) >= 1


def test_swap_by_keyboard(app):
    """E8H-X1: the winner's swap and the refusal, by keyboard: Enter on an own open card moves
    the focus to the other player's cards."""
    match, _ = sample_match("swap", 1)
    assert each_action_by_keys(app, match) >= 2


def test_enter_on_a_picked_card_that_is_no_play_alone_puts_it_back(app):
    """Enter never plays what is not a legal play: a picked card that cannot be played by
    itself (only in a group) is put back by Enter, nothing is submitted."""
    def partial(st, legal):
        groups = [a for a in legal if a.kind == "play" and len(a.cards) >= 2]
        singles = {a.cards for a in legal if a.kind in ("play", "catch")}
        return any((c,) not in singles for g in groups for c in g.cards)
    match = human_match_where(partial, players=4, seeds=range(1, 900))
    legal = match.state.legal_actions()
    singles = {a.cards for a in legal if a.kind in ("play", "catch")}
    face = next(c for g in legal if g.kind == "play" and len(g.cards) >= 2 for c in g.cards
                if (c,) not in singles)
    table = open_table(app, match)
    n = len(match.history)
    pick_by_keys(app, table, face)
    assert len(table.pick) == 1 and len(match.history) == n
    key(app, ENTER)  # the focus is still on the picked card
    assert table.pick == [] and len(match.history) == n


def test_keyboard_only_player_finishes_a_match(app):
    """A whole 3-player deal played by a keyboard-only person: → to a random hit, Enter —
    every submitted action is legal and the match ends (no Enter loop gets stuck)."""
    import random
    rng = random.Random(3)
    seats = [Seat(kind="human", name="甲")] + [Seat(kind="ai", name=f"AI{i}", agent="easy")
                                               for i in (1, 2)]
    match = Match(SPEC, 11, 3, {"deals": 1}, seats)
    table = app.push(table_for(app, cls=EightHalfTableScene, match=match, autosave=False))
    app.speed_factor = 30
    presses = 0
    for _ in range(30000):
        top: Any = app.stack.top
        if top is table and table.human_turn():
            hits = table.current_hits()
            if hits:
                key(app, pygame.K_RIGHT if rng.random() < 0.5 else ENTER)
                presses += 1
        app.step(1 / 60)
        if match.state.is_terminal():
            break
        if app.future_pending():
            import time
            time.sleep(0.0005)
    assert match.state.is_terminal(), "the keyboard-only player got stuck"
    assert presses > 10


def test_keyboard_focus_shows_on_the_catch_button_while_the_mouse_rests_on_a_card(app):
    """Play test 6: after Enter moved the focus to 「抓 X！」 neither button looked focused: the
    mouse resting on the picked card kept the highlight. The last used device wins, and the
    focused button gets a ring."""
    from cardtable.ui import gfx
    from cardtable.ui.tables import eight_half_table as e8t
    match, table, _, card = catching_cards_picked(app)
    n = len(match.history)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=card.rect.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    key(app, ENTER)
    # this sample's catch has a plain play beside it: Enter moves to the buttons, plays nothing
    assert len(match.history) == n
    assert focused(table).key == "btn:catch"
    rings: list[pygame.Rect] = []
    real = e8t.gfx.rect

    def spy(surf, color, rect, *args, **kwargs):
        if color == e8t.theme.HIGHLIGHT:
            rings.append(pygame.Rect(rect))
        return real(surf, color, rect, *args, **kwargs)

    e8t.gfx.rect = spy
    try:
        table._buttons(gfx.Surface((1280, 720)), "btn:catch")
    finally:
        e8t.gfx.rect = real
    catch_rect = table.button_rects(len(table.button_specs()))[0]
    assert any(r.contains(catch_rect) and r != catch_rect for r in rings)
    # the highlight follows the keyboard, not the card under the mouse
    frames(app, 1)
    buttons = next(p for p in table._parts() if p.name == "buttons")
    assert buttons.sig[1] == "btn:catch"
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=card.rect.center, rel=(1, 0),
                                    buttons=(0, 0, 0)))  # the mouse moves: it wins again
    frames(app, 1)
    buttons = next(p for p in table._parts() if p.name == "buttons")
    assert buttons.sig[1] != "btn:catch"
