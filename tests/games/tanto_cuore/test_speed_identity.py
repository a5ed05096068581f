"""The speed-ups in Tanto Cuore's engine give exactly what the plain code gave: the shared
Action instances equal actions built afresh, the lazy "is there an employ choice?" test agrees
with the full legal list, and the view's cached pile order and per-player pools equal the plain
computation (TC-T1 phases and passing a phase with nothing to decide, TC-S1 town, TC-PM1
face-up private maids, TC-E1 event targets)."""

from __future__ import annotations

import random

import pytest

from cardtable.core.actions import Action
from cardtable.core.game import OMNISCIENT
from cardtable.core.rng import GameRng
from cardtable.games.tanto_cuore.ai import AGENTS
from cardtable.games.tanto_cuore.cards import CARDS, CHIEFS, LOVE_CARDS, sort_faces
from cardtable.games.tanto_cuore.rules import EMPLOY, SPEC, TCState


def _fresh_employ(state: TCState) -> list[Action]:
    """The employ phase's legal list built the plain way (a new Action each)."""
    p = state.turn_player
    out: list[Action] = []
    if state.employ >= 1:
        love = state.love
        for f in (*LOVE_CARDS, *CHIEFS, *sort_faces(list(state.kinds))):
            if state.town.get(f, 0) > 0 and CARDS[f].cost <= love:
                out.append(Action("employ", f))
        for f in sort_faces(state.priv_up):
            if CARDS[f].cost <= love:
                out.append(Action("employ", f))
        if state.options.events:
            targets = state.event_targets(p)
            if state.town.get("illness", 0) and CARDS["illness"].cost <= love:
                for q in targets:
                    out.extend(Action("employ", "illness", target=q, value=m)
                               for m in state.home_maid_faces(q))
            if state.town.get("bad_habit", 0) and CARDS["bad_habit"].cost <= love:
                out.extend(Action("employ", "bad_habit", target=q) for q in targets)
    out.append(Action("done"))
    return out


def _plain_pools(state: TCState, viewer: int | None) -> tuple[object, ...]:
    """Deck+hand per group of players an unseen Eugenie swap mixed (union-find, as before)."""
    n = state.num_players
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    if viewer != OMNISCIENT:
        for a, b in state.swaps:
            if viewer not in (a, b):
                parent[find(a)] = find(b)
    groups: dict[int, list[int]] = {}
    for q in range(n):
        groups.setdefault(find(q), []).append(q)
    return tuple((tuple(m), tuple(sort_faces([c for q in m for c in state.deck[q] + state.hand[q]])))
                 for m in sorted(groups.values()))


@pytest.mark.parametrize("players,agents,options", [
    (2, ("big_money", "big_money"), {}),
    (2, ("normal", "easy"), {}),
    (3, ("easy", "easy", "normal"), {"finish_turn": True}),
    (4, ("easy", "normal", "easy", "big_money"), {}),
    (3, ("easy", "normal", "easy"), {"events": False, "town": "recommended"}),
])
def test_legal_lists_and_views_equal_plain(players: int, agents: tuple[str, ...],
                                           options: dict[str, object]) -> None:
    # TC-T1: a phase whose only legal action is "done" is passed; TC-E1 / TC-PM1 listings
    employs = 0
    for seed in range(4):
        state, _ = SPEC.new_game(seed, players, options)
        seats = [AGENTS[a](seed * 10 + s) for s, a in enumerate(agents)]
        rng = GameRng(seed)
        steps = 0
        while not state.is_terminal() and steps < 3000:
            steps += 1
            legal = state.legal_actions()
            assert state._only_done() == (legal == [Action("done")])
            if state.pending is None and state.phase == EMPLOY:
                employs += 1
                assert legal == _fresh_employ(state)
                legal.clear()  # a caller may change the list it got; the next call is unaffected
                legal = state.legal_actions()
                assert legal == _fresh_employ(state)
            for viewer in (None, OMNISCIENT, *range(players)):
                view = state.view(viewer)
                assert view.town == tuple((f, state.town[f]) for f in sort_faces(list(state.town)))
                assert view.box == tuple((f, state.box[f]) for f in sort_faces(list(state.box)))
                assert view.pools == _plain_pools(state, viewer)
                assert view.options == state.options.model_dump()
                assert view.chambers == tuple(tuple((m[0], m[1]) for m in x)
                                              for x in state.chambers)
            p = state.current_player()
            assert p is not None
            state.apply(seats[p].choose(state.view(p), legal, rng))
    assert employs > 0


def test_view_options_are_a_copy() -> None:
    # the view's options dict is its own: changing it changes neither the state nor other views
    state, _ = SPEC.new_game(1, 2, {})
    view = state.view(0)
    view.options["events"] = False
    assert state.view(0).options["events"] is True
    assert state.clone().view(1).options["events"] is True


def test_random_play_only_done_agrees() -> None:
    # TC-T1 with every phase kind reachable (random choices reach the pending ones too)
    rnd = random.Random(5)
    for seed in range(6):
        state, _ = SPEC.new_game(seed, 2 + seed % 3, {})
        while not state.is_terminal():
            legal = state.legal_actions()
            assert state._only_done() == (legal == [Action("done")])
            state.apply(legal[rnd.randrange(len(legal))])


@pytest.mark.parametrize("deck_size,n", [(0, 5), (2, 5), (5, 5), (7, 3), (1, 12)])
def test_draw_in_one_go_equals_one_at_a_time(deck_size: int, n: int) -> None:
    # TC-T1: draw from the top; an empty deck reshuffles the discard pile only when a draw
    # needs it (drawing n at once gives the cards, events and RNG state of n single draws)
    state, _ = SPEC.new_game(3, 2, {})
    p = 0
    cards = state.deck[p] + state.hand[p] + state.discard[p]
    state.deck[p], state.hand[p] = cards[:deck_size], []
    state.discard[p] = cards[deck_size:]
    single = state.clone()
    ev_all: list = []
    got = state.draw(p, n, ev_all)
    ev_one: list = []
    got_one = [c for _ in range(n) for c in single.draw(p, 1, ev_one)]
    assert got == got_one and state.hand[p] == single.hand[p] == got
    assert ev_all == ev_one
    assert state.deck[p] == single.deck[p] and state.discard[p] == single.discard[p]
    assert state.rng.getstate() == single.rng.getstate()
    assert len(got) == min(n, len(cards))
