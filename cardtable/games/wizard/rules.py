"""Wizard (`wizard`, 神機妙算): rules engine.

Rules in brief (clause ids from rules-decisions.md):
- WIZ-P1 3-6 players, 60 cards (cards.py). WIZ-R1 round r deals r cards to each player, 60 /
  players rounds, the dealer moves clockwise (seat + 1) every round; the first dealer is drawn.
- WIZ-TR1 the next card is turned up for trump: a Jester means no trump, a Wizard means the
  dealer chooses a suit after seeing their hand (a pending choice, phase `trump`); the last round
  (no card left) has no trump.
- WIZ-B1 bidding and the first lead start with the dealer (option `bid_order="left_of_dealer"`).
- WIZ-F1 following, WIZ-W1 trick winner (cards.py); the winner leads the next trick.
- WIZ-X1 scoring 20 + 10 per trick for an exact bid, -10 per trick off; highest total wins.
- WIZ-V1 options: `plus_minus_one` (the last bidder may not make the bids add up to the cards
  dealt), `hidden_bids` (bid values unseen until everyone has bid, revealed before play),
  `secret_bids` (revealed only when the round is scored), `forehead` (round 1: each sees every
  card but their own), `single_colour` (3-4 players, own deck of one suit + 1 Wizard + 1 Jester,
  no trump, 4 cards in round 1 then one more each round, 12 rounds, highest number wins, the
  first Wizard beats everything, ties go to the earlier card; no duty to follow suit, since every
  player holds one suit only). Each player chooses their suit at setup (`colours`, all
  different; `colour_choices` / `settle_colours`: the computers take the suits left over); a
  game recorded before the choice has none and seat i plays the i-th suit.
  With hidden/secret bids and +-1 the last bidder is still refused the one forbidden value, as
  the scorekeeper would tell them; that is the only thing the refusal reveals, and only to them.

Action space (`Action.kind`, with fields):
- trump(value=suit): the dealer's choice after a Wizard was turned up (phase `trump`).
- bid(value=k): a bid of k tricks, 0..cards dealt (phase `bid`).
- play(card=face): play a card to the trick (phase `play`). In the forehead round the face is
  named in the only legal action although the view shows the card as a back: the player has one
  card and must play it.

Phases: trump, bid, play, game_over.

Events specific to this game (besides the shared ones in core/events.py):
- trump_set: trump (suit or None), card (the turned-up face or None), reason
  ("card" | "jester" | "wizard_choice" | "last_round" | "single_colour"), player (chooser)
- bid_placed: player; value (public, or secret to the bidder under hidden/secret bids)
- bids_revealed: bids (all values, when hidden/secret bids are revealed)
- trick_won: winner, cards ([[player, face], ...] in play order), trick_no, dst ("won:<winner>")
- round_scored: round, dealer, cards, trump, bids, tricks, deltas, totals
- cards_collected: zone, round, count (every card back to the deck(s) before a deal; emitted,
  with the shuffle, before round_started; single colour: one per player's deck `deck:i`)

Scores: running totals (higher is better). returns(): the highest totals share 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

from cardtable.core.actions import Action
from cardtable.core.events import (
    CARD_MOVED,
    GAME_OVER,
    PHASE_CHANGED,
    ROUND_ENDED,
    ROUND_STARTED,
    SCORE_CHANGED,
    SHUFFLED,
    TURN_STARTED,
    Event,
    EventSink,
    announce,
    moved,
    zone,
)
from cardtable.core.game import OMNISCIENT, GameSpec, GameState, is_recorded, shared_returns
from cardtable.core.rng import GameRng
from cardtable.games.wizard.cards import (
    BACK,
    COPIES,
    DECK_SIZE,
    FULL_DECK,
    JESTER,
    SUITS,
    WIZARD,
    cards_in_round,
    distinct,
    led_suit,
    num_rounds,
    playable_for,
    quick_estimate,
    round_score,
    single_colour_deck,
    sort_faces,
    trick_winner,
)

TRUMP_PHASE = "trump"
BID_PHASE = "bid"
PLAY_PHASE = "play"
GAME_OVER_PHASE = "game_over"
ROUND_OVER_PHASE = "round_over"  # search mode only: the round is scored, nothing dealt

TRUMP_SET = "trump_set"
BID_PLACED = "bid_placed"
BIDS_REVEALED = "bids_revealed"
TRICK_WON = "trick_won"
ROUND_SCORED = "round_scored"
CARDS_COLLECTED = "cards_collected"

# One frozen Action per answer, shared by every legal_actions() list (they compare by value).
PLAY_ACTIONS: dict[str, Action] = {face: Action("play", face) for face in COPIES}
BID_ACTIONS: tuple[Action, ...] = tuple(Action("bid", value=k) for k in range(DECK_SIZE // 3 + 1))
TRUMP_ACTIONS: tuple[Action, ...] = tuple(Action("trump", value=s) for s in SUITS)

# Zone names and one-seat audiences, built once (seats 0..5, WIZ-P1).
_SEATS = range(6)
HAND_ZONES: tuple[str, ...] = tuple(zone("hand", q) for q in _SEATS)
WON_ZONES: tuple[str, ...] = tuple(zone("won", q) for q in _SEATS)
DECK_ZONES: tuple[str, ...] = tuple(zone("deck", q) for q in _SEATS)
ONLY_SEAT: tuple[frozenset[int], ...] = tuple(frozenset({q}) for q in _SEATS)


class WizardOptions(BaseModel):
    """Options chosen at setup and stored in the match record (defaults = the seed's rules)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    bid_order: Literal["dealer", "left_of_dealer"] = Field(
        "dealer", description="WIZ-B1: who bids and leads first: the dealer (seed) or the "
        "player left of the dealer (publisher)")
    plus_minus_one: bool = Field(False, description="WIZ-V1: the bids may not add up to the "
                                 "cards dealt (the last bidder is restricted)")
    hidden_bids: bool = Field(False, description="WIZ-V1: bids placed unseen, all revealed "
                              "together before play")
    secret_bids: bool = Field(False, description="WIZ-V1: bids revealed only after the round")
    forehead: bool = Field(False, description="WIZ-V1: round 1, each sees every card but "
                           "their own")
    single_colour: bool = Field(False, description="WIZ-V1: 3-4 players, each an own deck of "
                                "one suit + 1 Wizard + 1 Jester, 12 rounds, no trump")
    colours: tuple[Literal["r", "b", "g", "y"], ...] | None = Field(
        None, description="WIZ-V1 single colour: the suit each seat chose (seat order, all "
        "different); None: seat i takes the i-th suit (red, blue, green, yellow), as every game "
        "before the choice was offered")

    # option pairs a new game never combines: the setup disables the other of a pair while one
    # is on, with a one-line reason (`wizard.option.<name>.blocked`). WIZ-V2: under ±1 the last
    # bidder's refused number tells them the sum of the bids hidden or secret bids keep from
    # them. Forehead (one card in round 1) and single colour (four) never combine at all.
    EXCLUSIVE: ClassVar[tuple[tuple[str, str], ...]] = (
        ("plus_minus_one", "hidden_bids"), ("plus_minus_one", "secret_bids"),
        ("forehead", "single_colour"))

    @model_validator(mode="after")
    def _compatible(self, info: ValidationInfo) -> WizardOptions:
        if self.colours is not None:
            # WIZ-V1: each player chooses one suit of the one box, so no two the same
            if not self.single_colour:
                raise ValueError("colours are chosen only in the single_colour variant")
            if not 3 <= len(self.colours) <= 4:
                raise ValueError("colours: one suit per player, 3-4 players")
            if len(set(self.colours)) != len(self.colours):
                raise ValueError("colours: every player takes a different suit")
        if self.forehead and self.single_colour:
            raise ValueError("forehead (one card in round 1) does not combine with single_colour")
        if self.plus_minus_one and (self.hidden_bids or self.secret_bids) and \
                not is_recorded(info.context):
            # WIZ-V2: refused for a new game; a save or record that holds the pair still loads
            # and replays as recorded (GameSpec.parse_options(..., recorded=True))
            raise ValueError("plus_minus_one cannot be combined with hidden_bids or secret_bids "
                             "(WIZ-V2: the refused bid tells the last bidder the sum of the "
                             "bids they must not see); choose one")
        return self

    def seat_suits(self, num_players: int) -> tuple[str, ...]:
        """WIZ-V1 single colour: the suit of each seat's own deck (the chosen colours, or seat
        order when none were chosen: a game recorded before the choice)."""
        return tuple(self.colours) if self.colours is not None else SUITS[:num_players]

    def leaks_bid_sum(self) -> bool:
        """WIZ-V2: ±1 together with hidden or secret bids (only a game saved before the pair
        was refused holds it)."""
        return self.plus_minus_one and (self.hidden_bids or self.secret_bids)


