"""Cirno: how a game ends and who wins (CIRNO-G1, G2, A1)."""

from __future__ import annotations

import random

import pytest

from cardtable.core.events import GAME_OVER, ROUND_STARTED
from cardtable.games.cirno.rules import SPEC

from .scenarios import advanced, build, of_kind, play, run

FILL = [["+1", "+1", "+1"], ["+2", "+2", "+2"], ["+3", "+3", "+3"], ["+4", "+4", "+4"],
        ["+5", "+5", "+5"], ["+6", "+6", "+6"], ["+7", "+7", "+7"], ["-1", "-1", "-2"]]


def bust_state(n: int, loser: int, **kw):  # noqa: ANN003, ANN201 - test helper
    """`loser` to play, total 12, holding "+8"s: whatever they play, they fail."""
    hands = [list(h) for h in FILL[:n]]
    hands[loser] = ["+8", "+8", "+8"]
    return build(n, hands=hands, total=12, current=loser, **kw)


# ------------------------------------------------------------------ CIRNO-G1
def test_cirno_g1_basic_game_continues_before_the_last_round() -> None:  # CIRNO-G1
    s = bust_state(3, 0, round_no=2, taken=[1, 0, 0], comp_held=[["melting"], [], []])
    run(s, play("+8"))
    assert not s.is_terminal() and s.round_no == 3
    assert s.taken == [2, 0, 0]


def test_cirno_g1_fewest_companion_cards_wins() -> None:  # CIRNO-G1
    s = bust_state(3, 0, round_no=3, taken=[1, 1, 0], comp_held=[["melting"], ["draw"], []])
    ev = run(s, play("+8"))
    assert s.is_terminal()
    assert s.winners == [2]
    assert s.scores() == [2.0, 1.0, 0.0]
    assert s.returns() == [0.0, 0.0, 1.0]
    (over,) = of_kind(ev, GAME_OVER)
    assert over.data == {"winners": [2], "scores": [2.0, 1.0, 0.0]}


@pytest.mark.parametrize("n", [2, 3, 5, 8])
def test_cirno_g1_random_basic_games_play_n_rounds(n: int) -> None:  # CIRNO-G1
    rng = random.Random(n)
    for seed in range(10):
        s, events = SPEC.new_game(seed, n)
        while not s.is_terminal():
            legal = s.legal_actions()
            events += s.apply(legal[rng.randrange(len(legal))])
        normal = [e for e in of_kind(events, ROUND_STARTED) if not e.data["sudden_death"]]
        assert len(normal) == n
        assert sum(s.taken) == n
        assert min(s.taken[w] for w in s.winners) == min(s.taken)


# ------------------------------------------------------------------ CIRNO-G2
def test_cirno_g2_basic_tie_goes_to_sudden_death() -> None:  # CIRNO-G2
    s = bust_state(4, 2, round_no=4, taken=[2, 0, 1, 0], comp_held=[["melting"] * 2, [], ["draw"], []])
    ev = run(s, play("+8"))
    assert not s.is_terminal()
    assert s.sudden_death
    assert s.active == [False, True, False, True]
    sd = [e for e in of_kind(ev, "announce") if e.data["msg"].key == "log.cirno.sudden_death"]
    assert sd[0].data["msg"].params["players"] == [1, 3]
    # the loser (2) is not in it: the next tied player after them starts
    assert s.current_player() == 3
    assert [len(h) for h in s.hands] == [0, 3, 0, 3]
    started = of_kind(ev, ROUND_STARTED)[-1].data
    assert started["sudden_death"] is True and started["starter"] == 3


def test_cirno_g2_sudden_death_loser_drops_out_last_one_wins() -> None:  # CIRNO-G2
    s = bust_state(4, 3, round_no=5, taken=[2, 0, 2, 0], sudden_death=True,
                   active=[False, True, False, True],
                   comp_held=[["melting"] * 2, [], ["draw", "scoop"], []])
    s.hands[0], s.hands[2] = [], []
    s.deck += FILL[0] + FILL[2]
    ev = run(s, play("+8"))
    assert of_kind(ev, "player_out")[0].data == {"player": 3}
    assert s.is_terminal() and s.winners == [1]
    assert s.taken == [2, 0, 2, 0]  # no companion card in sudden death
    assert s.returns() == [0.0, 1.0, 0.0, 0.0]


def test_cirno_g2_sudden_death_of_three_plays_on_after_a_drop_out() -> None:  # CIRNO-G2
    s = bust_state(4, 1, round_no=5, taken=[1, 1, 1, 1], sudden_death=True,
                   active=[True, True, False, True],
                   comp_held=[["melting"], ["melting"], ["melting"], ["draw"]])
    s.deck += s.hands[2]
    s.hands[2] = []
    run(s, play("+8"))
    assert not s.is_terminal()
    assert s.active == [True, False, False, True]
    assert s.current_player() == 3  # next active seat after the loser
    shots = build(4, hands=[["SHOT", "+1", "+1"], [], [], ["+2", "+2", "+2"]],
                  active=[True, False, False, True], sudden_death=True)
    assert [a.target for a in shots.legal_actions() if a.card == "SHOT"] == [3]
    run(shots, play("+1"))
    assert shots.current_player() == 3  # inactive seats are skipped


