"""8½ (`eight_half`): rules engine.

Rules in brief (clause ids from rules-decisions.md; the pure legality is in legality.py):
- E8H-P1 2-5 players, setup allows 6. E8H-K1 the 72-card deck (cards.py).
- E8H-S1 every card is dealt, one at a time from the dealer's left, into face-down banks (as
  evenly as possible); from each bank 3 blind cards (nobody may look, not even the owner), 3 open
  cards on them, 3 to hand. The hand is refilled to 3 after every play while the bank lasts.
- E8H-S2 the player holding the lowest yellow card (1-4, 6-8) opens with it (copies of it may go
  with it); ties: first in seat order from the dealer's left. If no hand holds a yellow card, the
  player on the dealer's left opens with any play (our reading; the seed is silent).
- E8H-B1/G1/H1/Z1/F1/N1/E1 what may be played (legality.py).
- E8H-C1 a player who cannot play takes the pile; the next player starts a new pile.
- E8H-W1 a play leaving a half value (below 9) makes its player wanted; only the next player may
  catch, by playing exactly the next whole number (option `half_catches`: a ½ too). The wanted
  player takes the pile (catching cards included); the catcher then starts a new pile.
- E8H-T1 hand empty and bank empty: the open cards one a turn, then the blind cards one a turn
  by position, revealed as played (a blind card that is the catching card catches; an illegal one
  is taken with the pile). From a player's first table card on, a pile they take goes into their
  hand; before that it is set aside and counts against them.
- E8H-X1 the first player out of cards wins the deal (2 points); among the others the fewest
  set-aside cards scores 1 (ties all score). A match is as many deals as players (option
  `deals`; option `target_points`: first to N). Option `winner_swap` (default on): at the start
  of the next deal the deal's winner may swap one open card with the player who held the most
  cards (set aside plus unplayed); on a tie for most the winner chooses among them.
- A deal that runs past MAX_DEAL_TURNS plays (possible in principle once taken piles circulate
  through hands) ends with no winner: only the fewest-set-aside point is scored.

Action space (`Action.kind`, with fields):
- play(cards=faces): from hand; several equal faces, or one or more 8s with one ½ (8½ combo).
- catch(cards=faces): from hand, the catching card(s) (exact next whole number, or ½ by option).
- play_open(card) / catch_open(card): one open card, by face.
- play_blind(value=slot): the blind card in slot 0-2 (unknown to everyone until played).
- take: take the pile (only when no play is legal; never while blind cards are to be played).
- swap(cards=(own open face, their open face), target=seat) / no_swap: the winner's swap.

Phases: swap, play, game_over.

Faces: "0".."9", "h" (½), "g" (Ghost). Values are in half units (`value2`: 7½ = 15).

Events specific to this game (besides card_moved, shuffled, turn_started, score_changed,
round_started/round_ended (a deal), game_over, announce):
- pile_value: player, value2, value (as text, e.g. "7½"), le5 (the pile after a play), cards
  (the faces just played), src ("hand", "open" or "blind")
- wanted: player, value2, value (the player who left a catchable half value)
- caught: catcher, player (caught), value2, value, cards, src (as for pile_value)
- pile_taken: player, cards, count (how many), dst (zone: "set_aside:p" or "hand:p"), reason
  ("cannot_play", "caught", "blind_illegal")
- table_cards_reached: player (their first table card)
- blind_revealed: player, slot, card, outcome ("play", "catch", "illegal")
- deal_scored: deal, winner (None after a stalemate), points (this deal per seat), totals,
  set_aside (counts), cards_left (set aside + unplayed), biggest_losers
- swap: player, target, gave, took (the open cards exchanged); no_swap: player

Announcements use the move log's key family `log.eight_half.*`; one that says what an event of
the same name says carries that key and the event's parameter names (the describer words the
happening once, cardtable.history.describers.eight_half).

Scores: match points per seat (higher is better). returns(): the highest total wins; ties share.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from cardtable.core.actions import Action
from cardtable.core.events import (
    GAME_OVER,
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
from cardtable.core.game import OMNISCIENT, GameSpec, GameState, shared_returns
from cardtable.core.rng import GameRng
from cardtable.games.eight_half import legality as lg
from cardtable.games.eight_half.cards import (
    DECK,
    FACES,
    INDEX,
    NUM_FACES,
    YELLOW_INDICES,
    counts_of,
    faces_of,
    format_value,
    full_deck,
    sort_faces,
)

HAND_SIZE = 3
TABLE_SLOTS = 3
MAX_DEAL_TURNS = 2000

SWAP = "swap"
PLAY = "play"
GAME_OVER_PHASE = "game_over"

CANNOT_PLAY = "cannot_play"
CAUGHT = "caught"
BLIND_ILLEGAL = "blind_illegal"

NO_ONE = frozenset[int]()


TAKE = Action("take")
NO_SWAP = Action("no_swap")
BLIND_ACTIONS = tuple(Action("play_blind", value=i) for i in range(TABLE_SLOTS))
_HAND_ACTIONS: dict[tuple[str, tuple[str, ...]], Action] = {}
_OPEN_ACTIONS: dict[tuple[str, str], Action] = {}


def hand_action(kind: str, cards: tuple[str, ...]) -> Action:
    """The (shared, immutable) Action for a play or catch from hand."""
    key = (kind, cards)
    a = _HAND_ACTIONS.get(key)
    if a is None:
        a = _HAND_ACTIONS[key] = Action(kind, cards=cards)
    return a


def open_action(kind: str, face: str) -> Action:
    """The Action for playing ("play") or catching ("catch") with one open card."""
    key = (kind, face)
    a = _OPEN_ACTIONS.get(key)
    if a is None:
        a = _OPEN_ACTIONS[key] = Action(kind + "_open", card=face)
    return a


class EightHalfOptions(BaseModel):
    """Options chosen at setup and stored in the match record (defaults = standard rules)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    half_catches: bool = Field(
        False, description="E8H-H1: a ½ on a half value (making the next whole number) also "
        "catches the wanted player")
    deals: int = Field(
        0, ge=0, le=30, description="E8H-X1: number of deals in the match; 0 = as many as players")
    target_points: int = Field(
        0, ge=0, le=99, description="E8H-X1: if above 0, the match ends after the deal in which "
        "someone reaches this many points (the number of deals is then ignored)")
    winner_swap: bool = Field(
        True, description="E8H-X1: the deal's winner may swap one open card with the biggest "
        "loser at the start of the next deal")


