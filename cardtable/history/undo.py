"""Undo (悔棋) for human moves, decided generically from each action's events (pure, no UI).

Two rules (rules-decisions.md), chosen by who sits at the table:

- UNDO-1, one person at the screen and only computers besides (`one_person`): the person's
  last decision is taken back with everything the computers did after it, whatever they
  revealed (the record is replayed without them, so they play again from the same seeded
  state), and pressed again it goes further back; but never across the start of a new round
  or deal. Where a round starts is the game's to say, from the events: `GameSpec.undo_barrier`
  (by default a `round_started` event: Cirno's round, 8½'s deal, Wizard's round) and how many
  such starts an undo may still cross now, `GameSpec.undo_barriers_crossed` (Tanto Cuore:
  the start of the person's own turns; in their turn it may cross the one that began it,
  so undo goes back to the start of their previous turn, never before). A solo game's undo
  is a convenience; every use is marked in the statistics.
- UNDO-2, two or more people at one screen (or online), the strict rule of Board Game Arena:
  only while nothing hidden or random has been revealed since and nobody else, person or
  computer, has acted. An action *closes the undo window* when
  - the game's RNG was used (`Match.random_steps`) or it emitted a `shuffled` event;
  - it emitted a `revealed` event, or any event kind ending in `_revealed` (e.g. Wizard's
    `bids_revealed`): hidden values made known;
  - a `card_moved` took a card out of a hidden zone and someone learned it: face down with a
    secret whose audience names a seat that did not know the zone's cards (a draw, a pass, a
    swap), or face up (a card turned over, a card played from a hand). One exception, unless
    `strict`: the undoing seat playing face up a card of its *own* zone that it knew (its
    hand): it learns nothing and only gives its own card away;
  - any other event carries a secret shown to someone other than the actor.
  Who knows a zone's cards is learned from the events (`ZoneTracker`): decks and shuffled zones
  are unknown to all, a hand is known to its owner, a face-down card is known to its audience.
  (`strict=True` asks for this rule, own face-up cards closing too, whoever sits at the table.)

Undo points for a seat are the action counts `n` it may go back to (the action at `n` was the
seat's own decision, `n >= match.undo_floor`), latest first. Undo itself replays the record
minus the tail (`undo_to`, over `Match.truncated`); history is never changed in place. Nothing is offered when
the seat is not human (so an all-AI game never offers undo) or the game is over. UNDO-3 (a
lesson: a refused move changes nothing, no undo offered) is the lesson table's.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable

from cardtable.core.events import CARD_MOVED, REVEALED, SHUFFLED, Event
from cardtable.core.match import Match

HIDDEN_ZONE_NAMES = frozenset({"hand", "deck", "draw_pile"})
# zones whose cards their owner knows (a hand); a bank or blind card is unknown even to its owner
OWN_KNOWN_ZONE_NAMES = frozenset({"hand"})


def zone_base(z: str) -> str:
    """The zone's name without its owner: "hand:2" -> "hand"."""
    return z.partition(":")[0]


def zone_seat(z: str) -> int | None:
    """The seat owning a zone ("hand:2" -> 2); None for shared zones (and "town:love1")."""
    _, _, owner = z.partition(":")
    return int(owner) if owner.isdigit() else None


class ZoneTracker:
    """Learns from the events, in order, which seats know every card in each zone.

    `known_by(z)` is None when the zone's cards are public (known to all), else the set of seats
    who know them all. A deck starts unknown to all, a hand known to its owner, any other zone
    public; a shuffle makes a zone unknown to all; a face-down card arriving keeps only the
    seats in its secret audience (none when it has no secret).
    """

    def __init__(self) -> None:
        self._known: dict[str, frozenset[int] | None] = {}

    def known_by(self, z: str) -> frozenset[int] | None:
        if z in self._known:
            return self._known[z]
        base = zone_base(z)
        if base in HIDDEN_ZONE_NAMES:
            owner = zone_seat(z)
            return frozenset({owner}) if base in OWN_KNOWN_ZONE_NAMES and owner is not None \
                else frozenset()
        return None

    def is_hidden(self, z: str) -> bool:
        return self.known_by(z) is not None

    def knows(self, seat: int | None, z: str) -> bool:
        known = self.known_by(z)
        return known is None or (seat is not None and seat in known)

    def feed(self, events: Iterable[Event]) -> None:
        for e in events:
            if e.kind == SHUFFLED and isinstance(e.data.get("zone"), str):
                self._known[e.data["zone"]] = frozenset()
            elif e.kind == CARD_MOVED and not e.data.get("face_up", False):
                dst = e.data.get("dst")
                if isinstance(dst, str):
                    learners = e.audience if e.secret is not None else frozenset()
                    known = self.known_by(dst)
                    self._known[dst] = learners if known is None else known & learners


