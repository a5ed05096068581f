"""Tanto Cuore (`tanto_cuore`), base set: rules engine.

Rules in brief (clause ids from rules-decisions.md):
- TC-P1 2-4 players. TC-K1 the 33 cards in data/cards.json (cards.py); full piles at every player
  count; the starting decks (7 x 1 Love, 3 x Colette) come out of the town piles.
- TC-S1 town: 3 Love piles, Colette, Marianne, 10 general-maid kinds (random, the recommended
  first-game ten, or an explicit list), Illness, Bad Habit, the shuffled private-maid pile with
  its top 2 face up. Options leave out events / private maids (their cards go to the box).
- TC-T1 phases: start (+1 serving, +1 employ; the top private maid's ability and curing in the
  order the player chooses), serve, employ, discard (draw 5; the discard pile is reshuffled only
  when a draw needs it, and maids served this turn are not in it).
- TC-C1 chambermaids; TC-PM1 the private-maid stack; TC-E1 events; TC-END1 end; TC-V1/V2 scoring.

Action space (`Action.kind`, fields):
- start phase: ability(card[, target | value]) uses the top private maid's ability (Fay: value
  "love"/"employ"; Eugenie: target); cure(card) discards a 3 Love to heal that maid; done.
- serve phase: serve(card), chamber(card), done.
- employ phase (Love cards in hand are played automatically on entering it): employ(card)
  for a town pile or a face-up private maid; employ("bad_habit", target); employ("illness",
  target, value=maid face); done.
- pending choices (see effects.py): discard(card), decline, done, exchange(card), target(target
  [, value]), leave, keep(card), return(card[, value]), take(card, target[, value]),
  give(target[, value]), swap, react(card), draw.
A maid in a private quarters is named by her face; among copies of one chambermaid face an
Illness lands on the copy with the fewest and a cure heals the copy with the fewest (still ill).

Phases: start, serve, employ, a pending choice's kind, game_over. Phases where "done" is the only
legal action are passed automatically, so `current_player()` always names a real decision
(after a whole round of turns with nothing to decide, a lone "done" is left as the decision).

Readings where the card text is open (see the module tests): Nord needs 2+ cards in hand and
targets another player's maid; Sora moves an event to a player other than its source and
Sora's owner; Sainsbury's "maid costing 4 or less" means a general maid or chief (private
maids go home, never to a hand); an event blocked by Claire returns to the town; Claire may be
revealed against each arriving event (Nord's two Illnesses are two events).

Events of this game (besides the shared ones): employed(player, card[, target, maid]),
served(player, card), chambered(player, card), event_played(player, card, target[, maid],
blocked), scored(player, breakdown). Messages are keys under `tanto_cuore.log.*`.

Zones: town:<face>, private_pile, private_up, box, deck:p, hand:p, discard:p, play:p,
chambers:p, privates:p, habits:p, illness:p (data has the maid).

Scores: VP per seat (TC-V1). returns(): winners (TC-V2) share 1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from dataclasses import fields as _fields
from functools import cache, lru_cache
from operator import itemgetter
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from cardtable.core.actions import Action
from cardtable.core.events import (
    CARD_MOVED,
    GAME_OVER,
    PHASE_CHANGED,
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
from cardtable.games.tanto_cuore import effects
from cardtable.games.tanto_cuore.cards import (
    CARDS,
    CHIEFS,
    EVENTS,
    GENERAL_KINDS,
    LOVE_CARDS,
    ORDER,
    PRIVATE_MAIDS,
    RECOMMENDED_TOWN,
    StartChoice,
    StartDraw,
    StartGain,
    sort_faces,
)
from cardtable.games.tanto_cuore.scoring import Holdings, breakdown, winners

HAND_SIZE = 5
TOWN_KINDS = 10

START = "start"
SERVE = "serve"
EMPLOY = "employ"
GAME_OVER_PHASE = "game_over"

EMPLOYED = "employed"
SERVED = "served"
CHAMBERED = "chambered"
EVENT_PLAYED = "event_played"
SCORED = "scored"

MAX_PLAYERS = 4  # TC-P1

# ---- shared immutable pieces, built once (the hot paths reuse them instead of rebuilding)
# one frozen Action per face and kind
DONE = Action("done")
_ONLY_DONE = [DONE]
_EMPLOY = {f: Action("employ", f) for f in CARDS}
_SERVE = {f: Action("serve", f) for f in CARDS}
_CHAMBER = {f: Action("chamber", f) for f in CARDS}
_COST = {f: c.cost for f, c in CARDS.items()}
_LOVE_VALUE = {f: CARDS[f].love for f in LOVE_CARDS}


@cache
def _event_action(card: str, target: int, maid: str | None = None) -> Action:
    """employ(Illness | Bad Habit, target[, maid]), one shared instance per combination."""
    return Action("employ", card, target=target, value=maid)


@lru_cache(maxsize=1024)
def _employ_order(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The town piles in the order their employ actions are listed: Love, chiefs, the kinds."""
    return (*LOVE_CARDS, *CHIEFS, *sort_faces(kinds))


_MAX_COST = max(_COST.values())


@dataclass(frozen=True, slots=True)
class _EmployRow:
    """The town piles costing at most some love, in `_employ_order`: their faces, employ
    actions, and a getter of their counts from the town dict (one C call)."""

    faces: tuple[str, ...]
    actions: tuple[Action, ...]
    counts: Callable[[dict[str, int]], tuple[int, ...]]

    def available(self, town: dict[str, int]) -> list[Action]:
        try:
            counts = self.counts(town)
        except KeyError:  # a town without some pile (never in play; a test may build one)
            counts = tuple(town.get(f, 0) for f in self.faces)
        return [a for a, n in zip(self.actions, counts, strict=True) if n > 0]


def _counts_getter(faces: tuple[str, ...]) -> Callable[[dict[str, int]], tuple[int, ...]]:
    if len(faces) >= 2:
        return itemgetter(*faces)  # type: ignore[return-value]
    return lambda town: tuple(town[f] for f in faces)


@lru_cache(maxsize=1024)
def _employ_table(kinds: tuple[str, ...]) -> tuple[_EmployRow, ...]:
    """For each love from 0 to the dearest cost, the town piles costing at most that much
    (index with min(love, _MAX_COST))."""
    order = _employ_order(kinds)
    rows = []
    for love in range(_MAX_COST + 1):
        faces = tuple(f for f in order if _COST[f] <= love)
        rows.append(_EmployRow(faces, tuple(_EMPLOY[f] for f in faces), _counts_getter(faces)))
    return tuple(rows)