@dataclass(frozen=True, slots=True)
class EightHalfView:
    viewer: int | None
    num_players: int
    options: dict[str, Any]
    phase: str
    current: int | None
    deal_no: int
    num_deals: int                 # 0 when the match is played to target points
    dealer: int
    turns: int                     # plays and takes in this deal
    pile: tuple[str, ...]          # bottom first
    value2: int                    # pile value in half units (0 for an empty pile)
    le5: bool                      # "≤ 5" in force
    wanted: int | None             # seat that may be caught by the current player
    opening: str | None            # the face the opener must play (E8H-S2), else None
    bank_counts: tuple[int, ...]
    hand_counts: tuple[int, ...]
    hand: tuple[str, ...] | None   # the viewer's own hand
    known_hands: tuple[tuple[str, ...], ...]  # cards publicly known to be in each hand
    open_cards: tuple[tuple[str | None, ...], ...]  # per seat, 3 slots (None = played)
    blind_slots: tuple[tuple[bool, ...], ...]       # per seat, 3 slots (True = still there)
    set_aside: tuple[tuple[str, ...], ...]
    reached: tuple[bool, ...]      # has played a table card this deal
    points: tuple[int, ...]
    deal_points: tuple[tuple[int, ...], ...]  # points scored in each finished deal
    last_winner: int | None        # winner of the last finished deal
    swap_targets: tuple[int, ...]  # in the swap phase: the biggest losers
    taken_total: tuple[int, ...]   # cards taken from the pile this match
    winners: tuple[int, ...] | None
    all_hands: tuple[tuple[str, ...], ...] | None = None   # OMNISCIENT only
    all_blind: tuple[tuple[str | None, ...], ...] | None = None
    all_banks: tuple[tuple[str, ...], ...] | None = None


