"""Replayer: stepping and seeking through a record equals the live game, for every game."""

from __future__ import annotations

import random

import pytest

from cardtable.core.game import OMNISCIENT
from cardtable.history.replay import Replayer
from tests.history.helpers import GAME_IDS, new_match, play_random, viewers


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_equals_the_live_game(game_id: str) -> None:
    match = new_match(game_id, 21)
    rng = random.Random(21)
    views = {0: {v: match.state.view(v) for v in viewers(match.num_players)}}
    while not match.state.is_terminal():
        match.submit(rng.choice(match.state.legal_actions()))
        if rng.random() < 0.1 or match.state.is_terminal():
            views[len(match.history)] = {v: match.state.view(v) for v in viewers(match.num_players)}
    r = Replayer(match.record(), snapshot_every=16)
    assert [e.to_json() for e in r.last_events] == \
        [e.to_json() for e in match.log[:match.marks[0]]]
    for i in range(r.total):
        events = r.step()
        assert [e.to_json() for e in events] == [e.to_json() for e in match.action_events(i)]
        if r.position in views:
            for v, view in views[r.position].items():
                assert r.view(v) == view
    assert r.at_end and r.step() == []
    for n in rng.sample(sorted(views), min(6, len(views))):
        r.seek(n)
        assert r.position == n
        for v, view in views[n].items():
            assert r.view(v) == view
    assert r.can_show_all and OMNISCIENT in r.allowed_viewers()


def test_unfinished_record_never_shows_every_hand() -> None:
    match = play_random(new_match(GAME_IDS[0], 3), 3, max_steps=5)
    r = Replayer(match.record())
    r.seek(3)
    assert not r.can_show_all and r.position == 3
    assert OMNISCIENT not in r.allowed_viewers()
    with pytest.raises(PermissionError):
        r.view(OMNISCIENT)
    r.back()
    assert r.position == 2 and r.view(0) == match.truncated(2).state.view(0)
