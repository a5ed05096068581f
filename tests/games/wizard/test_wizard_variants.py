"""Wizard variants (WIZ-V1): +-1, hidden bids, secret bids, forehead, single colour."""

from __future__ import annotations

import random

import pytest

from cardtable.core.actions import Action
from cardtable.core.errors import UnknownOptionError
from cardtable.core.events import redact
from cardtable.games.wizard.cards import BACK, trick_winner
from cardtable.games.wizard.rules import (
    BID_PLACED,
    BIDS_REVEALED,
    PLAY_PHASE,
    ROUND_SCORED,
    SPEC,
    TRICK_WON,
)

from .scenarios import bid_state, play_faces, play_state


# ------------------------------------------------------------------ +-1
def test_wiz_v1_plus_minus_one_restricts_only_the_last_bidder() -> None:
    # WIZ-V1 +-1: the bids may not add up to the cards dealt; the last bidder is restricted.
    s = bid_state(4, 5, options={"plus_minus_one": True}, dealer=1)
    for v in (1, 2, 0):
        assert [a.value for a in s.legal_actions()] == [0, 1, 2, 3, 4, 5]
        s.apply(Action("bid", value=v))
    assert s.forbidden_bid() == 2
    assert [a.value for a in s.legal_actions()] == [0, 1, 3, 4, 5]
    s.apply(Action("bid", value=3))
    assert sum(b for b in s.bids if b is not None) != 5


def test_wiz_v1_plus_minus_one_no_restriction_when_already_over() -> None:
    # WIZ-V1 +-1: when the others already bid more than the cards, nothing is forbidden.
    s = bid_state(3, 2, options={"plus_minus_one": True})
    s.apply(Action("bid", value=2))
    s.apply(Action("bid", value=1))
    assert s.forbidden_bid() is None
    assert [a.value for a in s.legal_actions()] == [0, 1, 2]


def test_wiz_v1_plus_minus_one_off_by_default() -> None:
    s = bid_state(3, 2)
    s.apply(Action("bid", value=1))
    s.apply(Action("bid", value=0))
    assert [a.value for a in s.legal_actions()] == [0, 1, 2]


# ------------------------------------------------------------------ hidden bids
def test_wiz_v1_hidden_bids_unseen_until_all_bid_then_revealed_before_play() -> None:
    # WIZ-V1 hidden bids: values are secret to the bidder until all have bid.
    s = bid_state(3, 4, options={"hidden_bids": True}, dealer=0)
    ev = s.apply(Action("bid", value=2))
    (placed,) = [e for e in ev if e.kind == BID_PLACED]
    assert "value" not in placed.data and placed.audience == frozenset({0})
    assert redact(placed, 1).data == {"player": 0}
    assert redact(placed, 0).data == {"player": 0, "value": 2}
    assert s.view(1).bids == (None, None, None) and s.view(1).bid_made == (True, False, False)
    assert s.view(0).bids == (2, None, None)
    assert s.view(None).bids == (None, None, None)
    s.apply(Action("bid", value=1))
    ev = s.apply(Action("bid", value=0))
    revealed = [e for e in ev if e.kind == BIDS_REVEALED]
    assert revealed and revealed[0].data["bids"] == [2, 1, 0]
    assert s.phase == PLAY_PHASE
    assert s.view(1).bids == (2, 1, 0) == s.view(None).bids


# ------------------------------------------------------------------ secret bids
def test_wiz_v1_secret_bids_revealed_only_after_the_round() -> None:
    # WIZ-V1 secret bids: revealed when the round is scored, not before play.
    s = play_state([["r5", "b2"], ["r9", "b7"], ["r1", "g2"]], bids=[0, 2, 1],
                   options={"secret_bids": True})
    s.bids_public = False
    assert s.view(0).bids == (0, None, None) and s.view(2).bids == (None, None, 1)
    ev = play_faces(s, "r5", "r9", "r1")
    assert not [e for e in ev if e.kind == BIDS_REVEALED]
    assert s.view(0).bids == (0, None, None)
    ev = play_faces(s, "b7", "g2", "b2")
    kinds = [e.kind for e in ev]
    assert kinds.index(BIDS_REVEALED) < kinds.index(ROUND_SCORED)
    assert s.history[-1].bids == (0, 2, 1)
    assert s.view(0).history[-1].bids == (0, 2, 1)


def test_wiz_v1_secret_bids_stay_hidden_during_play_in_a_real_game() -> None:
    s, _ = SPEC.new_game(4, 4, {"secret_bids": True})
    if s.phase == "trump":
        s.apply(Action("trump", value="r"))
    for _ in range(4):
        s.apply(s.legal_actions()[0])
    assert s.phase == PLAY_PHASE and not s.bids_public
    for q in range(4):
        assert [b is not None for b in s.view(q).bids] == [p == q for p in range(4)]


