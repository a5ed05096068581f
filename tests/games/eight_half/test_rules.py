"""8½ rules, one clause at a time (clause ids from rules-decisions.md in every test name)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.core.actions import Action
from cardtable.core.errors import IllegalActionError
from cardtable.games.eight_half.cards import DECK, YELLOW, full_deck
from cardtable.games.eight_half.rules import PLAY, SPEC, SWAP

from .scenarios import aside_of, build, hand_of, placed


def play(*cards: str) -> Action:
    return Action("play", cards=cards)


def catch(*cards: str) -> Action:
    return Action("catch", cards=cards)


TAKE = Action("take")


def kinds(events: list, kind: str) -> list:
    return [e for e in events if e.kind == kind]


# ------------------------------------------------------------ E8H-P1, E8H-K1, E8H-S1
def test_e8h_p1_player_counts() -> None:
    """E8H-P1: 2-5 players, setup allows 6."""
    assert (SPEC.min_players, SPEC.max_players) == (2, 6)
    for n in range(2, 7):
        SPEC.new_game(1, n)
    for n in (1, 7):
        with pytest.raises(ValueError):
            SPEC.new_game(1, n)


def test_e8h_k1_deck_of_72() -> None:
    """E8H-K1: 1 and 2 x4; 0, 3-9 x6; ½ and Ghost x8; yellow = 1-4, 6-8."""
    deck = Counter(full_deck())
    assert sum(deck.values()) == 72
    assert deck == Counter({"1": 4, "2": 4, "0": 6, "3": 6, "4": 6, "5": 6, "6": 6, "7": 6,
                            "8": 6, "9": 6, "h": 8, "g": 8})
    assert set(YELLOW) == {"1", "2", "3", "4", "6", "7", "8"}


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_e8h_s1_banks_blind_open_hand(n: int) -> None:
    """E8H-S1: all 72 dealt as evenly as possible; 3 blind, 3 open, 3 in hand each."""
    state, events = SPEC.new_game(11, n)
    assert placed(state) == Counter(DECK)
    sizes = [state.cards_left(q) for q in range(n)]
    assert sum(sizes) == 72 and max(sizes) - min(sizes) <= 1
    for q in range(n):
        assert sum(state.hand[q]) == 3
        assert None not in state.open[q] and None not in state.blind[q]
    # the deal is told in events; blind cards are face down and secret to everyone
    blind_moves = [e for e in events if e.kind == "card_moved" and e.data["dst"].startswith(
        "blind:")]
    assert len(blind_moves) == 3 * n
    assert all(not e.data["face_up"] and "card" not in e.data and e.audience == frozenset()
               for e in blind_moves)


def test_e8h_s1_extra_cards_go_from_the_dealers_left() -> None:
    """E8H-S1: with 5 players (72 = 5 x 14 + 2) the two seats after the dealer get 15."""
    state, _ = SPEC.new_game(4, 5)
    d = state.dealer
    sizes = [state.cards_left((d + 1 + k) % 5) for k in range(5)]
    assert sizes == [15, 15, 14, 14, 14]


def test_e8h_s1_refill_to_three_while_the_bank_lasts() -> None:
    """E8H-S1: after a play the hand is refilled to 3 from the bank; an empty bank gives none."""
    s = build(2, hands=[["3", "3", "7"], ["9", "9", "9"]], banks=[["1", "2", "4"], []],
              )
    s.apply(play("3", "3"))
    assert sorted(hand_of(s, 0)) == ["1", "2", "7"] and s.bank[0] == ["4"]
    s2 = build(2, hands=[["3", "7"], ["9", "9", "9"]], banks=[[], []],
               )
    s2.apply(play("3"))
    assert hand_of(s2, 0) == ["7"]


# ------------------------------------------------------------ E8H-S2
def _opening(hands: list[list[str]], dealer: int) -> tuple[int | None, list[Action]]:
    n = len(hands)
    s = build(n, hands=hands, dealer=dealer)
    ev: list = []
    s._begin_play(ev)
    return s.current_player(), s.legal_actions()


def test_e8h_s2_lowest_yellow_card_starts() -> None:
    """E8H-S2: the lowest yellow card (not 0 or 5) opens, with its copies if wanted."""
    cur, legal = _opening([["0", "5", "4"], ["3", "3", "9"], ["6", "7", "8"]], dealer=2)
    assert cur == 1
    assert legal == [play("3"), play("3", "3")]


def test_e8h_s2_tie_first_from_the_dealers_left() -> None:
    """E8H-S2: a tie goes to the first holder in seat order from the dealer's left."""
    hands = [["2", "9", "9"], ["2", "9", "9"], ["2", "9", "9"]]
    assert _opening(hands, dealer=0)[0] == 1
    assert _opening(hands, dealer=1)[0] == 2
    assert _opening(hands, dealer=2)[0] == 0