def closing_reason(events: Iterable[Event], actor: int | None, undoer: int | None,
                   zones: ZoneTracker, *, random_used: bool = False, strict: bool = False
                   ) -> str | None:
    """Why these events (of one action by `actor`) close the undo window for `undoer`.

    Returns None when the action can be taken back. `zones` must have been fed every earlier
    event; this function feeds it these events too (in order), so call it once per action.
    """
    found: set[str] = {"random"} if random_used else set()
    for e in events:
        r = _event_reason(e, actor, undoer, zones, strict)
        if r is not None:
            found.add(r)
        zones.feed([e])
    # the gravest reason is named: what was shown to someone outweighs a draw or a shuffle
    # (one person may take back the latter, never the former)
    return next((r for r in REASON_ORDER if r in found), None)


REASON_ORDER = ("revealed", "secret", "drawn", "random")


def _event_reason(e: Event, actor: int | None, undoer: int | None, zones: ZoneTracker,
                  strict: bool) -> str | None:
    if e.kind == SHUFFLED:
        return "random"
    if e.kind == REVEALED or e.kind.endswith("_revealed"):
        return "revealed"
    if e.kind == CARD_MOVED:
        src = e.data.get("src")
        if not isinstance(src, str) or not zones.is_hidden(src):
            return None
        if e.data.get("face_up", False):
            own = zone_seat(src) == actor == undoer and zones.knows(actor, src)
            if own and not strict:
                return None
            # turned up from a pile nobody knew (the deck, 8½'s bank): like a draw, the seed
            # decides it; a card someone knew (another's hand) shown to all is a reveal
            return "drawn" if zones.known_by(src) == frozenset() else "revealed"
        if e.secret is not None and any(not zones.knows(p, src) for p in e.audience):
            return "drawn"
        return None
    if e.secret is not None and any(p != actor for p in e.audience):
        return "secret"
    return None


def closing_actions(match: Match, undoer: int | None, *, strict: bool = False
                    ) -> list[str | None]:
    """Per action of `match`: why it closes the undo window for `undoer` (None = it does not).
    Kept until the match moves on (every viewer's frame asks after each action)."""
    key = (len(match.history), len(match.log), undoer, strict)
    kept = _closing_cache.get(match)
    if kept is not None and kept[0] == key:
        return list(kept[1])
    zones = ZoneTracker()
    setup_end = match.marks[0] if match.marks else len(match.log)
    zones.feed(match.log[:setup_end])
    out: list[str | None] = []
    for i in range(len(match.history)):
        out.append(closing_reason(match.action_events(i), match.actors[i], undoer, zones,
                                  random_used=match.random_steps[i], strict=strict))
    _closing_cache[match] = (key, out)
    return list(out)


_closing_cache: weakref.WeakKeyDictionary[
    Match, tuple[tuple[int, int, int | None, bool], list[str | None]]] = \
    weakref.WeakKeyDictionary()


_cache: weakref.WeakKeyDictionary[Match, dict[tuple[int, int, bool, int], list[int]]] = \
    weakref.WeakKeyDictionary()


def one_person(match: Match) -> bool:
    """One person at the table, the rest computers: UNDO-1 holds (else UNDO-2)."""
    return sum(1 for s in match.seats if s.kind == "human") == 1


lenient = one_person  # the earlier name


def barriers_in(match: Match, n: int, seat: int) -> int:
    """How many events of action `n` begin a stretch of play that the undo of `seat` does not
    reach back across (`GameSpec.undo_barrier`: a new round or deal)."""
    return sum(1 for e in match.action_events(n) if match.spec.undo_barrier(e, seat))


