"""A hint moves the keyboard focus to the hinted move (issue 33, Hints): H then Enter takes the
hinted move, in every game; a choice in steps (a card, then its target; 8½'s cards one by one,
then the play button; a Tanto Cuore card, then which of its moves) is focused step by step, so
Enter, Enter takes it. On main the focus stayed where it was: Cirno's ring on +6 and Enter
played +1, Wizard's 綠9 hinted and 綠3 played, Tanto Cuore's 2 愛心 hinted and 1 愛心 hired."""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from cardtable.coach import hints as hints_module
from cardtable.coach.hints import Hint, move_msg
from cardtable.core.actions import Action
from cardtable.core.events import Msg
from cardtable.core.match import Match, Seat
from cardtable.games import GAME_IDS, get_spec, registration
from cardtable.ui.autoplay import frames, key
from tests.hosting import match_of, table_for

PLAYERS = {g: registration(g).coverage.table_players for g in GAME_IDS}


def decision(app: Any, game: str, want: Callable[[Any], bool], seeds: int = 60) -> Any:
    """A table (seat 0 a person, the others computers) at a decision of the person's where
    `want(table)` holds, reached by random moves from fresh games."""
    n = PLAYERS[game]
    seats = [Seat(kind="human", name="人")] + [Seat(kind="ai", name=f"電腦{i}", agent="easy")
                                                 for i in range(1, n)]
    for seed in range(seeds):
        rng = random.Random(seed)
        match = Match(get_spec(game), seed, n, {}, seats)
        for _ in range(rng.randrange(0, 40)):
            if match.state.is_terminal():
                break
            legal = match.state.legal_actions()
            match.submit(legal[rng.randrange(len(legal))])
        state = match.state
        if state.is_terminal() or state.current_player() != 0:
            continue
        table = app.push(table_for(app, match=match, autosave=False))
        table.director.clear()
        table.snap()
        frames(app, 1)
        if table.human_turn() and want(table):
            return table
        app.stack.scenes.remove(table)
    raise AssertionError(f"no decision found ({game})")


def show_hint(table: Any, action: Action) -> None:
    """The host's update for this decision now carries a hint naming `action` (as when the
    hint the person asked for arrives)."""
    assert action in match_of(table).state.legal_actions()
    hint = Hint(table.info.game_id, action, move_msg(table.info.game_id, action),
                Msg("coach.hint.forced", {}))
    v = table.eff_viewer
    table.latest[v] = dataclasses.replace(table.latest[v], hint=hint)


def enter_until_played(app: Any, table: Any, limit: int = 4) -> tuple[Action, int]:
    """Enter, one press a frame, until the person's decision is made: what was played and
    how many presses it took."""
    match = match_of(table)
    n = len(match.history)
    for presses in range(1, limit + 1):
        key(app, pygame.K_RETURN)
        frames(app, 1)
        if len(match.history) > n:
            return match.history[n], presses
    raise AssertionError(f"{limit} presses of Enter played nothing")


def last_single(table: Any) -> Action | None:
    """The action of the last hit in keyboard order that plays one move outright (not the
    one the focus starts on; not Tanto Cuore's 結束這回合, which asks to be confirmed)."""
    hits = table.current_hits()
    singles = [h for h in hits[1:] if len(h.actions) == 1 and h.actions[0] not in hits[0].actions
               and h.actions[0].kind != "done"]
    return singles[-1].actions[0] if singles else None


@pytest.mark.parametrize("game", sorted(GAME_IDS))
def test_enter_takes_the_hinted_move(app, game):
    table = decision(app, game, lambda t: last_single(t) is not None)
    hinted = last_single(table)
    assert hinted is not None
    first = table.current_hits()[0]
    assert first.actions != [hinted]  # Enter on the focus as it was would play another move
    show_hint(table, hinted)
    frames(app, 1)
    assert table.focus_model.current(table.current_hits()).actions == [hinted]
    played, presses = enter_until_played(app, table)
    assert played == hinted and presses == 1


def _multi(table: Any) -> Action | None:
    """A move reached in steps: the last action of the last hit that stands for several
    (choosing it asks for the rest), never one a single hit plays outright."""
    hits = table.current_hits()
    outright = {h.actions[0] for h in hits if len(h.actions) == 1}
    for h in reversed(hits):
        rest = [a for a in h.actions if a not in outright]
        if len(h.actions) >= 2 and rest:
            return rest[-1]
    return None


# Wizard has no choice in steps (a card or a bid is one click)
@pytest.mark.parametrize("game", ["cirno", "eight_half", "tanto_cuore"])
def test_a_choice_in_steps_is_focused_step_by_step(app, game):
    table = decision(app, game, lambda t: _multi(t) is not None, seeds=200)
    hinted = _multi(table)
    assert hinted is not None
    show_hint(table, hinted)
    played, presses = enter_until_played(app, table, limit=6)
    assert played == hinted
    assert presses >= 2  # each step was one Enter on the focused step


def test_cirno_shot_at_the_hinted_seat(app):
    """SHOT is a card, then a seat: Enter chooses the card, and the focus moves to the seat
    the hint names (not the first seat), where Enter plays it."""
    def shot(t: Any) -> bool:
        shots = [a for a in t.legal if a.card == "SHOT"]
        return len(shots) >= 2
    table = decision(app, "cirno", shot, seeds=300)
    shots = [a for a in table.legal if a.card == "SHOT"]
    aim = shots[-1]
    show_hint(table, aim)
    frames(app, 1)
    assert table.focus_model.current(table.current_hits()).key.startswith("hand:")
    key(app, pygame.K_RETURN)  # the card
    frames(app, 1)
    assert table.selected is not None
    assert table.focus_model.current(table.current_hits()).key == f"target:{aim.target}"
    played, presses = enter_until_played(app, table, limit=1)
    assert played == aim