class EightHalfState(GameState):
    game_id = "eight_half"

    __slots__ = (
        "num_players", "options", "rng", "bank", "blind", "open", "hand", "known", "set_aside",
        "pile", "value2", "le5", "wanted", "current", "_phase", "opening", "reached", "deal_no",
        "dealer", "points", "deal_points", "last_winner", "swap_targets", "taken_total",
        "winners", "turns", "quiet",
    )

    def __init__(self, num_players: int, options: EightHalfOptions, rng: GameRng) -> None:
        n = num_players
        self.num_players = n
        self.options = options
        self.rng = rng
        self.bank: list[list[str]] = [[] for _ in range(n)]      # drawn from the end
        self.blind: list[list[str | None]] = [[None] * TABLE_SLOTS for _ in range(n)]
        self.open: list[list[str | None]] = [[None] * TABLE_SLOTS for _ in range(n)]
        self.hand: list[list[int]] = [[0] * NUM_FACES for _ in range(n)]
        self.known: list[list[int]] = [[0] * NUM_FACES for _ in range(n)]
        self.set_aside: list[list[int]] = [[0] * NUM_FACES for _ in range(n)]
        self.pile: list[str] = []
        self.value2 = 0
        self.le5 = False
        self.wanted: int | None = None
        self.current = 0
        self._phase = PLAY
        self.opening: int | None = None
        self.reached: list[bool] = [False] * n
        self.deal_no = 0
        self.dealer = 0
        self.points: list[int] = [0] * n
        self.deal_points: list[list[int]] = []
        self.last_winner: int | None = None
        self.swap_targets: list[int] = []
        self.taken_total: list[int] = [0] * n
        self.winners: list[int] | None = None
        self.turns = 0
        # a quiet state builds no events (GameState.quiet)
        self.quiet = False

    # ---------------------------------------------------------------- contract
    @property
    def phase(self) -> str:
        return self._phase

    def current_player(self) -> int | None:
        return None if self.winners is not None else self.current

    def is_terminal(self) -> bool:
        return self.winners is not None

    def scores(self) -> list[float]:
        return [float(x) for x in self.points]

    def returns(self) -> list[float]:
        return shared_returns(self.winners, self.num_players)

    def num_deals(self) -> int:
        """Deals in the match (0 when played to target points)."""
        if self.options.target_points:
            return 0
        return self.options.deals or self.num_players

    def clone(self) -> EightHalfState:
        c = EightHalfState.__new__(EightHalfState)
        c.num_players = self.num_players
        c.options = self.options
        c.rng = self.rng.clone()
        c.bank = [b.copy() for b in self.bank]
        c.blind = [b.copy() for b in self.blind]
        c.open = [o.copy() for o in self.open]
        c.hand = [h.copy() for h in self.hand]
        c.known = [k.copy() for k in self.known]
        c.set_aside = [s.copy() for s in self.set_aside]
        c.pile = self.pile.copy()
        c.value2 = self.value2
        c.le5 = self.le5
        c.wanted = self.wanted
        c.current = self.current
        c._phase = self._phase
        c.opening = self.opening
        c.reached = self.reached.copy()
        c.deal_no = self.deal_no
        c.dealer = self.dealer
        c.points = self.points.copy()
        c.deal_points = [d.copy() for d in self.deal_points]
        c.last_winner = self.last_winner
        c.swap_targets = self.swap_targets.copy()
        c.taken_total = self.taken_total.copy()
        c.winners = None if self.winners is None else self.winners.copy()
        c.turns = self.turns
        c.quiet = self.quiet
        return c

    # ---------------------------------------------------------------- helpers
    def on_table(self, p: int) -> bool:
        """Hand and bank are empty: the player plays table cards (E8H-T1)."""
        return not self.bank[p] and not any(self.hand[p])

    def cards_left(self, p: int) -> int:
        """Unplayed cards of a player: hand, bank, open and blind cards."""
        return (sum(self.hand[p]) + len(self.bank[p])
                + sum(1 for c in self.open[p] if c is not None)
                + sum(1 for c in self.blind[p] if c is not None))

    def is_out(self, p: int) -> bool:
        return (not self.bank[p] and not any(self.hand[p])
                and self.open[p].count(None) == TABLE_SLOTS
                and self.blind[p].count(None) == TABLE_SLOTS)

    def catchable(self) -> bool:
        return self.wanted is not None

    # ---------------------------------------------------------------- legality
    def legal_actions(self) -> list[Action]:
        if self.winners is not None:
            return []
        if self._phase == SWAP:
            return self._legal_swaps()
        p = self.current
        if self.opening is not None:
            face = FACES[self.opening]
            return [hand_action("play", (face,) * m)
                    for m in range(1, self.hand[p][self.opening] + 1)]
        opts = self.options
        if any(self.hand[p]):
            plays = lg.hand_plays(self.hand[p], self.value2, self.le5, self.wanted is not None,
                                  opts.half_catches)
            if plays:
                return [hand_action(kind, cards) for kind, cards in plays]
            return [TAKE]
        if self.bank[p]:  # cannot happen: the hand is refilled while the bank lasts
            raise AssertionError("empty hand with a bank left")
        opens = [c for c in self.open[p] if c is not None]
        if opens:
            plays2 = lg.table_plays(opens, self.value2, self.le5, self.wanted is not None,
                                    opts.half_catches)
            if plays2:
                return [open_action(kind, face) for kind, face in plays2]
            return [TAKE]
        return [BLIND_ACTIONS[i] for i, c in enumerate(self.blind[p]) if c is not None]

    def _legal_swaps(self) -> list[Action]:
        p = self.current
        mine = sort_faces(list({c for c in self.open[p] if c is not None}))
        out: list[Action] = []
        for q in self.swap_targets:
            theirs = sort_faces(list({c for c in self.open[q] if c is not None}))
            for a in mine:
                for b in theirs:
                    if a != b:
                        out.append(Action("swap", cards=(a, b), target=q))
        out.append(NO_SWAP)
        return out

    # ---------------------------------------------------------------- apply
    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = EventSink() if self.quiet else []
        kind = action.kind
        p = self.current
        if kind == "play" or kind == "catch":
            self._play_from_hand(p, action.cards, kind == "catch", ev)
        elif kind == "play_open" or kind == "catch_open":
            assert action.card is not None
            self._play_open(p, action.card, kind == "catch_open", ev)
        elif kind == "play_blind":
            assert isinstance(action.value, int)
            self._play_blind(p, action.value, ev)
        elif kind == "take":
            self.turns += 1
            self._take_pile(p, CANNOT_PLAY, ev)
            self._next_turn((p + 1) % self.num_players, ev)
        elif kind == "swap":
            self._swap(p, action, ev)
        elif kind == "no_swap":
            ev.append(Event("no_swap", {"player": p}))
            ev.append(announce("log.eight_half.no_swap", player=p))
            self._begin_play(ev)
        else:
            raise AssertionError(f"unknown action kind {kind}")
        return ev

    def _play_from_hand(self, p: int, cards: tuple[str, ...], is_catch: bool,
                        ev: list[Event]) -> None:
        self.turns += 1
        self.opening = None
        hand = self.hand[p]
        known = self.known[p]
        quiet = self.quiet
        src = "" if quiet else zone("hand", p)
        for face in cards:
            i = INDEX[face]
            hand[i] -= 1
            if known[i] > hand[i]:
                known[i] = hand[i]
            self.pile.append(face)
            if not quiet:
                ev.append(moved(face, src, "pile", True))
        self._refill(p, ev)
        if is_catch:
            self._catch(p, cards, "hand", ev)
            return
        if len(cards) > 1 and cards[-1] != cards[0]:
            # E8H-E1: 8 + ½ together
            self._set_value(p, lg.EIGHT_HALF2, False, ev, cards, "hand")
        else:
            v, le5 = lg.after(INDEX[cards[0]], self.value2, self.le5)
            self._set_value(p, v, le5, ev, cards, "hand")
        self._after_play(p, ev)

    def _play_open(self, p: int, face: str, is_catch: bool, ev: list[Event]) -> None:
        self.turns += 1
        slot = self.open[p].index(face)
        self.open[p][slot] = None
        self._mark_reached(p, ev)
        self.pile.append(face)
        ev.append(moved(face, zone("open", p), "pile", True))
        if is_catch:
            self._catch(p, (face,), "open", ev)
            return
        v, le5 = lg.after(INDEX[face], self.value2, self.le5)
        self._set_value(p, v, le5, ev, (face,), "open")
        self._after_play(p, ev)

    def _play_blind(self, p: int, slot: int, ev: list[Event]) -> None:
        self.turns += 1
        face = self.blind[p][slot]
        assert face is not None
        self.blind[p][slot] = None
        self._mark_reached(p, ev)
        outcome = lg.blind_outcome(face, self.value2, self.le5, self.wanted is not None,
                                   self.options.half_catches)
        ev.append(Event("blind_revealed", {"player": p, "slot": slot, "card": face,
                                           "outcome": outcome}))
        self.pile.append(face)
        ev.append(moved(face, zone("blind", p), "pile", True))
        if outcome == lg.CATCH:
            self._catch(p, (face,), "blind", ev)
            return
        if outcome == lg.PLAY:
            v, le5 = lg.after(INDEX[face], self.value2, self.le5)
            self._set_value(p, v, le5, ev, (face,), "blind")
            self._after_play(p, ev)
            return
        # E8H-T1: an illegal blind card is taken with the pile.
        ev.append(announce("log.eight_half.blind_revealed.illegal", player=p, card=face))
        self._take_pile(p, BLIND_ILLEGAL, ev)
        self._next_turn((p + 1) % self.num_players, ev)

    def _mark_reached(self, p: int, ev: list[Event]) -> None:
        if not self.reached[p]:
            self.reached[p] = True
            ev.append(Event("table_cards_reached", {"player": p}))
            ev.append(announce("log.eight_half.table_cards_reached", player=p))

    def _set_value(self, p: int, value2: int, le5: bool, ev: list[Event],
                   cards: tuple[str, ...] = (), src: str = "hand") -> None:
        """The pile's new value after `p` played `cards` (public once played: a blind card
        has just been turned) from `src` ("hand", "open" or "blind")."""
        self.value2 = value2
        self.le5 = le5
        quiet = self.quiet
        if not quiet:
            ev.append(Event("pile_value", {"player": p, "value2": value2, "le5": le5,
                                           "value": format_value(value2),
                                           "cards": list(cards), "src": src}))
        if value2 % 2 == 1 and value2 < lg.NINE2:  # lg.wanted_after
            self.wanted = p
            if not quiet:
                ev.append(Event("wanted", {"player": p, "value2": value2,
                                           "value": format_value(value2)}))
        else:
            self.wanted = None

    def _after_play(self, p: int, ev: list[Event]) -> None:
        if self.is_out(p):
            self._end_deal(p, ev)
        else:
            self._next_turn((p + 1) % self.num_players, ev)

    def _catch(self, p: int, cards: tuple[str, ...], src: str, ev: list[Event]) -> None:
        """E8H-W1: the wanted player takes the pile; the catcher starts a new pile.
        `src` is where the catching card(s) came from: "hand", "open" or "blind"."""
        q = self.wanted
        assert q is not None
        ev.append(Event("caught", {"catcher": p, "player": q, "value2": self.value2,
                                   "value": format_value(self.value2), "cards": list(cards),
                                   "src": src}))
        ev.append(announce("log.eight_half.caught", catcher=p, player=q, cards=list(cards),
                           src=src))
        self._take_pile(q, CAUGHT, ev)
        if self.is_out(p):
            self._end_deal(p, ev)
        else:
            self._next_turn(p, ev)

    def _take_pile(self, p: int, reason: str, ev: list[Event]) -> None:
        """E8H-C1 / E8H-T1: the pile goes to the player's hand (after their first table card)
        or is set aside; the next pile starts empty."""
        cards = self.pile
        self.pile = []
        into_hand = self.reached[p]
        dst_counts = self.hand[p] if into_hand else self.set_aside[p]
        for face in cards:
            i = INDEX[face]
            dst_counts[i] += 1
            if into_hand:
                self.known[p][i] += 1
        self.taken_total[p] += len(cards)
        if not self.quiet:
            dst = zone("hand" if into_hand else "set_aside", p)
            ev.append(Event("pile_taken", {"player": p, "cards": list(cards), "dst": dst,
                                           "reason": reason, "count": len(cards)}))
            if reason == CANNOT_PLAY:
                ev.append(announce("log.eight_half.pile_taken.cannot_play", player=p,
                                     count=len(cards)))
        self.value2 = 0
        self.le5 = False
        self.wanted = None

    def _refill(self, p: int, ev: list[Event]) -> None:
        """E8H-S1: refill the hand to 3 while the bank lasts."""
        hand = self.hand[p]
        bank = self.bank[p]
        need = HAND_SIZE - sum(hand)
        if need <= 0 or not bank:
            return
        quiet = self.quiet
        src = zone("bank", p)
        dst = zone("hand", p)
        audience = frozenset({p})
        while need > 0 and bank:
            face = bank.pop()
            hand[INDEX[face]] += 1
            if not quiet:
                ev.append(moved(face, src, dst, False, audience))
            need -= 1

    def _next_turn(self, p: int, ev: list[Event]) -> None:
        if self.turns >= MAX_DEAL_TURNS:
            ev.append(announce("log.eight_half.stalemate"))
            self._end_deal(None, ev)
            return
        self.current = p
        if not self.quiet:
            ev.append(Event(TURN_STARTED, {"player": p, "new_pile": not self.pile}))

    # ---------------------------------------------------------------- deals
    def _end_deal(self, winner: int | None, ev: list[Event]) -> None:
        """E8H-X1: score the deal; then the next deal or the end of the match."""
        n = self.num_players
        self.wanted = None  # the deal is over: nobody can be caught any more
        gained = [0] * n
        if winner is not None:
            gained[winner] = 2
            ev.append(announce("log.eight_half.out", player=winner))
        others = [q for q in range(n) if q != winner]
        aside = [sum(self.set_aside[q]) for q in range(n)]
        fewest = min(aside[q] for q in others)
        for q in others:
            if aside[q] == fewest:
                gained[q] += 1
        left = [aside[q] + self.cards_left(q) for q in range(n)]
        most = max(left[q] for q in others)
        losers = [q for q in others if left[q] == most]
        for q in range(n):
            if gained[q]:
                self.points[q] += gained[q]
                ev.append(Event(SCORE_CHANGED, {"player": q, "delta": gained[q],
                                                "total": self.points[q]}))
        self.deal_points.append(gained)
        self.last_winner = winner
        ev.append(Event("deal_scored", {
            "deal": self.deal_no, "winner": winner, "points": gained,
            "totals": list(self.points), "set_aside": aside, "cards_left": left,
            "biggest_losers": losers}))
        ev.append(Event(ROUND_ENDED, {"round": self.deal_no, "winner": winner}))
        if self._match_over():
            best = max(self.points)
            self.winners = [q for q in range(n) if self.points[q] == best]
            self._phase = GAME_OVER_PHASE
            ev.append(Event(GAME_OVER, {"winners": self.winners, "scores": self.scores()}))
            return
        self.dealer = (self.dealer + 1) % n
        self._start_deal(ev)
        if winner is not None and self.options.winner_swap and self._swap_possible(
                winner, losers):
            self.swap_targets = losers
            self.current = winner
            self._phase = SWAP
            ev.append(Event("phase_changed", {"phase": SWAP, "player": winner,
                                              "targets": losers}))
            return
        self._begin_play(ev)

    def _swap_possible(self, winner: int, losers: list[int]) -> bool:
        mine = {c for c in self.open[winner] if c is not None}
        return any(mine - {c} for q in losers for c in self.open[q] if c is not None)

    def _match_over(self) -> bool:
        target = self.options.target_points
        if target:
            return max(self.points) >= target
        return self.deal_no >= self.num_deals()

    def _swap(self, p: int, action: Action, ev: list[Event]) -> None:
        gave, took = action.cards
        q = action.target
        assert q is not None
        i = self.open[p].index(gave)
        j = self.open[q].index(took)
        self.open[p][i] = took
        self.open[q][j] = gave
        ev.append(moved(gave, zone("open", p), zone("open", q), True))
        ev.append(moved(took, zone("open", q), zone("open", p), True))
        ev.append(Event("swap", {"player": p, "target": q, "gave": gave, "took": took}))
        ev.append(announce("log.eight_half.swap", player=p, target=q, gave=gave, took=took))
        self._begin_play(ev)

    def _start_deal(self, ev: list[Event]) -> None:
        """E8H-S1: collect and shuffle every card, deal the banks, lay out the table cards."""
        n = self.num_players
        self.deal_no += 1
        self.turns = 0
        self.pile = []
        self.value2 = 0
        self.le5 = False
        self.wanted = None
        self.opening = None
        self.reached = [False] * n
        self.swap_targets = []
        self.bank = [[] for _ in range(n)]
        self.blind = [[None] * TABLE_SLOTS for _ in range(n)]
        self.open = [[None] * TABLE_SLOTS for _ in range(n)]
        self.hand = [[0] * NUM_FACES for _ in range(n)]
        self.known = [[0] * NUM_FACES for _ in range(n)]
        self.set_aside = [[0] * NUM_FACES for _ in range(n)]
        deck = full_deck()
        self.rng.shuffle(deck)
        ev.append(Event(ROUND_STARTED, {"round": self.deal_no, "dealer": self.dealer}))
        ev.append(Event(SHUFFLED, {"zone": "deck", "count": len(deck)}))
        seat = (self.dealer + 1) % n
        quiet = self.quiet
        while deck:  # one at a time from the dealer's left: as evenly as possible
            face = deck.pop()
            self.bank[seat].append(face)
            if not quiet:
                ev.append(moved(face, "deck", zone("bank", seat), False, NO_ONE))
            seat = (seat + 1) % n
        for q in range(n):
            bank = self.bank[q]
            for s in range(TABLE_SLOTS):
                face = bank.pop()
                self.blind[q][s] = face
                if not quiet:
                    ev.append(moved(face, zone("bank", q), zone("blind", q), False, NO_ONE))
            for s in range(TABLE_SLOTS):
                face = bank.pop()
                self.open[q][s] = face
                if not quiet:
                    ev.append(moved(face, zone("bank", q), zone("open", q), True))
            self._refill(q, ev)

    def _begin_play(self, ev: list[Event]) -> None:
        """E8H-S2: the lowest yellow card in any hand opens; ties from the dealer's left."""
        n = self.num_players
        self._phase = PLAY
        self.swap_targets = []
        order = [(self.dealer + 1 + k) % n for k in range(n)]
        for i in YELLOW_INDICES:
            for q in order:
                if self.hand[q][i]:
                    self.opening = i
                    self.current = q
                    ev.append(announce("log.eight_half.opener", player=q, card=FACES[i]))
                    ev.append(Event(TURN_STARTED, {"player": q, "new_pile": True}))
                    return
        self.opening = None
        self.current = order[0]
        ev.append(announce("log.eight_half.no_yellow", player=order[0]))
        ev.append(Event(TURN_STARTED, {"player": order[0], "new_pile": True}))

    # ---------------------------------------------------------------- view
    def view(self, viewer: int | None) -> EightHalfView:
        n = self.num_players
        seat = viewer if viewer is not None and 0 <= viewer < n else None
        omni = viewer == OMNISCIENT
        return EightHalfView(
            viewer=viewer,
            num_players=n,
            options=self.options.model_dump(),
            phase=self._phase,
            current=self.current_player(),
            deal_no=self.deal_no,
            num_deals=self.num_deals(),
            dealer=self.dealer,
            turns=self.turns,
            pile=tuple(self.pile),
            value2=self.value2,
            le5=self.le5,
            wanted=self.wanted,
            opening=FACES[self.opening] if self.opening is not None else None,
            bank_counts=tuple(len(b) for b in self.bank),
            hand_counts=tuple(sum(h) for h in self.hand),
            hand=tuple(faces_of(self.hand[seat])) if seat is not None else None,
            known_hands=tuple(tuple(faces_of(k)) for k in self.known),
            open_cards=tuple(tuple(o) for o in self.open),
            blind_slots=tuple(tuple(c is not None for c in b) for b in self.blind),
            set_aside=tuple(tuple(faces_of(s)) for s in self.set_aside),
            reached=tuple(self.reached),
            points=tuple(self.points),
            deal_points=tuple(tuple(d) for d in self.deal_points),
            last_winner=self.last_winner,
            swap_targets=tuple(self.swap_targets),
            taken_total=tuple(self.taken_total),
            winners=tuple(self.winners) if self.winners is not None else None,
            all_hands=tuple(tuple(faces_of(h)) for h in self.hand) if omni else None,
            all_blind=tuple(tuple(b) for b in self.blind) if omni else None,
            all_banks=tuple(tuple(b) for b in self.bank) if omni else None,
        )


