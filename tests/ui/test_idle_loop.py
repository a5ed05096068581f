"""A still screen costs nothing (issue 33): the app's loop draws and presents a frame only when
something changed — an event, an animation, a timer due, a worker finishing — and waits
otherwise; ambient motion runs at a low rate and settles. Driven with a fake clock and counted
presents (no timings)."""

from __future__ import annotations

import threading
from typing import Any

import pygame
import pytest

from cardtable.ui.app import WAKE_EVENT, App
from cardtable.ui.scene import MOVING, Scene


class FakeTime:
    """The loop's clock and its wait for events: waiting moves the clock on; events come at
    the times they are scheduled for (or from the real queue: a worker's wake)."""

    def __init__(self, app: App) -> None:
        self.t = 1000.0
        self.later: list[tuple[float, pygame.event.Event]] = []
        self.presented = 0
        self.areas: list[Any] = []
        self.app = app
        app.now = lambda: self.t  # type: ignore[method-assign]
        app.wait_events = self.wait  # type: ignore[method-assign]
        real = app.present

        def present(area: Any = None) -> None:
            self.presented += 1
            self.areas.append(area)
            real() if area is None else real(area)

        app.present = present  # type: ignore[method-assign]
        app.start_pacing()

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        real = pygame.event.get()
        if real:
            return real
        limit = self.t + (App.MAX_WAIT if timeout is None else max(0.0, min(timeout,
                                                                               App.MAX_WAIT)))
        self.later.sort(key=lambda x: x[0])
        if self.later and self.later[0][0] <= limit:
            when, event = self.later.pop(0)
            self.t = max(self.t, when)
            return [event]
        self.t = limit
        return []

    def post(self, after: float, event: pygame.event.Event) -> None:
        self.later.append((self.t + after, event))

    def run(self, passes: int) -> int:
        """Run `passes` passes of the loop; the frames presented meanwhile."""
        before = self.presented
        for _ in range(passes):
            self.app.run_once()
        return self.presented - before

    def run_for(self, seconds: float) -> int:
        before = self.presented
        end = self.t + seconds
        for _ in range(100000):
            if self.t >= end:
                break
            self.app.run_once()
        return self.presented - before

    def settle(self) -> None:
        """Past the full-rate moments after the last activity and any ambient motion."""
        self.run_for(10.0)


def motion(pos: tuple[int, int] = (300, 300)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))