@lru_cache(maxsize=1024)
def _maid_pile_counts(kinds: tuple[str, ...]) -> Callable[[dict[str, int]], tuple[int, ...]]:
    """A getter of the maid piles' counts (TC-END1: the general maids and the chiefs)."""
    return _counts_getter((*kinds, *CHIEFS))


# the serving a card in hand needs before the serve phase offers anything for her: 1 for a
# general maid (serve), her chamber cost for a chambermaid-to-be (TC-C1); _NEVER for the rest
_NEVER = 1 << 30
_SERVE_NEED = {f: min(1 if c.kind == "general" else _NEVER,
                      _NEVER if c.chamber is None else c.chamber) for f, c in CARDS.items()}


@lru_cache(maxsize=1024)
def _sorted_faces(faces: tuple[str, ...]) -> tuple[str, ...]:
    """`sort_faces` for a set of faces that rarely changes (the town's and the box's piles)."""
    return tuple(sort_faces(faces))


# the other seats in turn order from each seat, per player count (`order_from(p)[1:]`)
_OTHERS_FROM = {n: tuple(tuple((p + i) % n for i in range(1, n)) for p in range(n))
                for n in range(1, MAX_PLAYERS + 1)}


def _seat_zones(name: str) -> tuple[str, ...]:
    return tuple(zone(name, p) for p in range(MAX_PLAYERS))


DECK_Z = _seat_zones("deck")
HAND_Z = _seat_zones("hand")
DISCARD_Z = _seat_zones("discard")
PLAY_Z = _seat_zones("play")
_ONLY_SEAT = tuple(frozenset({p}) for p in range(MAX_PLAYERS))  # audience of a drawn card


