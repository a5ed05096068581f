"""Cirno: players, decks, setup, the turn, arithmetic, the limit, function cards, next round.

Clauses: CIRNO-P1, K1, S1, T1, N1, L1, F1, R1 (rules-decisions.md).
"""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.core.events import ROUND_STARTED, SHUFFLED, TURN_STARTED
from cardtable.games.cirno.cards import (
    ARITHMETIC,
    COMPANIONS,
    FUNCTION_CARDS,
    NUMBER_CARDS,
    apply_number,
    colour,
    full_deck,
)
from cardtable.games.cirno.rules import SPEC

from .scenarios import arithmetic_zones, build, companion_zones, kinds, of_kind, play, run


# ------------------------------------------------------------------ CIRNO-P1
def test_cirno_p1_player_counts() -> None:  # CIRNO-P1
    assert (SPEC.min_players, SPEC.max_players) == (2, 8)
    assert SPEC.recommended_players == (2, 6)
    for n in range(2, 9):
        state, _ = SPEC.new_game(1, n)
        assert state.num_players == n
    for n in (0, 1, 9):
        with pytest.raises(ValueError):
            SPEC.new_game(1, n)


# ------------------------------------------------------------------ CIRNO-K1
def test_cirno_k1_arithmetic_deck() -> None:  # CIRNO-K1
    deck = Counter(full_deck("arithmetic"))
    assert sum(deck.values()) == 46
    by_colour: Counter[str] = Counter()
    for face, k in deck.items():
        by_colour[colour(face)] += k
    assert by_colour == {"blue": 24, "green": 6, "red": 4, "cirno": 2, "function": 10}
    assert all(deck[f"+{v}"] == 3 for v in range(1, 9))
    assert all(deck[f"-{v}"] == 2 for v in range(1, 4))
    assert (deck["x2"], deck["/2"], deck["9"]) == (2, 2, 2)
    assert (deck["PASS"], deck["TURN"], deck["SHOT"], deck["DOUBLE"]) == (3, 3, 2, 2)
    assert FUNCTION_CARDS | NUMBER_CARDS == set(ARITHMETIC)
    assert not FUNCTION_CARDS & NUMBER_CARDS


def test_cirno_k1_companion_deck() -> None:  # CIRNO-K1
    deck = Counter(full_deck("companion"))
    assert sum(deck.values()) == 10
    assert deck["melting"] == 3
    for face in ("scoop", "pick_out", "draw", "change", "l_or_r", "all_draw", "twenty"):
        assert deck[face] == 1
    assert set(deck) == set(COMPANIONS)
    assert all(colour(f) == "companion" for f in deck)


@pytest.mark.parametrize("n", range(2, 9))
def test_cirno_k1_new_game_holds_both_full_decks(n: int) -> None:  # CIRNO-K1
    state, _ = SPEC.new_game(7, n)
    assert arithmetic_zones(state) == Counter(ARITHMETIC)
    assert companion_zones(state) == Counter(COMPANIONS)


# ------------------------------------------------------------------ CIRNO-S1
@pytest.mark.parametrize("n", [2, 5, 8])
def test_cirno_s1_setup_deals_three_each_total_zero(n: int) -> None:  # CIRNO-S1
    state, events = SPEC.new_game(3, n)
    assert [len(h) for h in state.hands] == [3] * n
    assert len(state.deck) == 46 - 3 * n
    assert (state.total, state.direction, state.duty, state.round_no) == (0, 1, 1, 1)
    assert state.pile == [] and state.discard == []
    first = [e for e in events if e.kind == "announce"][0].data["msg"]
    assert first.key == "log.cirno.first_player"
    assert first.params["player"] == state.current_player()
    # the deal is events too: 3n face-down moves from the deck, each secret to its receiver
    deals = [e for e in of_kind(events, "card_moved") if e.data["src"] == "deck"]
    assert len(deals) == 3 * n
    assert all(e.secret is not None and e.audience == {int(e.data["dst"][5:])} for e in deals)


def test_cirno_s1_first_player_is_random() -> None:  # CIRNO-S1
    firsts = {SPEC.new_game(seed, 4)[0].current_player() for seed in range(60)}
    assert firsts == {0, 1, 2, 3}


# ------------------------------------------------------------------ CIRNO-T1
def test_cirno_t1_play_one_then_draw_back_to_three() -> None:  # CIRNO-T1
    s = build(2, hands=[["+1", "+2", "+3"], ["+4", "+5", "+6"]], deck=["9", "PASS"])
    ev = run(s, play("+2"))
    assert sorted(s.hands[0]) == ["+1", "+3", "9"]
    assert s.deck[-1] == "PASS"
    assert s.current_player() == 1
    assert kinds(ev)[-1] == TURN_STARTED


