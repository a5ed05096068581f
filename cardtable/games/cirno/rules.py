"""Cirno's arithmetic game (`cirno`): rules engine.

Rules in brief (clause ids from rules-decisions.md):
- CIRNO-P1 2-8 players. CIRNO-K1 decks in cards.py. CIRNO-S1 random first player, 3 cards each,
  total 0. CIRNO-T1 play 1 card, resolve, refill to 3 (no draw when holding more); an empty deck
  is rebuilt from every played card but the top number card. CIRNO-N1 arithmetic.
  CIRNO-L1 a number card taking the total above the limit ends the round; that player takes a
  companion card. CIRNO-F1 PASS/TURN/SHOT. CIRNO-D1..D4 DOUBLE duties. CIRNO-R1 the failing
  player starts the next round. CIRNO-G1/G2 basic game and sudden death. CIRNO-A1..A3 advanced
  game with companion cards used as a PASS with an effect.

Action space (`Action.kind`, with fields):
- play(card[, target]): play an arithmetic card from hand; SHOT carries the target player.
- companion(card[, target | value]): use a held companion card (advanced game, once a round);
  scoop/change carry the target, l_or_r carries value "left" (seat+1) or "right" (seat-1).
- take(card) / give(card): the two halves of Scoop's swap (scooper only; the card given back
  is one of the scooper's own, not the card just taken).
- keep(card) / discard(card): Pick Out: keep one of the 3 drawn, then discard one from hand.
- pass(card): L or R: each player in turn order picks the card to pass; all move together.

Phases: play, scoop_take, scoop_give, pick_out_keep, pick_out_discard, l_or_r_pass, game_over.

A view (`CirnoView`) shows: public zones in full (total, limit, direction, duty, pile, discard,
used companions, counts of every hand, held companions and decks); the round's public record of
plays (`round_plays`: who played which face-up card at which total, as the table log shows it,
and which companions were used); the viewer's own hand and
own companion cards; a Scoop target's hand and Pick Out's drawn cards only to the player using
them; every hand only to the OMNISCIENT viewer (demo "show all").

Events specific to this game (besides the shared ones in core/events.py):
- total_changed: old, new, card (or reason "double_first" for the CIRNO-D4 option)
- direction_changed: direction; limit_changed: limit; duty_changed: player, duty
- companion_used: player, card; cards_collected (all arithmetic cards back to the deck)
- player_out: player (sudden death); bust: player, total, limit

Scores: companion cards taken per seat (lower is better). returns(): winners share 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from cardtable.core.actions import Action
from cardtable.core.events import (
    CARD_MOVED,
    GAME_OVER,
    REVEALED,
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
from cardtable.games.cirno.cards import (
    ARITHMETIC,
    COMPANIONS,
    FUNCTION_CARDS,
    NUMBER_CARDS,
    ORDER,
    apply_number,
    full_deck,
    sort_faces,
)

HAND_SIZE = 3
TWENTY_LIMIT = 20

PLAY = "play"
SCOOP_TAKE = "scoop_take"
SCOOP_GIVE = "scoop_give"
PICK_KEEP = "pick_out_keep"
PICK_DISCARD = "pick_out_discard"
LOR_PASS = "l_or_r_pass"
GAME_OVER_PHASE = "game_over"

TARGETED_COMPANIONS = frozenset({"scoop", "change"})

MAX_PLAYERS = 8  # CIRNO-P1: setup allows up to 8

# Shared immutable pieces, built once: actions are frozen and compare by value, so one instance
# per face (and target) gives the same legal lists as building them on every call; zone names
# and single-player audiences likewise.
_SEATS = range(MAX_PLAYERS)
_HAND_ZONE = tuple(zone("hand", p) for p in _SEATS)
_ALONE = tuple(frozenset({p}) for p in _SEATS)
_PLAY = {face: Action("play", face) for face in ARITHMETIC}
_SHOT_AT = tuple(Action("play", "SHOT", target=q) for q in _SEATS)
_COMPANION = {face: Action("companion", face) for face in COMPANIONS}
_COMPANION_AT = {face: tuple(Action("companion", face, target=q) for q in _SEATS)
                 for face in TARGETED_COMPANIONS}
_L_OR_R = (Action("companion", "l_or_r", value="left"),
           Action("companion", "l_or_r", value="right"))
_CHOICE = {kind: {face: Action(kind, face) for face in ARITHMETIC}
           for kind in ("take", "give", "keep", "discard", "pass")}
# hand (in hand order) -> its play actions, for hands without SHOT (SHOT's targets depend on
# who is still in); bounded, since a long game could meet many long hands
_PLAYS_OF_HAND: dict[tuple[str, ...], tuple[Action, ...]] = {}
_PLAYS_CACHE_LIMIT = 20_000


class CirnoOptions(BaseModel):
    """Options chosen at setup and stored in the match record."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    limit: int = Field(12, ge=5, le=99, description="the total may not go above this")
    double_reading: Literal["latest", "first"] = Field(
        "first", description="CIRNO-D4 (revised): after a 2-card turn, continue from the first "
        "card's total (the seed's example) or, as an option, from the second card's total")
    advanced: bool = Field(False, description="CIRNO-A1: advanced game with companion powers")