def undo_points(match: Match, seat: int, *, strict: bool = False) -> list[int]:
    """Action counts the human at `seat` may go back to, latest first (empty: no undo).

    Cheap to call every frame: the answer is cached until the match changes."""
    if not 0 <= seat < len(match.seats) or match.seats[seat].kind != "human":
        return []
    if match.state.is_terminal():
        return []  # a finished game is saved and counted: no taking back the last move
    key = (len(match.history), seat, strict, match.undo_floor)
    per_match = _cache.setdefault(match, {})
    if key not in per_match:
        if any(k[0] != key[0] for k in per_match):  # the match moved on (every seat's answer
            per_match.clear()                        # at one moment is kept: they alternate)
        per_match[key] =  (_solo_points(match, seat) if one_person(match) and not strict
                          else _strict_points(match, seat, strict))
    return list(per_match[key])


def _solo_points(match: Match, seat: int) -> list[int]:
    """UNDO-1: the seat's own decisions back to the start of the round (whatever the computers
    did or showed since): an undo to `n` takes back actions n.. and so crosses every barrier
    their events hold."""
    return [n for n in range(len(match.history) - 1, solo_reach(match, seat) - 1, -1)
            if match.actors[n] == seat]


def solo_reach(match: Match, seat: int) -> int:
    """UNDO-1: the fewest actions an undo by `seat` may leave (it may go back to any own
    decision at or after this count, no further)."""
    allowed = match.spec.undo_barriers_crossed(match.state, seat)
    crossed = 0
    for n in range(len(match.history) - 1, match.undo_floor - 1, -1):
        crossed += barriers_in(match, n, seat)
        if crossed > allowed:
            return n + 1
    return match.undo_floor


def _strict_points(match: Match, seat: int, strict: bool) -> list[int]:
    """UNDO-2: the seat's own moves since anyone else acted or anything hidden or random was
    revealed."""
    last = len(match.history) - 1
    if last < match.undo_floor or match.actors[last] != seat:
        return []  # someone else acted last (or nothing to take back): no need to read events
    reasons = closing_actions(match, seat, strict=strict)
    points: list[int] = []
    for n in range(len(match.history) - 1, match.undo_floor - 1, -1):
        if reasons[n] is not None or match.actors[n] != seat:
            break
        points.append(n)
    return points


def why_not(match: Match, seat: int, *, strict: bool = False) -> str | None:
    """Why `seat` cannot take a move back now (a reason word), or None when it can:
    "over" (the game is finished), "none" (no own move yet since the last point of no
    return), UNDO-1's barrier (`GameSpec.undo_barrier_reason`: "round", a new round or deal
    began since; Tanto Cuore "turn", back past the start of the person's previous turn),
    UNDO-2's "other" (someone else, person or computer, moved since) or the closing reason of
    the action that closed the window: "drawn", "random", "revealed", "secret"."""
    if match.state.is_terminal():
        return "over"
    if undo_points(match, seat, strict=strict):
        return None
    if one_person(match) and not strict:
        # UNDO-1: own moves before the start of the round (or, once undone back to it, the
        # floor the undo left) are out of reach; none at all: nothing to take back
        return match.spec.undo_barrier_reason if seat in match.actors else "none"
    if seat not in match.actors[match.undo_floor:]:
        return "none"  # nothing of this person's to take back, whatever closed the window
    last = len(match.history) - 1
    if match.actors[last] != seat:
        return "other"
    return closing_actions(match, seat, strict=strict)[last] or "none"


def can_undo(match: Match, seat: int, *, strict: bool = False) -> bool:
    return bool(undo_points(match, seat, strict=strict))


def undo_to(match: Match, n: int, seat: int | None = None) -> Match:
    """The match as it was after `n` actions (a new Match, replayed from the record). With the
    undoing `seat` under UNDO-1, the new match keeps this one's reach as its `undo_floor`: a
    limit that depends on the position (Tanto Cuore's previous turn) is the one of the position
    the person undid from, so pressing again never opens an earlier turn."""
    back = match.truncated(n)
    if seat is not None and one_person(match):
        back.undo_floor = max(back.undo_floor, min(n, solo_reach(match, seat)))
    return back


def undo_last(match: Match, seat: int, *, strict: bool = False) -> Match | None:
    """Take back `seat`'s latest own move (and any AI moves after it); None if not allowed."""
    points = undo_points(match, seat, strict=strict)
    return undo_to(match, points[0], None if strict else seat) if points else None
