"""Cirno's agents: legal choices only, views only, and the hard agent ignores hidden cards."""

from __future__ import annotations

import random

import pytest

from cardtable.core.rng import GameRng
from cardtable.games import agent_names, make_agent
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


# ------------------------------------------------------------------ hard: reading the opponent
def test_round_plays_are_public_and_start_afresh_each_round() -> None:
    from tests.games.cirno.scenarios import build

    state = build(2, hands=[["+3", "PASS", "+1"], ["+8", "+7", "+6"]], deck=["+2", "+5"],
                  total=2)
    state.apply(state.legal_actions()[state.legal_actions().index(
        next(a for a in state.legal_actions() if a.card == "+3"))])
    record = ((0, "+3", 2, 12, 1, 0),)
    for viewer in (0, 1, None):  # a face-up play, seen by everyone
        assert state.view(viewer).round_plays == record
    # P1 must bust (every card takes 5 above 12): the next round starts with an empty record
    state.apply(next(a for a in state.legal_actions() if a.card == "+8"))
    assert state.round_no == 2 and state.view(0).round_plays == ()


def _after_opponent_pass(opponent_hand: list[str]) -> CirnoState:
    """P1 has just played PASS at total 2 (and drawn one card); P0 to play."""
    from tests.games.cirno.scenarios import build

    state = build(2, hands=[["+1", "+2", "-1"], opponent_hand], discard=["PASS"], total=2)
    state.round_plays = [(1, "PASS", 2, 12, 1, 0)]
    return state


def test_plausibility_reads_a_pass_played_at_a_low_total() -> None:
    """The normal heuristic plays a safe number card whenever it has one, so a PASS at total 2
    means the hand held no number card: of the opponent's three cards now, two were held then
    (the third is the refill)."""
    from cardtable.games.cirno.ai import plausibility

    numbers = _after_opponent_pass(["+1", "+2", "+3"])
    assert plausibility(numbers.view(0), numbers) == 0.0
    # TURN, TURN + refill: only the refill being "+4" explains it (PASS outranks TURN)
    turns = _after_opponent_pass(["TURN", "TURN", "+4"])
    assert plausibility(turns.view(0), turns) == pytest.approx(1 / 3)
    # with a DOUBLE in hand the heuristic would have played it instead of PASS
    double = _after_opponent_pass(["DOUBLE", "TURN", "+4"])
    assert plausibility(double.view(0), double) == 0.0


def test_hard_samples_opponent_hands_that_explain_their_plays() -> None:
    from cardtable.games.cirno.ai import InferringSpec, plausibility

    view = _after_opponent_pass(["TURN", "TURN", "+4"]).view(0)
    rng_plain, rng_read = GameRng(1), GameRng(1)
    plain = [plausibility(view, SPEC.determinize(view, rng_plain)) > 0 for _ in range(300)]
    reading = InferringSpec()
    read = [plausibility(view, reading.determinize(view, rng_read)) > 0 for _ in range(300)]
    # uniform deals rarely explain the PASS (about 1 in 30); the hard level keeps such deals
    # several times as often (its floor still admits a player unlike the heuristic)
    assert sum(plain) < 30 and sum(read) >= 3 * max(1, sum(plain))
    # the sampled deals still fit everything the viewer sees
    state = reading.determinize(view, GameRng(2))
    assert state.view(0) == view


def test_rollouts_read_the_state_as_the_heuristic_reads_its_view() -> None:
    """The search's rollouts give the normal heuristic a light seat view of the state; it must
    choose exactly what it chooses from the real view (both games, every phase)."""
    from cardtable.games.cirno.ai import _ROLLOUT_AGENT, _seat_view

    rnd = random.Random(1)
    positions = 0
    for seed in range(60):
        state, _ = SPEC.new_game(seed, rnd.choice([2, 3, 4, 5]), {"advanced": seed % 2 == 0})
        while not state.is_terminal():
            p = state.current_player()
            assert p is not None
            legal = state.legal_actions()
            chosen = _ROLLOUT_AGENT.choose(state.view(p), legal, GameRng(0))
            assert _ROLLOUT_AGENT.choose(_seat_view(state, p), legal, GameRng(0)) == chosen
            positions += 1
            state.apply(legal[rnd.randrange(len(legal))] if rnd.random() < 0.3 else chosen)
    assert positions > 1000
