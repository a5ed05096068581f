"""The stand-alone score pad after play test round 3 (issue 33): entry follows the columns left
to right with the first bidder marked; numbers typed and not stored survive 返回, a closed
window and a move to another round; hidden bids (WIZ-V1 隱藏預言, WIZ-V2) are masked while
typed and revealed together; a pad is exported as a PNG image and a UTF-8 CSV table."""

from __future__ import annotations

import csv
import io
import json

import pygame
import pytest

from cardtable import paths
from cardtable.games.wizard.scorepad import ScorePad, pad_from_state
from cardtable.ui import gfx
from cardtable.ui.autoplay import click, frames, key
from cardtable.ui.scenes.scorepad import (
    FIRST_MARK,
    MASK,
    ScorePadScene,
    ScorePadSetupScene,
    finished_sample_pad,
    load_pad,
    open_scorepad,
    pad_path,
    sample_pad,
)
from cardtable.ui.scenes.scorepad_export import (
    ExportExists,
    ScorePadExportScene,
    export_pad,
    pad_csv,
)

TAB, ENTER = "<tab>", "<enter>"


def _keys(app, *seq: str) -> None:
    for k in seq:
        if k == TAB:
            key(app, pygame.K_TAB)
        elif k == ENTER:
            key(app, pygame.K_RETURN)
        else:
            for ch in k:
                key(app, pygame.K_0 + int(ch))


def _blits(app, monkeypatch) -> list[tuple[str, tuple[int, int]]]:
    """Every text drawn from now on, with where it was anchored."""
    out: list[tuple[str, tuple[int, int]]] = []
    real = app.text.blit

    def spy(surf, s, pos, *a, **k):
        out.append((s, tuple(pos)))
        return real(surf, s, pos, *a, **k)
    monkeypatch.setattr(app.text, "blit", spy)
    return out


def _drawn_at(blits, rect: pygame.Rect) -> list[str]:
    return [s for s, pos in blits if rect.collidepoint(pos)]


def _button(scene, label: str):
    return next(b for b in scene.buttons if b.label() == label)


# ---------------------------------------------------------------- entry order
def test_numbers_typed_left_to_right_land_in_the_columns_as_drawn(app, home):
    """WIZ-SB1: the dealer moves every round; typed left to right as on paper, each number
    lands in the column it is typed for, in every round (the cursor used to start at the
    dealer's column: 1 Tab 0 Tab 0 in round 1 with 丙 dealing gave 丙 the 1)."""
    pad = ScorePad(names=["甲", "乙", "丙"], first_dealer=2)
    scene = app.push(ScorePadScene(app, pad, editable=True, save=False))
    for r, (bids, tricks) in enumerate([([1, 0, 0], [1, 0, 0]), ([0, 2, 0], [0, 2, 0]),
                                        ([0, 1, 1], [1, 1, 1])], start=1):
        assert scene.edit_round == r and scene.cell == ("b", 0)
        _keys(app, str(bids[0]), TAB, str(bids[1]), TAB, str(bids[2]), ENTER)
        assert pad.rounds[r - 1].bids == bids
        assert scene.cell == ("t", 0)
        _keys(app, str(tricks[0]), TAB, str(tricks[1]), TAB, str(tricks[2]), ENTER)
        assert pad.rounds[r - 1].tricks == tricks


@pytest.mark.parametrize("order", ["dealer", "left_of_dealer"])
def test_the_first_bidder_of_every_round_is_marked(app, home, order):
    """WIZ-B1: the round's first bidder (the dealer, or the player on the dealer's left) gets
    a corner mark in their bid cell, in every row; the header explains the mark."""
    pad = ScorePad(names=["甲", "乙", "丙", "丁"], first_dealer=1, bid_order=order)
    scene = app.push(ScorePadScene(app, pad, editable=True, save=False))
    frames(app, 1)
    canvas = app.canvas
    left = 1 if order == "left_of_dealer" else 0
    for r in (1, 2, 5):
        first = (1 + r - 1 + left) % 4
        for p in range(4):
            cell = scene.sub_rect(r, p, 0)
            pixel = tuple(canvas.get_at((cell.x + 6, cell.y + 4)))[:3]
            assert (pixel == FIRST_MARK) == (p == first), (r, p, pixel)
    assert scene.first_bidder(2) == (2 + left) % 4


