"""A quiet state (GameState.quiet: no events built, for the simulator and AI search) plays
exactly like a loud one: after every action of many random games, in every game and variant,
both hold the same fields and RNG state and give the same legal actions and views, and the
quiet one's apply (and new_game(quiet=True)) returns no events."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.core.game import OMNISCIENT, GameState
from cardtable.games import GAME_IDS, REGISTRY, get_spec, registration

# (game, players, options): the variants whose rules take different code paths (each game's
# registration lists them, `Coverage.variants`)
SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    (g, v.players, dict(v.options)) for g in GAME_IDS for v in registration(g).coverage.variants]


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
    games = registration(game).coverage.quick_games
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
