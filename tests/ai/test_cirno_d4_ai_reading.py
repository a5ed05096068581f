"""CIRNO-D4 (revised) in the AI: the computers plan with the reading the game is played with.
The hard level's search deals the unseen cards (`InferringSpec.determinize`) and plays on
with the rules, so its states must keep the view's `double_reading`: on the seed's example
(3 -> +4 = 7 -> +2 = 9) a searched line goes on from 7 by default and from 9 under the option."""

from __future__ import annotations

import pytest

from cardtable.core.rng import GameRng
from cardtable.games.cirno.ai import HardAgent
from tests.games.cirno.scenarios import build, play, run


@pytest.mark.parametrize("reading, after", [(None, 7), ("first", 7), ("latest", 9)])
def test_cirno_d4_the_hard_search_goes_on_with_the_games_reading(reading, after) -> None:
    s = build(3, hands=[["DOUBLE", "-3", "-3"], ["+4", "+7", "9"], ["+1", "+1", "+1"]],
              deck=["+5", "+2", "+3", "+3", "+3"], total=3,
              options={} if reading is None else {"double_reading": reading})
    run(s, play("DOUBLE"), play("+4"))  # seat 1 owes its second card, holding the drawn +2
    view = s.view(1)
    assert view.options["double_reading"] == (reading or "first")
    spec = HardAgent().spec
    for k in range(6):
        searched = spec.determinize(view, GameRng(k))
        assert searched.options.double_reading == (reading or "first")
        assert searched.total == 7 and "+2" in searched.hands[1]
        searched.apply(play("+2"))
        assert searched.total == after, (k, searched.total)