def test_the_mark_is_explained_in_the_header(app, home, monkeypatch):
    app.push(ScorePadScene(app, sample_pad(), editable=True, save=False))
    blits = _blits(app, monkeypatch)
    frames(app, 1)
    assert "藍色三角：這一輪先預言的玩家" in [s for s, _ in blits]


# ---------------------------------------------------------------- nothing typed is lost
def _new_pad(app) -> ScorePadScene:
    setup = app.push(ScorePadSetupScene(app, names=["甲", "乙", "丙"]))
    setup.set_n(3)
    setup.start()
    scene = app.stack.top
    assert isinstance(scene, ScorePadScene)
    return scene


def test_numbers_typed_and_not_stored_are_kept_through_back(app, home, monkeypatch):
    """Issue 33: results typed but not stored with Enter vanished without a word on 返回. They
    are kept in the pad file and put back in their cells when the pad is opened again, with a
    notice saying so."""
    scene = _new_pad(app)
    _keys(app, "1", TAB, "0", TAB, "0", ENTER)  # the bids are stored
    _keys(app, "1", TAB, "0")  # two of the three results typed, no Enter
    click(app, scene.back_button.rect.center)
    assert app.stack.top is not scene
    saved = json.loads(pad_path().read_text(encoding="utf-8"))
    assert saved["draft"] == {"round_no": 1, "bids": [1, 0, 0], "tricks": [1, 0, None]}
    again = open_scorepad(app)
    assert isinstance(again, ScorePadScene) and again.edit_round == 1
    assert again.tricks_txt == ["1", "0", ""] and again.cell == ("t", 2)
    blits = _blits(app, monkeypatch)
    frames(app, 1)
    assert "第 1 輪上次輸入、還沒記下的數字已經放回格子裡。" in [s for s, _ in blits]
    _keys(app, "0", ENTER)
    assert again.pad.rounds[0].tricks == [1, 0, 0] and again.pad.draft is None
    assert json.loads(pad_path().read_text(encoding="utf-8"))["draft"] is None


def test_numbers_typed_are_kept_when_the_window_is_closed(app, home):
    """Closing the window (pygame.QUIT) with bids typed and not stored: the next start of
    the pad shows them again."""
    _new_pad(app)
    _keys(app, "1", TAB, "1")
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert not app.running
    pad, notice = load_pad()
    assert notice is None and pad is not None and pad.rounds == []
    scene = ScorePadScene(app, pad, editable=True)
    assert scene.bids_txt == ["1", "1", ""] and scene.stage == "bids"


def test_moving_to_another_round_with_typed_numbers_asks_first(app, home):
    """Up (or a click on another round) would drop the typed numbers of the round left: the
    first press says so, the second gives them up (and the pad keeps what was stored)."""
    scene = app.push(ScorePadScene(app, sample_pad(), editable=True, save=False))
    _keys(app, "2", TAB, "3")  # round 8's results, not stored
    key(app, pygame.K_UP)
    assert scene.edit_round == 8 and scene.tricks_txt[:2] == ["2", "3"]
    assert scene.errors == ["第 8 輪輸入的數字還沒記下。按 Enter 記下；真的不要了，就再按一次。"]
    key(app, pygame.K_UP)
    assert scene.edit_round == 7 and scene.correcting
    assert scene.pad.draft is None


def test_a_changed_correction_is_given_up_only_on_a_second_escape(app, home):
    scene = app.push(ScorePadScene(app, sample_pad(), editable=True, save=False))
    click(app, scene.sub_rect(3, 2, 1).center)
    assert scene.correcting
    _keys(app, "1")
    key(app, pygame.K_ESCAPE)
    assert scene.correcting and scene.errors and app.stack.top is scene
    key(app, pygame.K_ESCAPE)
    assert scene.edit_round == 8 and scene.notice == "已放棄第 3 輪的修改，保留原來的數字。"
    assert scene.pad.rounds[2].tricks == [1, 0, 0, 2]