RoundPlay = tuple[int, str, int, int, int, int]


def standings(taken: Sequence[int], used: Sequence[Sequence[str]], advanced: bool,
              sudden_death: bool, active: Sequence[bool], dropped: Sequence[int]
              ) -> list[list[int]]:
    """The seats in order of standing, best first, in groups of equals: fewest companion
    cards taken (then fewest used in the advanced game; CIRNO-G1/A1); once a sudden death
    has begun, its players ahead of everyone else, those still in it first, then its
    drop-outs, the last one out first (CIRNO-G2). At the end the winner heads the list.
    Everything it reads is public: the state and every view give the same standings."""
    n = len(taken)

    def rank_key(p: int) -> tuple[int, int]:
        return (taken[p], len(used[p]) if advanced else 0)  # CIRNO-A1

    groups: list[list[int]] = []
    if sudden_death:
        groups.append([p for p in range(n) if active[p]])
        groups.extend([p] for p in reversed(dropped))
    placed = {p for g in groups for p in g}
    rest = sorted((p for p in range(n) if p not in placed), key=rank_key)
    groups.extend(list(equals) for _, equals in groupby(rest, key=rank_key))
    return groups


@dataclass(frozen=True, slots=True)
class CirnoView:
    viewer: int | None
    num_players: int
    options: dict[str, Any]
    phase: str
    current: int | None
    round_no: int
    sudden_death: bool
    active: tuple[bool, ...]
    total: int
    limit: int
    direction: int
    duty: int
    played_in_turn: int
    first_total: int | None
    deck_count: int
    pile: tuple[str, ...]
    discard: tuple[str, ...]
    hand: tuple[str, ...] | None
    hand_counts: tuple[int, ...]
    companions: tuple[str, ...] | None
    companion_counts: tuple[int, ...]
    companions_used: tuple[tuple[str, ...], ...]
    taken: tuple[int, ...]
    companion_deck_count: int
    companion_deck_at_round_start: int
    used_this_round: tuple[bool, ...]
    # pending choice, as far as the viewer may see it
    pending_user: int | None
    pending_target: int | None
    target_hand: tuple[str, ...] | None
    drawn: tuple[str, ...] | None
    drawn_count: int
    lor_direction: int | None
    lor_order: tuple[int, ...]
    lor_chosen: tuple[bool, ...]
    own_passing: str | None
    winners: tuple[int, ...] | None
    all_hands: tuple[tuple[str, ...], ...] | None = None
    all_companions: tuple[tuple[str, ...], ...] | None = field(default=None)
    # the card a Scoop took, shown to the scooper and the player it was taken from
    scoop_taken: str | None = None
    # this round's plays in order, all public: (player, card, total before, limit, duty,
    # cards already played this turn); a companion use is (player, companion, ...) likewise
    round_plays: tuple[RoundPlay, ...] = ()
    dropped: tuple[int, ...] = ()  # out of the sudden death, in order (CIRNO-G2)

    def standings(self) -> list[list[int]]:
        """The seats in order of standing, best first (see `standings`)."""
        return standings(self.taken, self.companions_used, bool(self.options.get("advanced")),
                         self.sudden_death, self.active, self.dropped)

    def scores(self) -> list[float]:
        """Companion cards taken, per seat (as `CirnoState.scores`)."""
        return [float(n) for n in self.taken]


