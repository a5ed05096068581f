"""連線對戰: host a table or join one, and the online table's own parts (the room's code, chat).

title → 連線對戰 (`NetMenuScene`) → 開桌 (pick the game: `GameSelectScene(online=True)`, then
`HostSetupScene`: options and which seats are people, open or computers) or 加入 (`JoinScene`:
a code, an address, or a table found on the home network) or 回到牌桌 (the seat this computer
holds, reclaimed with its token). The table is the game's own table given a `RemoteLink`
(`open_online_table`); over it, after 開桌, the room's code with a copy button and the address
(`RoomCodeScene`), and the chat (`ChatScene`: a line of our own words, length-limited, or a
quick phrase sent as a key, read by each person in their own script).

開桌 in the app starts a table server on this computer (`cardtable.net.lan.LanHost`) unless the
app was given a server (`--server`, `CARDTABLE_SERVER`); the screen says that the host's
computer knows every card.
"""

from __future__ import annotations

import logging
import os
from typing import Any

import pygame

from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.scenes.common import MenuScene, TextEntryScene, column, key, overlay, title_bar
from cardtable.ui.scenes.setup import KINDS, SetupScene
from cardtable.ui.widgets import Button, TextField, Toggle

log = logging.getLogger(__name__)

CHAT_LINE_MAX = 40  # characters in one chat line typed here (the server allows more)
PHRASES = ("hello", "good_luck", "nice", "thanks", "wait", "sorry", "good_game", "bye")


# ---------------------------------------------------------------- where the tables are
def server_url(app: Any) -> str | None:
    """The server this app was pointed at (`--server` / CARDTABLE_SERVER), if any."""
    url = getattr(app, "net_server", None) or os.environ.get("CARDTABLE_SERVER") or None
    if url and "://" not in url:
        url = f"ws://{url}"
    return url


def lan_host(app: Any) -> Any:
    """The table server hosted in this app (started once, kept while the app runs)."""
    host = getattr(app, "lan_host", None)
    if host is None:
        from cardtable import paths
        from cardtable.net.lan import LanHost
        # its tables are kept on disk: the app started again resumes them (回到牌桌)
        host = LanHost.start(data=paths.user_data_dir() / "lan_tables")
        app.lan_host = host
    return host


def player_name(app: Any) -> str:
    names = list(getattr(app.settings, "player_names", []) or [])
    return names[0] if names else ""


def keep_record(record: dict[str, Any], seat: int | None) -> None:
    """A finished online game: into the replays and statistics; the seat is not held any
    more."""
    from cardtable.net.lan import forget_seat
    from cardtable.net.link import keep_finished
    forget_seat()
    keep_finished(record, seat)


def error_text(exc: BaseException) -> str:
    code = getattr(exc, "code", None)
    if code:
        k = f"net.error.{code}"
        from cardtable.i18n import has_key
        if has_key(k):
            frame = getattr(exc, "frame", None) or {}
            return tr(k, detail=str(frame.get("detail", ""))[:120])
        return tr("net.error.refused", code=str(code))
    return tr("net.error.connect", detail=str(exc)[:80])


def open_online_table(app: Any, link: Any, *, fresh_room: bool = False,
                      hosted_here: bool = False) -> Any:
    """The game's own table playing `link`'s seat; after 開桌 the room's code over it."""
    from cardtable.net.lan import remember_seat
    from cardtable.ui.scenes.title import TitleScene
    from cardtable.ui.tables import table_class
    from cardtable.ui.tables.kit.online import OnlineBox
    if link.seat is not None and link.token:
        remember_seat(link.url, link.room, link.seat, link.token, link.info.game_id, link.name)
    app.reset(TitleScene(app))
    table = table_class(link.info.game_id)(app, link)
    OnlineBox.attach(table, link, hosted_here=hosted_here)
    app.push(table)
    if fresh_room:
        app.push(RoomCodeScene(app, table, hosted_here))
    return table


