"""Autosave and continue for every game, at any move, including pending choices mid-effect:
save the record at a point, reload it through the autosave file and `Match.from_record`, and
the resumed match shows every seat the same view and continues identically."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from cardtable import persist
from cardtable.core.match import Match
from cardtable.games import REGISTRY, match_from_record
from tests.history.helpers import GAME_IDS, new_match, option_sets, viewers


def _stop_points(match_len: int, phases: list[str], rng: random.Random) -> list[int]:
    """A few random points, plus points in the rarer phases (pending choices mid-effect)."""
    common = Counter(phases).most_common(1)[0][0]
    rare = [i for i, ph in enumerate(phases) if ph != common]
    rng.shuffle(rare)
    points = set(rng.sample(range(match_len), min(3, match_len))) | set(rare[:4])
    return sorted(points)


def _assert_same(a: Match, b: Match) -> None:
    assert a.history == b.history
    assert a.state.current_player() == b.state.current_player()
    assert a.state.legal_actions() == b.state.legal_actions()
    for v in viewers(a.num_players):
        assert a.state.view(v) == b.state.view(v), v


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_kill_and_continue_at_any_move(home: Path, game_id: str) -> None:
    spec = REGISTRY[game_id]
    pending_seen = 0
    several_phases = False
    for opts in option_sets(spec):
        seed = 11
        rng = random.Random(seed)
        full = new_match(game_id, seed, spec.min_players, opts)
        phases: list[str] = []
        while not full.state.is_terminal() and len(full.history) < 300:
            phases.append(full.state.phase)
            full.submit(rng.choice(full.state.legal_actions()))
        common = Counter(phases).most_common(1)[0][0]
        several_phases |= len(set(phases)) > 1
        for n in _stop_points(len(full.history), phases, rng):
            live = full.truncated(n)
            pending_seen += live.state.phase != common
            persist.save_autosave(live.record())
            record, notice = persist.load_autosave()
            assert notice is None and record is not None
            resumed = match_from_record(record)
            _assert_same(live, resumed)
            # both continue with the same moves and produce the same events
            for action in full.history[n:n + 5]:
                assert [e.to_json() for e in live.submit(action)] == \
                    [e.to_json() for e in resumed.submit(action)]
            _assert_same(live, resumed)
    if several_phases:  # a game with choices besides its main phase: resumed inside one
        assert pending_seen > 0