def test_cirno_t1_more_than_three_draws_nothing() -> None:  # CIRNO-T1
    s = build(2, hands=[["+1", "+2", "+3", "+4"], ["+5", "+6", "+7"]], deck=["9"])
    deck_before = list(s.deck)
    run(s, play("+1"))
    assert sorted(s.hands[0]) == ["+2", "+3", "+4"]
    assert s.deck == deck_before


def test_cirno_t1_empty_deck_reshuffles_all_played_but_top_number() -> None:  # CIRNO-T1
    # the deck is empty; every card not in a hand lies on the pile or the discard pile
    s = build(2, hands=[["+1", "+2", "+3"], ["+4", "+5", "+6"]], pile=["-1", "-2", "x2"],
              discard=["PASS", "TURN"], total=3, rest_to="discard")
    played_before = Counter(s.pile) + Counter(s.discard)
    assert s.deck == []
    ev = run(s, play("+1"))
    # "+1" is now the top number card: it stays; everything else played became the deck
    assert s.pile == ["+1"]
    assert s.discard == []
    assert len(s.hands[0]) == 3
    expected = played_before  # the old pile and discard, "+1" not among them
    assert Counter(s.deck) + Counter([s.hands[0][-1]]) == expected
    shuffles = [e for e in of_kind(ev, SHUFFLED) if e.data["zone"] == "deck"]
    assert len(shuffles) == 1 and shuffles[0].data["count"] == sum(expected.values())
    assert arithmetic_zones(s) == Counter(ARITHMETIC)


def test_cirno_t1_empty_deck_after_function_card_keeps_top_number() -> None:  # CIRNO-T1
    s = build(2, hands=[["PASS", "+2", "+3"], ["+4", "+5", "+6"]], pile=["-1", "x2"],
              discard=["TURN"], total=3, rest_to="discard")
    run(s, play("PASS"))
    assert s.pile == ["x2"]  # the top number card stays on the pile
    assert s.discard == []  # the PASS just played was reshuffled too
    assert len(s.hands[0]) == 3
    assert arithmetic_zones(s) == Counter(ARITHMETIC)


# ------------------------------------------------------------------ CIRNO-N1
@pytest.mark.parametrize(("face", "before", "after"), [
    ("+1", 0, 1), ("+8", 3, 11), ("-2", 11, 9), ("-3", 1, 0), ("-1", 0, 0),
    ("x2", 6, 12), ("x2", 0, 0), ("/2", 9, 4), ("/2", 1, 0), ("/2", 12, 6),
    ("9", 10, 9), ("9", 0, 9), ("9", 12, 9),
])
def test_cirno_n1_arithmetic(face: str, before: int, after: int) -> None:  # CIRNO-N1
    assert apply_number(face, before) == after
    s = build(2, hands=[[face, "PASS", "TURN"], ["+1", "+2", "+3"]], total=before)
    ev = run(s, play(face))
    assert s.total == after
    (changed,) = of_kind(ev, "total_changed")
    assert changed.data == {"old": before, "new": after, "card": face, "player": 0}
    assert s.pile[-1] == face


@pytest.mark.parametrize("face", sorted(FUNCTION_CARDS - {"SHOT"}))
def test_cirno_n1_function_cards_leave_the_total(face: str) -> None:  # CIRNO-N1 CIRNO-F1
    s = build(3, hands=[[face, "+1", "+2"], ["+3"] * 3, ["+4"] * 3], total=7)
    ev = run(s, play(face))
    assert s.total == 7
    assert not of_kind(ev, "total_changed")
    assert s.discard[-1] == face and s.pile == []


# ------------------------------------------------------------------ CIRNO-L1
def test_cirno_l1_exactly_the_limit_is_safe() -> None:  # CIRNO-L1
    s = build(2, hands=[["+8", "+1", "+2"], ["+3", "+4", "+5"]], total=4)
    ev = run(s, play("+8"))
    assert s.total == 12
    assert not of_kind(ev, "bust")
    assert s.round_no == 1 and s.current_player() == 1


@pytest.mark.parametrize(("face", "before"), [("+8", 5), ("x2", 7), ("+1", 12), ("9", 12)])
def test_cirno_l1_above_the_limit_fails_and_takes_a_companion(face: str, before: int
                                                              ) -> None:  # CIRNO-L1
    s = build(3, hands=[["+1", "+2", "+3"], [face, "-1", "-2"], ["+4", "+5", "+6"]],
              total=before, current=1)
    ev = run(s, play(face))
    if apply_number(face, before) <= 12:
        assert not of_kind(ev, "bust")  # (9) on 12 lowers the total: no failure
        return
    (bust,) = of_kind(ev, "bust")
    assert bust.data == {"player": 1, "total": apply_number(face, before), "limit": 12}
    assert s.taken == [0, 1, 0]
    assert [len(h) for h in s.comp_held] == [0, 1, 0]
    # the companion card is dealt face down, its face secret to its new owner
    (taken,) = [e for e in of_kind(ev, "card_moved") if e.data["src"] == "companion_deck"]
    assert taken.data["dst"] == "companions:1" and taken.audience == {1}
    assert "card" not in taken.data and taken.secret == {"card": s.comp_held[1][0]}
    assert s.round_no == 2