def test_e8h_s2_no_yellow_card_anywhere() -> None:
    """E8H-S2 (our reading): no yellow card in any hand -> the dealer's left opens freely."""
    cur, legal = _opening([["0", "5", "9"], ["g", "h", "5"]], dealer=1)
    assert cur == 0
    assert play("9") in legal and play("0") in legal


def test_e8h_s2_opening_of_a_real_deal() -> None:
    """E8H-S2 on dealt games: the opener holds the lowest yellow card of all hands."""
    for seed in range(30):
        s, _ = SPEC.new_game(seed, 4)
        held = [[f for f in hand_of(s, q) if f in YELLOW] for q in range(4)]
        lowest = min((f for h in held for f in h), key=int, default=None)
        if lowest is None:
            continue
        p = s.current_player()
        assert lowest in held[p]
        assert {a.cards[0] for a in s.legal_actions()} == {lowest}


# ------------------------------------------------------------ E8H-B1 .. E8H-E1 on states
def test_e8h_b1_several_equal_cards_value_does_not_add() -> None:
    """E8H-B1: two 6s on a 4 make the value 6, both cards go to the pile."""
    s = build(2, hands=[["6", "6", "1"], ["9"]], pile=["4"])
    assert play("1") not in s.legal_actions()
    s.apply(play("6", "6"))
    assert s.value2 == 12 and s.pile == ["4", "6", "6"]
    with pytest.raises(IllegalActionError):
        s.apply(play("1"))


def test_e8h_g1_ghost_keeps_five_rule_and_eight_half() -> None:
    """E8H-G1: a Ghost on a 5 keeps "≤ 5"; a Ghost on 8½ keeps the 8½ rule (and is wanted)."""
    s = build(2, hands=[["g", "1"], ["6", "3", "g"]], pile=["5"], le5=True)
    s.apply(play("g"))
    assert s.le5 and s.value2 == 10
    assert {a.cards for a in s.legal_actions()} == {("3",), ("g",)}
    s = build(2, hands=[["g", "1"], ["9", "8", "7", "0", "h"]], pile=["8", "h"], value2=17,
              wanted=1, current=0)
    ev = s.apply(play("g"))
    assert s.value2 == 17 and s.wanted == 0 and kinds(ev, "wanted")
    assert set(s.legal_actions()) == {play("9"), catch("9"), play("8", "h")}


def test_e8h_h1_half_adds_and_on_half_is_a_plain_play() -> None:
    """E8H-H1: ½ on 7½ makes 8 and catches nobody by default."""
    s = build(3, hands=[["h", "1"], ["h", "2"], ["8", "9"]], pile=["7"], value2=14)
    s.apply(play("h"))
    assert s.value2 == 15 and s.wanted == 0
    assert catch("h") not in s.legal_actions()
    s.apply(play("h"))
    assert s.value2 == 16 and s.wanted is None and s.pile[-1] == "h"
    assert s.current_player() == 2
    assert play("h") not in build(2, hands=[["h"], ["1"]], pile=["8"]).legal_actions()


