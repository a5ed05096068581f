"""Whole games through the scenes with synthetic input, to the final results screen."""

from __future__ import annotations

import pytest

from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.ui.autoplay import Player, run_until
from cardtable.ui.launch import start_demo
from cardtable.ui.scenes.results import ResultsScene
from tests.hosting import match_of, table_for


def test_four_player_hotseat_game_to_results(app):
    seats = [Seat(kind="human", name=n) for n in ("小櫻", "阿哲", "美玲", "大熊")]
    match = Match(get_spec("cirno"), 11, 4, {}, seats)
    app.push(table_for(app, match=match))
    app.speed_factor = 20
    player = Player(3)
    run_until(app, player, 20000, lambda a: player.finished)
    assert player.finished and isinstance(app.stack.top, ResultsScene)
    assert match.state.is_terminal()
    assert player.curtains >= len(match.history) // 2  # the device was passed again and again
    assert player.rounds_seen == 3  # round summaries between the 4 rounds (CIRNO-G1)


@pytest.mark.slow
def test_demo_game_to_results(app):
    table = start_demo(app, "cirno", 4, 5, 20.0)
    player = Player(0)
    run_until(app, player, 60000, lambda a: isinstance(a.stack.top, ResultsScene)
              and a.stack.top.final)
    assert match_of(table).state.is_terminal()
    assert isinstance(app.stack.top, ResultsScene) and app.stack.top.final
