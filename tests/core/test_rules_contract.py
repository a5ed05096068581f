"""The rules contract (`cardtable.core.game`), checked once for every registered game.

Each game's registration lists the tables worth playing (`Coverage.variants`: player counts and
options whose rules take different code paths) and names its `reshuffle_hidden`. Random games
with fixed seeds are played on each variant, and along them:
- determinism: the same seed and actions give the same events, views, legal actions and RNG
  state (also under another hash seed, in a fresh interpreter);
- clone independence: a clone plays on like the original, and changing one leaves the other;
- no leak: everything a seat (or a spectator) may not see dealt again gives the identical view
  (and the reshuffle really moves hidden cards, so the check can fail);
- record round-trip: record -> JSON -> `match_from_record` replays the same log, history,
  views and per-viewer events, and gives back the same record;
- determinize fits the view: for every seat, a determinized state's view is that seat's view;
  for the seat to act, its legal actions are the real ones (a forced move: one of the same
  kind), and it plays on.

Always on: two games per variant (bounded), sampled along the way; `-m slow`: more games, every
state sampled.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.core.actions import Action
from cardtable.core.game import OMNISCIENT, GameState
from cardtable.core.match import Match, MatchRecord, Seat
from cardtable.core.rng import GameRng
from cardtable.games import GAME_IDS, get_spec, match_from_record, registration
from cardtable.games.registration import Variant, resolve

MAX_STEPS = 1500  # a bound on one game in the always-on set (every game here ends well before)
CASES = [(g, v) for g in GAME_IDS for v in registration(g).coverage.variants]
IDS = [f"{g}-{v.label}" for g, v in CASES]


def _events(events: list[Any]) -> list[dict[str, Any]]:
    return [e.to_json() for e in events]


def _viewers(n: int) -> list[int | None]:
    return [None, OMNISCIENT, *range(n)]


def random_actions(game: str, variant: Variant, seed: int, limit: int = MAX_STEPS
                   ) -> list[Action]:
    state, _ = get_spec(game).new_game(seed, variant.players, dict(variant.options))
    rng = random.Random(seed)
    actions: list[Action] = []
    while not state.is_terminal() and len(actions) < limit:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        actions.append(action)
    return actions


def states_along(game: str, variant: Variant, seed: int, every: int
                 ) -> Iterator[GameState]:
    """Every `every`-th state of a random game (its first and its last too), as clones."""
    state, _ = get_spec(game).new_game(seed, variant.players, dict(variant.options))
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal() and step < MAX_STEPS:
        if step % every == 0:
            yield state.clone()
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        step += 1
    yield state.clone()


def _every(game: str, slow: bool) -> int:
    """Sample about 40 states of an always-on game (every state in the slow set)."""
    if slow:
        return 1
    return max(1, len(random_actions(game, registration(game).coverage.variants[0], 0)) // 40)


# ------------------------------------------------------------------ determinism
def check_determinism(game: str, variant: Variant, seed: int) -> None:
    spec = get_spec(game)
    actions = random_actions(game, variant, seed)
    a, ev_a = spec.new_game(seed, variant.players, dict(variant.options))
    b, ev_b = spec.new_game(seed, variant.players, dict(variant.options))
    assert _events(ev_a) == _events(ev_b)
    for action in actions:
        assert a.legal_actions() == b.legal_actions()
        assert _events(a.apply(action)) == _events(b.apply(action))
    assert a.rng.getstate() == b.rng.getstate()
    for viewer in _viewers(variant.players):
        assert a.view(viewer) == b.view(viewer)
    assert a.is_terminal() == b.is_terminal() and a.scores() == b.scores()


@pytest.mark.parametrize(("game", "variant"), CASES, ids=IDS)
def test_same_seed_and_actions_give_the_same_game(game: str, variant: Variant) -> None:
    for seed in range(2):
        check_determinism(game, variant, seed)


def test_a_different_seed_deals_another_game() -> None:
    for game in GAME_IDS:
        players = registration(game).coverage.variants[0].players
        openings = {json.dumps(_events(get_spec(game).new_game(seed, players)[1]),
                               sort_keys=True) for seed in range(5)}
        assert len(openings) == 5, game


DIGEST = r"""
import hashlib, json, random
from cardtable.games import GAME_IDS, get_spec, registration
out = []
for game in GAME_IDS:
    variant = registration(game).coverage.variants[-1]
    state, events = get_spec(game).new_game(21, variant.players, dict(variant.options))
    rng = random.Random(21)
    while not state.is_terminal() and len(events) < 20000:
        legal = state.legal_actions()
        events += state.apply(legal[rng.randrange(len(legal))])
    text = json.dumps([e.to_json() for e in events], sort_keys=True)
    out.append(hashlib.sha256(text.encode()).hexdigest())