def test_e8h_h1_option_half_catches() -> None:
    """E8H-H1 option: a ½ on a half value catches the wanted player."""
    s = build(3, hands=[["h", "1"], ["h", "2"], ["8", "9"]], pile=["7", "h"], value2=15,
              wanted=0, current=1, options={"half_catches": True})
    legal = s.legal_actions()
    assert play("h") in legal and catch("h") in legal
    s.apply(catch("h"))
    assert sorted(aside_of(s, 0)) == sorted(["7", "h", "h"]) and s.current_player() == 1
    assert s.pile == [] and s.value2 == 0


def test_e8h_z1_zero_resets_and_anything_follows() -> None:
    """E8H-Z1: 0 on a whole number makes 0; the next player may play anything."""
    s = build(2, hands=[["0", "1"], ["1", "2", "h"]], pile=["9"])
    s.apply(play("0"))
    assert s.value2 == 0
    assert {a.cards[0] for a in s.legal_actions()} == {"1", "2", "h"}
    s = build(2, hands=[["0", "1"], ["1"]], pile=["4", "h"], value2=9)
    assert play("0") not in s.legal_actions()


def test_e8h_f1_after_a_five_at_most_five() -> None:
    """E8H-F1: after a 5 the next card is ≤ 5 (another 5, Ghost, ½ or 0 allowed)."""
    s = build(2, hands=[["5", "1"], ["6", "7", "4"]], pile=["3"])
    s.apply(play("5"))
    assert s.le5
    assert s.legal_actions() == [play("4")]
    s.apply(play("4"))
    assert s.value2 == 8 and not s.le5


def test_e8h_n1_nine_and_above_nine() -> None:
    """E8H-N1: on 9 only 9 or specials; above 9 only specials; else take the pile."""
    s = build(2, hands=[["9", "8"], ["9", "8", "7"]], pile=["9"])
    assert s.legal_actions() == [play("9")]
    s = build(2, hands=[["9", "8", "0"], ["1"]], pile=["9", "h"], value2=19)
    assert s.legal_actions() == [TAKE]


def test_e8h_e1_combo_makes_eight_half_and_nine_catches() -> None:
    """E8H-E1: 8 + ½ together make 8½; the reply 9 catches the combo player."""
    s = build(2, hands=[["8", "h", "2"], ["9", "7", "h"]], pile=["6"])
    ev = s.apply(play("8", "h"))
    assert s.value2 == 17 and s.wanted == 0 and kinds(ev, "wanted")
    assert set(s.legal_actions()) == {play("9"), catch("9")}
    s.apply(catch("9"))
    assert sorted(aside_of(s, 0)) == sorted(["6", "8", "h", "9"])
    assert s.current_player() == 1 and s.pile == []


# ------------------------------------------------------------ E8H-C1
def test_e8h_c1_cannot_play_takes_the_pile_next_starts_new() -> None:
    """E8H-C1: no legal play -> the only action is to take; the next player starts afresh."""
    s = build(3, hands=[["1", "2"], ["3"], ["1"]], pile=["4", "7"], current=0, rest_seat=2)
    before = len(aside_of(s, 0))
    assert s.legal_actions() == [TAKE]
    ev = s.apply(TAKE)
    assert len(aside_of(s, 0)) == before + 2
    assert kinds(ev, "pile_taken")[0].data["dst"] == "set_aside:0"
    assert s.current_player() == 1 and s.pile == [] and s.value2 == 0
    assert s.legal_actions() == [play("3")]
    assert s.taken_total[0] == 2