def test_a_new_pad_over_typed_numbers_asks_first(app, home):
    scene = app.push(ScorePadScene(app, ScorePad(names=["甲", "乙", "丙"]), editable=True,
                                   save=False))
    _keys(app, "1")
    new = _button(scene, "新的記分板")
    click(app, new.rect.center)
    assert app.stack.top is scene and scene.confirm == "new"
    click(app, new.rect.center)
    assert isinstance(app.stack.top, ScorePadSetupScene)


# ---------------------------------------------------------------- hidden bids
def _hidden_pad(app, monkeypatch):
    pad = ScorePad(names=["甲", "乙", "丙", "丁"], hidden_bids=True)
    for r in range(1, 3):
        pad.enter_round(r, [1, 0, 0, 0] if r == 1 else [1, 1, 0, 0],
                        [1, 0, 0, 0] if r == 1 else [1, 1, 0, 0])
    scene = app.push(ScorePadScene(app, pad, editable=True, save=False))
    return scene, _blits(app, monkeypatch)


def test_hidden_bids_are_masked_while_typed_and_revealed_together(app, home, monkeypatch):
    """WIZ-V1 hidden bids: the keeper types each bid unseen; on the shared screen every typed
    bid (the one being typed too) shows as a mask, the sum of bids is not shown, and Enter
    (公開預言) stores and shows them all at once, before the round is played."""
    scene, blits = _hidden_pad(app, monkeypatch)
    assert scene.edit_round == 3 and scene.masking
    _keys(app, "2", TAB, "1", TAB, "0")
    frames(app, 1)
    for p in range(4):
        shown = _drawn_at(blits, scene.sub_rect(3, p, 0))
        assert shown == ([MASK] if p < 3 else []), (p, shown)
    sums = [s for s, _ in blits if s.endswith("/3")]
    assert sums == ["?/3"]
    assert "已收到 3／4 位玩家的預言" in [s for s, _ in blits]
    assert _button(scene, "公開預言")
    _keys(app, TAB, "1", ENTER)
    assert scene.pad.rounds[2].bids == [2, 1, 0, 1] and not scene.masking
    blits.clear()
    frames(app, 1)
    assert [_drawn_at(blits, scene.sub_rect(3, p, 0)) for p in range(4)] == [
        ["2"], ["1"], ["0"], ["1"]]
    assert "4/3" in [s for s, _ in blits]


def test_holding_space_shows_the_keeper_only_the_selected_bid(app, home, monkeypatch):
    scene, blits = _hidden_pad(app, monkeypatch)
    _keys(app, "2", TAB, "1")
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                    scancode=0))
    blits.clear()
    frames(app, 1)
    assert _drawn_at(blits, scene.sub_rect(3, 1, 0)) == ["1"]
    assert _drawn_at(blits, scene.sub_rect(3, 0, 0)) == [MASK]
    app.dispatch(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ",
                                    scancode=0))
    blits.clear()
    frames(app, 1)
    assert _drawn_at(blits, scene.sub_rect(3, 1, 0)) == [MASK]


def _masked_screen(app, monkeypatch, typed: list[str]) -> tuple[bytes, list[str], object]:
    """The shared screen of round 3 (3 cards) of a hidden-bid pad with `typed` in the bid
    cells, and the texts drawn on it."""
    scene, blits = _hidden_pad(app, monkeypatch)
    for i, v in enumerate(typed):
        if i:
            _keys(app, TAB)
        if v:
            _keys(app, v)
    blits.clear()
    frames(app, 1)
    screen = pygame.image.tobytes(gfx.pixels(app.canvas), "RGB")
    app.stack.pop()
    return screen, [s for s, _ in blits], scene