def test_cirno_g2_standings_after_a_sudden_death() -> None:  # CIRNO-G2
    """Final standing: the winner first, then the sudden death's drop-outs, the last one out
    ahead of the earlier ones, then the rest by fewest companion cards (a play test found the
    results screen listing a drop-out above the winner)."""
    s = bust_state(4, 0, round_no=4, taken=[1, 0, 0, 0],
                   comp_held=[["melting"], [], [], []])
    run(s, play("+8"))
    assert s.sudden_death and s.active == [False, True, True, True]
    assert s.standings() == [[1, 2, 3], [0]]  # still in it, tied; then the loser
    # seat 2 fails the first sudden-death round, seat 3 the second
    for out, left in ((2, [[1, 3], [2], [0]]), (3, [[1], [3], [2], [0]])):
        for q in range(4):
            if s.active[q]:
                s.deck += s.hands[q]
                s.hands[q] = ["+8", "+8", "+8"] if q == out else ["+1", "+1", "+1"]
        s.current, s.total = out, 12
        run(s, play("+8"))
        assert s.dropped[-1] == out
        assert s.standings() == left
    assert s.is_terminal() and s.winners == [1]
    assert s.view(0).dropped == (2, 3)


def test_cirno_standings_share_a_place_between_equals() -> None:  # CIRNO-G1, CIRNO-A1
    s = build(4, taken=[1, 0, 1, 0], comp_held=[["melting"], [], ["draw"], []])
    assert s.standings() == [[1, 3], [0, 2]]
    adv = build(3, options=advanced(), comp_held=[["melting"], [], []],
                comp_used=[[], ["scoop"], []])
    assert adv.taken == [1, 1, 0]
    assert adv.standings() == [[2], [0], [1]]  # equal taken: fewer used first (CIRNO-A1)


# ------------------------------------------------------------------ CIRNO-A1
def test_cirno_a1_advanced_game_ends_when_a_player_reaches_three() -> None:  # CIRNO-A1
    s = bust_state(3, 0, round_no=3, taken=[2, 1, 0], options=advanced(),
                   comp_held=[["melting", "draw"], ["scoop"], []])
    run(s, play("+8"))
    assert s.is_terminal() and s.winners == [2]


def test_cirno_a1_advanced_game_goes_on_below_three() -> None:  # CIRNO-A1
    s = bust_state(3, 0, round_no=7, taken=[1, 1, 0], options=advanced(),
                   comp_held=[["melting"], ["scoop"], []])
    run(s, play("+8"))
    assert not s.is_terminal() and s.round_no == 8  # no round limit in the advanced game


def test_cirno_a1_three_counts_used_companions_too() -> None:  # CIRNO-A1
    s = bust_state(3, 0, round_no=3, taken=[2, 1, 0], options=advanced(),
                   comp_held=[["melting"], ["scoop"], []], comp_used=[["draw"], [], []])
    run(s, play("+8"))
    assert s.is_terminal() and s.winners == [2]


def test_cirno_a1_fewest_used_breaks_a_tie() -> None:  # CIRNO-A1
    s = bust_state(3, 0, round_no=3, taken=[2, 1, 1], options=advanced(),
                   comp_held=[["melting", "draw"], [], ["scoop"]], comp_used=[[], ["change"], []])
    run(s, play("+8"))
    assert s.is_terminal()
    assert s.winners == [2]  # 1 card each for players 1 and 2; player 2 used none
    assert s.returns() == [0.0, 0.0, 1.0]


def test_cirno_a1_tie_on_used_too_goes_to_sudden_death() -> None:  # CIRNO-A1 CIRNO-G2
    s = bust_state(3, 0, round_no=3, taken=[2, 1, 1], options=advanced(),
                   comp_held=[["melting", "draw"], [], []],
                   comp_used=[[], ["change"], ["scoop"]])
    run(s, play("+8"))
    assert not s.is_terminal() and s.sudden_death
    assert s.active == [False, True, True]
    assert s.current_player() == 1


def test_cirno_a1_round_starting_with_one_companion_left_is_the_last() -> None:  # CIRNO-A1
    # nobody can reach 3 here; the companion deck held 1 card when this round began
    s = bust_state(5, 4, round_no=9, options=advanced(),
                   comp_held=[["melting"], ["melting"], ["l_or_r"], ["all_draw"], ["pick_out"]],
                   comp_used=[["melting"], ["scoop"], ["change"], ["draw"], []],
                   comp_deck=["twenty"])
    assert s.taken == [2, 2, 2, 2, 1] and s.comp_deck_at_round_start == 1
    run(s, play("+8"))
    assert s.is_terminal()
    assert s.taken == [2, 2, 2, 2, 2]
    assert s.comp_held[4] == ["pick_out", "twenty"] and s.comp_deck == []
    # all tied on cards; the last round's loser used none, so wins on "fewest used"
    assert s.winners == [4]


def test_cirno_a1_deck_down_to_one_means_one_last_round() -> None:  # CIRNO-A1
    s = bust_state(5, 4, round_no=8, options=advanced(),
                   comp_held=[["melting"], ["melting"], ["l_or_r"], ["all_draw"], []],
                   comp_used=[["melting"], ["scoop"], ["change"], ["draw"], []],
                   comp_deck=["twenty", "pick_out"])
    assert s.taken == [2, 2, 2, 2, 0] and s.comp_deck_at_round_start == 2
    run(s, play("+8"))
    # 2 were left when the round began: the game goes on into one last round
    assert not s.is_terminal()
    assert s.comp_deck_at_round_start == 1 and s.round_no == 9
    assert s.view(None).companion_deck_at_round_start == 1
    rng = random.Random(5)
    while s.round_no == 9 and not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    # whoever failed in that round, the game ended with it (or went to a sudden death)
    assert s.is_terminal() or s.sudden_death
    assert sum(s.taken) == 10 and s.comp_deck == []
