"""Undo: the Board Game Arena rule, decided from events, for every registered game."""

from __future__ import annotations

import random

import pytest

from cardtable.core.actions import Action
from cardtable.core.events import Event, moved
from cardtable.core.match import Match, Seat
from cardtable.games import REGISTRY
from cardtable.history.undo import (
    ZoneTracker,
    barriers_in,
    closing_actions,
    closing_reason,
    one_person,
    undo_last,
    undo_points,
)
from tests.history.helpers import GAME_IDS, new_match, option_sets, play_random, seats


def _reason(events: list[Event], actor: int = 0, undoer: int = 0, strict: bool = False,
            hidden: tuple[str, ...] = ()) -> str | None:
    zones = ZoneTracker()
    for z in hidden:
        zones.feed([Event("shuffled", {"zone": z})])
    return closing_reason(events, actor, undoer, zones, strict=strict)


# ---------------------------------------------------------------- the rule on single events
def test_shuffle_closes_the_window() -> None:
    assert _reason([Event("shuffled", {"zone": "deck", "count": 10})]) == "random"


def test_rng_use_closes_the_window_even_without_an_event() -> None:
    zones = ZoneTracker()
    assert closing_reason([], 0, 0, zones, random_used=True) == "random"


def test_revealed_events_close_the_window() -> None:
    assert _reason([Event("revealed", {"zone": "hand:1"}, {"cards": ["x"]},
                          frozenset({0}))]) == "revealed"
    assert _reason([Event("bids_revealed", {"bids": [1, 2]})]) == "revealed"


def test_a_draw_closes_the_window() -> None:
    draw = moved("c1", "deck", "hand:0", False, frozenset({0}))
    assert _reason([draw]) == "drawn"


def test_playing_own_card_face_up_stays_open_unless_strict() -> None:
    play = moved("c1", "hand:0", "trick", True)
    assert _reason([play]) is None
    assert _reason([play], strict=True) == "revealed"


def test_another_seats_face_up_play_closes_the_window() -> None:
    # an AI's card shown after my move: taking my move back would let me use it
    play = moved("c1", "hand:1", "trick", True)
    assert _reason([play], actor=1, undoer=0) == "revealed"


def test_flipping_a_deck_card_closes_the_window() -> None:
    # turned up from a pile nobody knew: it closes the window like a draw (the seed decides
    # the card, so with one person at the table it may be taken back: issue 17)
    assert _reason([moved("c1", "deck", "trump", True)]) == "drawn"


def test_moves_between_public_zones_stay_open() -> None:
    assert _reason([moved("love1", "town:love1", "discard:0", True)]) is None


def test_a_secret_only_the_actor_sees_stays_open() -> None:
    bid = Event("bid_placed", {"player": 0}, {"value": 2}, frozenset({0}))
    assert _reason([bid]) is None
    own_pass = moved("c1", "hand:0", "passing:0", False, frozenset({0}))
    assert _reason([own_pass]) is None


def test_a_secret_shown_to_another_seat_closes_the_window() -> None:
    give = moved("c1", "hand:0", "hand:1", False, frozenset({0, 1}))
    assert _reason([give]) == "drawn"
    peek = Event("peeked", {"player": 0}, {"card": "x"}, frozenset({1}))
    assert _reason([peek]) == "secret"


def test_zones_that_received_face_down_cards_count_as_hidden() -> None:
    zones = ZoneTracker()
    zones.feed([moved("c1", "deck", "bank:0", False)])
    assert zones.is_hidden("bank:0")
    assert closing_reason([moved("c1", "bank:0", "open:0", True)], 0, 0, zones) == "drawn"
    # drawing from one's own face-down bank (E8H-S1 refill) shows the owner a new card
    refill = moved("c2", "bank:0", "hand:0", False, frozenset({0}))
    assert closing_reason([refill], 0, 0, zones) == "drawn"


