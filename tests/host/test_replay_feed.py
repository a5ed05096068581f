"""A replay is a feed (the host answering from the record): stepping and seeking through it sends
every viewer what the live game sent, for every game (issue 30: replays through the host)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.core.events import redact
from cardtable.core.game import OMNISCIENT
from cardtable.host.replay import ReplayFeed
from tests.history.helpers import GAME_IDS, new_match, play_random, viewers


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_replay_sends_what_the_live_game_sent(game_id: str) -> None:
    match = new_match(game_id, 21)
    rng = random.Random(21)
    views = {0: {v: match.state.view(v) for v in viewers(match.num_players)}}
    while not match.state.is_terminal():
        match.submit(rng.choice(match.state.legal_actions()))
        if rng.random() < 0.1 or match.state.is_terminal():
            views[len(match.history)] = {v: match.state.view(v) for v in viewers(match.num_players)}
    feed = ReplayFeed(match)
    got: dict[Any, list[Any]] = {}
    for v in viewers(match.num_players):
        assert feed.link.watch(v)
    for u in feed.link.take():  # the snapshots: the setup's events, redacted
        got.setdefault(u.viewer, []).append(u)
        assert list(u.events) == [redact(e, u.viewer) for e in match.log[:match.marks[0]]]
    for i in range(feed.total):
        assert feed.step()
        ups = feed.link.take()
        assert {u.viewer for u in ups} == set(viewers(match.num_players))
        for u in ups:
            assert u.seq == i + 1
            assert [e.to_json() for e in u.events] == \
                [redact(e, u.viewer).to_json() for e in match.action_events(i)]
            if u.seq in views:
                assert u.view == views[u.seq][u.viewer]
    assert feed.at_end and not feed.step()
    for n in rng.sample(sorted(views), min(6, len(views))):
        if n == feed.position:
            continue  # (already there: nothing is sent)
        feed.seek(n)
        snaps = {u.viewer: u for u in feed.link.take()}
        assert feed.position == n and all(s.reset for s in snaps.values())
        for v, view in views[n].items():
            assert snaps[v].view == view
    assert feed.finished and OMNISCIENT in feed.allowed_viewers()


def test_an_unfinished_record_never_shows_every_hand() -> None:
    match = play_random(new_match(GAME_IDS[0], 3), 3, max_steps=5)
    feed = ReplayFeed(match)
    feed.seek(3)
    assert not feed.finished and feed.position == 3
    assert OMNISCIENT not in feed.allowed_viewers() and not feed.link.watch(OMNISCIENT)
    feed.link.watch(0)
    feed.seek(2)
    (snap,) = [u for u in feed.link.take() if u.viewer == 0][-1:]
    assert feed.position == 2 and snap.view == match.truncated(2).state.view(0)
