"""Determinism (same seed + actions = same events) and no-leak (hidden cards reshuffled on a
state give the identical view: decks, hands and the face-down private maids)."""

from __future__ import annotations

from cardtable.core.events import redact
from cardtable.core.game import OMNISCIENT
from cardtable.core.match import Match
from cardtable.core.rng import GameRng
from cardtable.games.tanto_cuore.rules import SPEC, TCState

from .test_invariants import _biased


def _events_json(events: list) -> list:
    return [e.to_json() for e in events]


def test_same_seed_same_game() -> None:
    a, ea = SPEC.new_game(11, 3)
    b, eb = SPEC.new_game(11, 3)
    assert _events_json(ea) == _events_json(eb)
    r1, r2 = GameRng(5), GameRng(5)
    while not a.is_terminal():
        x, y = _biased(a, r1), _biased(b, r2)
        assert x == y
        assert _events_json(a.apply(x)) == _events_json(b.apply(y))
    assert a.scores() == b.scores() and b.is_terminal()


def test_match_record_replays() -> None:
    m = Match(SPEC, 4, 2)
    rng = GameRng(9)
    for _ in range(150):
        if m.state.is_terminal():
            break
        assert isinstance(m.state, TCState)
        m.submit(_biased(m.state, rng))
    again = Match.from_record(m.record(), SPEC)
    assert _events_json(again.log) == _events_json(m.log)


def _scramble(state: TCState, viewer: int | None, rng: GameRng) -> TCState:
    """Shuffle everything `viewer` may not see: every deck, the other players' hands mixed
    with their decks, the face-down private pile."""
    s = state.clone()
    pend = s.pending or {}
    for q in range(s.num_players):
        keep_top = pend.get("kind") == "eliza_decide" and pend.get("target") == q
        top = s.deck[q].pop() if keep_top and s.deck[q] else None
        if q == viewer:
            rng.shuffle(s.deck[q])
        else:
            fixed = []
            if pend.get("kind") == "eugenie_swap" and pend.get("target") == q:
                fixed = [pend["seen"]]
                s.hand[q].remove(pend["seen"])
            pool = s.deck[q] + s.hand[q]
            rng.shuffle(pool)
            k = len(s.hand[q])
            s.hand[q] = pool[:k] + fixed
            s.deck[q] = pool[k:]
        if top is not None:
            s.deck[q].append(top)
    rng.shuffle(s.priv_pile)
    return s


def test_no_leak_views_identical_after_scrambling() -> None:
    rng = GameRng(3)
    for seed in range(4):
        n = 2 + seed % 3
        state, _ = SPEC.new_game(seed, n)
        steps = 0
        while not state.is_terminal() and steps < 250:
            for viewer in (None, *range(n)):
                scrambled = _scramble(state, viewer, rng)
                assert scrambled.view(viewer) == state.view(viewer)
            state.apply(_biased(state, rng))
            steps += 1


def test_views_hide_hands_decks_and_private_pile() -> None:
    state, events = SPEC.new_game(2, 2)
    v = state.view(1)
    assert v.hand is not None and v.all_hands is None
    assert not hasattr(v, "decks") and v.deck_counts == tuple(len(d) for d in state.deck)
    assert v.private_pile_count == len(state.priv_pile)
    for field in v.__dataclass_fields__:
        assert "pile" not in field or field == "private_pile_count"
    assert state.view(OMNISCIENT).all_hands is not None
    # the deal: a spectator sees no card face of any hand
    for e in events:
        r = redact(e, None)
        if r.kind == "card_moved" and r.data["dst"].startswith("hand"):
            assert "card" not in r.data