class CirnoState(GameState):
    game_id = "cirno"

    __slots__ = (
        "num_players", "options", "rng", "deck", "pile", "discard", "hands", "comp_deck",
        "comp_held", "comp_used", "taken", "total", "limit", "direction", "current", "duty",
        "played_in_turn", "first_total", "_phase", "round_no", "active", "sudden_death",
        "used_this_round", "comp_deck_at_round_start", "pending", "winners", "last_loser",
        "turns", "quiet", "round_plays", "dropped",
    )

    def __init__(self, num_players: int, options: CirnoOptions, rng: GameRng) -> None:
        self.num_players = num_players
        self.options = options
        self.rng = rng
        self.deck: list[str] = []
        self.pile: list[str] = []
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(num_players)]
        self.comp_deck: list[str] = []
        self.comp_held: list[list[str]] = [[] for _ in range(num_players)]
        self.comp_used: list[list[str]] = [[] for _ in range(num_players)]
        self.taken: list[int] = [0] * num_players
        self.total = 0
        self.limit = options.limit
        self.direction = 1
        self.current = 0
        self.duty = 1
        self.played_in_turn = 0
        self.first_total: int | None = None
        self._phase = PLAY
        self.round_no = 0
        self.active: list[bool] = [True] * num_players
        self.sudden_death = False
        self.dropped: list[int] = []  # CIRNO-G2: who dropped out of the sudden death, in order
        self.used_this_round: list[bool] = [False] * num_players
        self.comp_deck_at_round_start = 0
        self.pending: dict[str, Any] = {}
        self.winners: list[int] | None = None
        self.last_loser: int | None = None
        self.turns = 0
        self.quiet = False  # builds no events (GameState.quiet)
        self.round_plays: list[RoundPlay] = []  # public, see CirnoView

    # ---------------------------------------------------------------- contract
    @property
    def phase(self) -> str:
        return self._phase

    def current_player(self) -> int | None:
        return None if self.winners is not None else self.current

    def is_terminal(self) -> bool:
        return self.winners is not None

    def scores(self) -> list[float]:
        return [float(n) for n in self.taken]

    def returns(self) -> list[float]:
        return shared_returns(self.winners, self.num_players)

    def clone(self) -> CirnoState:
        c = CirnoState.__new__(CirnoState)
        c.num_players = self.num_players
        c.options = self.options
        c.rng = self.rng.clone()
        c.deck = self.deck.copy()
        c.pile = self.pile.copy()
        c.discard = self.discard.copy()
        c.hands = [h.copy() for h in self.hands]
        c.comp_deck = self.comp_deck.copy()
        c.comp_held = [h.copy() for h in self.comp_held]
        c.comp_used = [h.copy() for h in self.comp_used]
        c.taken = self.taken.copy()
        c.total = self.total
        c.limit = self.limit
        c.direction = self.direction
        c.current = self.current
        c.duty = self.duty
        c.played_in_turn = self.played_in_turn
        c.first_total = self.first_total
        c._phase = self._phase
        c.round_no = self.round_no
        c.active = self.active.copy()
        c.sudden_death = self.sudden_death
        c.dropped = self.dropped.copy()
        c.used_this_round = self.used_this_round.copy()
        c.comp_deck_at_round_start = self.comp_deck_at_round_start
        c.pending = {k: (v.copy() if isinstance(v, list | dict) else v)
                     for k, v in self.pending.items()}
        c.winners = None if self.winners is None else self.winners.copy()
        c.last_loser = self.last_loser
        c.turns = self.turns
        c.quiet = self.quiet
        c.round_plays = self.round_plays.copy()
        return c

    # ---------------------------------------------------------------- legality
    def legal_actions(self) -> list[Action]:
        if self.winners is not None:
            return []
        phase = self._phase
        p = self.current
        if phase == PLAY:
            return self._legal_play(p)
        if phase == SCOOP_TAKE:
            cards = self.hands[self.pending["target"]]
        elif phase == SCOOP_GIVE:
            cards = self._scoop_givable(p)
        elif phase == PICK_KEEP:
            cards = self.pending["drawn"]
        elif phase in (PICK_DISCARD, LOR_PASS):
            cards = self.hands[p]
        else:
            raise AssertionError(f"unknown phase {phase}")
        choice = _CHOICE[_CHOICE_KIND[phase]]
        return [choice[f] for f in _distinct(cards)]

    def _legal_play(self, p: int) -> list[Action]:
        hand = self.hands[p]
        key = tuple(hand)
        plays = _PLAYS_OF_HAND.get(key)
        if plays is not None:
            actions = list(plays)
        elif "SHOT" in hand:
            others = self._others(p)
            actions = []
            for face in _distinct(hand):
                if face == "SHOT":
                    actions.extend(_SHOT_AT[q] for q in others)
                else:
                    actions.append(_PLAY[face])
        else:
            actions = [_PLAY[face] for face in _distinct(hand)]
            if len(_PLAYS_OF_HAND) < _PLAYS_CACHE_LIMIT:
                _PLAYS_OF_HAND[key] = tuple(actions)
        if self.options.advanced and self.comp_held[p] and not self.used_this_round[p]:
            for face in _distinct(self.comp_held[p]):
                if face in TARGETED_COMPANIONS:
                    targets = _COMPANION_AT[face]
                    actions.extend(targets[q] for q in self._others(p))
                elif face == "l_or_r":
                    actions.extend(_L_OR_R)
                else:
                    actions.append(_COMPANION[face])
        return actions

    def _others(self, p: int) -> list[int]:
        """The other active players, by seat (the targets of SHOT, Scoop and Change)."""
        active = self.active
        return [q for q in range(self.num_players) if active[q] and q != p]

    # ---------------------------------------------------------------- apply
    def _apply(self, action: Action) -> list[Event]:
        # quiet: the common paths below test `self.quiet` and build nothing; the rare ones
        # (companions, sudden death) append to the sink, which drops their events
        ev: list[Event] = EventSink() if self.quiet else []
        kind = action.kind
        if kind == "play":
            self._play_card(action, ev)
        elif kind == "companion":
            self._use_companion(action, ev)
        elif kind == "take":
            self._scoop_take(action.card, ev)
        elif kind == "give":
            self._scoop_give(action.card, ev)
        elif kind == "keep":
            self._pick_keep(action.card, ev)
        elif kind == "discard":
            self._pick_discard(action.card, ev)
        elif kind == "pass":
            self._lor_pass(action.card, ev)
        else:
            raise AssertionError(f"unknown action kind {kind}")
        return ev

    def _play_card(self, action: Action, ev: list[Event]) -> None:
        p = self.current
        face = action.card
        assert face is not None
        self.turns += 1
        self.hands[p].remove(face)
        self.round_plays.append((p, face, self.total, self.limit, self.duty, self.played_in_turn))
        quiet = self.quiet
        if face in NUMBER_CARDS:
            self.pile.append(face)
            old = self.total
            self.total = apply_number(face, old)
            if not quiet:
                ev.append(moved(face, _HAND_ZONE[p], "pile", True))
                ev.append(Event("total_changed", {"old": old, "new": self.total, "card": face,
                                                  "player": p}))
            if self.total > self.limit:
                self._bust(p, ev)
                return
            if self.duty == 2 and self.played_in_turn == 0:
                self.first_total = self.total
            self._after_card(p, "number", None, ev)
            return
        self.discard.append(face)
        if not quiet:
            ev.append(moved(face, _HAND_ZONE[p], "discard", True))
        target = None
        if face == "TURN":
            self.direction = -self.direction
            if not quiet:
                ev.append(Event("direction_changed", {"direction": self.direction, "player": p}))
        elif face == "SHOT":
            target = action.target
            if not quiet:
                ev.append(announce("log.cirno.shot", player=p, target=target))
        self._after_card(p, face, target, ev)

    def _after_card(self, p: int, kind: str, target: int | None, ev: list[Event]) -> None:
        """Refill, then work out who plays next and how many cards they owe (CIRNO-D1..D4).

        `kind` is "number", a function card face, or "companion" (which counts as PASS).
        """
        self._refill(p, ev)
        first_of_double = self.duty == 2 and self.played_in_turn == 0
        second_of_double = self.duty == 2 and self.played_in_turn == 1
        if first_of_double and kind == "number":
            # CIRNO-D1: the same player now plays a second card.
            self.played_in_turn = 1
            if not self.quiet:
                ev.append(Event("duty_changed", {"player": p, "duty": 2, "played": 1}))
            return
        if first_of_double:
            # CIRNO-D2: PASS/TURN/SHOT (or a companion) moves the duty on; DOUBLE ends it and
            # the next player owes 2 cards anyway.
            next_duty = 2
        elif kind == "DOUBLE":
            next_duty = 2  # CIRNO-D1, and CIRNO-D3 for a DOUBLE as second card
        else:
            next_duty = 1  # CIRNO-D3
        if second_of_double and kind == "number" and self.options.double_reading == "first":
            # CIRNO-D4 (the default): continue from the first card's total; the second card
            # was computed and checked against the limit all the same.
            assert self.first_total is not None
            old = self.total
            self.total = self.first_total
            ev.append(Event("total_changed", {"old": old, "new": self.total,
                                              "reason": "double_first", "player": p}))
        nxt = target if target is not None else self._step(p, self.direction)
        self._start_turn(nxt, next_duty, ev)

    def _start_turn(self, p: int, duty: int, ev: list[Event]) -> None:
        self.current = p
        self.duty = duty
        self.played_in_turn = 0
        self.first_total = None
        self._phase = PLAY
        if not self.quiet:
            ev.append(Event(TURN_STARTED, {"player": p, "duty": duty}))

    # ---------------------------------------------------------------- companions
    def _use_companion(self, action: Action, ev: list[Event]) -> None:
        p = self.current
        face = action.card
        assert face is not None
        self.turns += 1
        self.round_plays.append((p, face, self.total, self.limit, self.duty, self.played_in_turn))
        self.comp_held[p].remove(face)
        self.comp_used[p].append(face)
        self.used_this_round[p] = True
        ev.append(moved(face, zone("companions", p), zone("used", p), True))
        ev.append(Event("companion_used", {"player": p, "card": face, "target": action.target,
                                           "value": action.value}))
        if face == "scoop":
            q = action.target
            assert q is not None
            self.pending = {"user": p, "target": q}
            ev.append(Event(REVEALED, {"zone": zone("hand", q)},
                            {"cards": sort_faces(self.hands[q])}, frozenset({p})))
            self._phase = SCOOP_TAKE
            return
        if face == "pick_out":
            drawn = self._draw_cards(3, ev, zone("pick_out", p), frozenset({p}))
            self.pending = {"user": p, "drawn": drawn}
            if drawn:
                self._phase = PICK_KEEP
            else:
                self._phase = PICK_DISCARD
            return
        if face == "l_or_r":
            d = 1 if action.value == "left" else -1
            order = [q for q in self._active_order(p, self.direction) if self.hands[q]]
            if not order:
                self._after_card(p, "companion", None, ev)
                return
            self.pending = {"user": p, "dir": d, "order": order, "out": {}}
            self._phase = LOR_PASS
            self.current = order[0]
            return
        if face == "draw":
            for card in sort_faces(self.hands[p]):
                ev.append(moved(card, zone("hand", p), "discard", True))
            self.discard.extend(self.hands[p])
            self.hands[p] = []
            self._give_cards(p, 3, ev)
        elif face == "change":
            q = action.target
            assert q is not None
            both = frozenset({p, q})
            for card in self.hands[p]:
                ev.append(moved(card, zone("hand", p), zone("hand", q), False, both))
            for card in self.hands[q]:
                ev.append(moved(card, zone("hand", q), zone("hand", p), False, both))
            self.hands[p], self.hands[q] = self.hands[q], self.hands[p]
        elif face == "all_draw":
            for q in self._active_order(p, self.direction):
                self._give_cards(q, 1, ev)
        elif face == "twenty":
            # CIRNO-A3: the limit becomes 20; it never lowers a limit set above 20 by the
            # `limit` option (that would leave a total above the limit with nobody failing)
            self.limit = max(self.limit, TWENTY_LIMIT)
            ev.append(Event("limit_changed", {"limit": self.limit, "player": p}))
        self._after_card(p, "companion", None, ev)

    def _scoop_take(self, face: str | None, ev: list[Event]) -> None:
        assert face is not None
        p, q = self.pending["user"], self.pending["target"]
        self.hands[q].remove(face)
        self.hands[p].append(face)
        self.pending["taken"] = face
        ev.append(moved(face, zone("hand", q), zone("hand", p), False, frozenset({p, q})))
        self._phase = SCOOP_GIVE

    def _scoop_givable(self, p: int) -> list[str]:
        """CIRNO-A3 Scoop is a swap: the card just taken cannot simply go back (another copy of
        the same face from the scooper's own hand can)."""
        own = self.hands[p].copy()
        taken = self.pending.get("taken")
        if taken in own:
            own.remove(taken)
        return own or self.hands[p]

    def _scoop_give(self, face: str | None, ev: list[Event]) -> None:
        assert face is not None
        p, q = self.pending["user"], self.pending["target"]
        self.hands[p].remove(face)
        self.hands[q].append(face)
        ev.append(moved(face, zone("hand", p), zone("hand", q), False, frozenset({p, q})))
        self.pending = {}
        self._after_card(p, "companion", None, ev)

    def _pick_keep(self, face: str | None, ev: list[Event]) -> None:
        assert face is not None
        p = self.pending["user"]
        drawn: list[str] = self.pending["drawn"]
        drawn.remove(face)
        self.hands[p].append(face)
        ev.append(moved(face, zone("pick_out", p), zone("hand", p), False, frozenset({p})))
        for card in drawn:
            ev.append(moved(card, zone("pick_out", p), "discard", True))
        self.discard.extend(drawn)
        self.pending["drawn"] = []
        self._phase = PICK_DISCARD

    def _pick_discard(self, face: str | None, ev: list[Event]) -> None:
        assert face is not None
        p = self.pending["user"]
        self.hands[p].remove(face)
        self.discard.append(face)
        ev.append(moved(face, zone("hand", p), "discard", True))
        self.pending = {}
        self._after_card(p, "companion", None, ev)

    def _lor_pass(self, face: str | None, ev: list[Event]) -> None:
        assert face is not None
        q = self.current
        out: dict[int, str] = self.pending["out"]
        self.hands[q].remove(face)
        out[q] = face
        ev.append(moved(face, zone("hand", q), zone("passing", q), False, frozenset({q})))
        order: list[int] = self.pending["order"]
        if len(out) < len(order):
            self.current = order[len(out)]
            return
        d = self.pending["dir"]
        for giver in order:
            receiver = self._step(giver, d)
            card = out[giver]
            self.hands[receiver].append(card)
            ev.append(moved(card, zone("passing", giver), zone("hand", receiver), False,
                            frozenset({giver, receiver})))
        user = self.pending["user"]
        self.pending = {}
        self.current = user
        self._after_card(user, "companion", None, ev)

    # ---------------------------------------------------------------- cards
    def _draw_cards(self, n: int, ev: list[Event], dst: str, audience: frozenset[int]
                    ) -> list[str]:
        """Draw up to n cards from the deck (rebuilding it when empty, CIRNO-T1)."""
        out: list[str] = []
        for _ in range(n):
            if not self.deck and not self._rebuild_deck(ev):
                break
            card = self.deck.pop()
            out.append(card)
            if not self.quiet:
                ev.append(Event(CARD_MOVED, {"src": "deck", "dst": dst, "face_up": False},
                                {"card": card}, audience))  # = moved(card, "deck", dst, False, …)
        return out

    def _give_cards(self, p: int, n: int, ev: list[Event]) -> None:
        self.hands[p].extend(self._draw_cards(n, ev, _HAND_ZONE[p], _ALONE[p]))

    def _refill(self, p: int, ev: list[Event]) -> None:
        hand = self.hands[p]
        need = HAND_SIZE - len(hand)
        if need == 1 and self.deck:  # the usual case, written out: one card, no rebuild
            card = self.deck.pop()
            hand.append(card)
            if not self.quiet:
                ev.append(Event(CARD_MOVED, {"src": "deck", "dst": _HAND_ZONE[p],
                                             "face_up": False}, {"card": card}, _ALONE[p]))
        elif need > 0:
            self._give_cards(p, need, ev)

    def _rebuild_deck(self, ev: list[Event]) -> bool:
        """CIRNO-T1: shuffle every played card except the top number card into a new deck."""
        cards = self.discard + self.pile[:-1]
        if not cards:
            return False
        self.discard = []
        self.pile = self.pile[-1:]
        self.deck = cards
        self.rng.shuffle(self.deck)
        if not self.quiet:
            ev.append(Event(SHUFFLED, {"zone": "deck", "count": len(self.deck),
                                       "from": ["discard", "pile"]}))
        return True

    # ---------------------------------------------------------------- turn order
    def _step(self, p: int, direction: int) -> int:
        n = self.num_players
        q = p
        for _ in range(n):
            q = (q + direction) % n
            if self.active[q]:
                return q
        return p

    def _active_order(self, start: int, direction: int = 1) -> list[int]:
        """Active players from `start` (included) in the given direction."""
        n = self.num_players
        return [q for q in ((start + direction * i) % n for i in range(n)) if self.active[q]]

    # ---------------------------------------------------------------- rounds
    def _bust(self, p: int, ev: list[Event]) -> None:
        """CIRNO-L1: the round ends; the player fails."""
        quiet = self.quiet
        if not quiet:
            ev.append(Event("bust", {"player": p, "total": self.total, "limit": self.limit}))
            ev.append(Event(ROUND_ENDED, {"round": self.round_no, "loser": p,
                                          "sudden_death": self.sudden_death}))
        self.last_loser = p
        if self.sudden_death:
            # CIRNO-G2: the failing player drops out of the sudden death.
            self.active[p] = False
            self.dropped.append(p)
            ev.append(Event("player_out", {"player": p}))
            left = [q for q in range(self.num_players) if self.active[q]]
            if len(left) == 1:
                self._finish(left, ev)
            else:
                self._start_round(self._step(p, 1), ev)
            return
        if self.comp_deck:
            card = self.comp_deck.pop()
            self.comp_held[p].append(card)
            if not quiet:
                ev.append(moved(card, "companion_deck", zone("companions", p), False,
                                _ALONE[p]))
        self.taken[p] += 1
        if not quiet:
            ev.append(Event(SCORE_CHANGED, {"player": p, "delta": 1, "total": self.taken[p]}))
        if self._game_should_end():
            self._decide_winner(p, ev)
        else:
            self._start_round(p, ev)  # CIRNO-R1

    def _game_should_end(self) -> bool:
        if self.options.advanced:
            # CIRNO-A1: a player has 3 companion cards, or this round began with 1 left.
            return max(self.taken) >= 3 or self.comp_deck_at_round_start <= 1
        return self.round_no >= self.num_players  # CIRNO-G1

    def _rank_key(self, p: int) -> tuple[int, int]:
        if self.options.advanced:
            return (self.taken[p], len(self.comp_used[p]))  # CIRNO-A1
        return (self.taken[p], 0)

    def standings(self) -> list[list[int]]:
        """The seats in order of standing, best first (see `standings`)."""
        return standings(self.taken, self.comp_used, self.options.advanced, self.sudden_death,
                         self.active, self.dropped)

    def _decide_winner(self, loser: int, ev: list[Event]) -> None:
        best = min(self._rank_key(p) for p in range(self.num_players))
        tied = [p for p in range(self.num_players) if self._rank_key(p) == best]
        if len(tied) == 1:
            self._finish(tied, ev)
            return
        # CIRNO-G2: sudden death among the tied players.
        self.sudden_death = True
        self.active = [p in tied for p in range(self.num_players)]
        ev.append(announce("log.cirno.sudden_death", players=tied))
        starter = loser if self.active[loser] else self._step(loser, 1)
        self._start_round(starter, ev)

    def _finish(self, winners: list[int], ev: list[Event]) -> None:
        self.winners = sorted(winners)
        self._phase = GAME_OVER_PHASE
        ev.append(Event(GAME_OVER, {"winners": self.winners, "scores": self.scores()}))

    def _start_round(self, starter: int, ev: list[Event]) -> None:
        """CIRNO-R1: every arithmetic card is collected and reshuffled; 3 dealt to each."""
        self.round_no += 1
        self.round_plays = []
        everything = self.deck + self.pile + self.discard
        for h in self.hands:
            everything.extend(h)
            h.clear()
        self.deck = everything
        self.pile = []
        self.discard = []
        quiet = self.quiet
        if not quiet:
            ev.append(Event("cards_collected", {"zone": "deck", "count": len(self.deck)}))
        self.rng.shuffle(self.deck)
        if not quiet:
            ev.append(Event(SHUFFLED, {"zone": "deck", "count": len(self.deck)}))
        self.total = 0
        self.limit = self.options.limit
        self.direction = 1
        self.used_this_round = [False] * self.num_players
        self.comp_deck_at_round_start = len(self.comp_deck)
        self.pending = {}
        if not quiet:
            ev.append(Event(ROUND_STARTED, {"round": self.round_no, "starter": starter,
                                            "sudden_death": self.sudden_death,
                                            "limit": self.limit}))
        order = self._active_order(starter)
        deck = self.deck
        if len(deck) >= HAND_SIZE * len(order):
            # the usual case, written out: one card at a time round the table
            hands = self.hands
            for _ in range(HAND_SIZE):
                for q in order:
                    card = deck.pop()
                    hands[q].append(card)
                    if not quiet:
                        ev.append(Event(CARD_MOVED, {"src": "deck", "dst": _HAND_ZONE[q],
                                                     "face_up": False}, {"card": card},
                                        _ALONE[q]))
        else:
            for _ in range(HAND_SIZE):
                for q in order:
                    self._give_cards(q, 1, ev)
        self._start_turn(starter, 1, ev)

    # ---------------------------------------------------------------- view
    def view(self, viewer: int | None) -> CirnoView:
        n = self.num_players
        seat = viewer if viewer is not None and 0 <= viewer < n else None
        omni = viewer == OMNISCIENT
        pend = self.pending
        user = pend.get("user")
        target = pend.get("target")
        target_hand = None
        if target is not None and self._phase in (SCOOP_TAKE, SCOOP_GIVE) and (
                omni or seat == user):
            target_hand = tuple(sort_faces(self.hands[target]))
        drawn = pend.get("drawn", [])
        lor_out: dict[int, str] = pend.get("out", {})
        order: list[int] = pend.get("order", [])
        return CirnoView(
            viewer=viewer,
            num_players=n,
            options=self.options.model_dump(),
            phase=self._phase,
            current=self.current_player(),
            round_no=self.round_no,
            sudden_death=self.sudden_death,
            active=tuple(self.active),
            total=self.total,
            limit=self.limit,
            direction=self.direction,
            duty=self.duty,
            played_in_turn=self.played_in_turn,
            first_total=self.first_total,
            deck_count=len(self.deck),
            pile=tuple(self.pile),
            discard=tuple(self.discard),
            hand=tuple(sort_faces(self.hands[seat])) if seat is not None else None,
            hand_counts=tuple(len(h) for h in self.hands),
            companions=tuple(sort_faces(self.comp_held[seat])) if seat is not None else None,
            companion_counts=tuple(len(h) for h in self.comp_held),
            companions_used=tuple(tuple(u) for u in self.comp_used),
            taken=tuple(self.taken),
            companion_deck_count=len(self.comp_deck),
            companion_deck_at_round_start=self.comp_deck_at_round_start,
            used_this_round=tuple(self.used_this_round),
            pending_user=user,
            pending_target=target,
            target_hand=target_hand,
            drawn=tuple(sort_faces(drawn)) if (omni or (seat is not None and seat == user))
            else None,
            drawn_count=len(drawn),
            lor_direction=pend.get("dir"),
            lor_order=tuple(order),
            lor_chosen=tuple(q in lor_out for q in range(n)) if order else (),
            own_passing=lor_out.get(seat) if seat is not None else None,
            winners=tuple(self.winners) if self.winners is not None else None,
            all_hands=tuple(tuple(sort_faces(h)) for h in self.hands) if omni else None,
            all_companions=tuple(tuple(sort_faces(h)) for h in self.comp_held) if omni
            else None,
            scoop_taken=pend.get("taken") if (omni or (seat is not None and seat in (
                user, target))) else None,
            round_plays=tuple(self.round_plays),
            dropped=tuple(self.dropped),
        )


