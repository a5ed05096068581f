"""An online table's own parts, over any game's table: the room's code, who is at the table
(a presence dot per seat, a badge when the computer stands in), the latest chat lines, and a
banner while the connection is being made again. Drawn from what the link was sent (its seats'
info from the presence frames, its chat lines), never from the game."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.widgets import Button

BOX = pygame.Rect(984, 12, 284, 206)
LOG = pygame.Rect(984, 226, 284, 194)  # the table's log, shorter under the box
DOT_PRESENT = (96, 200, 120)
DOT_AWAY = (150, 150, 150)
DOT_COMPUTER = (110, 160, 230)
DOT_STAND_IN = (235, 170, 60)


def seat_state(s: Any) -> str:
    """present | away | stand_in | computer: what a seat's dot says."""
    if s.stand_in:
        return "stand_in"
    if not s.person:
        return "computer"
    return "present" if s.present else "away"


DOTS = {"present": DOT_PRESENT, "away": DOT_AWAY, "computer": DOT_COMPUTER,
        "stand_in": DOT_STAND_IN}


class OnlineBox:
    def __init__(self, table: Any, link: Any, hosted_here: bool) -> None:
        self.table = table
        self.link = link
        self.hosted_here = hosted_here
        self.drawn: list[tuple[int, str]] = []  # (seat, state) of the last frame (tests)

    @classmethod
    def attach(cls, table: Any, link: Any, *, hosted_here: bool = False) -> OnlineBox:
        box = cls(table, link, hosted_here)
        table.online = box
        table.pause_note = "net.pause.note"  # the pause menu: how to come back to the seat
        table.log_rect = LOG
        r = table.controls_rect
        w = (r.w - 30) // 2
        y = r.y + 40 + 2 * (46 + 10)
        table.buttons.append(Button(pygame.Rect(r.x + 10, y, w, 46), lambda: box.chat_label(),
                                    box.open_chat, size=theme.SIZE_SMALL))
        room = Button(pygame.Rect(r.x + 20 + w, y, w, 46), lambda: tr("net.table.room"),
                      box.open_room, size=theme.SIZE_SMALL)
        table.buttons.append(room)
        hint = table.hint_button
        if hint is not None:  # 提示 takes 房號's place while a hint may be asked
            hint.rect = room.rect.copy()

            def panel_buttons() -> list[Button]:
                if table.hint_allowed():
                    return [b for b in table.buttons if b is not room] + [hint]
                return table.buttons

            table.panel_buttons = panel_buttons
        chained = table.exit

        def exit_() -> None:
            chained()
            link.close()  # this screen leaves; the token still reclaims the seat

        table.exit = exit_
        return box

    def chat_label(self) -> str:
        new = len(self.link.chat) - self.link.chat_seen
        return tr("net.table.chat_new", n=new) if new > 0 else tr("net.table.chat")

    def open_chat(self) -> None:
        from cardtable.ui.scenes.online import ChatScene
        self.link.chat_seen = len(self.link.chat)
        self.table.app.push(ChatScene(self.table.app, self.table))

    def open_room(self) -> None:
        from cardtable.ui.scenes.online import RoomCodeScene
        self.table.app.push(RoomCodeScene(self.table.app, self.table, self.hosted_here))

    def draw(self, surf: gfx.Image) -> None:
        from cardtable.ui.scenes.online import chat_text
        t = self.table.app.text
        draw.panel(surf, BOX, theme.PANEL, 240)
        t.blit(surf, tr("net.table.code", code=self.link.room), (BOX.x + 14, BOX.y + 8),
               theme.SIZE_SMALL, theme.ACCENT, True)
        y = BOX.y + 38
        self.drawn = []
        info = self.table.info  # what the plates show this frame (from the link's)
        n = info.num_players
        lh = 19 if n <= 5 else 17
        for i, s in enumerate(info.seats):
            state = seat_state(s)
            self.drawn.append((i, state))
            gfx.circle(surf, DOTS[state], (BOX.x + 20, y + lh // 2), 6)
            name = self.table.name_of(i)
            if s.here:
                name = tr("net.table.you", name=name)
            fitted, size = t.fit_line(name, theme.SIZE_TINY, 130)
            t.blit(surf, fitted, (BOX.x + 32, y), size, theme.TEXT)
            badge = tr(f"net.seat.{state}", level=tr(f"ui.setup.kind.{s.level or 'normal'}"))
            fitted, size = t.fit_line(badge, theme.SIZE_TINY, 110)
            t.blit(surf, fitted, (BOX.right - 12, y), size,
                   DOT_STAND_IN if state == "stand_in" else theme.TEXT_DIM, False, "topright")
            y += lh
        y = max(y + 4, BOX.bottom - 2 * 19 - 8)
        for line in self.link.chat[-2:]:
            fitted, size = t.fit_line(chat_text(line, self.table.name_of), theme.SIZE_TINY,
                                      BOX.w - 24)
            t.blit(surf, fitted, (BOX.x + 12, y), size, theme.TEXT)
            y += 19
        if self.link.reconnecting or self.link.gone:
            self.draw_banner(surf)

    def draw_banner(self, surf: gfx.Image) -> None:
        t = self.table.app.text
        text = tr("net.table.reconnecting") if self.link.reconnecting else \
            tr(f"net.table.gone.{self.link.gone}")
        s = t.render(text, theme.SIZE_H2, theme.TEXT, True)
        rect = pygame.Rect(0, 0, max(460, s.get_width() + 80), 70)
        rect.center = (490, 60)
        draw.shadow(surf, rect, 14, 80)
        draw.panel(surf, rect, theme.DANGER if self.link.gone else theme.ACCENT_DARK, 235, 14,
                   theme.TEXT)
        surf.blit(s, s.get_rect(center=rect.center))
