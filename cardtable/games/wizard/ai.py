"""Wizard agents: easy, normal, hard.

- easy: the normal heuristic with noise (bids off by a trick or so, some random plays).
- normal: counts likely winners to bid (Wizards, high trumps, high plain cards; in the forehead
  round the exact chance that the unseen own card wins against the cards it sees) and plays to
  win while it still needs tricks and to duck otherwise.
- hard: trump choice and bids by flat Monte Carlo over hands sampled to fit its view (void suits
  included, `SPEC.determinize`), each candidate judged by the round score it leads to when every
  seat then plays the normal heuristic (a bid: by its round score, not clamped, plus a bonus for
  making it exactly, `bid_value`; the bids judged are those near the hand's estimate, near the
  tricks the rollouts took and, while the best lies at an edge, the next ones out, all on the
  same deals); card play by the shared ISMCTS (`cardtable.ai.ismcts`), 320 iterations a card,
  with the same heuristic as rollout policy (played out by `normal_playout`, which ends where
  the rule's rollout ends, only faster), the round as horizon and the round's score change
  as evaluation. Search spent on card play is what makes bids come true (in paired samples of
  rounds, more iterations made more bids; a bigger bid bonus did not;
  scripts/wizard_round_sample.py). Both read the others' bids: the sampled deals are drawn in
  proportion to how well they explain the bids seen (`bid_weight`, `PooledSpec`; the last
  bidder's bid under the ±1 option is read with the value it was refused). The card-play
  search also reads the cards the others have played this round: a deal whose hands the normal
  rule would not have played those cards from weighs less (`play_weight`, worked out per deal
  from bit masks by `DealReader`, from a pool of eight deals per iteration, `ReadingPool`). In
  the card-play search the other seats play the normal rule (`MODELLED`: their card is still
  an edge of the tree, so our later choices are told apart by what they played), and cards
  that are the same card for every trick to come are searched once (`distinct_plays`).

- hard_bids_only (a measurement variant, not a level): hard as it was before it read plays
  (its card search's deals weighed by the bids alone, from a pool of two deals per iteration).

Agents only see views; the rollout policy runs on determinized states inside the search.
"""

from __future__ import annotations

import bisect
import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.ai.explain import Explanation, by_rule, forced, ranked_by
from cardtable.ai.ismcts import Figures, ISMCTSAgent, flat_monte_carlo_detail
from cardtable.core.actions import Action
from cardtable.core.events import EventSink
from cardtable.core.game import GameState
from cardtable.core.rng import GameRng
from cardtable.games.wizard.cards import (
    BACK,
    COPIES,
    JESTER,
    ORDER,
    RANK,
    SUITS,
    WIZARD,
    led_suit,
    playable,
    quick_estimate,
    rank_of,
    trick_winner,
)
from cardtable.games.wizard.rules import (
    BID_PHASE,
    PLAY_PHASE,
    ROUND_OVER_PHASE,
    SPEC,
    TRUMP_PHASE,
    Dealt,
    UnseenDealer,
    WizardState,
    WizardView,
)

# ------------------------------------------------------------------------ shared heuristics


def power(face: str, trump: str | None, single_colour: bool) -> int:
    """How strong a card is in general (for choosing among cards)."""
    if face == WIZARD:
        return 100
    r = RANK[face]
    if r and not single_colour and face[0] == trump:
        return 40 + r
    return r


def winning_test(trick: Sequence[str], trump: str | None, single_colour: bool
                 ) -> Callable[[str], bool]:
    """A test telling whether a card added to a started trick would take the lead now
    (the same answer as `trick_winner`, computed once per trick)."""
    if WIZARD in trick:
        return lambda face: False
    if single_colour:
        best = max(RANK[c] for c in trick)
        return lambda face: face == WIZARD or RANK[face] > best
    led = led_suit(trick)
    if led is None:  # Jesters only: any number card sets the suit and leads
        return lambda face: face != JESTER
    best_key = max((2 if c[0] == trump else 1, RANK[c]) for c in trick
                   if c != JESTER and (c[0] == trump or c[0] == led))

    def wins(face: str) -> bool:
        if face == WIZARD:
            return True
        if face == JESTER:
            return False
        s = face[0]
        if s == trump:
            return (2, RANK[face]) > best_key
        return s == led and (1, RANK[face]) > best_key
    return wins


def best_trump(hand: Sequence[str]) -> str:
    """The suit the hand is strongest in (count and height of cards)."""
    score = dict.fromkeys(SUITS, 0.0)
    for face in hand:
        if face in (WIZARD, JESTER, BACK):
            continue
        score[face[0]] += 1.0 + rank_of(face) / 13.0
    return max(SUITS, key=lambda s: (score[s], -SUITS.index(s)))


