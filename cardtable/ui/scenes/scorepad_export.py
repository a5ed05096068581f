"""Export of a Wizard score pad (WIZ-SB1) outside the app: a PNG image of the pad as it is drawn
(grid, ranking, totals chart) and a CSV table of every round, for sharing or keeping.

- `pad_csv(pad)`: the table as text: a title line, the pad's variants, one row per round
  entered (cards, dealer, first bidder, then each player's bid, result, score and total), then
  the ranking. Written as UTF-8 with a BOM and CRLF line ends, so Excel opens the Chinese names
  right; a name that starts like a formula (=, +, -, @) is written with a leading apostrophe.
- `pad_png(app, pad)`: the image (a read-only drawing of the pad, no buttons, the export time in
  their place), as PNG bytes.
- `export_pad(app, pad, where)`: both files, named `<stem>.png` and `<stem>.csv`. `where` is a
  folder (the files get a dated name, never replacing another file) or a file name (its stem
  is used for both; existing files are replaced only with `overwrite=True`); empty: the
  default folder `cardtable.paths.exports_dir()`, which a relative path is taken from too.
- `ScorePadExportScene`: the dialog over the pad: where to save (pre-filled with the default
  folder, IME and Ctrl+V as in other path fields), 匯出, and a message saying where the two
  files went (or why they could not be written).
"""

from __future__ import annotations

import csv
import io
import logging
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame

from cardtable import paths, persist
from cardtable.games.wizard.scorepad import ScorePad
from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.scenes.common import MenuScene, overlay
from cardtable.ui.widgets import Button, TextField

log = logging.getLogger(__name__)

SUFFIXES = (".png", ".csv")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


class ExportExists(Exception):
    """The chosen file name is taken; `paths` are the files that would be replaced."""

    def __init__(self, taken: list[Path]) -> None:
        super().__init__(", ".join(str(p) for p in taken))
        self.paths = taken


@dataclass(frozen=True)
class Exported:
    png: Path
    csv: Path


def _cell(text: str) -> str:
    """A text cell as a spreadsheet will not run: no leading formula character."""
    return "'" + text if text.startswith(FORMULA_START) else text


def _when() -> str:
    return datetime.now().strftime("%Y-%m-%d %H:%M")


