"""Notices are placed clear of the buttons (issue 33 play test, cn-58-longname-title.png: the
title's notice about cut names lay over the lower half of 離開).

The title's own notices and the toasts of `App.tell` on every sample scene: the text drawn for
a notice, and its box, cover no button drawn in the same frame (the widgets note themselves as
they are drawn; a table adds the buttons it draws on the felt)."""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n, persist
from cardtable.persist import Notice
from cardtable.ui import widgets
from cardtable.ui.autoplay import frames
from cardtable.ui.launch import ALL_SCENES, open_scene

LONG = Notice("notice.write_failed", path="/home/someone/一個很長的資料夾名稱/cardtable/data/"
              "autosave.json")


def _spy(app, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """Every text drawn from now on, with its rect."""
    out: list[tuple[str, pygame.Rect]] = []
    real = app.text.blit

    def spy(surf, s, pos, *a, **k):
        r = real(surf, s, pos, *a, **k)
        out.append((s, pygame.Rect(r)))
        return r
    monkeypatch.setattr(app.text, "blit", spy)
    return out


def _notice_rects(blits, text: str) -> list[pygame.Rect]:
    """The rects of the lines of `text` as drawn (a notice may be wrapped into lines)."""
    return [r for s, r in blits if len(s) >= 4 and s in text]


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_the_title_notices_cover_no_menu_button(app, monkeypatch, lang):
    """Two notices on the title (the cut names and a file set aside): their lines and boxes
    miss every button of the menu, 離開 included."""
    i18n.set_locale(lang)
    app.text.set_locale(lang)
    title = app.stack.top
    app.notices[:] = [persist.names_notice(2), persist.SETTINGS_CORRUPT_KEY]
    blits = _spy(app, monkeypatch)
    frames(app, 1)
    buttons = [w.rect for w in title.menu.widgets]
    assert len(buttons) >= 9
    drawn = []
    for n in app.notices:
        text = i18n.tr(n, **persist.notice_params(n))
        lines = _notice_rects(blits, text)
        assert lines, text
        drawn += lines
    for r in drawn + list(getattr(title, "notice_rects", [])):
        hit = [b for b in buttons if r.colliderect(b)]
        assert not hit, (r, hit)
    assert all(pygame.Rect(0, 0, 1280, 720).contains(r) for r in drawn)


SCENES = [s for s in ALL_SCENES if s != "error"]


@pytest.mark.parametrize("name", SCENES)
def test_a_toast_covers_no_button_on_any_scene(app, monkeypatch, name):
    """`App.tell` over every sample scene (tables, setup, settings, rules, history, score pad,
    lessons): the toast's box and text miss every button drawn in that frame."""
    open_scene(app, name)
    frames(app, 3)
    app.tell(LONG)
    blits = _spy(app, monkeypatch)
    frames(app, 1)
    top = app.stack.top
    buttons = list(widgets.drawn) + top.notice_buttons()
    text = app.toast_texts()[0]
    lines = _notice_rects(blits, text)
    assert lines and app.toast_rects
    for r in lines + app.toast_rects:
        hit = [b for b in buttons if r.colliderect(b)]
        assert not hit, (name, r, hit)