def forehead_win_chance(view: WizardView) -> float:
    """Round 1 of the forehead variant: the chance that the unseen own card wins the trick.

    Every other card is seen; the own card is uniform over the cards nobody sees; the trick
    order is fixed (the first lead is known), so the chance is exact.
    """
    me = view.viewer
    assert me is not None
    n = view.num_players
    unseen = Counter(COPIES)
    cards_of: dict[int, str] = {}
    for q, seen in enumerate(view.seen_hands):
        if seen:
            unseen.subtract(seen)
            cards_of[q] = seen[0]
    for q, c in view.trick:
        if q != me:
            cards_of[q] = c
            unseen[c] -= 1 if not view.seen_hands[q] else 0
    if view.trump_card is not None:
        unseen[view.trump_card] -= 1
    order = [(view.leader + i) % n for i in range(n)]
    wins = total = 0
    for face, k in unseen.items():
        if k <= 0:
            continue
        faces = [face if q == me else cards_of.get(q, JESTER) for q in order]
        total += k
        if order[trick_winner(faces, view.trump)] == me:
            wins += k
    return wins / total if total else 0.0


def estimate_bid(view: WizardView) -> float:
    """Expected tricks for the viewer's hand (normal heuristic)."""
    sc = bool(view.options.get("single_colour"))
    if view.forehead_round:
        return forehead_win_chance(view)
    assert view.hand is not None
    return quick_estimate(view.hand, view.trump, view.num_players, sc)


def nearest_bid(target: float, legal: Sequence[Action]) -> Action:
    return min(legal, key=lambda a: (abs(float(a.value) - target), a.value))  # type: ignore[arg-type]


def choose_card(faces: Sequence[str], trick: Sequence[str], trump: str | None, need: int,
                num_players: int, single_colour: bool) -> str:
    """Play to win while tricks are still needed, duck otherwise. `faces` are the legal ones."""
    if len(faces) == 1:
        return faces[0]
    pos = len(trick)

    def pw(f: str) -> int:
        return power(f, trump, single_colour)

    if pos == 0:
        if need > 0:
            return max(faces, key=pw)
        if JESTER in faces:
            return JESTER
        return min(faces, key=pw)
    last = pos == num_players - 1
    wins = winning_test(trick, trump, single_colour)
    winners: list[str] = []
    losers: list[str] = []
    for f in faces:
        (winners if wins(f) else losers).append(f)
    if need > 0:
        if winners:
            if last:
                return min(winners, key=pw)
            plain = [f for f in winners if f != WIZARD]
            if plain:
                top = max(plain, key=pw)
                # a winner likely to hold (high card or trump) beats holding it back
                if pw(top) >= 11 or WIZARD not in winners:
                    return top
            return WIZARD
        nonjester = [f for f in losers if f != JESTER]
        return min(nonjester or losers, key=pw)
    if losers:
        nonjester = [f for f in losers if f != JESTER]
        return max(nonjester or losers, key=pw)
    return max(winners, key=pw) if last else min(winners, key=pw)


def normal_card(hand: list[str] | tuple[str, ...], trick: list[str], trump: str | None, need: int,
                num_players: int, single_colour: bool) -> str:
    """The normal rule's card from `hand`: the faces it may play to `trick`, then
    `choose_card` among them."""
    faces = sorted(set(hand)) if single_colour else playable(hand, trick)
    return faces[0] if len(faces) == 1 else choose_card(faces, trick, trump, need,
                                                        num_players, single_colour)


def rollout_policy(state: GameState, rng: GameRng) -> Action:
    """The normal heuristic played on a full (determinized) state: fast, used in search."""
    assert isinstance(state, WizardState)
    return _normal_move(state, state.phase, state.legal_actions)


def _normal_move(state: WizardState, phase: str, legal: Callable[[], Sequence[Action]]
                 ) -> Action:
    """The normal heuristic's move in `state` at `phase` (`legal` is asked only for a bid)."""
    p = state.current
    sc = state.options.single_colour
    if phase == PLAY_PHASE:
        bid = state.bids[p] or 0
        return Action("play", normal_card(state.hands[p], [c for _, c in state.trick],
                                          state.trump, bid - state.tricks[p],
                                          state.num_players, sc))
    if phase == BID_PHASE:
        est = quick_estimate(state.hands[p], state.trump, state.num_players, sc)
        return nearest_bid(est, legal())
    assert phase == TRUMP_PHASE
    return Action("trump", value=best_trump(state.hands[p]))


def round_over(state: GameState, start: GameState) -> bool:
    assert isinstance(state, WizardState) and isinstance(start, WizardState)
    return (state._phase == ROUND_OVER_PHASE or state.round_no != start.round_no
            or state.winners is not None)