# ------------------------------------------------------------ E8H-W1
def test_e8h_w1_catch_only_exact_next_whole_and_catcher_goes_again() -> None:
    """E8H-W1: the next player catches with exactly x+1; the wanted player takes the pile
    (catching card included); the catcher starts a new pile with one more card."""
    s = build(3, hands=[["h", "1"], ["8", "8", "9"], ["2"]], pile=["7"], value2=14,
              banks=[["4"], ["3", "3"], []], rest_seat=2)
    s.apply(play("h"))
    legal = s.legal_actions()
    assert catch("8") in legal and catch("8", "8") in legal and catch("9") not in legal
    assert play("8") in legal  # catching is optional
    ev = s.apply(catch("8", "8"))
    assert kinds(ev, "caught")[0].data == {"catcher": 1, "player": 0, "value2": 15,
                                           "value": "7½", "cards": ["8", "8"], "src": "hand"}
    assert sorted(aside_of(s, 0)) == sorted(["7", "h", "8", "8"])
    assert s.current_player() == 1 and s.pile == []
    assert sorted(hand_of(s, 1)) == ["3", "3", "9"]  # refilled before the new pile


def test_e8h_w1_only_the_next_player_may_catch() -> None:
    """E8H-W1: after the next player plays on, the earlier wanted player is safe."""
    s = build(3, hands=[["h", "1"], ["g", "9"], ["8", "9"]], pile=["7"], value2=14)
    s.apply(play("h"))
    s.apply(play("9"))
    assert s.wanted is None
    assert all(a.kind != "catch" for a in s.legal_actions())


def test_e8h_w1_ghost_on_half_value_moves_the_wanted_status() -> None:
    """E8H-W1: a Ghost on a half value makes its player the wanted one."""
    s = build(3, hands=[["h", "1"], ["g", "9"], ["8", "9"]], pile=["7"], value2=14)
    s.apply(play("h"))
    s.apply(play("g"))
    assert s.wanted == 1
    s.apply(catch("8"))
    assert sorted(aside_of(s, 1)) == sorted(["7", "h", "g", "8"])
    assert s.current_player() == 2


def test_e8h_w1_nobody_caught_above_nine() -> None:
    """E8H-W1 / E8H-N1: ½ on 9 makes 9½, nobody is wanted."""
    s = build(2, hands=[["h", "1"], ["g", "h"]], pile=["9"])
    ev = s.apply(play("h"))
    assert s.value2 == 19 and s.wanted is None and not kinds(ev, "wanted")


def test_e8h_w1_no_catch_after_a_ghost_on_a_whole_number() -> None:
    """E8H-W1: a Ghost on a whole number makes nobody wanted."""
    s = build(2, hands=[["g", "1"], ["7", "8"]], pile=["7"])
    s.apply(play("g"))
    assert s.wanted is None and all(a.kind == "play" for a in s.legal_actions())


# ------------------------------------------------------------ E8H-T1
def test_e8h_t1_open_cards_one_a_turn_after_the_hand() -> None:
    """E8H-T1: bank and hand empty -> open cards, one a turn (equal ones not together)."""
    s = build(2, hands=[[], ["9"]], pile=["3"], open_cards=[["4", "4", "2"], ["0"] * 3],
              blind=[["1", "1", "1"], ["5"] * 3])
    assert s.legal_actions() == [Action("play_open", card="4")]
    ev = s.apply(Action("play_open", card="4"))
    assert kinds(ev, "table_cards_reached") and s.reached[0]
    assert s.open[0].count(None) == 1 and s.pile[-1] == "4"


def test_e8h_t1_blind_cards_by_position_revealed_as_played() -> None:
    """E8H-T1: then the blind cards, by slot, revealed when played."""
    s = build(2, hands=[[], ["9"]], pile=["3"], open_cards=[[None] * 3, ["0"] * 3],
              blind=[["7", None, "2"], ["5"] * 3], reached=[True, False])
    assert s.legal_actions() == [Action("play_blind", value=0), Action("play_blind", value=2)]
    ev = s.apply(Action("play_blind", value=0))
    rev = kinds(ev, "blind_revealed")[0].data
    assert rev == {"player": 0, "slot": 0, "card": "7", "outcome": "play"}
    assert s.value2 == 14 and s.blind[0] == [None, None, "2"]


