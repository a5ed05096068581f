"""Wizard clause tests: deck, rounds, trump, bidding order, following, trick winner, scoring."""

from __future__ import annotations

import random

import pytest

from cardtable.core.actions import Action
from cardtable.core.errors import IllegalActionError
from cardtable.games.wizard.cards import (
    COPIES,
    DECK_SIZE,
    full_deck,
    round_score,
    trick_winner,
)
from cardtable.games.wizard.rules import (
    BID_PHASE,
    CARD_MOVED,
    CARDS_COLLECTED,
    PLAY_PHASE,
    ROUND_STARTED,
    SHUFFLED,
    SPEC,
    TRICK_WON,
    TRUMP_PHASE,
    TRUMP_SET,
)

from .scenarios import bid_state, play_faces, play_state


def faces(actions: list[Action]) -> list[str]:
    return [a.card for a in actions if a.card is not None]


# ------------------------------------------------------------------ WIZ-P1, WIZ-R1
def test_wiz_p1_deck_and_player_counts() -> None:
    # WIZ-P1
    deck = full_deck()
    assert len(deck) == DECK_SIZE == 60
    assert deck.count("Z") == 4 and deck.count("N") == 4
    assert len([f for f in COPIES if f not in ("Z", "N")]) == 52
    for n in (3, 4, 5, 6):
        SPEC.new_game(1, n)
    for n in (2, 7):
        with pytest.raises(ValueError):
            SPEC.new_game(1, n)


