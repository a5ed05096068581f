"""The stand-alone score pad (WIZ-SB1) headless: names typed in (IME text events), a round typed
with the keyboard, a validation message shown, a past round corrected with the mouse, the pad
saved atomically under the user data folder and resumed; the title entry and `cardtable
scorepad` open it."""

from __future__ import annotations

import json

import pygame
import pytest

from cardtable.games.wizard.scorepad import ScorePad
from cardtable.ui.autoplay import click, frames, key
from cardtable.ui.launch import main
from cardtable.ui.scenes.scorepad import (
    ScorePadScene,
    ScorePadSetupScene,
    load_pad,
    open_scorepad,
    pad_path,
    sample_pad,
)


def _type(app, text: str) -> None:
    app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=text))


def _digits(app, s: str) -> None:
    for ch in s:
        key(app, pygame.K_0 + int(ch))


def _rendered(app, monkeypatch) -> list[str]:
    out: list[str] = []
    real = app.text.render

    def spy(s, *a, **k):
        out.append(s)
        return real(s, *a, **k)
    monkeypatch.setattr(app.text, "render", spy)
    return out


def _new_pad(app, names=("小櫻", "阿哲", "美玲")) -> ScorePadScene:
    """Through the set-up screen: 3 players, names typed as committed IME text."""
    setup = open_scorepad(app)
    assert isinstance(setup, ScorePadSetupScene)
    setup.set_n(len(names))
    fields = [w for w in setup.menu.widgets if w.__class__.__name__ == "TextField"]
    for field, name in zip(fields, names, strict=True):
        setup.names[fields.index(field)] = ""
        click(app, field.rect.center)
        app.dispatch(pygame.event.Event(pygame.TEXTEDITING, text="ㄒㄧㄠˇ", start=0, length=4))
        _type(app, name)
    frames(app, 2)
    start = next(w for w in setup.menu.widgets if w.label() == "開始記分")
    click(app, start.rect.center)
    pad = app.stack.top
    assert isinstance(pad, ScorePadScene) and pad.editable
    assert pad.pad.names == list(names)
    return pad


def test_typing_a_round_with_the_keyboard(app, home):
    """Bids typed (Enter stores them), then tricks (Enter scores the round); the file is saved
    after each step (WIZ-SB1, scoring WIZ-X1)."""
    scene = _new_pad(app)
    assert scene.edit_round == 1 and scene.pad.first_dealer == 0
    _digits(app, "010")  # one card each: a digit moves on to the next cell
    key(app, pygame.K_RETURN)
    assert scene.pad.rounds[0].bids == [0, 1, 0] and scene.pad.rounds[0].tricks is None
    assert json.loads(pad_path().read_text(encoding="utf-8"))["rounds"][0]["bids"] == [0, 1, 0]
    _digits(app, "001")
    key(app, pygame.K_RETURN)
    row = scene.pad.table()[0]
    assert row.tricks == (0, 0, 1) and row.scores == (20, -10, -10)
    assert scene.edit_round == 2
    frames(app, 2)


def test_validation_error_is_shown_and_nothing_stored(app, home, monkeypatch):
    """Tricks that do not add up to the cards dealt are refused with a clear message."""
    scene = _new_pad(app)
    _digits(app, "100")
    key(app, pygame.K_RETURN)
    _digits(app, "110")  # two tricks in a one-card round
    rendered = _rendered(app, monkeypatch)
    key(app, pygame.K_RETURN)
    frames(app, 1)
    assert scene.pad.rounds[0].tricks is None
    want = "大家贏得的墩數合計 2，應該剛好是這輪的發牌數 1。"
    assert scene.errors == [want]
    assert any(want.startswith(s) for s in rendered if s)


def test_plus_minus_one_refusal_names_the_last_bidder(app, home):
    pad = ScorePad(names=["甲", "乙", "丙"], plus_minus_one=True)
    scene = app.push(ScorePadScene(app, pad, editable=True))
    _digits(app, "001")  # adds up to the one card dealt
    key(app, pygame.K_RETURN)
    assert pad.rounds == []
    assert scene.errors and "丙" in scene.errors[0] and "1" in scene.errors[0]


def test_a_past_round_is_corrected_with_the_mouse(app, home):
    scene = app.push(ScorePadScene(app, sample_pad(), editable=True))
    frames(app, 1)
    before = scene.pad.totals()
    cell = scene.sub_rect(3, 2, 1)  # round 3, third player's tricks
    click(app, cell.center)
    assert scene.edit_round == 3 and scene.correcting and scene.cell == ("t", 2)
    key(app, pygame.K_BACKSPACE)
    _digits(app, "1")  # 美玲 bid 0 and took 0; now 1 trick, so someone else took one less
    click(app, scene.sub_rect(3, 3, 1).center)  # the fourth player's tricks: 2 -> 1
    assert scene.cell == ("t", 3)
    key(app, pygame.K_BACKSPACE)
    _digits(app, "1")
    key(app, pygame.K_RETURN)
    assert scene.errors == []
    assert scene.pad.rounds[2].tricks == [1, 0, 1, 1]
    after = scene.pad.totals()
    assert after[2] == before[2] - 20 - 10 and after[3] == before[3] - 40 - 10
    assert scene.edit_round == scene.pad.next_round == 8


def test_escape_cancels_a_correction(app, home):
    scene = app.push(ScorePadScene(app, sample_pad(), editable=True, save=False))
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert scene.edit_round == 6 and scene.correcting
    key(app, pygame.K_ESCAPE)
    assert scene.edit_round == 8 and app.stack.top is scene


def test_saved_pad_is_resumed(app, home):
    scene = _new_pad(app, ("甲", "乙", "丙", "丁"))
    _digits(app, "1000")
    key(app, pygame.K_RETURN)
    _digits(app, "1000")
    key(app, pygame.K_RETURN)
    saved = scene.pad.model_dump()
    key(app, pygame.K_ESCAPE)  # leave; the pad stays on disk
    assert app.stack.top is not scene
    again = open_scorepad(app)
    assert isinstance(again, ScorePadScene)
    assert again.pad.model_dump() == saved and again.edit_round == 2


def test_corrupt_save_is_moved_aside(app, home):
    path = pad_path()
    path.write_text("{not json", encoding="utf-8")
    pad, notice = load_pad()
    assert pad is None and notice == "ui.scorepad.notice.corrupt"
    assert not path.exists() and list(path.parent.glob("scorepad.json.corrupt-*"))


def test_title_entry_opens_the_score_pad(app, home):
    title = app.stack.top
    entry = next(w for w in title.menu.widgets if w.label() == "神機妙算記分板")
    click(app, entry.rect.center)
    assert isinstance(app.stack.top, ScorePadSetupScene)
    frames(app, 2)


@pytest.mark.parametrize("argv", [["scorepad"], ["--scene", "scorepad"]])
def test_command_line_opens_the_pad(home, tmp_path, argv):
    out = tmp_path / "pad.png"
    assert main([*argv, "--frames", "3", "--screenshot", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