def test_e8h_t1_illegal_blind_card_taken_with_the_pile_into_hand() -> None:
    """E8H-T1: an illegal blind card goes with the pile into the hand; the hand must then be
    played out before table cards again."""
    s = build(2, hands=[[], ["9", "1"]], pile=["6", "8"], open_cards=[[None] * 3, ["0"] * 3],
              blind=[["2", "4", None], ["5"] * 3], reached=[True, False])
    ev = s.apply(Action("play_blind", value=0))
    assert kinds(ev, "blind_revealed")[0].data["outcome"] == "illegal"
    assert kinds(ev, "pile_taken")[0].data["dst"] == "hand:0"
    assert sorted(hand_of(s, 0)) == ["2", "6", "8"] and s.pile == []
    s.apply(play("1"))
    assert all(a.kind == "play" for a in s.legal_actions())  # hand first, blind later
    assert s.view(1).known_hands[0] == ("2", "6", "8")


def test_e8h_t1_blind_card_that_catches() -> None:
    """E8H-T1 + E8H-W1 (our reading): a blind card that is exactly the catching card catches."""
    s = build(2, hands=[["h", "3"], []], pile=["6"], value2=12, current=0,
              open_cards=[["4"] * 3, [None] * 3], blind=[["5"] * 3, [None, "7", "1"]],
              reached=[False, True])
    s.apply(play("h"))
    ev = s.apply(Action("play_blind", value=1))
    assert kinds(ev, "blind_revealed")[0].data["outcome"] == "catch"
    assert sorted(aside_of(s, 0)) == sorted(["6", "h", "7"])
    assert s.current_player() == 1 and s.pile == []


def test_e8h_t1_taken_pile_set_aside_before_first_table_card() -> None:
    """E8H-T1: before the first table card a taken pile is set aside, after it goes to hand."""
    s = build(2, hands=[[], ["9"]], pile=["9", "h"], value2=19,
              open_cards=[["1", "2", "3"], ["0"] * 3], blind=[["4"] * 3, ["4"] * 3])
    assert s.legal_actions() == [TAKE]
    s.apply(TAKE)
    assert sorted(aside_of(s, 0)) == ["9", "h"] and not any(s.hand[0])
    s = build(2, hands=[[], ["9"]], pile=["9", "h"], value2=19,
              open_cards=[[None, "2", "3"], ["0"] * 3], blind=[["4"] * 3, ["4"] * 3],
              reached=[True, False])
    s.apply(TAKE)
    assert sorted(hand_of(s, 0)) == ["9", "h"]
    assert s.current_player() == 1


def test_e8h_t1_hand_above_three_and_no_refill_from_empty_bank() -> None:
    """E8H-T1: a hand may exceed 3 cards after taking a pile on the table cards."""
    s = build(2, hands=[["1"], ["9", "9"]], pile=["2", "3", "4", "5", "7"],
              open_cards=[[None, None, "6"], ["0"] * 3], reached=[True, False])
    s.apply(TAKE)
    assert sum(s.hand[0]) == 6


# ------------------------------------------------------------ E8H-X1
def _deal_end_state(**kw: object) -> object:
    return build(3, hands=[["6"], ["1", "1"], ["2", "2"]], pile=["3"], current=0,
                 open_cards=[[None] * 3, ["g", "0", "h"], ["1", "2", "3"]],
                 blind=[[None] * 3, ["5"] * 3, ["4"] * 3],
                 set_aside=[[], ["4", "4"], ["9"]], rest_seat=1, **kw)  # type: ignore[arg-type]


def test_e8h_x1_first_out_two_points_fewest_set_aside_one() -> None:
    """E8H-X1: the first player out scores 2; the fewest set aside among the others 1."""
    s = _deal_end_state(options={"winner_swap": False})
    ev = s.apply(play("6"))
    scored = kinds(ev, "deal_scored")[0].data
    assert scored["winner"] == 0 and scored["points"] == [2, 0, 1]
    assert s.points == [2, 0, 1]
    assert scored["biggest_losers"] == [1]
    assert s.deal_no == 2 and s.phase == PLAY and placed(s) == Counter(DECK)