def test_cirno_l1_function_card_never_fails() -> None:  # CIRNO-L1
    s = build(2, hands=[["PASS", "+1", "+2"], ["+3", "+4", "+5"]], total=12)
    ev = run(s, play("PASS"))
    assert not of_kind(ev, "bust") and s.total == 12


# ------------------------------------------------------------------ CIRNO-F1
def test_cirno_f1_pass_moves_on() -> None:  # CIRNO-F1
    s = build(3, hands=[["PASS", "+1", "+2"], ["+3"] * 3, ["+4"] * 3], total=5)
    run(s, play("PASS"))
    assert (s.current_player(), s.total, s.direction) == (1, 5, 1)


def test_cirno_f1_turn_reverses_direction() -> None:  # CIRNO-F1
    s = build(4, hands=[["+1"] * 3, ["TURN", "+2", "+2"], ["+4"] * 3, ["+5"] * 3], current=1)
    ev = run(s, play("TURN"))
    assert s.direction == -1 and s.current_player() == 0
    assert of_kind(ev, "direction_changed")[0].data == {"direction": -1, "player": 1}
    run(s, play("+1"))
    assert s.current_player() == 3  # order keeps going the new way round


def test_cirno_f1_turn_with_two_players() -> None:  # CIRNO-F1
    s = build(2, hands=[["TURN", "+1", "+2"], ["TURN", "+3", "+4"]], deck=["+5", "+6"])
    run(s, play("TURN"))
    # with two players the other player still plays next; only the direction flag flips
    assert (s.direction, s.current_player()) == (-1, 1)
    run(s, play("TURN"))
    assert (s.direction, s.current_player()) == (1, 0)
    run(s, play("+1"))
    assert s.current_player() == 1


def test_cirno_f1_shot_names_any_other_player() -> None:  # CIRNO-F1
    s = build(5, hands=[["+1"] * 3, ["SHOT", "+2", "+2"], ["+3"] * 3, ["+4"] * 3, ["+5"] * 3],
              current=1, total=4)
    shots = [a for a in s.legal_actions() if a.card == "SHOT"]
    assert [a.target for a in shots] == [0, 2, 3, 4]  # never yourself
    run(s, play("SHOT", 3))
    assert s.current_player() == 3 and s.total == 4
    run(s, play("+4"))
    assert s.current_player() == 4  # order continues from the named player


def test_cirno_f1_shot_after_turn_continues_the_reversed_way() -> None:  # CIRNO-F1
    s = build(4, hands=[["+1"] * 3, ["SHOT", "+2", "+2"], ["+3"] * 3, ["+4"] * 3],
              current=1, direction=-1)
    run(s, play("SHOT", 3), play("+4"))
    assert s.current_player() == 2


# ------------------------------------------------------------------ CIRNO-R1
def test_cirno_r1_failing_player_starts_next_round_with_fresh_cards() -> None:  # CIRNO-R1
    s = build(4, hands=[["+1"] * 3, ["+2"] * 3, ["+8", "+3", "+3"], ["TURN", "+5", "+5"]],
              pile=["+6", "-1"], discard=["PASS"], total=13, current=2, direction=-1,
              limit=20, round_no=1)
    ev = run(s, play("+8"))
    assert s.round_no == 2
    assert s.current_player() == 2  # the failing player starts
    assert (s.total, s.direction, s.limit, s.duty) == (0, 1, 12, 1)
    assert s.pile == [] and s.discard == []
    assert [len(h) for h in s.hands] == [3, 3, 3, 3]
    assert arithmetic_zones(s) == Counter(ARITHMETIC)
    order = kinds(ev)
    assert order.index("cards_collected") < order.index(ROUND_STARTED)
    started = of_kind(ev, ROUND_STARTED)[0].data
    assert started["starter"] == 2 and started["round"] == 2
    # the new deal goes round from the starter: 2, 3, 0, 1, 2, ...
    deals = [e.data["dst"] for e in of_kind(ev, "card_moved") if e.data["src"] == "deck"]
    assert deals[:4] == ["hand:2", "hand:3", "hand:0", "hand:1"]
