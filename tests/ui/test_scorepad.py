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


TAB, ENTER, SHIFT_TAB = "<tab>", "<enter>", "<shift-tab>"


def _keys(app, *seq: str) -> None:
    """Replay keystrokes: digit strings, TAB, SHIFT_TAB, ENTER."""
    for k in seq:
        if k == TAB:
            key(app, pygame.K_TAB)
        elif k == SHIFT_TAB:
            key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        elif k == ENTER:
            key(app, pygame.K_RETURN)
        else:
            _digits(app, k)


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
    _keys(app, "0", TAB, "1", TAB, "0", ENTER)
    assert scene.pad.rounds[0].bids == [0, 1, 0] and scene.pad.rounds[0].tricks is None
    assert json.loads(pad_path().read_text(encoding="utf-8"))["rounds"][0]["bids"] == [0, 1, 0]
    assert scene.cell == ("t", 0)
    _keys(app, "0", ENTER, "0", ENTER, "1", ENTER)  # Enter also moves to the next empty cell
    row = scene.pad.table()[0]
    assert row.tricks == (0, 0, 1) and row.scores == (20, -10, -10)
    assert scene.edit_round == 2
    frames(app, 2)


def test_validation_error_is_shown_and_nothing_stored(app, home, monkeypatch):
    """Tricks that do not add up to the cards dealt are refused with a clear message."""
    scene = _new_pad(app)
    _keys(app, "1", TAB, "0", TAB, "0", ENTER)
    _keys(app, "1", TAB, "1", TAB, "0")  # two tricks in a one-card round
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
    _keys(app, "0", TAB, "0", TAB, "1", ENTER)  # adds up to the one card dealt
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
    _keys(app, "1", TAB, "0", TAB, "0", TAB, "0", ENTER)
    _keys(app, "1", TAB, "0", TAB, "0", TAB, "0", ENTER)
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


# ---------------------------------------------------------------- play test, round 2, item 10
def test_play_test_sequence_lands_every_bid_in_its_cell(app, home):
    """`1 Tab 0 Tab 0 Enter` in round 1 of 3 players: a digit never moves the cursor, so each
    Tab goes to the next player's bid and every bid lands in its own cell (WIZ-SB1)."""
    pad = ScorePad(names=["阿明", "VeryLongPl", "玩家 3"])
    scene = app.push(ScorePadScene(app, pad, editable=True, save=False))
    assert scene.cell == ("b", 0)
    _keys(app, "1")
    assert scene.cell == ("b", 0) and scene.bids_txt == ["1", "", ""]
    _keys(app, TAB, "0")
    assert scene.cell == ("b", 1) and scene.bids_txt == ["1", "0", ""]
    _keys(app, TAB, "0")
    assert scene.cell == ("b", 2) and scene.bids_txt == ["1", "0", "0"]
    assert scene.stage == "bids" and pad.rounds == []  # nothing stored before Enter
    _keys(app, ENTER)
    assert pad.rounds[0].bids == [1, 0, 0] and pad.rounds[0].tricks is None
    assert scene.stage == "tricks" and scene.cell == ("t", 0)


