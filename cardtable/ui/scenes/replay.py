"""Replays: the list of saved records (title entry "對局重播") and the replay scene.

The replay scene shows the game's own table watching a replay feed (`cardtable.host.replay`: a
host whose seats answer from the record), which holds the position and decides whose views may
be watched (every hand only for a finished game); each step is the host applying the recorded
action, and the table animates the update it is sent for the chosen viewer, exactly as in a live
game. Seeking (slider, Home/End, a step back) sends a snapshot: no animation.

Records are opened from the replays folder or from any path typed in; a bad record is refused
with the message of its `RecordError` key and nothing changes. The selected record can be
exported to a path.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pygame

from cardtable.core.game import OMNISCIENT
from cardtable.history.records import (
    LoadedRecord,
    RecordError,
    export_record,
    list_records,
    open_record,
)
from cardtable.host.frames import SeatInfo
from cardtable.host.replay import ReplayFeed
from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.scene import Scene, soonest
from cardtable.ui.scenes.common import MenuScene, title_bar
from cardtable.ui.tables.table_scene import DEMO_CONTROLS_RECT, TableScene, seat_label
from cardtable.ui.widgets import Button, Slider, TextField

log = logging.getLogger(__name__)

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
STEP_PAUSE = 0.55  # seconds between steps at speed 1 (after the animations)

def watching_table(app: Any, link: Any, game_id: str, viewer: int | None) -> TableScene:
    """The game's table fed by `link`, watching `viewer`'s view (OMNISCIENT: every hand): no
    input, no dialogs, no curtain."""
    from cardtable.ui.tables import table_class
    table = table_class(game_id)(app, link, watch=True)
    table.set_watch(viewer)
    return table


def viewer_label(table: TableScene, viewer: int | None) -> str:
    if viewer is None:
        return tr("ui.history.replay.view.spectator")
    if viewer == OMNISCIENT:
        return tr("ui.history.replay.view.all")
    return tr("ui.history.replay.view.seat", name=table.name_of(viewer))


def record_error_text(err: RecordError) -> str:
    return tr(err.key, **{k: str(v) for k, v in err.params.items()})


# ---------------------------------------------------------------- the replay scene
class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app: Any, loaded: LoadedRecord, playing: bool = True,
                 viewer: int | None | str = "auto") -> None:
        super().__init__(app)
        self.loaded = loaded
        self.feed = ReplayFeed.of(loaded)
        self.viewers = self.feed.allowed_viewers()
        if viewer == "auto":
            own = (loaded.result or {}).get("viewer")  # an online game: this person's seat
            viewer = own if own in self.viewers else \
                OMNISCIENT if OMNISCIENT in self.viewers else None
        self.viewer: int | None = viewer if viewer in self.viewers else None  # type: ignore
        self.playing = playing
        self.sample_folder: object | None = None  # keeps `open_history_sample`'s records alive
        self.wait = STEP_PAUSE
        self.mouse = (0, 0)
        self.table = watching_table(app, self.feed.link, loaded.record.game_id, self.viewer)
        self.table.animate_opening()
        self.position_value = 0.0
        r = DEMO_CONTROLS_RECT
        w = (r.w - 30) // 2
        bh = 40

        def at(col: int, row: int, cols: int = 2) -> pygame.Rect:
            ww = w if cols == 2 else r.w - 20
            return pygame.Rect(r.x + 10 + col * (w + 10), r.y + 86 + row * (bh + 8), ww, bh)

        self.buttons = [
            Button(at(0, 0), lambda: tr("ui.history.replay.pause") if self.playing
                   else tr("ui.history.replay.play"), self.toggle_play, size=theme.SIZE_SMALL,
                   primary=True),
            Button(at(1, 0), lambda: tr("ui.history.replay.speed",
                                        x=f"{self.app.speed_factor:g}×"), self.cycle_speed,
                   size=theme.SIZE_SMALL),
            Button(at(0, 1), lambda: tr("ui.history.replay.back"), self.step_back,
                   size=theme.SIZE_SMALL),
            Button(at(1, 1), lambda: tr("ui.history.replay.step"), self.step_forward,
                   size=theme.SIZE_SMALL),
            Button(at(0, 2), lambda: tr("ui.history.replay.view") + "："
                   + viewer_label(self.table, self.viewer), self.cycle_viewer,
                   size=theme.SIZE_SMALL),
            Button(at(1, 2), lambda: tr("ui.history.back"), self.back, size=theme.SIZE_SMALL),
        ]
        self.buttons[4].rect.w = w  # the viewer button keeps its column
        # the slider's track ends 100 px before its rect (room for a value we do not show)
        self.slider = Slider(pygame.Rect(r.x + 4, r.y + 44, r.w + 76, 32), lambda: "",
                             0, max(1, self.feed.total), 1, lambda: self.position_value,
                             self._slide, lambda v: "", label_w=0)

    # ------------------------------------------------------------ model
    @property
    def position(self) -> int:
        return self.feed.position

    def step_forward(self) -> None:
        """The next recorded action, animated (finishing any running animation)."""
        if self.feed.at_end:
            self.playing = False
            return
        self.table.director.finish()
        self.feed.step()
        self.table.take_updates()
        self.position_value = float(self.position)
        self.wait = STEP_PAUSE

    def seek(self, n: int) -> None:
        """Jump to the table after `n` actions (no animation)."""
        self.table.director.finish()
        self.feed.seek(n)
        self.table.set_watch(self.viewer)
        self.position_value = float(self.position)

    def step_back(self) -> None:
        self.playing = False
        self.seek(self.position - 1)

    def _slide(self, value: float) -> None:
        self.playing = False
        self.position_value = value
        if int(value) != self.position:
            self.seek(int(value))

    def toggle_play(self) -> None:
        if self.feed.at_end:
            self.seek(0)
        self.playing = not self.playing
        self.wait = 0.0

    def cycle_speed(self) -> None:
        cur = self.app.speed_factor
        self.app.speed_factor = next((s for s in SPEEDS if s > cur + 1e-9), SPEEDS[0])

    def cycle_viewer(self) -> None:
        i = self.viewers.index(self.viewer) if self.viewer in self.viewers else -1
        self.viewer = self.viewers[(i + 1) % len(self.viewers)]
        self.table.director.finish()
        self.table.set_watch(self.viewer)

    def back(self) -> None:
        self.app.pop(self)

    # ------------------------------------------------------------ loop
    def update(self, dt: float) -> None:
        self.table.update(dt)
        if not self.playing or self.table.director.busy:
            return
        self.wait -= dt * self.app.anim_speed
        if self.wait <= 0:
            self.step_forward()

    def next_frame(self) -> float | None:
        """The table's own; playing, the next move after its pause."""
        own = self.table.next_frame()
        if not self.playing or self.table.director.busy:
            return own
        return soonest(own, max(0.0, self.wait) / self.app.anim_speed)

    def ambient(self) -> bool:
        return self.table.ambient()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.slider.handle_event(event)
            return None
        if event.type == pygame.MOUSEBUTTONUP:
            self.slider.handle_event(event)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    b.activate()
                    return None
            if self.slider.rect.collidepoint(event.pos):
                self.slider.click(event.pos)
                return None
            if self.table.director.busy:
                self.table.skip()
            return None
        if event.type == pygame.KEYDOWN:
            k = event.key
            keys = {pygame.K_ESCAPE: self.back, pygame.K_BACKSPACE: self.back,
                    pygame.K_SPACE: self.toggle_play, pygame.K_p: self.toggle_play,
                    pygame.K_RIGHT: self._key_step, pygame.K_n: self._key_step,
                    pygame.K_LEFT: self.step_back, pygame.K_v: self.cycle_viewer,
                    pygame.K_s: self.cycle_speed,
                    pygame.K_HOME: lambda: self._slide(0),
                    pygame.K_END: lambda: self._slide(self.feed.total)}
            if k in keys:
                keys[k]()
        return None

    def _key_step(self) -> None:
        self.playing = False
        self.step_forward()

    # the table is drawn by this scene, not by the stack: pass the stack's notices on, and
    # a notice (App.tell) is placed clear of the table's buttons as over the table itself
    def notice_buttons(self) -> list[pygame.Rect]:
        return self.table.notice_buttons()

    def notice_keep(self) -> list[pygame.Rect]:
        return self.table.notice_keep()

    def on_locale_changed(self) -> None:
        self.table.on_locale_changed()

    def on_scale_changed(self) -> None:
        self.table.on_scale_changed()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: gfx.Image) -> None:
        self.table.draw(surface)
        t = self.app.text
        r = DEMO_CONTROLS_RECT
        draw.panel(surface, r, theme.PANEL, 250)
        t.blit(surface, tr("history.replay.title"), (r.x + 14, r.y + 10), theme.SIZE_SMALL,
               theme.ACCENT, True)
        pos = tr("ui.history.replay.position", n=self.position, total=self.feed.total)
        if self.feed.at_end and self.feed.over:
            pos += "・" + tr("ui.history.replay.over")
        t.blit(surface, pos, (r.right - 14, r.y + 12), theme.SIZE_TINY, theme.TEXT, False,
               "topright")
        self.slider.draw(surface, t, self.slider.rect.collidepoint(self.mouse))
        for b in self.buttons:
            b.draw(surface, t, b.rect.collidepoint(self.mouse))
        hint = tr("ui.history.replay.keys")
        y = r.bottom - 10 - 2 * t.line_height(theme.SIZE_TINY)
        for part in t.wrap(hint, theme.SIZE_TINY, r.w - 28)[:2]:
            t.blit(surface, part, (r.x + 14, y), theme.SIZE_TINY, theme.TEXT_DIM)
            y += t.line_height(theme.SIZE_TINY)


