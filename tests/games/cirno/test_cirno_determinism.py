"""Cirno determinism: same seed + same actions = same events and views; record and replay."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from cardtable.core.actions import Action
from cardtable.core.game import OMNISCIENT
from cardtable.core.match import Match, MatchRecord, Seat
from cardtable.games.cirno.rules import SPEC, CirnoState

VIEWERS = (None, OMNISCIENT, 0, 1)


def random_actions(seed: int, n: int, options: dict[str, object], limit: int = 400
                   ) -> list[Action]:
    state, _ = SPEC.new_game(seed, n, options)
    rng = random.Random(seed)
    actions: list[Action] = []
    while not state.is_terminal() and len(actions) < limit:
        legal = state.legal_actions()
        a = legal[rng.randrange(len(legal))]
        state.apply(a)
        actions.append(a)
    return actions


def replay(seed: int, n: int, options: dict[str, object], actions: list[Action]
           ) -> tuple[CirnoState, list[dict[str, object]]]:
    state, events = SPEC.new_game(seed, n, options)
    for a in actions:
        events += state.apply(a)
    return state, [e.to_json() for e in events]


@pytest.mark.parametrize(("seed", "n", "options"), [
    (1, 2, {}), (2, 4, {"advanced": True}), (3, 6, {"advanced": True, "double_reading": "first"}),
    (4, 8, {"limit": 15}),
])
def test_cirno_same_seed_same_actions_same_log_and_views(seed: int, n: int,
                                                         options: dict[str, object]) -> None:
    actions = random_actions(seed, n, options)
    s1, log1 = replay(seed, n, options, actions)
    s2, log2 = replay(seed, n, options, actions)
    assert log1 == log2
    for viewer in (*VIEWERS, n - 1):
        assert s1.view(viewer) == s2.view(viewer)
    assert s1.rng.getstate() == s2.rng.getstate()


def test_cirno_different_seed_different_deal() -> None:
    deals = {tuple(tuple(h) for h in SPEC.new_game(seed, 4)[0].hands) for seed in range(10)}
    assert len(deals) == 10


def test_cirno_clone_is_independent_and_equal() -> None:
    state, _ = SPEC.new_game(5, 4, {"advanced": True})
    rng = random.Random(5)
    for _ in range(25):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    copy = state.clone()
    assert copy.view(OMNISCIENT) == state.view(OMNISCIENT)
    assert copy.legal_actions() == state.legal_actions()
    a = state.legal_actions()[0]
    ev1 = [e.to_json() for e in state.apply(a)]
    ev2 = [e.to_json() for e in copy.apply(a)]
    assert ev1 == ev2  # the RNG was cloned too
    assert copy.view(OMNISCIENT) == state.view(OMNISCIENT)
    # and changing one leaves the other alone
    before = copy.view(OMNISCIENT)
    state.apply(state.legal_actions()[0])
    assert copy.view(OMNISCIENT) == before


@pytest.mark.parametrize(("seed", "n", "options"), [
    (11, 3, {}), (12, 5, {"advanced": True}), (13, 7, {"advanced": True, "limit": 20}),
])
def test_cirno_match_record_json_replay(seed: int, n: int, options: dict[str, object]) -> None:
    seats = [Seat(kind="human", name="阿琪"), *[Seat(agent="easy") for _ in range(n - 1)]]
    match = Match(SPEC, seed, n, options, seats)
    rng = random.Random(seed)
    while not match.state.is_terminal() and len(match.history) < 300:
        legal = match.state.legal_actions()
        match.submit(legal[rng.randrange(len(legal))])
    text = match.record().model_dump_json()
    record = MatchRecord.model_validate_json(text)
    assert record.game_id == "cirno" and record.seats == seats
    again = Match.from_record(record)
    assert [e.to_json() for e in again.log] == [e.to_json() for e in match.log]
    assert again.history == match.history and again.marks == match.marks
    for viewer in (*VIEWERS, n - 1):
        assert again.state.view(viewer) == match.state.view(viewer)
        assert [e.to_json() for e in again.events_for(viewer)] == [
            e.to_json() for e in match.events_for(viewer)]
    # the record of the replay is the same record
    assert again.record() == record


GAME_DIGEST = r"""
import hashlib, json, random
from cardtable.games.cirno.rules import SPEC
state, events = SPEC.new_game(21, 5, {"advanced": True})
rng = random.Random(21)
while not state.is_terminal():
    legal = state.legal_actions()
    events += state.apply(legal[rng.randrange(len(legal))])
text = json.dumps([e.to_json() for e in events], sort_keys=True)
print(hashlib.sha256(text.encode()).hexdigest(), len(events))
"""


def test_cirno_determinism_does_not_depend_on_hash_seed() -> None:
    digests = set()
    for hash_seed in ("0", "12345"):
        proc = subprocess.run([sys.executable, "-c", GAME_DIGEST], capture_output=True,
                              text=True, timeout=120, check=True,
                              env={**os.environ, "PYTHONHASHSEED": hash_seed})
        digests.add(proc.stdout.strip())
    assert len(digests) == 1, digests