# ---------------------------------------------------------------- 連線對戰
class NetMenuScene(MenuScene):
    name = "net_menu"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        from cardtable.net.lan import saved_seat
        self.saved = saved_seat()
        self.error: str | None = None
        self.menu.widgets = column([
            (key("net.menu.host"), self.host),
            (key("net.menu.join"), self.join),
            (key("net.menu.back_to_table"), self.reclaim, lambda: self.saved is not None),
            (key("menu.back"), self.back),
        ], 470, 220, 340, 58, 14)
        self.menu.widgets[2].sublabel = self._saved_info  # type: ignore[attr-defined]

    def _saved_info(self) -> str:
        if self.saved is None:
            return ""
        from cardtable.net.lan import display_address
        return tr("net.menu.saved", game=tr(f"game.{self.saved.get('game', 'wizard')}.name"),
                  code=self.saved["room"], address=display_address(self.saved["url"]))

    def host(self) -> None:
        from cardtable.ui.scenes.game_select import GameSelectScene
        self.app.push(GameSelectScene(self.app, online=True))

    def join(self) -> None:
        self.app.push(JoinScene(self.app))

    def reclaim(self) -> None:
        from cardtable.net.lan import forget_seat
        from cardtable.net.link import RemoteLink
        s = self.saved
        if s is None:
            return
        if str(s["url"]).startswith("ws://127.0.0.1:") and server_url(self.app) is None:
            try:  # a table this app hosted: its server again (it resumes the table from disk)
                lan_host(self.app)
            except OSError as exc:
                log.info("no table server here: %s", exc)
        try:
            link = RemoteLink.connect(s["url"], str(s.get("name", "")), timeout=5,
                                      claim=(s["room"], int(s["seat"]), s["token"]),
                                      on_record=keep_record)
        except Exception as exc:
            log.info("could not reclaim the seat: %s", exc)
            self.error = error_text(exc)
            if getattr(exc, "code", None) in ("unknown_room", "bad_token"):
                forget_seat()
                self.saved = None
            return
        open_online_table(self.app, link)

    def draw(self, surf: gfx.Image) -> None:
        surf.blit(draw.background(surf.get_size()), (0, 0))
        title_bar(surf, self.app, tr("net.menu.title"))
        t = self.app.text
        self.menu.draw(surf, t)
        y = 540
        for line in t.wrap(tr("net.menu.note"), theme.SIZE_SMALL, 760)[:3]:
            t.blit(surf, line, (640, y), theme.SIZE_SMALL, theme.TEXT_DIM, False, "center")
            y += 28
        if self.error:
            t.blit(surf, self.error, (640, 650), theme.SIZE_SMALL, theme.DANGER, True, "center")


# ---------------------------------------------------------------- 開桌
class HostSetupScene(SetupScene):
    """The game's setup for a table others join: each seat this screen's person (the first
    "human"), a person who joins (any other "human", or "open"), or a computer at its level."""

    name = "host_setup"
    kind_choices = ("human", "open", *KINDS[1:])

    def __init__(self, app: Any, game_id: str) -> None:
        self.allow_undo = True  # the table's undo under the strict rule (off: no undo at all)
        super().__init__(app, game_id)
        if self.n > 1 and "open" not in self.kinds[:self.n]:
            self.kinds[1] = "open"  # at least one seat for a friend, to begin with
            self.names[1] = ""

    def build(self) -> None:
        super().build()
        # the table's own option, between 返回 and 開始 (in the focus order before 返回)
        toggle = Toggle(pygame.Rect(330, 640, 600, 54), key("net.host.undo"),
                        lambda: self.allow_undo, self._set_undo, label_w=470)
        self.menu.widgets.insert(len(self.menu.widgets) - 2, toggle)

    def _set_undo(self, on: bool) -> None:
        self.allow_undo = on

    def seat_plans(self) -> tuple[list[dict[str, Any]], int | None]:
        plans: list[dict[str, Any]] = []
        me: int | None = None
        for i in range(self.n):
            kind = self.kinds[i]
            name = self.names[i].strip()
            if kind == "human" and me is None:
                me = i
                plans.append({"kind": "person", "name": name or player_name(self.app)})
            elif kind in ("human", "open"):
                plans.append({"kind": "open"})
            else:
                plans.append({"kind": "computer", "level": kind, "name": name})
        return plans, me

    def start(self) -> None:
        from cardtable.net.link import RemoteLink
        from cardtable.ui.tables import table_class
        check = getattr(table_class(self.game_id), "options_error", None)
        options = self.game_options()  # the setup's, with the seats' choice (a suit each)
        self.error = check(options, self.n) if check is not None else None
        if self.error:
            self.app.play_sound("bust")
            return
        plans, me = self.seat_plans()
        if me is None:
            self.error = tr("net.host.no_seat")
            self.app.play_sound("bust")
            return
        url = server_url(self.app)
        hosted_here = url is None
        try:
            if url is None:
                url = lan_host(self.app).url
            name = plans[me].get("name", "")
            link = RemoteLink.connect(url, name, timeout=5, on_record=keep_record, create={
                "game": self.game_id, "players": self.n, "seats": plans, "sit": me,
                "options": options, "undo": self.allow_undo})
        except Exception as exc:
            log.info("could not open the table: %s", exc)
            self.error = error_text(exc)
            self.app.play_sound("bust")
            return
        setups = {**self.app.settings.setups, self.game_id: self.remember()}
        self.app.update_settings(setups=setups)
        open_online_table(self.app, link, fresh_room=True, hosted_here=hosted_here)

    def draw(self, surf: gfx.Image) -> None:
        super().draw(surf)
        t = self.app.text
        note = tr("net.host.knows_all") if server_url(self.app) is None else \
            tr("net.host.on_server")
        t.blit(surf, note, (640, 96), theme.SIZE_SMALL, theme.GOLD, False, "center")