def normal_playout(state: GameState, start: GameState, rng: GameRng) -> None:
    """What `rollout` with `rollout_policy` to `round_over` does, faster: the bids (and trump)
    still to come by the normal rule through the rules' `apply`, then every card of the round
    chosen by the normal rule (`choose_card`, on the same faces in the same order) and played
    by the rules' own `_play`, without building an `Action` or asking `legal_actions` per card.
    The state ends as the rollout leaves it (a test compares the two)."""
    assert isinstance(state, WizardState) and isinstance(start, WizardState)
    while state._phase != PLAY_PHASE:
        if round_over(state, start):
            return
        state.apply(rollout_policy(state, rng), check=False)
    n = state.num_players
    sc = state.options.single_colour
    trump = state.trump
    hands = state.hands
    tricks = state.tricks
    bids = state.bids
    sink = EventSink()
    play = state._play
    while state._phase == PLAY_PHASE and state.round_no == start.round_no:
        p = state.current
        play(normal_card(hands[p], [c for _, c in state.trick], trump,
                         (bids[p] or 0) - tricks[p], n, sc), sink)


class _SearchSpec:
    """`SPEC` for the search: determinized states in search mode (no events are built, the
    state stops once the round is scored), which changes no decision, only the cost."""

    id = SPEC.id

    def determinize(self, view: WizardView, rng: GameRng) -> WizardState:
        state = SPEC.determinize(view, rng)
        state.search_mode = True
        state.quiet = True
        return state


SEARCH_SPEC: Any = _SearchSpec()

# How far (in tricks) a seat's bid is expected to stray from `quick_estimate` of the hand it
# bid on: a bid is read as the estimate plus Gaussian noise of this width, rounded. Narrow
# enough that a bid says something about the hand, wide enough that a person who bids by
# another rule still leaves plausible deals in the pool.
BID_SIGMA = 0.3
BID_FLOOR = 0.02  # the least likelihood one seat's bid gives a deal (never rules it out)
# deals sampled per deal used (the pool the weighted draws come from): a bid decision is
# rare and its candidates share the deals, so it affords a deeper pool than a card play
PLAY_POOL_FACTOR = 2
BID_POOL_FACTOR = 8
# The card search reads the others' plays this round too (`play_weight`: a factor eps for
# each card the normal rule would not have played from a deal's hand). Those weights leave
# about a tenth of a pool's deals effective, hence a pool of eight deals per iteration;
# weighed by `DealReader`, it costs little more than hard's bids-only pool of two did.
READ_PLAYS_EPS = 0.2
READ_PLAYS_POOL_FACTOR = 8
# bids judged at first: those within this many tricks of the hand's estimate (more are
# judged while the best lies at the edge, `HardAgent._explain_bid`)
BID_WINDOW = 2.0
# what a bid made exactly is worth beyond its points, in hundreds of points (`bid_value`)
EXACT_BONUS = 0.2


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def bid_likelihood(bid: int, estimate: float, forbidden: int | None = None,
                   top: int | None = None) -> float:
    """P(bid | estimate): the chance that estimate + noise rounds to `bid` (0 and `top`, the
    cards dealt, take everything below and above them, as `nearest_bid` does). With `forbidden`
    (the value the ±1 option refused this seat, the last bidder) the seat that meant that
    value bid the legal value nearest to it (`nearest_bid`): below it when the estimate fell
    below, above otherwise, and the only neighbour there is at 0 or `top` (the cards dealt);
    so a forced bid says less about the hand than a free one."""
    s = BID_SIGMA

    def between(lo: float, hi: float) -> float:
        return _normal_cdf((hi - estimate) / s) - _normal_cdf((lo - estimate) / s)

    def meant(v: int) -> tuple[float, float]:  # the estimates that round to v (clamped)
        return (-math.inf if v <= 0 else v - 0.5,
                math.inf if top is not None and v >= top else v + 0.5)

    p = between(*meant(bid))
    if forbidden is not None and abs(bid - forbidden) == 1:
        f = forbidden
        lo, hi = meant(f)
        if bid == f - 1:
            p += between(lo, f) if top is None or f + 1 <= top else between(lo, hi)
        else:
            p += between(f, hi) if f - 1 >= 0 else between(lo, hi)
    return max(BID_FLOOR, p)


def refused_bid(view: WizardView, seat: int) -> int | None:
    """WIZ-V1 ±1: the value `seat` was refused, when it bid last and the option is on."""
    if not view.options.get("plus_minus_one"):
        return None
    n = view.num_players
    if seat != (view.bid_start + n - 1) % n:
        return None
    others = [view.bids[q] for q in range(n) if q != seat]
    if any(b is None for b in others):
        return None
    value = view.cards - sum(others)  # type: ignore[arg-type]
    return value if 0 <= value <= view.cards else None