class Probe(Scene):
    """A scene that moves, or waits for a timer, as a test tells it."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.moving = False
        self.timer: float | None = None
        self.updates = 0

    def update(self, dt: float) -> None:
        self.updates += 1
        if self.timer is not None:
            self.timer -= dt
            if self.timer <= 0:
                self.timer = None

    def draw(self, surface: Any) -> None:
        surface.fill((10, 20, 30))

    def next_frame(self) -> float | None:
        return MOVING if self.moving else self.timer


@pytest.fixture
def probe(app: App) -> tuple[Probe, FakeTime]:
    scene = Probe(app)
    app.push(scene)
    clock = FakeTime(app)
    clock.settle()
    return scene, clock


def test_a_still_scene_presents_no_frames_over_many_passes(probe) -> None:  # type: ignore[no-untyped-def]
    scene, clock = probe
    updates = scene.updates
    assert clock.run(2000) == 0
    assert scene.updates == updates  # nor updates nor draws it
    assert clock.t > 500  # the passes waited (half a second each) instead of spinning


@pytest.mark.parametrize("name", ["settings", "pause", "table", "curtain", "rules", "round",
                                  "results", "wizard_trick", "eight_half_wanted",
                                  "tanto_choice", "lesson_cirno", "cirno_hint"])
def test_still_screens_of_the_app_present_nothing_once_settled(app: App, name: str) -> None:
    from cardtable.ui.launch import open_scene
    from cardtable.ui.samples import open_sample
    if name in ("settings", "pause", "table", "curtain", "rules", "round", "results"):
        open_sample(app, name)
    else:
        open_scene(app, name)
    clock = FakeTime(app)
    assert clock.run(1) == 1  # the first frame is drawn
    # the deal, a lesson's scripted moves, the settling, the turn marker's bob at rest (a
    # lesson waiting for its reader is still too: its script's answer is no worker's)
    clock.run_for(30.0)
    assert clock.run(300) == 0


def test_an_event_causes_a_frame_then_the_loop_is_still_again(probe) -> None:  # type: ignore[no-untyped-def]
    _, clock = probe
    clock.post(5.0, motion())
    assert clock.run(9) == 0  # 4.5 s of waiting: nothing
    assert clock.run(1) == 1  # the motion at 5 s: a frame at once
    # full rate for a moment (hover highlights, a tooltip's rest time), then still again
    settle = clock.run_for(App.SETTLE + 0.2)
    assert 0 < settle <= App.SETTLE * App.FRAME_RATE + 2
    assert clock.run(200) == 0


def test_an_animation_draws_every_frame_while_it_runs(probe) -> None:  # type: ignore[no-untyped-def]
    scene, clock = probe
    scene.moving = True
    clock.post(0.0, motion())  # whatever started it
    assert clock.run(120) == 120
    assert clock.t - 1000 < 10 + 120 / App.FRAME_RATE + 1  # a frame every 1/60 s, no waiting
    scene.moving = False
    clock.run_for(App.SETTLE + 0.1)
    assert clock.run(100) == 0


def test_a_due_timer_causes_a_frame_when_it_is_due(probe) -> None:  # type: ignore[no-untyped-def]
    scene, clock = probe
    scene.timer = 3.0
    clock.post(0.0, motion())  # the scene starts its timer on an event
    clock.run(1)
    clock.run_for(App.SETTLE)
    start = clock.t
    updates = scene.updates
    frames = clock.run_for(2.0)
    assert frames == 0 and scene.updates == updates  # waiting for the timer
    clock.run_for(1.0)
    assert scene.timer is None  # it ran out: the frame came, with the time that passed
    assert clock.t - start >= 2.0
    assert clock.run(100) == 0


def test_a_worker_finishing_wakes_the_loop_for_a_frame(probe) -> None:  # type: ignore[no-untyped-def]
    _, clock = probe
    app = clock.app
    gate = threading.Event()
    future = app.ai.submit(gate.wait, 5.0)
    pygame.event.clear(WAKE_EVENT)
    assert clock.run(20) == 0  # a computer thinking: nothing to draw...
    gate.set()
    future.result(timeout=5)
    for _ in range(200):  # the done-callback posts the wake from the worker's thread
        if pygame.event.peek(WAKE_EVENT):
            break
        threading.Event().wait(0.01)
    assert clock.run(1) == 1  # ...its answer in: a frame at once


def test_a_computers_move_at_the_table_is_shown_without_any_input(app: App) -> None:
    """A person waits for the computers: their decisions (on the AI thread) and the cards
    flying arrive with no input at all."""
    from cardtable.ui.launch import start_demo
    table = start_demo(app, "cirno", 3, 5)
    clock = FakeTime(app)
    seq = table.seq
    for _ in range(20000):
        clock.run(1)
        if table.seq > seq + 3:
            break
        if not app.future_pending() and table.next_frame() is None and clock.run(1) == 0:
            threading.Event().wait(0.002)  # the worker's turn
    assert table.seq > seq + 3


def test_the_tables_moving_and_timers_are_reported(app: App) -> None:
    from cardtable.ui.launch import start_demo
    table = start_demo(app, "cirno", 4, 3)
    for _ in range(600):
        app.step(1 / 60)
        if table.director.busy:
            break
    assert table.director.busy and table.next_frame() == MOVING
    table.director.finish()
    table.banner = ("x", 1.0, (0, 0, 0))
    assert table.next_frame() == MOVING  # a banner counts down on screen
    table.banner = None
    table.think_left = 0.3
    acting = table.shown.acting
    if acting is not None and table._decides_elsewhere(acting):
        got = table.next_frame()
        assert got is not None and 0 < got <= 0.3 / app.anim_speed + 1e-9


def test_ambient_motion_is_capped_and_the_title_shows_only_its_part(app: App) -> None:
    clock = FakeTime(app)  # the fixture's app shows the title (its fan of cards sways)
    clock.run_for(App.SETTLE + 0.2)
    frames = clock.run_for(10.0)
    assert 0 < frames <= app.stack.ambient_fps(App.AMBIENT_FPS) * 10 + 1 <= 15 * 10 + 1
    assert App.AMBIENT_FPS <= 15
    partial = [a for a in clock.areas[-frames:] if a is not None]
    assert len(partial) == frames  # only the fan's rectangle is shown again


def test_ambient_motion_at_the_table_settles(app: App) -> None:
    from cardtable.ui.samples import open_sample
    table = open_sample(app, "table")
    assert table.ambient()
    clock = FakeTime(app)
    clock.run(1)
    early = clock.run_for(2.0)
    assert 0 < early <= App.SETTLE * App.FRAME_RATE + 2 * App.AMBIENT_FPS + 2
    clock.run_for(table.AMBIENT_SECONDS)
    assert clock.run(300) == 0


def test_title_ambient_frames_look_like_full_frames(app: App) -> None:
    """The title's ambient frame (only the fan redrawn) equals a full redraw at that time."""
    from cardtable.ui import gfx
    title = app.stack.top
    app.step(1 / 60)
    app.step(1 / 60)
    title.t = 1.7
    app.ambient_frame = True
    title.draw(app.canvas)
    app.ambient_frame = False
    partial = pygame.image.tobytes(gfx.pixels(app.canvas), "RGB")
    title.draw(app.canvas)
    assert pygame.image.tobytes(gfx.pixels(app.canvas), "RGB") == partial