@pytest.mark.parametrize("n,rounds", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_wiz_r1_rounds_cards_and_clockwise_dealer(n: int, rounds: int) -> None:
    # WIZ-R1: round r deals r cards each, 60/n rounds, the dealer moves clockwise.
    s, events = SPEC.new_game(5, n)
    rng = random.Random(5)
    starts = [e for e in events if e.kind == ROUND_STARTED]
    hand_sizes = [[len(h) for h in s.hands]]
    while not s.is_terminal():
        before = s.round_no
        ev = s.apply(rng.choice(s.legal_actions()))
        starts.extend(e for e in ev if e.kind == ROUND_STARTED)
        if s.round_no != before and not s.is_terminal():
            hand_sizes.append([len(h) for h in s.hands])
    assert s.round_no == rounds == len(starts)
    assert [e.data["cards"] for e in starts] == list(range(1, rounds + 1))
    assert [sizes for sizes in hand_sizes] == [[r] * n for r in range(1, rounds + 1)]
    dealers = [e.data["dealer"] for e in starts]
    assert all(b == (a + 1) % n for a, b in zip(dealers, dealers[1:], strict=False))


@pytest.mark.parametrize("options", [{}, {"single_colour": True}])
def test_wiz_r1_collect_and_shuffle_come_before_the_round_start_and_the_deal(options) -> None:
    """WIZ-R1: at every round start the events go collect, shuffle, round_started, deal (the
    log and the animation follow them); cards_collected names its round (round 1: nothing to
    collect yet). Single colour: one collect + shuffle per player's own deck."""
    st, events = SPEC.new_game(4, 3, options)

    def check(evs: list, round_no: int) -> None:
        kinds = [e.kind for e in evs]
        start = kinds.index(ROUND_STARTED)
        before = [i for i, k in enumerate(kinds) if k in (CARDS_COLLECTED, SHUFFLED)]
        first_deal = kinds.index(CARD_MOVED)
        assert len(before) == (6 if options else 2)
        assert max(before) < start < first_deal
        assert {e.data["round"] for e in evs if e.kind == CARDS_COLLECTED} == {round_no}

    check(events, 1)
    rng = random.Random(4)
    while st.round_no == 1:
        legal = st.legal_actions()
        events = st.apply(legal[rng.randrange(len(legal))])
    check(events[next(i for i, e in enumerate(events) if e.kind == CARDS_COLLECTED):], 2)


def test_wiz_r1_deal_starts_left_of_dealer() -> None:
    # WIZ-R1: cards go out one at a time clockwise from the dealer's left.
    s, events = SPEC.new_game(9, 4)
    dealt = [e for e in events if e.kind == "card_moved" and e.data["src"] == "deck"
             and e.data["dst"].startswith("hand")]
    assert dealt[0].data["dst"] == f"hand:{(s.dealer + 1) % 4}"


# ------------------------------------------------------------------ WIZ-TR1
def _first_seed_with_trump(card: str, n: int = 4) -> int:
    for seed in range(2000):
        s, _ = SPEC.new_game(seed, n)
        if s.trump_card == card:
            return seed
    raise AssertionError(f"no seed turns up {card}")


def test_wiz_tr1_turned_suit_is_trump() -> None:
    # WIZ-TR1
    s, events = SPEC.new_game(1, 4)
    assert s.trump_card not in ("Z", "N")
    assert s.trump == s.trump_card[0]
    (ts,) = [e for e in events if e.kind == TRUMP_SET]
    assert ts.data == {"trump": s.trump, "card": s.trump_card, "reason": "card"}


def test_wiz_tr1_jester_turned_up_means_no_trump() -> None:
    # WIZ-TR1
    s, events = SPEC.new_game(_first_seed_with_trump("N"), 4)
    assert s.trump is None and s.phase == BID_PHASE
    assert [e.data["reason"] for e in events if e.kind == TRUMP_SET] == ["jester"]


def test_wiz_tr1_wizard_turned_up_dealer_chooses_trump() -> None:
    # WIZ-TR1: a Wizard turned up: the dealer picks a suit after seeing their hand.
    s, events = SPEC.new_game(_first_seed_with_trump("Z"), 4)
    assert s.phase == TRUMP_PHASE and s.current_player() == s.dealer
    assert not [e for e in events if e.kind == TRUMP_SET]
    assert s.view(s.dealer).hand  # the dealer sees their hand while choosing
    assert s.legal_actions() == [Action("trump", value=x) for x in "rbgy"]
    with pytest.raises(IllegalActionError):
        s.apply(Action("bid", value=0))
    ev = s.apply(Action("trump", value="g"))
    assert s.trump == "g" and s.phase == BID_PHASE
    assert [e.data for e in ev if e.kind == TRUMP_SET] == [
        {"trump": "g", "card": "Z", "reason": "wizard_choice", "player": s.dealer}]


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_wiz_tr1_last_round_has_no_trump(n: int) -> None:
    # WIZ-TR1: the last round deals every card; no trump.
    last = 60 // n
    s = bid_state(n, last)
    assert s.round_no == last and not s.deck
    assert s.trump is None and s.trump_card is None
    events: list = []
    s.round_no = last - 1
    s._start_round(events)
    assert [e.data["reason"] for e in events if e.kind == TRUMP_SET] == ["last_round"]


# ------------------------------------------------------------------ WIZ-B1
def test_wiz_b1_dealer_bids_and_leads_first() -> None:
    # WIZ-B1: default: the dealer bids first and leads the first trick.
    s = bid_state(4, 3, dealer=2)
    assert s.current_player() == 2
    for _ in range(4):
        s.apply(Action("bid", value=1))
    assert s.phase == PLAY_PHASE and s.current_player() == 2


def test_wiz_b1_option_left_of_dealer() -> None:
    # WIZ-B1 option: the player left of the dealer bids and leads first.
    s = bid_state(4, 3, dealer=2, options={"bid_order": "left_of_dealer"})
    assert s.current_player() == 3
    order = []
    for _ in range(4):
        order.append(s.current_player())
        s.apply(Action("bid", value=0))
    assert order == [3, 0, 1, 2]
    assert s.phase == PLAY_PHASE and s.current_player() == 3


def test_wiz_b1_bids_range_zero_to_cards() -> None:
    s = bid_state(3, 5)
    assert [a.value for a in s.legal_actions()] == [0, 1, 2, 3, 4, 5]


# ------------------------------------------------------------------ WIZ-F1
def test_wiz_f1_must_follow_led_suit_wizard_jester_always() -> None:
    # WIZ-F1
    s = play_state([["r5", "b2"], ["r9", "b7", "Z", "N"], ["g1", "g2"]])
    play_faces(s, "r5")
    assert faces(s.legal_actions()) == ["r9", "Z", "N"]


def test_wiz_f1_void_player_may_play_anything() -> None:
    # WIZ-F1
    s = play_state([["r5", "b2"], ["b7", "y3"], ["g1", "g2"]])
    play_faces(s, "r5")
    assert faces(s.legal_actions()) == ["b7", "y3"]


def test_wiz_f1_led_wizard_frees_everyone() -> None:
    # WIZ-F1: a led Wizard frees everyone.
    s = play_state([["Z", "b2"], ["r9", "b7"], ["g1", "b1"]])
    play_faces(s, "Z")
    assert faces(s.legal_actions()) == ["r9", "b7"]


def test_wiz_f1_led_jester_first_non_jester_sets_suit() -> None:
    # WIZ-F1: a led Jester: the first non-Jester card sets the suit.
    s = play_state([["N", "b2"], ["N", "b7"], ["g1", "b1"], ["b9", "g5"]])
    play_faces(s, "N")
    assert faces(s.legal_actions()) == ["b7", "N"]  # still free after one Jester
    play_faces(s, "N")
    assert faces(s.legal_actions()) == ["b1", "g1"]  # still free after two Jesters
    play_faces(s, "g1")
    assert faces(s.legal_actions()) == ["g5"]  # green now set


def test_wiz_f1_jester_lead_then_wizard_frees_everyone() -> None:
    # WIZ-F1: Jester led, then a Wizard: everyone is free; the Wizard wins.
    s = play_state([["N", "b2"], ["Z", "b7"], ["g1", "b1"]], trump="b")
    play_faces(s, "N", "Z")
    assert faces(s.legal_actions()) == ["b1", "g1"]
    ev = play_faces(s, "b1")
    (won,) = [e for e in ev if e.kind == TRICK_WON]
    assert won.data["winner"] == 1


def test_wiz_f1_illegal_renege_is_refused() -> None:
    s = play_state([["r5", "b2"], ["r9", "b7"], ["g1", "g2"]])
    play_faces(s, "r5")
    with pytest.raises(IllegalActionError):
        s.apply(Action("play", "b7"))


# ------------------------------------------------------------------ WIZ-W1
@pytest.mark.parametrize("cards,trump,winner", [
    (["r5", "Z", "Z", "r13"], "r", 1),        # first Wizard
    (["N", "r3", "b13", "r2"], "b", 2),       # highest trump
    (["r3", "b2", "b9", "r2"], "b", 2),       # highest of two trumps
    (["r3", "g13", "r10", "y1"], "b", 2),     # highest of the led suit
    (["r3", "g13", "r10", "y1"], None, 2),    # no trump
    (["N", "N", "N"], "r", 0),                # all Jesters: the first Jester
    (["N", "N", "N", "N"], None, 0),
    (["N", "g4", "g9"], "r", 2),              # Jester led, green set
])
def test_wiz_w1_trick_winner(cards: list[str], trump: str | None, winner: int) -> None:
    # WIZ-W1
    assert trick_winner(cards, trump) == winner


def test_wiz_w1_all_jester_trick_goes_to_first_jester_and_winner_leads() -> None:
    # WIZ-W1: all Jesters: the first Jester wins; the winner leads next.
    s = play_state([["b2", "r1"], ["N", "b7"], ["N", "g2"], ["N", "g3"]], leader=1, trump="r")
    assert s.current_player() == 1
    ev = play_faces(s, "N", "N", "N")
    assert s.current_player() == 0
    ev += play_faces(s, "b2")
    (won,) = [e for e in ev if e.kind == TRICK_WON]
    # the trick is N, N, N, b2: blue was set by the fourth card, so b2 wins
    assert won.data["winner"] == 0 and s.current_player() == 0
    s2 = play_state([["N", "r1"], ["N", "b7"], ["N", "g2"]], leader=0)
    ev2 = play_faces(s2, "N", "N", "N")
    (won2,) = [e for e in ev2 if e.kind == TRICK_WON]
    assert won2.data["winner"] == 0 and s2.current_player() == 0
    assert s2.tricks == [1, 0, 0]


def test_wiz_w1_winner_leads_next_trick() -> None:
    s = play_state([["r5", "b2"], ["r9", "b7"], ["r1", "g2"]])
    play_faces(s, "r5", "r9", "r1")
    assert s.current_player() == 1 and s.leader == 1 and s.tricks == [0, 1, 0]


# ------------------------------------------------------------------ WIZ-X1
@pytest.mark.parametrize("bid,tricks,score", [
    (0, 0, 20), (1, 1, 30), (3, 3, 50), (2, 0, -20), (0, 3, -30), (5, 4, -10)])
def test_wiz_x1_round_score(bid: int, tricks: int, score: int) -> None:
    # WIZ-X1
    assert round_score(bid, tricks) == score


def test_wiz_x1_round_scored_into_totals() -> None:
    # WIZ-X1: one-trick round 2 for 3 players; exact bids score 20 + 10 per trick.
    s = play_state([["r5", "b2"], ["r9", "b7"], ["r1", "g2"]], bids=[0, 2, 1], leader=0,
                   round_no=2)
    ev = play_faces(s, "r5", "r9", "r1", "b7", "g2", "b2")
    scored = [e for e in ev if e.kind == "round_scored"]
    assert scored and scored[0].data["tricks"] == [0, 2, 0]
    assert scored[0].data["deltas"] == [20, 40, -10]
    assert s.history[0].totals == (20, 40, -10)
    assert s.round_no == 3  # the next round was dealt


def test_wiz_x1_highest_total_wins_ties_share() -> None:
    # WIZ-X1: a tie shares the win.
    s = play_state([["r5"], ["r9"], ["r1"]], bids=[0, 1, 0], round_no=20)
    s.num_rounds = 20
    s.totals = [100, 70, 90]
    play_faces(s, "r5", "r9", "r1")
    assert s.totals == [120, 100, 110]
    assert s.is_terminal() and s.winners == [0] and s.returns() == [1.0, 0.0, 0.0]
    t = play_state([["r5"], ["r9"], ["r1"]], bids=[0, 1, 0], round_no=20)
    t.num_rounds = 20
    t.totals = [90, 80, 80]
    play_faces(t, "r5", "r9", "r1")
    assert t.winners == [0, 1] and t.returns() == [0.5, 0.5, 0.0]
    assert t.legal_actions() == [] and t.current_player() is None