# ---------------------------------------------------------------- 加入
class JoinScene(TextEntryScene):
    """A code (with the server's address, or the one the app knows), an address with a code
    (`host:port/CODE`), or a table found on the home network."""

    name = "net_join"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        from cardtable.net.lan import display_address, saved_seat
        self.target = ""
        url = server_url(app)
        saved = saved_seat()
        if url is None and saved is not None:
            url = saved["url"]
        self.server = display_address(url) if url else ""
        self.name_text = player_name(app)
        self.error: str | None = None
        self.found: list[dict[str, Any]] = []
        self.searched = False
        self.build()

    def build(self) -> None:
        from cardtable.core.match import NAME_MAX_LEN
        ws: list[Any] = [
            TextField(pygame.Rect(300, 170, 680, 54), key("net.join.code"),
                      lambda: self.target, self._set_target, max_len=80, label_w=220),
            TextField(pygame.Rect(300, 236, 680, 54), key("net.join.server"),
                      lambda: self.server, self._set_server, max_len=80, label_w=220),
            TextField(pygame.Rect(300, 302, 680, 54), key("net.join.name"),
                      lambda: self.name_text, self._set_name, max_len=NAME_MAX_LEN,
                      label_w=220),
            Button(pygame.Rect(300, 378, 213, 54), key("net.join.go"), self.go, primary=True),
            Button(pygame.Rect(533, 378, 213, 54), key("net.join.watch"), self.watch),
            Button(pygame.Rect(766, 378, 214, 54), key("net.join.find"), self.find,
                   size=theme.SIZE_SMALL),
        ]
        for i, t in enumerate(self.found[:4]):
            ws.append(Button(pygame.Rect(300 + (i % 2) * 350, 470 + (i // 2) * 62, 330, 54),
                             lambda t=t: tr("net.join.found_table",
                                            game=tr(f"game.{t['game']}.name"),
                                            code=t["code"], open=t["open"]),
                             lambda t=t: self.pick(t), size=theme.SIZE_SMALL))
        ws.append(Button(pygame.Rect(540, 640, 200, 52), key("menu.back"), self.back))
        focus = self.menu.focus
        self.menu.widgets = ws
        self.menu.focus = min(focus, len(ws) - 1)

    def _set_target(self, s: str) -> None:
        self.target = s
        self.error = None

    def _set_server(self, s: str) -> None:
        self.server = s
        self.error = None

    def _set_name(self, s: str) -> None:
        self.name_text = s

    def submit(self) -> None:  # Enter in a field: join
        self.go()

    def find(self) -> None:
        from cardtable.net.lan import find_tables
        self.found = find_tables()
        self.searched = True
        self.build()

    def pick(self, table: dict[str, Any]) -> None:
        self.target = f"{table['address']}/{table['code']}"
        self.go()

    def watch(self) -> None:
        """觀戰: the table as the spectator sees it (no hand, no seat)."""
        self.go(spectate=True)

    def go(self, spectate: bool = False) -> None:
        from cardtable.net.lan import forget_seat, parse_target, saved_seat
        from cardtable.net.link import RemoteLink
        target = parse_target(self.target)
        server = parse_target(self.server) if self.server.strip() else None
        if target is None or target.code is None:
            self.error = tr("net.join.need_code")
            self.app.play_sound("bust")
            return
        url = target.url or (server.url if server is not None else None)
        if url is None:
            host = getattr(self.app, "lan_host", None)
            url = host.url if host is not None else None
        if url is None:
            self.error = tr("net.join.need_server")
            self.app.play_sound("bust")
            return
        name = self.name_text.strip()
        saved = saved_seat()
        try:
            if spectate:
                link = RemoteLink.connect(url, name, timeout=5, join=target.code,
                                          spectate=True)
            elif saved is not None and saved["room"] == target.code:
                try:  # this computer's seat at that table: reclaimed with its token
                    link = RemoteLink.connect(saved["url"], name, timeout=5, on_record=keep_record,
                                              claim=(saved["room"], int(saved["seat"]),
                                                     saved["token"]))
                except Exception as exc:
                    if getattr(exc, "code", None) not in ("bad_token", "unknown_room"):
                        raise
                    forget_seat()
                    link = RemoteLink.connect(url, name, timeout=5, join=target.code,
                                              on_record=keep_record)
            else:
                link = RemoteLink.connect(url, name, timeout=5, join=target.code,
                                          on_record=keep_record)
        except Exception as exc:
            log.info("could not join %s at %s: %s", target.code, url, exc)
            self.error = error_text(exc)
            self.app.play_sound("bust")
            return
        if name:
            names = [name] + [n for n in self.app.settings.player_names if n != name]
            self.app.update_settings(player_names=names[:16])
        open_online_table(self.app, link)

    def draw(self, surf: gfx.Image) -> None:
        surf.blit(draw.background(surf.get_size()), (0, 0))
        title_bar(surf, self.app, tr("net.join.title"))
        t = self.app.text
        self.menu.draw(surf, t)
        t.blit(surf, tr("net.join.hint"), (640, 138), theme.SIZE_SMALL, theme.TEXT_DIM, False,
               "center")
        if self.searched and not self.found:
            t.blit(surf, tr("net.join.none_found"), (640, 470), theme.SIZE_SMALL,
                   theme.TEXT_DIM, False, "center")
        if self.error:
            t.blit(surf, self.error, (640, 448), theme.SIZE_SMALL, theme.DANGER, True,
                   "center")


# ---------------------------------------------------------------- over the table
def copy_text(text: str) -> bool:
    """To the clipboard (SDL's); False when this system has none."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(text)
        return True
    except Exception as exc:  # no clipboard (a dummy video driver, no X selection owner)
        log.info("no clipboard: %s", exc)
        try:
            pygame.scrap.put(pygame.SCRAP_TEXT, text.encode("utf-8"))
            return True
        except Exception:
            return False


class RoomCodeScene(MenuScene):
    """The new table's room code (big, with a copy button) and address, over the table."""

    name = "room_code"
    transparent = True
    PANEL = pygame.Rect(240, 130, 800, 460)

    def __init__(self, app: Any, table: Any, hosted_here: bool) -> None:
        super().__init__(app)
        self.table = table
        self.link = table.link
        self.hosted_here = hosted_here
        self.copied: str | None = None
        p = self.PANEL
        self.menu.widgets = [
            Button(pygame.Rect(p.x + 60, p.bottom - 84, 320, 56), key("net.room.copy"),
                   self.copy),
            Button(pygame.Rect(p.right - 380, p.bottom - 84, 320, 56), key("net.room.start"),
                   self.back, primary=True),
        ]
        self.menu.focus = 1

    def address(self) -> str:
        from cardtable.net.lan import display_address
        host = getattr(self.app, "lan_host", None)
        if self.hosted_here and host is not None:
            return str(host.address)
        return display_address(self.link.url)

    def copy(self) -> None:
        text = self.link.room
        self.copied = tr("net.room.copied") if copy_text(text) else tr("net.room.no_clipboard")

    def draw(self, surf: gfx.Image) -> None:
        overlay(surf)
        p = self.PANEL
        draw.shadow(surf, p, 20, 90)
        draw.panel(surf, p, theme.PANEL, 255, 20)
        t = self.app.text
        t.blit(surf, tr("net.room.title"), (p.centerx, p.y + 44), theme.SIZE_H1, theme.TEXT,
               True, "center")
        code = " ".join(self.link.room)
        t.blit(surf, code, (p.centerx, p.y + 130), theme.SIZE_TITLE + 10, theme.GOLD, True,
               "center")
        t.blit(surf, tr("net.room.address", address=self.address()), (p.centerx, p.y + 206),
               theme.SIZE_BODY, theme.TEXT, False, "center")
        y = p.y + 250
        lines = [tr("net.room.tell")]
        if self.hosted_here:
            lines.append(tr("net.host.knows_all"))
        for line in lines:
            for part in t.wrap(line, theme.SIZE_SMALL, p.w - 100)[:2]:
                t.blit(surf, part, (p.centerx, y), theme.SIZE_SMALL, theme.TEXT_DIM, False,
                       "center")
                y += 28
        if self.copied:
            t.blit(surf, self.copied, (p.centerx, p.bottom - 110), theme.SIZE_SMALL,
                   theme.ACCENT, True, "center")
        self.menu.draw(surf, t)


def chat_text(line: Any, name_of: Any) -> str:
    """A chat line as this person reads it: a quick phrase in their own script."""
    who = line.name or (name_of(line.seat) if line.seat is not None else tr("net.chat.watcher"))
    words = tr(f"net.phrase.{line.phrase}") if line.phrase else (line.text or "")
    return tr("net.chat.line", name=who, text=words)


def clip_chat(text: str) -> str:
    """A chat line as it may be sent: one line, at most CHAT_LINE_MAX characters."""
    one = " ".join(text.split())
    return one[:CHAT_LINE_MAX]


class ChatScene(TextEntryScene):
    """The chat over the table: the latest lines, a line of one's own (Enter sends), and the
    quick phrases (sent as keys: each person reads them in their own script)."""

    name = "chat"
    transparent = True
    PANEL = pygame.Rect(200, 90, 760, 560)

    def __init__(self, app: Any, table: Any) -> None:
        super().__init__(app)
        self.table = table
        self.link = table.link
        self.text = ""
        self.refused: str | None = None
        p = self.PANEL
        ws: list[Any] = [TextField(pygame.Rect(p.x + 30, p.y + 330, p.w - 220, 52),
                                   lambda: "", lambda: self.text, self._set,
                                   max_len=CHAT_LINE_MAX),
                         Button(pygame.Rect(p.right - 180, p.y + 330, 150, 52),
                                key("net.chat.send"), self.send, primary=True)]
        w = (p.w - 60 - 30) // 4
        for i, ph in enumerate(PHRASES):
            ws.append(Button(pygame.Rect(p.x + 30 + (i % 4) * (w + 10),
                                         p.y + 400 + (i // 4) * 58, w, 48),
                             key(f"net.phrase.{ph}"), lambda ph=ph: self.phrase(ph),
                             size=theme.SIZE_SMALL))
        ws.append(Button(pygame.Rect(p.right - 170, p.y + 20, 150, 44), key("menu.back"),
                         self.back))
        self.menu.widgets = ws
        self.menu.focus = 0

    def _set(self, s: str) -> None:
        self.text = s

    def submit(self) -> None:  # Enter in the line: send it
        self.send()

    def send(self) -> None:
        line = clip_chat(self.text)
        if not line:
            return
        if self.link.send_chat(text=line):
            self.text = ""
        else:
            self.refused = tr("net.refused.offline")

    def phrase(self, key_: str) -> None:
        if not self.link.send_chat(phrase=key_):
            self.refused = tr("net.refused.offline")

    def update(self, dt: float) -> None:
        self.link.poll(False)  # chat and presence keep coming; the game waits for the table
        super().update(dt)

    def draw(self, surf: gfx.Image) -> None:
        overlay(surf)
        p = self.PANEL
        draw.shadow(surf, p, 20, 90)
        draw.panel(surf, p, theme.PANEL, 250, 20)
        t = self.app.text
        t.blit(surf, tr("net.chat.title"), (p.x + 30, p.y + 28), theme.SIZE_H2, theme.TEXT,
               True)
        y = p.y + 84
        lines = self.link.chat[-9:]
        if not lines:
            t.blit(surf, tr("net.chat.empty"), (p.x + 30, y), theme.SIZE_SMALL, theme.TEXT_DIM)
        for line in lines:
            fitted, size = t.fit_line(chat_text(line, self.table.name_of), theme.SIZE_SMALL,
                                      p.w - 60)
            t.blit(surf, fitted, (p.x + 30, y), size, theme.TEXT)
            y += 26
        t.blit(surf, tr("net.chat.limit", n=CHAT_LINE_MAX, used=len(self.text)),
               (p.x + 30, p.y + 391), theme.SIZE_TINY, theme.TEXT_DIM, False, "midleft")
        if self.refused:
            t.blit(surf, self.refused, (p.right - 30, p.y + 391), theme.SIZE_TINY,
                   theme.DANGER, False, "midright")
        self.menu.draw(surf, t)
