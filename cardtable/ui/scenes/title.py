"""The title screen: new game, continue, demo, rules, settings, quit."""

from __future__ import annotations

import math
from typing import Any

import pygame

from cardtable import persist
from cardtable.core.match import NAME_MAX_LEN, RECORD_VERSION
from cardtable.i18n import tr
from cardtable.ui import cardart, draw, gfx, theme
from cardtable.ui.scenes.common import MenuScene, column, key
from cardtable.ui.widgets import Button

# where the swaying fan of cards is drawn (with room for its widest sway)
FAN_AREA = pygame.Rect(560, 260, 680, 370)


class TitleScene(MenuScene):
    name = "title"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.t = 0.0
        self.notice_rects: list[pygame.Rect] = []  # where the notices were drawn last
        self._under_fan: gfx.Image | None = None  # the still picture under the swaying fan
        self.has_save = False
        self._check_save()
        self.menu.widgets = column([
            (key("menu.new_game"), self.new_game),
            (key("menu.continue"), self.cont, lambda: self.has_save),
            (key("menu.demo"), self.demo),
            (key("ui.history.menu.replays"), self.replays),
            (key("ui.scorepad.menu"), self.scorepad),
            (key("menu.rules"), self.rules),
            (key("menu.settings"), self.settings),
            (key("menu.quit"), self.app.quit),
        ], 140, 270, 340, 44, 6)
        # "continue" is taller: its two lines under the label name the saved game, its round
        # and its players at a readable size
        self.cont_button = self.menu.widgets[1]
        self.cont_button.rect.h += 32
        for w in self.menu.widgets[2:]:
            w.rect.y += 32
        # replays and statistics share one row
        replays = self.menu.widgets[3]
        replays.rect.w = 165
        stats = Button(pygame.Rect(replays.rect.right + 10, replays.rect.y, 165,
                                   replays.rect.h), key("ui.history.menu.stats"), self.stats)
        self.menu.widgets.insert(4, stats)
        # a new game here and 連線對戰 share the first row
        first = self.menu.widgets[0]
        first.rect.w = 165
        online = Button(pygame.Rect(first.rect.right + 10, first.rect.y, 165, first.rect.h),
                        key("net.menu.title"), self.online)
        self.menu.widgets.insert(1, online)
        self.menu.focus = 0
        self.cont_button.sublabel = self._save_info  # type: ignore[attr-defined]

    def _check_save(self) -> None:
        record, notice = persist.load_autosave()
        if notice and notice not in self.app.notices:
            self.app.notices.append(notice)
        self.has_save = record is not None
        self.record = record
        self._info: Any = None  # the save's round and seats, read once when first shown

    def _save_info(self) -> str:
        """The saved game, its round as its table words it and who sits at it (the host reads
        them from the save; this screen never holds the game's state)."""
        if self.record is None:
            return ""
        if self._info is None:
            from cardtable.host.save_info import save_info
            self._info = save_info(self.record)
        info = self._info
        names = "、".join(
            name[:NAME_MAX_LEN] if name else
            tr("ui.seat.player_default" if person else "ui.seat.ai_default", n=i + 1)
            for i, (name, person) in enumerate(info.seats))
        game = tr(f"game.{info.game_id}.name")
        first = game if info.round is None else tr(
            "ui.title.save_info", game=game, round=tr(info.round.key, **info.round.params))
        cont = self.cont_button
        # two lines as the button draws them: cut short with "…" when they do not fit (many
        # long names)
        fit = self.app.text.fit_line
        return "\n".join(fit(line, 15, cont.rect.w - 20, min_size=12)[0]
                         for line in (first, names))

    def resume(self) -> None:
        self._check_save()

    def back(self) -> None:
        pass

    def new_game(self) -> None:
        from cardtable.ui.scenes.game_select import GameSelectScene
        self.app.push(GameSelectScene(self.app))

    def cont(self) -> None:
        from cardtable.host.local import resume
        from cardtable.ui.tables import playable, table_class
        if self.record is None:
            return
        if not playable(self.record.game_id):
            # a game this version has no table for: keep the save for the app that made it
            self._set_aside("unusable", f"no table for {self.record.game_id!r}")
            return
        try:
            link = resume(self.record, worker=self.app.ai)
        except Exception as exc:  # a record that no longer replays: say so, keep it aside
            self._set_aside("newer" if self.record.version > RECORD_VERSION else "unusable",
                            str(exc))
            return
        self.app.push(table_class(self.record.game_id)(self.app, link))
        # what reading the save changed or has to say (a name cut, WIZ-V2's pair), once,
        # over the table
        for notice in self.record.load_notices:
            self.app.tell(notice)

    def _set_aside(self, reason: str, detail: str) -> None:
        """The autosave cannot be resumed: move it aside (never delete it) and say so."""
        import logging
        logging.getLogger(__name__).error("cannot resume the autosave (%s): %s", reason, detail)
        notice = persist.set_autosave_aside(reason)
        if notice not in self.app.notices:
            self.app.notices.append(notice)
        self._check_save()

    def online(self) -> None:
        from cardtable.ui.scenes.online import NetMenuScene
        self.app.push(NetMenuScene(self.app))

    def demo(self) -> None:
        from cardtable.ui.scenes.game_select import GameSelectScene
        self.app.push(GameSelectScene(self.app, demo=True))

    def replays(self) -> None:
        from cardtable.ui.scenes.replay import ReplayListScene
        self.app.push(ReplayListScene(self.app))

    def stats(self) -> None:
        from cardtable.ui.scenes.stats import StatsScene
        self.app.push(StatsScene(self.app))

    def scorepad(self) -> None:
        from cardtable.ui.scenes.scorepad import open_scorepad
        open_scorepad(self.app)

    def rules(self) -> None:
        from cardtable.ui.scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, "cirno"))

    def settings(self) -> None:
        from cardtable.ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def update(self, dt: float) -> None:
        self.t += dt

    # the fan sways slowly (2 degrees either way over five seconds): 6 frames a second show it
    # smoothly enough, for under 3 % of a core
    AMBIENT_FPS = 6

    def ambient(self) -> bool:
        return True  # the fan of cards sways

    def ambient_rect(self) -> pygame.Rect:
        return FAN_AREA

    def draw(self, surf: gfx.Image) -> None:
        if getattr(self.app, "ambient_frame", False) and self._under_fan is not None:
            # only the fan sways: put back what is under it and draw it again
            surf.blit(self._under_fan, FAN_AREA.topleft)
            self.draw_fan(surf)
            return
        surf.blit(draw.background(surf.get_size()), (0, 0))
        t = self.app.text
        t.blit(surf, tr("app.title"), (140, 110), theme.SIZE_TITLE + 16, theme.TEXT, True)
        t.blit(surf, tr("app.subtitle"), (144, 212), theme.SIZE_BODY, theme.ACCENT)
        gfx.line(surf, theme.ACCENT, (144, 256), (480, 256), 3)
        self.menu.draw(surf, t)
        # what loading changed (a name cut, a save set aside): at the bottom, clear of the
        # menu (a play test: the line lay over 離開 once 繼續上一局 had its second line) and,
        # where it can, of the swaying fan (whose frames repaint only the fan's area)
        from cardtable.ui.notice_place import draw_notices
        texts = [tr(n, **persist.notice_params(n)) for n in self.app.notices[-2:]]
        w, h = surf.get_size()
        self.notice_rects = draw_notices(
            surf, t, texts, pygame.Rect(14, 14, w - 28, h - 24),
            [wd.rect for wd in self.menu.widgets], [FAN_AREA], bottom_first=True, width=760)
        self._under_fan = surf.subsurface(FAN_AREA).copy()
        self.draw_fan(surf)

    def draw_fan(self, surf: gfx.Image) -> None:
        """The fan of cards on the right, swaying."""
        faces = ["+3", "-2", "x2", "9", "DOUBLE"]
        cx, cy = 900, 420
        for i, face in enumerate(faces):
            ang = (i - 2) * 13 + 2 * math.sin(self.t * 1.2 + i)
            img = cardart.face("cirno", face, (150, 210))
            rot = gfx.rotozoom(img, -ang, 1.0)
            ox = (i - 2) * 92
            oy = abs(i - 2) * 22
            surf.blit(rot, rot.get_rect(center=(cx + ox, cy + oy)))

    def notice_keep(self) -> list[pygame.Rect]:
        return list(self.notice_rects)  # the title's own notices stay readable under a toast
