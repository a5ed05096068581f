"""Cirno's advanced game: the normal and hard levels use each of the eight companion powers
(CIRNO-A3) where it is clearly the best move, aimed at the player who plays next.

Every scenario: 3 players, seat 0 to play at total 10 (limit 12) with a hand of number cards
that all bust, so without a companion seat 0 takes a companion card this round.
"""

from __future__ import annotations

import pytest

from cardtable.core.actions import Action
from cardtable.core.rng import GameRng
from cardtable.games import make_agent
from cardtable.games.cirno.rules import LOR_PASS, PICK_DISCARD, PICK_KEEP, SCOOP_GIVE, SCOOP_TAKE
from tests.games.cirno.scenarios import advanced, build, use

BUSTING = ["+5", "+6", "+7"]
LEVELS = ["normal", "hard"]


def _table(held: list[str], hand: list[str] | None = None, direction: int = 1,
           others: tuple[list[str], list[str]] = (["+1", "+2", "PASS"], ["-1", "+3", "+4"]),
           **kw):  # noqa: ANN003, ANN202
    return build(3, hands=[hand or BUSTING, *others], comp_held=[held, [], []], total=10,
                 direction=direction, options=advanced(), **kw)


def _choice(level: str, state, seed: int = 1) -> Action:  # noqa: ANN001
    me = state.current_player()
    agent = make_agent("cirno", level, seed)
    return agent.choose(state.view(me), state.legal_actions(), GameRng(seed))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("face", ["melting", "all_draw", "draw", "pick_out", "twenty"])
def test_an_untargeted_power_is_used_when_every_card_busts(level: str, face: str) -> None:
    state = _table([face])
    assert _choice(level, state) == use(face)


@pytest.mark.parametrize("level", LEVELS)
def test_draw_is_preferred_to_a_plain_pass_when_the_hand_has_no_escape(level: str) -> None:
    """Draw throws the busting hand away for three new cards; Melting keeps it."""
    assert _choice(level, _table(["melting", "draw"])) == use("draw")


@pytest.mark.parametrize("level", LEVELS)
def test_twenty_is_used_before_a_pass_card(level: str) -> None:
    """Twenty makes the busting numbers safe (limit 20) and keeps the PASS for later; a PASS
    now leaves three busting cards in hand at limit 12. In the last round (one companion
    card left when it began) Twenty has no later use either."""
    state = _table(["twenty"], hand=["PASS", "+5", "+6"], comp_deck=["melting"])
    assert _choice(level, state) == use("twenty")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("direction, nxt", [(1, 1), (-1, 2)])
def test_change_hands_the_busting_hand_to_the_next_player(level: str, direction: int,
                                                          nxt: int) -> None:
    """The next player must play at this same total: with my three busting cards."""
    state = _table(["change"], direction=direction)
    assert _choice(level, state) == use("change", target=nxt)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("direction, value", [(1, "left"), (-1, "right")])
def test_l_or_r_passes_toward_the_next_player(level: str, direction: int, value: str) -> None:
    state = _table(["l_or_r"], direction=direction)
    action = _choice(level, state)
    assert action == use("l_or_r", value=value)
    state.apply(action)
    assert state.phase == LOR_PASS and state.current_player() == 0


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("direction, nxt", [(1, 1), (-1, 2)])
def test_scoop_takes_the_next_players_escape(
        level: str, direction: int, nxt: int) -> None:
    """Scoop saves seat 0 and takes an escape from a player. The normal level aims it at the
    next player (who must play at this total); the hard level, which cannot see the hands
    before scooping, finds both targets within a point of each other in its search (0.67 to
    0.69 over 256 deals) and may take either, so only its use is asserted."""
    weak, safe = ["+4", "+8", "PASS"], ["-1", "+3", "PASS"]
    others = (weak, safe) if nxt == 1 else (safe, weak)
    state = _table(["scoop"], direction=direction, others=others)
    action = _choice(level, state)
    if level == "normal":
        assert action == use("scoop", target=nxt)
    else:
        assert action.kind == "companion" and action.card == "scoop"
    state.apply(action)
    assert state.phase == SCOOP_TAKE
    take = _choice(level, state)
    # an escape: the PASS (or, from the safe hand, the -1), never a card busting at 10
    assert take.card in (("PASS",) if action.target == nxt else ("PASS", "-1"))
    state.apply(take)
    assert state.phase == SCOOP_GIVE


@pytest.mark.parametrize("level", LEVELS)
def test_pick_out_keeps_the_escape_drawn_and_discards_a_busting_card(level: str) -> None:
    state = _table(["pick_out"], deck=["+8", "PASS", "+4"])
    action = _choice(level, state)
    assert action == use("pick_out")
    state.apply(action)
    assert state.phase == PICK_KEEP
    keep = _choice(level, state)
    assert keep.card == "PASS"
    state.apply(keep)
    assert state.phase == PICK_DISCARD
    assert _choice(level, state).card != "PASS"


def test_the_measurement_variant_never_uses_a_companion() -> None:
    """`hard_no_companions` (for `cardtable simulate` only) is the hard level forbidden to use
    companion powers: even where one would save it, it plays a card."""
    from cardtable.games import agent_names, all_agent_names

    assert "hard_no_companions" in all_agent_names("cirno")
    assert "hard_no_companions" not in agent_names("cirno")  # not a level, not in the tournament
    state = _table(["melting", "twenty"])
    action = _choice("hard_no_companions", state)
    assert action.kind == "play" and action.card in BUSTING
