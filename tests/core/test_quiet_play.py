"""A quiet state (GameState.quiet: no events built, for the simulator and AI search) plays
exactly like a loud one: after every action of many random games, in every game and variant,
both hold the same fields and RNG state and give the same legal actions and views, and the
quiet one's apply (and new_game(quiet=True)) returns no events."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.core.game import OMNISCIENT, GameState
from cardtable.games import REGISTRY, get_spec

# (game, players, options): the variants whose rules take different code paths
SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("cirno", 2, {}),
    ("cirno", 4, {}),
    ("cirno", 5, {"advanced": True}),
    ("cirno", 3, {"advanced": True, "double_reading": "latest"}),
    ("eight_half", 2, {}),
    ("eight_half", 4, {}),
    ("tanto_cuore", 2, {}),
    ("tanto_cuore", 3, {}),
    ("tanto_cuore", 4, {"finish_turn": True}),
    ("wizard", 3, {}),
    # a pair a new game refuses (WIZ-V2) that an older save still holds and plays
    ("wizard", 4, {"hidden_bids": True, "plus_minus_one": True}),
    ("wizard", 5, {"secret_bids": True, "forehead": True}),
    ("wizard", 4, {"single_colour": True}),
]


def _fields(state: GameState) -> dict[str, Any]:
    """Every slot of the state but the flag itself and the RNG (compared by its state)."""
    slots = [name for cls in type(state).__mro__ for name in getattr(cls, "__slots__", ())]
    assert "quiet" in slots
    return {name: getattr(state, name) for name in slots if name not in ("quiet", "rng")}


def _same(loud: GameState, quiet: GameState) -> None:
    assert _fields(quiet) == _fields(loud)
    assert quiet.legal_actions() == loud.legal_actions()
    assert quiet.view(OMNISCIENT) == loud.view(OMNISCIENT)
    p = loud.current_player()
    if p is not None:
        assert quiet.view(p) == loud.view(p)
    assert quiet.view(None) == loud.view(None)
    assert quiet.rng.getstate() == loud.rng.getstate()
    assert quiet.is_terminal() == loud.is_terminal()


@pytest.mark.parametrize(("game", "players", "options"), SETUPS,
                         ids=[f"{g}-{n}p-{'-'.join(o) or 'default'}" for g, n, o in SETUPS])
def test_quiet_state_plays_exactly_like_a_loud_one(game: str, players: int,
                                                   options: dict[str, Any]) -> None:
    spec = get_spec(game)
    options = spec.parse_options(options, recorded=True)
    games = 6 if game in ("tanto_cuore", "wizard") else 15
    steps = loud_events = 0
    for seed in range(games):
        loud, opening = spec.new_game(seed, players, options)
        assert opening  # the opening deal is still recorded
        quiet, none = spec.new_game(seed, players, options, quiet=True)
        assert none == [] and quiet.quiet and not loud.quiet
        _same(loud, quiet)
        assert loud.silent_copy().quiet
        rnd = random.Random(seed)
        while not loud.is_terminal() and steps < 40_000:
            legal = loud.legal_actions()
            action = legal[rnd.randrange(len(legal))]
            loud_events += len(loud.apply(action))
            assert quiet.apply(action) == []
            steps += 1
            _same(loud, quiet)
        assert quiet.scores() == loud.scores() and quiet.returns() == loud.returns()
    assert steps > 100 and loud_events > steps  # the loud games did record their events


def test_every_game_keeps_quiet_through_clone() -> None:
    for game_id in REGISTRY:
        state, _ = get_spec(game_id).new_game(3, get_spec(game_id).min_players, {})
        assert state.quiet is False and state.clone().quiet is False
        quiet = state.silent_copy()
        assert quiet.clone().quiet is True and state.quiet is False
