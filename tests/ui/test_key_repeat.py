"""One press of Enter, Space or Esc is one action: a held key's repeats are dropped by the
app's event loop (pygame repeats from a timer, so a short press repeats too when a frame takes
longer than the repeat delay). Seen in a real window on a loaded machine: the Enter that opened
the replay list also pressed its 觀看 button (「請先在列表中選一份記錄。」)."""

from __future__ import annotations

import pygame

from cardtable.ui.autoplay import frames, key
from cardtable.ui.scenes.replay import ReplayListScene


def _post(kind: int, k: int) -> None:
    pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))


def _to_replays_button(app) -> None:
    frames(app, 2)
    for _ in range(10):
        if app.stack.top.menu.focused.label() == "對局重播":
            return
        key(app, pygame.K_DOWN)
    raise AssertionError("no 對局重播 button")


def test_a_held_enter_opens_the_replay_list_and_does_nothing_there(app):
    _to_replays_button(app)
    pygame.event.clear()
    _post(pygame.KEYDOWN, pygame.K_RETURN)
    _post(pygame.KEYDOWN, pygame.K_RETURN)  # the key repeat: no key-up in between
    _post(pygame.KEYUP, pygame.K_RETURN)
    app.run(frames=app.frame + 2)
    top = app.stack.top
    assert isinstance(top, ReplayListScene)
    assert top.message == ""  # its 觀看 was not pressed


def test_a_second_press_counts_and_arrows_keep_repeating(app):
    _to_replays_button(app)
    pygame.event.clear()
    for kind in (pygame.KEYDOWN, pygame.KEYUP, pygame.KEYDOWN, pygame.KEYUP):
        _post(kind, pygame.K_RETURN)  # two presses: the list opens, then 觀看 is pressed
    app.run(frames=app.frame + 2)
    assert isinstance(app.stack.top, ReplayListScene) and app.stack.top.message != ""
    held = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="",
                              scancode=0)
    assert not app.is_key_repeat(held) and not app.is_key_repeat(held)
