"""The Wizard score pad (WIZ-SB1, the seed's 記分板) as a scene.

Two uses: in a game (the table's button; read-only, built from what the viewer may see) and
stand-alone (`cardtable scorepad`, the title screen) for people playing with real cards: names
(3-6) typed in on a setup screen (IME as in the game setup), then bids and tricks typed straight
into the pad's grid. The model (`cardtable.games.wizard.scorepad.ScorePad`) validates and scores;
this scene only shows its rows, ranking and a line chart of the totals, and saves the pad after
every accepted entry to `user_data_dir()/scorepad.json` (atomic write), so it can be resumed.

Keys in the pad: digits type into the selected cell and never move the cursor (the first digit
after the cursor arrives replaces the value); Tab / Right and Shift+Tab / Left move between
cells, Backspace deletes a digit, Delete empties the cell. The cells are walked in the order
the columns are drawn, left to right (as numbers are written on paper; the first bidder, who
changes every round, is marked, not started from). Enter goes to the next empty cell of the
stage, and once it is full checks and stores it: a new round's bids first (the +-1 rule and
ranges; the results column opens only after that), then the results. Problems are shown
beside the offending cell as soon as they can be seen. Up / Down pick a round to correct,
Esc cancels a correction or leaves. The mouse selects cells and rounds and works the buttons.

Nothing typed is lost: what is typed and not stored is kept in the pad file as its `draft`
after every keystroke (so leaving with 返回, closing the window or a crash keeps it) and put
back in its cells when the pad is opened again, with a notice; moving to another round or
cancelling a correction while typed numbers are not stored asks for a second press first.

Hidden bids (the pad's `hidden_bids`, WIZ-V1 隱藏預言): each player tells the keeper their bid
unseen and the keeper types it; on the one shared screen every typed bid shows as a mask (the
cell being typed too; holding Space shows that one cell to the keeper), the sum of bids is not
shown, and the bids appear together when Enter stores them, before the round is played.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from cardtable import paths, persist
from cardtable.core.events import Msg
from cardtable.core.match import NAME_MAX_LEN
from cardtable.games.wizard.scorepad import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PadRow,
    ScorePad,
    ScorePadError,
    is_newer_pad,
)
from cardtable.i18n import tr
from cardtable.ui import art_wizard, draw, gfx, theme
from cardtable.ui.scene import Scene
from cardtable.ui.scenes.common import TextEntryScene, title_bar
from cardtable.ui.widgets import Button, Choice, TextField, Toggle, Widget

log = logging.getLogger(__name__)

PAD_FILE = "scorepad.json"
GRID = pygame.Rect(20, 84, 822, 620)
SIDE = pygame.Rect(856, 84, 404, 620)
HEAD_H = 58
HEAD_H_TWO_LINE = 84  # two lines of sub-headers (see ScorePadScene.two_line)
LEFT_COLS = (44, 40, 62, 56)  # round, cards, bid sum / cards, trick sum
SUB_WEIGHTS = (0.23, 0.23, 0.25, 0.29)  # bid, tricks, round score, total (3-4 players)
PLAYER_COLORS: tuple[tuple[int, int, int], ...] = (
    (120, 200, 255), (250, 204, 86), (240, 112, 104), (120, 214, 140), (200, 150, 255),
    (255, 160, 80))
DEALER_TINT = (250, 204, 86)


def player_color(pad: ScorePad, p: int) -> tuple[int, int, int]:
    """Player `p`'s colour in the pad (name underline, ranking dot, chart line): in single
    colour (WIZ-V1) the suit they play, else one of `PLAYER_COLORS`."""
    if pad.colours is not None and p < len(pad.colours):
        return art_wizard.suit_color(pad.colours[p])
    return PLAYER_COLORS[p % len(PLAYER_COLORS)]
FIRST_MARK = (120, 214, 255)  # the corner mark of the round's first bidder
MASK = "●"  # a hidden bid typed but not revealed
OPTIONS_PANEL = pygame.Rect(56, 116, 548, 508)  # the set-up screen's two panels
NAMES_PANEL = pygame.Rect(676, 116, 560, 508)


# ---------------------------------------------------------------- file
def pad_path() -> Path:
    return paths.user_data_dir() / PAD_FILE


def save_pad(pad: ScorePad, path: Path | None = None) -> None:
    """Write the pad (atomic; only the running copy that owns the file writes it)."""
    persist.guarded_write_text(path or pad_path(), pad.to_json())


def load_pad(path: Path | None = None) -> tuple[ScorePad | None, str | None]:
    """The saved pad, or (None, None) when there is none; a file that cannot be read, or holds
    a pad the rules do not allow, is moved aside as `scorepad.json.corrupt-<time>` and a
    notice key is returned. A pad whose names had to be cut like typed ones
    (`persist.bound_name`) comes with that notice."""
    path = path or pad_path()
    if not path.exists():
        return None, None
    try:
        data = persist.read_json(path)
        if is_newer_pad(data):
            log.warning("the score pad %s is from a newer version: kept aside", path)
            persist.move_aside(path, "newer")
            return None, "ui.scorepad.notice.newer"
        pad = ScorePad.model_validate(data)
        names = [persist.bound_name(n) for n in pad.names]
        if names == pad.names:
            return pad, None
        changed = sum(1 for a, b in zip(names, pad.names, strict=True) if a != b)
        log.warning("the score pad %s: %d name(s) cut to %d characters", path, changed,
                    NAME_MAX_LEN)
        return ScorePad.model_validate({**pad.model_dump(), "names": names}), \
            persist.names_notice(changed)
    except (OSError, ValueError) as exc:  # ValueError: also pydantic's ValidationError
        log.error("cannot read the score pad %s: %s", path, exc)
        persist.move_aside(path)
        return None, "ui.scorepad.notice.corrupt"


def open_scorepad(app: Any) -> Scene:
    """`cardtable scorepad` and the title entry: resume the saved pad, or set up a new one."""
    pad, notice = load_pad()
    if pad is not None:
        scene = app.push(ScorePadScene(app, pad, editable=True))
        if notice:
            app.tell(notice)  # names cut to the length a person can type
        return scene
    return app.push(ScorePadSetupScene(app, notice=notice))


# ---------------------------------------------------------------- text helpers
def issue_text(msg: Msg, names: list[str]) -> str:
    params = dict(msg.params)
    if isinstance(params.get("player"), int):
        p = params["player"]
        params["player"] = names[p] if 0 <= p < len(names) else str(p + 1)
    return tr(msg.key, **params)


def _fmt_delta(v: int) -> str:
    return f"{v:+d}" if v else "0"


# ---------------------------------------------------------------- the pad
class ScorePadScene(Scene):
    name = "scorepad"

    def __init__(self, app: Any, pad: ScorePad, editable: bool = True, save: bool | None = None,
                 bids_hidden: bool = False) -> None:
        super().__init__(app)
        self.pad = pad
        # a game on the table whose current bids are hidden from this viewer (hidden / secret
        # bids): its unplayed round's missing bids are hidden, not just not placed yet
        self.bids_hidden = bids_hidden
        self.editable = editable
        self.save = editable if save is None else save
        self.mouse = (0, 0)
        self.errors: list[str] = []
        self.notice = ""
        self.confirm: str | None = None  # a button waiting for its second press
        self.edit_round: int | None = None
        self.bids_txt: list[str] = []
        self.tricks_txt: list[str] = []
        self.cell: tuple[str, int] = ("b", 0)
        self.fresh = True  # the cursor just arrived: the next digit replaces the value
        self.peek = False  # hidden bids: Space held shows the selected cell to the keeper
        self.buttons: list[Button] = []
        self._build_buttons()
        if editable:
            self.start_edit(pad.next_round if not pad.finished else None)
            if pad.draft is not None:
                self.restore_draft()

    # ---------------------------------------------------------------- editing
    # Entry works like a score sheet: a digit only fills the selected cell (a Wizard number can
    # have two digits, bids go up to 20), and only Tab / arrows / Enter / the mouse move the
    # cursor, so no keystroke changes where the next one lands. The first digit after the
    # cursor arrives replaces the cell's value; later ones append. A new round is typed in two
    # stages: the bids, which Enter (or the 記下預言 button) checks and stores (WIZ-B1 +-1 rule,
    # ranges), and only then the results. Problems are shown at the offending cell as soon as
    # they can be seen, not first at Enter.
    @property
    def n(self) -> int:
        return self.pad.num_players

    def first_bidder(self, round_no: int) -> int:
        left = 1 if self.pad.bid_order == "left_of_dealer" else 0
        return (self.pad.dealer(round_no) + left) % self.n

    @property
    def stage(self) -> str:
        """"bids" (a new round, bids not stored yet), "tricks" (bids stored), "correct" (a
        finished round being corrected) or "none"."""
        r = self.edit_round
        if r is None:
            return "none"
        if r > len(self.pad.rounds):
            return "bids"
        return "correct" if self.pad.rounds[r - 1].tricks is not None else "tricks"

    @property
    def correcting(self) -> bool:
        return self.stage == "correct"

    def _seats(self) -> list[int]:
        """The players in entry order: the columns as drawn, left to right."""
        return list(range(self.n))

    def cell_order(self) -> list[tuple[str, int]]:
        """The cells Tab walks through: only the bids until they are stored."""
        seats = self._seats()
        bids = [("b", p) for p in seats]
        return bids if self.stage == "bids" else bids + [("t", p) for p in seats]

    def select(self, cell: tuple[str, int]) -> None:
        self.cell = cell
        self.fresh = True

    @property
    def masking(self) -> bool:
        """Hidden bids being typed: every bid of the row shows as a mask."""
        return self.editable and self.pad.hidden_bids and self.stage == "bids"

    # ---------------------------------------------------------------- typed, not stored
    def unstored(self) -> bool:
        """Whether the cells of the round being typed hold something not stored in the pad."""
        r = self.edit_round
        if r is None:
            return False
        bids, tricks = self._typed()
        if r > len(self.pad.rounds):
            return any(v is not None for v in (*bids, *tricks))
        entry = self.pad.rounds[r - 1]
        stored = list(entry.tricks) if entry.tricks is not None else [None] * self.n
        return bids != list(entry.bids) or tricks != stored

    def _remember(self) -> None:
        """Keep what is typed in the pad's draft (and its file) after every change."""
        if self.edit_round is None:
            return
        before = self.pad.draft
        if self.unstored():
            self.pad.keep_draft(self.edit_round, *self._typed())
        else:
            self.pad.draft = None
        if self.pad.draft != before:
            self._save()

    def restore_draft(self) -> None:
        """Put the draft of the pad (typed last time, not stored) back in its cells."""
        draft = self.pad.draft
        if draft is None or not self.editable:
            return
        self.start_edit(draft.round_no)
        if self.edit_round != draft.round_no:
            return
        self.bids_txt = ["" if v is None else str(v) for v in draft.bids]
        if self.stage != "bids":
            self.tricks_txt = ["" if v is None else str(v) for v in draft.tricks]
        order = self.cell_order()
        empty = [c for c in order if not self._txt(c)]
        self.select(empty[0] if empty else order[0])
        self.notice = tr("ui.scorepad.draft_restored", round=draft.round_no)

    def _ask_to_leave(self, action: str) -> bool:
        """True when the round being typed may be left now: nothing typed is unstored, or
        the same action was asked for just before (the second press gives them up)."""
        if not self.unstored() or self.confirm == action:
            return True
        self.confirm = action
        self.errors = [tr("ui.scorepad.unstored", round=self.edit_round)]
        return False

    def start_edit(self, round_no: int | None) -> None:
        """Select a round for typing: the next one, or a past one to correct (what was typed
        in the round left is given up: callers ask first, see `_ask_to_leave`)."""
        self.errors = []
        self.confirm = None
        self.peek = False
        if round_no is None or not 1 <= round_no <= min(len(self.pad.rounds) + 1,
                                                        self.pad.num_rounds):
            self.edit_round = None
            return
        self.edit_round = round_no
        n = self.n
        if round_no <= len(self.pad.rounds):
            entry = self.pad.rounds[round_no - 1]
            self.bids_txt = ["" if b is None else str(b) for b in entry.bids]
            self.tricks_txt = ["" if entry.tricks is None else str(t)
                               for t in (entry.tricks or [0] * n)]
        else:
            self.bids_txt = [""] * n
            self.tricks_txt = [""] * n
        order = self.cell_order()
        empty = [c for c in order if not self._txt(c)]
        self.select(empty[0] if empty else order[0])

    def _txt(self, cell: tuple[str, int]) -> str:
        kind, p = cell
        return (self.bids_txt if kind == "b" else self.tricks_txt)[p]

    def _set_txt(self, cell: tuple[str, int], value: str) -> None:
        kind, p = cell
        (self.bids_txt if kind == "b" else self.tricks_txt)[p] = value

    def move_cell(self, step: int) -> None:
        order = self.cell_order()
        i = order.index(self.cell) if self.cell in order else 0
        self.select(order[(i + step) % len(order)])
        self.peek = False

    def type_digit(self, digit: int) -> None:
        """Fill the selected cell; the cursor stays (Tab / Enter move it)."""
        if self.edit_round is None:
            return
        cur = "" if self.fresh else self._txt(self.cell)
        if cur == "0":
            cur = ""
        if len(cur) >= 2:  # no Wizard number has three digits
            return
        self._set_txt(self.cell, cur + str(digit))
        self.fresh = False
        self.errors = []
        self.notice = ""
        self.confirm = None
        self._remember()

    def backspace(self) -> None:
        self._set_txt(self.cell, self._txt(self.cell)[:-1])
        self.fresh = False
        self.errors = []
        self.confirm = None
        self._remember()

    def clear_cell(self) -> None:
        self._set_txt(self.cell, "")
        self.fresh = False
        self.errors = []
        self.confirm = None
        self._remember()

    def _typed(self) -> tuple[list[int | None], list[int | None]]:
        return ([int(s) if s else None for s in self.bids_txt],
                [int(s) if s else None for s in self.tricks_txt])

    def _bids_changed(self) -> bool:
        r = self.edit_round
        if r is None or r > len(self.pad.rounds):
            return True
        return self._typed()[0] != list(self.pad.rounds[r - 1].bids)

    def issue_cell(self, msg: Msg) -> tuple[str, int]:
        """The cell a problem belongs to (where it is shown)."""
        p = msg.params.get("player")
        if isinstance(p, int) and 0 <= p < self.n:
            if msg.key in ("wizard.pad.error.bid_range", "wizard.pad.error.plus_minus_one"):
                return ("b", p)
            if msg.key == "wizard.pad.error.tricks_range":
                return ("t", p)
        if msg.key == "wizard.pad.error.no_bids":
            empty = [c for c in self.cell_order() if c[0] == "b" and not self._txt(c)]
            if empty:
                return empty[0]
        if msg.key == "wizard.pad.error.tricks_sum" and self.cell[0] != "t":
            return ("t", self._seats()[-1])
        return self.cell

    def live_issues(self) -> list[tuple[tuple[str, int], str]]:
        """What is wrong with the values typed so far, with the cell each problem belongs to:
        a bid or result out of range as soon as it is typed, the +-1 rule as soon as the last
        bid is in, the results' sum once every result is in."""
        r = self.edit_round
        if r is None:
            return []
        bids, tricks = self._typed()
        cards = self.pad.cards(r)
        if self.stage != "bids" and all(t is not None for t in tricks):
            issues = self.pad.check_round(r, bids, [t for t in tricks if t is not None])
        else:
            issues = self.pad.check_round(r, bids)
            if self.stage != "bids":
                issues += [Msg("wizard.pad.error.tricks_range",
                               {"player": p, "tricks": t, "max": cards})
                           for p, t in enumerate(tricks) if t is not None and t > cards]
        if self.masking:
            # hidden bids being typed: a masked bid out of range is not told on the shared
            # screen (no red cell, no line naming whose or how big); only while the keeper
            # holds Space on that very cell, when the cell shows the number anyway
            issues = [m for m in issues if not self._masked_range_issue(m)]
        names = self.pad.names
        return [(self.issue_cell(m), issue_text(m, names)) for m in issues]

    def _masked_range_issue(self, msg: Msg) -> bool:
        """Whether `msg` is a range problem of a bid the shared screen shows only as a mask."""
        return (self.masking and msg.key == "wizard.pad.error.bid_range"
                and not (self.peek and self.cell == ("b", msg.params.get("player"))))

    def _next_empty(self, cells: list[tuple[str, int]]) -> tuple[str, int] | None:
        """The first empty cell of `cells` after the cursor (in Tab order, wrapping)."""
        order = self.cell_order()
        i = order.index(self.cell) if self.cell in order else -1
        for k in range(1, len(order) + 1):
            c = order[(i + k) % len(order)]
            if c in cells and not self._txt(c):
                return c
        return None

    def press_enter(self, button: bool = False) -> bool:
        """Enter (or the 記下 button): while the cells of the current stage are not all filled,
        go to the next empty one; when they are, check and store them: the bids first (a new
        round, or changed bids of a round waiting for its results), then the results. True
        when something was stored."""
        if self.edit_round is None:
            return False
        stage = self.stage
        seats = self._seats()
        if stage == "bids" or (stage == "tricks" and self.cell[0] == "b" and
                               self._bids_changed()):
            cells = [("b", p) for p in seats]
            missing = "ui.scorepad.error.bids_missing"
            store = self.confirm_bids
        else:
            cells = [("t", p) for p in seats]
            if stage == "correct":
                cells = [("b", p) for p in seats] + cells
            missing = "ui.scorepad.error.tricks_missing"
            store = self.commit
        nxt = self._next_empty(cells)
        if nxt is not None:
            if button or nxt == self.cell:
                self.errors = [tr(missing)]
            self.select(nxt)
            return False
        return store()

    def _refused(self, exc: ScorePadError) -> None:
        if self.masking and any(m.key == "wizard.pad.error.bid_range" for m in exc.issues):
            # the masked bids cannot be revealed; the line says neither whose bid nor how it
            # is wrong, and the cursor stays where it is (a jump would point at the bid)
            r = self.edit_round or 1
            self.errors = [tr("ui.scorepad.error.hidden_bid_range", max=self.pad.cards(r))]
            self.app.play_sound("bust")
            return
        self.errors = [issue_text(m, self.pad.names) for m in exc.issues]
        self.select(self.issue_cell(exc.issues[0]))
        self.app.play_sound("bust")

    def confirm_bids(self) -> bool:
        """Check and store the typed bids of the round; the cursor then goes to the results."""
        r = self.edit_round
        if r is None:
            return False
        bids = self._typed()[0]
        if any(b is None for b in bids):
            self.errors = [tr("ui.scorepad.error.bids_missing")]
            return False
        try:
            self.pad.enter_round(r, bids)
        except ScorePadError as exc:
            self._refused(exc)
            return False
        self.errors = []
        self._remember()  # the typed results, if any, are still only typed
        self._save()
        self.notice = tr("ui.scorepad.revealed_bids" if self.pad.hidden_bids
                         else "ui.scorepad.saved_bids", round=r)
        self.peek = False
        self.select(("t", self._seats()[0]))
        self.app.play_sound("play")
        return True

    def commit(self) -> bool:
        """Store the typed round, bids and results (validated by the pad); True when it was
        accepted."""
        r = self.edit_round
        if r is None:
            return False
        bids, tricks = self._typed()
        if any(t is None for t in tricks):
            self.errors = [tr("ui.scorepad.error.tricks_missing")]
            return False
        try:
            self.pad.enter_round(r, bids, [t for t in tricks if t is not None])
        except ScorePadError as exc:
            self._refused(exc)
            return False
        self.errors = []
        self._save()
        self.notice = tr("ui.scorepad.saved_round", round=r)
        self.start_edit(None if self.pad.finished else self.pad.next_round)
        self.app.play_sound("play")
        return True

    def goto_round(self, r: int) -> None:
        """Up / Down or a click on another round: go there to type or correct it (asking
        first when typed numbers of the round left are not stored)."""
        if r == self.edit_round or not 1 <= r <= min(len(self.pad.rounds) + 1,
                                                      self.pad.num_rounds):
            return
        if not self._ask_to_leave(f"goto:{r}"):
            return
        self.start_edit(r)
        self._remember()

    def click_cell(self, cell: tuple[str, int]) -> None:
        """A click on a bid or result cell of the round being typed. The results of a new
        round open only once its bids are checked and stored (as Enter does)."""
        if cell[0] == "t" and self.stage == "bids":
            empty = [c for c in self.cell_order() if not self._txt(c)]
            if empty:
                self.errors = [tr("ui.scorepad.error.bids_first")]
                self.select(empty[0])
                return
            if not self.confirm_bids():
                return
        self.select(cell)

    def cancel(self) -> None:
        """Leave a correction (Esc, 取消修改); changed numbers are given up on a second
        press only."""
        if not self._ask_to_leave("cancel"):
            return
        changed = self.unstored()
        r = self.edit_round
        self.start_edit(None if self.pad.finished else self.pad.next_round)
        self._remember()
        self.notice = tr("ui.scorepad.cancelled", round=r) if changed else ""

    def remove_last(self) -> None:
        if self.confirm != "remove":
            self.confirm = "remove"
            return
        self.pad.remove_last_round()
        self._save()
        self.notice = tr("ui.scorepad.removed")
        self.start_edit(self.pad.next_round)

    def new_pad(self) -> None:
        if self.confirm != "new" and (self.pad.rounds or self.unstored()):
            self.confirm = "new"
            return
        self.app.replace(ScorePadSetupScene(self.app, names=list(self.pad.names)))

    def _save(self) -> None:
        if not self.save:
            return
        try:
            save_pad(self.pad)
        except OSError as exc:
            log.error("cannot save the score pad: %s", exc)
            self.errors = [tr("ui.scorepad.error.save")]

    def back(self) -> None:
        """返回 / Esc: leave; numbers typed and not stored stay in the pad's draft (saved
        with every keystroke) and come back when the pad is opened again."""
        self.app.pop(self)

    def open_export(self) -> None:
        from cardtable.ui.scenes.scorepad_export import ScorePadExportScene
        self.app.push(ScorePadExportScene(self.app, self))

    # ---------------------------------------------------------------- layout
    def _build_buttons(self) -> None:
        self.back_button = Button(pygame.Rect(1110, 18, 150, 48),
                                  lambda: tr("ui.scorepad.back" if self.editable else
                                             "ui.scorepad.back_to_game"), self.back,
                                  size=theme.SIZE_SMALL)
        self.export_button = Button(pygame.Rect(950, 18, 150, 48),
                                    lambda: tr("ui.scorepad.export"), self.open_export,
                                    enabled=lambda: any(r.tricks is not None
                                                        for r in self.pad.rounds),
                                    size=theme.SIZE_SMALL)
        self.buttons = [self.back_button, self.export_button]
        if not self.editable:
            return
        y = SIDE.bottom - 58
        w = (SIDE.w - 40) // 3
        specs = [
            (lambda: tr("ui.scorepad.reveal_bids") if self.masking
             else tr("ui.scorepad.save_bids") if self.stage == "bids"
             else tr("ui.scorepad.save"), lambda: self.press_enter(button=True),
             lambda: self.edit_round is not None),
            (lambda: tr("ui.scorepad.cancel") if self.correcting
             else tr("ui.scorepad.confirm_remove") if self.confirm == "remove"
             else tr("ui.scorepad.remove_last"), self._cancel_or_remove,
             lambda: bool(self.pad.rounds) or self.edit_round is not None),
            (lambda: tr("ui.scorepad.confirm_new") if self.confirm == "new"
             else tr("wizard.pad.new"), self.new_pad, None),
        ]
        for i, (label, fn, enabled) in enumerate(specs):
            self.buttons.append(Button(pygame.Rect(SIDE.x + 10 + i * (w + 10), y, w, 46),
                                       label, fn, enabled=enabled, size=theme.SIZE_SMALL,
                                       primary=i == 0))

    def _cancel_or_remove(self) -> None:
        if self.correcting:
            self.cancel()
        else:
            self.remove_last()

    def player_w(self) -> float:
        return (GRID.w - 16 - sum(LEFT_COLS)) / self.n

    def col_x(self, p: int) -> int:
        return int(GRID.x + 8 + sum(LEFT_COLS) + p * self.player_w())

    @property
    def two_line(self) -> bool:
        """5-6 players: a player's four columns do not fit side by side at a readable size
        (about 100 px for 預言 結果 得分 總分, a play test: 10 px headers, "+30110"), but their
        10-12 rounds leave room for two lines a round: bid and result over score and total."""
        return self.n >= 5

    def head_h(self) -> int:
        return HEAD_H_TWO_LINE if self.two_line else HEAD_H

    def row_h(self) -> int:
        room = (GRID.h - self.head_h() - 10) // self.pad.num_rounds
        if self.two_line:
            return max(36, min(52, room))
        return max(18, min(34, room))

    def row_rect(self, round_no: int) -> pygame.Rect:
        h = self.row_h()
        return pygame.Rect(GRID.x + 8, GRID.y + self.head_h() + (round_no - 1) * h,
                           GRID.w - 16, h)

    def sub_rect(self, round_no: int, p: int, sub: int) -> pygame.Rect:
        """Player p's cell `sub` (0 bid, 1 result, 2 round score, 3 total) in a round: four
        side by side, or (`two_line`) bid and result above score and total."""
        row = self.row_rect(round_no)
        pw = self.player_w()
        x = self.col_x(p)
        if self.two_line:
            half = row.h // 2
            col, line = sub % 2, sub // 2
            if line == 0 and self.editable and round_no == self.edit_round:
                half = row.h  # the row being typed shows no scores: full-height entry cells
            return pygame.Rect(int(x + col * pw / 2), row.y + line * half, int(pw / 2),
                               half if line == 0 else row.h - half)
        start = sum(SUB_WEIGHTS[:sub]) * pw
        return pygame.Rect(int(x + start), row.y, int(SUB_WEIGHTS[sub] * pw), row.h)

    def head_size(self) -> int:
        """One size for every column header (the left block's and each player's): the
        largest, up to SIZE_TINY, at which all of them fit their columns."""
        t = self.app.text
        labels = [(lab, w - 4) for lab, w in zip(self._left_heads(), LEFT_COLS, strict=True)]
        labels += [(lab, self.sub_rect(1, 0, sub).w - 4)
                   for sub, lab in enumerate(self._sub_heads())]
        return min(t.fit(lab, theme.SIZE_TINY, w, min_size=9) for lab, w in labels)

    @staticmethod
    def _left_heads() -> tuple[str, ...]:
        return (tr("wizard.pad.round"), tr("ui.scorepad.cards_short"), tr("wizard.pad.bid"),
                tr("wizard.pad.tricks"))

    @staticmethod
    def _sub_heads() -> tuple[str, ...]:
        return (tr("wizard.pad.bid"), tr("wizard.pad.tricks"), tr("wizard.pad.score"),
                tr("wizard.pad.total"))

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, tuple[str, int] | None] | None:
        """(round, cell) under the mouse; cell None for a click on the round's left block."""
        if not GRID.collidepoint(pos):
            return None
        for r in range(1, self.pad.num_rounds + 1):
            row = self.row_rect(r)
            if row.collidepoint(pos):
                for p in range(self.n):
                    for sub, kind in ((0, "b"), (1, "t")):
                        if self.sub_rect(r, p, sub).collidepoint(pos):
                            return r, (kind, p)
                    if self.sub_rect(r, p, 2).union(self.sub_rect(r, p, 3)).collidepoint(pos):
                        return r, ("t", p)
                return r, None
        return None

    # ---------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    b.activate()
                    return None
            if self.editable:
                hit = self.cell_at(event.pos)
                if hit is not None:
                    r, cell = hit
                    self.goto_round(r)
                    if r == self.edit_round and cell is not None:
                        self.click_cell(cell)
            return None
        if event.type == pygame.KEYUP and event.key == pygame.K_SPACE:
            self.peek = False
            return None
        if event.type != pygame.KEYDOWN:
            return None
        key = event.key
        if key == pygame.K_SPACE and self.editable:
            self.peek = self.masking  # held: the keeper looks at the selected cell
            return None
        if key == pygame.K_ESCAPE:
            if self.editable and self.edit_round is not None and \
                    self.edit_round <= len(self.pad.rounds):
                self.cancel()
            else:
                self.back()
            return None
        if not self.editable:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_t):
                self.back()
            return None
        digit = _digit(key)
        if digit is not None:
            self.type_digit(digit)
            return None
        if key == pygame.K_BACKSPACE:
            self.backspace()
        elif key == pygame.K_DELETE:
            self.clear_cell()
        elif key == pygame.K_TAB:
            self.move_cell(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key == pygame.K_RIGHT:
            self.move_cell(1)
        elif key == pygame.K_LEFT:
            self.move_cell(-1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.press_enter()
        elif key in (pygame.K_UP, pygame.K_DOWN):
            last = min(len(self.pad.rounds) + 1, self.pad.num_rounds)
            cur = self.edit_round or last + (1 if key == pygame.K_UP else 0)
            nxt = cur + (-1 if key == pygame.K_UP else 1)
            if 1 <= nxt <= last:
                self.goto_round(nxt)
        return None

    def enter(self) -> None:
        pygame.key.stop_text_input()

    def resume(self) -> None:
        pygame.key.stop_text_input()

    # ---------------------------------------------------------------- drawing
    def draw(self, surf: gfx.Image) -> None:
        self.draw_sheet(surf)
        if self.editable:
            self._entry(surf)
        else:
            self._legend(surf, pygame.Rect(SIDE.x, SIDE.bottom - 70, SIDE.w, 70))
        for b in self.buttons:
            b.draw(surf, self.app.text, b.rect.collidepoint(self.mouse))

    def info_line(self) -> str:
        """The pad's shape and variants, as the header says them."""
        pad = self.pad
        info = [tr("ui.scorepad.info", n=pad.num_players, rounds=pad.num_rounds)]
        if pad.plus_minus_one:
            info.append(tr("wizard.option.plus_minus_one"))
        if pad.hidden_bids:
            info.append(tr("wizard.option.hidden_bids"))
        if pad.single_colour:
            info.append(tr("wizard.option.single_colour"))
        if pad.bid_order == "left_of_dealer":
            info.append(tr("ui.scorepad.left_of_dealer"))
        return "　".join(info)

    def draw_sheet(self, surf: gfx.Image, export_note: str | None = None) -> None:
        """Everything but the buttons and the entry panel: the header with its legend, the
        grid, the ranking and the chart (also the exported image, with `export_note` where
        the buttons are and the chart down to the bottom)."""
        surf.blit(draw.background(surf.get_size()), (0, 0))
        t = self.app.text
        pad = self.pad
        t.blit(surf, tr("wizard.pad.title"), (24, 18), theme.SIZE_H2, theme.TEXT, True)
        right = GRID.right if export_note is None else SIDE.right
        r = t.blit(surf, self.info_line(), (26, 56), theme.SIZE_TINY, theme.TEXT_DIM)
        # the legend: the dealer's tint and the first bidder's corner mark
        x = r.right + 20
        items = [tr("ui.scorepad.dealer_legend"), tr("ui.scorepad.first_legend")]
        size = t.fit("　".join(items), theme.SIZE_TINY, right - x - 52, min_size=11)
        for i, label in enumerate(items):
            sw = pygame.Rect(x, 59, 16, 14)
            if i == 0:
                gfx.rect(surf, DEALER_TINT, sw, border_radius=3)
            else:
                gfx.polygon(surf, FIRST_MARK, [sw.topleft, (sw.x + 12, sw.y),
                                               (sw.x, sw.y + 12)])
            lr = t.blit(surf, label, (sw.right + 5, sw.centery), size, theme.TEXT_DIM, False,
                        "midleft")
            x = lr.right + 16
        if export_note is not None:
            t.blit(surf, export_note, (SIDE.right, 30), theme.SIZE_TINY, theme.TEXT_DIM,
                   False, "topright")
        rows = pad.table()
        self._grid(surf, rows)
        self._ranking(surf)
        self._chart(surf, to_bottom=export_note is not None)

    def _grid(self, surf: gfx.Image, rows: list[PadRow]) -> None:
        t = self.app.text
        pad = self.pad
        draw.panel(surf, GRID, theme.PANEL, 225, 14)
        pw = self.player_w()
        head_h = self.head_h()
        hsize = self.head_size()
        # headers, all at one size: the left block, then each player's name over the
        # sub-columns (one line of four, or two lines of two)
        x = GRID.x + 8
        for label, w in zip(self._left_heads(), LEFT_COLS, strict=True):
            t.blit(surf, label, (x + w // 2, GRID.y + head_h - 16), hsize, theme.TEXT_DIM,
                   False, "center")
            x += w
        t.blit(surf, tr("ui.scorepad.sums"), (GRID.x + 8 + LEFT_COLS[0] + LEFT_COLS[1] +
                                              (LEFT_COLS[2] + LEFT_COLS[3]) // 2,
                                              GRID.y + 16), hsize, theme.TEXT_DIM,
               False, "center")
        for p, name in enumerate(pad.names):
            x0 = self.col_x(p)
            color = player_color(self.pad, p)
            gfx.line(surf, color, (x0 + 4, GRID.y + 32), (x0 + pw - 4, GRID.y + 32), 3)
            size = t.fit(name, theme.SIZE_SMALL, int(pw) - 8, True, min_size=11)
            t.blit(surf, name, (int(x0 + pw / 2), GRID.y + 16), size, theme.TEXT, True,
                   "center")
            for sub, label in enumerate(self._sub_heads()):
                r = self.sub_rect(1, p, sub)
                y = GRID.y + head_h - 16
                if self.two_line and sub < 2:
                    y -= 22
                t.blit(surf, label, (r.centerx, y), hsize, theme.TEXT_DIM, False, "center")
            if p:
                gfx.line(surf, theme.PANEL_EDGE, (x0, GRID.y + 6),
                         (x0, self.row_rect(pad.num_rounds).bottom), 1)
        x_left_end = GRID.x + 8 + sum(LEFT_COLS)
        gfx.line(surf, theme.PANEL_EDGE, (x_left_end, GRID.y + 6),
                 (x_left_end, self.row_rect(pad.num_rounds).bottom), 1)
        gfx.line(surf, theme.PANEL_EDGE, (GRID.x + 8, GRID.y + head_h - 2),
                 (GRID.right - 8, GRID.y + head_h - 2), 1)
        line_h = self.row_h() // 2 if self.two_line else self.row_h()
        size = theme.SIZE_TINY if line_h >= 20 else 13
        issues = self.live_issues() if self.editable else []
        bad = {c for c, _ in issues}
        for r in range(1, pad.num_rounds + 1):
            row = self.row_rect(r)
            data = rows[r - 1] if r <= len(rows) else None
            editing = self.editable and r == self.edit_round
            if r % 2 == 0:
                gfx.rect(surf, (255, 255, 255), row, 0)
                surf.fill((30, 40, 62), row)
            dealer = pad.dealer(r)
            dr = pygame.Rect(self.col_x(dealer) + 1, row.y + 1, int(pw) - 2, row.h - 2)
            tint = gfx.Surface(dr.size, pygame.SRCALPHA)
            tint.fill((*DEALER_TINT, 70 if data is not None or editing else 32))
            surf.blit(tint, dr)
            gfx.line(surf, DEALER_TINT, dr.topleft, dr.bottomleft, 3)
            dim = data is None and not editing
            x = GRID.x + 8
            cards = pad.cards(r)
            left_vals: list[tuple[str, tuple[int, int, int]]] = [
                (str(r), theme.TEXT_DIM if dim else theme.TEXT),
                (str(cards), theme.TEXT_DIM)]
            bids_shown = self._row_bids(r, data)
            unknown = self.bids_unknown(r, data)
            if editing and self.masking:
                # hidden bids being typed: how many are in is all the screen tells
                left_vals.append((f"?/{cards}", theme.TEXT_DIM))
            elif unknown and self.bids_hidden:
                # hidden / secret bids: the sum of the bids shown is not the round's sum, and
                # coloured as over / under it looked like one (a play test: "0/2" while the
                # real sum was 1); the sum stays "?" until the bids are revealed
                left_vals.append((f"?/{cards}", theme.TEXT_DIM))
            elif any(b is not None for b in bids_shown):
                s = sum(b for b in bids_shown if b is not None)
                col = theme.TEXT if s == cards else (theme.DANGER if s > cards else theme.ACCENT)
                if unknown:
                    col = theme.TEXT_DIM  # public bids still being placed: the sum so far
                if s == cards and pad.plus_minus_one and all(b is not None for b in bids_shown):
                    col = theme.DANGER  # WIZ-B1 +-1: the bids may not add up to the cards
                left_vals.append((f"{s}/{cards}", col))
            else:
                left_vals.append(("", theme.TEXT))
            tricks_shown = self._row_tricks(r, data)
            if any(v is not None for v in tricks_shown):
                s = sum(v for v in tricks_shown if v is not None)
                left_vals.append((str(s), theme.OK if s == cards else theme.DANGER))
            else:
                left_vals.append(("", theme.TEXT))
            for (val, col), w in zip(left_vals, LEFT_COLS, strict=True):
                if val:
                    t.blit(surf, val, (x + w // 2, row.centery), size, col, False, "center")
                x += w
            for p in range(self.n):
                b = bids_shown[p]
                tk = tricks_shown[p]
                vals = ["" if b is None else str(b), "" if tk is None else str(tk), "", ""]
                if data is not None and data.bids[p] is None and not editing and \
                        data.scores is None:
                    vals[0] = "?"
                if data is not None and data.scores is not None and not editing:
                    vals[2] = _fmt_delta(data.scores[p])
                    vals[3] = str(data.totals[p])
                if editing and self.masking and vals[0] and not (self.peek and
                                                                 self.cell == ("b", p)):
                    vals[0] = MASK
                for sub, val in enumerate(vals):
                    cr = self.sub_rect(r, p, sub)
                    here = ("b" if sub == 0 else "t", p)
                    locked = here[0] == "t" and self.stage == "bids"  # bids first
                    if editing and sub < 2 and self.cell == here:
                        box = cr.inflate(-2, -4)
                        gfx.rect(surf, (14, 20, 34), box, border_radius=5)
                        gfx.rect(surf, theme.DANGER if here in bad else theme.HIGHLIGHT, box,
                                 3 if here in bad else 2, border_radius=5)
                    elif editing and sub < 2 and not locked:
                        box = cr.inflate(-2, -4)
                        gfx.rect(surf, (20, 28, 46), box, border_radius=5)
                        gfx.rect(surf, theme.DANGER if here in bad else theme.PANEL_EDGE, box,
                                 2 if here in bad else 1, border_radius=5)
                    if not val:
                        continue
                    if sub == 2:
                        d = data.scores[p] if data is not None and data.scores else 0
                        col = theme.OK if d > 0 else theme.DANGER
                        bold = False
                    elif sub == 3:
                        col, bold = theme.GOLD, True
                    else:
                        col, bold = (theme.DANGER, True) if editing and here in bad else \
                            (theme.TEXT, False)
                        if data is not None and data.tricks is not None and sub == 1 and \
                                data.bids[p] == data.tricks[p] and not editing:
                            col = theme.OK
                    if val == MASK:
                        col = theme.TEXT_DIM
                    fs = t.fit(val, size, cr.w - 6, bold, min_size=9)  # a gap to the next
                    t.blit(surf, val, cr.center, fs, col, bold, "center")
            self._first_mark(surf, r)
            if editing:
                gfx.rect(surf, theme.ACCENT, row.inflate(4, 2), 2, border_radius=6)
        if issues and self.edit_round is not None:
            self._callout(surf, issues)

    def _first_mark(self, surf: gfx.Image, r: int) -> None:
        """A small gold triangle at the left of the bid cell of round r's first bidder."""
        cr = self.sub_rect(r, self.first_bidder(r), 0)
        h = min(10, cr.h // 2 - 2)
        x, y = cr.x + 4, cr.y + 3
        gfx.polygon(surf, FIRST_MARK, [(x, y), (x + h, y), (x, y + h)])

    def _callout(self, surf: gfx.Image, issues: list[tuple[tuple[str, int], str]]) -> None:
        """The first problem's messages in a box right at its cell (below it, or above it near
        the bottom of the grid); every cell with a problem is also framed in red."""
        assert self.edit_round is not None
        t = self.app.text
        cell = issues[0][0]
        texts = list(dict.fromkeys(msg for c, msg in issues if c == cell))
        cr = self.sub_rect(self.edit_round, cell[1], 0 if cell[0] == "b" else 1)
        w = 340
        lines = [line for msg in texts
                 for line in t.wrap(msg, theme.SIZE_TINY, w - 40, True)][:4]
        h = 16 + 20 * len(lines)
        x = max(GRID.x + 6, min(cr.centerx - w // 2, GRID.right - 6 - w))
        below = cr.bottom + 8 + h <= GRID.bottom - 4
        y = cr.bottom + 8 if below else cr.top - 8 - h
        box = pygame.Rect(x, y, w, h)
        draw.panel(surf, box, (60, 22, 26), 245, 8, theme.DANGER)
        tip = (cr.centerx, cr.bottom + 1) if below else (cr.centerx, cr.top - 1)
        base = box.top if below else box.bottom
        gfx.polygon(surf, theme.DANGER, [tip, (tip[0] - 7, base), (tip[0] + 7, base)])
        ty = box.y + 8
        for line in lines:
            t.blit(surf, line, (box.x + 12, ty), theme.SIZE_TINY, (255, 214, 208), True)
            ty += 20

    def bids_unknown(self, r: int, data: PadRow | None) -> bool:
        """Whether some bid of round r is not known here: a stored round without results
        whose bids are not all shown (the game's hidden or secret bids, or bids not placed
        yet), and not the row being typed in."""
        if data is None or data.scores is not None or (self.editable and r == self.edit_round):
            return False
        return any(b is None for b in data.bids)

    def _row_bids(self, r: int, data: PadRow | None) -> list[int | None]:
        if self.editable and r == self.edit_round:
            return [int(s) if s else None for s in self.bids_txt]
        return list(data.bids) if data is not None else [None] * self.n

    def _row_tricks(self, r: int, data: PadRow | None) -> list[int | None]:
        if self.editable and r == self.edit_round:
            return [int(s) if s else None for s in self.tricks_txt]
        if data is not None and data.tricks is not None:
            return list(data.tricks)
        return [None] * self.n

    def _ranking(self, surf: gfx.Image) -> None:
        t = self.app.text
        box = pygame.Rect(SIDE.x, SIDE.y, SIDE.w, 36 + 27 * self.n)
        draw.panel(surf, box, theme.PANEL, 225, 14)
        played = len([r for r in self.pad.rounds if r.tricks is not None])
        t.blit(surf, tr("wizard.pad.ranking"), (box.x + 14, box.y + 8), theme.SIZE_SMALL,
               theme.ACCENT, True)
        t.blit(surf, tr("ui.scorepad.played", n=played, rounds=self.pad.num_rounds),
               (box.right - 14, box.y + 10), theme.SIZE_TINY, theme.TEXT_DIM, False, "topright")
        y = box.y + 36
        for place, p, total in self.pad.ranking():
            color = player_color(self.pad, p)
            cy = y + 12
            t.blit(surf, tr("wizard.pad.place", place=place), (box.x + 14, cy), theme.SIZE_TINY,
                   theme.GOLD if place == 1 else theme.TEXT_DIM, True, "midleft")
            gfx.circle(surf, color, (box.x + 92, cy), 6)
            name = self.pad.names[p]
            t.blit(surf, name, (box.x + 106, cy), t.fit(name, theme.SIZE_SMALL, 200), theme.TEXT,
                   False, "midleft")
            t.blit(surf, str(total), (box.right - 16, cy), theme.SIZE_SMALL, theme.GOLD, True,
                   "midright")
            y += 27

    def _chart(self, surf: gfx.Image, to_bottom: bool = False) -> None:
        t = self.app.text
        top = SIDE.y + 36 + 27 * self.n + 10
        bottom = SIDE.bottom - (0 if to_bottom else 206 if self.editable else 80)
        box = pygame.Rect(SIDE.x, top, SIDE.w, bottom - top)
        draw.panel(surf, box, theme.PANEL, 225, 14)
        t.blit(surf, tr("wizard.pad.chart"), (box.x + 14, box.y + 8), theme.SIZE_SMALL,
               theme.ACCENT, True)
        plot = pygame.Rect(box.x + 52, box.y + 40, box.w - 70, box.h - 70)
        series = self.pad.totals_by_round()
        values = [v for s in series for v in s] + [0]
        lo, hi = min(values), max(values)
        step = _nice_step(max(hi - lo, 40) / 4)
        lo = step * ((lo // step) if lo < 0 else 0)
        hi = step * (-(-hi // step)) if hi > 0 else step
        if hi == lo:
            hi = lo + step
        rounds = self.pad.num_rounds

        def px(i: int) -> float:
            return plot.x + plot.w * i / max(1, rounds)

        def py(v: float) -> float:
            return plot.bottom - plot.h * (v - lo) / (hi - lo)
        v = lo
        while v <= hi + 1e-9:
            y = int(py(v))
            gfx.line(surf, (70, 86, 120) if v else (150, 170, 210), (plot.x, y),
                     (plot.right, y), 1)
            t.blit(surf, str(int(v)), (plot.x - 6, y), 12, theme.TEXT_DIM, False, "midright")
            v += step
        marks = range(0, rounds + 1, 5 if rounds > 12 else 2 if rounds > 6 else 1)
        for i in marks:
            x = int(px(i))
            gfx.line(surf, (70, 86, 120), (x, plot.bottom), (x, plot.bottom + 4), 1)
            t.blit(surf, str(i), (x, plot.bottom + 6), 12, theme.TEXT_DIM, False, "midtop")
        for p, (segments, dots) in enumerate(chart_lines(series, px, py)):
            color = player_color(self.pad, p)
            for a, b in segments:
                gfx.line(surf, color, a, b, 3)
            for x, y in dots:
                gfx.circle(surf, color, (int(x), int(y)), 3)
        if not series or not series[0]:
            t.blit(surf, tr("ui.scorepad.chart_empty"), plot.center, theme.SIZE_TINY,
                   theme.TEXT_DIM, False, "center")

    def _entry(self, surf: gfx.Image) -> None:
        t = self.app.text
        box = pygame.Rect(SIDE.x, SIDE.bottom - 196, SIDE.w, 196)
        draw.panel(surf, box, theme.PANEL, 225, 14)
        r = self.edit_round
        y = box.y + 10
        if r is None:
            t.blit(surf, tr("wizard.pad.finished"), (box.x + 14, y), theme.SIZE_SMALL,
                   theme.GOLD, True)
            lines = t.wrap(tr("ui.scorepad.finished_hint"), theme.SIZE_TINY, box.w - 28)
        else:
            title = tr("wizard.pad.correct") + " " + tr("wizard.pad.round_no", round=r) \
                if self.correcting else tr("wizard.pad.round_no", round=r)
            stage = tr("wizard.pad.enter_tricks") if self.stage != "bids" \
                else tr("ui.scorepad.enter_hidden_bids") if self.masking \
                else tr("wizard.pad.enter_bids")
            t.blit(surf, f"{title}・{stage}", (box.x + 14, y), theme.SIZE_SMALL, theme.ACCENT,
                   True)
            y += 28
            pad = self.pad
            info = tr("ui.scorepad.round_detail", cards=pad.cards(r),
                      dealer=pad.names[pad.dealer(r)], first=pad.names[self.first_bidder(r)])
            t.blit(surf, info, (box.x + 14, y), t.fit(info, theme.SIZE_TINY, box.w - 28),
                   theme.TEXT)
            lines = []
        y = box.y + 66
        errors = list(dict.fromkeys(self.errors + [msg for _, msg in self.live_issues()]))
        if errors:
            for msg in errors:
                for line in t.wrap(msg, theme.SIZE_TINY, box.w - 44, True):  # room for 。
                    if y > box.bottom - 84:
                        break
                    t.blit(surf, line, (box.x + 14, y), theme.SIZE_TINY, theme.DANGER, True)
                    y += 20
        else:
            text = self.notice or tr("ui.scorepad.keys_hidden" if self.masking
                                     else "ui.scorepad.keys_bids" if self.stage == "bids"
                                     else "ui.scorepad.keys")
            if self.masking and not self.notice:
                typed = sum(1 for b in self.bids_txt if b)
                lines = [tr("ui.scorepad.hidden_count", n=typed, players=self.n)]
            wrapped = [] if r is None and not self.notice else \
                t.wrap(text, theme.SIZE_TINY, box.w - 28)  # (a finished pad: no keys to type)
            for line in (lines + wrapped)[:3]:
                t.blit(surf, line, (box.x + 14, y), theme.SIZE_TINY,
                       theme.OK if self.notice else theme.TEXT_DIM)
                y += 20

    def _legend(self, surf: gfx.Image, box: pygame.Rect) -> None:
        t = self.app.text
        draw.panel(surf, box, theme.PANEL, 225, 14)
        y = box.y + 12
        for line in t.wrap(tr("ui.scorepad.ingame_hint"), theme.SIZE_TINY, box.w - 28)[:2]:
            t.blit(surf, line, (box.x + 14, y), theme.SIZE_TINY, theme.TEXT_DIM)
            y += 22


def _digit(key: int) -> int | None:
    if pygame.K_0 <= key <= pygame.K_9:
        return key - pygame.K_0
    if pygame.K_KP0 <= key <= pygame.K_KP9:
        return key - pygame.K_KP0
    return None


def _nice_step(raw: float) -> int:
    for s in (10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if s >= raw:
            return s
    return 1000


# ---------------------------------------------------------------- set-up
class ScorePadSetupScene(TextEntryScene):
    """Names (3-6, typed with IME support), first dealer and the variants that change scoring
    or validation; then the pad starts (replacing any saved one)."""

    name = "scorepad_setup"
    ROW_H = 46

    def __init__(self, app: Any, names: list[str] | None = None, notice: str | None = None
                 ) -> None:
        super().__init__(app)
        saved = names or list(app.settings.player_names)
        self.names = [saved[i] if i < len(saved) else "" for i in range(MAX_PLAYERS)]
        self.n = min(MAX_PLAYERS, max(MIN_PLAYERS, len(names) if names else 4))
        self.first_dealer = 0
        self.bid_order = "dealer"
        self.plus_minus_one = False
        self.hidden_bids = False
        self.single_colour = False
        self.notice = notice
        self.error = ""
        pad, _ = load_pad()
        self.has_saved = pad is not None
        self.build()

    def build(self) -> None:
        focus = self.menu.focus
        x, w, rh = 80, 500, self.ROW_H
        top = 166
        widgets: list[Widget] = [
            Choice(pygame.Rect(x, top, w, rh), lambda: tr("ui.setup.players"),
                   list(range(MIN_PLAYERS, MAX_PLAYERS + 1)), lambda: self.n, self.set_n,
                   lambda v: tr("ui.setup.n_players", n=v), label_w=230),
            Choice(pygame.Rect(x, top + (rh + 8), w, rh), lambda: tr("ui.scorepad.first_dealer"),
                   list(range(self.n)), lambda: self.first_dealer, self._set_dealer,
                   lambda v: self.name_of(v), label_w=230),
            Choice(pygame.Rect(x, top + 2 * (rh + 8), w, rh),
                   lambda: tr("wizard.option.bid_order"), ["dealer", "left_of_dealer"],
                   lambda: self.bid_order, self._set_order,
                   lambda v: tr(f"ui.scorepad.order.{v}"), label_w=230),
            Toggle(pygame.Rect(x, top + 3 * (rh + 8), w, rh),
                   lambda: tr("wizard.option.plus_minus_one"), lambda: self.plus_minus_one,
                   self._set_pm, label_w=w - 90),
            Toggle(pygame.Rect(x, top + 4 * (rh + 8), w, rh),
                   lambda: tr("wizard.option.hidden_bids"), lambda: self.hidden_bids,
                   self._set_hidden, label_w=w - 90),
            Toggle(pygame.Rect(x, top + 5 * (rh + 8), w, rh),
                   lambda: tr("wizard.option.single_colour"), lambda: self.single_colour,
                   self._set_sc, label_w=w - 90),
        ]
        for i in range(self.n):
            y = top + i * (rh + 6)
            widgets.append(TextField(pygame.Rect(700, y, 510, rh),
                                     lambda i=i: tr("wizard.pad.player", n=i + 1),
                                     lambda i=i: self.names[i],
                                     lambda s, i=i: self._set_name(i, s),
                                     max_len=NAME_MAX_LEN,
                                     label_w=110))
        widgets.append(Button(pygame.Rect(56, 640, 220, 54), lambda: tr("menu.back"),
                              self.back))
        if self.has_saved:
            widgets.append(Button(pygame.Rect(520, 640, 260, 54),
                                  lambda: tr("wizard.pad.resume"), self.resume_saved))
        widgets.append(Button(pygame.Rect(986, 640, 250, 54), lambda: tr("ui.scorepad.start"),
                              self.start, primary=True))
        self.menu.widgets = widgets
        self.menu.focus = min(focus, len(widgets) - 1)

    def name_of(self, i: int) -> str:
        return self.names[i].strip() or tr("wizard.pad.player", n=i + 1)

    def set_n(self, n: int) -> None:
        self.n = n
        self.first_dealer = min(self.first_dealer, n - 1)
        if n > 4:
            self.single_colour = False
        self.build()

    def _set_dealer(self, v: int) -> None:
        self.first_dealer = v

    def _set_order(self, v: str) -> None:
        self.bid_order = v

    def _set_pm(self, v: bool) -> None:
        # WIZ-V2: +-1 never with hidden bids (the refused number would tell the sum)
        if v and self.hidden_bids:
            self.error = tr("ui.scorepad.error.pm_hidden")
            return
        self.error = ""
        self.plus_minus_one = v

    def _set_hidden(self, v: bool) -> None:
        if v and self.plus_minus_one:  # WIZ-V2
            self.error = tr("ui.scorepad.error.pm_hidden")
            return
        self.error = ""
        self.hidden_bids = v

    def _set_sc(self, v: bool) -> None:
        if v and self.n > 4:
            self.error = tr("wizard.option.error.single_colour_players")
            return
        self.single_colour = v

    def _set_name(self, i: int, s: str) -> None:
        self.names[i] = s
        self.error = ""

    def make_pad(self) -> ScorePad:
        return ScorePad(names=[self.name_of(i) for i in range(self.n)],
                        first_dealer=self.first_dealer, bid_order=self.bid_order,  # type: ignore[arg-type]
                        plus_minus_one=self.plus_minus_one, hidden_bids=self.hidden_bids,
                        single_colour=self.single_colour)

    def start(self) -> None:
        try:
            pad = self.make_pad()
        except ValueError as exc:
            log.info("score pad set-up refused: %s", exc)
            self.error = tr("wizard.pad.error.names", min=MIN_PLAYERS, max=MAX_PLAYERS)
            return
        try:
            save_pad(pad)
        except OSError as exc:
            log.error("cannot save the score pad: %s", exc)
        self.app.replace(ScorePadScene(self.app, pad, editable=True))

    def resume_saved(self) -> None:
        pad, notice = load_pad()
        if pad is None:
            self.notice = notice
            self.has_saved = False
            self.build()
            return
        self.app.replace(ScorePadScene(self.app, pad, editable=True))
        if notice:
            self.app.tell(notice)

    def draw(self, surf: gfx.Image) -> None:
        surf.blit(draw.background(surf.get_size()), (0, 0))
        t = self.app.text
        title_bar(surf, self.app, tr("ui.scorepad.setup_title"))
        draw.panel(surf, OPTIONS_PANEL, theme.PANEL, 200)
        draw.panel(surf, NAMES_PANEL, theme.PANEL, 200)
        t.blit(surf, tr("ui.setup.options"), (80, 130), theme.SIZE_SMALL, theme.ACCENT, True)
        t.blit(surf, tr("wizard.pad.names"), (700, 130), theme.SIZE_SMALL, theme.ACCENT, True)
        self.menu.draw(surf, t)
        for i in range(self.n):
            if self.names[i]:
                continue
            field = [x for x in self.menu.widgets if isinstance(x, TextField)][i]
            if not (field is self.menu.focused and field.composition):
                t.blit(surf, tr("wizard.pad.player", n=i + 1),
                       (field.rect.x + field.label_w + 12, field.rect.centery), theme.SIZE_BODY,
                       (110, 120, 140), False, "midleft")
        y = 520
        for line in t.wrap(tr("ui.scorepad.setup_hint"), theme.SIZE_TINY, 500)[:3]:
            t.blit(surf, line, (80, y), theme.SIZE_TINY, theme.TEXT_DIM)
            y += 22
        msg = self.error or (tr(self.notice) if self.notice else "")
        if msg:
            # inside the options panel, under the hint (centred on the window it ran across
            # both panels' borders, a play test)
            y += 12
            for line in t.wrap(msg, theme.SIZE_SMALL, OPTIONS_PANEL.w - 48, True)[:2]:
                t.blit(surf, line, (OPTIONS_PANEL.x + 24, y), theme.SIZE_SMALL,
                       theme.DANGER if self.error else theme.GOLD, True)
                y += 26


Point = tuple[float, float]


def chart_lines(series: Sequence[Sequence[int]], px: Callable[[int], float],
                py: Callable[[float], float], gap: float = 5.0
                ) -> list[tuple[list[tuple[Point, Point]], list[Point]]]:
    """Each player's segments and dots on the totals chart (round 0 at 0, then the total
    after each round). Players whose lines share a segment (level at both its ends) are
    spread `gap` px apart across it, in seat order round the true line, and players level at
    a point get their dots spread side by side, so a tied line runs beside the other instead
    of under it (it was hidden by the one drawn after it)."""
    values = [[0, *s] for s in series]

    def spread(group: list[int], p: int) -> float:
        return (group.index(p) - (len(group) - 1) / 2) * gap

    out = []
    for p, mine in enumerate(values):
        segments = []
        for i in range(len(mine) - 1):
            ends = (mine[i], mine[i + 1])
            group = [q for q, o in enumerate(values) if len(o) > i + 1 and (o[i], o[i + 1]) == ends]
            (x0, y0), (x1, y1) = (px(i), py(ends[0])), (px(i + 1), py(ends[1]))
            length = max(1e-9, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
            d = spread(group, p)
            nx, ny = -(y1 - y0) / length * d, (x1 - x0) / length * d  # across the segment
            segments.append(((x0 + nx, y0 + ny), (x1 + nx, y1 + ny)))
        dots = []
        for i, v in enumerate(mine[1:], start=1):
            group = [q for q, o in enumerate(values) if len(o) > i and o[i] == v]
            dots.append((px(i) + spread(group, p), py(v)))
        out.append((segments, dots))
    return out


# ---------------------------------------------------------------- samples
def sample_pad() -> ScorePad:
    """Four players seven rounds in, the eighth round's bids typed (screenshots, tests)."""
    pad = ScorePad(names=["小櫻", "阿哲", "美玲", "大熊"], first_dealer=1, plus_minus_one=True)
    rounds = [
        ([0, 1, 0, 1], [0, 1, 0, 0]), ([1, 0, 1, 1], [1, 0, 1, 0]),
        ([1, 1, 0, 2], [1, 0, 0, 2]), ([2, 0, 1, 0], [2, 1, 1, 0]),
        ([1, 2, 1, 2], [1, 2, 0, 2]), ([2, 1, 2, 2], [2, 1, 2, 1]),
        ([3, 1, 1, 1], [3, 1, 1, 2]),
    ]
    for i, (bids, tricks) in enumerate(rounds):
        pad.enter_round(i + 1, bids, tricks)
    pad.enter_round(8, [2, 3, 1, 1])
    return pad


def finished_sample_pad() -> ScorePad:
    """`sample_pad` played to its last round (the export screenshots, tests)."""
    pad = sample_pad()
    rounds = [
        ([2, 3, 1, 1], [2, 3, 2, 1]), ([3, 2, 2, 1], [3, 2, 2, 2]),
        ([1, 3, 3, 2], [1, 3, 4, 2]), ([4, 2, 3, 3], [4, 2, 3, 2]),
        ([3, 4, 2, 2], [3, 3, 3, 3]), ([4, 3, 3, 2], [4, 4, 3, 2]),
        ([5, 3, 4, 3], [5, 3, 4, 2]), ([4, 5, 3, 4], [4, 4, 3, 4]),
    ]
    for i, (bids, tricks) in enumerate(rounds):
        pad.enter_round(8 + i, bids, tricks)
    return pad


def open_sample_scene(app: Any, name: str, seed: int | None = None) -> Scene:
    if name == "scorepad":
        scene = app.push(ScorePadScene(app, sample_pad(), editable=True, save=False))
        scene.tricks_txt = ["2", "3", "", ""]
        scene.cell = ("t", 2)
        return scene
    if name == "scorepad_hidden":
        # hidden bids, round 8: two of the four bids typed (masked), the third being typed
        pad = sample_pad()
        pad.plus_minus_one = False
        pad.hidden_bids = True
        pad.remove_last_round()
        scene = app.push(ScorePadScene(app, pad, editable=True, save=False))
        scene.bids_txt = ["2", "3", "", ""]
        scene.select(("b", 2))
        return scene
    if name == "scorepad_draft":
        # opened again after leaving with round 8's results half typed
        pad = sample_pad()
        pad.keep_draft(8, [2, 3, 1, 1], [2, 3, None, None])
        return app.push(ScorePadScene(app, pad, editable=True, save=False))
    if name in ("scorepad_export", "scorepad_exported"):
        import tempfile

        from cardtable.ui.scenes.scorepad_export import ScorePadExportScene
        pad_scene = app.push(ScorePadScene(app, finished_sample_pad(), editable=True,
                                           save=False))
        dialog = app.push(ScorePadExportScene(app, pad_scene))
        if name == "scorepad_exported":  # written into a folder removed with the scene
            scratch = tempfile.TemporaryDirectory(prefix="cardtable-pad-export-")
            dialog.sample_folder = scratch
            dialog.where = scratch.name
            dialog.export()
        return dialog
    if name == "scorepad_setup":
        return app.push(ScorePadSetupScene(app, names=["小櫻", "阿哲", "美玲", "大熊"]))
    from cardtable.ui.tables.wizard_table import open_wizard_sample
    return open_wizard_sample(app, name, seed)


__all__ = ["ScorePadScene", "ScorePadSetupScene", "finished_sample_pad", "load_pad",
           "open_sample_scene",
           "open_scorepad", "pad_path", "sample_pad", "save_pad"]