def _distinct(cards: list[str]) -> list[str]:
    return sorted(set(cards), key=ORDER.__getitem__)


_CHOICE_KIND = {SCOOP_TAKE: "take", SCOOP_GIVE: "give", PICK_KEEP: "keep",
                PICK_DISCARD: "discard", LOR_PASS: "pass"}


class CirnoSpec(GameSpec[CirnoOptions]):
    id = "cirno"
    min_players = 2
    max_players = 8  # CIRNO-P1: 2-6 recommended, setup allows up to 8
    recommended_players = (2, 6)
    options_model = CirnoOptions
    view_type = CirnoView

    def new_game(self, seed: int, num_players: int,
                 options: CirnoOptions | Mapping[str, Any] | None = None, *, quiet: bool = False
                 ) -> tuple[CirnoState, list[Event]]:
        self.check_players(num_players)
        opts = self.parse_options(options)
        rng = GameRng(seed)
        state = CirnoState(num_players, opts, rng)
        state.quiet = quiet
        ev: list[Event] = EventSink() if quiet else []
        state.deck = full_deck("arithmetic")
        state.comp_deck = full_deck("companion")
        rng.shuffle(state.comp_deck)
        ev.append(Event(SHUFFLED, {"zone": "companion_deck", "count": len(state.comp_deck)}))
        starter = rng.randrange(num_players)  # CIRNO-S1
        ev.append(announce("log.cirno.first_player", player=starter))
        state._start_round(starter, ev)
        return state, ([] if quiet else ev)

    # CIRNO-D4 (revised): "first" is the default now; a setup remembered before with "latest"
    # (the old default, remembered whether chosen or not) starts from the new default
    changed_defaults = {"double_reading": "latest"}

    def bridge_options(self, options: dict[str, Any], record_version: int) -> dict[str, Any]:
        """CIRNO-D4: until record version 3 the default reading was "latest" (continue from
        the second card's total); an older record that names no reading played that one."""
        if record_version < 3 and "double_reading" not in options:
            return {**options, "double_reading": "latest"}
        return options

    def determinize(self, view: CirnoView, rng: GameRng) -> CirnoState:
        """A full state that fits `view`: hidden cards dealt at random from what is unseen."""
        opts = CirnoOptions.model_validate(view.options)
        n = view.num_players
        state = CirnoState(n, opts, GameRng(rng.getrandbits(63)))
        me = view.viewer if view.viewer is not None and 0 <= view.viewer < n else None
        unseen = Counter(ARITHMETIC)
        unseen.subtract(view.pile)
        unseen.subtract(view.discard)
        hands: list[list[str] | None] = [None] * n
        if me is not None:
            assert view.hand is not None
            hands[me] = list(view.hand)
            unseen.subtract(view.hand)
            if view.own_passing is not None:
                unseen.subtract([view.own_passing])
        if view.target_hand is not None and view.pending_target is not None:
            hands[view.pending_target] = list(view.target_hand)
            unseen.subtract(view.target_hand)
        if view.drawn is not None:
            unseen.subtract(view.drawn)
        known: list[str] = []  # the Scoop target knows which card the scooper now holds
        scooper = view.pending_user
        if view.scoop_taken is not None and scooper is not None and hands[scooper] is None:
            known = [view.scoop_taken]
            unseen.subtract(known)
        pool = [f for f, k in unseen.items() for _ in range(k)]
        assert all(k >= 0 for k in unseen.values()), "view inconsistent with the deck"
        rng.shuffle(pool)
        for q in range(n):
            if hands[q] is None:
                k = view.hand_counts[q]
                if known and q == scooper:
                    hands[q], pool = known + pool[:k - 1], pool[k - 1:]
                else:
                    hands[q], pool = pool[:k], pool[k:]
        state.hands = [h or [] for h in hands]
        drawn: list[str] = list(view.drawn) if view.drawn is not None else []
        if view.drawn is None and view.drawn_count:
            drawn, pool = pool[:view.drawn_count], pool[view.drawn_count:]
        out: dict[int, str] = {}
        for q, chosen in enumerate(view.lor_chosen):
            if chosen:
                if q == me and view.own_passing is not None:
                    out[q] = view.own_passing
                else:
                    out[q], pool = pool[0], pool[1:]
        assert len(pool) == view.deck_count, "deck count does not match the unseen cards"
        state.deck = pool
        # companions
        cunseen = Counter(COMPANIONS)
        for used in view.companions_used:
            cunseen.subtract(used)
        if me is not None and view.companions is not None:
            cunseen.subtract(view.companions)
        cpool = [f for f, k in cunseen.items() for _ in range(k)]
        rng.shuffle(cpool)
        for q in range(n):
            if q == me and view.companions is not None:
                state.comp_held[q] = list(view.companions)
            else:
                k = view.companion_counts[q]
                state.comp_held[q], cpool = cpool[:k], cpool[k:]
        state.comp_deck = cpool
        state.comp_used = [list(u) for u in view.companions_used]
        state.pile = list(view.pile)
        state.discard = list(view.discard)
        state.taken = list(view.taken)
        state.total = view.total
        state.limit = view.limit
        state.direction = view.direction
        state.current = view.current if view.current is not None else 0
        state.duty = view.duty
        state.played_in_turn = view.played_in_turn
        state.first_total = view.first_total
        state._phase = view.phase
        state.round_no = view.round_no
        state.active = list(view.active)
        state.sudden_death = view.sudden_death
        state.dropped = list(view.dropped)
        state.used_this_round = list(view.used_this_round)
        state.comp_deck_at_round_start = view.companion_deck_at_round_start
        state.round_plays = list(view.round_plays)
        state.winners = list(view.winners) if view.winners is not None else None
        pending: dict[str, Any] = {}
        if view.pending_user is not None:
            pending["user"] = view.pending_user
        if view.pending_target is not None:
            pending["target"] = view.pending_target
        if view.phase == SCOOP_GIVE:
            assert view.pending_user is not None
            taken = view.scoop_taken
            if taken is None:  # unseen by this viewer: any card of the scooper's sampled hand
                taken = state.hands[view.pending_user][0]
            pending["taken"] = taken
        if view.phase in (PICK_KEEP, PICK_DISCARD):
            pending["drawn"] = drawn
        if view.phase == LOR_PASS:
            assert view.lor_direction is not None and view.pending_user is not None
            pending["dir"] = view.lor_direction
            pending["order"] = list(view.lor_order)
            pending["out"] = out
        state.pending = pending
        return state

    metric_ratios: ClassVar[dict[str, tuple[str, str]]] = {
        "companions_used_per_taken": ("companions_used", "companions_taken")}

    def metrics(self, state: GameState) -> list[dict[str, float]]:
        assert isinstance(state, CirnoState)
        total = sum(state.taken)
        return [{"companion_share": (t / total) if total else 0.0,
                 "companions_taken": float(t),
                 "companions_used": float(len(used)),
                 "rounds": float(state.round_no)}
                for t, used in zip(state.taken, state.comp_used, strict=True)]


SPEC = CirnoSpec()

__all__ = ["SPEC", "CirnoOptions", "CirnoSpec", "CirnoState", "CirnoView",
           "FUNCTION_CARDS"]