def test_eight_half_two_of_a_kind(app):
    """A hinted play of two equal cards: Enter picks the first, the focus moves to the second,
    Enter picks it, the focus moves to 出牌, Enter plays both."""
    def pair(t: Any) -> bool:
        return any(a.kind == "play" and len(a.cards) == 2 and a.cards[0] == a.cards[1]
                   for a in t.legal)
    table = decision(app, "eight_half", pair, seeds=300)
    both = next(a for a in table.legal if a.kind == "play" and len(a.cards) == 2
                and a.cards[0] == a.cards[1])
    show_hint(table, both)
    played, presses = enter_until_played(app, table, limit=5)
    assert played == both
    assert presses == 3


def test_arrow_keys_after_a_hint_are_the_persons(app):
    """Once the focus is on the hinted move, → moves it on as always (the hint does not pull it
    back while the offer is the same): Enter then plays what the person chose."""
    table = decision(app, "wizard", lambda t: last_single(t) is not None
                     and len(t.current_hits()) >= 3)
    hits = table.current_hits()
    hinted = hits[-2].actions[0]
    show_hint(table, hinted)
    frames(app, 1)
    key(app, pygame.K_RIGHT)
    frames(app, 2)
    chosen = table.focus_model.current(table.current_hits())
    assert chosen.key == hits[-1].key
    played, _ = enter_until_played(app, table, limit=1)
    assert played == hits[-1].actions[0]


def test_h_then_enter_takes_the_hint_that_came_from_the_host(app, monkeypatch):
    """The whole path: H asks the host, the hint comes from the AI thread, and Enter plays it
    (the hint here names the last card, so the focus had to move)."""
    table = decision(app, "cirno", lambda t: last_single(t) is not None)
    hinted = last_single(table)
    assert hinted is not None
    _hint_from_host(app, table, monkeypatch, hinted)
    played, presses = enter_until_played(app, table, limit=1)
    assert played == hinted


def _hint_from_host(app: Any, table: Any, monkeypatch: Any, hinted: Action) -> None:
    """H asks the host (through the table's own path); the hint it sends back names
    `hinted` (the AI is replaced by a fixed answer)."""
    def fake(game_id: str, view: Any, legal: Any, seed: int) -> Hint:
        return Hint(game_id, hinted, move_msg(game_id, hinted), Msg("coach.hint.forced", {}))
    monkeypatch.setattr(hints_module, "compute_hint", fake)
    key(app, pygame.K_h)
    end = time.monotonic() + 20
    while table.hint is None and time.monotonic() < end:
        app.step(1 / 60)
        time.sleep(0.002)
    assert table.hint is not None and table.hint.action == hinted
    frames(app, 1)


def _focused(table: Any) -> Any:
    return table.focus_model.current(table.current_hits())


@pytest.mark.parametrize("game", sorted(GAME_IDS))
def test_a_second_h_brings_the_focus_back_to_the_hint(app, game, monkeypatch):
    """Play test (issue 33): with the hint up the person looked around with ← → and pressed H
    again; the ring stayed on the hinted card, the focus did not come back, and Enter played
    the other card (Wizard 紅2 for the hinted 紅12, Cirno SHOT for +4). Every H puts the focus
    on the hinted move, so H then Enter always takes it."""
    table = decision(app, game, lambda t: last_single(t) is not None)
    hinted = last_single(table)
    assert hinted is not None
    _hint_from_host(app, table, monkeypatch, hinted)
    assert _focused(table).actions == [hinted]
    for _ in range(len(table.current_hits())):  # the person looks elsewhere
        key(app, pygame.K_LEFT)
        frames(app, 1)
        if _focused(table).actions != [hinted]:
            break
    assert _focused(table).actions != [hinted]
    key(app, pygame.K_h)  # asks again: the same hint, and the focus back on it
    frames(app, 1)
    assert table.hint is not None and table.hint.action == hinted
    assert _focused(table).actions == [hinted]
    played, presses = enter_until_played(app, table, limit=1)
    assert played == hinted


def test_a_second_h_puts_back_a_first_step_of_another_move(app, monkeypatch):
    """Cirno: the person chose SHOT (its target is asked) although the hint names another
    card; H again puts SHOT back and focuses the hinted card, and Enter plays it."""
    def shot_and_other(t: Any) -> bool:
        return (any(a.card == "SHOT" for a in t.legal)
                and any(a.card != "SHOT" and a.kind == "play" for a in t.legal))
    table = decision(app, "cirno", shot_and_other, seeds=300)
    hinted = next(a for a in table.legal if a.card != "SHOT" and a.kind == "play")
    _hint_from_host(app, table, monkeypatch, hinted)
    shot = next(h for h in table.current_hits()
                if any(getattr(a, "card", None) == "SHOT" for a in h.actions))
    table.choose(shot)
    frames(app, 1)
    assert table.selected == shot.key
    key(app, pygame.K_h)
    frames(app, 1)
    assert table.selected is None
    assert hinted in _focused(table).actions
    played, _ = enter_until_played(app, table, limit=2)
    assert played == hinted