def test_plus_minus_one_breach_is_shown_at_the_cell_before_the_results(app, home, monkeypatch):
    """WIZ-B1 +-1 rule: the same keys with the rule on (1/0/0 with one card). The breach is
    shown at the last bidder's cell as soon as the last bid is typed, Enter refuses it and keeps
    the cursor in the bids (the results column stays closed); fixing the bid goes on."""
    pad = ScorePad(names=["阿明", "VeryLongPl", "玩家 3"], plus_minus_one=True)
    scene = app.push(ScorePadScene(app, pad, editable=True, save=False))
    _keys(app, "1", TAB, "0", TAB)
    assert scene.live_issues() == []
    rendered = _rendered(app, monkeypatch)
    _keys(app, "0")
    frames(app, 1)
    want = "加減 1 墩：預言合計不能等於 1，請 玩家 3 改一下預言。"
    assert scene.live_issues() == [(("b", 2), want)]
    assert any(s and want.startswith(s) for s in rendered)  # drawn before Enter
    assert "第 1 輪・填寫預言" in rendered
    rendered.clear()
    _keys(app, ENTER)
    frames(app, 1)
    assert pad.rounds == [] and scene.stage == "bids"
    assert scene.errors == [want] and scene.cell == ("b", 2)
    assert "第 1 輪・填寫預言" in rendered and "第 1 輪・填寫結果" not in rendered
    _keys(app, TAB, TAB, TAB)  # Tab stays among the bids until they are stored
    assert scene.cell == ("b", 2)
    _keys(app, "1", ENTER)  # the first digit replaces the value of a cell just arrived at
    assert pad.rounds[0].bids == [1, 0, 1] and scene.cell == ("t", 0)
    assert scene.live_issues() == []


def test_enter_moves_to_the_next_empty_bid_and_tab_never_skips(app, home):
    pad = ScorePad(names=["甲", "乙", "丙"], first_dealer=1)  # 乙 deals and bids first
    scene = app.push(ScorePadScene(app, pad, editable=True, save=False))
    assert scene.cell == ("b", 0)  # entry goes left to right, whoever bids first
    _keys(app, "0", ENTER)
    assert scene.cell == ("b", 1) and pad.rounds == []
    _keys(app, SHIFT_TAB)
    assert scene.cell == ("b", 0)
    _keys(app, ENTER)  # skips the filled cell: on to the next empty one
    assert scene.cell == ("b", 1)
    _keys(app, "1", ENTER, "0", ENTER)
    assert pad.rounds[0].bids == [0, 1, 0] and scene.cell == ("t", 0)


def test_two_digit_bids_stay_in_their_cell(app, home):
    pad = ScorePad(names=["甲", "乙", "丙"])
    for r in range(1, 12):
        pad.enter_round(r, [0, 0, 0], [r, 0, 0])
    scene = app.push(ScorePadScene(app, pad, editable=True, save=False))
    assert scene.edit_round == 12 and scene.cell == ("b", 0)  # (丙 deals round 12)
    _keys(app, "1", "2", TAB, "0", TAB, "0", "0", ENTER)
    assert pad.rounds[11].bids == [12, 0, 0]
    _keys(app, "2", "1")  # 21 tricks in a 12-card round: flagged at once, at that cell
    assert [c for c, _ in scene.live_issues()] == [("t", 0)]
    assert "21" in scene.live_issues()[0][1]


def test_mouse_opens_the_results_only_after_the_bids(app, home):
    pad = ScorePad(names=["甲", "乙", "丙"])
    scene = app.push(ScorePadScene(app, pad, editable=True, save=False))
    frames(app, 1)
    click(app, scene.sub_rect(1, 1, 1).center)  # 乙's result, bids not typed
    assert scene.cell == ("b", 0) and scene.errors and pad.rounds == []
    click(app, scene.sub_rect(1, 2, 0).center)
    assert scene.cell == ("b", 2)
    _keys(app, "1")
    click(app, scene.sub_rect(1, 0, 0).center)
    _keys(app, "0")
    click(app, scene.sub_rect(1, 1, 0).center)
    _keys(app, "0")
    assert scene.bids_txt == ["0", "0", "1"] and pad.rounds == []
    click(app, scene.sub_rect(1, 1, 1).center)  # the bids are complete: checked and stored
    assert pad.rounds[0].bids == [0, 0, 1] and scene.cell == ("t", 1)
    save = next(b for b in scene.buttons if b.label() == "記下")
    _keys(app, "1")
    click(app, save.rect.center)  # the button points at the empty results
    assert scene.errors and scene.cell == ("t", 2)
    _keys(app, "0")
    click(app, scene.sub_rect(1, 0, 1).center)
    _keys(app, "0")
    click(app, save.rect.center)
    assert pad.rounds[0].tricks == [0, 1, 0]
