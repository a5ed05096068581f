"""Round and game results. A round summary is a transparent overlay on the table; the final
results list the ranking, with "play again" and "back to title"."""

from __future__ import annotations

from itertools import groupby
from typing import Any

import pygame

from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.scene import soonest
from cardtable.ui.scenes.common import MenuScene, column, key, overlay


def ranked(standings: Any, scores: list[float]) -> list[tuple[int, int]]:
    """(rank, seat) rows, best first; equals share a rank (1, 1, 3). The order is the game's
    own standings (groups of equals, best first: a finished game's summary, or a view's
    `standings()`) where there are any, else fewest points first."""
    if standings is not None:
        groups = standings() if callable(standings) else standings
    else:
        order = sorted(range(len(scores)), key=lambda i: (scores[i], i))
        groups = [list(g) for _, g in groupby(order, key=scores.__getitem__)]
    rows: list[tuple[int, int]] = []
    for group in groups:
        rank = len(rows) + 1
        rows.extend((rank, seat) for seat in group)
    return rows


class ResultsScene(MenuScene):
    """Every round, deal and game dialog of every game. Esc opens the game menu (it never
    advances); V or the 看牌桌 button puts the dialog aside so the final table can be
    looked at, and Enter, Esc's menu or a click on the pill brings it back. A game's own dialog
    subclasses this and draws itself in `draw` (wrapped so that the aside state applies)."""

    name = "results"
    transparent = True
    aside = False  # the dialog is put aside: only the pill that brings it back is drawn
    LOOK_BUTTON = True  # a 看牌桌 button in the panel's corner (a dialog may have its own)

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        own = cls.__dict__.get("draw")
        if own is not None and own is not ResultsScene.draw:
            cls.draw_dialog = own  # type: ignore[method-assign]
            cls.draw = ResultsScene.draw  # type: ignore[method-assign]

    def __init__(self, app: Any, table: Any, final: bool, loser: int | None = None,
                 round_no: int | None = None, loser_key: str = "ui.results.loser") -> None:
        super().__init__(app)
        self.final = final
        self.table = table
        self.info = table.info
        self.loser = loser
        self.loser_key = loser_key  # what happened to the round's loser (a message key)
        self.round_no = round_no
        self.t = 0.0
        self.age = 0.0
        self.auto = bool(getattr(table, "demo", False))
        n = self.info.num_players
        h = 300 + 40 * n
        self.panel = pygame.Rect(0, 0, 640, min(680, h))
        self.panel.center = (640, 360)
        bx = self.panel.x + 60
        by = self.panel.bottom - 76
        if final:
            self.menu.widgets = column([
                (key("ui.results.again"), self.again),
                (key("ui.results.to_title"), self.to_title),
            ], bx, by, 250, 54, 0)
            self.menu.widgets[1].rect.x = self.panel.right - 60 - 250
            self.menu.widgets[1].rect.y = by
        else:
            self.menu.widgets = column([(key("ui.results.next_round"), self.back)],
                                       self.panel.centerx - 140, by, 280, 54)

    def back(self) -> None:
        if not self.final:
            self.app.pop(self)

    # keys pressed this soon after the final panel appears were meant for the table
    FINAL_KEY_GUARD_S = 1.0
    LOOK_KEYS = (pygame.K_v,)

    def look_rect(self) -> pygame.Rect:
        """The 看牌桌 button, in the dialog's top right corner."""
        return pygame.Rect(self.panel.right - 150, self.panel.y + 14, 136, 36)

    def back_rect(self) -> pygame.Rect:
        """The pill that brings the dialog back, low on the felt (clear of the hand)."""
        return pygame.Rect(0, 0, 300, 44).move_to(midbottom=(490, 700))

    def put_aside(self) -> None:
        self.aside = True
        # the table does not run under a dialog, so an announcement that was still up when the
        # dialog came (Tanto Cuore's "both piles ran out") would hide the board it is put
        # aside for; it has been read, and it is in the log
        if self.table is not None and getattr(self.table, "banner", None) is not None:
            self.table.banner = None
        # the picture of the table under the dialog is kept while the dialog is up: it is
        # drawn again now, without the banner (a frozen 「爆掉了」 covered the total)
        self.app.stack.invalidate()

    def bring_back(self) -> None:
        self.aside = False

    def open_menu(self) -> None:
        from cardtable.ui.scenes.pause import PauseScene
        self.app.push(PauseScene(self.app, self.table))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_menu()  # never advances: Enter or a button does
            return None
        if self.aside:
            if event.type == pygame.KEYDOWN and event.key in (
                    pygame.K_RETURN, pygame.K_KP_ENTER, *self.LOOK_KEYS):
                self.bring_back()
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                    self.back_rect().collidepoint(event.pos):
                self.bring_back()
            return None  # the table underneath is only looked at
        if event.type == pygame.KEYDOWN and event.key in self.LOOK_KEYS:
            self.put_aside()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.LOOK_BUTTON and self.look_rect().collidepoint(event.pos):
            self.put_aside()
            return None
        # Space skips animations at the table; pressed once too often as the game ends, it must
        # not start a rematch and throw the results away (Enter or a click chooses), nor may
        # an Enter that was meant for the table's last move
        if self.final and event.type == pygame.KEYDOWN and (
                event.key == pygame.K_SPACE or
                (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and
                 self.age < self.FINAL_KEY_GUARD_S)):
            return None
        return super().handle_event(event)

    def again(self) -> None:
        if getattr(self.table, "online", None) is not None:  # online: back to 連線對戰
            from cardtable.ui.scenes.online import NetMenuScene
            from cardtable.ui.scenes.title import TitleScene
            self.app.reset(TitleScene(self.app))
            self.app.push(NetMenuScene(self.app))
            return
        """The same game again (same seats and options, a new deal)."""
        from cardtable.host.local import rematch
        from cardtable.ui.scenes.title import TitleScene
        from cardtable.ui.tables import table_class
        demo = bool(getattr(self.table, "demo", False))
        try:
            link = rematch(self.info, worker=self.app.ai, autosave=not demo,
                           archive_finished=not demo)
        except ValueError:
            # options a new game no longer takes (WIZ-V2: an older save's ±1 with hidden
            # bids): the person chooses again on the setup screen
            from cardtable.ui.scenes.setup import SetupScene
            self.app.reset(TitleScene(self.app))
            self.app.push(SetupScene(self.app, self.info.game_id))
            return
        self.app.reset(TitleScene(self.app))
        self.app.push(table_class(self.info.game_id)(self.app, link, demo=demo))

    def to_title(self) -> None:
        from cardtable.ui.scenes.title import TitleScene
        self.app.reset(TitleScene(self.app))

    def update(self, dt: float) -> None:
        self.age += dt  # real seconds shown
        self.t += dt * self.app.anim_speed
        if self.auto and not self.final and self.t > 2.5 and not self.aside:
            self.back()

    def next_frame(self) -> float | None:
        """A demo's round dialog closes itself; the final one takes Enter after a moment."""
        guard = self.FINAL_KEY_GUARD_S - self.age if self.final and \
            self.age < self.FINAL_KEY_GUARD_S else None
        close = (2.5 - self.t) / self.app.anim_speed if self.auto and not self.final and \
            not self.aside else None
        return soonest(guard, close)

    def tiebreak_column(self) -> tuple[str, list[str], str] | None:
        """(header, a value per seat, a note): a second column that explains the order of
        equal scores. Cirno's advanced game ranks equal companion cards by fewest used
        (CIRNO-A1)."""
        view = self.table.view()
        if self.info.game_id != "cirno" or not self.info.options.get("advanced"):
            return None
        return (tr("ui.results.used.cirno"), [str(len(u)) for u in view.companions_used],
                tr("ui.results.used.cirno.note"))

    def name_of(self, seat: int) -> str:
        return self.table.name_of(seat)

    def draw(self, surf: gfx.Image) -> None:
        if self.aside:
            self.draw_back_pill(surf)
            return
        self.draw_dialog(surf)
        if self.LOOK_BUTTON:
            self.draw_look_button(surf)

    def draw_look_button(self, surf: gfx.Image) -> None:
        self._pill(surf, self.look_rect(), tr("ui.results.look"), theme.BUTTON,
                   theme.PANEL_EDGE, theme.SIZE_SMALL, shadow=False)

    def draw_back_pill(self, surf: gfx.Image) -> None:
        self._pill(surf, self.back_rect(), tr("ui.results.show_again"), theme.ACCENT_DARK,
                   theme.GOLD, theme.SIZE_BODY, shadow=True)

    def _pill(self, surf: gfx.Image, r: pygame.Rect, label: str, fill: Any, edge: Any,
              size: int, shadow: bool) -> None:
        if shadow:
            draw.shadow(surf, r, r.h // 2, 90)
        draw.panel(surf, r, fill, 245 if shadow else 250, r.h // 2, edge)
        t = self.app.text
        t.blit(surf, label, r.center, t.fit(label, size, r.w - 24, True), theme.TEXT, True,
               "center")

    def draw_dialog(self, surf: gfx.Image) -> None:
        overlay(surf)
        p = self.panel
        draw.shadow(surf, p, 20, 100)
        draw.panel(surf, p, theme.PANEL, 255, 20)
        t = self.app.text
        summary = self.table.shown.summary
        view = self.table.view()
        if self.final and summary is not None:
            scores = list(summary.scores)
            standings: Any = summary.standings
        else:  # a round's dialog: the figures every player sees
            scores = view.scores()
            standings = getattr(view, "standings", None)
        if self.final:
            winners = list(summary.winners) if summary is not None else []
            title = tr("ui.results.game_over")
            sub = tr("ui.results.winners", players=tr("ui.list_sep").join(
                self.name_of(w) for w in winners))
        else:
            rnd = self.round_no if self.round_no is not None else getattr(view, "round_no", 1)
            title = tr("ui.results.round_over", round=rnd)
            sub = tr(self.loser_key, player=self.name_of(self.loser)) if \
                self.loser is not None else ""
            winners = []
        t.blit(surf, title, (p.centerx, p.y + 48), theme.SIZE_H1, theme.TEXT, True, "center")
        if sub:
            t.blit(surf, sub, (p.centerx, p.y + 98), theme.SIZE_BODY,
                   theme.GOLD if self.final else theme.TEXT_DIM, True, "center")
        y = p.y + 140
        t.blit(surf, tr("ui.results.player"), (p.x + 80, y), theme.SIZE_SMALL, theme.TEXT_DIM)
        t.blit(surf, tr(f"ui.results.score.{self.info.game_id}"), (p.right - 80, y),
               theme.SIZE_SMALL, theme.TEXT_DIM, False, "topright")
        tiebreak = self.tiebreak_column()
        if tiebreak is not None:
            t.blit(surf, tiebreak[0], (p.right - 290, y), theme.SIZE_SMALL, theme.TEXT_DIM,
                   False, "topright")
        y += 34
        for rank, i in ranked(standings, scores):
            row = pygame.Rect(p.x + 50, y, p.w - 100, 36)
            if i in winners:
                draw.panel(surf, row, theme.ACCENT_DARK, 200, 10, None)
            elif i == self.loser:
                draw.panel(surf, row, (90, 40, 40), 200, 10, None)
            t.blit(surf, f"{rank}", (row.x + 14, row.centery), theme.SIZE_BODY,
                   theme.TEXT_DIM, True, "midleft")
            # a long name is cut short before the number columns
            name_end = (p.right - 290 - 50) if tiebreak is not None else (row.right - 80)
            name, size = t.fit_line(self.name_of(i), theme.SIZE_BODY, name_end - (row.x + 50),
                                    True, min_size=16)
            t.blit(surf, name, (row.x + 50, row.centery), size, theme.TEXT, True, "midleft")
            t.blit(surf, f"{scores[i]:g}", (row.right - 30, row.centery), theme.SIZE_BODY,
                   theme.GOLD, True, "midright")
            if tiebreak is not None:
                t.blit(surf, tiebreak[1][i], (p.right - 290, row.centery), theme.SIZE_BODY,
                       theme.TEXT_DIM, False, "midright")
            y += 40
        if tiebreak is not None:
            t.blit(surf, tiebreak[2], (p.centerx, y + 4), theme.SIZE_TINY, theme.TEXT_DIM,
                   False, "midtop")
        self.menu.draw(surf, t)
