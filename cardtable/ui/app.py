"""The window, the logical-resolution layer, the frame loop, and app-wide services.

Every scene lays out in one 1280x720 logical coordinate system. The `canvas` has that logical
size but is rendered at the window's pixel density (`gfx`): the largest 16:9 area that fits the
window, pixel for pixel, so a big window or a HiDPI screen shows crisp text and art rather than
an upscaled bitmap. The canvas is centred in the window (letterboxing) and mouse positions are
mapped back into logical coordinates. F11 toggles fullscreen.
"""

from __future__ import annotations

import logging
import math
import os
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import pygame

from cardtable import i18n, paths, persist
from cardtable.ui import gfx, theme, widgets
from cardtable.ui.scene import Scene, SceneStack
from cardtable.ui.text import Text

log = logging.getLogger(__name__)

MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
# posted from any thread (pygame-ce's event.post is thread-safe) when a worker has finished
# something the frame loop waits for: the loop wakes and draws a frame (`App.run_once`)
WAKE_EVENT = pygame.event.custom_type()
_woken = threading.Event()  # set with the event: the waiting loop looks at once


def wake_loop() -> None:
    """Wake the frame loop from another thread (a worker's future is done)."""
    try:
        if pygame.display.get_init():
            pygame.event.post(pygame.event.Event(WAKE_EVENT))
    except pygame.error:  # the app is closing
        pass
    _woken.set()


class ScreenshotError(OSError):
    """`--screenshot` could not be written; str() is the message for the command line."""


def initial_window_size(logical: tuple[int, int], desktop: tuple[int, int]) -> tuple[int, int]:
    """The window's first size for a desktop of `desktop` pixels (see App._initial_size)."""
    lw, lh = logical
    dw, dh = desktop
    ratio = min(dw / lw, dh / lh)
    if ratio >= 2:
        k = int(ratio * 0.7 * 4) / 4
    elif ratio * 0.9 < 1:
        k = ratio * 0.9
    else:
        return logical
    return int(lw * k), int(lh * k)