def test_e8h_x1_tied_fewest_all_score() -> None:
    """E8H-X1: all players tied on fewest set-aside score 1."""
    s = build(3, hands=[["6"], ["1"], ["2"]], pile=["3"], open_cards=[[None] * 3] * 3,
              blind=[[None] * 3, ["5"] * 3, ["4"] * 3], rest_seat=None,
              options={"winner_swap": False})
    s.apply(play("6"))
    assert s.points == [2, 1, 1]


def test_e8h_x1_match_is_as_many_deals_as_players() -> None:
    """E8H-X1: the match ends after as many deals as players; most points wins."""
    s = _deal_end_state(deal_no=3, points=[1, 1, 3], options={"winner_swap": False})
    ev = s.apply(play("6"))
    assert s.is_terminal() and s.points == [3, 1, 4]
    assert kinds(ev, "game_over")[0].data["winners"] == [2]
    assert s.returns() == [0.0, 0.0, 1.0]
    s = _deal_end_state(deal_no=3, points=[2, 0, 3], options={"winner_swap": False})
    s.apply(play("6"))
    assert s.returns() == [0.5, 0.0, 0.5]


def test_e8h_x1_option_deals_and_target_points() -> None:
    """E8H-X1 options: a fixed number of deals, or first to N points."""
    s = _deal_end_state(deal_no=1, options={"deals": 1})
    s.apply(play("6"))
    assert s.is_terminal()
    s = _deal_end_state(deal_no=7, points=[0, 0, 0], options={"target_points": 3})
    s.apply(play("6"))
    assert not s.is_terminal() and s.deal_no == 8
    s = _deal_end_state(deal_no=7, points=[1, 0, 0], options={"target_points": 3})
    s.apply(play("6"))
    assert s.is_terminal() and s.winners == [0]


def test_e8h_x1_winner_swaps_an_open_card_with_the_biggest_loser() -> None:
    """E8H-X1 option (default on): next deal starts with the winner's swap offer."""
    s = _deal_end_state()
    ev = s.apply(play("6"))
    assert s.phase == SWAP and s.current_player() == 0 and s.swap_targets == [1]
    legal = s.legal_actions()
    assert legal[-1] == Action("no_swap")
    assert all(a.target == 1 for a in legal[:-1])
    mine = list(s.open[0])
    theirs = list(s.open[1])
    swap = legal[0]
    gave, took = swap.cards
    assert gave in mine and took in theirs and gave != took
    ev = s.apply(swap)
    assert kinds(ev, "swap")[0].data == {"player": 0, "target": 1, "gave": gave, "took": took}
    assert Counter(x for x in s.open[0] + s.open[1] if x) == Counter(
        x for x in mine + theirs if x)
    assert took in s.open[0] and s.phase == PLAY
    assert placed(s) == Counter(DECK)


def test_e8h_x1_no_swap_and_option_off() -> None:
    """E8H-X1: the swap is optional; with the option off there is no swap phase."""
    s = _deal_end_state()
    s.apply(play("6"))
    opens = [list(o) for o in s.open]
    s.apply(Action("no_swap"))
    assert s.phase == PLAY and [list(o) for o in s.open] == opens
    s = _deal_end_state(options={"winner_swap": False})
    s.apply(play("6"))
    assert s.phase == PLAY


def test_e8h_x1_stalemate_cap_ends_the_deal_without_winner() -> None:
    """A deal that runs past the cap ends with no 2-point winner (our safeguard)."""
    from cardtable.games.eight_half import rules

    s = build(2, hands=[["1", "1"], ["9"]], pile=["7"], open_cards=[["0"] * 3, ["5"] * 3],
              options={"deals": 1})
    s.turns = rules.MAX_DEAL_TURNS
    ev = s.apply(TAKE)
    scored = kinds(ev, "deal_scored")[0].data
    assert scored["winner"] is None and 2 not in scored["points"]
    assert s.is_terminal()
