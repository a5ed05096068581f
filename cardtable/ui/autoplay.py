"""Drive the app like a player, with synthetic input events (tests, playthroughs, benchmarks).

`Player.act(app)` looks at the top scene and sends the event a person would: lift the curtain,
click a highlighted card or target on the table, continue after a round, and so on.
"""

from __future__ import annotations

import random
from typing import Any

import pygame


def click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(app: Any, k: int, mod: int = 0, unicode: str = "") -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode,
                                    scancode=0))
    app.dispatch(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0))


class Player:
    """Plays every human decision by clicking a random highlighted thing."""

    def __init__(self, seed: int = 0, use_keyboard: bool = False) -> None:
        self.rng = random.Random(seed)
        self.use_keyboard = use_keyboard
        self.curtains = 0
        self.human_moves = 0
        self.rounds_seen = 0
        self.finished = False

    def act(self, app: Any) -> None:
        from cardtable.ui.scenes.curtain import CurtainScene
        from cardtable.ui.scenes.results import ResultsScene
        from cardtable.ui.tables.table_scene import TableScene
        top = app.stack.top
        if isinstance(top, CurtainScene):
            if top.t >= 0.25:
                self.curtains += 1
                key(app, pygame.K_SPACE)
            return
        if isinstance(top, ResultsScene):
            if top.final:
                self.finished = True
            elif top.t > 0.2:
                self.rounds_seen += 1
                key(app, pygame.K_RETURN)
            return
        if isinstance(top, TableScene):
            if top.director.busy:
                return
            hits = top.current_hits()
            if not hits:
                return
            hit = self.rng.choice(hits)
            if self.use_keyboard:
                top.focus = hits.index(hit)
                key(app, pygame.K_RETURN)
            else:
                click(app, hit.rect.center)
            self.human_moves += 1


def run_until(app: Any, player: Player | None, max_frames: int, done: Any) -> int:
    """Step frames (1/60 s each) until `done(app)`; returns frames used."""
    for frame in range(max_frames):
        if player is not None:
            player.act(app)
        app.step(1 / 60)
        if done(app):
            return frame + 1
        if app.future_pending():
            import time
            time.sleep(0.001)
    return max_frames


def frames(app: Any, n: int) -> None:
    """Step `n` frames of 1/60 s."""
    for _ in range(n):
        app.step(1 / 60)
