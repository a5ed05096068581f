"""Undo that helps (issue 17): with one person against the computer, 悔棋 takes back the
person's last own move even after it drew a card (the seed fixes the deck's order, so the same
card comes again); hot-seat keeps the strict rule; the greyed-out button says why; statistics
mark games in which a move was taken back."""

from __future__ import annotations

import pytest

from cardtable.core.match import Match, MatchRecord, Seat
from cardtable.games import get_spec, match_from_record
from cardtable.history.undo import undo_points, why_not
from tests.history.helpers import metric_rows


def _match(game: str, kinds: tuple[str, ...], seed: int = 3) -> Match:
    seats = [Seat(kind="human", name=f"人{i}") if k == "human" else Seat(kind="ai", agent="easy")
             for i, k in enumerate(kinds)]
    return Match(get_spec(game), seed, len(kinds), {}, seats)


def _first_draw_by(match: Match, seat: int) -> int:
    """Play (first legal action) until `seat` has made a move that drew a card or turned one
    up from a pile nobody knew, within a round (a move that ends the round and deals the next
    is never taken back: UNDO-1); its index."""
    from cardtable.history.undo import barriers_in, closing_actions
    for _ in range(400):
        p = match.state.current_player()
        match.submit(match.state.legal_actions()[0])
        n = len(match.history) - 1
        if p == seat and closing_actions(match, seat)[-1] in ("drawn", "random") and \
                not barriers_in(match, n, seat):
            return n
    raise AssertionError("no draw")


@pytest.mark.parametrize("game", ["cirno", "eight_half"])
def test_one_person_takes_back_a_move_that_drew_a_card(game):
    match = _match(game, ("human", "ai", "ai"))
    n = _first_draw_by(match, 0)
    # the computers may have moved after it: those are taken back too
    assert n in undo_points(match, 0), "the person's move that drew a card can be taken back"
    hand = match.state.view(0)
    back = match.truncated(n)
    back.submit(match.history[n])  # the same move again: the same card comes again
    again = back.state.view(0)
    assert getattr(again, "hand", None) == getattr(match.truncated(n + 1).state.view(0),
                                                   "hand", None)
    assert hand is not None


@pytest.mark.parametrize("game", ["cirno", "eight_half"])
def test_hotseat_keeps_the_strict_rule(game):
    match = _match(game, ("human", "human", "ai"))
    n = _first_draw_by(match, 0)
    points = undo_points(match, 0)
    assert n not in points
    if match.state.current_player() == 0 or not points:
        assert why_not(match, 0) in ("drawn", "random", "other", "revealed")


def test_the_reason_words():
    match = _match("cirno", ("human", "ai", "ai"))
    assert why_not(match, 0) == "none"  # nothing played yet


def test_the_record_and_the_statistics_keep_the_undo(tmp_path):
    match = _match("cirno", ("human", "ai", "ai"))
    match.note_assist("undo")
    rec = MatchRecord.model_validate_json(match.record().model_dump_json())
    assert rec.assists == ["undo"]
    again = match_from_record(rec)
    assert again.assists == ["undo"]
    assert metric_rows(again, tmp_path / "stats.sqlite3", "assist_undo") == [(0, 1.0)]


@pytest.mark.parametrize("game", ["cirno", "eight_half", "tanto_cuore", "wizard"])
def test_before_a_persons_first_move_the_reason_is_that_there_is_nothing_to_take_back(game):
    """A computer moved first and showed its card: the greyed-out 悔棋 said 已翻開牌, as if a
    move of the person's were locked; there is none yet, and that is what it says."""
    match = _match(game, ("ai", "human", "ai"))
    for _ in range(200):
        p = match.state.current_player()
        if p == 1:
            break
        match.submit(match.state.legal_actions()[0])
    assert match.state.current_player() == 1 and 1 not in match.actors
    assert why_not(match, 1) == "none"
    assert why_not(match, 1, strict=True) == "none"


def test_an_undo_marks_the_person_who_took_the_move_back():
    """With two people at the table, the seat is kept with the mark; a record from before the
    seat was kept ("undo" alone) still marks every person."""
    match = _match("cirno", ("human", "human", "ai"))
    match.note_assist("undo", 1)
    rec = MatchRecord.model_validate_json(match.record().model_dump_json())
    again = match_from_record(rec)
    assert again.assisted("undo", 1) and not again.assisted("undo", 0)
    old = _match("cirno", ("human", "human", "ai"))
    old.note_assist("undo")
    assert old.assisted("undo", 0) and old.assisted("undo", 1)
