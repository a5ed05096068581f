"""8½ invariants under random play (2-6 players), what the events keep secret, and what a
determinized state holds.

Always on: a few seeded games per player count. The big sweep is behind `@pytest.mark.slow`.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.core.actions import Action
from cardtable.core.errors import IllegalActionError
from cardtable.core.events import redact
from cardtable.core.game import OMNISCIENT
from cardtable.core.rng import GameRng
from cardtable.games.eight_half.cards import DECK
from cardtable.games.eight_half.rules import SPEC, EightHalfState

from .scenarios import placed

FULL = Counter(DECK)


def check_state(s: EightHalfState) -> None:
    """Every card in exactly one zone; counters consistent."""
    assert placed(s) == FULL
    n = s.num_players
    assert all(0 <= x for h in s.hand for x in h)
    assert all(k <= h for kn, hd in zip(s.known, s.hand, strict=True)
               for k, h in zip(kn, hd, strict=True))
    assert sum(sum(d) for d in s.deal_points) == sum(s.points)
    for d in s.deal_points:
        assert d.count(2) <= 1 and all(x in (0, 1, 2) for x in d) and len(d) == n
    if s.wanted is not None:
        assert s.value2 % 2 == 1 and s.value2 < 18 and s.wanted != s.current
    if s.le5:
        assert s.value2 == 10
    if not s.is_terminal():
        assert s.legal_actions(), "a live state always has an action"


def play_random(seed: int, n: int, options: dict | None = None, check_every: bool = True
                ) -> tuple[EightHalfState, list[Action]]:
    state, _ = SPEC.new_game(seed, n, options)
    rng = random.Random(seed * 31 + n)
    actions: list[Action] = []
    check_state(state)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal)
        a = legal[rng.randrange(len(legal))]
        state.apply(a)
        actions.append(a)
        if check_every:
            check_state(state)
        assert len(actions) < 20_000
    check_state(state)
    return state, actions


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_play_invariants(n: int) -> None:
    """72 cards conserved in one zone after every action; the match ends; scores add up."""
    for seed in range(2):
        s, _ = play_random(seed, n, {"deals": 1} if seed else None)
        assert s.is_terminal() and s.winners
        assert len(s.deal_points) == (1 if seed else n)
        best = max(s.points)
        assert s.winners == [q for q in range(n) if s.points[q] == best]
        assert abs(sum(s.returns()) - 1.0) < 1e-9


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("options", [{}, {"half_catches": True, "winner_swap": False},
                                     {"target_points": 5}])
def test_random_play_invariants_sweep(n: int, options: dict) -> None:
    for seed in range(200):
        play_random(1000 + seed, n, options)


def test_illegal_actions_raise_and_change_nothing() -> None:
    s, _ = SPEC.new_game(5, 3)
    before = s.view(OMNISCIENT)
    for bad in (Action("take"), Action("play", cards=("h", "h", "h", "h", "h")),
                Action("play_blind", value=0), Action("swap", cards=("1", "2"), target=1)):
        if bad in s.legal_actions():
            continue
        with pytest.raises(IllegalActionError):
            s.apply(bad)
    assert s.view(OMNISCIENT) == before


# ------------------------------------------------------------ no leak
# Same seed and actions give the same game, a clone is independent, a record replays, and
# reshuffling what a seat may not see (`cardtable.games.eight_half.hidden`) leaves its view
# alone: the rules contract over every game, tests/core/test_rules_contract.py.


def test_no_leak_events_blind_and_bank_cards_secret_to_all() -> None:
    s, events = SPEC.new_game(2, 3)
    for e in events:
        if e.kind == "card_moved" and (e.data["dst"].startswith("blind:")
                                       or e.data["dst"].startswith("bank:")):
            for viewer in (0, 1, 2, None):
                assert "card" not in redact(e, viewer).data
        if e.kind == "card_moved" and e.data["dst"].startswith("hand:"):
            owner = int(e.data["dst"].split(":")[1])
            assert "card" in redact(e, owner).data
            assert "card" not in redact(e, (owner + 1) % 3).data
    v = s.view(0)
    assert v.hand is not None and v.all_blind is None and v.all_banks is None
    assert s.view(None).hand is None
    assert s.view(OMNISCIENT).all_blind is not None


# ------------------------------------------------------------ determinize
@pytest.mark.parametrize("n", [2, 3, 5])
def test_determinize_conserves_the_cards(n: int) -> None:
    """A determinized state holds the 72 cards, each in one zone, also once the table cards are
    reached (that it fits the view: the rules contract, tests/core/test_rules_contract.py)."""
    s, _ = SPEC.new_game(33, n)
    rng = random.Random(8)
    grng = GameRng(1)
    seen_table = False
    for step in range(3000):
        if s.is_terminal():
            break
        p = s.current_player()
        assert p is not None
        if step % 3 == 0:
            view = s.view(p)
            d = SPEC.determinize(view, grng)
            assert placed(d) == FULL
            seen_table = seen_table or any(s.reached)
            d.apply(d.legal_actions()[0])  # a determinized state plays on
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    assert seen_table


def test_determinize_samples_differ_in_hidden_cards() -> None:
    s, _ = SPEC.new_game(4, 2)
    view = s.view(0)
    grng = GameRng(2)
    blinds = {tuple(SPEC.determinize(view, grng).blind[0]) for _ in range(20)}
    assert len(blinds) > 1  # the owner's own blind cards are unknown to it


def test_metrics_mean_cards_taken_per_deal() -> None:
    s, _ = play_random(5, 3, check_every=False)
    m = SPEC.metrics(s)
    assert len(m) == 3
    for q in range(3):
        assert m[q]["mean_cards_taken"] == pytest.approx(s.taken_total[q] / 3)
    assert sum(s.taken_total) > 0
