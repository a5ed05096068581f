"""Card flights: the one card-move animation of every table, and the hooks a table changes.

A table is handed redacted events; for each `card_moved` the card flies from its zone's rect
to the other's (`move_rects`), leaving the source mirror when it starts and joining the
destination when it lands (`move_updates`), at the table's pace and sound (`move_pace`);
moves of one stream (`move_stream`, e.g. a deal or a turn's clean-up) fly as one group.
Mixed into `TableScene` (the hooks are the table's methods).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from cardtable.core.events import CARD_MOVED, SHUFFLED, Event
from cardtable.ui import cardart, gfx
from cardtable.ui.anim import Director, FlightSpec
from cardtable.ui.tables.kit import flight_art
from cardtable.ui.tables.kit.zones import take_from

STREAM_STAGGER = 0.045  # seconds between two cards of a stream (`CardFlights.move_stream`)
FLIGHT_SIZE = (92, 129)


class CardFlights:
    """Mix in before `TableScene` (it is one of its bases)."""

    # supplied by TableScene
    app: Any
    zones: dict[str, list[str | None]]
    log_lines: list[str]
    log_scroll: int
    director: Director
    info: Any

    def describe(self, ev: Event) -> str | None:
        raise NotImplementedError

    def zone_rect(self, zone: str) -> pygame.Rect:
        raise NotImplementedError

    def game_event(self, ev: Event, director: Director) -> float:
        """Start a game-specific animation for `ev`; return the wait before the next event."""
        return 0.0

    # The table log follows the table: an event's line shows when the table shows the event,
    # a moved card's when the card lands (not when it leaves), and the lines keep the events'
    # order (a line waits for the card lines before it). `log_queue` holds the lines not shown
    # yet, each [line, shown now]; a table that rebuilds its log empties it.
    log_queue: list[list[Any]]
    _landing_entry: list[Any] | None = None

    def _queue_line(self, ev: Event) -> list[Any] | None:
        """Word `ev` for the log now (the describer reads the events in order); a moved
        card's line is returned to be shown when the card lands."""
        line = self.describe(ev)
        if not line:
            return None
        entry = [line, ev.kind != CARD_MOVED]
        self.log_queue.append(entry)
        self._flush_log()
        return None if entry[1] else entry

    def _flush_log(self) -> None:
        queue = self.log_queue
        while queue and queue[0][1]:
            self.log_lines.append(queue.pop(0)[0])
            self.log_scroll = 0

    def _line_shown(self, entry: list[Any] | None) -> None:
        if entry is not None and not entry[1]:
            entry[1] = True
            self._flush_log()

    def reset_log_queue(self) -> None:
        """The log was rebuilt from the events (they are all in it): nothing waits."""
        self.log_queue = []
        self._landing_entry = None

    def _handle_event(self, ev: Event, director: Director) -> float:
        self._landing_entry = self._queue_line(ev)
        wait = 0.0
        if ev.kind == CARD_MOVED:
            wait = self._card_moved(ev, director)
        elif ev.kind == SHUFFLED:
            self.app.play_sound("shuffle")
            wait = 0.25
        wait = max(wait, self.game_event(ev, director))
        # a move that flew no card (a table's own way of showing it): its line shows now
        self._line_shown(self._landing_entry)
        self._landing_entry = None
        return wait

    def _card_moved(self, ev: Event, director: Director) -> float:
        """The one card-move animation: the card flies from its zone's rect to the other's,
        leaving the source mirror when it starts and joining the destination when it lands.
        A table changes where (`move_rects`), how the mirrors change (`move_updates`) and
        the pace and sound (`move_pace`); moves of one stream (`move_stream`) fly as one
        group (`_fly_stream`)."""
        stream = self.move_stream(ev)
        if stream is not None:
            return self._fly_stream(ev, stream, director)
        card = ev.data.get("card")
        src_rect, dst_rect = self.move_rects(ev)
        take, land = self.move_updates(ev)
        duration, wait, sound = self.move_pace(ev)
        director.fly(card, src_rect, dst_rect, duration, on_start=take,
                     on_land=self._landing(ev, land))
        if sound:
            self.app.play_sound(sound)
        return wait

    def move_stream(self, ev: Event) -> Hashable | None:
        """The stream a card move belongs to (hook), e.g. a deal or a turn's cleanup: the
        moves of one stream queued one right after another fly as one group. None (the
        default): the card flies on its own."""
        return None

    def _fly_stream(self, first: Event, stream: Hashable, director: Director) -> float:
        """`first` and the moves of its stream queued right after it as one group flight
        (`Director.fly_group`): the cards leave one after another, `stream_pace`'s stagger
        apart, each leaving its source mirror as it starts and joining its destination as
        it lands (so no count is ever ahead of or behind the cards). Returns the wait until
        the last one has landed: the next event sees the mirrors as the rules left them."""
        run = [first]
        queue = director.queue
        entries = [self._landing_entry]
        while queue and queue[0].kind == CARD_MOVED and self.move_stream(queue[0]) == stream:
            ev = queue.popleft()
            entries.append(self._queue_line(ev))  # each card's line as it lands
            run.append(ev)
        specs = []
        for ev, entry, (src, dst) in zip(run, entries, self.stream_rects(run), strict=True):
            take, land = self.move_updates(ev)
            self._landing_entry = entry
            specs.append(FlightSpec(ev.data.get("card"), src, dst, take,
                                    self._landing(ev, land)))
        duration, stagger, sound = self.stream_pace(run)
        if sound:
            self.app.play_sound(sound)
        wait = director.fly_group(specs, duration, stagger)
        for ev in run[1:]:  # the table hears every event (the first: by `_handle_event`)
            wait = max(wait, self.game_event(ev, director))
        return wait

    def stream_rects(self, run: Sequence[Event]) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """Where each card of a stream flies from and to: `move_rects` against the mirrors
        as they will be when that card leaves and lands (every card before it taken and
        landed; a stream's sources and destinations are different zones, so the order of
        the others' landings does not matter)."""
        real = self.zones
        self.zones = {k: list(v) for k, v in real.items()}
        try:
            out = []
            for ev in run:
                out.append(self.move_rects(ev))
                take, land = self.move_updates(ev)  # bound to the copy
                take()
                land()
            return out
        finally:
            self.zones = real

    def stream_pace(self, run: Sequence[Event]) -> tuple[float, float, str | None]:
        """A stream's flight time per card, the stagger between two cards and its sound
        (hook): by default the first card's `move_pace`, `STREAM_STAGGER` apart."""
        duration, _wait, sound = self.move_pace(run[0])
        return duration, STREAM_STAGGER, sound

    def move_rects(self, ev: Event) -> tuple[pygame.Rect, pygame.Rect]:
        """Where a moved card flies from and to (hook)."""
        return self.zone_rect(ev.data["src"]), self.zone_rect(ev.data["dst"])

    def move_updates(self, ev: Event) -> tuple[Callable[[], None], Callable[[], None]]:
        """What a moved card does to the zone mirrors when it leaves and when it lands
        (hook): by default `move_steps`."""
        return self.move_steps(ev.data["src"], ev.data["dst"], ev.data.get("card"))

    def move_landed(self, ev: Event) -> None:
        """What else a moved card changes on the table when it lands (hook; e.g. a counter
        that follows the cards). Not called when the kit only works out where cards go."""

    def _landing(self, ev: Event, land: Callable[[], None]) -> Callable[[], None]:
        entry, self._landing_entry = self._landing_entry, None  # the card's log line

        def landed() -> None:
            land()
            self.move_landed(ev)
            self._line_shown(entry)
        return landed

    def move_steps(self, src: str, dst: str, card: str | None
                   ) -> tuple[Callable[[], None], Callable[[], None]]:
        """What a card's flight does to the zones: when it leaves, it is taken from `src` (that
        face, else a back, else the top card); when it lands, it is added to `dst`."""
        zones = self.zones

        def take() -> None:
            take_from(zones.setdefault(src, []), card)

        def land() -> None:
            zones.setdefault(dst, []).append(card)
        return take, land

    def move_pace(self, ev: Event) -> tuple[float, float, str | None]:
        """A moved card's flight time, the wait before the next event and the sound (hook)."""
        deck = ev.data["src"] == "deck"
        return 0.32, 0.09 if deck else 0.3, "deal" if deck else "play"

    def card_back(self, size: tuple[int, int]) -> gfx.Image:
        """The back of this game's cards (flights drawn face down use it)."""
        return cardart.back(size)

    def name_rects(self) -> list[pygame.Rect]:
        """Where the seats' names are drawn on their plates (hook): a card in flight passes
        under them, so a flying card never hides whose seat it is."""
        return []

    def draw_flights(self, surface: gfx.Image) -> None:
        """Cards in flight, face up or with `card_back`, shadowed and scaled to their size,
        under the seats' names (`name_rects`, painted again from the table's picture)."""
        flights = self.director.flights
        for flight in flights:
            if flight.face is not None:
                img = cardart.face(self.info.game_id, flight.face, FLIGHT_SIZE)
            else:
                img = self.card_back(FLIGHT_SIZE)
            flight_art.draw_flight(surface, flight.rect(), img,
                                   (flight.src.size, flight.dst.size))
        frame = getattr(self, "_frame", None)
        if not flights or frame is None or frame.get_size() != surface.get_size():
            return
        for r in self.name_rects():
            if any(r.colliderect(f.rect().inflate(24, 24)) for f in flights):
                surface.blit(frame, r.topleft, r)