def open_replay(app: Any, path: Path, playing: bool = True) -> tuple[ReplayScene | None, str]:
    """Open a record file and push its replay scene; on a bad file: (None, the message)."""
    try:
        loaded = open_record(Path(path))
    except RecordError as err:
        log.warning("refused record %s: %s", path, err)
        return None, record_error_text(err)
    scene = ReplayScene(app, loaded, playing=playing)
    app.push(scene)
    # what reading the record changed or has to say (a name cut, WIZ-V2's pair), once
    for notice in loaded.record.load_notices:
        app.tell(notice)
    return scene, ""


# ---------------------------------------------------------------- the list of replays
LIST_RECT = pygame.Rect(140, 110, 1000, 420)
ROW_H = 46


class ReplayListScene(MenuScene):
    """Saved records, newest first, each with the variant it was played in (「標準規則」,
    「進階規則」, ...); watch one, open one from a path, export the selected one."""

    name = "replays"

    def __init__(self, app: Any, folder: Path | None = None) -> None:
        super().__init__(app)
        self.folder = folder
        self.sample_folder: object | None = None  # keeps `open_history_sample`'s records alive
        self.rows: list[tuple[Path, LoadedRecord | None, str]] = []
        self.selected = 0
        self.scroll = 0
        self.path_text = ""
        self.message = ""
        self.message_ok = False
        self.confirm_overwrite: tuple[Path, Path] | None = None  # export asked to replace it
        self.mouse = (0, 0)
        self._typing = False
        self.reload()
        y = LIST_RECT.bottom + 20
        self.field = TextField(pygame.Rect(140, y, 1000, 44),
                               lambda: tr("ui.history.replays.path"), lambda: self.path_text,
                               self._set_path, max_len=400, label_w=150)
        bw = 325
        self.menu.widgets = [
            Button(pygame.Rect(140, y + 58, bw, 46), lambda: tr("ui.history.replays.watch"),
                   self.watch_selected, enabled=lambda: bool(self.rows), primary=True,
                   size=theme.SIZE_SMALL),
            self.field,
            Button(pygame.Rect(140 + bw + 12, y + 58, bw, 46),
                   lambda: tr("ui.history.replays.open_path"), self.open_path,
                   size=theme.SIZE_SMALL),
            Button(pygame.Rect(140 + 2 * (bw + 12), y + 58, bw, 46),
                   lambda: tr("ui.history.replays.export"), self.export_selected,
                   size=theme.SIZE_SMALL),
        ]
        self.menu.focus = 0

    def _set_path(self, value: str) -> None:
        self.path_text = value

    def reload(self) -> None:
        from cardtable.history.variants import variant_id
        self.rows = []
        self.variants: dict[Path, str] = {}  # each record's variant id
        for path in list_records(self.folder):
            try:
                loaded = open_record(path, replay=False)
                self.rows.append((path, loaded, ""))
                # the record's options as its version played them (read through the loader)
                self.variants[path] = variant_id(loaded.record.game_id, loaded.record.options)
            except RecordError as err:
                self.rows.append((path, None, record_error_text(err)))
        self.selected = min(self.selected, max(0, len(self.rows) - 1))

    def resume(self) -> None:
        self.reload()

    def update(self, dt: float) -> None:
        """Text input (and the IME) only while the path field has the focus."""
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

    def paste(self) -> None:
        try:
            text = pygame.scrap.get_text() if hasattr(pygame.scrap, "get_text") else ""
        except pygame.error:
            text = ""
        if text:
            self.path_text = (self.path_text + text.strip())[: self.field.max_len]

    def _say(self, text: str, ok: bool = False) -> None:
        self.message, self.message_ok = text, ok

    def watch_selected(self) -> None:
        if not self.rows:
            self._say(tr("ui.history.replays.need_selection"))
            return
        _, msg = open_replay(self.app, self.rows[self.selected][0])
        if msg:
            self._say(msg)

    def open_path(self) -> None:
        text = self.path_text.strip()
        if not text:
            self._say(tr("ui.history.replays.need_path"))
            return
        _, msg = open_replay(self.app, Path(text).expanduser())
        self._say(msg) if msg else self._say("")

    def export_selected(self) -> None:
        text = self.path_text.strip()
        if not self.rows:
            self._say(tr("ui.history.replays.need_selection"))
            return
        if not text:
            self._say(tr("ui.history.replays.need_path"))
            return
        source = self.rows[self.selected][0]
        target = Path(text).expanduser()
        # an existing file is replaced only when export is pressed again for the same pair
        overwrite = self.confirm_overwrite == (source, target)
        self.confirm_overwrite = None
        try:
            dest = export_record(source, target, overwrite=overwrite)
        except RecordError as err:
            if err.key == "history.error.exists":
                self.confirm_overwrite = (source, target)
                self._say(tr("ui.history.replays.confirm_overwrite", path=text))
                return
            self._say(record_error_text(err))
            return
        except OSError as exc:
            log.error("export failed: %s", exc)
            self._say(tr("history.error.write_failed", path=text))
            return
        self._say(tr("history.record.exported", path=str(dest)), ok=True)

    def visible_rows(self) -> int:
        return LIST_RECT.h // ROW_H

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(LIST_RECT.x, LIST_RECT.y + (i - self.scroll) * ROW_H, LIST_RECT.w,
                           ROW_H - 4)

    def _select(self, i: int) -> None:
        if not self.rows:
            return
        self.selected = max(0, min(len(self.rows) - 1, i))
        vis = self.visible_rows()
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + vis:
            self.scroll = self.selected - vis + 1

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        field_focused = self.menu.focused is self.field
        if field_focused and event.type == pygame.KEYDOWN and event.key == pygame.K_v and \
                event.mod & pygame.KMOD_CTRL:
            self.paste()
            return None
        if field_focused and event.type == pygame.KEYDOWN and \
                event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open_path()
            return None
        if event.type == pygame.KEYDOWN and not field_focused:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self._select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.watch_selected()
                return None
        if event.type == pygame.MOUSEWHEEL and LIST_RECT.collidepoint(self.mouse):
            top = max(0, len(self.rows) - self.visible_rows())
            self.scroll = max(0, min(top, self.scroll - event.y))
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                LIST_RECT.collidepoint(event.pos):
            for i in range(self.scroll, min(len(self.rows), self.scroll + self.visible_rows())):
                if self.row_rect(i).collidepoint(event.pos):
                    if i == self.selected and event.dict.get("clicks", 1) > 1:
                        self.watch_selected()
                    self._select(i)
                    return None
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and field_focused:
            self.menu.focus = 0
            return None
        return super().handle_event(event)

    def draw(self, surf: gfx.Image) -> None:
        from cardtable.ui.scenes.stats import variant_text
        surf.blit(draw.background(surf.get_size()), (0, 0))
        t = self.app.text
        title_bar(surf, self.app, tr("ui.history.replays.title"), 44)
        draw.panel(surf, LIST_RECT.inflate(16, 16), theme.PANEL, 220, 14)
        if not self.rows:
            t.blit(surf, tr("ui.history.replays.empty"), LIST_RECT.center, theme.SIZE_BODY,
                   theme.TEXT_DIM, False, "center")
        for i in range(self.scroll, min(len(self.rows), self.scroll + self.visible_rows())):
            path, loaded, err = self.rows[i]
            rr = self.row_rect(i)
            sel = i == self.selected
            hover = rr.collidepoint(self.mouse)
            color = theme.BUTTON_HOVER if sel else (theme.BUTTON if hover else theme.PANEL_LIGHT)
            draw.panel(surf, rr, color, 240, 10, theme.HIGHLIGHT if sel else None)
            if loaded is None:
                t.blit(surf, path.name, (rr.x + 14, rr.centery), theme.SIZE_SMALL,
                       theme.TEXT_DIM, False, "midleft")
                t.blit(surf, err, (rr.right - 14, rr.centery), theme.SIZE_SMALL, theme.DANGER,
                       False, "midright")
                continue
            rec = loaded.record
            when = loaded.saved_at.replace("T", " ")[:16]
            t.blit(surf, when, (rr.x + 14, rr.centery), theme.SIZE_SMALL, theme.TEXT_DIM,
                   False, "midleft")
            info = tr("ui.history.replays.item", game=tr(f"game.{rec.game_id}.name"),
                      players=rec.num_players, actions=len(rec.actions))
            ir = t.blit(surf, info, (rr.x + 200, rr.centery), theme.SIZE_SMALL, theme.TEXT,
                        True, "midleft")
            # the variant it was played in, right after: 「標準規則」 or its options
            variant, vsize = t.fit_line(
                variant_text(rec.game_id, self.variants.get(path, "standard")),
                theme.SIZE_TINY, 230, min_size=13)
            ir = t.blit(surf, variant, (ir.right + 12, rr.centery), vsize, theme.ACCENT,
                        False, "midleft")
            # who won (a finished game's record carries its result), then the names in what
            # is left of the row, cut short with … rather than shrunk away
            right = rr.right - 14
            winners = (loaded.result or {}).get("winners") or []
            if winners:
                won = tr("ui.history.replays.winner", players="、".join(
                    seat_label(SeatInfo.of(rec.seats[w]), w) for w in winners if 0 <= w < len(rec.seats)))
                won, wsize = t.fit_line(won, theme.SIZE_SMALL, (right - ir.right) // 2,
                                        True, min_size=13)
                wr = t.blit(surf, won, (right, rr.centery), wsize, theme.GOLD, True,
                            "midright")
                right = wr.x - 16
            names = "、".join(seat_label(SeatInfo.of(s), k) for k, s in enumerate(rec.seats))
            names, size = t.fit_line(names, theme.SIZE_TINY, right - ir.right - 28,
                                     min_size=13)
            t.blit(surf, names, (right, rr.centery), size, theme.TEXT_DIM, False,
                   "midright")
        if len(self.rows) > self.visible_rows():
            frac = self.scroll / max(1, len(self.rows) - self.visible_rows())
            bar = pygame.Rect(LIST_RECT.right + 2, LIST_RECT.y + int(frac * (LIST_RECT.h - 40)),
                              5, 40)
            gfx.rect(surf, theme.PANEL_EDGE, bar, border_radius=3)
        self.menu.draw(surf, t)
        y = 668
        if self.message:
            t.blit(surf, self.message, (640, y), theme.SIZE_SMALL,
                   theme.OK if self.message_ok else theme.DANGER, True, "midtop")
        else:
            t.blit(surf, tr("ui.history.replays.hint"), (640, y), theme.SIZE_TINY,
                   theme.TEXT_DIM, False, "midtop")


