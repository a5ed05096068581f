"""One test (at least) per TC-* clause of rules-decisions.md, named by its id."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.core.actions import Action
from cardtable.core.events import SHUFFLED
from cardtable.games.tanto_cuore.cards import CARDS, PRIVATE_MAIDS, RECOMMENDED_TOWN, TOTAL_CARDS
from cardtable.games.tanto_cuore.rules import SPEC

from .scenarios import act, build


# ---------------------------------------------------------------- TC-P1
@pytest.mark.parametrize("n", [2, 3, 4])
def test_tc_p1_two_to_four_players(n: int) -> None:  # TC-P1
    state, _ = SPEC.new_game(1, n)
    assert state.num_players == n


@pytest.mark.parametrize("n", [1, 5])
def test_tc_p1_other_counts_refused(n: int) -> None:  # TC-P1
    with pytest.raises(ValueError):
        SPEC.new_game(1, n)


# ---------------------------------------------------------------- TC-K1
def test_tc_k1_card_list() -> None:  # TC-K1
    assert len(CARDS) == 33 and TOTAL_CARDS == 280
    by_kind = Counter()
    for c in CARDS.values():
        by_kind[c.kind] += c.copies
    assert by_kind == {"love": 56, "chief": 32, "general": 156, "private": 10, "event": 26}
    assert CARDS["fay"].cost == 6
    assert (CARDS["love1"].copies, CARDS["love2"].copies, CARDS["love3"].copies) == (36, 12, 8)
    assert CARDS["ophelia"].copies == 8 and CARDS["anise"].copies == 8


@pytest.mark.parametrize("n", [2, 3, 4])
def test_tc_k1_starting_decks_come_out_of_the_town(n: int) -> None:  # TC-K1
    state, _ = SPEC.new_game(3, n)
    assert state.town["love1"] == 36 - 7 * n and state.town["colette"] == 24 - 3 * n
    for p in range(n):
        cards = Counter(state.deck[p] + state.hand[p] + state.discard[p] + state.play[p])
        assert cards == {"love1": 7, "colette": 3}
    assert state.card_total() == 280


# ---------------------------------------------------------------- TC-S1
def test_tc_s1_random_town() -> None:  # TC-S1
    towns = {SPEC.new_game(seed, 2)[0].kinds for seed in range(6)}
    assert len(towns) > 1
    for kinds in towns:
        assert len(kinds) == 10 and len(set(kinds)) == 10


def test_tc_s1_recommended_town_and_private_pile() -> None:  # TC-S1
    state, events = SPEC.new_game(3, 2, {"town": "recommended"})
    assert set(state.kinds) == set(RECOMMENDED_TOWN)
    assert len(state.priv_up) == 2 and len(state.priv_pile) == 8
    assert set(state.priv_up + state.priv_pile) == set(PRIVATE_MAIDS)
    assert state.town["illness"] == 10 and state.town["bad_habit"] == 16
    assert any(e.kind == SHUFFLED and e.data["zone"] == "private_pile" for e in events)


def test_tc_s1_options_leave_out_events_and_private_maids() -> None:  # TC-S1
    state, _ = SPEC.new_game(3, 2, {"events": False, "private_maids": False})
    assert "illness" not in state.town and state.box["bad_habit"] == 16
    assert not state.priv_up and not state.priv_pile and state.card_total() == 280


# ---------------------------------------------------------------- TC-T1
def test_tc_t1_starting_phase_gives_serving_and_employ() -> None:  # TC-T1
    s = build(phase="employ", player=1, hands={0: ["kagari", "kagari"]},
              decks={1: ["love1"] * 5})
    act(s, "done")
    assert s.turn_player == 0 and s.phase == "serve"
    assert (s.serving, s.employ, s.love) == (1, 1, 0)


def test_tc_t1_discard_phase_draws_five() -> None:  # TC-T1
    s = build(hands={0: ["kagari", "love2", "kagari"], 1: ["kagari"]},
              decks={0: ["love1"] * 8})
    act(s, "serve", "kagari")
    act(s, "done")
    assert s.phase == "employ" and s.play[0] == ["kagari", "love2"]
    act(s, "done")
    assert len(s.hand[0]) == 5 and len(s.deck[0]) == 3
    assert sorted(s.discard[0]) == ["kagari", "kagari", "love2"]


def test_tc_t1_reshuffle_only_when_a_draw_needs_it() -> None:  # TC-T1
    s = build(hands={0: ["moine", "kagari"], 1: ["kagari"]}, decks={0: ["love1"]},
              discards={0: ["love3", "love2"]}, serving=2)
    ev = act(s, "serve", "kagari")
    assert not [e for e in ev if e.kind == SHUFFLED]
    ev = act(s, "serve", "moine")
    # one card from the deck, then the discard pile (without the served maids) is reshuffled
    assert [e.data["zone"] for e in ev if e.kind == SHUFFLED] == ["deck:0"]
    # (nothing left to serve: on to employ, where the drawn Love cards are played)
    drawn = sorted(c for c in s.hand[0] + s.play[0] if c.startswith("love"))
    assert len(drawn) == 2 and "love1" in drawn and len(s.deck[0]) == 1
    assert sorted(drawn + s.deck[0]) == ["love1", "love2", "love3"]
    assert s.discard[0] == []


def test_tc_t1_served_maids_stay_out_of_a_mid_turn_reshuffle() -> None:  # TC-T1
    s = build(hands={0: ["kagari", "moine", "viola"]}, decks={0: []}, discards={0: []},
              serving=1)
    act(s, "serve", "kagari")
    act(s, "serve", "moine")
    assert s.hand[0] == ["viola"]  # nothing to draw: the served maids are not reshuffled
    assert s.play[0] == ["kagari", "moine"]


# ---------------------------------------------------------------- TC-C1
def test_tc_c1_chambermaid_no_bonus_and_stays_home() -> None:  # TC-C1
    s = build(hands={0: ["viola", "kagari"], 1: ["kagari"]}, decks={0: ["love1"] * 6},
              serving=2)
    act(s, "chamber", "viola")
    assert s.hand[0] == ["kagari"] and s.serving == 1  # no +1 draw
    while s.turn_player == 0:
        act(s, "done")
    assert s.chambers[0] == [["viola", 0]] and "viola" not in s.discard[0]


# ---------------------------------------------------------------- TC-PM1
def test_tc_pm1_new_private_maid_on_top_and_slot_refilled() -> None:  # TC-PM1
    s = build(phase="employ", love=9, employ=2, privates={0: ["rosa"]})
    up = list(s.priv_up)
    pile = len(s.priv_pile)
    face = up[0]
    act(s, "employ", face)
    assert s.privates[0][-1] == [face, 0] and s.privates[0][0] == ["rosa", 0]
    assert len(s.priv_up) == 2 and len(s.priv_pile) == pile - 1


def test_tc_pm1_ill_top_blocks_the_stack_but_covered_ones_score() -> None:  # TC-PM1
    # an ill private maid under a healthy one: the healthy one acts and scores, the ill one
    # scores nothing (hand-computed: Lalande 2 + Sora 0 (ill) = 2)
    s = build(phase="start", privates={0: [("sora", 1), "lalande"]}, hands={0: ["kagari"]},
              decks={0: ["love1"]})
    assert Action("ability", "lalande") in s.legal_actions()
    assert s.score_rows()[0]["printed"] == 2
    s = build(phase="start", privates={0: ["lalande", ("rosa", 1)]}, hands={0: ["kagari"]})
    assert not [a for a in s.legal_actions() if a.kind == "ability"]
    assert s.score_rows()[0]["printed"] == 2


# ---------------------------------------------------------------- TC-E1
def test_tc_e1_events_only_on_other_players_with_maids() -> None:  # TC-E1
    s = build(3, phase="employ", love=6, chambers={0: ["azure"], 1: ["viola"]})
    ev_actions = [a for a in s.legal_actions() if a.card in ("illness", "bad_habit")]
    assert ev_actions and all(a.target == 1 for a in ev_actions)


# ---------------------------------------------------------------- TC-END1
def _almost_over(**options: object):
    s = build(phase="employ", love=5, employ=2, hands={1: ["kagari"]}, **options)
    s.box["claire"], s.town["claire"] = s.town["claire"], 0
    s.box["safran"], s.town["safran"] = s.town["safran"] - 1, 1
    return s


def test_tc_end1_two_empty_maid_piles_end_at_once() -> None:  # TC-END1
    s = _almost_over()
    act(s, "employ", "safran")
    assert s.is_terminal() and s.current_player() is None and s.legal_actions() == []


def test_tc_end1_option_finish_the_turn() -> None:  # TC-END1
    s = _almost_over(finish_turn=True)
    act(s, "employ", "safran")
    assert not s.is_terminal() and s.ending
    act(s, "done")
    assert s.is_terminal() and s.turns[0] == 1


def test_tc_end1_love_and_event_piles_do_not_count() -> None:  # TC-END1
    s = build(phase="employ", love=3, employ=2, hands={1: ["kagari"]})
    s.box["love2"], s.town["love2"] = s.town["love2"], 0
    s.box["bad_habit"], s.town["bad_habit"] = s.town["bad_habit"], 0
    s.box["safran"], s.town["safran"] = s.town["safran"] - 1, 1
    act(s, "employ", "safran")
    assert not s.is_terminal()


def test_tc_end1_private_pile_counts_when_face_down_is_gone() -> None:  # TC-END1
    s = build(phase="employ", love=9, employ=2, hands={1: ["kagari"]})
    for f in list(s.priv_pile[1:]):
        s.priv_pile.remove(f)
        s.box[f] = 1
    s.box["safran"], s.town["safran"] = s.town["safran"], 0
    assert s.maid_piles_empty() == 1
    act(s, "employ", s.priv_up[0])  # the last face-down card turns up: the pile is empty
    assert s.is_terminal() and len(s.priv_up) == 2


# ---------------------------------------------------------------- TC-V1
def test_tc_v1_full_breakdown_hand_computed() -> None:  # TC-V1
    s = build(3, kinds=("azure", "viola", "rouge", "safran", "ophelia", "anise", "kagari",
                        "moine", "genevieve", "eliza"),
              decks={0: ["marianne", "anise", "colette", "colette", "ophelia", "ophelia",
                         "ophelia"], 1: ["colette"], 2: ["marianne"]},
              chambers={0: ["azure", "viola", "rouge", "safran", "safran", ("safran", 1)],
                        2: ["azure"]},
              privates={0: ["rosa", ("lalande", 1)]}, habits={0: 2})
    row = s.score_rows()[0]
    # printed: marianne 6 + anise 3 + colette 2 + crescents 3 + rosa 1 (ill lalande 0) = 15
    assert row["printed"] == 15
    assert row["crescent"] == 7 and row["safran"] == 4 and row["colette"] == 5
    assert row["ophelia"] == 6 and row["bad_habits"] == -2
    assert row["total"] == 15 + 7 + 4 + 5 + 6 - 2


# ---------------------------------------------------------------- TC-V2
def test_tc_v2_tie_fewest_maids_wins() -> None:  # TC-V2
    # hand-computed: 6 + 3 = 9 VP with 4 maids against 3 + 6 = 9 VP with 9 maids
    s = build(decks={0: ["marianne"] + ["colette"] * 3, 1: ["colette"] * 3 + ["azure"] * 6})
    ev: list = []
    s.finish(ev)
    rows = s.final
    assert rows is not None and rows[0]["total"] == rows[1]["total"] == 9
    assert rows[0]["maids"] == 4 and rows[1]["maids"] == 9
    assert s.winners == [0] and s.returns() == [1.0, 0.0]


def test_tc_v2_full_tie_is_shared() -> None:  # TC-V2
    s = build(decks={0: ["marianne"], 1: ["marianne"]})
    ev: list = []
    s.finish(ev)
    assert s.winners == [0, 1] and s.returns() == [0.5, 0.5]
