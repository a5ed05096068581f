"""Wire-ready models (issue 30): an event round-trips through JSON with its messages typed, the
strict action model refuses malformed input at the door, and every update of every game comes
back as it went (views in their game's view type)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardtable.core.actions import Action, ActionFormatError
from cardtable.core.events import Event, Msg, announce
from cardtable.core.match import Match, Seat
from cardtable.games import GAME_IDS, get_spec
from cardtable.host.host import MatchHost
from cardtable.host.wire import decode_info, decode_update, encode_info, encode_update
from tests.host.test_match_host import computers, players


def test_an_event_comes_back_with_its_messages_typed() -> None:
    e = Event("announce", {"msg": Msg("a.b", {"reason": Msg("c.d", {"n": 2}), "who": (1, 2)})},
              {"cards": ("+1",)}, frozenset({0}))
    back = Event.from_json(json.loads(json.dumps(e.to_json())))
    msg = back.data["msg"]
    assert isinstance(msg, Msg) and isinstance(msg.params["reason"], Msg)  # not plain dicts
    assert msg.params["reason"] == Msg("c.d", {"n": 2}) and back.audience == frozenset({0})
    assert back.to_json() == e.to_json()
    assert Event.from_json(announce("x.y", player=1).to_json()) == announce("x.y", player=1)


@pytest.mark.parametrize("bad", [
    {"kind": 5, "cards": "abc"},           # the example: no action at all
    {"kind": "play", "cards": "abc"},      # a string is not a list of faces
    {"kind": "play", "target": True},      # a bool is not a seat
    {"kind": "play", "target": -1},
    {"kind": "play", "x": 1},              # no unknown fields
    {"card": "+3"},                        # no kind
    {"kind": "Play!"},
    {"kind": "play", "card": "x" * 41},
    {"kind": "play", "cards": ["1"] * 81},
    {"kind": "bid", "value": 10**9},
    {"kind": "bid", "value": [1]},
    "play", 5, None, [],
])
def test_the_strict_action_model_refuses_malformed_input(bad: Any) -> None:
    with pytest.raises(ActionFormatError):
        Action.from_json(bad)


def test_every_action_of_every_game_passes_the_model() -> None:
    for game in GAME_IDS:
        n = players(game)
        state, _ = get_spec(game).new_game(3, n, {})
        rng = random.Random(3)
        for _ in range(300):
            if state.is_terminal():
                break
            for a in state.legal_actions():
                assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_update_round_trips(game: str) -> None:
    n = players(game)
    match = Match(get_spec(game), 8, n, {}, [Seat(kind="human", name="甲"), *[Seat()] * (n - 1)])
    host = MatchHost(match, computers(n), undo_rule="off")
    got: list[Any] = []
    for v in (None, *range(n)):
        host.subscribe(v, got.append)
    host.run(max_actions=150)
    assert len(got) > 100
    for u in got:
        back = decode_update(json.loads(json.dumps(encode_update(u, game))), game)
        assert back.view == u.view and back.legal == u.legal and back.summary == u.summary
        assert [e.to_json() for e in back.events] == [e.to_json() for e in u.events]
        assert (back.seq, back.viewer, back.acting, back.actor, back.reset) == \
            (u.seq, u.viewer, u.acting, u.actor, u.reset)
    info = host.table_info([0])
    assert decode_info(json.loads(json.dumps(encode_info(info)))) == info
    with pytest.raises(ValueError):
        decode_update({"seq": 1}, game)
    with pytest.raises(ValueError):
        decode_update({**encode_update(got[0], game), "view": {"nonsense": 1}}, game)
