"""Wizard hard: behaviour in states where the right move is clear (scenario tests).

The hard agent reads the others' bids when it samples the deals it searches (a seat that bid
one trick of one holds a strong card), and searches only one of several cards that are the
same card for every trick to come."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.core.actions import Action
from cardtable.core.rng import GameRng
from cardtable.games.wizard.ai import HardAgent, distinct_plays
from cardtable.games.wizard.cards import COPIES
from cardtable.games.wizard.rules import BID_PHASE, WizardState

from .scenarios import play_state

RED = [f"r{k}" for k in range(1, 14)]


def last_bid_in_round_one(own: str, bids: list[int]) -> WizardState:
    """Three players, round 1, yellow trump (y3 turned up); seats 0 and 1 have bid `bids`,
    seat 2 holds `own` and bids last."""
    s = play_state([["b4"], ["r9"], [own]], trump="y", leader=0)
    s._phase = BID_PHASE
    s.bids = [*bids, None]
    s.current = 2
    s.trump_card = "y3"
    s.deck.remove("y3")
    return s


def hard_bids(s: WizardState) -> list[int]:
    return [int(HardAgent(seed).choose(s.view(2), s.legal_actions(), GameRng(seed)).value)
            for seed in range(5)]


def test_hard_reads_the_others_bids_before_bidding_a_middling_trump() -> None:
    # Round 1: both others bid 1 of 1, so each holds a Wizard, a trump of 8 or more or a plain
    # King (the hands whose estimate rounds to 1); our 9 of trumps loses to most of them, and
    # 0 is the bid. Unread, the two unseen cards are any of 57 and the 9 wins ~3 times in 4.
    assert hard_bids(last_bid_in_round_one("y9", [1, 1])).count(0) >= 4
    # the control: the others' zero bids say they hold weak cards, and the 9 of trumps wins
    assert hard_bids(last_bid_in_round_one("y9", [0, 0])).count(1) >= 4


def test_distinct_plays_folds_cards_with_nothing_unseen_between_them() -> None:
    # r5 r6 r8 with r7 already played (first trick): the three are one card for what follows;
    # b2 and b4 are not (b3 is unseen), and the Wizard and the Jester stay
    s = play_state([["r7", "r5", "r6", "r8", "b2", "b4", "Z", "N"], ["g1", "g10", "g11", "g12", "g13", "b10", "b11", "b12"],
                    ["g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]], trump="y", leader=0)
    s.apply(Action("play", "r7"))
    s.apply(Action("play", "g1"))
    s.apply(Action("play", "g2"))
    assert s.current == 0
    view = s.view(0)
    plays = {a.card for a in distinct_plays(view, s.legal_actions())}
    assert plays == {"r5", "b2", "b4", "Z", "N"}


def test_search_states_give_the_other_seats_their_heuristic_play_only() -> None:
    # in the hard search's states every other seat has one legal action, the normal rule's
    # (the seat the search is for keeps all of its own)
    from cardtable.games.wizard.ai import MODELLED, rollout_policy

    s = play_state([["r7", "r5", "Z"], ["r9", "b2", "N"], ["g2", "r12", "y4"]], trump="y",
                   leader=1)
    s.bids = [1, 0, 1]
    s.__class__ = MODELLED[0]
    assert s.legal_actions() == [Action("play", "N")]  # seat 1 bid 0: it leads the Jester
    s.apply(Action("play", "N"), check=False)
    assert s.legal_actions() == [rollout_policy(s, GameRng(1))] == [Action("play", "y4")]
    s.apply(Action("play", "y4"), check=False)  # it needs a trick: its trump
    assert s.current == 0 and {a.card for a in s.legal_actions()} == {"r7", "r5", "Z"}
    assert type(s.clone()) is MODELLED[0]


def first_bid_holding_a_whole_suit() -> WizardState:
    """Three players, round 15, no trump (a Jester turned up); seat 0 bids first and leads,
    holding every red card and two Wizards; the other hands are dealt from the rest."""
    deck = Counter(COPIES)
    deck.subtract([*RED, "Z", "Z", "N"])  # seat 0's hand and the turned-up Jester
    rest = sorted(deck.elements())
    GameRng(11).shuffle(rest)
    s = play_state([[*RED, "Z", "Z"], rest[:15], rest[15:30]], trump=None, leader=0)
    s._phase = BID_PHASE
    s.bids = [None, None, None]
    s.trump_card = "N"
    s.deck.remove("N")
    return s


def test_hard_bids_past_the_estimate_when_its_rollouts_say_so() -> None:
    # The hand's quick estimate (Wizards, high plain cards) is under 4 tricks, yet leading
    # the whole red suit with two Wizards to win the lead back takes 11 or more of the 15
    # tricks whatever the others hold: the bid follows the rollouts, not the estimate's
    # window (the old search judged only bids within 2 of the estimate, at most 5 here)
    from cardtable.games.wizard.ai import estimate_bid

    s = first_bid_holding_a_whole_suit()
    view = s.view(0)
    assert estimate_bid(view) < 4
    for seed in range(3):
        bid = HardAgent(seed, bid_samples=16).choose(view, s.legal_actions(), GameRng(seed))
        assert int(bid.value) >= 10  # type: ignore[arg-type]


def test_a_bid_forced_by_the_plus_minus_one_rule_says_nothing_about_the_hand() -> None:
    # Round 1 with the ±1 option: seats 0 and 1 bid 0, so seat 2 (last) may not bid 1 and
    # bids 0 whatever it holds; the deals the hard agent samples are then weighed alike
    # whether seat 2 holds a Wizard or a low card. Without the option its 0 is a free bid
    # and a Wizard in that hand is unlikely (the control).
    from cardtable.games.wizard.ai import bid_weight

    def weight(options: dict[str, bool], third: str) -> float:
        s = play_state([["r5"], ["b3"], [third]], trump="y", leader=0, bids=[0, 0, 0],
                       options=options)
        return bid_weight(s, s.view(0))

    pm = {"plus_minus_one": True}
    assert weight(pm, "Z") == pytest.approx(weight(pm, "g2"), rel=0.01)
    assert weight({}, "Z") < 0.1 * weight({}, "g2")


def test_the_deal_really_dealt_explains_every_play_of_the_normal_rule() -> None:
    # `play_weight` replays the round with each seat's hand of the deal; in games played by
    # the normal rule the true deal explains every card played, whoever looks (the plain
    # game, with the ±1 rule and in single colour), so reading plays never counts the truth
    # against itself.
    from cardtable.games import get_spec
    from cardtable.games.wizard.ai import HeuristicAgent, play_weight

    spec = get_spec("wizard")
    checked = 0
    for n, options in ((3, {}), (4, {"plus_minus_one": True}), (4, {"single_colour": True})):
        state, _ = spec.new_game(5, n, options, quiet=True)
        normal = HeuristicAgent("normal", 1)
        rng = GameRng(5)
        while not state.is_terminal() and state.round_no <= 6:
            p = state.current_player()
            assert p is not None
            legal = state.legal_actions()
            if legal[0].kind == "play":
                for viewer in range(n):
                    assert play_weight(state, state.view(viewer), 0.2) == 1.0
                    checked += 1
            state.apply(normal.choose(state.view(p), legal, rng), check=False)
    assert checked > 100


def test_a_seat_that_needs_a_trick_and_leads_low_is_read_as_holding_nothing_higher() -> None:
    # Seat 1 bid 1 and leads r3: the normal rule leads its strongest card while it needs a
    # trick, so a deal giving seat 1 a stronger card too (a Wizard, a trump, a higher card)
    # explains the lead badly (one factor eps): with `read_plays` the card search's pool
    # (the same deals drawn) holds such deals at eps times the odds it held them at before.
    from cardtable.games.wizard.ai import ReadingPool, play_weight, power

    s = play_state([["b5", "g7"], ["r3", "b2"], ["g4", "b9"]], trump="y", leader=1,
                   bids=[0, 1, 1])
    s.apply(Action("play", "r3"), check=False)
    view = s.view(0)
    assert play_weight(s, view, 0.2) == 1.0
    wizard = s.clone()
    wizard.hands[1] = ["Z"]
    assert play_weight(wizard, view, 0.2) == pytest.approx(0.2)

    def stronger_odds(read: float | None) -> float:
        pool = ReadingPool(view, GameRng(3), 200, 1, read_plays=read)
        w = [b - a for a, b in zip([0.0, *pool.cumulative], pool.cumulative, strict=False)]
        held = sum(x for x, (hands, _, _) in zip(w, pool.pool, strict=True)
                   if power(hands[1][0], "y", False) > power("r3", "y", False))
        return held / (sum(w) - held)

    plain = stronger_odds(None)
    assert plain > 3.0  # a bid of 1 makes a strong second card likely
    assert stronger_odds(0.2) == pytest.approx(0.2 * plain)


def test_hard_reads_plays_and_the_bids_only_hard_is_a_measurement_variant() -> None:
    # hard's card search reads the others' plays; the hard before it (bids only) stays for
    # `cardtable simulate` and the round samples, not as a level.
    from cardtable.games import agent_names, all_agent_names, make_agent

    assert "hard_bids_only" in all_agent_names("wizard")
    assert "hard_bids_only" not in agent_names("wizard")
    agent = make_agent("wizard", "hard_bids_only", 5)
    assert isinstance(agent, HardAgent) and agent.search.read_plays is None
    hard = make_agent("wizard", "hard", 5)
    assert isinstance(hard, HardAgent) and hard.search.read_plays is not None
    s = play_state([["b5", "g7"], ["r3", "b2"], ["g4", "b9"]], trump="y", leader=1,
                   bids=[0, 1, 1])
    s.apply(Action("play", "r3"), check=False)
    s.apply(Action("play", "g4"), check=False)  # seat 2 has no red; seat 0 plays next
    assert s.current == 0
    legal = s.legal_actions()
    assert agent.choose(s.view(0), legal, GameRng(1)) in legal
    assert hard.choose(s.view(0), legal, GameRng(1)) in legal


def _play_positions(seed: int) -> list[tuple[WizardState, int]]:
    """Card-play positions from whole games in several variants, seats played by normal and
    by easy (whose cards the normal rule does not always explain)."""
    from cardtable.games import get_spec
    from cardtable.games.wizard.ai import HeuristicAgent

    spec = get_spec("wizard")
    out: list[tuple[WizardState, int]] = []
    for n, options in ((3, {}), (4, {"plus_minus_one": True}), (4, {"single_colour": True}),
                       (5, {"hidden_bids": True}), (3, {"secret_bids": True}),
                       (4, {"forehead": True}), (6, {})):
        state, _ = spec.new_game(seed, n, options, quiet=True)
        agents = [HeuristicAgent("easy", 1, noise=0.6) if q % 2 else HeuristicAgent("normal", 1)
                  for q in range(n)]
        rng = GameRng(seed)
        while not state.is_terminal() and state.round_no <= 7:
            p = state.current_player()
            assert p is not None
            legal = state.legal_actions()
            if legal[0].kind == "play" and rng.random() < 0.3:
                out.append((state.clone(), p))
            state.apply(agents[p].choose(state.view(p), legal, rng), check=False)
    return out


def test_the_deal_reader_weighs_every_deal_as_the_bids_and_the_replayed_round_do() -> None:
    # `DealReader` reads each seat's plays from bit masks, without replaying the round; for
    # every sampled deal of a view its weight is bid_weight * play_weight, in every variant
    # (forehead's first round, hidden and secret bids, ±1, single colour, plays by easy).
    from cardtable.games.wizard.ai import DealReader, bid_weight, play_weight
    from cardtable.games.wizard.rules import UnseenDealer

    checked = below = 0
    for state, p in _play_positions(4):
        view = state.view(p)
        dealer = UnseenDealer(view)
        reader = DealReader(view, 0.2)
        bids_only = DealReader(view, None)
        for k in range(6):
            deal = dealer.state(GameRng(k))
            plays = play_weight(deal, view, 0.2)
            bids = bid_weight(deal, view)
            assert reader.weight(deal.hands) == pytest.approx(bids * plays, rel=1e-9)
            assert bids_only.weight(deal.hands) == pytest.approx(bids, rel=1e-9)
            checked += 1
            below += plays < 1.0
    assert checked > 500 and below > 50  # the plays did rule some deals down


def test_the_normal_rule_plays_the_face_it_ranks_first() -> None:
    # `DealReader` relies on this: among any set of faces, `choose_card` picks the one that
    # it also picks against every other face of the set one at a time (a fixed ranking per
    # trick, trump and need), so a card played says only "no face ranked above it was
    # playable". Random sets of faces in random situations, both decks.
    import random

    from cardtable.games.wizard.ai import choose_card
    from cardtable.games.wizard.cards import ORDER, single_colour_deck

    r = random.Random(7)
    faces = list(COPIES)
    checked = 0
    for _ in range(4000):
        sc = r.random() < 0.25
        n = r.randint(3, 4 if sc else 6)
        deck = single_colour_deck(r.choice("rbgy")) if sc else faces
        trick = r.sample(faces, r.randint(0, n - 1))
        trump = None if sc else r.choice(["r", "b", "g", "y", None])
        need = r.randint(-2, 3)
        hand = r.sample(deck, r.randint(2, 8))
        key = (lambda f: f) if sc else ORDER.__getitem__
        hand.sort(key=key)
        chosen = choose_card(hand, trick, trump, need, n, sc)
        for f in hand:
            if f != chosen:
                assert choose_card(sorted((chosen, f), key=key), trick, trump, need, n,
                                   sc) == chosen
                checked += 1
    assert checked > 10000
