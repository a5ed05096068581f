"""Cirno: the DOUBLE card and its duties (CIRNO-D1..D4), the seed's notes (1) and (2)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.games.cirno.cards import ARITHMETIC

from .scenarios import advanced, arithmetic_zones, build, of_kind, play, run, use

NUMS = ["+1", "+1", "+1"]
NUMS2 = ["+6", "+6", "+6"]


def owed(state) -> tuple[int | None, int, int]:  # noqa: ANN001 - tiny test helper
    return state.current_player(), state.duty, state.played_in_turn


# ------------------------------------------------------------------ CIRNO-D1
def test_cirno_d1_double_makes_next_player_play_two_drawing_between() -> None:  # CIRNO-D1
    s = build(3, hands=[["DOUBLE", "-3", "-3"], ["+2", "+3", "-1"], ["+4", "+4", "+4"]],
              deck=["+5", "+6", "+7"], total=1)
    run(s, play("DOUBLE"))
    assert owed(s) == (1, 2, 0)
    run(s, play("+2"))
    # the same player goes again, having drawn after the first card
    assert owed(s) == (1, 2, 1)
    assert sorted(s.hands[1]) == sorted(["+3", "-1", "+6"])
    assert s.total == 3
    run(s, play("+6"))
    assert owed(s) == (2, 1, 0)
    assert s.total == 3  # CIRNO-D4 (revised): play goes on from the first card's total
    assert sorted(s.hands[1]) == sorted(["+3", "-1", "+7"])


def test_cirno_d1_duty_is_visible_in_views() -> None:  # CIRNO-D1
    s = build(2, hands=[["DOUBLE", "-3", "-3"], ["+2", "+3", "+3"]])
    ev = run(s, play("DOUBLE"))
    assert of_kind(ev, "turn_started")[-1].data == {"player": 1, "duty": 2}
    for viewer in (None, 0, 1):
        v = s.view(viewer)
        assert (v.current, v.duty, v.played_in_turn) == (1, 2, 0)


@pytest.mark.parametrize("second", [False, True])
def test_cirno_d1_bust_during_double_ends_round_at_once(second: bool) -> None:  # CIRNO-D1 L1
    s = build(3, hands=[["DOUBLE", "-3", "-3"], ["+2", "+8", "-1"], NUMS],
              total=4 if second else 5)
    run(s, play("DOUBLE"))
    if second:
        run(s, play("+2"))  # 6, safe; still player 1's double turn
        assert owed(s) == (1, 2, 1)
    ev = run(s, play("+8"))
    (bust,) = of_kind(ev, "bust")
    assert bust.data["player"] == 1 and bust.data["total"] == 13 + (1 if second else 0)
    assert s.taken == [0, 1, 0]
    assert s.round_no == 2 and owed(s) == (1, 1, 0)  # a fresh round, led by the loser
    assert arithmetic_zones(s) == Counter(ARITHMETIC)


# ------------------------------------------------------------------ CIRNO-D2 (seed note 1)
def test_cirno_d2_first_card_pass_moves_the_duty_on() -> None:  # CIRNO-D2
    s = build(4, hands=[["DOUBLE", "-3", "-3"], ["PASS", "+2", "+2"], NUMS, NUMS2], total=5)
    run(s, play("DOUBLE"), play("PASS"))
    assert owed(s) == (2, 2, 0)
    assert s.total == 5


def test_cirno_d2_first_card_turn_moves_the_duty_back() -> None:  # CIRNO-D2
    s = build(4, hands=[["DOUBLE", "-3", "-3"], ["TURN", "+2", "+2"], NUMS, NUMS2])
    run(s, play("DOUBLE"), play("TURN"))
    assert s.direction == -1
    assert owed(s) == (0, 2, 0)


def test_cirno_d2_first_card_shot_gives_the_duty_to_the_target() -> None:  # CIRNO-D2
    s = build(4, hands=[["DOUBLE", "-3", "-3"], ["SHOT", "+2", "+2"], NUMS, NUMS2])
    run(s, play("DOUBLE"), play("SHOT", 3))
    assert owed(s) == (3, 2, 0)
    run(s, play("+6"))
    assert owed(s) == (3, 2, 1)
    run(s, play("+6"))
    assert owed(s) == (0, 1, 0)


def test_cirno_d2_double_answered_by_double() -> None:  # CIRNO-D2
    s = build(3, hands=[["DOUBLE", "-3", "-3"], ["DOUBLE", "+2", "+2"], NUMS], total=2)
    run(s, play("DOUBLE"), play("DOUBLE"))
    # player 1's duty ends with that one card; the next player owes 2, never 4
    assert owed(s) == (2, 2, 0)
    run(s, play("+1"), play("+1"))
    assert owed(s) == (0, 1, 0)
    assert s.total == 3  # CIRNO-D4: on from the first card's total (2 + 1)


def test_cirno_d2_duty_passes_along_several_function_cards() -> None:  # CIRNO-D2
    s = build(4, hands=[["DOUBLE", "-3", "-3"], ["PASS", "+2", "+2"], ["PASS", "+3", "+3"],
                        ["TURN", "+4", "+4"]])
    run(s, play("DOUBLE"), play("PASS"), play("PASS"), play("TURN"))
    assert owed(s) == (2, 2, 0)


# ------------------------------------------------------------------ CIRNO-D3 (seed note 2)
@pytest.mark.parametrize(("second", "target", "next_player", "next_duty"), [
    ("PASS", None, 2, 1), ("TURN", None, 0, 1), ("SHOT", 0, 0, 1), ("DOUBLE", None, 2, 2),
])
def test_cirno_d3_second_card_function(second: str, target: int | None, next_player: int,
                                       next_duty: int) -> None:  # CIRNO-D3
    s = build(3, hands=[["DOUBLE", "-3", "-3"], ["+2", second, "-1"], NUMS], total=3)
    run(s, play("DOUBLE"), play("+2"), play(second, target))
    assert s.total == 5
    assert owed(s) == (next_player, next_duty, 0)


def test_cirno_d3_second_card_companion_counts_as_pass() -> None:  # CIRNO-D3 CIRNO-A2
    s = build(3, hands=[["DOUBLE", "-3", "-3"], ["+2", "+3", "-1"], NUMS], total=3,
              options=advanced(), comp_held=[[], ["melting"], []])
    run(s, play("DOUBLE"), play("+2"), use("melting"))
    assert owed(s) == (2, 1, 0)


# ------------------------------------------------------------------ CIRNO-D4
def _seed_example(reading: str | None):  # noqa: ANN202
    # the seed's example: total 3, the doubled player holds 4, 7, 9; plays 4 (=7), draws 2,
    # plays 2 (=9); None: the default reading
    s = build(3, hands=[["DOUBLE", "-3", "-3"], ["+4", "+7", "9"], NUMS], deck=["+5", "+2"],
              total=3, options={} if reading is None else {"double_reading": reading})
    run(s, play("DOUBLE"), play("+4"))
    assert s.total == 7 and "+2" in s.hands[1]
    ev = run(s, play("+2"))
    return s, ev


@pytest.mark.parametrize("reading", [None, "first"])
def test_cirno_d4_default_continues_from_first_card_total(reading: str | None) -> None:
    # CIRNO-D4 (revised): the seed's example says so in so many words (3 -> +4 = 7 -> +2 = 9,
    # the next player goes on from 7); it is the default
    s, ev = _seed_example(reading)
    assert s.total == 7
    assert owed(s) == (2, 1, 0)
    changes = of_kind(ev, "total_changed")
    assert [e.data["new"] for e in changes] == [9, 7]
    assert changes[1].data["reason"] == "double_first"


def test_cirno_d4_the_default_is_the_first_card_reading() -> None:  # CIRNO-D4
    from cardtable.games.cirno.rules import CirnoOptions
    assert CirnoOptions().double_reading == "first"


def test_cirno_d4_latest_option_continues_from_second_card_total() -> None:  # CIRNO-D4
    s, ev = _seed_example("latest")
    assert s.total == 9
    assert owed(s) == (2, 1, 0)
    assert [e.data["new"] for e in of_kind(ev, "total_changed")] == [9]


@pytest.mark.parametrize("options", [{}, {"double_reading": "latest"}])
def test_cirno_d4_bust_on_second_card_still_fails(options) -> None:  # CIRNO-D4 L1
    s = build(3, hands=[["DOUBLE", "-3", "-3"], ["+4", "+8", "9"], NUMS], total=3,
              options=options)
    ev = run(s, play("DOUBLE"), play("+4"), play("+8"))
    assert of_kind(ev, "bust")[0].data["player"] == 1


def test_cirno_d4_function_second_card_keeps_total() -> None:  # CIRNO-D4
    s = build(3, hands=[["DOUBLE", "-3", "-3"], ["+4", "PASS", "9"], NUMS], total=3)
    run(s, play("DOUBLE"), play("+4"), play("PASS"))
    assert s.total == 7 and owed(s) == (2, 1, 0)
