"""8½ invariants under random play (2-6 players), determinism, no-leak and determinize.

Always on: a few seeded games per player count. The big sweep is behind `@pytest.mark.slow`.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardtable.core.actions import Action
from cardtable.core.errors import IllegalActionError
from cardtable.core.events import redact
from cardtable.core.game import OMNISCIENT
from cardtable.core.match import Match
from cardtable.core.rng import GameRng
from cardtable.games.eight_half.cards import DECK, FACES, INDEX
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


def test_determinism_same_seed_same_actions_same_events() -> None:
    s1, actions = play_random(7, 3, check_every=False)
    s2, ev0 = SPEC.new_game(7, 3)
    s3, ev1 = SPEC.new_game(7, 3)
    assert [e.to_json() for e in ev0] == [e.to_json() for e in ev1]
    for a in actions:
        e2 = s2.apply(a)
        e3 = s3.apply(a)
        assert [e.to_json() for e in e2] == [e.to_json() for e in e3]
    assert s2.view(OMNISCIENT) == s1.view(OMNISCIENT) == s3.view(OMNISCIENT)


def test_match_record_replays() -> None:
    m = Match(SPEC, 12, 2, {"deals": 1})
    rng = random.Random(3)
    while not m.state.is_terminal():
        legal = m.state.legal_actions()
        m.submit(legal[rng.randrange(len(legal))])
    rec = m.record()
    again = Match.from_record(type(rec).model_validate_json(rec.model_dump_json()), SPEC)
    assert [e.to_json() for e in again.log] == [e.to_json() for e in m.log]
    json.dumps([e.to_json() for e in m.log])  # events serialise


def test_clone_is_independent() -> None:
    s, _ = SPEC.new_game(9, 4)
    c = s.clone()
    legal = c.legal_actions()
    c.apply(legal[-1])
    assert s.view(OMNISCIENT) != c.view(OMNISCIENT)
    assert s.clone().view(OMNISCIENT) == s.view(OMNISCIENT)


# ------------------------------------------------------------ no leak
def _reshuffle_hidden(s: EightHalfState, viewer: int, seed: int) -> EightHalfState:
    """Swap around every card `viewer` may not see: other hands beyond their known cards, all
    banks and all blind cards (the viewer's own blind cards and bank too)."""
    t = s.clone()
    n = t.num_players
    pool: list[str] = []
    for q in range(n):
        if q != viewer:
            for i in range(len(FACES)):
                extra = t.hand[q][i] - t.known[q][i]
                pool += [FACES[i]] * extra
                t.hand[q][i] -= extra
        pool += t.bank[q]
        pool += [c for c in t.blind[q] if c is not None]
    random.Random(seed).shuffle(pool)
    for q in range(n):
        if q != viewer:
            k = s.hand_counts_hidden(q) if hasattr(s, "hand_counts_hidden") else (
                sum(s.hand[q]) - sum(s.known[q]))
            for _ in range(k):
                t.hand[q][INDEX[pool.pop()]] += 1
        t.bank[q] = [pool.pop() for _ in t.bank[q]]
        t.blind[q] = [pool.pop() if c is not None else None for c in t.blind[q]]
    assert not pool
    return t


@pytest.mark.parametrize("n", [2, 4, 6])
def test_no_leak_view_ignores_hidden_cards(n: int) -> None:
    """Blind cards are hidden even from their owner; banks and others' hands too."""
    s, _ = SPEC.new_game(21, n)
    rng = random.Random(4)
    for step in range(400):
        if s.is_terminal():
            break
        if step % 7 == 0:
            for viewer in (*range(n), None):
                t = _reshuffle_hidden(s, viewer if viewer is not None else -99, step)
                assert t.view(viewer) == s.view(viewer)
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])


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
def test_determinize_fits_the_view(n: int) -> None:
    """A determinized state has the same view and the same legal actions for the viewer, and
    conserves the 72 cards."""
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
            assert d.view(p) == view
            assert d.legal_actions() == s.legal_actions()
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