class App:
    def __init__(self, settings: persist.Settings | None = None, notices: list[str] | None = None,
                 window: bool = True, overrides: dict[str, object] | None = None) -> None:
        # Windows: draw in real pixels instead of letting the OS stretch a blurry bitmap
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
        if sys.platform.startswith("linux"):
            # X11: present through the X server's own framebuffer (shared memory), not through
            # an OpenGL texture: without a GPU (a virtual machine, Xvfb, a remote desktop) that
            # is software GL, several ms of CPU for every frame and the whole window for any
            # part of it. The same pixels either way; SDL_FRAMEBUFFER_ACCELERATION=1 undoes it.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.init()
        if settings is None:
            settings, notice = persist.load_settings()
            notices = list(notices or []) + ([notice] if notice else [])
        self._saved_settings = settings  # what the settings file holds
        # settings given on the command line (--lang, --windowed) hold for this run only: they
        # are never written to the file, until the person changes that setting themselves
        self.overrides: dict[str, object] = dict(overrides or {})
        settings = settings.model_copy(update=self.overrides)
        self.settings = settings
        i18n.set_locale(settings.language)
        self.logical_size = theme.LOGICAL_SIZE
        self.window: pygame.Surface | None = None
        self.canvas: gfx.Image = pygame.Surface(self.logical_size)
        self._box = pygame.Rect((0, 0), self.logical_size)  # where the canvas sits in the window
        self.stack = SceneStack()
        if window:
            self._open_window()
        else:
            self.set_density(gfx.density())
        self.text = Text(settings.language)
        from cardtable.ui.audio import Audio
        self.audio = Audio(settings)
        self.notices: list[str] = list(notices or [])  # message keys shown once on the title
        self.running = True
        self.frame = 0
        self.clock = pygame.time.Clock()
        self.speed_factor = 1.0  # extra factor from the command line (demo --speed)
        self.on_frame: Callable[[App], None] | None = None
        self.raise_errors = False  # tests: re-raise instead of showing the error screen
        # a user file that cannot be written (full or read-only disk, another running copy
        # holding it) is told to the person in whatever scene is open, not only logged
        self.toasts: list[list[object]] = []  # [notice, seconds left]
        self.toast_rects: list[pygame.Rect] = []  # where the toasts were drawn last
        self._held: set[int] = set()  # NO_REPEAT keys down now (`is_key_repeat`)
        self.minimized = False  # the window is minimized or hidden (`frame_rate`)
        self.presented = 0  # frames presented in the window
        # the frame being drawn shows ambient motion alone (nothing else changed since the
        # last one): a scene may redraw only its `ambient_rect` (see `run_once`)
        self.ambient_frame = False
        log_to = os.environ.get("CARDTABLE_FRAME_LOG")
        self.frame_log: Path | None = Path(log_to) if log_to else None
        self._frame_log_file: TextIO | None = None
        weakref.finalize(self, persist.on_write_failure(_weak_write_hook(self)))
        from cardtable.ui import cardart, draw
        cardart.init(self.text)
        draw.dim(self.logical_size)  # build the overlay shade once, not on the first pause

    # ---------------------------------------------------------------- window
    def _open_window(self) -> None:
        flags = pygame.RESIZABLE
        icon = paths.assets_dir() / "icons" / "cardtable-256.png"
        if icon.is_file():  # before set_mode, so the first window already has it
            pygame.display.set_icon(pygame.image.load(str(icon)))
        # the window opens centred on the desktop, and stays on it when --size resizes it
        # before the first frame (without this, SDL keeps the old top-left corner: a window
        # shrunk on a small screen could start partly off it)
        os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
        if self.settings.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(self._initial_size(), flags)
        pygame.display.set_caption(i18n.tr("app.title"))
        pygame.key.set_repeat(350, 40)
        pygame.key.stop_text_input()  # only name fields turn the IME on
        self.fit_window()

    def _initial_size(self) -> tuple[int, int]:
        """1280x720; on a desktop at least twice that size (a HiDPI panel) a larger window,
        about 70 % of the desktop in quarter steps, so the app is not tiny there; on a desktop
        too small for 1280x720 (a 1024x768 or 1366x768 screen with its task bar) 90 % of it,
        so the whole window is on the screen."""
        desktop = self._desktop_size()
        if desktop is None:
            return self.logical_size
        return initial_window_size(self.logical_size, desktop)

    # ---------------------------------------------------------------- density
    def resize_window(self, size: tuple[int, int]) -> None:
        """Give the window a new size in pixels (windowed mode) and render to fit it."""
        if self.window is None:
            return
        if self.settings.fullscreen:
            log.info("window size %s ignored: the app is in fullscreen (F11 leaves it)", size)
            return
        desktop = self._desktop_size()
        if desktop is not None and (size[0] > desktop[0] or size[1] > desktop[1]):
            # larger than the screen: the largest of that shape that fits (90 % of it)
            k = min(desktop[0] / size[0], desktop[1] / size[1]) * 0.9
            log.info("window size %s is larger than the desktop %s: using %s", size, desktop,
                     (int(size[0] * k), int(size[1] * k)))
            size = (int(size[0] * k), int(size[1] * k))
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.fit_window()

    @staticmethod
    def _desktop_size() -> tuple[int, int] | None:
        """The desktop's size in pixels; None without a real one (the dummy driver's is made
        up: 1024x768)."""
        try:
            if pygame.display.get_driver() in ("dummy", "offscreen"):
                return None
            w, h = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            return None
        return int(w), int(h)

    def fit_window(self) -> None:
        """Render at the density that fills the window (called when it opens or resizes)."""
        self.window = pygame.display.get_surface() or self.window
        assert self.window is not None
        ww, wh = self.window.get_size()
        lw, lh = self.logical_size
        self.set_density(min(ww / lw, wh / lh))
        cw, ch = gfx.pixels(self.canvas).get_size()
        self._box = pygame.Rect((ww - cw) // 2, (wh - ch) // 2, cw, ch)

    def set_density(self, density: float) -> None:
        """Draw everything at `density` physical pixels per logical pixel from the next frame
        on (cached art is dropped by `gfx`; scenes drop theirs in `on_scale_changed`)."""
        changed = gfx.set_density(density)
        raw = gfx.pixels(self.canvas)
        want = gfx.Surface(self.logical_size)
        if changed or raw.get_size() != gfx.pixels(want).get_size():
            self.canvas = want.convert() if self.window is not None else want
            for scene in self.stack.scenes:
                scene.on_scale_changed()
            self.stack.invalidate()
            log.debug("rendering at density %s (%s px)", gfx.density(),
                      gfx.pixels(self.canvas).get_size())

    def letterbox(self) -> pygame.Rect:
        """Where the canvas goes inside the window (window pixels)."""
        return self._box

    def _points_to_pixels(self) -> float:
        """Window pixels per mouse-coordinate unit (above 1 where the OS reports the mouse in
        points on a high-density backing surface)."""
        assert self.window is not None
        pw = self.window.get_width()
        try:
            ww = pygame.display.get_window_size()[0]
        except pygame.error:
            return 1.0
        return pw / ww if ww > 0 else 1.0

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        if self.window is None:
            return pos
        k = self._points_to_pixels()
        d = gfx.density()
        return (int((pos[0] * k - self._box.x) / d), int((pos[1] * k - self._box.y) / d))

    # ---------------------------------------------------------------- settings, language
    @property
    def anim_speed(self) -> float:
        return max(0.05, self.settings.anim_speed * self.speed_factor)

    def settings_to_save(self) -> persist.Settings:
        """The settings as the file should hold them: the command line's overrides left out."""
        keep = {k: getattr(self._saved_settings, k) for k in self.overrides}
        return self.settings.model_copy(update=keep)

    def save_settings(self) -> None:
        try:
            out = self.settings_to_save()
            persist.save_settings(out)
            self._saved_settings = out
        except OSError as exc:
            log.error("cannot save settings: %s", exc)

    def update_settings(self, save: bool = True, **changes: object) -> None:
        """Apply changed settings at once; `save=False` leaves writing the file to the caller
        (the settings screen saves once when it closes, not on every slider step)."""
        old = self.settings
        for k in changes:  # the person chose it: from now on it is theirs to keep
            self.overrides.pop(k, None)
        self.settings = old.model_copy(update=changes)
        if self.settings.language != old.language:
            self.set_language(self.settings.language)
        if self.settings.volume != old.volume:
            self.audio.set_volume(self.settings.volume)
        if self.settings.muted != old.muted:
            self.audio.set_muted(self.settings.muted)
        if save:
            self.save_settings()
        if self.settings.fullscreen != old.fullscreen and self.window is not None:
            try:
                self._open_window()
            except pygame.error as exc:
                log.warning("cannot switch fullscreen: %s", exc)

    def set_language(self, code: str) -> None:
        i18n.set_locale(code)
        self.text.set_locale(code)
        from cardtable.ui import cardart
        cardart.clear_cache()
        if self.window is not None:
            pygame.display.set_caption(i18n.tr("app.title"))
        for scene in self.stack.scenes:
            scene.on_locale_changed()
        self.stack.invalidate()

    def play_sound(self, name: str) -> None:
        self.audio.play(name)

    # ---------------------------------------------------------------- scenes
    def push(self, scene: Scene) -> Scene:
        return self.stack.push(scene)

    def pop(self, scene: Scene | None = None) -> None:
        self.stack.pop(scene)
        if not self.stack.scenes:
            self.running = False

    def replace(self, scene: Scene) -> Scene:
        return self.stack.replace(scene)

    def reset(self, scene: Scene) -> Scene:
        return self.stack.reset(scene)

    def quit(self) -> None:
        self.running = False

    def future_pending(self) -> bool:
        """True while the top table waits for a computer's decision (used by headless
        drivers)."""
        top = self.stack.top
        table = getattr(top, "table", None) or top
        link = getattr(table, "link", None)
        return link is not None and link.waiting()

    # ---------------------------------------------------------------- loop
    def translate_event(self, event: pygame.event.Event) -> pygame.event.Event:
        if event.type in MOUSE_EVENTS and self.window is not None:
            d = dict(event.dict)
            d["pos"] = self.to_logical(event.pos)
            if "rel" in d:
                f = self._points_to_pixels() / gfx.density()
                d["rel"] = (int(event.rel[0] * f), int(event.rel[1] * f))
            return pygame.event.Event(event.type, d)
        return event

    def dispatch(self, event: pygame.event.Event) -> None:
        """Feed one event (already in logical coordinates) to the app."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.update_settings(fullscreen=not self.settings.fullscreen)
            return
        if event.type in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            self.minimized = True
        elif event.type in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWMAXIMIZED,
                          pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSGAINED, pygame.KEYDOWN,
                          pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            self.minimized = False  # (input comes only to a window that is there)
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            if self.window is not None:
                self.fit_window()
            return
        self._guard(lambda: self.stack.handle_event(event))

    def step(self, dt: float) -> None:
        """One frame: update the top scene, draw the stack (and any write-failure notice)."""
        self._guard(lambda: self.stack.update(dt))
        widgets.drawn.clear()  # the buttons of this frame, noted as they are drawn
        self._guard(lambda: self.stack.draw(self.canvas))
        self._draw_toasts(dt)
        self.frame += 1

    # ---------------------------------------------------------------- write failures
    TOAST_SECONDS = 6.0

    def write_failed(self, path: Path, exc: OSError) -> None:
        """A user file could not be written: show it for a few seconds over any scene (the
        same failure again only keeps it up longer)."""
        self.tell(persist.write_failure_notice(path, exc))

    def tell(self, notice: str) -> None:
        """Show a notice (a message key, or a `persist.Notice` with its parameters) for a few
        seconds over whatever scene is open: what loading a save or a record changed or has
        to say. The same notice again only keeps it up longer."""
        for toast in self.toasts:
            if toast[0] == notice and persist.notice_params(toast[0]) == \
                    persist.notice_params(notice):
                toast[1] = self.TOAST_SECONDS
                return
        self.toasts.append([notice, self.TOAST_SECONDS])
        del self.toasts[:-2]
        wake_loop()  # (told from a worker's thread too: the loop may be waiting)

    def toast_texts(self) -> list[str]:
        """The write-failure notices on screen now, as the person reads them."""
        return [i18n.tr(str(n), **persist.notice_params(n)) for n, _ in self.toasts]  # type: ignore[arg-type]

    def _draw_toasts(self, dt: float) -> None:
        if not self.toasts:
            self.toast_rects = []
            return
        from cardtable.ui.notice_place import draw_notices
        top = self.stack.top
        buttons = list(widgets.drawn) + (top.notice_buttons() if top is not None else [])
        keep = top.notice_keep() if top is not None else []
        w, h = self.logical_size
        # clear of every button on screen (a play test: a notice over the title's 離開)
        self.toast_rects = draw_notices(self.canvas, self.text, self.toast_texts(),
                                        pygame.Rect(14, 14, w - 28, h - 28), buttons, keep,
                                        width=w - 80)
        for toast in self.toasts:
            toast[1] = float(toast[1]) - dt  # type: ignore[arg-type]
        self.toasts = [t for t in self.toasts if float(t[1]) > 0]  # type: ignore[arg-type]

    def present(self, area: pygame.Rect | None = None) -> None:
        """Show the canvas in the window; with `area` (logical) only that part of it (a frame
        in which nothing else changed)."""
        if self.window is None:
            return
        pixels = gfx.pixels(self.canvas)
        if area is not None:
            d = gfx.density()
            part = pygame.Rect(int(area.x * d), int(area.y * d), math.ceil(area.w * d) + 1,
                               math.ceil(area.h * d) + 1).clip(pixels.get_rect())
            self.window.blit(pixels, part.move(self._box.topleft), part)
            pygame.display.update(part.move(self._box.topleft))
        else:
            if self.window.get_size() != self._box.size:
                self.window.fill((0, 0, 0))
            self.window.blit(pixels, self._box.topleft)
            pygame.display.flip()
        self.presented += 1
        if self.frame_log is not None:
            self._log_frames()

    def _log_frames(self) -> None:
        """`CARDTABLE_FRAME_LOG`: a line "<time> <frames presented so far>" for every frame
        presented (scripts/bench_idle.py counts frames and a demo's frame rate from it)."""
        try:
            if self._frame_log_file is None:
                assert self.frame_log is not None
                self._frame_log_file = self.frame_log.open("a", encoding="utf-8")
            self._frame_log_file.write(f"{time.time():.3f} {self.presented}\n")
            self._frame_log_file.flush()
        except OSError:
            self.frame_log = None

    def run(self, frames: int | None = None, screenshot: Path | None = None) -> int:
        if frames is not None:
            # tests and screenshots: every pass a frame, in deterministic 1/60 s steps
            while self.running and self.stack.scenes:
                for event in pygame.event.get():
                    if self.is_key_repeat(event) or event.type == WAKE_EVENT:
                        continue
                    self.dispatch(self.translate_event(event))
                self.step(1 / 60)
                if self.on_frame is not None:
                    self.on_frame(self)
                if not self.minimized:
                    self.present()
                if self.frame >= frames:
                    break
        else:
            self.start_pacing()
            while self.running and self.stack.scenes:
                self.run_once()
        if self.settings_to_save() != self._saved_settings:
            # changed and not yet written (the settings screen writes when it closes; the
            # window may be closed while it is open): "applied and saved at once" holds
            self.save_settings()
        if screenshot is not None:
            try:
                screenshot.parent.mkdir(parents=True, exist_ok=True)
                pygame.image.save(gfx.pixels(self.canvas), str(screenshot))
            except (OSError, pygame.error) as exc:
                log.error("cannot save the screenshot %s: %s", screenshot, exc)
                raise ScreenshotError(f"cannot save the screenshot {screenshot}: {exc}") from None
            log.info("saved screenshot %s", screenshot)
        return 0

    # ---------------------------------------------------------------- pacing
    # A frame is drawn and presented only when something changed: an event (input, the window,
    # a worker finishing: `WAKE_EVENT`), a change of the scene stack, or the top scene asking
    # (`Scene.next_frame`: moving, a timer due; `Scene.ambient`: slow motion at AMBIENT_FPS).
    # For SETTLE seconds after any of these the loop keeps the full rate (hover highlights,
    # short guards and tooltips' rest times need no timer of their own); otherwise it waits.
    SETTLE = 0.5
    AMBIENT_FPS = 8
    MAX_WAIT = 0.5  # a still app still wakes this often (cheaply: no frame) to stay responsive
    INPUT_POLL = 0.04  # waiting, the event queue is looked at this often

    def start_pacing(self, now: float | None = None) -> None:
        """Before the first `run_once`: the first pass draws a frame."""
        now = self.now() if now is None else now
        self._last_step = now
        self._last_active = now
        self._due: float | None = now
        self._stack_version = -1
        self._ambient_frame = False  # the next due frame is one of ambient motion alone

    @staticmethod
    def now() -> float:
        """The loop's clock (tests replace it)."""
        return time.perf_counter()

    def wait_events(self, timeout: float | None) -> list[pygame.event.Event]:
        """The events that came, waiting up to `timeout` seconds (None: MAX_WAIT) for the
        first one (tests replace it). The queue is looked at every INPUT_POLL seconds, and at
        once when a worker wakes the loop (`wake_loop`): pygame's own `event.wait` looks
        every millisecond, which alone costs a few per cent of a core."""
        end = self.now() + (self.MAX_WAIT if timeout is None else min(timeout, self.MAX_WAIT))
        while True:
            events = pygame.event.get()
            left = end - self.now()
            if events or left <= 0:
                return events
            if _woken.wait(min(left, self.INPUT_POLL)):
                _woken.clear()

    def run_once(self) -> bool:
        """One pass of the loop: wait until a frame is due or an event comes; then, if
        anything changed, update, draw and present. True when a frame was presented."""
        now = self.now()
        timeout = None if self._due is None else self._due - now
        events = self.wait_events(timeout)
        woken = False
        for event in events:
            woken = True
            if self.is_key_repeat(event) or event.type == WAKE_EVENT:
                continue
            self.dispatch(self.translate_event(event))
        if not self.running or not self.stack.scenes:
            return False
        now = self.now()
        if woken:
            self._last_active = now
        elif self._due is None or now < self._due:
            return False
        # the time that really passed (timers count it); after a wait for events at most
        # what the frame before planned, so a screen left still for an hour does not jump
        planned = 0.0 if self._due is None else self._due - self._last_step
        dt = max(0.0, min(now - self._last_step, max(0.1, planned + 0.1)))
        self._last_step = now
        version = self.stack.version
        ambient_only = not woken and self._ambient_frame
        self.ambient_frame = ambient_only  # a scene may redraw only its ambient_rect
        try:
            self.step(dt)
        finally:
            self.ambient_frame = False
        if self.on_frame is not None:
            self.on_frame(self)
        if not self.minimized:
            # a frame of ambient motion alone changed only the scene's `ambient_rect`
            area = self._guarded_ambient_rect() if ambient_only and \
                self.stack.version == version else None
            if area is None:
                self.present()
            else:
                self.present(area)
        if self.stack.version != version or version != self._stack_version:
            self._last_active = now  # a scene came or went: its first moments run at full rate
        self._stack_version = self.stack.version
        self._due = self.next_due(now)
        return True

    def next_due(self, now: float) -> float | None:
        """When the next frame is due after the frame drawn at `now` (None: at the next
        event)."""
        frame = 1 / self.frame_rate()
        wake: float | None = None
        try:
            wake = self.stack.next_frame()
            ambient = self.stack.ambient_seconds()
        except Exception as exc:  # a scene's question failed: shown like any other failure
            if self.raise_errors:
                raise
            self.show_error(exc)
            return now + frame
        if wake is not None and wake <= 0:
            self._last_active = now
        quiet = now - self._last_active
        due: list[float] = []
        if wake is not None:
            due.append(now + max(wake, frame))
        if quiet < self.SETTLE:
            due.append(now + frame)
        elif quiet < ambient:
            due.append(now + max(frame, 1 / self.stack.ambient_fps(self.AMBIENT_FPS)))
        if self.toasts:  # a notice goes away after its time
            due.append(now + max(frame, min(float(t[1]) for t in self.toasts)))  # type: ignore[arg-type]
        self._ambient_frame = wake is None and len(due) == 1 and self.SETTLE <= quiet < ambient
        return min(due) if due else None

    def _guarded_ambient_rect(self) -> pygame.Rect | None:
        top = self.stack.top
        try:
            return top.ambient_rect() if top is not None else None
        except Exception:  # noqa: BLE001 - then the whole frame is shown
            log.exception("ambient_rect failed")
            return None

    FRAME_RATE = 60
    # minimized: the game goes on (a demo, the computers' turns, timers, in real time: `step`
    # gets the time that passed), but nothing is shown, so a few frames a second do
    MINIMIZED_FRAME_RATE = 10

    def frame_rate(self) -> int:
        """Frames a second the loop runs at now."""
        return self.MINIMIZED_FRAME_RATE if self.minimized else self.FRAME_RATE

    # one press, one action: a held Enter must not also confirm what the first press opened
    NO_REPEAT = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE})

    def is_key_repeat(self, event: pygame.event.Event) -> bool:
        """A key-down of a `NO_REPEAT` key that is still held down: the key repeat's (the
        arrows keep repeating). pygame makes repeats from a timer, so one short press can
        repeat too when a frame takes longer than the repeat delay (a new scene being built
        on a loaded machine: its first Enter was the one that opened it)."""
        if event.type == pygame.KEYUP:
            self._held.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self._held.clear()  # the key-up may go to another window
        elif event.type == pygame.KEYDOWN and event.key in self.NO_REPEAT:
            if event.key in self._held:
                return True
            self._held.add(event.key)
        return False

    def _guard(self, fn: Callable[[], object]) -> None:
        try:
            fn()
        except Exception as exc:
            if self.raise_errors:
                raise
            self.show_error(exc)

    def show_error(self, exc: BaseException) -> None:
        """Log the exception to the user log folder and show a readable error screen."""
        from cardtable.ui.scenes.error import ErrorScene
        tb = traceback.format_exc()
        log.error("uncaught exception in the app:\n%s", tb)
        top = self.stack.top
        if isinstance(top, ErrorScene):
            raise exc  # the error screen itself failed: give up loudly
        self.stack.reset(ErrorScene(self, exc, tb))



def _weak_write_hook(app: App) -> Callable[[Path, OSError], None]:
    """A write-failure hook that does not keep `app` alive (tests make many apps)."""
    ref = weakref.ref(app)

    def hook(path: Path, exc: OSError) -> None:
        target = ref()
        if target is not None:
            target.write_failed(path, exc)

    return hook
