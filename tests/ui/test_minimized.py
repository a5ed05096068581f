"""A minimized window: the app keeps playing (demos, the computers' turns) at a few frames a
second and shows nothing until the window is back."""

from __future__ import annotations

import pygame


def _post_and_run(app, event_type: int, frames: int) -> int:  # type: ignore[no-untyped-def]
    """Post a window event, run `frames` frames; how many of them were presented."""
    shown = 0
    present = app.present

    def counting() -> None:
        nonlocal shown
        shown += 1
        present()

    app.present = counting
    pygame.event.post(pygame.event.Event(event_type))
    start = app.frame
    app.run(frames=start + frames)
    assert app.frame == start + frames  # the frames were played either way
    app.present = present
    return shown


def test_minimized_the_loop_slows_down_and_presents_nothing(app) -> None:  # type: ignore[no-untyped-def]
    assert app.frame_rate() == app.FRAME_RATE
    assert _post_and_run(app, pygame.WINDOWMINIMIZED, 5) == 0
    assert app.minimized and app.frame_rate() == app.MINIMIZED_FRAME_RATE < app.FRAME_RATE
    assert _post_and_run(app, pygame.WINDOWRESTORED, 5) == 5
    assert not app.minimized and app.frame_rate() == app.FRAME_RATE


def test_hidden_then_any_input_shows_the_window_again(app) -> None:  # type: ignore[no-untyped-def]
    app.dispatch(pygame.event.Event(pygame.WINDOWHIDDEN))
    assert app.minimized
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0)))
    assert not app.minimized