def bid_weight(state: WizardState, view: WizardView) -> float:
    """How well a sampled deal explains the bids the viewer sees: the product, over the other
    seats whose bid is visible, of `bid_likelihood` given the estimate of the hand they bid on
    (the sampled hand plus the cards they have played this round; for the last bidder under
    the ±1 option, the value it was refused too).

    A seat that bid 0 rarely holds two Wizards; one that bid 1 in round 1 rarely holds a
    low plain card."""
    if view.forehead_round:
        return 1.0  # every other hand is seen: nothing to infer
    me = view.viewer
    n = view.num_players
    sc = state.options.single_colour
    played: list[list[str]] = [[] for _ in range(n)]
    for trick in (*view.round_tricks, view.trick):
        for q, c in trick:
            played[q].append(c)
    w = 1.0
    for q in range(n):
        b = view.bids[q]
        if q == me or b is None:
            continue
        w *= bid_likelihood(b, quick_estimate(state.hands[q] + played[q], view.trump, n, sc),
                            refused_bid(view, q), view.cards)
    return w


def play_weight(state: WizardState, view: WizardView, eps: float) -> float:
    """How well a sampled deal explains the cards the other seats have played this round, if
    they play by the normal rule: the round replayed from its first trick with each seat's
    hand as this deal makes it (its sampled hand plus what it has played since), a factor
    `eps` for every card the rule would not have played there (never 0: a seat that plays by
    another rule still leaves every deal possible).

    A seat that needs tricks and leads a low card rarely holds a high one; one that needs a
    trick and still plays under the trick holds nothing that would take it. The hard agent's
    card search weighs its deals by this (through `DealReader`, which gives the same weight
    from bit masks); the deal actually dealt, in a round played by the normal rule, always
    weighs 1."""
    if view.forehead_round:
        return 1.0  # every other hand is seen: nothing to infer
    me = view.viewer
    n = view.num_players
    sc = state.options.single_colour
    trump = view.trump
    hands: list[list[str]] = [list(h) for h in state.hands]
    for trick in (*view.round_tricks, view.trick):
        for q, c in trick:
            hands[q].append(c)
    won = [0] * n
    w = 1.0
    for trick in (*view.round_tricks, view.trick):
        cards: list[str] = []
        for q, c in trick:
            hand = hands[q]
            b = view.bids[q]
            if q != me and b is not None and normal_card(hand, cards, trump, b - won[q], n,
                                                         sc) != c:
                w *= eps
            hand.remove(c)
            cards.append(c)
        if len(cards) == n:
            won[trick[trick_winner(cards, trump, sc)][0]] += 1
    return w


# one bit per face (Wizards and Jesters are one face each): a hand as a set of faces
_BIT: dict[str, int] = {face: 1 << i for i, face in enumerate(COPIES)}
_SUIT_BITS: dict[str, int] = {s: sum(b for f, b in _BIT.items() if f[0] == s) for s in SUITS}
_FREE_BITS = _BIT[WIZARD] | _BIT[JESTER]


def face_bits(faces: Sequence[str]) -> int:
    bits = 0
    for f in faces:
        bits |= _BIT[f]
    return bits


class DealReader:
    """`bid_weight` times `play_weight`, worked out once per view and then per deal from
    each hidden seat's hand alone, without replaying the round: which trick every card went
    to is seen, so what a seat needed at each of its plays does not depend on the deal, and
    the weight is a product over the seats of a factor of that seat's hand.

    The normal rule's choice among the faces it may play (`choose_card`) is the face it
    ranks first, by an order that depends only on the trick so far, the trump and what the
    seat needs (a test checks this on random sets of faces), so a play says: none of the
    faces ranked above it was playable. Per play, the faces ranked above the card played
    (`choose_card` between the two) are kept as a bit mask; a deal's hand then explains the
    play when its playable faces (by WIZ-F1, from the hand at that time: the sampled hand
    plus what the seat played since) miss that mask. `weight` equals `bid_weight(state,
    view) * play_weight(state, view, eps)` (`eps` None: bids only) for every deal of the view
    (tested), at a small part of the cost."""

    def __init__(self, view: WizardView, eps: float | None) -> None:
        self.view = view
        self.eps = eps
        n = view.num_players
        self.n = n
        self.sc = sc = bool(view.options.get("single_colour"))
        trump = view.trump
        me = view.viewer
        self.off = bool(view.forehead_round)
        played: list[list[str]] = [[] for _ in range(n)]
        for trick in (*view.round_tricks, view.trick):
            for q, c in trick:
                played[q].append(c)
        self.played = played
        self.bidders = [q for q in range(n) if q != me and view.bids[q] is not None]
        self.refused = {q: refused_bid(view, q) for q in self.bidders}
        # per seat: (later, led, beats) for each of its plays this round
        self.checks: dict[int, list[tuple[int, int, int]]] = {q: [] for q in self.bidders}
        if eps is None or self.off:
            return
        universe = list(COPIES)
        won = [0] * n
        count = [0] * n
        for trick in (*view.round_tricks, view.trick):
            cards: list[str] = []
            for q, c in trick:
                b = view.bids[q]
                if q in self.checks and b is not None:
                    need = b - won[q]
                    beats = 0
                    for f in universe:
                        if f == c:
                            continue
                        pair = sorted((c, f)) if sc else sorted((c, f), key=ORDER.__getitem__)
                        if choose_card(pair, cards, trump, need, n, sc) == f:
                            beats |= _BIT[f]
                    led = None if sc else led_suit(cards)
                    self.checks[q].append((face_bits(played[q][count[q]:]),
                                           0 if led is None else _SUIT_BITS[led], beats))
                count[q] += 1
                cards.append(c)
            if len(cards) == n:
                won[trick[trick_winner(cards, trump, sc)][0]] += 1

    def weight(self, hands: Sequence[Sequence[str]]) -> float:
        """How well the deal giving the seats `hands` explains the bids (and plays) seen."""
        if self.off:
            return 1.0
        view = self.view
        w = 1.0
        eps = self.eps
        for q in self.bidders:
            hand = hands[q]
            w *= bid_likelihood(view.bids[q],  # type: ignore[arg-type]
                                quick_estimate(list(hand) + self.played[q], view.trump, self.n,
                                               self.sc),
                                self.refused[q], view.cards)
            checks = self.checks[q]
            if not checks:
                continue
            bits = face_bits(hand)
            for later, led, beats in checks:
                now = bits | later
                if led and now & led:
                    now &= led | _FREE_BITS
                if now & beats:
                    w *= eps  # type: ignore[operator]
        return w


