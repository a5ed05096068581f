"""Tanto Cuore agents: names, legal choices in every kind of decision, the baseline's rule, plain
events against the leader, determinism. (Strength is measured by `cardtable simulate`, not here.)"""

from __future__ import annotations

from cardtable.core.actions import Action
from cardtable.core.rng import GameRng
from cardtable.games.tanto_cuore import effects
from cardtable.games.tanto_cuore.ai import AGENTS, Ctx, HardAgent, event_value
from cardtable.games.tanto_cuore.cards import CARDS
from cardtable.games.tanto_cuore.rules import SPEC

from .scenarios import act, build
from .test_invariants import _biased


def test_agent_names() -> None:
    assert set(AGENTS) == {"easy", "normal", "hard", "big_money"}
    for name, make in AGENTS.items():
        assert make(1).name == name


def test_agents_answer_every_pending_kind_legally() -> None:
    seen: set[str] = set()
    rng = GameRng(4)
    agents = {k: f(3) for k, f in AGENTS.items() if k != "hard"}
    for seed in range(16):
        state, _ = SPEC.new_game(seed, 3)
        steps = 0
        while not state.is_terminal() and steps < 3000:
            p = state.current_player()
            legal = state.legal_actions()
            if state.phase in effects.PENDING or state.phase == "start":
                seen.add(state.phase)
                for agent in agents.values():
                    assert agent.choose(state.view(p), legal, rng) in legal
            state.apply(_biased(state, rng))
            steps += 1
    assert len(seen) >= 10


def test_big_money_buys_only_love_and_chiefs() -> None:
    state, _ = SPEC.new_game(3, 2)
    bm = AGENTS["big_money"](1)
    normal = AGENTS["normal"](2)
    rng = GameRng(1)
    while not state.is_terminal():
        p = state.current_player()
        agent = bm if p == 0 else normal
        a = agent.choose(state.view(p), state.legal_actions(), rng)
        if p == 0 and a.kind == "employ":
            assert CARDS[str(a.card)].kind in ("love", "chief")
        if p == 0:
            assert a.kind not in ("serve", "chamber")
        state.apply(a)


def test_a_plain_event_goes_to_the_leader() -> None:
    s = build(3, phase="employ", love=4, chambers={1: ["azure"], 2: ["viola"]},
              decks={2: ["marianne"]})
    ctx = Ctx(s.view(0))
    assert ctx.leader == 2
    assert event_value(ctx, Action("employ", "bad_habit", target=1)) < 0
    assert event_value(ctx, Action("employ", "illness", target=2, value="viola")) > \
        event_value(ctx, Action("employ", "illness", target=1, value="azure"))


def test_hard_is_reproducible_and_legal_late_in_the_game() -> None:
    s = build(phase="employ", love=9, employ=2, hands={1: ["kagari"]},
              decks={0: ["love1"] * 5, 1: ["love1"] * 5})
    s.box["claire"], s.town["claire"] = s.town["claire"], 0
    s.box["safran"], s.town["safran"] = s.town["safran"] - 2, 2
    hard = HardAgent(1, samples=2, from_stage=0.7)  # the search on (it is off by default)
    view = s.view(0)
    legal = s.legal_actions()
    a1 = hard.choose(view, legal, GameRng(7))
    a2 = hard.choose(view, legal, GameRng(7))
    assert a1 == a2 and a1 in legal


def test_normal_chambers_crescents_late() -> None:
    s = build(hands={0: ["azure", "love1"]}, serving=1,
              kinds=("azure", "viola", "rouge", "safran", "kagari", "moine", "genevieve",
                     "eliza", "claire", "anise"))
    s.box["azure"], s.town["azure"] = s.town["azure"] - 1, 1
    s.box["viola"], s.town["viola"] = s.town["viola"] - 1, 1
    a = AGENTS["normal"](1).choose(s.view(0), s.legal_actions(), GameRng(1))
    assert a == Action("chamber", "azure")
    act(s, a.kind, a.card)
