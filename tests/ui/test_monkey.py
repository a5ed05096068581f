"""Monkey test: random mouse and keyboard input across every scene, with zero exceptions
(the app re-raises instead of showing its error screen)."""

from __future__ import annotations

import random

import pygame
import pytest

from cardtable.ui.launch import SCENES
from cardtable.ui.samples import open_sample
from cardtable.ui.scenes.title import TitleScene

KEYS = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN,
        pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_PAGEDOWN,
        pygame.K_PAGEUP, pygame.K_HOME, pygame.K_END, pygame.K_1, pygame.K_2, pygame.K_3,
        pygame.K_a, pygame.K_n, pygame.K_p, pygame.K_s, pygame.K_F11]


def random_event(rng: random.Random) -> pygame.event.Event:
    pos = (rng.randrange(1280), rng.randrange(720))
    r = rng.random()
    if r < 0.3:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-30, 30),
                                                                    rng.randint(-30, 30)),
                                  buttons=(rng.random() < 0.2, 0, 0))
    if r < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1,
                                                                                      3]))
    if r < 0.62:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if r < 0.66:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)
    if r < 0.72:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("阿哲ab1 琪"))
    if r < 0.75:
        return pygame.event.Event(pygame.TEXTEDITING, text=rng.choice(["", "ㄅ", "ㄓㄜˊ"]),
                                  start=0, length=1)
    return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="",
                              scancode=0)


def monkey(app, n_events: int, seed: int) -> int:
    rng = random.Random(seed)
    app.speed_factor = 8
    scenes = [s for s in SCENES if s != "title"]
    for i in range(n_events):
        if i % 400 == 0:  # visit every scene, not only those reachable by chance
            app.reset(TitleScene(app))
            open_sample(app, scenes[(i // 400) % len(scenes)], seed=i)
        app.dispatch(random_event(rng))
        if not app.running or not app.stack.scenes:
            app.running = True
            app.reset(TitleScene(app))
        if i % 4 == 0:
            app.step(1 / 60)
    return n_events


def test_monkey_5000_events(app):
    assert monkey(app, 5000, seed=1) == 5000


@pytest.mark.slow
def test_monkey_30000_events(app):
    assert monkey(app, 30000, seed=2) == 30000
