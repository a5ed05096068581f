"""8½ agents: they return legal actions from views only; the rollout policy stays legal."""

from __future__ import annotations

import random

import pytest

from cardtable.core.rng import GameRng
from cardtable.games.eight_half import ai
from cardtable.games.eight_half.rules import SPEC, SWAP, EightHalfView

from .scenarios import build


def test_agents_table_has_the_three_levels() -> None:
    assert set(ai.AGENTS) >= {"easy", "normal", "hard"}
    for name, factory in ai.AGENTS.items():
        agent = factory(1)
        assert agent.name == name


class _ViewOnly:
    """Wraps an agent and checks that it is handed a view, never the state."""

    def __init__(self, agent: object) -> None:
        self.agent = agent

    def choose(self, view: object, legal: list, rng: GameRng) -> object:
        assert isinstance(view, EightHalfView)
        return self.agent.choose(view, legal, rng)  # type: ignore[attr-defined]


@pytest.mark.parametrize("n", [2, 4])
def test_easy_and_normal_play_whole_matches_legally(n: int) -> None:
    for seed in range(3):
        state, _ = SPEC.new_game(seed, n, {"deals": 2})
        agents = [_ViewOnly(ai.AGENTS["easy" if q % 2 else "normal"](seed)) for q in range(n)]
        rng = GameRng(seed)
        while not state.is_terminal():
            p = state.current_player()
            assert p is not None
            legal = state.legal_actions()
            action = agents[p].choose(state.view(p), legal, rng)
            assert action in legal
            state.apply(action)


def test_hard_picks_legal_actions_with_a_small_budget() -> None:
    hard = ai.make_hard(3, samples=8)
    state, _ = SPEC.new_game(5, 3, {"deals": 1})
    rng = GameRng(4)
    r = random.Random(2)
    for _ in range(25):
        if state.is_terminal():
            break
        p = state.current_player()
        legal = state.legal_actions()
        action = hard.choose(state.view(p), legal, rng) if r.random() < 0.3 else r.choice(legal)
        assert action in legal
        state.apply(action)


def test_hard_is_reproducible_from_its_rng() -> None:
    state, _ = SPEC.new_game(8, 2)
    view = state.view(state.current_player())
    legal = state.legal_actions()
    a1 = ai.make_hard(1, samples=16).choose(view, legal, GameRng(5))
    a2 = ai.make_hard(1, samples=16).choose(view, legal, GameRng(5))
    assert a1 == a2


def test_rollout_policy_always_legal() -> None:
    """The fast heuristic (hot path of the rollouts) only ever returns legal actions."""
    policy = ai.make_rollout_policy(0.0)
    for n in (2, 3, 5):
        for seed in range(6):
            state, _ = SPEC.new_game(seed, n, {"half_catches": seed % 2 == 0})
            rng = GameRng(seed)
            mix = random.Random(seed)
            while not state.is_terminal():
                legal = state.legal_actions()
                if state.phase != SWAP:
                    assert ai.fast_heuristic(state) in legal
                action = policy(state, rng) if mix.random() < 0.7 else mix.choice(legal)
                assert action in legal
                state.apply(action)


def test_normal_catches_when_it_can() -> None:
    s = build(2, hands=[["h", "1"], ["8", "2", "9"]], pile=["7"], value2=14)
    s.apply(s.legal_actions()[[a.cards for a in s.legal_actions()].index(("h",))])
    a = ai.NormalAgent().choose(s.view(1), s.legal_actions(), GameRng(0))
    assert a.kind == "catch" and a.cards == ("8",)


def test_normal_keeps_specials_and_plays_lowest_plain_card() -> None:
    s = build(2, hands=[["g", "0", "4"], ["9"]], pile=["3"])
    a = ai.NormalAgent().choose(s.view(0), s.legal_actions(), GameRng(0))
    assert a.cards == ("4",)
    s = build(2, hands=[["g", "0", "h"], ["9"]], pile=["9"])
    a = ai.NormalAgent().choose(s.view(0), s.legal_actions(), GameRng(0))
    assert a.cards == ("h",)  # ½ on 9 shuts the pile


def test_swap_choice_gives_weakest_takes_strongest() -> None:
    s = build(3, hands=[["6"], ["1", "1"], ["2", "2"]], pile=["3"],
              open_cards=[[None] * 3, ["g", "0", "h"], ["1", "2", "3"]],
              blind=[[None] * 3, ["5"] * 3, ["4"] * 3], set_aside=[[], ["4", "4"], ["9"]],
              rest_seat=1)
    s.apply(s.legal_actions()[0])
    assert s.phase == SWAP
    a = ai.NormalAgent().choose(s.view(0), s.legal_actions(), GameRng(0))
    if a.kind == "swap":
        mine = [c for c in s.open[0] if c]
        gave, took = a.cards
        assert ai.OPEN_WORTH[took] > ai.OPEN_WORTH[gave]
        assert gave == min(mine, key=ai.OPEN_WORTH.__getitem__)


def test_hard_leads_the_high_card_when_the_low_one_loses_the_deal() -> None:
    """Two cards left, 2 and 8; the other player has only three open 5s. Leading the 2 (the
    normal rule's lowest plain card) lets a 5 follow, the 8 may not go on it (≤ 5) and the deal
    is lost; leading the 8 leaves the other player nothing to play, and the 2 then goes out."""
    empty: list[str | None] = [None, None, None]
    s = build(2, hands=[["2", "8"], []], open_cards=[empty, ["5", "5", "5"]],
              blind=[empty, empty], pile=[], value2=0)
    legal = s.legal_actions()
    assert ai.NormalAgent().choose(s.view(0), legal, GameRng(0)).cards == ("2",)
    for k in range(4):
        exp = ai.make_hard(1).explain(s.view(0), legal, GameRng(k))
        assert exp.best.cards == ("8",)
        best = exp.scored(exp.best)
        low = exp.scored(next(a for a in legal if a.cards == ("2",)))
        assert best is not None and low is not None
        assert best.figures["out"] == 1.0 and low.figures["out"] == 0.0


def test_hard_keeps_the_normal_move_when_no_move_is_better() -> None:
    """Every order of these cards goes out (the other player can never follow): the search
    finds nothing better, so the hard agent plays what the normal rule plays."""
    empty: list[str | None] = [None, None, None]
    s = build(2, hands=[["4", "6", "7"], []], open_cards=[empty, ["1", "1", "1"]],
              blind=[empty, empty], pile=[], value2=0)
    legal = s.legal_actions()
    normal = ai.NormalAgent().choose(s.view(0), legal, GameRng(0))
    for k in range(12):
        assert ai.make_hard(1).choose(s.view(0), legal, GameRng(k)) == normal


def test_hard_plays_the_deal_to_its_end() -> None:
    """At the first choice of a 4-player deal (some 75 moves from its end), the chance to go
    out that the hard agent reports for its moves comes from deals played to the end: near
    the fair quarter, not the near nothing of playouts cut short."""
    for seed in range(4):
        s, _ = SPEC.new_game(seed, 4)
        normal = ai.NormalAgent()
        while len(s.legal_actions()) < 2:
            s.apply(normal.choose(s.view(s.current), s.legal_actions(), GameRng(0)))
        p = s.current_player()
        exp = ai.make_hard(1).explain(s.view(p), s.legal_actions(), GameRng(3))
        outs = [r.figures["out"] for r in exp.ranked]
        assert 0.1 <= sum(outs) / len(outs) <= 0.6, outs