# ------------------------------------------------------------------ forehead
def test_wiz_v1_forehead_round_one_sees_others_not_own() -> None:
    # WIZ-V1 forehead: round 1, each sees every card but their own.
    s, events = SPEC.new_game(2, 4, {"forehead": True})
    if s.phase == "trump":
        s.apply(Action("trump", value="b"))
    for q in range(4):
        v = s.view(q)
        assert v.hand == (BACK,)
        assert v.seen_hands[q] is None
        for o in range(4):
            if o != q:
                assert v.seen_hands[o] == tuple(s.hands[o])
    spectator = s.view(None)
    assert spectator.hand is None and spectator.seen_hands == (None,) * 4
    deals = [e for e in events if e.kind == "card_moved" and e.data["dst"].startswith("hand")]
    for e in deals:
        holder = int(e.data["dst"].split(":")[1])
        assert e.data["forehead"] is True
        assert "card" not in redact(e, holder).data
        assert all("card" in redact(e, o).data for o in range(4) if o != holder)


def test_wiz_v1_forehead_only_in_round_one() -> None:
    # WIZ-V1 forehead: nothing changes from round 2 on.
    s, _ = SPEC.new_game(2, 3, {"forehead": True})
    rng = random.Random(1)
    while s.round_no == 1:
        s.apply(rng.choice(s.legal_actions()))
    v = s.view(0)
    assert BACK not in (v.hand or ()) and v.seen_hands == (None,) * 3


def test_wiz_v1_forehead_and_single_colour_do_not_combine() -> None:
    with pytest.raises(UnknownOptionError):
        SPEC.new_game(1, 3, {"forehead": True, "single_colour": True})


# ------------------------------------------------------------------ single colour
@pytest.mark.parametrize("n", [3, 4])
def test_wiz_v1_single_colour_decks_rounds_no_trump(n: int) -> None:
    # WIZ-V1 single colour: own deck of one suit + Z + N, 4 cards in round 1, +1 each round,
    # 12 rounds, no trump.
    s, _ = SPEC.new_game(3, n, {"single_colour": True})
    assert s.num_rounds == 12 and s.cards == 4 and s.trump is None and s.trump_card is None
    for q in range(n):
        own = set(s.hands[q]) | set(s.decks[q])
        assert len(s.hands[q]) + len(s.decks[q]) == 15
        assert all(f in ("Z", "N") or f[0] == "rbgy"[q] for f in own)
    rng = random.Random(3)
    cards_seen = []
    while not s.is_terminal():
        if s.phase == "bid" and s.bids == [None] * n:
            cards_seen.append(s.cards)
            assert s.trump is None
            assert all(len(h) == s.cards for h in s.hands)
        s.apply(rng.choice(s.legal_actions()))
    assert cards_seen == list(range(4, 16))
    assert len(s.history) == 12


def test_wiz_v1_single_colour_only_three_or_four_players() -> None:
    for n in (5, 6):
        with pytest.raises(ValueError):
            SPEC.new_game(1, n, {"single_colour": True})


def test_wiz_v1_single_colour_every_card_playable() -> None:
    # WIZ-V1 single colour: no suit comparison, so no duty to follow.
    s = play_state([["r5", "r2"], ["b9", "Z"], ["g1", "N"]], options={"single_colour": True})
    play_faces(s, "r5")
    assert [a.card for a in s.legal_actions()] == ["b9", "Z"]


@pytest.mark.parametrize("cards,winner", [
    (["r5", "b9", "g7"], 1),          # highest number, whatever the suit
    (["r9", "b9", "g7"], 0),          # ties go to the earlier card
    (["g3", "r9", "b9"], 1),
    (["r13", "Z", "Z"], 1),           # the first Wizard beats everything
    (["N", "r1", "b1"], 1),           # a Jester counts for nothing
    (["N", "N", "N"], 0),             # all Jesters: the first
])
def test_wiz_v1_single_colour_trick_winner(cards: list[str], winner: int) -> None:
    # WIZ-V1 single colour
    assert trick_winner(cards, None, single_colour=True) == winner


def test_wiz_v1_single_colour_tie_in_play() -> None:
    s = play_state([["r9", "r2"], ["b9", "b1"], ["g7", "N"]], options={"single_colour": True},
                   leader=1)
    ev = play_faces(s, "b9", "g7", "r9")
    (won,) = [e for e in ev if e.kind == TRICK_WON]
    assert won.data["winner"] == 1
