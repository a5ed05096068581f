"""Issue 33 (small): switching a seat to a person fills in a remembered name, and typing added
to it (「小夏小夏」). A filled-in name is selected: typing replaces it, Backspace clears it, and
moving the caret into it edits it."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.ui.autoplay import click, frames, key
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.widgets import Choice, TextField


def _setup(app: Any) -> SetupScene:
    app.settings.player_names = ["小夏", "阿明"]
    setup = app.push(SetupScene(app, "cirno"))
    frames(app, 1)
    return setup


def _type(app: Any, text: str) -> None:
    for ch in text:
        app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def _fields(setup: SetupScene) -> list[TextField]:
    return [w for w in setup.menu.widgets if isinstance(w, TextField)]


def test_typing_replaces_a_name_filled_in_when_a_seat_becomes_a_person(app) -> None:  # type: ignore[no-untyped-def]
    setup = _setup(app)
    kinds = [w for w in setup.menu.widgets if isinstance(w, Choice) and w.label() == ""]
    kinds[1].set("human")  # the seat's kind chooser, as its arrows do
    assert setup.names[1] == "阿明"  # the first remembered name no other person uses
    field = _fields(setup)[1]
    click(app, field.rect.center)
    frames(app, 1)
    _type(app, "小櫻")
    assert setup.names[1] == "小櫻"
    _type(app, "子")  # once typed, the name is the person's own: typing adds to it
    assert setup.names[1] == "小櫻子"


def test_typing_the_same_name_again_does_not_double_it(app) -> None:  # type: ignore[no-untyped-def]
    setup = _setup(app)
    assert setup.names[0] == "小夏"
    click(app, _fields(setup)[0].rect.center)
    _type(app, "小夏")
    assert setup.names[0] == "小夏"


def test_backspace_clears_and_arrows_edit_a_filled_in_name(app) -> None:  # type: ignore[no-untyped-def]
    setup = _setup(app)
    click(app, _fields(setup)[0].rect.center)
    key(app, pygame.K_BACKSPACE)
    assert setup.names[0] == ""
    setup2 = _setup(app)
    click(app, _fields(setup2)[0].rect.center)
    key(app, pygame.K_LEFT)  # into the name: the person edits it
    _type(app, "A")
    assert setup2.names[0] == "小A夏"