def model_action(state: WizardState) -> Action:
    """What the normal heuristic does in `state` (the search's model of the other seats): the
    rules' own phase and legal list, under the modelled state's overrides."""
    return _normal_move(state, state._phase, lambda: WizardState.legal_actions(state))


_MODEL_PHASES = frozenset({PLAY_PHASE, BID_PHASE, TRUMP_PHASE})


def _modelled_legal_actions(self: WizardState) -> list[Action]:
    if (self.current != self.modelled_seat  # type: ignore[attr-defined]
            and self._phase in _MODEL_PHASES and self.winners is None):
        return [model_action(self)]
    return WizardState.legal_actions(self)


def _modelled_clone(self: WizardState) -> WizardState:
    c = WizardState.clone(self)
    c.__class__ = type(self)
    return c


# One subclass per searching seat (no new slots, so a state's class can be switched): in it
# every other seat's only legal action is the one `model_action` gives. The search tree then
# branches on our own choices, with each other seat's card an edge of its own (so a later
# decision of ours is still told apart by what the others played), and its iterations go to
# our plans rather than to trying every card for seats that play by a rule.
MODELLED: tuple[type[WizardState], ...] = tuple(
    type(f"WizardStateModelled{q}", (WizardState,),
         {"__slots__": (), "modelled_seat": q, "legal_actions": _modelled_legal_actions,
          "clone": _modelled_clone})
    for q in range(6))


class PooledSpec:
    """`SEARCH_SPEC` with deals drawn in proportion to `bid_weight` (sampling-importance
    resampling): `size * factor` deals fitting the view are sampled once per decision,
    and each `determinize` call hands out a copy of one of them, chosen by weight. The search
    then plays mostly in deals where the others' bids make sense, at the cost of a few more
    deals sampled per decision."""

    id = SPEC.id

    def __init__(self, view: WizardView, rng: GameRng, size: int,
                 factor: int = PLAY_POOL_FACTOR, modelled: bool = False) -> None:
        self.modelled = modelled and view.viewer is not None
        self.pool: list[WizardState] = []
        self.cumulative: list[float] = []
        total = 0.0
        for _ in range(max(1, size * factor)):
            state = SEARCH_SPEC.determinize(view, rng)
            w = bid_weight(state, view)
            if w <= 0.0:
                continue
            total += w
            self.pool.append(state)
            self.cumulative.append(total)
        if not self.pool:  # no deal explains the bids at all: fall back to plain sampling
            self.pool = [SEARCH_SPEC.determinize(view, rng)]
            self.cumulative = [1.0]
        self.total = self.cumulative[-1]
        if self.modelled:
            cls = MODELLED[view.viewer]  # type: ignore[index]
            for state in self.pool:
                state.__class__ = cls

    def determinize(self, view: WizardView, rng: GameRng) -> WizardState:
        i = bisect.bisect_left(self.cumulative, rng.random() * self.total)
        return self.pool[min(i, len(self.pool) - 1)].clone()