# ---------------------------------------------------------------- sample scenes (--scene)
def open_history_sample(app: Any, name: str, seed: int | None = None) -> Scene:
    """`--scene replay|replays|stats|movelog` with sample data (screenshots, tests)."""
    import tempfile
    seed = 7 if seed is None else seed
    from cardtable.samples.records import fill_sample_stats, sample_records
    if name == "stats":
        from cardtable.ui.scenes.stats import StatsScene
        scratch = tempfile.TemporaryDirectory(prefix="cardtable-stats-sample-")
        path = fill_sample_stats(Path(scratch.name) / "stats.sqlite3", seed)
        stats = StatsScene(app, db_path=path)
        stats.sample_folder = scratch  # the database lives as long as the scene
        return app.push(stats)
    if name == "movelog":
        from cardtable.samples.cirno import sample_match
        from cardtable.ui.scenes.movelog import MoveLogScene
        from cardtable.ui.tables import table_class
        from cardtable.ui.tables.kit.sample import push_sample
        table = push_sample(app, table_class("cirno"), sample_match(seed, moves=14, humans=1))
        table.snap()
        panel = MoveLogScene(app, table)
        app.push(panel)
        steps = [i for i, e in enumerate(panel.entries) if e.step is not None]
        if steps:
            panel.show(steps[len(steps) * 2 // 3])
        return panel
    # the sample records live as long as the scene showing them (removed with it, or at exit)
    scratch = tempfile.TemporaryDirectory(prefix="cardtable-replay-sample-")
    folder = Path(scratch.name)
    paths = sample_records(folder, seed)
    if name == "replays":
        listing = ReplayListScene(app, folder)
        listing.sample_folder = scratch
        return app.push(listing)
    scene = ReplayScene(app, open_record(paths[0]), playing=True)
    scene.sample_folder = scratch
    app.push(scene)
    scene.seek(scene.feed.total * 3 // 5)
    return scene