class EightHalfSpec(GameSpec[EightHalfOptions]):
    id = "eight_half"
    min_players = 2
    max_players = 6  # E8H-P1: 2-5, setup allows 6
    recommended_players = (2, 5)
    options_model = EightHalfOptions
    view_type = EightHalfView

    def new_game(self, seed: int, num_players: int,
                 options: EightHalfOptions | Mapping[str, Any] | None = None, *,
                 quiet: bool = False) -> tuple[EightHalfState, list[Event]]:
        self.check_players(num_players)
        opts = self.parse_options(options)
        rng = GameRng(seed)
        state = EightHalfState(num_players, opts, rng)
        state.quiet = quiet
        state.dealer = rng.randrange(num_players)
        ev: list[Event] = EventSink() if quiet else []
        state._start_deal(ev)
        state._begin_play(ev)
        return state, ([] if quiet else ev)

    def determinize(self, view: EightHalfView, rng: GameRng) -> EightHalfState:
        """A full state that fits `view`: hands of others (beyond their publicly known cards),
        every blind card and every bank sampled from the unseen cards. Blind cards are unseen
        by everyone, their owner included."""
        opts = EightHalfOptions.model_validate(view.options)
        n = view.num_players
        state = EightHalfState(n, opts, GameRng(rng.getrandbits(63)))
        me = view.viewer if view.viewer is not None and 0 <= view.viewer < n else None
        unseen = Counter(DECK)
        unseen.subtract(view.pile)
        for q in range(n):
            unseen.subtract(c for c in view.open_cards[q] if c is not None)
            unseen.subtract(view.set_aside[q])
            if q == me:
                assert view.hand is not None
                unseen.subtract(view.hand)
            else:
                unseen.subtract(view.known_hands[q])
        assert all(k >= 0 for k in unseen.values()), "view inconsistent with the deck"
        pool = [f for f in FACES for _ in range(unseen[f])]
        rng.shuffle(pool)
        for q in range(n):
            if q == me:
                assert view.hand is not None
                state.hand[q] = counts_of(view.hand)
            else:
                extra = view.hand_counts[q] - len(view.known_hands[q])
                hand = counts_of(view.known_hands[q])
                for face in pool[len(pool) - extra:]:
                    hand[INDEX[face]] += 1
                del pool[len(pool) - extra:]
                state.hand[q] = hand
            for s, present in enumerate(view.blind_slots[q]):
                if present:
                    state.blind[q][s] = pool.pop()
            k = view.bank_counts[q]
            state.bank[q] = pool[len(pool) - k:]
            del pool[len(pool) - k:]
            state.open[q] = list(view.open_cards[q])
            state.set_aside[q] = counts_of(view.set_aside[q])
            state.known[q] = counts_of(view.known_hands[q])
        assert not pool, "card counts in the view do not add up"
        state.pile = list(view.pile)
        state.value2 = view.value2
        state.le5 = view.le5
        state.wanted = view.wanted
        state.current = view.current if view.current is not None else 0
        state._phase = view.phase
        state.opening = INDEX[view.opening] if view.opening is not None else None
        state.reached = list(view.reached)
        state.deal_no = view.deal_no
        state.dealer = view.dealer
        state.points = list(view.points)
        state.deal_points = [list(d) for d in view.deal_points]
        state.last_winner = view.last_winner
        state.swap_targets = list(view.swap_targets)
        state.taken_total = list(view.taken_total)
        state.winners = list(view.winners) if view.winners is not None else None
        state.turns = view.turns
        return state

    def metrics(self, state: GameState) -> list[dict[str, float]]:
        """Per seat: cards taken from the pile per deal (averaged over the deals played), and
        the deals played (the statistics pool the first over the second)."""
        assert isinstance(state, EightHalfState)
        deals = max(1, len(state.deal_points))
        return [{"mean_cards_taken": state.taken_total[p] / deals,
                 "deals": float(len(state.deal_points))}
                for p in range(state.num_players)]


SPEC = EightHalfSpec()

__all__ = ["GAME_OVER_PHASE", "PLAY", "SPEC", "SWAP", "EightHalfOptions", "EightHalfSpec",
           "EightHalfState", "EightHalfView"]