# ---------------------------------------------------------------- every game
def _reference_points(match: Match, seat: int) -> list[int]:
    """Brute force. UNDO-1 (one person): n is a point iff the action at n is the seat's own
    and the actions from n on start no more rounds (`undo_barrier`) than the game lets an undo
    cross. UNDO-2: iff every action from n on is the seat's own and open."""
    out = []
    if one_person(match):
        allowed = match.spec.undo_barriers_crossed(match.state, seat)
        for n in range(len(match.history) - 1, match.undo_floor - 1, -1):
            crossed = sum(1 for e in match.log[match.marks[n]:]
                          if match.spec.undo_barrier(e, seat))
            if match.actors[n] == seat and crossed <= allowed:
                out.append(n)
        return out
    reasons = closing_actions(match, seat)
    for n in range(len(match.history) - 1, match.undo_floor - 1, -1):
        tail = range(n, len(match.history))
        if all(reasons[i] is None and match.actors[i] == seat for i in tail):
            out.append(n)
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_is_never_offered_when_every_seat_is_ai(game_id: str) -> None:
    spec = REGISTRY[game_id]
    n = spec.min_players
    match = play_random(Match(spec, 1, n, {}, [Seat() for _ in range(n)]), 1, max_steps=40)
    for seat in range(n):
        assert undo_points(match, seat) == []
        assert undo_last(match, seat) is None


