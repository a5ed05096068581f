"""Rare name characters (堃喆峯堉甯昇䶮) and an emoji typed as player names render with real glyphs
in the setup name field, on a seat plate and on the Wizard score pad, in both UI languages
(issue 19): no character of what the scene draws falls back to a missing-glyph box."""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n
from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.games.wizard.scorepad import ScorePad
from cardtable.ui.autoplay import click, frames
from tests.hosting import table_for

RARE = "堃喆峯堉甯昇䶮"
EMOJI = "😀"
# two names of at most 5 characters, so no plate has to cut one short with "…"
NAMES = ("李堃喆峯", "堉甯昇䶮" + EMOJI)
TOFU = "\ue000"  # a private-use code point no face has: it draws the .notdef box


def _pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def _boxes(text, strings: list[str]) -> list[str]:
    """The characters of `strings` whose face has no glyph for them (drawn as the box)."""
    bad = []
    for s in strings:
        for font, run in text.runs(s):
            for ch, metrics in zip(run, font.get_metrics(run), strict=True):
                if metrics is None and ch.isprintable():
                    bad.append(f"{ch} U+{ord(ch):04X} in {s!r}")
    return bad


@pytest.fixture(params=i18n.LOCALES)
def locale_app(app, request):
    i18n.set_locale(request.param)
    app.text.set_locale(request.param)
    return app


def _record(app, monkeypatch) -> list[str]:
    rendered: list[str] = []
    real = app.text.render

    def spy(s, *args, **kwargs):
        rendered.append(s)
        return real(s, *args, **kwargs)
    monkeypatch.setattr(app.text, "render", spy)
    return rendered


def _on_white(surf) -> tuple[tuple[int, int], bytes]:
    bg = pygame.Surface(surf.get_size())
    bg.fill((255, 255, 255))
    bg.blit(surf, (0, 0))
    return bg.get_size(), _pixels(bg)


def _assert_drawn_with_glyphs(app, rendered: list[str]) -> None:
    drawn = "".join(rendered)
    for ch in RARE + EMOJI:
        assert ch in drawn, f"{ch} was not drawn at all"
    # the pixels: each character's bitmap is not the box a missing glyph draws
    box = _on_white(app.text.render(TOFU, 32, (0, 0, 0)))
    for ch in RARE + EMOJI:
        assert _on_white(app.text.render(ch, 32, (0, 0, 0))) != box, ch
    # and every character of every string the scene drew comes from a face that has it
    assert _boxes(app.text, rendered) == []


def test_rare_names_in_the_setup_name_field(locale_app, monkeypatch) -> None:
    from cardtable.ui.scenes.setup import SetupScene
    app = locale_app
    scene = app.push(SetupScene(app, "cirno"))
    scene.kinds[:2] = ["human", "human"]
    rendered = _record(app, monkeypatch)
    fields = [w for w in scene.menu.widgets if w.__class__.__name__ == "TextField"]
    for field, name in zip(fields, NAMES, strict=False):
        click(app, field.rect.center)
        field.set("")
        app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=name))
    frames(app, 2)
    assert scene.names[:2] == list(NAMES)
    _assert_drawn_with_glyphs(app, rendered)


def test_rare_names_on_the_seat_plates(locale_app, monkeypatch) -> None:
    app = locale_app
    seats = [Seat(kind="human", name=NAMES[0]), Seat(kind="ai", name=NAMES[1], agent="easy"),
             Seat(kind="ai", name="阿哲", agent="easy")]
    match = Match(get_spec("cirno"), 3, 3, {}, seats)
    rendered = _record(app, monkeypatch)
    app.push(table_for(app, match=match, autosave=False))
    frames(app, 3)
    _assert_drawn_with_glyphs(app, rendered)


def test_rare_names_on_the_wizard_score_pad(locale_app, monkeypatch) -> None:
    from cardtable.ui.scenes.scorepad import ScorePadScene
    app = locale_app
    pad = ScorePad(names=[*NAMES, "阿哲"], first_dealer=0, plus_minus_one=True)
    pad.enter_round(1, [0, 0, 0], [1, 0, 0])
    rendered = _record(app, monkeypatch)
    app.push(ScorePadScene(app, pad, editable=True, save=False))
    frames(app, 2)
    _assert_drawn_with_glyphs(app, rendered)