def pad_csv(pad: ScorePad, when: str | None = None) -> str:
    """The pad as CSV text (see the module docstring); `when` is the export time shown."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    names = [_cell(n) for n in pad.names]
    played = sum(1 for r in pad.rounds if r.tricks is not None)
    w.writerow([tr("wizard.pad.title"), when or _when()])
    variants = [tr("ui.scorepad.info", n=pad.num_players, rounds=pad.num_rounds),
                tr("ui.scorepad.played", n=played, rounds=pad.num_rounds)]
    if pad.plus_minus_one:
        variants.append(tr("wizard.option.plus_minus_one"))
    if pad.hidden_bids:
        variants.append(tr("wizard.option.hidden_bids"))
    if pad.single_colour:
        variants.append(tr("wizard.option.single_colour"))
    if pad.bid_order == "left_of_dealer":
        variants.append(tr("ui.scorepad.left_of_dealer"))
    w.writerow(variants)
    w.writerow([])
    head = [tr("wizard.pad.round"), tr("ui.scorepad.cards_short"), tr("wizard.pad.dealer"),
            tr("ui.scorepad.first_bidder")]
    for name in names:
        head += [f"{name} {tr(k)}" for k in ("wizard.pad.bid", "wizard.pad.tricks",
                                            "wizard.pad.score", "wizard.pad.total")]
    w.writerow(head)
    left = 1 if pad.bid_order == "left_of_dealer" else 0
    for row in pad.table():
        first = (row.dealer + left) % pad.num_players
        line: list[Any] = [row.round_no, row.cards, names[row.dealer], names[first]]
        for p in range(pad.num_players):
            bid = row.bids[p]
            line += ["" if bid is None else bid,
                     "" if row.tricks is None else row.tricks[p],
                     "" if row.scores is None else row.scores[p],
                     "" if row.scores is None else row.totals[p]]
        w.writerow(line)
    w.writerow([])
    w.writerow([tr("ui.scorepad.export.place"), tr("ui.scorepad.export.player"),
                tr("wizard.pad.total")])
    for place, p, total in pad.ranking():
        w.writerow([place, names[p], total])
    return out.getvalue()


def pad_png(app: Any, pad: ScorePad, when: str | None = None) -> bytes:
    """The pad drawn as on screen (read-only, no buttons), as PNG bytes."""
    from cardtable.ui.scenes.scorepad import ScorePadScene
    copy = pad.model_copy(deep=True)
    copy.draft = None
    sheet = ScorePadScene(app, copy, editable=False, save=False)
    image = gfx.Surface(app.logical_size)
    sheet.draw_sheet(image, export_note=tr("ui.scorepad.export.note", when=when or _when()))
    buf = io.BytesIO()
    pygame.image.save(gfx.pixels(image), buf, "pad.png")
    return buf.getvalue()


def _targets(where: str, stem: str) -> tuple[Path, str, bool]:
    """(folder, stem, named): `named` when the person gave the file name themselves."""
    text = where.strip()
    if not text:
        return paths.exports_dir(), stem, False
    path = Path(text).expanduser()
    if not path.is_absolute():  # a bare name: in the default folder, not wherever the app runs
        path = paths.exports_dir() / path
    if path.is_dir() or text.endswith(("/", "\\")):
        return path, stem, False
    if path.suffix.lower() in SUFFIXES:
        return path.parent, path.stem, True
    if not path.suffix:
        return path, stem, False  # a folder to be made
    return path.parent, path.name, True


def export_pad(app: Any, pad: ScorePad, where: str = "", *, overwrite: bool = False,
               now: datetime | None = None) -> Exported:
    """Write the pad's PNG and CSV (see the module docstring). Raises ExportExists for a
    named file that is taken (unless `overwrite`), OSError when the files cannot be written
    (nothing half-written is left: each file is written whole or not at all)."""
    now = now or datetime.now()
    when = now.strftime("%Y-%m-%d %H:%M")
    folder, stem, named = _targets(where, f"{tr('ui.scorepad.export.stem')}-"
                                          f"{now.strftime('%Y%m%d-%H%M')}")
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"{folder} is a file, not a folder")

    def both(s: str) -> tuple[Path, Path]:
        return folder / f"{s}.png", folder / f"{s}.csv"

    png, table = both(stem)
    if named:
        taken = [p for p in (png, table) if p.exists()]
        if taken and not overwrite:
            raise ExportExists(taken)
    else:
        n = 2
        while png.exists() or table.exists():  # a dated name never replaces a file
            png, table = both(f"{stem}-{n}")
            n += 1
    persist.atomic_write_bytes(png, pad_png(app, pad, when))
    persist.atomic_write_bytes(table, pad_csv(pad, when).encode("utf-8-sig"))
    log.info("exported the score pad to %s and %s", png, table)
    return Exported(png, table)


# ---------------------------------------------------------------- the dialog
PANEL = pygame.Rect(200, 170, 880, 380)


class ScorePadExportScene(MenuScene):
    """Where to save the pad's image and table, then 匯出; the message says where they went."""

    name = "scorepad_export"
    transparent = True

    def __init__(self, app: Any, pad_scene: Any) -> None:
        super().__init__(app)
        self.pad: ScorePad = pad_scene.pad
        try:
            self.where = str(paths.exports_dir())
        except OSError as exc:  # (UserDirError) the person types a folder instead
            log.warning("no default export folder: %s", exc)
            self.where = ""
        self.message = ""
        self.ok = False
        self.done: Exported | None = None
        self.confirm: str | None = None  # the name whose files a second press replaces
        self.sample_folder: object | None = None  # `--scene scorepad_exported`'s folder
        self._typing = False
        self.field = TextField(pygame.Rect(PANEL.x + 30, PANEL.y + 126, PANEL.w - 60, 48),
                               lambda: tr("ui.scorepad.export.where"), lambda: self.where,
                               self._set_where, max_len=400, label_w=110)
        bw = 200
        y = PANEL.bottom - 74
        self.menu.widgets = [
            Button(pygame.Rect(PANEL.right - 30 - 2 * bw - 16, y, bw, 50),
                   lambda: tr("ui.scorepad.export.go"), self.export, primary=True,
                   size=theme.SIZE_SMALL),
            self.field,
            Button(pygame.Rect(PANEL.right - 30 - bw, y, bw, 50),
                   lambda: tr("ui.scorepad.export.close" if self.done else "menu.back"),
                   self.back, size=theme.SIZE_SMALL),
        ]
        self.menu.focus = 0

    def _set_where(self, value: str) -> None:
        self.where = value
        self.confirm = None

    def export(self) -> None:
        overwrite = self.confirm == self.where
        self.confirm = None
        try:
            self.done = export_pad(self.app, self.pad, self.where, overwrite=overwrite)
        except ExportExists as exc:
            self.confirm = self.where
            self.ok = False
            self.message = tr("ui.scorepad.export.exists",
                              files="、".join(p.name for p in exc.paths))
            return
        except NotADirectoryError as exc:
            log.error("cannot export the score pad to %r: %s", self.where, exc)
            self.ok = False
            self.message = tr("ui.scorepad.export.not_folder", where=self.where)
            return
        except OSError as exc:
            log.error("cannot export the score pad to %r: %s", self.where, exc)
            self.ok = False
            notice = persist.write_failure_notice(exc.filename or self.where, exc)
            self.message = tr(str(notice), **persist.notice_params(notice))
            return
        self.ok = True
        self.menu.focus = 2  # 完成
        self.message = tr("ui.scorepad.export.saved", folder=str(self.done.png.parent),
                          png=self.done.png.name, csv=self.done.csv.name)
        self.app.play_sound("play")

    # ------------------------------------------------------------ input
    def update(self, dt: float) -> None:
        typing = self.menu.focused is self.field
        if typing != self._typing:
            self._typing = typing
            if typing:
                pygame.key.start_text_input()
                pygame.key.set_text_input_rect(self.field.rect)
            else:
                pygame.key.stop_text_input()

    def exit(self) -> None:
        if self._typing:
            pygame.key.stop_text_input()
            self._typing = False

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        on_field = self.menu.focused is self.field
        if on_field and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                try:
                    text = pygame.scrap.get_text() if hasattr(pygame.scrap, "get_text") else ""
                except pygame.error:
                    text = ""
                if text:
                    self._set_where((self.where + text.strip())[: self.field.max_len])
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.export()
                return None
            if event.key == pygame.K_ESCAPE:
                self.menu.focus = 0
                return None
        return super().handle_event(event)

    # ------------------------------------------------------------ drawing
    def draw(self, surf: gfx.Image) -> None:
        overlay(surf)
        t = self.app.text
        draw.panel(surf, PANEL, theme.PANEL, 250, 16, theme.PANEL_EDGE)
        t.blit(surf, tr("ui.scorepad.export.title"), (PANEL.x + 30, PANEL.y + 22),
               theme.SIZE_H2, theme.TEXT, True)
        y = PANEL.y + 70
        for line in t.wrap(tr("ui.scorepad.export.what"), theme.SIZE_SMALL, PANEL.w - 60)[:2]:
            t.blit(surf, line, (PANEL.x + 30, y), theme.SIZE_SMALL, theme.TEXT_DIM)
            y += 26
        self.menu.draw(surf, t)
        y = self.field.rect.bottom + 12
        text = self.message or tr("ui.scorepad.export.hint")
        color = (theme.OK if self.ok else theme.DANGER) if self.message else theme.TEXT_DIM
        width = PANEL.w - 60
        for part in text.split("\n"):
            for line in t.wrap(part, theme.SIZE_TINY, width, bool(self.message)):
                if y > PANEL.bottom - 98:
                    break
                t.blit(surf, line, (PANEL.x + 30, y), theme.SIZE_TINY, color, bool(self.message))
                y += 22


__all__ = ["ExportExists", "Exported", "ScorePadExportScene", "export_pad", "pad_csv",
           "pad_png"]