def colour_choices(chosen: Sequence[str | None], seat: int) -> tuple[str, ...]:
    """WIZ-V1 single colour: the suits `seat` may choose while the other seats have chosen
    `chosen` (None: not chosen, e.g. a computer, which takes what is left): every suit no other
    seat chose (one box holds each suit once)."""
    taken = {c for q, c in enumerate(chosen) if q != seat and c is not None}
    return tuple(s for s in SUITS if s not in taken)


def settle_colours(chosen: Sequence[str | None]) -> tuple[str, ...]:
    """WIZ-V1 single colour: every seat's suit from the seats' choices (None: no choice, as
    for a computer). A chosen suit is kept (when two seats chose the same, the earlier seat
    keeps it); the others take the suits left over in suit order (red, blue, green, yellow),
    so with nobody choosing seat i has the i-th suit, as before the choice was offered."""
    out: list[str | None] = []
    for q, c in enumerate(chosen):
        out.append(c if c in SUITS and c not in out[:q] else None)
    free = iter([s for s in SUITS if s not in out])
    return tuple(c if c is not None else next(free) for c in out)


_OPTIONS_DUMPS: dict[WizardOptions, dict[str, Any]] = {}


def options_dict(options: WizardOptions) -> dict[str, Any]:
    """`options.model_dump()` (a fresh dict each call), dumped once per distinct options."""
    dump = _OPTIONS_DUMPS.get(options)
    if dump is None:
        dump = _OPTIONS_DUMPS[options] = options.model_dump()
    return dict(dump)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One scored round, as the score pad shows it."""

    round_no: int
    dealer: int
    cards: int
    trump: str | None
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    deltas: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class WizardView:
    viewer: int | None
    num_players: int
    options: dict[str, Any]
    phase: str
    current: int | None
    round_no: int
    num_rounds: int
    dealer: int
    cards: int                                  # cards dealt to each player this round
    trump: str | None
    trump_card: str | None                      # the turned-up face, if any
    hand: tuple[str, ...] | None                # own hand; BACK for an unseen own card
    hand_counts: tuple[int, ...]
    seen_hands: tuple[tuple[str, ...] | None, ...]  # forehead: others' cards; else all None
    deck_counts: tuple[int, ...]                # one count (shared deck) or one per player
    bid_start: int
    bids: tuple[int | None, ...]                # None: not placed yet, or not visible
    bid_made: tuple[bool, ...]
    bids_public: bool
    tricks: tuple[int, ...]
    trick: tuple[tuple[int, str], ...]          # the trick in progress, (player, face)
    leader: int
    round_tricks: tuple[tuple[tuple[int, str], ...], ...]  # completed tricks this round
    voids: tuple[frozenset[str], ...]           # suits each player showed they lack
    totals: tuple[int, ...]
    history: tuple[RoundResult, ...]
    first_dealer: int
    winners: tuple[int, ...] | None
    all_hands: tuple[tuple[str, ...], ...] | None = None

    @property
    def led_suit(self) -> str | None:
        return led_suit([c for _, c in self.trick])

    @property
    def forehead_round(self) -> bool:
        return bool(self.options.get("forehead")) and self.round_no == 1

    @property
    def seat_suits(self) -> tuple[str, ...] | None:
        """WIZ-V1 single colour: each seat's own suit (the one chosen at setup, or seat order
        in a game recorded before the choice); None in the other variants."""
        if not self.options.get("single_colour"):
            return None
        chosen = self.options.get("colours")
        return tuple(chosen) if chosen is not None else SUITS[:self.num_players]


class WizardState(GameState):
    game_id = "wizard"

    __slots__ = (
        "num_players", "options", "rng", "num_rounds", "round_no", "first_dealer", "dealer",
        "cards", "deck", "decks", "hands", "trump", "trump_card", "_phase", "current",
        "bid_start", "bids", "bids_public", "tricks", "trick", "leader", "round_tricks",
        "voids", "totals", "history", "winners", "search_mode", "quiet",
    )

    def __init__(self, num_players: int, options: WizardOptions, rng: GameRng) -> None:
        self.num_players = num_players
        self.options = options
        self.rng = rng
        self.num_rounds = num_rounds(num_players, options.single_colour)
        self.round_no = 0
        self.first_dealer = 0
        self.dealer = 0
        self.cards = 0
        self.deck: list[str] = []
        self.decks: list[list[str]] = [[] for _ in range(num_players)]  # single colour
        self.hands: list[list[str]] = [[] for _ in range(num_players)]
        self.trump: str | None = None
        self.trump_card: str | None = None
        self._phase = BID_PHASE
        self.current = 0
        self.bid_start = 0
        self.bids: list[int | None] = [None] * num_players
        self.bids_public = True
        self.tricks: list[int] = [0] * num_players
        self.trick: list[tuple[int, str]] = []
        self.leader = 0
        self.round_tricks: list[tuple[tuple[int, str], ...]] = []
        self.voids: list[set[str]] = [set() for _ in range(num_players)]
        self.totals: list[int] = [0] * num_players
        self.history: list[RoundResult] = []
        self.winners: list[int] | None = None
        # AI search only (never in a match): the state stops in phase `round_over` once a
        # round is scored instead of dealing the next one (search states are also quiet)
        self.search_mode = False
        self.quiet = False  # builds no events (GameState.quiet)

    # ---------------------------------------------------------------- contract
    @property
    def phase(self) -> str:
        return self._phase

    def current_player(self) -> int | None:
        return None if self.winners is not None else self.current

    def is_terminal(self) -> bool:
        return self.winners is not None

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def returns(self) -> list[float]:
        return shared_returns(self.winners, self.num_players)

    def clone(self) -> WizardState:
        c = WizardState.__new__(WizardState)
        c.num_players = self.num_players
        c.options = self.options
        c.rng = self.rng.clone()
        c.num_rounds = self.num_rounds
        c.round_no = self.round_no
        c.first_dealer = self.first_dealer
        c.dealer = self.dealer
        c.cards = self.cards
        c.deck = self.deck.copy()
        c.decks = [d.copy() for d in self.decks]
        c.hands = [h.copy() for h in self.hands]
        c.trump = self.trump
        c.trump_card = self.trump_card
        c._phase = self._phase
        c.current = self.current
        c.bid_start = self.bid_start
        c.bids = self.bids.copy()
        c.bids_public = self.bids_public
        c.tricks = self.tricks.copy()
        c.trick = self.trick.copy()
        c.leader = self.leader
        c.round_tricks = self.round_tricks.copy()
        c.voids = [v.copy() for v in self.voids]
        c.totals = self.totals.copy()
        c.history = self.history.copy()
        c.winners = None if self.winners is None else self.winners.copy()
        c.search_mode = self.search_mode
        c.quiet = self.quiet
        return c

    # ---------------------------------------------------------------- helpers
    @property
    def forehead_round(self) -> bool:
        return self.options.forehead and self.round_no == 1

    @property
    def bids_hidden(self) -> bool:
        return self.options.hidden_bids or self.options.secret_bids

    def forbidden_bid(self) -> int | None:
        """WIZ-V1 +-1: the one value the last bidder may not bid (None when unrestricted)."""
        if not self.options.plus_minus_one or self._phase != BID_PHASE:
            return None
        placed = [b for b in self.bids if b is not None]
        if len(placed) != self.num_players - 1:
            return None
        value = self.cards - sum(placed)
        return value if 0 <= value <= self.cards else None

    def led_suit(self) -> str | None:
        """WIZ-F1: the suit of the trick in progress (cards.led_suit over its faces)."""
        for _, face in self.trick:
            if face != JESTER:
                return None if face == WIZARD else face[0]
        return None

    # ---------------------------------------------------------------- legality
    def legal_actions(self) -> list[Action]:
        if self.winners is not None:
            return []
        phase = self._phase
        if phase == ROUND_OVER_PHASE:
            return []
        if phase == PLAY_PHASE:
            hand = self.hands[self.current]
            if self.options.single_colour:
                faces = distinct(hand)  # WIZ-V1: no duty to follow
            else:
                faces = playable_for(hand, self.led_suit())
            return [PLAY_ACTIONS[f] for f in faces]
        if phase == BID_PHASE:
            bids = BID_ACTIONS[:self.cards + 1]
            banned = self.forbidden_bid()
            if banned is None:
                return list(bids)
            return [a for a in bids if a.value != banned]
        if phase == TRUMP_PHASE:
            return list(TRUMP_ACTIONS)
        raise AssertionError(f"unknown phase {phase}")

    # ---------------------------------------------------------------- apply
    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = EventSink() if self.quiet else []
        kind = action.kind
        if kind == "play":
            assert action.card is not None
            self._play(action.card, ev)
        elif kind == "bid":
            assert isinstance(action.value, int)
            self._bid(action.value, ev)
        elif kind == "trump":
            assert isinstance(action.value, str)
            self._choose_trump(action.value, ev)
        else:
            raise AssertionError(f"unknown action kind {kind}")
        return ev

    def _choose_trump(self, suit: str, ev: list[Event]) -> None:
        """WIZ-TR1: the dealer names trump after a Wizard was turned up."""
        self.trump = suit
        ev.append(Event(TRUMP_SET, {"trump": suit, "card": self.trump_card,
                                    "reason": "wizard_choice", "player": self.dealer}))
        self._start_bidding(ev)

    def _bid(self, value: int, ev: list[Event]) -> None:
        p = self.current
        self.bids[p] = value
        quiet = self.quiet
        if quiet:
            pass  # no event
        elif self.bids_hidden:
            ev.append(Event(BID_PLACED, {"player": p}, {"value": value}, frozenset({p})))
        else:
            ev.append(Event(BID_PLACED, {"player": p, "value": value}))
        if None not in self.bids:
            if self.options.hidden_bids and not self.options.secret_bids:
                self._reveal_bids(ev)
            self._phase = PLAY_PHASE
            self.leader = self.bid_start  # WIZ-B1: the first lead is the first bidder's
            self.current = self.leader
            ev.append(Event(PHASE_CHANGED, {"phase": PLAY_PHASE}))
        else:
            self.current = (p + 1) % self.num_players
        if not quiet:
            ev.append(Event(TURN_STARTED, {"player": self.current}))

    def _reveal_bids(self, ev: list[Event]) -> None:
        self.bids_public = True
        ev.append(Event(BIDS_REVEALED, {"bids": list(self.bids)}))

    def _play(self, face: str, ev: list[Event]) -> None:
        p = self.current
        quiet = self.quiet
        self.hands[p].remove(face)
        trick = self.trick
        if trick and face != WIZARD and face != JESTER and not self.options.single_colour:
            suit = self.led_suit()
            if suit is not None and face[0] != suit:
                self.voids[p].add(suit)  # failed to follow: public knowledge
        trick.append((p, face))
        if not quiet:
            ev.append(moved(face, HAND_ZONES[p], "trick", True))
        if len(trick) < self.num_players:
            self.current = (p + 1) % self.num_players
            if not quiet:
                ev.append(Event(TURN_STARTED, {"player": self.current}))
            return
        w = trick_winner([c for _, c in trick], self.trump, self.options.single_colour)
        winner = trick[w][0]
        self.tricks[winner] += 1
        done = tuple(trick)
        self.round_tricks.append(done)
        self.trick = []
        if not quiet:
            ev.append(Event(TRICK_WON, {"winner": winner, "cards": [[q, c] for q, c in done],
                                        "trick_no": len(self.round_tricks),
                                        "dst": WON_ZONES[winner]}))
        if self.hands[winner]:
            self.leader = winner  # WIZ-W1: the winner leads
            self.current = winner
            if not quiet:
                ev.append(Event(TURN_STARTED, {"player": winner}))
        else:
            self._end_round(ev)

    # ---------------------------------------------------------------- rounds
    def _end_round(self, ev: list[Event]) -> None:
        """WIZ-X1: score the round, then deal the next or end the game."""
        if not self.bids_public:
            self._reveal_bids(ev)
        bids = [b if b is not None else 0 for b in self.bids]
        deltas = [round_score(b, t) for b, t in zip(bids, self.tricks, strict=True)]
        for p, d in enumerate(deltas):
            self.totals[p] += d
            ev.append(Event(SCORE_CHANGED, {"player": p, "delta": d, "total": self.totals[p]}))
        result = RoundResult(self.round_no, self.dealer, self.cards, self.trump, tuple(bids),
                             tuple(self.tricks), tuple(deltas), tuple(self.totals))
        self.history.append(result)
        ev.append(Event(ROUND_SCORED, {
            "round": self.round_no, "dealer": self.dealer, "cards": self.cards,
            "trump": self.trump, "bids": list(bids), "tricks": list(self.tricks),
            "deltas": deltas, "totals": list(self.totals)}))
        ev.append(Event(ROUND_ENDED, {"round": self.round_no}))
        if self.round_no >= self.num_rounds:
            best = max(self.totals)
            self.winners = [p for p, t in enumerate(self.totals) if t == best]
            self._phase = GAME_OVER_PHASE
            ev.append(Event(GAME_OVER, {"winners": list(self.winners),
                                        "scores": self.scores()}))
        elif self.search_mode:
            self._phase = ROUND_OVER_PHASE
        else:
            self._start_round(ev)

    def _start_round(self, ev: list[Event]) -> None:
        """WIZ-R1: collect, shuffle, announce the round, deal r cards each from the dealer's
        left, turn up trump."""
        n = self.num_players
        self.round_no += 1
        self.dealer = (self.first_dealer + self.round_no - 1) % n
        sc = self.options.single_colour
        self.cards = cards_in_round(self.round_no, sc)
        for h in self.hands:
            h.clear()
        self.trick = []
        self.round_tricks = []
        self.tricks = [0] * n
        self.bids = [None] * n
        self.bids_public = not self.bids_hidden
        self.voids = [set() for _ in range(n)]
        self.trump = None
        self.trump_card = None
        # the cards are collected and shuffled before the round is announced and dealt
        # (events in table order; the RNG calls are the same as ever)
        if sc:
            suits = self.options.seat_suits(n)
            for q in range(n):
                self.decks[q] = single_colour_deck(suits[q])
                self.rng.shuffle(self.decks[q])
                ev.append(Event(CARDS_COLLECTED, {"zone": DECK_ZONES[q], "round": self.round_no,
                                                  "count": len(self.decks[q])}))
                ev.append(Event(SHUFFLED, {"zone": DECK_ZONES[q],
                                           "count": len(self.decks[q])}))
        else:
            self.deck = list(FULL_DECK)
            self.rng.shuffle(self.deck)
            ev.append(Event(CARDS_COLLECTED, {"zone": "deck", "round": self.round_no,
                                              "count": len(self.deck)}))
            ev.append(Event(SHUFFLED, {"zone": "deck", "count": len(self.deck)}))
        ev.append(Event(ROUND_STARTED, {"round": self.round_no, "dealer": self.dealer,
                                        "cards": self.cards}))
        self._deal(ev)
        # WIZ-TR1 trump
        if sc:
            ev.append(Event(TRUMP_SET, {"trump": None, "card": None,
                                        "reason": "single_colour"}))
        elif not self.deck:
            ev.append(Event(TRUMP_SET, {"trump": None, "card": None, "reason": "last_round"}))
        else:
            card = self.deck.pop()
            self.trump_card = card
            ev.append(moved(card, "deck", "trump", True))
            if card == WIZARD:
                self._phase = TRUMP_PHASE
                self.current = self.dealer
                ev.append(Event(PHASE_CHANGED, {"phase": TRUMP_PHASE}))
                ev.append(announce("log.wizard.dealer_chooses_trump", player=self.dealer))
                ev.append(Event(TURN_STARTED, {"player": self.dealer}))
                return
            if card == JESTER:
                ev.append(Event(TRUMP_SET, {"trump": None, "card": card, "reason": "jester"}))
            else:
                self.trump = card[0]
                ev.append(Event(TRUMP_SET, {"trump": self.trump, "card": card,
                                            "reason": "card"}))
        self._start_bidding(ev)

    def _deal(self, ev: list[Event]) -> None:
        """WIZ-R1: one card at a time from the dealer's left, face down to its holder
        (WIZ-V1 forehead round: seen by everyone but the holder)."""
        n = self.num_players
        hands = self.hands
        seats = [(self.dealer + i) % n for i in range(1, n + 1)]
        decks = self.decks if self.options.single_colour else [self.deck] * n
        srcs = DECK_ZONES if self.options.single_colour else ("deck",) * n
        if self.forehead_round:
            everyone = frozenset(range(n))
            for _ in range(self.cards):
                for q in seats:
                    card = decks[q].pop()
                    hands[q].append(card)
                    ev.append(Event(CARD_MOVED, {"src": srcs[q], "dst": HAND_ZONES[q],
                                                 "face_up": False, "forehead": True},
                                    {"card": card}, everyone - {q}))
            return
        quiet = self.quiet
        for _ in range(self.cards):
            for q in seats:
                card = decks[q].pop()
                hands[q].append(card)
                if not quiet:
                    ev.append(moved(card, srcs[q], HAND_ZONES[q], False, ONLY_SEAT[q]))

    def _start_bidding(self, ev: list[Event]) -> None:
        """WIZ-B1: the dealer (or the player on the dealer's left) bids first."""
        n = self.num_players
        left = self.options.bid_order == "left_of_dealer"
        self.bid_start = (self.dealer + 1) % n if left else self.dealer
        self._phase = BID_PHASE
        self.current = self.bid_start
        self.leader = self.bid_start
        if not self.quiet:
            ev.append(Event(PHASE_CHANGED, {"phase": BID_PHASE}))
            ev.append(Event(TURN_STARTED, {"player": self.current}))

    # ---------------------------------------------------------------- view
    def view(self, viewer: int | None) -> WizardView:
        n = self.num_players
        seat = viewer if viewer is not None and 0 <= viewer < n else None
        omni = viewer == OMNISCIENT
        forehead = self.forehead_round
        hand: tuple[str, ...] | None = None
        if seat is not None:
            hand = (BACK,) * len(self.hands[seat]) if forehead else tuple(
                sort_faces(self.hands[seat]))
        seen: tuple[tuple[str, ...] | None, ...]
        if forehead and seat is not None:
            seen = tuple(None if q == seat else tuple(sort_faces(self.hands[q]))
                         for q in range(n))
        else:
            seen = (None,) * n
        if self.bids_public or omni:
            bids = tuple(self.bids)
        else:
            bids = tuple(b if q == seat else None for q, b in enumerate(self.bids))
        deck_counts = tuple(map(len, self.decks)) if self.options.single_colour \
            else (len(self.deck),)
        return WizardView(
            viewer=viewer,
            num_players=n,
            options=options_dict(self.options),
            phase=self._phase,
            current=self.current_player(),
            round_no=self.round_no,
            num_rounds=self.num_rounds,
            dealer=self.dealer,
            cards=self.cards,
            trump=self.trump,
            trump_card=self.trump_card,
            hand=hand,
            hand_counts=tuple(map(len, self.hands)),
            seen_hands=seen,
            deck_counts=deck_counts,
            bid_start=self.bid_start,
            bids=bids,
            bid_made=tuple([b is not None for b in self.bids]),
            bids_public=self.bids_public,
            tricks=tuple(self.tricks),
            trick=tuple(self.trick),
            leader=self.leader,
            round_tricks=tuple(self.round_tricks),
            voids=tuple(map(frozenset, self.voids)),
            totals=tuple(self.totals),
            history=tuple(self.history),
            first_dealer=self.first_dealer,
            winners=tuple(self.winners) if self.winners is not None else None,
            all_hands=tuple(tuple(sort_faces(h)) for h in self.hands) if omni else None,
        )


# -------------------------------------------------------------------- determinization
def _assign_hidden(pool: list[str], needs: list[tuple[int, int, frozenset[str]]],
                   rng: GameRng) -> dict[int, list[str]] | None:
    """Deal `pool` to holders (holder, count, void suits) at random, respecting voids.

    Most constrained holders first, each taking a random sample of the cards it may hold.
    Returns None when this greedy pass gets stuck (the caller retries or falls back).
    """
    rng.shuffle(pool)
    left = pool
    out: dict[int, list[str]] = {}
    for holder, k, void in sorted(needs, key=lambda t: -len(t[2])):
        if not void:
            out[holder], left = left[:k], left[k:]
            continue
        ok = [c for c in left if c in (WIZARD, JESTER) or c[0] not in void]
        if len(ok) < k:
            return None
        take = ok[:k]
        out[holder] = take
        rest = Counter(take)
        kept: list[str] = []
        for c in left:
            if rest[c]:
                rest[c] -= 1
            else:
                kept.append(c)
        left = kept
    out[-1] = left
    return out


def _assign_by_matching(pool: list[str], needs: list[tuple[int, int, frozenset[str]]],
                        rng: GameRng) -> dict[int, list[str]]:
    """Exact fallback: a bipartite matching of hand slots to cards (Kuhn), random order."""
    slots: list[tuple[int, frozenset[str]]] = [
        (holder, void) for holder, k, void in needs for _ in range(k)]
    rng.shuffle(pool)
    match_card: list[int | None] = [None] * len(pool)  # card index -> slot index

    def fits(ci: int, si: int) -> bool:
        c = pool[ci]
        return c in (WIZARD, JESTER) or c[0] not in slots[si][1]

    def augment(si: int, seen: set[int]) -> bool:
        for ci in range(len(pool)):
            if ci in seen or not fits(ci, si):
                continue
            seen.add(ci)
            other = match_card[ci]
            if other is None or augment(other, seen):
                match_card[ci] = si
                return True
        return False

    for si in range(len(slots)):
        if not augment(si, set()):
            raise ValueError("no deal of the unseen cards fits the view's void suits")
    out: dict[int, list[str]] = {holder: [] for holder, _, _ in needs}
    out[-1] = []
    for ci, si in enumerate(match_card):
        if si is None:
            out[-1].append(pool[ci])
        else:
            out[slots[si][0]].append(pool[ci])
    return out


def _guess_bid(hand: list[str], trump: str | None, n: int, cards: int, sc: bool) -> int:
    return max(0, min(cards, round(quick_estimate(hand, trump, n, sc))))


Dealt = tuple[list[list[str]], list[str], list[list[str]] | None]


class UnseenDealer:
    """`determinize` split in two: what one view leaves unseen, worked out once (`__init__`),
    and as many random deals of it as wanted (`deal`: each hidden seat's hand, the undealt
    stock, in single colour each seat's own undealt deck), each made a full state on demand
    (`state`). A search that weighs thousands of deals and plays in a few hundred builds
    states only for those."""

    def __init__(self, view: WizardView) -> None:
        self.view = view
        # a game in progress: its options are recorded ones (WIZ-V2's pair may be there)
        self.opts = SPEC.parse_options(view.options, recorded=True)
        n = self.n = view.num_players
        self.sc = sc = self.opts.single_colour
        me = view.viewer if view.viewer is not None and 0 <= view.viewer < n else None
        self.played_by: list[list[str]] = [[] for _ in range(n)]
        for trick in (*view.round_tricks, view.trick):
            for q, c in trick:
                self.played_by[q].append(c)
        hands: list[list[str] | None] = [None] * n
        if view.all_hands is not None:
            hands = [list(h) for h in view.all_hands]
        else:
            if me is not None and view.hand is not None and BACK not in view.hand:
                hands[me] = list(view.hand)
            for q, seen in enumerate(view.seen_hands):
                if seen is not None:
                    hands[q] = list(seen)
        self.known = hands
        # the seats whose hand is dealt at random (the others' are known)
        self.hidden = [q for q in range(n) if hands[q] is None]
        if sc:
            self.own_pools: list[list[str]] = []
            suits = self.opts.seat_suits(n)
            for q in range(n):
                own = Counter(single_colour_deck(suits[q]))
                own.subtract(self.played_by[q])
                if hands[q] is not None:
                    own.subtract(hands[q])
                self.own_pools.append([f for f, k in own.items() for _ in range(k)])
        else:
            unseen = Counter(COPIES)
            for q in range(n):
                unseen.subtract(self.played_by[q])
                if hands[q] is not None:
                    unseen.subtract(hands[q])
            if view.trump_card is not None:
                unseen[view.trump_card] -= 1
            self.pool = [f for f, k in unseen.items() for _ in range(k)]
            self.needs = [(q, view.hand_counts[q], view.voids[q]) for q in self.hidden]

    def deal(self, rng: GameRng) -> Dealt:
        """One random deal of the unseen cards: (hands, stock, own decks or None)."""
        hands = [h if h is None else list(h) for h in self.known]
        if self.sc:
            decks: list[list[str]] = []
            for q in range(self.n):
                pool = self.own_pools[q].copy()
                rng.shuffle(pool)
                if hands[q] is None:
                    k = self.view.hand_counts[q]
                    hands[q], pool = pool[:k], pool[k:]
                decks.append(pool)
            return [h if h is not None else [] for h in hands], [], decks
        out = None
        for _ in range(20):
            out = _assign_hidden(self.pool.copy(), self.needs, rng)
            if out is not None:
                break
        if out is None:
            out = _assign_by_matching(self.pool.copy(), self.needs, rng)
        for q in self.hidden:
            hands[q] = out[q]
        return [h if h is not None else [] for h in hands], out[-1], None

    def state(self, rng: GameRng, dealt: Dealt | None = None) -> WizardState:
        """A full state of this view with `dealt` (a random deal when None)."""
        view = self.view
        n = self.n
        state = WizardState(n, self.opts, GameRng(rng.getrandbits(63)))
        hands, deck, decks = self.deal(rng) if dealt is None else dealt
        if decks is not None:
            for q in range(n):
                state.decks[q] = list(decks[q])
        state.deck = list(deck)
        state.hands = [list(h) for h in hands]
        state.num_rounds = view.num_rounds
        state.round_no = view.round_no
        state.first_dealer = view.first_dealer
        state.dealer = view.dealer
        state.cards = view.cards
        state.trump = view.trump
        state.trump_card = view.trump_card
        state._phase = view.phase
        state.current = view.current if view.current is not None else 0
        state.bid_start = view.bid_start
        bids: list[int | None] = list(view.bids)
        for q in range(n):
            if bids[q] is None and view.bid_made[q]:
                original = state.hands[q] + self.played_by[q]
                bids[q] = _guess_bid(original, view.trump, n, view.cards, self.sc)
        state.bids = bids
        state.bids_public = view.bids_public
        state.tricks = list(view.tricks)
        state.trick = list(view.trick)
        state.leader = view.leader
        state.round_tricks = list(view.round_tricks)
        state.voids = [set(v) for v in view.voids]
        state.totals = list(view.totals)
        state.history = list(view.history)
        state.winners = list(view.winners) if view.winners is not None else None
        return state



class WizardSpec(GameSpec[WizardOptions]):
    id = "wizard"
    min_players = 3
    max_players = 6  # WIZ-P1
    recommended_players = (3, 6)
    options_model = WizardOptions
    view_type = WizardView

    def new_game(self, seed: int, num_players: int,
                 options: WizardOptions | Mapping[str, Any] | None = None, *,
                 quiet: bool = False) -> tuple[WizardState, list[Event]]:
        self.check_players(num_players)
        opts = self.parse_options(options)
        if opts.single_colour and num_players > 4:
            raise ValueError("single_colour is for 3-4 players")
        if opts.colours is not None and len(opts.colours) != num_players:
            raise ValueError(f"colours: one suit per player ({num_players}), "
                             f"not {len(opts.colours)}")
        rng = GameRng(seed)
        state = WizardState(num_players, opts, rng)
        state.quiet = quiet
        state.first_dealer = rng.randrange(num_players)
        ev: list[Event] = EventSink() if quiet else []
        ev.append(announce("log.wizard.first_dealer", player=state.first_dealer))
        state._start_round(ev)
        return state, ([] if quiet else ev)

    seat_choice_option = "colours"

    def seat_choice_values(self, options: Mapping[str, Any], num_players: int
                           ) -> tuple[str, ...]:
        """WIZ-V1: in single colour (3-4 players) each player chooses a suit."""
        return SUITS if options.get("single_colour") and 3 <= num_players <= 4 else ()

    def seat_choices_open(self, chosen: Sequence[str | None], seat: int) -> tuple[str, ...]:
        return colour_choices(chosen, seat)

    def settle_seat_choices(self, chosen: Sequence[str | None]) -> tuple[str, ...]:
        return settle_colours(chosen)

    def record_notices(self, options: WizardOptions) -> tuple[str, ...]:
        """WIZ-V2: a save or record holding ±1 with hidden or secret bids plays on as it was
        recorded, and says once that the pair leaks the sum of the bids."""
        return ("wizard.notice.leaky_bids",) if options.leaks_bid_sum() else ()

    def determinize(self, view: WizardView, rng: GameRng) -> WizardState:
        """A full state that fits `view`: unseen cards dealt at random, respecting the voids
        each player has shown; bids the viewer cannot see are guessed from the sampled hands."""
        return UnseenDealer(view).state(rng)

    def metrics(self, state: GameState) -> list[dict[str, float]]:
        """Per seat: bid_accuracy (share of rounds with tricks == bid), mean_round_score."""
        assert isinstance(state, WizardState)
        rounds = state.history
        out: list[dict[str, float]] = []
        for p in range(state.num_players):
            if not rounds:
                out.append({"bid_accuracy": 0.0, "mean_round_score": 0.0, "rounds": 0.0})
                continue
            hits = sum(1 for r in rounds if r.bids[p] == r.tricks[p])
            out.append({"bid_accuracy": hits / len(rounds),
                        "mean_round_score": sum(r.deltas[p] for r in rounds) / len(rounds),
                        "rounds": float(len(rounds))})
        return out


SPEC = WizardSpec()

__all__ = ["SPEC", "Dealt", "colour_choices", "settle_colours", "RoundResult", "UnseenDealer", "WizardOptions", "WizardSpec", "WizardState",
           "WizardView"]
