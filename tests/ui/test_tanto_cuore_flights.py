"""Tanto Cuore's card streams as group flights (issues 16/17): a turn's end (played and hand
cards to the discard pile, the new hand drawn) and the opening (the starting decks built, the
first hands dealt) each fly as one `Director.fly_group` with a stagger; the zone mirrors
change exactly when each card leaves and lands, so when the next event comes (a reshuffle,
the next turn) every count is what the rules say; cards the viewer may not see fly face down.

State-level: the director's tweens and flights, the mirrors' counts, the events' order."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Any

import pytest

from cardtable.core.actions import Action
from cardtable.core.events import CARD_MOVED, SHUFFLED, TURN_STARTED, Event, zone_name
from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.ui.tables.tanto_cuore_table import (
    LOVE_STAGGER,
    STREAM_FLIGHT,
    STREAM_STAGGER,
    TantoCuoreTableScene,
)
from tests.hosting import table_for
from tests.ui.test_tanto_cuore_kit import _table  # a table showing an exact scenario

GAME = "tanto_cuore"
DT = 1 / 240  # small steps: several samples between two cards of a stream


class Spy:
    """Watches the director: at every event it handles, the mirrors' counts, the cards in the
    air and how many flights the event started; at every step, the counts and the flights."""

    def __init__(self, table: TantoCuoreTableScene) -> None:
        self.table = table
        self.director = d = table.director
        self.events = list(d.queue)
        self.handled: list[tuple[Event, Counter[str], int, int, float]] = []
        self.groups: list[tuple[Event, list[float], list[str | None]]] = []
        self.steps: list[tuple[float, Counter[str], list[Any]]] = []
        self.clock = 0.0
        handle = d.handle

        def spy(ev: Event, director: Any) -> float:
            pending = len([tw for tw in director.tweens if not tw.done])
            self.handled.append((ev, self.counts(), len(director.flights), pending,
                                 self.clock))
            before = set(map(id, director.tweens))
            wait = handle(ev, director)
            new = [tw for tw in director.tweens if id(tw) not in before]
            if new:
                faces = [f.face for f in self._flights_of(new)]
                self.groups.append((ev, [tw.delay for tw in new], faces))
            return wait
        d.handle = spy
        self._fly = d.fly
        self._made: list[Any] = []

        def fly(*args: Any, **kw: Any) -> Any:
            flight = self._fly(*args, **kw)
            self._made.append(flight)
            return flight
        d.fly = fly  # type: ignore[method-assign]

    def _flights_of(self, tweens: list[Any]) -> list[Any]:
        ids = set(map(id, tweens))
        return [f for f in self._made if id(f.tween) in ids]

    def counts(self) -> Counter[str]:
        return Counter({z: len(cards) for z, cards in self.table.zones.items()})

    def run(self, limit: float = 30.0) -> None:
        """Step the director (not the app: no computer acts) until it is idle."""
        d = self.director
        while d.busy and self.clock < limit:
            d.update(DT)
            self.clock += DT * self.table.app.anim_speed
            self.steps.append((self.clock, self.counts(), list(d.flights)))
        assert not d.busy, "the director never finished"

    def expected_before(self, ev: Event, start: Counter[str]) -> Counter[str]:
        """The zones' counts the rules had just before `ev`: `start` and every event before
        it (a card move: one from its source to its destination; a reshuffle: the discard
        pile into the deck)."""
        c = Counter(start)
        for e in self.events:
            if e is ev:
                return c
            if e.kind == CARD_MOVED:
                c[e.data["src"]] -= 1
                c[e.data["dst"]] += 1
            elif e.kind == SHUFFLED and e.data.get("from"):
                for z in e.data["from"]:
                    c[e.data["zone"]] += c[z]
                    c[z] = 0
        raise AssertionError("not one of the pushed events")


def _is_stream_head(table: TantoCuoreTableScene, ev: Event) -> bool:
    """A card move of a stream: into a deck (the opening), to a discard pile from a deck, a
    hand or the play area (a turn's end), or drawn from a deck into a hand."""
    if ev.kind != CARD_MOVED:
        return False
    sn, dn = zone_name(ev.data["src"]), zone_name(ev.data["dst"])
    return dn == "deck" or (sn in ("deck", "hand", "play") and dn == "discard") or \
        (sn, dn) == ("deck", "hand")


def _check_after_streams(spy: Spy, start: Counter[str]) -> int:
    """Every event handled right after a stream sees no card in the air and the mirrors as
    the rules had them then. Returns how many such events there were."""
    checked = 0
    handled = spy.handled
    for (prev, *_), (ev, counts, flying, pending, _t) in pairwise(handled):
        if not _is_stream_head(spy.table, prev):
            continue
        checked += 1
        assert flying == 0 and pending == 0, (ev.kind, flying, pending)
        want = spy.expected_before(ev, start)
        for z in set(want) | set(counts):
            assert counts[z] == want[z], (ev.kind, z, counts[z], want[z])
    return checked


# ---------------------------------------------------------------- a turn's end
def test_a_turns_end_is_one_staggered_group_and_no_count_is_ever_off(app):
    """Seat 0 ends a turn with 3 Love played and 2 maids in hand, 2 cards in the deck and 8
    in the discard pile: the 5 cards to the discard pile and the 2 drawn fly as one group;
    the reshuffle comes when they have all landed (the discard pile then holds all 13); the
    other 3 cards drawn are a second group, and the next turn starts when they have landed."""
    table = _table(app, hands={0: ["love1", "love1", "love2", "colette", "colette"]},
                   decks={0: ["love1", "colette"]}, discards={0: ["love1"] * 8},
                   phase="serve", serving=0)
    table.submit(Action("done"))  # to the employ phase: the Love cards are played
    Spy(table).run()
    assert len(table.zones["play:0"]) == 3 and len(table.zones["hand:0"]) == 2
    start = Counter({z: len(c) for z, c in table.zones.items()})
    total = sum(start[f"{k}:0"] for k in ("hand", "deck", "discard", "play"))
    table.submit(Action("done"))  # the turn ends
    spy = Spy(table)
    spy.run()

    # two groups: cleanup + the 2 cards the deck held, then the 3 drawn after the reshuffle
    streams = [(ev, delays, faces) for ev, delays, faces in spy.groups
               if _is_stream_head(table, ev)]
    assert [len(d) for _, d, _ in streams] == [7, 3]
    for _, delays, _faces in streams:
        steps = [b - a for a, b in pairwise(delays)]
        assert all(s == pytest.approx(STREAM_STAGGER) for s in steps), delays
    # the reshuffle and the next turn come only when every card has landed, and each sees
    # exactly the counts the rules had: the discard pile holds all 13 when it is shuffled
    assert _check_after_streams(spy, start) == 2
    shuffled = next(c for ev, c, *_ in spy.handled if ev.kind == SHUFFLED)
    assert shuffled["discard:0"] == 13 and shuffled["deck:0"] == 0
    nxt = next(c for ev, c, *_ in spy.handled if ev.kind == TURN_STARTED)
    assert nxt["hand:0"] == 5 and nxt["discard:0"] == 0 and nxt["deck:0"] == 10

    # at every moment a card is in exactly one mirror or in the air, and the cards leave one
    # after another: several in the air at once, never all of the first group at once
    in_air = [len(f) for _, _, f in spy.steps]
    for _, counts, flying in spy.steps:
        assert sum(counts[f"{k}:0"] for k in ("hand", "deck", "discard", "play")) \
            + len(flying) == total
    assert max(in_air) > 1 and all(b - a <= 1 for a, b in pairwise(in_air))
    # several moments of the first group: k stagger steps in, k+1 cards have left their
    # zone (the hand and the play area empty one card at a time) and none has landed
    t0 = next(t for ev, *_, t in spy.handled if ev is streams[0][0])
    for k in range(5):
        at = t0 + (k + 0.5) * STREAM_STAGGER
        _, counts, flying = min(spy.steps, key=lambda s: abs(s[0] - at))
        assert counts["play:0"] + counts["hand:0"] == 5 - (k + 1), (k, counts)
        assert counts["discard:0"] == 8 and len(flying) == k + 1, (k, counts, len(flying))
    # one flight after the first card left, it lands: the discard pile counts it then
    at = t0 + STREAM_FLIGHT + 0.5 * STREAM_STAGGER
    _, counts, flying = min(spy.steps, key=lambda s: abs(s[0] - at))
    assert counts["discard:0"] == 9

    # the whole stream waits less than a wait per card would (each card's flight in turn)
    t_shuffle = next(t for ev, *_, t in spy.handled if ev.kind == SHUFFLED)
    assert t_shuffle - t0 < 7 * STREAM_FLIGHT
    assert t_shuffle - t0 == pytest.approx(6 * STREAM_STAGGER + STREAM_FLIGHT, abs=2 * DT)


def test_the_love_cards_played_at_the_employ_phase_fly_as_one_group_counted_as_they_land(
        app):
    """Entering the employ phase plays every Love card in hand: they fly as one group,
    LOVE_STAGGER apart (each waited for its own flight before), and the Love counter goes up
    by each card's Love as it lands (three steps: 1, 1 and 2), not when it leaves."""
    table = _table(app, hands={0: ["love1", "love1", "love2", "colette", "colette"]},
                   decks={0: ["love1", "colette"]}, phase="serve", serving=0)
    table.submit(Action("done"))
    spy = Spy(table)
    seen: list[int] = []
    d = spy.director
    while d.busy and spy.clock < 30:
        d.update(DT)
        spy.clock += DT * table.app.anim_speed
        love = table.disp.get("love", 0)
        if not seen or seen[-1] != love:
            seen.append(love)
    loves = [(ev, delays) for ev, delays, _ in spy.groups
             if ev.kind == CARD_MOVED and zone_name(ev.data["dst"]) == "play"]
    assert len(loves) == 1 and len(loves[0][1]) == 3
    assert [b - a for a, b in pairwise(loves[0][1])] == [pytest.approx(LOVE_STAGGER)] * 2
    assert seen[0] == 0 and sorted(b - a for a, b in pairwise(seen)) == [1, 1, 2]
    assert len(table.zones["play:0"]) == 3


def test_cards_leave_from_where_they_lie_and_land_where_they_will_be_drawn(app):
    """The hand's cards fly from their own slots (left to right as the hand empties), the
    new hand lands slot by slot, each card where the fan draws it when it has landed."""
    table = _table(app, hands={0: ["colette", "love1", "colette", "love1", "colette"]},
                   decks={0: ["love1"] * 5}, phase="employ", employ=0)
    assert table.zones["hand:0"] == ["colette"] * 3 + ["love1"] * 2  # the view sorts it
    table.submit(Action("done"))  # discards colette, love1, colette, love1, colette
    spy = Spy(table)
    spy.run()
    group = spy._made[:10]
    assert len(spy.groups[0][1]) == 10  # one group: 5 to the discard pile, 5 drawn
    # each leaves the slot it has in the fan as it is then (the fan closes up behind it)
    hr = table.hand_rects
    assert [f.src for f in group[:5]] == [hr(5)[0], hr(4)[2], hr(3)[0], hr(2)[1], hr(1)[0]]
    assert all(f.dst == table.discard_rect() for f in group[:5])
    assert all(f.src == table.deck_rect() for f in group[5:])
    assert [f.dst for f in group[5:]] == [hr(i + 1)[-1] for i in range(5)]


# ---------------------------------------------------------------- the opening
@pytest.mark.parametrize("players", [2, 3])
def test_the_opening_builds_decks_and_deals_as_groups_with_private_faces_hidden(app,
                                                                                players):
    """A new game: each starting deck (7 Love, 3 Colette out of the town) is one group, the
    first hands are one group; the next event after each sees the rules' counts; the
    viewer's own cards fly face up, every other hand's face down."""
    seats = [Seat(kind="human", name="人0")] + \
        [Seat(kind="ai", name=f"電腦 {i}", agent="easy") for i in range(1, players)]
    match = Match(get_spec(GAME), 11, players, {}, seats)
    table = app.push(table_for(app, cls=TantoCuoreTableScene, match=match, autosave=False))
    start = Counter({z: len(c) for z, c in table.zones.items()})
    spy = Spy(table)
    spy.run()
    streams = [(ev, d, faces) for ev, d, faces in spy.groups if _is_stream_head(table, ev)]
    sizes = [len(d) for _, d, _ in streams]
    assert sizes == [10] * players + [5 * players]
    assert _check_after_streams(spy, start) == players + 1
    deal_ev, _, faces = streams[-1]
    run = [e for e in spy.events if e.kind == CARD_MOVED and zone_name(e.data["dst"]) == "hand"]
    mine = [f for e, f in zip(run, faces, strict=True) if e.data["dst"] == "hand:0"]
    others = [f for e, f in zip(run, faces, strict=True) if e.data["dst"] != "hand:0"]
    assert mine == list(match.state.hand[0]) and None not in mine
    assert others and all(f is None for f in others)
    assert all(f is None for _, _, fs in streams[:-1] for f in fs)  # decks: face down
