"""Cirno: an illegal action raises IllegalActionError naming it and the phase; nothing changes."""

from __future__ import annotations

import random

import pytest

from cardtable.core.actions import Action
from cardtable.core.errors import IllegalActionError
from cardtable.core.game import OMNISCIENT
from cardtable.games.cirno.rules import SPEC, CirnoState

from .scenarios import advanced, build, play, run, use


def snapshot(s: CirnoState) -> tuple[object, ...]:
    return (s.view(OMNISCIENT), s.deck.copy(), s.comp_deck.copy(), s.rng.getstate(),
            repr(s.pending), s.turns, s.last_loser)


def assert_illegal(s: CirnoState, action: Action) -> None:
    before = snapshot(s)
    with pytest.raises(IllegalActionError) as info:
        s.apply(action)
    err = info.value
    assert err.action == action and err.phase == s.phase
    assert repr(action) in str(err) and repr(s.phase) in str(err)
    assert err.player == s.current_player()
    assert snapshot(s) == before


@pytest.mark.parametrize("action", [
    play("+8"),  # not in hand
    play("SHOT"),  # SHOT without a target
    play("SHOT", 0),  # SHOT at yourself
    play("SHOT", 7),  # no such player
    play("+1", 2),  # a target on a plain card
    Action("take", "+1"),  # wrong phase
    Action("pass", "+1"),
    Action("discard", "+1"),
    use("melting"),  # basic game: no companion use
    Action("nonsense"),
])
def test_cirno_illegal_play_phase(action: Action) -> None:
    s = build(3, hands=[["+1", "SHOT", "DOUBLE"], ["+2"] * 3, ["+3"] * 3],
              comp_held=[["melting"], [], []])
    assert_illegal(s, action)


def test_cirno_illegal_companion_actions() -> None:  # CIRNO-A2
    s = build(3, hands=[["+1", "+2", "+3"], ["+4"] * 3, ["+5"] * 3], options=advanced(),
              comp_held=[["scoop", "l_or_r"], ["melting"], []], used_this_round=[False] * 3)
    for action in (use("melting"), use("scoop"), use("scoop", 0), use("l_or_r"),
                   use("l_or_r", value="up"), use("draw")):
        assert_illegal(s, action)
    run(s, use("scoop", 1))
    for action in (Action("take", "+1"), Action("give", "+4"), play("+1"), use("l_or_r",
                                                                             value="left")):
        assert_illegal(s, action)
    run(s, Action("take", "+4"))
    assert_illegal(s, Action("give", "+5"))
    assert_illegal(s, Action("take", "+4"))


def test_cirno_illegal_after_the_game_is_over() -> None:
    state, _ = SPEC.new_game(3, 2)
    rng = random.Random(3)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert state.phase == "game_over"
    assert_illegal(state, play("+1"))


def test_cirno_illegal_never_substitutes_in_random_states() -> None:
    rng = random.Random(8)
    tried = 0
    for seed in range(20):
        state, _ = SPEC.new_game(seed, 2 + seed % 7, {"advanced": True})
        while not state.is_terminal():
            legal = state.legal_actions()
            # a card face the player does not hold (if any), in the current phase's kind
            kind = legal[0].kind
            missing = [f for f in ("+1", "+8", "9", "PASS", "TURN", "DOUBLE")
                       if all(a.card != f for a in legal)]
            if missing and rng.random() < 0.2:
                assert_illegal(state, Action(kind, missing[0], target=legal[0].target,
                                             value=legal[0].value))
                tried += 1
            state.apply(legal[rng.randrange(len(legal))])
    assert tried > 100
