"""Cirno's hard level plays for the game, not only for the round: at 3 or more players the
game is won by the fewest companion cards (CIRNO-G1/A1), so who else fails a round matters."""

from __future__ import annotations

import pytest

from cardtable.core.rng import GameRng
from cardtable.games import make_agent
from cardtable.games.cirno.ai import _future_value, round_stakes
from tests.games.cirno.scenarios import build, play

# every card busts at 11 (limit 12) except SHOT
BUSTING_OTHERS = [["+3", "+4", "+7"], ["+4", "+5", "+8"], ["+5", "+6", "+7"]]
# the discard pile holds every card that would not bust at 11: every unseen card busts
SAFE_AT_11 = (["PASS"] * 3 + ["TURN"] * 3 + ["SHOT", "DOUBLE", "DOUBLE", "9", "9", "/2", "/2"]
              + ["-1", "-1", "-2", "-2", "-3", "-3", "+1", "+1", "+1"])


def test_last_round_shares_follow_who_fails() -> None:
    # basic game, last round to play; seats 0 and 3 on 0 cards, 1 and 2 on 1 each:
    # 3 failing makes 0 the winner, 1 or 2 failing leaves 0 and 3 to a sudden death
    assert _future_value((0, 1, 1, 0), (0,) * 4, 1, False) == (0.5, 0.0, 0.0, 0.5)


def test_a_lost_game_has_nothing_at_stake() -> None:
    # basic game, last round, seat 0 on 2 cards, the others on 0 or 1: 0 cannot win
    stakes = round_stakes(4, (2, 0, 1, 1), (0,) * 4, 4, 6, False, False, (True,) * 4)
    assert stakes[0] == 0.0 and stakes[1] > 0.0


@pytest.mark.parametrize("rival", [1, 2, 3])
def test_shot_aims_at_the_rival_level_on_fewest(rival: int) -> None:
    """Last round of the basic game at 4 players; seat 0 must escape with SHOT, and whoever
    it names fails (every card not seen busts). The one other player on 0 companion cards is
    the one to name: seat 0 then wins outright, where another player failing leaves a sudden
    death between the two."""
    taken = [1, 1, 1, 1]
    taken[0] = taken[rival] = 0
    state = build(4, hands=[["SHOT", "+5", "+6"], *BUSTING_OTHERS], total=11, taken=taken,
                  round_no=4, discard=SAFE_AT_11)
    me = state.current_player()
    hard = make_agent("cirno", "hard", 1)
    action = hard.choose(state.view(me), state.legal_actions(), GameRng(1))
    assert action == play("SHOT", target=rival)