@pytest.mark.parametrize("seat", [0, 2])
def test_a_masked_bid_out_of_range_changes_nothing_on_the_shared_screen(app, home,
                                                                         monkeypatch, seat):
    """Privacy first (issue 33 play test): 「甲 的預言超過這輪的牌數 3」 told the table that a
    masked bid was too big. While bids are masked, the screen with an impossible bid typed is
    the very same, pixel for pixel, as with a possible one: no red cell, no line."""
    ok = ["1", "0", "1", "0"]
    bad = list(ok)
    bad[seat] = "9"  # 9 in a 3-card round
    screen_ok, texts_ok, _ = _masked_screen(app, monkeypatch, ok)
    screen_bad, texts_bad, scene = _masked_screen(app, monkeypatch, bad)
    assert scene.masking and scene.live_issues() == []
    assert texts_bad == texts_ok
    assert screen_bad == screen_ok


def test_revealing_an_impossible_masked_bid_is_refused_without_saying_whose(app, home,
                                                                            monkeypatch):
    """Enter (公開預言) with an impossible masked bid: nothing is revealed or stored, the cursor
    does not jump to the bid, and the one line is the same whoever's bid it is and whatever
    the number; holding Space on the cell (the keeper looking) tells the keeper what is wrong."""
    said, screens = [], []
    for seat, val in ((0, "9"), (2, "4"), (3, "12")):
        scene, blits = _hidden_pad(app, monkeypatch)
        typed = ["1", "0", "1", "0"]
        typed[seat] = val
        for i, v in enumerate(typed):
            _keys(app, *([TAB] if i else []), v)
        cell = scene.cell
        _keys(app, ENTER)
        assert scene.masking and len(scene.pad.rounds) == 2 and scene.cell == cell
        assert scene.live_issues() == []
        blits.clear()
        frames(app, 1)
        drawn = [s for s, _ in blits]
        for p in range(4):
            assert _drawn_at(blits, scene.sub_rect(3, p, 0)) == [MASK]
        said.append(scene.errors)
        for secret in ("甲", "乙", "丙", "丁", val, "超過"):
            assert not any(secret in e for e in scene.errors), (secret, scene.errors)
        screens.append(drawn)
        # the keeper holds Space on the cell: now (and only now) the cell and the line say it
        scene.select(("b", seat))
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                        unicode=" ", scancode=0))
        assert [c for c, _ in scene.live_issues()] == [("b", seat)]
        app.dispatch(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0,
                                        unicode=" ", scancode=0))
        app.stack.pop()
    assert said[0] == said[1] == said[2] and len(said[0]) == 1
    assert screens[0] == screens[1] == screens[2]  # every text drawn, the same
    assert "還不能公開" in said[0][0] and "0 到 3" in said[0][0]


def test_wiz_v2_hidden_bids_never_with_plus_minus_one(app, home):
    # WIZ-V2: the pad never combines +-1 with hidden bids: the model refuses the pair, and
    # the set-up refuses the second one with a one-line reason
    with pytest.raises(ValueError):
        ScorePad(names=["甲", "乙", "丙"], plus_minus_one=True, hidden_bids=True)
    setup = app.push(ScorePadSetupScene(app, names=["甲", "乙", "丙"]))
    setup._set_pm(True)
    setup._set_hidden(True)
    assert not setup.hidden_bids and "加減 1 墩不能和隱藏預言一起用" in setup.error
    setup._set_pm(False)
    setup._set_hidden(True)
    setup._set_pm(True)
    assert setup.hidden_bids and not setup.plus_minus_one and setup.error
    setup.start()
    assert app.stack.top.pad.hidden_bids and app.stack.top.masking


def test_a_version_1_pad_file_still_loads(home):
    doc = json.loads(sample_pad().to_json())
    doc["version"] = 1
    del doc["hidden_bids"], doc["draft"]
    pad_path().write_text(json.dumps(doc), encoding="utf-8")
    pad, notice = load_pad()
    assert notice is None and pad is not None and pad.rounds == sample_pad().rounds


# ---------------------------------------------------------------- export
def _csv_rows(path) -> list[list[str]]:
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with a BOM: Excel reads the names right
    return list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))