print(" ".join(out))
"""


def test_games_do_not_depend_on_the_hash_seed() -> None:
    digests = set()
    for hash_seed in ("0", "12345"):
        done = subprocess.run([sys.executable, "-c", DIGEST], capture_output=True, text=True,
                              timeout=300, check=True,
                              env={**os.environ, "PYTHONHASHSEED": hash_seed})
        digests.add(done.stdout.strip())
    assert len(digests) == 1, digests


# ------------------------------------------------------------------ clone
def check_clone(state: GameState) -> None:
    if state.is_terminal():
        return
    copy = state.clone()
    assert copy is not state and type(copy) is type(state)
    assert copy.view(OMNISCIENT) == state.view(OMNISCIENT)
    assert copy.legal_actions() == state.legal_actions()
    assert copy.rng.getstate() == state.rng.getstate()
    action = state.legal_actions()[0]
    assert _events(copy.apply(action)) == _events(state.apply(action))  # the RNG was cloned too
    assert copy.view(OMNISCIENT) == state.view(OMNISCIENT)
    # and changing one leaves the other alone
    before, rng_before = copy.view(OMNISCIENT), copy.rng.getstate()
    steps = 0
    while not state.is_terminal() and steps < 5:
        state.apply(state.legal_actions()[-1])
        steps += 1
    assert copy.view(OMNISCIENT) == before and copy.rng.getstate() == rng_before


@pytest.mark.parametrize(("game", "variant"), CASES, ids=IDS)
def test_a_clone_is_equal_and_independent(game: str, variant: Variant) -> None:
    every = _every(game, slow=False)
    for seed in range(2):
        for state in states_along(game, variant, seed, every):
            check_clone(state)


# ------------------------------------------------------------------ no leak
def check_no_leak(game: str, variant: Variant, seed: int, every: int) -> tuple[int, int]:
    """(checks, how many of them moved a hidden card): reshuffling what each viewer may not see
    leaves their view as it was."""
    ref = registration(game).hidden
    assert ref is not None, f"{game} names no reshuffle_hidden in its registration"
    reshuffle = resolve(ref)
    rng = random.Random(seed)
    checked = moved = 0
    for state in states_along(game, variant, seed, every):
        omni = state.view(OMNISCIENT)
        for viewer in (None, *range(state.num_players)):
            other = reshuffle(state, viewer, rng)
            assert other.view(viewer) == state.view(viewer), (game, state.phase, viewer)
            moved += other.view(OMNISCIENT) != omni
            checked += 1
        assert state.view(OMNISCIENT) == omni  # the reshuffle worked on a copy
    return checked, moved


@pytest.mark.parametrize(("game", "variant"), CASES, ids=IDS)
def test_reshuffling_everything_hidden_leaves_every_view_alone(game: str,
                                                               variant: Variant) -> None:
    checked = moved = 0
    for seed in range(2):
        c, m = check_no_leak(game, variant, seed, _every(game, slow=False))
        checked, moved = checked + c, moved + m
    assert moved > checked // 3  # the reshuffle really moved hidden cards


# ------------------------------------------------------------------ records
def check_record_round_trip(game: str, variant: Variant, seed: int) -> None:
    n = variant.players
    seats = [Seat(kind="human", name="阿琪"), *[Seat(agent="easy") for _ in range(n - 1)]]
    match = Match(get_spec(game), seed, n, dict(variant.options), seats)
    for action in random_actions(game, variant, seed):
        match.submit(action)
    text = match.record().model_dump_json()
    record = MatchRecord.model_validate_json(text)
    assert record.game_id == game and record.seats == seats
    again = match_from_record(record)
    assert _events(again.log) == _events(match.log)
    assert again.history == match.history and again.marks == match.marks
    assert again.actors == match.actors and again.random_steps == match.random_steps
    for viewer in _viewers(n):
        assert again.state.view(viewer) == match.state.view(viewer)
        assert _events(again.events_for(viewer)) == _events(match.events_for(viewer))
    assert again.record() == record  # the record of the replay is the same record


@pytest.mark.parametrize(("game", "variant"), CASES, ids=IDS)
def test_a_record_replays_the_same_game(game: str, variant: Variant) -> None:
    check_record_round_trip(game, variant, 11)


# ------------------------------------------------------------------ determinize
def check_determinize(game: str, variant: Variant, seed: int, every: int) -> set[str]:
    """The phases where the seat to act was checked."""
    spec = get_spec(game)
    rng = GameRng(seed)
    phases: set[str] = set()
    for state in states_along(game, variant, seed, every):
        if state.is_terminal():
            continue
        p = state.current_player()
        assert p is not None
        for viewer in range(state.num_players):
            view = state.view(viewer)
            det = spec.determinize(view, rng)
            assert det.view(viewer) == view, (game, state.phase, viewer)
            if viewer == p:
                phases.add(state.phase)
                assert det.current_player() == p
                legal, real = det.legal_actions(), state.legal_actions()
                if len(real) == 1:
                    # a forced move may name a card its player does not see (Wizard's forehead
                    # round: the one card, shown as a back, must be played): one move, same kind
                    assert len(legal) == 1 and legal[0].kind == real[0].kind, (game, real, legal)
                else:
                    assert legal == real, (game, state.phase)
                det.apply(legal[0])  # the sampled state plays on
    return phases


@pytest.mark.parametrize(("game", "variant"), CASES, ids=IDS)
def test_a_determinized_state_fits_the_view(game: str, variant: Variant) -> None:
    phases: set[str] = set()
    for seed in range(2):
        phases |= check_determinize(game, variant, seed, _every(game, slow=False))
    assert phases


# ------------------------------------------------------------------ the slow sweep
@pytest.mark.slow
@pytest.mark.parametrize(("game", "variant"), CASES, ids=IDS)
def test_the_rules_contract_sweep(game: str, variant: Variant) -> None:
    for seed in range(100, 100 + registration(game).coverage.quick_games * 4):
        check_determinism(game, variant, seed)
        for state in states_along(game, variant, seed, 1):
            check_clone(state)
        check_no_leak(game, variant, seed, 1)
        check_record_round_trip(game, variant, seed)
        check_determinize(game, variant, seed, 1)