class ReadingPool:
    """`PooledSpec` at a fraction of the cost, for pools weighed by the plays too: the deals
    are drawn as hands only (`UnseenDealer.deal`), weighed by `DealReader` from those hands,
    and made full states only when `determinize` hands one out (a fresh state each time,
    so no copy is needed)."""

    id = SPEC.id

    def __init__(self, view: WizardView, rng: GameRng, size: int, factor: int,
                 modelled: bool = False, read_plays: float | None = None) -> None:
        self.dealer = UnseenDealer(view)
        reader = DealReader(view, read_plays)
        self.cls = MODELLED[view.viewer] if modelled and view.viewer is not None else None
        self.pool: list[Dealt] = []
        self.cumulative: list[float] = []
        total = 0.0
        for _ in range(max(1, size * factor)):
            dealt = self.dealer.deal(rng)
            w = reader.weight(dealt[0])
            if w <= 0.0:
                continue
            total += w
            self.pool.append(dealt)
            self.cumulative.append(total)
        if not self.pool:
            self.pool = [self.dealer.deal(rng)]
            self.cumulative = [1.0]
        self.total = self.cumulative[-1]

    def determinize(self, view: WizardView, rng: GameRng) -> WizardState:
        i = bisect.bisect_left(self.cumulative, rng.random() * self.total)
        state = self.dealer.state(rng, self.pool[min(i, len(self.pool) - 1)])
        state.search_mode = True
        state.quiet = True
        if self.cls is not None:
            state.__class__ = self.cls
        return state


class ReplaySpec:
    """`count` deals drawn once from `spec` (a `PooledSpec`), handed out again in the same
    order on every pass (`determinize` copies the next one): flat Monte Carlo over it judges
    each batch of candidates on the very same deals, so candidates judged in a later batch
    compare with the earlier ones as if judged together (common random numbers)."""

    id = SPEC.id

    def __init__(self, spec: Any, view: WizardView, rng: GameRng, count: int) -> None:
        self.deals = [spec.determinize(view, rng) for _ in range(max(1, count))]
        self.next = 0

    def determinize(self, view: WizardView, rng: GameRng) -> WizardState:
        state = self.deals[self.next % len(self.deals)]
        self.next += 1
        return state.clone()


def round_value(state: GameState, start: GameState) -> list[float]:
    """Each seat's score change this round, mapped into [0, 1] (exact bids near the top)."""
    assert isinstance(state, WizardState) and isinstance(start, WizardState)
    return [min(1.0, max(0.0, (a - b + 40) / 100.0))
            for a, b in zip(state.totals, start.totals, strict=True)]


def bid_value(state: GameState, start: GameState) -> list[float]:
    """Each seat's score change this round in hundreds of points, not clamped (a bid of six
    made is worth more than a bid of four made, a miss by four less than a miss by two),
    plus `EXACT_BONUS` for a bid made exactly."""
    assert isinstance(state, WizardState) and isinstance(start, WizardState)
    return [(a - b) / 100.0 + (EXACT_BONUS if t == bid else 0.0)
            for a, b, t, bid in zip(state.totals, start.totals, state.tricks, state.bids,
                                    strict=True)]


def distinct_plays(view: WizardView, legal: Sequence[Action]) -> list[Action]:
    """The legal plays with equivalent cards folded into one: two number cards of a suit with
    no card between them left unseen by the viewer (all in its hand or already played) win and
    lose against exactly the same cards, now and later, so the search needs only one of them
    (the lowest). Wizards and Jesters are one face each already."""
    if bool(view.options.get("single_colour")) or view.hand is None:
        return list(legal)
    gone: set[str] = set(view.hand)
    for trick in (*view.round_tricks, view.trick):
        gone.update(c for _, c in trick)
    if view.trump_card is not None:
        gone.add(view.trump_card)
    out: list[Action] = []
    last: dict[str, int] = {}  # suit -> rank of the last card kept or folded
    for a in sorted(legal, key=lambda a: ((a.card or "?")[0], RANK.get(a.card or "", 0))):
        face = a.card
        if face is None or face in (WIZARD, JESTER, BACK):
            out.append(a)
            continue
        s, r = face[0], RANK[face]
        prev = last.get(s)
        last[s] = r
        if prev is not None and all(f"{s}{k}" in gone for k in range(prev + 1, r)):
            continue  # the same card as the one kept below it
        out.append(a)
    return out


class BidAwareISMCTS(ISMCTSAgent):
    """The shared ISMCTS searching deals drawn by `PooledSpec` (the others' bids weigh the
    deals), one pool per search, over the distinct plays only (`distinct_plays`); with
    `model_others` the other seats play by the normal heuristic in the tree too (`MODELLED`);
    with `read_plays` the others' cards this round weigh the deals too (`play_weight`), from a
    pool of `pool_factor` deals per iteration (`ReadingPool`)."""

    model_others = True
    read_plays: float | None = None
    pool_factor = PLAY_POOL_FACTOR

    def search_detail(self, view: Any, legal: Sequence[Action], rng: GameRng,
                      figures: Figures | None = None
                      ) -> dict[Action, tuple[int, float, tuple[float, ...]]]:
        # `search` and `explain` both come here, so both see the pooled deals and the folds
        if self.read_plays is None:
            self.spec = PooledSpec(view, rng, self.iterations, self.pool_factor,
                                   modelled=self.model_others)
        else:
            self.spec = ReadingPool(view, rng, self.iterations, self.pool_factor,
                                    modelled=self.model_others, read_plays=self.read_plays)
        try:
            return super().search_detail(view, distinct_plays(view, legal), rng, figures)
        finally:
            self.spec = SEARCH_SPEC