# ------------------------------------------------------------------ bounded caches
def _surface(w: int, h: int) -> Any:
    from cardtable.ui import gfx
    return gfx.Surface((w, h), pygame.SRCALPHA)


def test_surface_cache_keeps_its_count_bound_least_recently_used_first(app: App) -> None:
    from cardtable.ui import gfx
    cache = gfx.SurfaceCache(maxsize=50)
    cache["keep"] = _surface(4, 4)
    for i in range(5000):
        cache[i] = _surface(4, 4)
        assert cache.get("keep") is not None  # used all along: never the one to go
        assert len(cache) <= 50
    assert 4999 in cache and 0 not in cache


def test_surface_cache_keeps_its_byte_bound(app: App) -> None:
    from cardtable.ui import gfx
    cache = gfx.SurfaceCache(maxsize=10000, max_bytes=1 << 20)
    for i in range(3000):
        cache[i] = _surface(64, 64)  # 16 KB each
        assert cache.bytes <= 1 << 20
    assert cache.bytes == sum(gfx.nbytes(v) for v in cache.values())
    del cache[2999]
    cache.pop(2998)
    assert cache.bytes == sum(gfx.nbytes(v) for v in cache.values())
    cache.clear()
    assert cache.bytes == 0


def test_every_module_cache_is_bounded() -> None:
    import sys

    from cardtable.ui import art_wizard, cardart, gfx  # noqa: F401 - the modules with caches
    from cardtable.ui.tables import cirno_table, eight_half_table, tanto_cuore_table  # noqa: F401
    caches = [v for name, m in list(sys.modules.items()) if name.startswith("cardtable.")
              for v in vars(m).values() if isinstance(v, gfx.SurfaceCache)]
    assert len(caches) >= 14
    for c in caches:
        assert c.maxsize <= 1024 and c.max_bytes <= 64 << 20


def test_card_faces_stay_within_their_bound(app: App, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from cardtable.ui import cardart
    monkeypatch.setattr(cardart._faces, "maxsize", 20)
    for w in range(60, 120):
        cardart.face("cirno", "+3", (w, int(w * 1.4)))
        assert len(cardart._faces) <= 20


def test_rendered_text_stays_within_its_bounds(app: App) -> None:
    from cardtable.ui import gfx
    text = app.text
    text.MAX_CACHE = 300
    text.MAX_CACHE_BYTES = 400_000
    for i in range(3000):
        text.render(f"第 {i} 行字", 18, (255, 255, 255))
        assert len(text._cache) <= 300
        assert text._cache_bytes <= 400_000
    assert text._cache_bytes == sum(gfx.nbytes(v) for v in text._cache.values())
    for i in range(5000):
        text.fit(f"名字 {i}", 18, 40)
        text.fit_line(f"一個很長很長的名字 {i}", 18, 40)
        assert len(text._fits) <= text.MAX_FITS

