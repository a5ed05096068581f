"""The scene stack (after Tuxemon's StateManager): push/pop/replace, overlays, input chain.

Lifecycle: `enter()` when pushed, `pause()` when another scene covers it, `resume()` when it is
on top again, `exit()` when removed. Every frame the top scene gets `update(dt)` (seconds);
drawing starts at the highest scene that is not `transparent` and goes up, so a transparent
overlay (pause menu, round summary) shows the scene under it, and an opaque one (the pass-device
curtain) hides it completely. `handle_event` returns the event to pass it down, None to consume.
`draw` must not change game state.

A still screen costs nothing: the app draws and presents a frame only when something changed
(an event, a change of the stack, a worker finishing) or when the top scene asks for one through
`next_frame` (0 while something moves, the seconds until its next timer is due, None when it is
still until the next event) and `ambient` (slow motion such as a pulsing marker, drawn at the
app's low `AMBIENT_FPS`, settling after `AMBIENT_SECONDS` without activity). Between frames the
app waits for events.
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import pygame

from cardtable.ui import gfx

if TYPE_CHECKING:
    from cardtable.ui.app import App

log = logging.getLogger(__name__)


MOVING = 0.0  # `next_frame`: something moves, a frame every frame


def soonest(*waits: float | None) -> float | None:
    """The earliest of several `next_frame` answers (None: no timer at all)."""
    due = [w for w in waits if w is not None]
    return max(0.0, min(due)) if due else None


class Scene:
    transparent = False
    name = "scene"
    # ambient motion (`ambient`) runs this long after the last activity (input, animation) and
    # then rests where it is; math.inf: as long as the scene is shown
    AMBIENT_SECONDS = math.inf
    AMBIENT_FPS: float | None = None  # its frames a second (None: the app's AMBIENT_FPS)

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return event

    def update(self, dt: float) -> None: ...

    def draw(self, surface: gfx.Image) -> None: ...

    def notice_buttons(self) -> list[pygame.Rect]:
        """Buttons this scene draws that are not widgets (widgets note themselves as they are
        drawn, `widgets.drawn`): a notice (`App.tell`) is never placed over any of them."""
        return []

    def notice_keep(self) -> list[pygame.Rect]:
        """What a notice had better leave uncovered when some place allows it."""
        return []

    def next_frame(self) -> float | None:
        """When this scene needs its next frame if no event comes: `MOVING` (0) while
        something moves (an animation, a countdown shown), the seconds until a timer of its
        `update` is due (a computer's thinking time, a dialog that closes itself), None when
        it looks the same until the next event. Asked of the top scene after every frame."""
        return None

    def ambient(self) -> bool:
        """The scene shows slow ambient motion now (a pulsing ring, a bobbing marker): drawn
        at the app's low `AMBIENT_FPS`, for `AMBIENT_SECONDS` after the last activity."""
        return False

    def ambient_rect(self) -> pygame.Rect | None:
        """Where the ambient motion is (logical): a frame of it alone is shown only there.
        None: anywhere (the whole frame is shown)."""
        return None

    def on_locale_changed(self) -> None:
        """Called on every scene in the stack after a language switch."""

    def on_scale_changed(self) -> None:
        """Called on every scene in the stack when the render density changes (the window was
        resized): drop images the scene keeps (module caches are dropped by `gfx`)."""


class SceneStack:
    CACHE_BELOW = True  # tests may turn this off so every scene draws every frame

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.version = 0  # bumped on every change of the stack (and by `invalidate`)
        self._below: tuple[tuple[int, ...], gfx.Image] | None = None

    def invalidate(self) -> None:
        """Forget the cached image of the scenes under an overlay (e.g. after a language
        switch)."""
        self.version += 1

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        self.version += 1
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        log.debug("push %s", scene.name)
        scene.enter()
        scene.resume()
        return scene

    def pop(self, scene: Scene | None = None) -> Scene | None:
        """Remove the top scene (or `scene`, wherever it is)."""
        if not self.scenes:
            return None
        self.version += 1
        if scene is None:
            scene = self.scenes[-1]
        if scene not in self.scenes:
            return None
        was_top = scene is self.scenes[-1]
        if was_top:
            scene.pause()
        self.scenes.remove(scene)
        scene.exit()
        log.debug("pop %s", scene.name)
        if was_top and self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        self.version += 1
        if self.scenes:
            old = self.scenes.pop()
            old.pause()
            old.exit()
        self.scenes.append(scene)
        scene.enter()
        scene.resume()
        return scene

    def reset(self, scene: Scene) -> Scene:
        self.version += 1
        """Clear the whole stack and start over with `scene`."""
        while self.scenes:
            old = self.scenes.pop()
            old.pause()
            old.exit()
        return self.push(scene)

    def handle_event(self, event: pygame.event.Event) -> None:
        for scene in reversed(list(self.scenes)):
            result = scene.handle_event(event)
            if result is None:
                return

    def update(self, dt: float) -> None:
        if self.scenes:
            self.scenes[-1].update(dt)

    def next_frame(self) -> float | None:
        """The top scene's `Scene.next_frame` (only the top scene updates)."""
        return self.scenes[-1].next_frame() if self.scenes else None

    def ambient_seconds(self) -> float:
        """How long the top scene's ambient motion runs after the last activity (0: none)."""
        top = self.top
        return top.AMBIENT_SECONDS if top is not None and top.ambient() else 0.0

    def ambient_fps(self, default: float) -> float:
        """The top scene's rate of ambient motion (at most `default`)."""
        top = self.top
        own = top.AMBIENT_FPS if top is not None else None
        return default if own is None else min(own, default)

    def draw(self, surface: gfx.Image) -> None:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[i].transparent:
                start = i
                break
        visible = self.scenes[start:]
        if len(visible) > 1 and self.CACHE_BELOW:
            # only the top scene updates, so the scenes under an overlay look the same every
            # frame: draw them once and reuse the picture while nothing changes
            key = (self.version, *(id(s) for s in visible[:-1]))
            if self._below is None or self._below[0] != key or \
                    self._below[1].get_size() != surface.get_size():
                cache = surface.copy()
                for scene in visible[:-1]:
                    scene.draw(cache)
                self._below = (key, cache)
            surface.blit(self._below[1], (0, 0))
            visible[-1].draw(surface)
            return
        self._below = None
        for scene in visible:
            scene.draw(surface)