# ------------------------------------------------------------------------ agents


class HeuristicAgent:
    """normal (noise 0) and easy (noise > 0)."""

    def __init__(self, name: str, seed: int, noise: float = 0.0) -> None:
        self.name = name
        self.seed = seed
        self.noise = noise

    def choose(self, view: Any, legal: Sequence[Action], rng: GameRng) -> Action:
        assert isinstance(view, WizardView)
        if len(legal) == 1:
            return legal[0]
        kind = legal[0].kind
        if self.noise and rng.random() < self.noise * 0.5:
            return legal[rng.randrange(len(legal))]
        if kind == "trump":
            assert view.hand is not None
            return Action("trump", value=best_trump(view.hand))
        if kind == "bid":
            est = estimate_bid(view)
            if self.noise:
                est += rng.gauss(0.0, 1.5 * self.noise)
            return nearest_bid(est, legal)
        return self._play(view, legal)

    @staticmethod
    def _play(view: WizardView, legal: Sequence[Action]) -> Action:
        me = view.viewer
        assert me is not None
        faces = [a.card for a in legal if a.card is not None]
        bid = view.bids[me] or 0
        face = choose_card(faces, [c for _, c in view.trick], view.trump,
                           bid - view.tricks[me], view.num_players,
                           bool(view.options.get("single_colour")))
        return Action("play", face)


def _play_figures(state: GameState, start: GameState) -> list[float]:
    """For the seat to act at `start`, at the end of a rollout: whether it won the trick
    being played at `start` (0.5 when the rollout stopped before it was complete), its tricks
    this round, whether that is exactly its bid, and its score change this round."""
    assert isinstance(state, WizardState) and isinstance(start, WizardState)
    me = start.current
    k = len(start.round_tricks)
    won = 0.5
    if len(state.round_tricks) > k:
        trick = state.round_tricks[k]
        w = trick_winner([c for _, c in trick], state.trump, state.options.single_colour)
        won = 1.0 if trick[w][0] == me else 0.0
    tricks = state.tricks[me]
    return [won, float(tricks), 1.0 if tricks == (state.bids[me] or 0) else 0.0,
            float(state.totals[me] - start.totals[me])]


def _bid_figures(state: GameState, start: GameState) -> list[float]:
    """For the seat to act at `start`: its tricks this round, whether that is exactly its bid,
    and its score change (a trump choice is judged by the same numbers)."""
    assert isinstance(state, WizardState) and isinstance(start, WizardState)
    me = start.current
    tricks = state.tricks[me]
    bid = state.bids[me]
    return [float(tricks), 1.0 if bid is not None and tricks == bid else 0.0,
            float(state.totals[me] - start.totals[me])]


BID_FIGURES = ("tricks", "exact", "points")


