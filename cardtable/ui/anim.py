"""dt-driven animation: easing, tweens, card flights and the director that paces events.

The director takes redacted events in order and hands each to the table, which starts the
animations it wants (card flights, a counter tween, a banner) and says how long to wait before
the next event. Every duration is divided by the speed setting; `finish()` skips everything.
When the queue is empty and nothing moves, the table reconciles with the true view.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from cardtable.core.events import Event


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


@dataclass
class Tween:
    duration: float
    on_update: Callable[[float], None] | None = None
    on_done: Callable[[], None] | None = None
    delay: float = 0.0
    ease: Callable[[float], float] = ease_out_cubic
    elapsed: float = 0.0
    done: bool = False
    started: bool = False
    on_start: Callable[[], None] | None = None

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed < self.delay:
            return
        if not self.started:
            self.started = True
            if self.on_start:
                self.on_start()
        t = 1.0 if self.duration <= 0 else min(1.0, (self.elapsed - self.delay) / self.duration)
        if self.on_update:
            self.on_update(self.ease(t))
        if t >= 1.0:
            self.finish()

    def finish(self) -> None:
        if self.done:
            return
        if not self.started:
            self.started = True
            if self.on_start:
                self.on_start()
        if self.on_update:
            self.on_update(1.0)
        self.done = True
        if self.on_done:
            self.on_done()


@dataclass
class Flight:
    """A card travelling between two rectangles (face None = drawn as a back)."""

    face: str | None
    src: pygame.Rect
    dst: pygame.Rect
    t: float = 0.0
    tween: Tween | None = None

    def rect(self) -> pygame.Rect:
        t = self.t
        x = self.src.x + (self.dst.x - self.src.x) * t
        y = self.src.y + (self.dst.y - self.src.y) * t - 40 * 4 * t * (1 - t)
        w = self.src.w + (self.dst.w - self.src.w) * t
        h = self.src.h + (self.dst.h - self.src.h) * t
        return pygame.Rect(int(x), int(y), int(w), int(h))


@dataclass
class FlightSpec:
    """One card of a group flight (`Director.fly_group`)."""

    face: str | None
    src: pygame.Rect
    dst: pygame.Rect
    on_start: Callable[[], None] | None = None
    on_land: Callable[[], None] | None = None


@dataclass
class Director:
    """Paces events: one at a time, with waits chosen by the table, scaled by speed."""

    handle: Callable[[Event, Director], float]
    on_idle: Callable[[], None]
    speed: Callable[[], float]
    queue: deque[Event] = field(default_factory=deque)
    tweens: list[Tween] = field(default_factory=list)
    flights: list[Flight] = field(default_factory=list)
    wait: float = 0.0
    dirty: bool = False  # events were shown since the last reconcile
    # a scene over the table (a lesson's note) may stop the events in front of one it holds
    # true for: they stay queued (busy) until it no longer does
    hold: Callable[[Event], bool] | None = None

    @property
    def busy(self) -> bool:
        return bool(self.queue or self.tweens or self.wait > 0)

    @property
    def held(self) -> bool:
        """Everything before a held event is shown and the held one waits (see `hold`)."""
        return bool(self.queue and not self.tweens and self.wait <= 0 and
                    self.hold is not None and self.hold(self.queue[0]))

    def push(self, events: list[Event]) -> None:
        self.queue.extend(events)
        if events:
            self.dirty = True

    def add(self, tween: Tween) -> Tween:
        self.tweens.append(tween)
        return tween

    def fly(self, face: str | None, src: pygame.Rect, dst: pygame.Rect, duration: float,
            on_start: Callable[[], None] | None = None,
            on_land: Callable[[], None] | None = None,
            flight_cls: type[Flight] = Flight) -> Flight:
        """A card flying from `src` to `dst` (a `flight_cls`: its path and look)."""
        flight = flight_cls(face, pygame.Rect(src), pygame.Rect(dst))

        def upd(t: float) -> None:
            flight.t = t

        def done() -> None:
            if flight in self.flights:
                self.flights.remove(flight)
            if on_land:
                on_land()

        def start() -> None:
            self.flights.append(flight)
            if on_start:
                on_start()

        flight.tween = self.add(Tween(duration, upd, done, on_start=start,
                                      ease=ease_in_out_quad))
        return flight

    def fly_group(self, cards: Sequence[FlightSpec], duration: float, stagger: float,
                  flight_cls: type[Flight] = Flight, delay: float = 0.0) -> float:
        """Several cards flying one after another, each `stagger` seconds after the previous
        (a deal, a trick swept to its winner): one call instead of a wait per card. The first
        leaves after `delay` (a finished trick held a moment before it is swept). Returns
        the time until the last card has landed (the table's wait before the next event)."""
        for i, spec in enumerate(cards):
            flight = self.fly(spec.face, spec.src, spec.dst, duration, on_start=spec.on_start,
                              on_land=spec.on_land, flight_cls=flight_cls)
            assert flight.tween is not None
            flight.tween.delay = delay + i * stagger
        return delay + (len(cards) - 1) * stagger + duration if cards else 0.0

    def update(self, dt: float) -> None:
        speed = self.speed()
        sdt = dt * speed
        for tw in list(self.tweens):
            tw.update(sdt)
        self.tweens = [tw for tw in self.tweens if not tw.done]
        if self.wait > 0:
            self.wait = max(0.0, self.wait - sdt)
        while self.wait <= 0 and self.queue:
            if self.hold is not None and self.hold(self.queue[0]):
                break
            ev = self.queue.popleft()
            self.wait = self.handle(ev, self)
        if not self.busy and self.dirty:
            self.dirty = False
            self.on_idle()

    def finish(self, until: Callable[[Event], bool] | None = None) -> None:
        """Skip: run every queued event and finish every animation now. With `until`, stop
        after the first event it holds true for (a round's end whose dialog must show over
        the table as it was): the events after it stay queued."""
        stopped = False
        for _ in range(10000):
            for tw in list(self.tweens):
                tw.finish()
            self.tweens = [tw for tw in self.tweens if not tw.done]
            if not self.queue or stopped:
                break
            if self.hold is not None and self.hold(self.queue[0]):
                stopped = True
                break
            ev = self.queue.popleft()
            self.handle(ev, self)
            stopped = until is not None and until(ev)
        self.wait = 0.0
        self.flights.clear()
        if stopped:
            return
        if self.dirty:
            self.dirty = False
            self.on_idle()

    def clear(self) -> None:
        """Drop everything (the table is about to be rebuilt from a view)."""
        self.queue.clear()
        self.tweens.clear()
        self.flights.clear()
        self.wait = 0.0
        self.dirty = False
