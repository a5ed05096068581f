"""The Wizard score pad (WIZ-SB1): scoring against hand-computed tables, validation keys,
corrections, ranking, JSON, and the pad built from a game."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from cardtable.core.actions import Action
from cardtable.games.wizard.rules import SPEC
from cardtable.games.wizard.scorepad import (
    ScorePad,
    ScorePadError,
    check_names,
    pad_from_state,
    pad_from_view,
)


def three_rounds() -> ScorePad:
    pad = ScorePad(names=["阿明", "小華", "美玲"])
    pad.enter_round(1, [1, 0, 0], [1, 0, 0])
    pad.enter_round(2, [0, 1, 0], [0, 2, 0])
    pad.enter_round(3, [2, 1, 1], [1, 1, 1])
    return pad


def test_wiz_sb1_scores_and_running_totals_hand_computed() -> None:
    # WIZ-SB1 with WIZ-X1 scoring; the table worked out by hand:
    # r1 cards 1: bids 1/0/0 tricks 1/0/0 -> +30 +20 +20 = 30 20 20
    # r2 cards 2: bids 0/1/0 tricks 0/2/0 -> +20 -10 +20 = 50 10 40
    # r3 cards 3: bids 2/1/1 tricks 1/1/1 -> -10 +30 +30 = 40 40 70
    pad = three_rounds()
    rows = pad.table()
    assert [r.scores for r in rows] == [(30, 20, 20), (20, -10, 20), (-10, 30, 30)]
    assert [r.totals for r in rows] == [(30, 20, 20), (50, 10, 40), (40, 40, 70)]
    assert [r.dealer for r in rows] == [0, 1, 2]
    assert [r.cards for r in rows] == [1, 2, 3]
    assert [(r.bid_sum, r.bids_vs_cards, r.trick_sum) for r in rows] == [
        (1, 0, 1), (1, -1, 2), (4, 1, 3)]
    assert pad.totals() == [40, 40, 70]
    assert pad.ranking() == [(1, 2, 70), (2, 0, 40), (2, 1, 40)]
    assert pad.winners() == [2]
    assert pad.totals_by_round() == [[30, 50, 40], [20, 10, 40], [20, 40, 70]]
    assert pad.num_rounds == 20 and pad.next_round == 4 and not pad.finished


def test_wiz_sb1_correcting_a_past_round_recomputes_totals() -> None:
    # WIZ-SB1: round 2 corrected to tricks 1/1/0 -> r2 -10 +30 +20 = 20 50 40; r3 -> 10 80 70
    pad = three_rounds()
    pad.enter_round(2, [0, 1, 0], [1, 1, 0])
    assert [r.totals for r in pad.table()] == [(30, 20, 20), (20, 50, 40), (10, 80, 70)]
    assert pad.ranking()[0] == (1, 1, 80)


def test_wiz_sb1_first_dealer_and_single_colour_shape() -> None:
    pad = ScorePad(names=["A", "B", "C", "D"], first_dealer=2, single_colour=True)
    assert pad.num_rounds == 12 and pad.cards(1) == 4 and pad.cards(12) == 15
    assert [pad.dealer(r) for r in (1, 2, 3, 4, 5)] == [2, 3, 0, 1, 2]
    assert ScorePad(names=list("ABCDEF")).num_rounds == 10


def keys(exc: pytest.ExceptionInfo[ScorePadError]) -> list[str]:
    return [m.key for m in exc.value.issues]


def test_wiz_sb1_validation_bids_range() -> None:
    pad = ScorePad(names=["A", "B", "C"])
    with pytest.raises(ScorePadError) as exc:
        pad.enter_round(1, [2, 0, -1])
    assert keys(exc) == ["wizard.pad.error.bid_range", "wizard.pad.error.bid_range"]
    assert exc.value.issues[0].params == {"player": 0, "bid": 2, "max": 1}
    assert pad.rounds == []


def test_wiz_sb1_validation_tricks_sum_and_range() -> None:
    pad = ScorePad(names=["A", "B", "C"])
    pad.enter_round(1, [1, 0, 0])
    with pytest.raises(ScorePadError) as exc:
        pad.enter_round(1, [1, 0, 0], [1, 1, 0])
    assert keys(exc) == ["wizard.pad.error.tricks_sum"]
    assert exc.value.issues[0].params == {"sum": 2, "cards": 1}
    with pytest.raises(ScorePadError) as exc:
        pad.enter_round(1, [1, 0, 0], [2, -1, 0])
    assert keys(exc) == ["wizard.pad.error.tricks_range", "wizard.pad.error.tricks_range"]
    assert pad.rounds[0].tricks is None and pad.next_round == 1


def test_wiz_sb1_validation_plus_minus_one() -> None:
    # WIZ-V1 +-1 on the pad: the bids may not add up to the cards dealt.
    pad = ScorePad(names=["A", "B", "C"], plus_minus_one=True, first_dealer=1)
    with pytest.raises(ScorePadError):
        pad.enter_round(1, [1, 0, 0])
    pad.enter_round(1, [0, 0, 0], [1, 0, 0])
    with pytest.raises(ScorePadError) as exc:
        pad.enter_round(2, [1, 1, 0])
    assert keys(exc) == ["wizard.pad.error.plus_minus_one"]
    # round 2: dealer 2 bids first, so seat 1 bids last
    assert exc.value.issues[0].params == {"player": 1, "cards": 2}
    pad.enter_round(2, [1, 1, 1])
    left = ScorePad(names=["A", "B", "C"], plus_minus_one=True, bid_order="left_of_dealer")
    assert left.last_bidder(1) == 0
    off = ScorePad(names=["A", "B", "C"])
    off.enter_round(1, [1, 0, 0])


def test_wiz_sb1_validation_round_count_and_missing_bids() -> None:
    pad = ScorePad(names=["A", "B", "C"])
    with pytest.raises(ScorePadError) as exc:
        pad.enter_round(2, [0, 0, 0])
    assert keys(exc) == ["wizard.pad.error.round"]
    with pytest.raises(ScorePadError) as exc:
        pad.enter_round(1, [0, 0])
    assert keys(exc) == ["wizard.pad.error.count"]
    with pytest.raises(ScorePadError) as exc:
        pad.enter_round(1, [None, 0, 0], [1, 0, 0])
    assert keys(exc) == ["wizard.pad.error.no_bids"]


def test_wiz_sb1_names_validation() -> None:
    assert check_names(["A", "B"])[0].key == "wizard.pad.error.names"
    assert check_names(["A", "B", " "])
    assert not check_names(["A", "B", "C"])
    with pytest.raises(ValidationError):
        ScorePad(names=["A", "B"])
    with pytest.raises(ValidationError):
        ScorePad(names=list("ABCDEFG"))
    with pytest.raises(ValidationError):
        ScorePad(names=list("ABCDE"), single_colour=True)


def test_wiz_sb1_json_round_trip() -> None:
    pad = three_rounds()
    pad.enter_round(4, [1, 1, 1])
    again = ScorePad.from_json(pad.to_json())
    assert again == pad and again.table() == pad.table()
    assert "阿明" in pad.to_json()


def test_wiz_sb1_last_round_finishes_the_pad() -> None:
    pad = ScorePad(names=list("ABCDEF"))
    for r in range(1, 11):
        pad.enter_round(r, [0] * 5 + [r], [0] * 5 + [r])
    assert pad.finished and pad.totals() == [200] * 5 + [20 * 10 + 10 * 55]
    with pytest.raises(ScorePadError):
        pad.enter_round(11, [0] * 6)


def test_wiz_sb1_pad_from_a_finished_game_matches_the_state() -> None:
    s, _ = SPEC.new_game(8, 5, {"plus_minus_one": True})
    rng = random.Random(8)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    pad = pad_from_state(s, names=list("ABCDE"))
    assert pad.finished and pad.totals() == s.totals
    rows = pad.table()
    assert [r.dealer for r in rows] == [h.dealer for h in s.history]
    assert [r.scores for r in rows] == [h.deltas for h in s.history]
    assert sorted(pad.winners()) == s.winners
    assert ScorePad.from_json(pad.to_json()) == pad  # valid under the pad's own rules


def test_wiz_sb1_pad_from_game_in_progress_hides_hidden_bids() -> None:
    s, _ = SPEC.new_game(3, 3, {"hidden_bids": True})
    rng = random.Random(3)
    while s.round_no < 3:
        s.apply(rng.choice(s.legal_actions()))
    if s.phase == "trump":
        s.apply(Action("trump", value="y"))
    s.apply(Action("bid", value=1))
    bidder = (s.current_player() - 1) % 3
    mine = pad_from_view(s.view(bidder))
    other = pad_from_view(s.view(s.current_player()))
    assert len(mine.rounds) == 3 and mine.rounds[2].tricks is None
    assert mine.rounds[2].bids[bidder] == 1 and other.rounds[2].bids[bidder] is None
    assert pad_from_state(s).rounds[2].bids[bidder] == 1