@pytest.mark.parametrize("humans", [(0,), (0, 1)], ids=["one_person", "hot_seat"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_boundaries_and_views_for_every_game(game_id: str, humans) -> None:
    """At every own decision: the undo points are exactly the reference ones; undoing to each
    gives back the very view the player had then (nothing hidden is revealed by undo), and never
    crosses a revealed card — in hot-seat not a shuffle or a draw either."""
    spec = REGISTRY[game_id]
    checked = undone = 0
    for opts in option_sets(spec):
        for seed in range(2):
            n = spec.min_players
            match = new_match(game_id, seed, n, opts, humans=humans)
            strict = not one_person(match)
            rng = random.Random(seed)
            views: dict[int, object] = {}
            steps = 0
            while not match.state.is_terminal() and steps < 400:
                if match.state.current_player() == 0:
                    views[len(match.history)] = match.state.view(0)
                    if rng.random() < 0.3:
                        points = undo_points(match, 0)
                        assert points == _reference_points(match, 0)
                        reasons = closing_actions(match, 0)
                        for p in points:
                            tail = match.log[match.marks[p]:]
                            if strict:  # UNDO-2: nothing revealed, drawn or shuffled since
                                assert not [e for e in tail if e.kind == "revealed"
                                            or e.kind.endswith("_revealed")]
                                assert all(r is None for r in reasons[p:])
                                assert not any(match.random_steps[p:])
                                assert not [e for e in tail if e.kind == "shuffled"]
                                assert all(a == 0 for a in match.actors[p:])
                            else:  # UNDO-1: never back across the start of a round
                                crossed = sum(barriers_in(match, i, 0)
                                              for i in range(p, len(match.history)))
                                assert crossed <= REGISTRY[game_id].undo_barriers_crossed(
                                    match.state, 0)
                        checked += 1
                        if points and rng.random() < 0.5:
                            target = rng.choice(points)
                            back = match.truncated(target)
                            assert back.state.view(0) == views[target]
                            assert back.state.current_player() == 0
                            assert back.history == match.history[:target]
                            assert len(match.history) > target  # the original is untouched
                            undone += 1
                match.submit(rng.choice(match.state.legal_actions()))
                steps += 1
    assert checked > 0, f"{game_id}: seat 0 never had a decision"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_events_are_announced_by_events(game_id: str) -> None:
    """Every action that used the game's RNG also emits an event the undo rule recognises, so
    the rule does not rely only on watching the RNG."""
    for opts in option_sets(REGISTRY[game_id]):
        match = play_random(new_match(game_id, 3, None, opts), 3)
        zones = ZoneTracker()
        zones.feed(match.log[:match.marks[0]])
        for i in range(len(match.history)):
            reason = closing_reason(match.action_events(i), match.actors[i], 0, zones)
            if match.random_steps[i]:
                assert reason is not None, (game_id, i, match.history[i])


def test_hot_seat_undo_stops_at_another_humans_move() -> None:
    spec = REGISTRY["wizard"] if "wizard" in REGISTRY else next(iter(REGISTRY.values()))
    n = spec.min_players
    match = Match(spec, 5, n, {}, seats(n, humans=tuple(range(n))))
    rng = random.Random(5)
    for _ in range(300):
        if match.state.is_terminal():
            break
        match.submit(rng.choice(match.state.legal_actions()))
        for seat in range(n):
            for p in undo_points(match, seat):
                assert all(a == seat for a in match.actors[p:])


def test_cirno_play_that_draws_cannot_be_undone_in_hot_seat() -> None:
    # CIRNO-T1: every play refills the hand from the deck; with two people at the screen the
    # draw closes the window (with one person the seed brings the same card again: issue 17)
    match = new_match("cirno", 2, 3, humans=(0, 1))
    while match.state.current_player() != 0:
        match.submit(match.state.legal_actions()[0])
    action = next(a for a in match.state.legal_actions() if a.kind == "play")
    match.submit(action)
    assert "drawn" in closing_actions(match, 0)[-1:] or match.random_steps[-1]
    assert undo_points(match, 0) == []


def test_wizard_open_bids_can_be_undone_but_not_past_the_deal() -> None:
    # WIZ-B1: an open bid reveals nothing; the deal before it (a shuffle) closes the window
    spec = REGISTRY["wizard"]
    match = Match(spec, 4, 3, {}, seats(3))
    while not (match.state.phase == "bid" and match.state.current_player() == 0):
        match.submit(match.state.legal_actions()[0])
    start = len(match.history)
    before = match.state.view(0)
    match.submit(Action("bid", value=1))
    while match.state.phase == "bid" and match.state.current_player() != 0:
        match.submit(match.state.legal_actions()[0])
    points = undo_points(match, 0)
    assert points and points[-1] == start
    assert undo_last(match, 0) is not None
    assert match.truncated(points[-1]).state.view(0) == before
    assert all(p >= start for p in points)


def test_wizard_hidden_bid_stays_undoable_until_the_bids_are_revealed() -> None:
    # WIZ-V1 hidden_bids: the bid is secret to the bidder only; the reveal closes the window
    spec = REGISTRY["wizard"]
    match = Match(spec, 6, 3, {"hidden_bids": True}, seats(3, humans=(0, 1, 2)))
    while match.state.phase != "bid":
        match.submit(match.state.legal_actions()[0])
    first = match.state.current_player()
    assert first is not None
    match.submit(match.state.legal_actions()[0])
    assert undo_points(match, first) == [len(match.history) - 1]
    while match.state.phase == "bid":
        match.submit(match.state.legal_actions()[0])
    assert undo_points(match, first) == []


def test_eight_half_blind_card_closes_the_window_in_hot_seat() -> None:
    # E8H-T1: a blind card is unknown even to its owner; playing it reveals it (UNDO-2; with
    # one person against computers the deal's start is the only limit, UNDO-1)
    for seed in range(6):
        match = new_match("eight_half", seed, 2, humans=(0, 1))
        rng = random.Random(seed)
        while not match.state.is_terminal():
            legal = match.state.legal_actions()
            blind = [a for a in legal if a.kind == "play_blind"]
            if match.state.current_player() == 0 and blind:
                match.submit(blind[0])
                assert undo_points(match, 0) == []
                return
            match.submit(rng.choice(legal))
    pytest.fail("no blind card was played in 6 random games")


def test_tanto_cuore_serving_without_a_draw_can_be_undone() -> None:
    # TC-T1: serving a maid from hand reveals only the server's own card; drawing closes
    for seed in range(6):
        match = new_match("tanto_cuore", seed, 2)
        rng = random.Random(seed)
        while not match.state.is_terminal():
            legal = match.state.legal_actions()
            serve = [a for a in legal if a.kind == "serve"]
            if match.state.current_player() == 0 and serve:
                before = match.state.view(0)
                match.submit(serve[0])
                if match.random_steps[-1] or closing_actions(match, 0)[-1] is not None:
                    continue  # this maid drew cards: the window is closed, try another
                points = undo_points(match, 0)
                assert points and points[0] == len(match.history) - 1
                assert match.truncated(points[0]).state.view(0) == before
                return
            match.submit(rng.choice(legal))
    pytest.fail("no undoable serve in 6 random games")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_undo_after_the_game_is_over(game_id: str) -> None:
    match = play_random(new_match(game_id, 7, None, {}, humans=(0, 1)), 7)
    assert match.state.is_terminal()
    assert undo_points(match, 0) == [] and undo_points(match, 1) == []