class TantoCuoreOptions(BaseModel):
    """Options chosen at setup and stored in the match record."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    town: Literal["random", "recommended"] = Field(
        "random", description="TC-S1: 10 general-maid kinds at random, or the first-game ten")
    kinds: tuple[str, ...] | None = Field(
        None, description="an explicit list of 10 general-maid kinds (overrides `town`)")
    events: bool = Field(True, description="TC-S1: play with Illness and Bad Habit")
    private_maids: bool = Field(True, description="TC-S1: play with the private maids")
    finish_turn: bool = Field(
        False, description="TC-END1: when 2 maid piles are empty, finish the current turn")

    @field_validator("kinds")
    @classmethod
    def _ten_kinds(cls, v: tuple[str, ...] | None) -> tuple[str, ...] | None:
        if v is None:
            return v
        if len(v) != TOWN_KINDS or len(set(v)) != TOWN_KINDS:
            raise ValueError("kinds must list 10 different general maids")
        bad = [k for k in v if k not in GENERAL_KINDS]
        if bad:
            raise ValueError(f"not general maids: {bad}")
        return tuple(v)


@dataclass(frozen=True, slots=True, init=False)
class TCView:
    viewer: int | None
    num_players: int
    options: dict[str, Any]
    phase: str
    main_phase: str
    current: int | None
    turn_player: int
    turn_no: int
    turns: tuple[int, ...]
    love: int
    serving: int
    employ: int
    start_used: bool
    trigger_used: bool
    ending: bool
    kinds: tuple[str, ...]
    town: tuple[tuple[str, int], ...]
    box: tuple[tuple[str, int], ...]
    private_up: tuple[str, ...]
    private_pile_count: int
    deck_counts: tuple[int, ...]
    hand_counts: tuple[int, ...]
    discards: tuple[tuple[str, ...], ...]
    plays: tuple[tuple[str, ...], ...]
    chambers: tuple[tuple[tuple[str, int], ...], ...]
    privates: tuple[tuple[tuple[str, int], ...], ...]
    habits: tuple[int, ...]
    hand: tuple[str, ...] | None
    # deck+hand composition per group of players whose split the viewer cannot tell apart
    # (a group has one player unless an Eugenie swap the viewer did not see mixed two)
    pools: tuple[tuple[tuple[int, ...], tuple[str, ...]], ...]
    swaps: tuple[tuple[int, int], ...]
    pending: tuple[tuple[str, Any], ...] | None
    tasks: tuple[tuple[tuple[str, Any], ...], ...]
    peek: str | None  # Eliza: the top card being looked at (to her user only)
    seen: str | None  # Eugenie: the card looked at (to her user only)
    winners: tuple[int, ...] | None
    final: tuple[tuple[tuple[str, int], ...], ...] | None
    all_hands: tuple[tuple[str, ...], ...] | None = None

    def __init__(self, viewer: int | None,
                 num_players: int,
                 options: dict[str, Any],
                 phase: str,
                 main_phase: str,
                 current: int | None,
                 turn_player: int,
                 turn_no: int,
                 turns: tuple[int, ...],
                 love: int,
                 serving: int,
                 employ: int,
                 start_used: bool,
                 trigger_used: bool,
                 ending: bool,
                 kinds: tuple[str, ...],
                 town: tuple[tuple[str, int], ...],
                 box: tuple[tuple[str, int], ...],
                 private_up: tuple[str, ...],
                 private_pile_count: int,
                 deck_counts: tuple[int, ...],
                 hand_counts: tuple[int, ...],
                 discards: tuple[tuple[str, ...], ...],
                 plays: tuple[tuple[str, ...], ...],
                 chambers: tuple[tuple[tuple[str, int], ...], ...],
                 privates: tuple[tuple[tuple[str, int], ...], ...],
                 habits: tuple[int, ...],
                 hand: tuple[str, ...] | None,
                 pools: tuple[tuple[tuple[int, ...], tuple[str, ...]], ...],
                 swaps: tuple[tuple[int, int], ...],
                 pending: tuple[tuple[str, Any], ...] | None,
                 tasks: tuple[tuple[tuple[str, Any], ...], ...],
                 peek: str | None,
                 seen: str | None,
                 winners: tuple[int, ...] | None,
                 final: tuple[tuple[tuple[str, int], ...], ...] | None,
                 all_hands: tuple[tuple[str, ...], ...] | None = None) -> None:
        # the dataclass's own __init__ would set each field through object.__setattr__ (it is
        # frozen); setting the slots directly is about twice as fast, the same object (as
        # core.actions.Action does)
        _VIEW_SET[0](self, viewer)
        _VIEW_SET[1](self, num_players)
        _VIEW_SET[2](self, options)
        _VIEW_SET[3](self, phase)
        _VIEW_SET[4](self, main_phase)
        _VIEW_SET[5](self, current)
        _VIEW_SET[6](self, turn_player)
        _VIEW_SET[7](self, turn_no)
        _VIEW_SET[8](self, turns)
        _VIEW_SET[9](self, love)
        _VIEW_SET[10](self, serving)
        _VIEW_SET[11](self, employ)
        _VIEW_SET[12](self, start_used)
        _VIEW_SET[13](self, trigger_used)
        _VIEW_SET[14](self, ending)
        _VIEW_SET[15](self, kinds)
        _VIEW_SET[16](self, town)
        _VIEW_SET[17](self, box)
        _VIEW_SET[18](self, private_up)
        _VIEW_SET[19](self, private_pile_count)
        _VIEW_SET[20](self, deck_counts)
        _VIEW_SET[21](self, hand_counts)
        _VIEW_SET[22](self, discards)
        _VIEW_SET[23](self, plays)
        _VIEW_SET[24](self, chambers)
        _VIEW_SET[25](self, privates)
        _VIEW_SET[26](self, habits)
        _VIEW_SET[27](self, hand)
        _VIEW_SET[28](self, pools)
        _VIEW_SET[29](self, swaps)
        _VIEW_SET[30](self, pending)
        _VIEW_SET[31](self, tasks)
        _VIEW_SET[32](self, peek)
        _VIEW_SET[33](self, seen)
        _VIEW_SET[34](self, winners)
        _VIEW_SET[35](self, final)
        _VIEW_SET[36](self, all_hands)


_VIEW_SET = tuple(getattr(TCView, f.name).__set__ for f in _fields(TCView))


def _freeze(d: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in d.items()))


class TCState(GameState):
    game_id = "tanto_cuore"

    __slots__ = (
        "num_players", "options", "rng", "town", "kinds", "box", "priv_pile", "priv_up",
        "deck", "hand", "discard", "play", "chambers", "privates", "habits", "turn_player",
        "_phase", "love", "serving", "employ", "start_used", "trigger_used", "pending", "tasks",
        "turns", "turn_no", "ending", "winners", "final", "swaps", "_options_dump", "quiet",
        "_rows",
    )

    def __init__(self, num_players: int, options: TantoCuoreOptions, rng: GameRng) -> None:
        n = num_players
        self.num_players = n
        self.options = options
        self._options_dump = options.model_dump()  # views get a copy
        self.rng = rng
        self.town: dict[str, int] = {}
        self.kinds: tuple[str, ...] = ()
        self.box: dict[str, int] = {}
        self.priv_pile: list[str] = []
        self.priv_up: list[str] = []
        self.deck: list[list[str]] = [[] for _ in range(n)]
        self.hand: list[list[str]] = [[] for _ in range(n)]
        self.discard: list[list[str]] = [[] for _ in range(n)]
        self.play: list[list[str]] = [[] for _ in range(n)]
        self.chambers: list[list[list[Any]]] = [[] for _ in range(n)]  # [face, illnesses]
        self.privates: list[list[list[Any]]] = [[] for _ in range(n)]  # top = last
        self.habits: list[int] = [0] * n
        self.turn_player = 0
        self._phase = START
        self.love = 0
        self.serving = 0
        self.employ = 0
        self.start_used = False
        self.trigger_used = False
        self.pending: dict[str, Any] | None = None
        self.tasks: list[dict[str, Any]] = []
        self.turns: list[int] = [0] * n
        self.turn_no = 0
        self.ending = False
        self.winners: list[int] | None = None
        self.final: list[dict[str, int]] | None = None
        self.swaps: list[tuple[int, int]] = []
        self.quiet = False  # builds no events (GameState.quiet)
        self._rows: tuple[tuple[str, ...], tuple[_EmployRow, ...]] | None = None

    # ---------------------------------------------------------------- contract
    @property
    def phase(self) -> str:
        if self.winners is not None:
            return GAME_OVER_PHASE
        if self.pending is not None:
            return str(self.pending["kind"])
        return self._phase

    def current_player(self) -> int | None:
        if self.winners is not None:
            return None
        if self.pending is not None:
            return int(self.pending["player"])
        return self.turn_player

    def is_terminal(self) -> bool:
        return self.winners is not None

    def scores(self) -> list[float]:
        rows = self.final if self.final is not None else self.score_rows()
        return [float(r["total"]) for r in rows]

    def returns(self) -> list[float]:
        return shared_returns(self.winners, self.num_players)

    def clone(self) -> TCState:
        c = TCState.__new__(TCState)
        c.num_players = self.num_players
        c.options = self.options
        c._options_dump = self._options_dump
        c.rng = self.rng.clone()
        c.town = self.town.copy()
        c.kinds = self.kinds
        c.box = self.box.copy()
        c.priv_pile = self.priv_pile.copy()
        c.priv_up = self.priv_up.copy()
        c.deck = [x.copy() for x in self.deck]
        c.hand = [x.copy() for x in self.hand]
        c.discard = [x.copy() for x in self.discard]
        c.play = [x.copy() for x in self.play]
        c.chambers = [[m.copy() for m in x] for x in self.chambers]
        c.privates = [[m.copy() for m in x] for x in self.privates]
        c.habits = self.habits.copy()
        c.turn_player = self.turn_player
        c._phase = self._phase
        c.love = self.love
        c.serving = self.serving
        c.employ = self.employ
        c.start_used = self.start_used
        c.trigger_used = self.trigger_used
        c.pending = None if self.pending is None else self.pending.copy()
        c.tasks = [t.copy() for t in self.tasks]
        c.turns = self.turns.copy()
        c.turn_no = self.turn_no
        c.ending = self.ending
        c.winners = None if self.winners is None else self.winners.copy()
        c.final = None if self.final is None else [r.copy() for r in self.final]
        c.swaps = self.swaps.copy()
        c.quiet = self.quiet
        c._rows = self._rows
        return c

    # ---------------------------------------------------------------- queries
    def has_maid_at_home(self, q: int) -> bool:
        return bool(self.chambers[q] or self.privates[q])

    def active_private(self, p: int) -> str | None:
        """TC-PM1: the top private maid, when she is not ill."""
        stack = self.privates[p]
        if stack and not stack[-1][1]:
            return str(stack[-1][0])
        return None

    def home_maid_faces(self, q: int) -> list[str]:
        faces = {m[0] for m in self.chambers[q]} | {m[0] for m in self.privates[q]}
        return sort_faces(list(faces))

    def ill_maid_faces(self, q: int) -> list[str]:
        faces = {m[0] for m in self.chambers[q] if m[1]} | {m[0] for m in self.privates[q]
                                                            if m[1]}
        return sort_faces(list(faces))

    def event_targets(self, p: int) -> list[int]:
        """TC-E1: other players whose private quarters hold at least one maid."""
        chambers, privates = self.chambers, self.privates
        return [q for q in _OTHERS_FROM[self.num_players][p] if chambers[q] or privates[q]]

    def order_from(self, p: int) -> list[int]:
        n = self.num_players
        return [(p + i) % n for i in range(n)]

    def owned_cards(self, p: int) -> list[str]:
        return self.deck[p] + self.hand[p] + self.discard[p] + self.play[p]

    def holdings(self, p: int) -> Holdings:
        return Holdings(
            cards=tuple(self.owned_cards(p)),
            chambers=tuple((m[0], m[1]) for m in self.chambers[p]),
            privates=tuple((m[0], m[1]) for m in self.privates[p]),
            bad_habits=self.habits[p])

    def score_rows(self) -> list[dict[str, int]]:
        return breakdown([self.holdings(p) for p in range(self.num_players)])

    def maid_piles_empty(self) -> int:
        """TC-END1: empty maid piles (generals, chiefs, and the face-down private pile)."""
        town = self.town
        try:
            empty = _maid_pile_counts(self.kinds)(town).count(0)
        except KeyError:  # a town without some pile (never in play; a test may build one)
            empty = [town.get(f, 0) for f in (*self.kinds, *CHIEFS)].count(0)
        if self.options.private_maids and not self.priv_pile:
            empty += 1
        return empty

    def card_total(self) -> int:
        """Every card in the game, wherever it is (280 for the base set)."""
        total = sum(self.town.values()) + sum(self.box.values())
        total += len(self.priv_pile) + len(self.priv_up)
        for p in range(self.num_players):
            total += len(self.deck[p]) + len(self.hand[p]) + len(self.discard[p])
            total += len(self.play[p]) + len(self.chambers[p]) + len(self.privates[p])
            total += self.habits[p]
            total += sum(m[1] for m in self.chambers[p]) + sum(m[1] for m in self.privates[p])
        # events on their way to a private quarters (waiting for a Claire reaction)
        total += sum(1 for t in self.tasks if t["t"] == "place_event")
        if self.pending is not None and self.pending["kind"] == "claire_reaction":
            total += 1
        return total

    # ---------------------------------------------------------------- legality
    def legal_actions(self) -> list[Action]:
        if self.winners is not None:
            return []
        if self.pending is not None:
            return effects.pending_legal(self)
        if self._phase == START:
            return self._legal_start()
        if self._phase == SERVE:
            return self._legal_serve()
        if self._phase == EMPLOY:
            return self._legal_employ()
        raise AssertionError(f"unknown phase {self._phase}")

    def mandatory_start_ability(self) -> bool:
        p = self.turn_player
        face = self.active_private(p)
        if face is None or self.start_used:
            return False
        ab = CARDS[face].ability
        return isinstance(ab, StartGain | StartChoice)

    def _legal_start(self) -> list[Action]:
        p = self.turn_player
        out: list[Action] = []
        face = self.active_private(p)
        if face is not None and not self.start_used:
            ab = CARDS[face].ability
            if isinstance(ab, StartGain | StartDraw):
                out.append(Action("ability", face))
            elif isinstance(ab, StartChoice):
                out.extend(Action("ability", face, value=o) for o in ab.options)
            elif ab is not None and ab.type == "special" and ab.timing == START:
                out.extend(effects.SPECIALS[ab.handler].start_actions(self, p))
        if "love3" in self.hand[p]:
            out.extend(Action("cure", f) for f in self.ill_maid_faces(p))
        if not self.mandatory_start_ability():
            out.append(DONE)
        return out

    def _legal_serve(self) -> list[Action]:
        p = self.turn_player
        out: list[Action] = []
        for f in _distinct(self.hand[p]):
            card = CARDS[f]
            if card.kind == "general" and self.serving >= 1:
                out.append(_SERVE[f])
            if card.chamber is not None and self.serving >= card.chamber:
                out.append(_CHAMBER[f])
        out.append(DONE)
        return out

    def _legal_employ(self) -> list[Action]:
        """The employ phase's legal actions, in order: town piles (Love, chiefs, the kinds),
        face-up private maids, Illness on each target's maids, Bad Habit on each target;
        then "done"."""
        love = self.love
        if self.employ < 1 or love < 0:
            return [DONE]
        town = self.town
        out = self._employ_rows()[min(love, _MAX_COST)].available(town)
        if self.priv_up:
            out.extend(_EMPLOY[f] for f in _sorted_faces(tuple(self.priv_up)) if _COST[f] <= love)
        if self.options.events:
            ill = town.get("illness", 0) and _COST["illness"] <= love
            habit = town.get("bad_habit", 0) and _COST["bad_habit"] <= love
            if ill or habit:
                targets = self.event_targets(self.turn_player)
                if ill:
                    for q in targets:
                        out.extend(_event_action("illness", q, m) for m in self.home_maid_faces(q))
                if habit:
                    out.extend(_event_action("bad_habit", q) for q in targets)
        out.append(DONE)
        return out

    def _has_employ_choice(self) -> bool:
        """Whether the employ phase offers more than "done" (`_legal_employ` without the
        list: `run` only needs to know whether there is a choice)."""
        love = self.love
        if self.employ < 1 or love < 0:
            return False
        town = self.town
        for f in self._employ_rows()[min(love, _MAX_COST)].faces:
            if town.get(f, 0) > 0:
                return True
        for f in self.priv_up:
            if _COST[f] <= love:
                return True
        if self.options.events and (
                (town.get("illness", 0) and _COST["illness"] <= love)
                or (town.get("bad_habit", 0) and _COST["bad_habit"] <= love)):
            # an Illness target always has a maid at home, so either event needs a target
            return bool(self.event_targets(self.turn_player))
        return False

    def _employ_rows(self) -> tuple[_EmployRow, ...]:
        """`_employ_table(self.kinds)`, kept on the state (the town's kinds never change; a
        new kinds tuple is looked up again)."""
        rows = self._rows
        if rows is None or rows[0] is not self.kinds:
            rows = self._rows = (self.kinds, _employ_table(self.kinds))
        return rows[1]

    def _only_done(self) -> bool:
        """True when "done" is the one legal action (`run` then passes the phase); the usual
        phases are answered without building the legal list."""
        if self.pending is None:
            phase = self._phase
            if phase == EMPLOY:
                return not self._has_employ_choice()
            p = self.turn_player
            if phase == SERVE:
                # a general maid needs 1 serving, a chambermaid her serving cost (TC-C1)
                return min(map(_SERVE_NEED.__getitem__, self.hand[p]),
                           default=_NEVER) > self.serving
            if phase == START and (self.start_used or self.active_private(p) is None):
                # no ability to use: only curing (a 3 Love in hand and an ill maid) is left
                return not ("love3" in self.hand[p] and self.ill_maid_faces(p))
        return self.legal_actions() == _ONLY_DONE

    # ---------------------------------------------------------------- apply
    def _apply(self, action: Action) -> list[Event]:
        # quiet: the turn's common steps test `self.quiet` and build nothing; card effects
        # append to the sink, which drops their events
        ev: list[Event] = EventSink() if self.quiet else []
        if self.pending is not None:
            effects.answer_pending(self, action, ev)
        elif self._phase == START:
            self._apply_start(action, ev)
        elif self._phase == SERVE:
            self._apply_serve(action, ev)
        elif self._phase == EMPLOY:
            self._apply_employ(action, ev)
        else:
            raise AssertionError(f"unknown phase {self._phase}")
        self.run(ev)
        return ev

    def _apply_start(self, action: Action, ev: list[Event]) -> None:
        p = self.turn_player
        kind = action.kind
        if kind == "done":
            self._set_phase(SERVE, ev)
            return
        if kind == "cure":
            # TC-T1 / TC-E1: discard a 3 Love to send an Illness back to the town.
            assert action.card is not None
            self.hand[p].remove("love3")
            self.discard[p].append("love3")
            ev.append(moved("love3", zone("hand", p), zone("discard", p), True))
            left = self.remove_illness(p, action.card, ev)
            self.town["illness"] += 1
            ev.append(Event(CARD_MOVED, {"src": zone("illness", p), "dst": "town:illness",
                                           "face_up": True, "card": "illness",
                                           "maid": action.card}))
            # one Illness goes back; she is well again only when none is left on her
            if left:
                ev.append(announce("tanto_cuore.log.cured_one", player=p, card=action.card,
                                   left=left))
            else:
                ev.append(announce("tanto_cuore.log.cured", player=p, card=action.card))
            return
        if kind == "ability":
            face = action.card
            assert face is not None
            self.start_used = True
            ab = CARDS[face].ability
            ev.append(announce("tanto_cuore.log.ability", player=p, card=face))
            if isinstance(ab, StartGain):
                self.love += ab.love
                self.serving += ab.serving
                self.employ += ab.employ
            elif isinstance(ab, StartChoice):
                setattr(self, str(action.value), getattr(self, str(action.value)) + 1)
            elif isinstance(ab, StartDraw):
                self.draw(p, ab.count, ev)
            else:
                assert ab is not None and ab.type == "special"
                effects.SPECIALS[ab.handler].use(self, p, action, ev)
            return
        raise AssertionError(f"unknown start action {action}")

    def _apply_serve(self, action: Action, ev: list[Event]) -> None:
        p = self.turn_player
        face = action.card
        if action.kind == "done":
            self._enter_employ(ev)
            return
        assert face is not None
        card = CARDS[face]
        self.hand[p].remove(face)
        if action.kind == "chamber":
            # TC-C1: pay her serving cost, she moves home for good, no bonus this turn.
            assert card.chamber is not None
            self.serving -= card.chamber
            self.chambers[p].append([face, 0])
            ev.append(moved(face, zone("hand", p), zone("chambers", p), True))
            ev.append(Event(CHAMBERED, {"player": p, "card": face}))
            return
        assert action.kind == "serve"
        self.serving -= 1
        self.play[p].append(face)
        ev.append(moved(face, zone("hand", p), zone("play", p), True))
        ev.append(Event(SERVED, {"player": p, "card": face}))
        self.tasks.insert(0, {"t": "bonus", "player": p, "card": face})
        for i, _eff in enumerate(card.serve):
            self.tasks.insert(1 + i, {"t": "serve_effect", "player": p, "card": face, "i": i})

    def _enter_employ(self, ev: list[Event]) -> None:
        p = self.turn_player
        self._set_phase(EMPLOY, ev)
        hand = self.hand[p]
        loves = sorted([c for c in hand if c in _LOVE_VALUE], key=_ORDER_KEY)
        if not loves:
            return
        hand[:] = [c for c in hand if c not in _LOVE_VALUE]
        self.play[p].extend(loves)
        gained = sum(map(_LOVE_VALUE.__getitem__, loves))
        self.love += gained
        if not self.quiet:
            src, dst = HAND_Z[p], PLAY_Z[p]
            ev.extend(moved(c, src, dst, True) for c in loves)
            # played without a decision: the table says so in one line (a play test: the
            # cards were in the play area "by themselves", nothing said why)
            ev.append(announce("tanto_cuore.log.loves_played", player=p,
                               tally=[[c, loves.count(c)] for c in sorted(set(loves))],
                               love=gained))

    def _apply_employ(self, action: Action, ev: list[Event]) -> None:
        p = self.turn_player
        if action.kind == "done":
            self._end_turn(ev)
            return
        face = action.card
        assert face is not None
        card = CARDS[face]
        self.love -= card.cost
        self.employ -= 1
        if card.kind == "private":
            # TC-PM1: straight onto the top of her employer's stack; refill the face-up slot.
            self.priv_up.remove(face)
            self.privates[p].append([face, 0])
            ev.append(moved(face, "private_up", zone("privates", p), True))
            ev.append(Event(EMPLOYED, {"player": p, "card": face}))
            if self.priv_pile:
                nxt = self.priv_pile.pop()
                self.priv_up.append(nxt)
                ev.append(moved(nxt, "private_pile", "private_up", True))
        elif card.kind == "event":
            self.town[face] -= 1
            ev.append(Event(EMPLOYED, {"player": p, "card": face, "target": action.target,
                                       "maid": action.value}))
            assert action.target is not None
            self.tasks.insert(0, {"t": "place_event", "by": p, "target": action.target,
                                  "card": face, "maid": action.value, "src": f"town:{face}"})
        else:
            self.town[face] -= 1
            self.discard[p].append(face)
            if not self.quiet:
                ev.append(moved(face, f"town:{face}", zone("discard", p), True))
                ev.append(Event(EMPLOYED, {"player": p, "card": face}))
        self.check_end(ev)

    # ---------------------------------------------------------------- the task queue
    def run(self, ev: list[Event]) -> None:
        """Process queued effect steps until one needs a decision, then pass phases that
        have nothing to decide. (After a whole round of turns with nothing to decide, a
        lone "done" is left as a decision, so this always stops.)"""
        turns_passed = 0
        while self.winners is None:
            while self.pending is None and self.tasks and self.winners is None:
                task = self.tasks.pop(0)
                effects.run_task(self, task, ev)
            if self.winners is not None or self.pending is not None:
                return
            if not self._only_done():
                return
            if self._phase == START:
                self._set_phase(SERVE, ev)
            elif self._phase == SERVE:
                self._enter_employ(ev)
            elif turns_passed < self.num_players:
                turns_passed += 1
                self._end_turn(ev)
            else:
                return

    # ---------------------------------------------------------------- card movement
    def reshuffle(self, p: int, ev: list[Event]) -> bool:
        """TC-T1: the discard pile becomes the deck (cards in play stay out)."""
        if not self.discard[p]:
            return False
        self.deck[p] = self.discard[p]
        self.discard[p] = []
        self.rng.shuffle(self.deck[p])
        if not self.quiet:
            ev.append(Event(SHUFFLED, {"zone": zone("deck", p), "count": len(self.deck[p]),
                                       "from": [zone("discard", p)]}))
        return True

    def draw(self, p: int, n: int, ev: list[Event]) -> list[str]:
        out: list[str] = []
        src, dst, audience = DECK_Z[p], HAND_Z[p], _ONLY_SEAT[p]
        while len(out) < n:
            if not self.deck[p] and not self.reshuffle(p, ev):
                break
            # as many cards as the deck holds, top (= last) first; then reshuffle for the rest
            deck = self.deck[p]
            k = min(n - len(out), len(deck))
            cards = deck[-k:]
            del deck[-k:]
            cards.reverse()
            self.hand[p].extend(cards)
            out.extend(cards)
            if not self.quiet:
                ev.extend(moved(c, src, dst, False, audience) for c in cards)
        return out

    def top_of_deck(self, p: int, ev: list[Event]) -> str | None:
        if not self.deck[p] and not self.reshuffle(p, ev):
            return None
        return self.deck[p][-1]

    def discard_from_hand(self, p: int, face: str, ev: list[Event]) -> None:
        self.hand[p].remove(face)
        self.discard[p].append(face)
        ev.append(moved(face, zone("hand", p), zone("discard", p), True))

    def add_illness(self, q: int, maid: str, ev: list[Event], copy: int | None = None) -> int:
        """An Illness onto `maid` in q's private quarters; returns the index of the copy it
        landed on (in q's private-maid stack or chambermaids). Among chambermaid copies of one
        face it lands on the one with the fewest, unless `copy` names one (Nord's second
        Illness follows the first onto the same maid)."""
        if CARDS[maid].kind == "private":
            stack = self.privates[q]
            i = next(i for i, m in enumerate(stack) if m[0] == maid)
            stack[i][1] += 1
            return i
        rooms = self.chambers[q]
        if copy is None:
            copy = min((i for i, m in enumerate(rooms) if m[0] == maid),
                       key=lambda i: rooms[i][1])
        rooms[copy][1] += 1
        return copy

    def remove_illness(self, q: int, maid: str, ev: list[Event]) -> int:
        """One Illness off `maid` in q's quarters; returns how many are still on that copy."""
        if CARDS[maid].kind == "private":
            entry = next(m for m in self.privates[q] if m[0] == maid and m[1])
        else:
            entry = min((m for m in self.chambers[q] if m[0] == maid and m[1]),
                        key=lambda m: m[1])
        entry[1] -= 1
        return int(entry[1])

    # ---------------------------------------------------------------- turn flow
    def _set_phase(self, phase: str, ev: list[Event]) -> None:
        self._phase = phase
        if not self.quiet:
            ev.append(Event(PHASE_CHANGED, {"phase": phase, "player": self.turn_player}))

    def start_turn(self, p: int, ev: list[Event]) -> None:
        self.turn_player = p
        self.turn_no += 1
        self.love = 0
        self.serving = 1
        self.employ = 1
        self.start_used = False
        self.trigger_used = False
        if not self.quiet:
            ev.append(Event(TURN_STARTED, {"player": p, "turn": self.turn_no}))
        self._set_phase(START, ev)

    def _end_turn(self, ev: list[Event]) -> None:
        p = self.turn_player
        quiet = self.quiet
        self._phase = "discard"
        if not quiet:
            ev.append(Event(PHASE_CHANGED, {"phase": "discard", "player": p}))
        draw_n = HAND_SIZE
        for o in _OTHERS_FROM[self.num_players][p]:
            face = self.active_private(o)
            if face is None:
                continue
            ab = CARDS[face].ability
            if ab is not None and ab.type == "special" and ab.timing == "others_discard_phase":
                draw_n -= effects.SPECIALS[ab.handler].others_discard_phase(self, o, p, ev)
        if not quiet:
            for src, cards in ((PLAY_Z[p], self.play[p]), (HAND_Z[p], self.hand[p])):
                dst = DISCARD_Z[p]
                ev.extend(moved(c, src, dst, True) for c in cards)
        self.discard[p].extend(self.play[p])
        self.discard[p].extend(self.hand[p])
        self.play[p] = []
        self.hand[p] = []
        self.love = self.serving = self.employ = 0
        self.draw(p, max(0, draw_n), ev)
        self.turns[p] += 1
        if self.ending:
            self.finish(ev)
            return
        self.start_turn((p + 1) % self.num_players, ev)

    def check_end(self, ev: list[Event]) -> None:
        """TC-END1: two maid piles empty ends the game at once (or after this turn)."""
        if self.winners is not None or self.ending or self.maid_piles_empty() < 2:
            return
        ev.append(announce("tanto_cuore.log.piles_empty", player=self.turn_player))
        if self.options.finish_turn:
            self.ending = True
        else:
            self.finish(ev)

    def finish(self, ev: list[Event]) -> None:
        rows = self.score_rows()
        self.final = rows
        self.winners = winners(rows)
        self.pending = None
        self.tasks = []
        for p, row in enumerate(rows):
            ev.append(Event(SCORED, {"player": p, "breakdown": dict(row)}))
            ev.append(Event(SCORE_CHANGED, {"player": p, "delta": row["total"],
                                            "total": row["total"]}))
        ev.append(Event(GAME_OVER, {"winners": list(self.winners), "scores": self.scores()}))

    # ---------------------------------------------------------------- view
    def view(self, viewer: int | None) -> TCView:
        n = self.num_players
        seat = viewer if viewer is not None and 0 <= viewer < n else None
        omni = viewer == OMNISCIENT
        pend = self.pending
        user = pend.get("player") if pend else None
        peek = seen = None
        public_pending = None
        if pend is not None:
            public_pending = _freeze({k: v for k, v in pend.items() if k != "seen"})
            if pend["kind"] == "eliza_decide" and (omni or seat == pend["by"]):
                peek = self.deck[pend["target"]][-1]
            if "seen" in pend and (omni or seat == user):
                seen = pend["seen"]
        # positional, in TCView's field order (a 38-keyword call costs more than the fields)
        return TCView(
            viewer,  # viewer
            n,  # num_players
            self._options_dump.copy(),  # options
            self.phase,  # phase
            self._phase,  # main_phase
            self.current_player(),  # current
            self.turn_player,  # turn_player
            self.turn_no,  # turn_no
            tuple(self.turns),  # turns
            self.love,  # love
            self.serving,  # serving
            self.employ,  # employ
            self.start_used,  # start_used
            self.trigger_used,  # trigger_used
            self.ending,  # ending
            self.kinds,  # kinds
            _counts(self.town),  # town
            _counts(self.box),  # box
            tuple(self.priv_up),  # private_up
            len(self.priv_pile),  # private_pile_count
            tuple(map(len, self.deck)),  # deck_counts
            tuple(map(len, self.hand)),  # hand_counts
            tuple(map(tuple, self.discard)),  # discards
            tuple(map(tuple, self.play)),  # plays
            tuple(map(_home_view, self.chambers)),  # chambers: (face, illnesses)
            tuple(map(_home_view, self.privates)),  # privates
            tuple(self.habits),  # habits
            tuple(sorted(self.hand[seat], key=_ORDER_KEY)) if seat is not None else None,  # hand
            self._pools(viewer),  # pools
            tuple(self.swaps),  # swaps
            public_pending,  # pending
            tuple(map(_freeze, self.tasks)) if self.tasks else (),  # tasks
            peek,  # peek
            seen,  # seen
            tuple(self.winners) if self.winners is not None else None,  # winners
            tuple(tuple(r.items()) for r in self.final) if self.final else None,  # final
            tuple(tuple(sort_faces(h)) for h in self.hand) if omni else None,  # all_hands
        )

    def _pools(self, viewer: int | None) -> tuple[tuple[tuple[int, ...], tuple[str, ...]], ...]:
        """Deck+hand composition per player; players mixed by an Eugenie swap the viewer was
        not part of are merged into one group (the viewer cannot tell which card went where)."""
        n = self.num_players
        if not self.swaps:  # the usual case: one group per player
            deck, hand = self.deck, self.hand
            return tuple([((q,), tuple(sorted(deck[q] + hand[q], key=_ORDER_KEY)))
                          for q in range(n)])
        parent = list(range(n))

        def find(x: int) -> int:
            while parent[x] != x:
                x = parent[x]
            return x

        if viewer != OMNISCIENT:
            for a, b in self.swaps:
                if viewer not in (a, b):
                    parent[find(a)] = find(b)
        groups: dict[int, list[int]] = {}
        for q in range(n):
            groups.setdefault(find(q), []).append(q)
        out = []
        for members in sorted(groups.values()):
            cards: list[str] = []
            for q in members:
                cards.extend(self.deck[q])
                cards.extend(self.hand[q])
            out.append((tuple(members), tuple(sort_faces(cards))))
        return tuple(out)


def _home_view(maids: list[list[Any]]) -> tuple[tuple[str, int], ...]:
    """A private quarters' chambermaids or private maids as (face, illnesses) pairs."""
    return tuple(map(tuple, maids)) if maids else ()  # type: ignore[arg-type]


def _distinct(cards: list[str]) -> list[str]:
    return sorted(set(cards), key=_ORDER_KEY)


_ORDER_KEY = ORDER.__getitem__


def _counts(piles: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """(face, count) for every pile, in card order."""
    faces = _sorted_faces(tuple(piles))
    return tuple(zip(faces, map(piles.__getitem__, faces), strict=True))


class TantoCuoreSpec(GameSpec[TantoCuoreOptions]):
    id = "tanto_cuore"
    min_players = 2
    max_players = MAX_PLAYERS
    recommended_players = (2, 4)
    options_model = TantoCuoreOptions
    view_type = TCView

    def new_game(self, seed: int, num_players: int,
                 options: TantoCuoreOptions | Mapping[str, Any] | None = None, *,
                 quiet: bool = False) -> tuple[TCState, list[Event]]:
        self.check_players(num_players)
        opts = self.parse_options(options)
        rng = GameRng(seed)
        state = TCState(num_players, opts, rng)
        state.quiet = quiet
        ev: list[Event] = EventSink() if quiet else []
        # TC-S1: the town.
        if opts.kinds is not None:
            kinds = list(opts.kinds)
        elif opts.town == "recommended":
            kinds = list(RECOMMENDED_TOWN)
        else:
            kinds = rng.sample(list(GENERAL_KINDS), TOWN_KINDS)
        state.kinds = tuple(sort_faces(kinds))
        for f in (*LOVE_CARDS, *CHIEFS, *state.kinds):
            state.town[f] = CARDS[f].copies
        for f in GENERAL_KINDS:
            if f not in state.kinds:
                state.box[f] = CARDS[f].copies
        for f in EVENTS:
            if opts.events:
                state.town[f] = CARDS[f].copies
            else:
                state.box[f] = CARDS[f].copies
        if opts.private_maids:
            state.priv_pile = list(PRIVATE_MAIDS)
            rng.shuffle(state.priv_pile)
            ev.append(Event(SHUFFLED, {"zone": "private_pile", "count": len(state.priv_pile)}))
            for _ in range(2):
                c = state.priv_pile.pop()
                state.priv_up.append(c)
                ev.append(moved(c, "private_pile", "private_up", True))
        else:
            for f in PRIVATE_MAIDS:
                state.box[f] = 1
        ev.append(announce("tanto_cuore.log.town", kinds=list(state.kinds)))
        # TC-K1: the starting decks come out of the town piles.
        for p in range(num_players):
            for face, k in (("love1", 7), ("colette", 3)):
                state.town[face] -= k
                state.deck[p].extend([face] * k)
                for _ in range(k):
                    ev.append(moved(face, f"town:{face}", zone("deck", p), False, frozenset()))
            rng.shuffle(state.deck[p])
            ev.append(Event(SHUFFLED, {"zone": zone("deck", p), "count": len(state.deck[p])}))
        for p in range(num_players):
            state.draw(p, HAND_SIZE, ev)
        first = rng.randrange(num_players)
        ev.append(announce("tanto_cuore.log.first_player", player=first))
        state.start_turn(first, ev)
        state.run(ev)
        return state, ([] if quiet else ev)

    # UNDO-1: with one person against computers, undo reaches back to the start of the
    # person's previous turn, never before
    undo_barrier_reason = "turn"

    def undo_barrier(self, event: Event, seat: int) -> bool:
        """The start of one of `seat`'s own turns."""
        return event.kind == TURN_STARTED and event.data.get("player") == seat

    def undo_barriers_crossed(self, state: GameState, seat: int) -> int:
        """In the person's own turn, undo may go back across its start into their previous
        turn; while someone else's turn is under way, their latest turn is the previous one."""
        assert isinstance(state, TCState)
        return 1 if state.turn_player == seat and not state.is_terminal() else 0

    def bridge_answer(self, state: GameState, record_version: int) -> Action | None:
        """Records before version 2 were made when only a holder of Claire was asked about her
        (TC-E1 now asks every target): a target without her answers "decline"."""
        if record_version < 2 and state.phase == "claire_reaction" and \
                state.legal_actions() == [effects.DECLINE]:
            return effects.DECLINE
        return None

    def determinize(self, view: TCView, rng: GameRng) -> TCState:
        """A full state that fits `view`: hidden cards sampled from what the viewer can't see."""
        opts = TantoCuoreOptions.model_validate(view.options)
        n = view.num_players
        state = TCState(n, opts, GameRng(rng.getrandbits(63)))
        me = view.viewer if view.viewer is not None and 0 <= view.viewer < n else None
        state.kinds = view.kinds
        state.town = dict(view.town)
        state.box = dict(view.box)
        state.priv_up = list(view.private_up)
        owned_pm = {m[0] for x in view.privates for m in x}
        pile = [f for f in PRIVATE_MAIDS
                if f not in owned_pm and f not in view.private_up and f not in state.box]
        rng.shuffle(pile)
        assert len(pile) == view.private_pile_count, "private pile does not match the view"
        state.priv_pile = pile
        state.discard = [list(d) for d in view.discards]
        state.play = [list(x) for x in view.plays]
        state.chambers = [[[f, k] for f, k in x] for x in view.chambers]
        state.privates = [[[f, k] for f, k in x] for x in view.privates]
        state.habits = list(view.habits)
        pend = dict(view.pending) if view.pending is not None else None
        eliza_target = pend["target"] if pend and pend["kind"] == "eliza_decide" else None
        eug_target = pend["target"] if pend and pend["kind"] == "eugenie_swap" else None
        for members, cards in view.pools:
            pool = list(cards)
            fixed: dict[int, list[str]] = {}
            if me in members:
                assert view.hand is not None
                fixed[me] = list(view.hand)
                for c in view.hand:
                    pool.remove(c)
            top: dict[int, str] = {}
            if eliza_target in members and view.peek is not None:
                pool.remove(view.peek)
                top[eliza_target] = view.peek
            seen_card = None
            if eug_target in members and view.seen is not None:
                pool.remove(view.seen)
                seen_card = view.seen
            rng.shuffle(pool)
            for q in members:
                if q in fixed:
                    hand = fixed[q]
                else:
                    k = view.hand_counts[q] - (1 if q == eug_target and seen_card else 0)
                    hand, pool = pool[:k], pool[k:]
                    if q == eug_target and seen_card is not None:
                        hand = [*hand, seen_card]
                state.hand[q] = hand
                k = view.deck_counts[q] - (1 if q in top else 0)
                deck, pool = pool[:k], pool[k:]
                if q in top:
                    deck.append(top[q])
                state.deck[q] = deck
            assert not pool, "deck and hand counts do not match the pool"
        if pend is not None and pend["kind"] == "eugenie_swap":
            pend["seen"] = view.seen if view.seen is not None else \
                state.hand[pend["target"]][rng.randrange(view.hand_counts[pend["target"]])]
        state.pending = pend
        state.tasks = [dict(t) for t in view.tasks]
        state.turn_player = view.turn_player
        state._phase = view.main_phase
        state.love, state.serving, state.employ = view.love, view.serving, view.employ
        state.start_used, state.trigger_used = view.start_used, view.trigger_used
        state.turns = list(view.turns)
        state.turn_no = view.turn_no
        state.ending = view.ending
        state.swaps = list(view.swaps)
        if view.winners is not None:
            state.winners = list(view.winners)
            state.final = [dict(r) for r in view.final] if view.final else None
        return state

    action_count_keys: ClassVar[tuple[str, ...]] = (
        "events_played", "illness_played", "bad_habit_played", "illness_cured",
        "private_maids_employed")

    def count_action(self, player: int, action: Any, tally: dict[str, float]) -> None:
        key = None
        if action.kind == "employ" and action.card in EVENTS:
            tally["events_played"] = tally.get("events_played", 0.0) + 1
            key = f"{action.card}_played"
        elif action.kind == "employ" and action.card in PRIVATE_MAIDS:
            key = "private_maids_employed"
        elif action.kind == "cure":
            key = "illness_cured"
        if key is not None:
            tally[key] = tally.get(key, 0.0) + 1

    def metrics(self, state: GameState) -> list[dict[str, float]]:
        assert isinstance(state, TCState)
        out = []
        for p, (s, t) in enumerate(zip(state.scores(), state.turns, strict=True)):
            faces = [m[0] for m in state.chambers[p]]
            row = {"mean_vp": s, "mean_turns": float(t),
                   "chambermaids": float(len(faces)),
                   "chambermaids_crescent": float(sum(f in CRESCENTS for f in faces)),
                   "chambermaids_safran": float(faces.count("safran")),
                   "chambermaids_colette": float(faces.count("colette"))}
            out.append(row)
        return out


CRESCENTS = frozenset({"azure", "viola", "rouge"})  # the Crescent sisters' chambermaid set

SPEC = TantoCuoreSpec()

__all__ = ["SPEC", "TCState", "TCView", "TantoCuoreOptions", "TantoCuoreSpec"]

# every special handler named in the data must exist
effects.check_handlers()