def test_export_writes_an_image_and_a_table_and_says_where(app, home):
    pad = finished_sample_pad()
    scene = app.push(ScorePadScene(app, pad, editable=True, save=False))
    click(app, scene.export_button.rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, ScorePadExportScene)
    assert dialog.where == str(paths.exports_dir())
    go = next(w for w in dialog.menu.widgets if w.label() == "匯出")
    click(app, go.rect.center)
    frames(app, 1)
    assert dialog.ok and dialog.done is not None
    png, table = dialog.done.png, dialog.done.csv
    assert png.parent == table.parent == paths.exports_dir()
    assert str(paths.exports_dir()) in dialog.message and png.name in dialog.message
    image = pygame.image.load(str(png))
    assert image.get_size() == (1280, 720)
    rows = _csv_rows(table)
    head = rows[3]
    assert head[:4] == ["輪", "張數", "發牌玩家", "先預言"] and head[4] == "小櫻 預言"
    rounds = rows[4:4 + pad.num_rounds]
    assert [int(r[0]) for r in rounds] == list(range(1, 16))
    totals = [int(rounds[-1][4 + 4 * p + 3]) for p in range(4)]
    assert totals == pad.totals()
    assert [int(rounds[2][4 + 4 * p]) for p in range(4)] == pad.rounds[2].bids
    ranking = rows[4 + pad.num_rounds + 2:]
    assert [(r[1], int(r[2])) for r in ranking] == [(pad.names[p], t)
                                                    for _, p, t in pad.ranking()]


def test_export_to_a_named_file_asks_before_replacing_it(app, home, tmp_path):
    pad = finished_sample_pad()
    target = tmp_path / "週末牌局.png"
    done = export_pad(app, pad, str(target))
    assert done.png == target and done.csv == tmp_path / "週末牌局.csv"
    with pytest.raises(ExportExists):
        export_pad(app, pad, str(tmp_path / "週末牌局.csv"))
    bare = export_pad(app, pad, "週末牌局.png")  # a bare name goes to the default folder
    assert bare.png == paths.exports_dir() / "週末牌局.png"
    scene = app.push(ScorePadScene(app, pad, editable=False))
    dialog = app.push(ScorePadExportScene(app, scene))
    dialog.where = str(target)
    dialog.export()
    assert not dialog.ok and "再按一次「匯出」" in dialog.message
    dialog.export()
    assert dialog.ok


def test_a_folder_given_twice_never_replaces_the_first_export(app, home, tmp_path):
    pad = finished_sample_pad()
    first = export_pad(app, pad, str(tmp_path))
    second = export_pad(app, pad, str(tmp_path))
    assert first.png != second.png and first.png.exists() and second.csv.exists()


def test_an_export_that_cannot_be_written_is_told(app, home, tmp_path):
    blocker = tmp_path / "notafolder"
    blocker.write_text("x", encoding="utf-8")
    scene = app.push(ScorePadScene(app, finished_sample_pad(), editable=False))
    dialog = app.push(ScorePadExportScene(app, scene))
    dialog.where = str(blocker / "sub")
    dialog.export()
    assert not dialog.ok and dialog.done is None and dialog.message
    assert not list(tmp_path.glob("**/*.png"))


def test_names_that_look_like_formulas_are_written_as_text():
    pad = ScorePad(names=["=1+1", "@x", "-3", "阿明"])
    pad.enter_round(1, [1, 0, 0, 0], [1, 0, 0, 0])
    rows = list(csv.reader(io.StringIO(pad_csv(pad, "2026-01-01 20:00"))))
    assert rows[3][4:16:4] == ["'=1+1 預言", "'@x 預言", "'-3 預言"]
    assert rows[4][2] == "'=1+1"


def test_the_in_game_pad_exports_a_finished_game(app, home, tmp_path):
    """The pad of a game on the table (read-only, the same scene) has the same export."""
    from cardtable.core.rng import GameRng
    from cardtable.games.wizard.rules import SPEC
    state, _ = SPEC.new_game(5, 3)
    rng = GameRng(5)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    pad = pad_from_state(state, ["小櫻", "阿哲", "美玲"])
    scene = app.push(ScorePadScene(app, pad, editable=False))
    assert scene.export_button.enabled
    done = export_pad(app, pad, str(tmp_path))
    rows = _csv_rows(done.csv)
    last = rows[4 + pad.num_rounds - 1]
    assert [int(last[4 + 4 * p + 3]) for p in range(3)] == [int(t) for t in state.totals]