class HardAgent:
    """Monte Carlo bids and trump choice; ISMCTS card play; the round is the horizon."""

    def __init__(self, seed: int, bid_samples: int = 96, play_iterations: int = 320,
                 name: str = "hard", model_others: bool = True,
                 read_plays: float | None = READ_PLAYS_EPS,
                 play_pool_factor: int = READ_PLAYS_POOL_FACTOR) -> None:
        self.name = name
        self.seed = seed
        self.bid_samples = bid_samples
        self.search = BidAwareISMCTS(SEARCH_SPEC, name=name, iterations=play_iterations,
                                  rollout_policy=rollout_policy, evaluator=round_value,
                                  horizon=round_over, max_depth=200, exploration=0.5,
                                  figures=_play_figures,
                                  figure_names=("win_trick", "tricks", "exact", "points"),
                                  explain_kind="wizard.play", playout=normal_playout)
        self.search.model_others = model_others
        self.search.read_plays = read_plays
        self.search.pool_factor = play_pool_factor

    def choose(self, view: Any, legal: Sequence[Action], rng: GameRng) -> Action:
        return self.explain(view, legal, rng).best

    def explain(self, view: Any, legal: Sequence[Action], rng: GameRng) -> Explanation:
        """Card play: the search's candidates with `win_trick` (the chance this trick is
        won), `tricks`, `exact` (the chance the bid is made exactly) and `points` (the round's
        score change: what the search ranks by, before its clamp), and in the context
        `need` (tricks still needed for the bid). Bids and trump: the candidates with the
        rollouts' `tricks`, `exact` and `points`; bids also with the hand's `estimate`."""
        assert isinstance(view, WizardView)
        if len(legal) == 1:
            return forced(legal[0])
        me = view.viewer
        assert me is not None
        kind = legal[0].kind
        if kind == "play":
            plays = distinct_plays(view, legal)
            if len(plays) == 1:
                return by_rule(plays[0], "equivalent")
            got = self.search.explain(view, legal, rng)
            searched = set(plays)  # the equivalent cards folded away were not searched
            bid = view.bids[me]
            need = None if bid is None else bid - view.tricks[me]
            return Explanation(got.kind, tuple(x for x in got.ranked if x.action in searched),
                               {**got.context, "need": need, "tricks_now": view.tricks[me]})
        if kind == "bid":
            return self._explain_bid(view, legal, rng)
        samples = max(8, self.bid_samples * 4 // max(4, len(legal)))
        worlds = PooledSpec(view, rng, samples, BID_POOL_FACTOR)
        detail = flat_monte_carlo_detail(worlds, view, legal, rng, samples, me,
                                         rollout_policy=rollout_policy, evaluator=round_value,
                                         horizon=round_over, max_depth=200,
                                         figures=_bid_figures, playout=normal_playout)
        values = {a: v for a, (v, _) in detail.items()}
        if not values:
            return by_rule(HeuristicAgent("normal", self.seed).choose(view, legal, rng),
                           "heuristic")
        figures = {a: {**dict(zip(BID_FIGURES, figs, strict=False)), "samples": float(samples)}
                   for a, (_, figs) in detail.items()}
        return ranked_by(f"wizard.{kind}", legal, values, figures)

    def _explain_bid(self, view: WizardView, legal: Sequence[Action], rng: GameRng
                     ) -> Explanation:
        """Bids near the hand's estimate judged by `bid_value` over one set of sampled deals,
        then those near the tricks the rollouts took (their mean over the bids judged), and
        while the best bid judged is the highest (or lowest) judged and a legal bid lies
        beyond it, the next one out: every bid on the same deals and rollout seeds. A hand
        the estimate misjudges (big hands at few players) is still bid where its rollouts
        say."""
        me = view.viewer
        assert me is not None
        est = estimate_bid(view)
        context: dict[str, Any] = {"estimate": est}
        close = [a for a in legal if abs(float(a.value) - est) <= BID_WINDOW]  # type: ignore[arg-type]
        candidates = close or [nearest_bid(est, legal)]
        samples = max(8, self.bid_samples * 4 // max(4, len(candidates)))
        worlds = ReplaySpec(PooledSpec(view, rng, samples, BID_POOL_FACTOR), view, rng, samples)
        seed = rng.getrandbits(63)
        by_value = sorted(legal, key=lambda a: int(a.value))  # type: ignore[arg-type]
        detail: dict[Action, tuple[float, tuple[float, ...]]] = {}
        todo = candidates
        while todo:
            detail.update(flat_monte_carlo_detail(
                worlds, view, todo, GameRng(seed), samples, me, rollout_policy=rollout_policy,
                evaluator=bid_value, horizon=round_over, max_depth=200, figures=_bid_figures,
                playout=normal_playout))
            if not detail:
                break
            judged = [a for a in by_value if a in detail]
            if todo is candidates:  # first pass: also the bids near the rollouts' tricks
                tricks = sum(detail[a][1][0] for a in judged) / len(judged)
                todo = [a for a in by_value if a not in detail
                        and abs(float(a.value) - tricks) <= BID_WINDOW]  # type: ignore[arg-type]
                if todo:
                    continue
            best = max(judged, key=lambda a: detail[a][0])
            i = by_value.index(best)
            todo = []
            if best is judged[-1] and i + 1 < len(by_value):
                todo.append(by_value[i + 1])
            if best is judged[0] and i > 0:
                todo.append(by_value[i - 1])
        if not detail:
            return by_rule(HeuristicAgent("normal", self.seed).choose(view, legal, rng),
                           "heuristic")
        values = {a: v for a, (v, _) in detail.items()}
        figures = {a: {**dict(zip(BID_FIGURES, figs, strict=False)), "samples": float(samples)}
                   for a, (_, figs) in detail.items()}
        judged = [a for a in by_value if a in detail]
        return ranked_by("wizard.bid", judged, values, figures, **context)


AGENTS: dict[str, Callable[[int], Any]] = {
    "easy": lambda seed: HeuristicAgent("easy", seed, noise=0.6),
    "normal": lambda seed: HeuristicAgent("normal", seed),
    "hard": lambda seed: HardAgent(seed),
}

# The hard agent before it read the others' plays (its card search's deals weighed by the
# bids alone, from a pool of two deals per iteration), kept to measure against in
# `cardtable simulate` and scripts/wizard_round_sample.py (docs/tournament/issue20/wizard).
MEASUREMENT_AGENTS: dict[str, Callable[[int], Any]] = {
    "hard_bids_only": lambda seed: HardAgent(seed, name="hard_bids_only", read_plays=None,
                                             play_pool_factor=PLAY_POOL_FACTOR),
}

__all__ = ["AGENTS", "MEASUREMENT_AGENTS", "HardAgent", "HeuristicAgent", "choose_card", "rollout_policy"]
