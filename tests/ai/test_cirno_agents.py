"""Cirno's agents: legal choices only, views only, and the hard agent ignores hidden cards."""

from __future__ import annotations

import random

import pytest

from cardtable.ai.registry import agent_names, make_agent
from cardtable.core.rng import GameRng
from cardtable.games.cirno.rules import SPEC, CirnoState


def _reshuffle_hidden_from(state: CirnoState, viewer: int, seed: int) -> CirnoState:
    """Same state, but every card hidden from `viewer` dealt again at random (sizes kept)."""
    other = state.clone()
    rnd = random.Random(seed)
    others = [q for q in range(state.num_players) if q != viewer]
    pool = other.deck + [c for q in others for c in other.hands[q]]
    rnd.shuffle(pool)
    for q in others:
        k = len(other.hands[q])
        other.hands[q], pool = pool[:k], pool[k:]
    other.deck = pool
    cpool = other.comp_deck + [c for q in others for c in other.comp_held[q]]
    rnd.shuffle(cpool)
    for q in others:
        k = len(other.comp_held[q])
        other.comp_held[q], cpool = cpool[:k], cpool[k:]
    other.comp_deck = cpool
    return other


def _midgame(seed: int, players: int, advanced: bool, steps: int) -> CirnoState:
    """The state after `steps` random moves, or the last one before the game ended."""
    state, _ = SPEC.new_game(seed, players, {"advanced": advanced})
    rng = random.Random(seed)
    for _ in range(steps):
        nxt = state.clone()
        nxt.apply(rng.choice(nxt.legal_actions()))
        if nxt.is_terminal():
            break
        state = nxt
    return state


@pytest.mark.parametrize("seed", range(6))
def test_hard_choice_unchanged_when_hidden_cards_reshuffled(seed: int) -> None:
    state = _midgame(seed, 4, advanced=seed % 2 == 1, steps=15 + seed * 7)
    me = state.current_player()
    assert me is not None
    hard = make_agent("cirno", "hard", seed)
    choices = set()
    for shuffle_seed in range(3):
        twin = _reshuffle_hidden_from(state, me, shuffle_seed)
        if shuffle_seed:
            assert (twin.deck, twin.hands) != (state.deck, state.hands)
        assert twin.view(me) == state.view(me)
        choices.add(hard.choose(twin.view(me), twin.legal_actions(), GameRng(99)))
    assert len(choices) == 1


@pytest.mark.parametrize("name", ["random", "easy", "normal", "hard"])
def test_agents_play_legal_moves_to_the_end(name: str) -> None:
    assert name in agent_names("cirno")
    for seed in range(2):
        state, _ = SPEC.new_game(seed, 3, {"advanced": True})
        agents = [make_agent("cirno", name, seed * 10 + p) for p in range(3)]
        rngs = [GameRng(p) for p in range(3)]
        while not state.is_terminal():
            p = state.current_player()
            assert p is not None
            legal = state.legal_actions()
            action = agents[p].choose(state.view(p), legal, rngs[p])
            assert action in legal
            state.apply(action)
        assert abs(sum(state.returns()) - 1.0) < 1e-9


def test_unknown_agent_names_the_valid_ones() -> None:
    with pytest.raises(KeyError, match="valid: random, easy, normal, hard"):
        make_agent("cirno", "grandmaster", 1)
