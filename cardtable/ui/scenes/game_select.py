"""Choose a game: all planned games; those not built yet show as coming soon, disabled."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.coach.lesson import lessons_for
from cardtable.games import GAME_IDS
from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.scenes.common import MenuScene, key, title_bar
from cardtable.ui.tables import playable
from cardtable.ui.widgets import Button


class GameTile(Button):
    def __init__(self, rect: pygame.Rect, game_id: str, on_click: Any,
                 action_key: str = "ui.select.play") -> None:
        super().__init__(rect, key(f"game.{game_id}.name"), on_click,
                         enabled=lambda: playable(game_id))
        self.game_id = game_id
        self.action_key = action_key  # what choosing the tile does: set up a game, watch one

    def draw(self, surf: gfx.Image, text: Any, focused: bool) -> None:
        ok = self.enabled
        color = theme.BUTTON_HOVER if focused and ok else (theme.PANEL_LIGHT if ok else
                                                           theme.BUTTON_DISABLED)
        draw.shadow(surf, self.rect, 16, 70)
        draw.panel(surf, self.rect, color, 245, 16,
                   theme.HIGHLIGHT if focused and ok else theme.PANEL_EDGE)
        r = self.rect
        name = tr(f"game.{self.game_id}.name")
        text.blit(surf, name, (r.x + 24, r.y + 22), text.fit(name, theme.SIZE_H2, r.w - 48, True),
                  theme.TEXT if ok else theme.TEXT_DIM, True)
        # the name the game is known by (original title, or the Chinese subtitle), so a
        # player who knows チルノのさんすうゲーム or Tanto Cuore finds it
        aka = tr(f"game.{self.game_id}.aka")
        aka, aka_size = text.fit_line(aka, theme.SIZE_SMALL, r.w - 48)
        text.blit(surf, aka, (r.x + 24, r.y + 64), aka_size,
                  theme.ACCENT if ok else theme.TEXT_DIM)
        blurb = tr(f"game.{self.game_id}.blurb")
        y = r.y + 98
        for line in text.wrap(blurb, theme.SIZE_SMALL, r.w - 48)[:2]:
            text.blit(surf, line, (r.x + 24, y), theme.SIZE_SMALL, theme.TEXT_DIM)
            y += text.line_height(theme.SIZE_SMALL) + 2
        if not ok:
            badge = text.render(tr("ui.select.coming"), theme.SIZE_SMALL, theme.TEXT_DARK, True)
            br = badge.get_rect(bottomright=(r.right - 20, r.bottom - 18)).inflate(20, 8)
            gfx.rect(surf, theme.GOLD, br, border_radius=br.h // 2)
            surf.blit(badge, badge.get_rect(center=br.center))
        else:
            hint = text.render(tr(self.action_key), theme.SIZE_SMALL, theme.TEXT_DARK, True)
            br = hint.get_rect(bottomright=(r.right - 20, r.bottom - 18)).inflate(20, 8)
            gfx.rect(surf, theme.ACCENT, br, border_radius=br.h // 2)
            surf.blit(hint, hint.get_rect(center=br.center))


def lesson_button(tile: pygame.Rect, game_id: str, on_click: Any) -> Button:
    """The 教學 button in a game tile's lower left corner (the tile's own pill is on the right)."""
    b = Button(pygame.Rect(tile.x + 18, tile.bottom - 50, 104, 36), key("lesson.button"),
               on_click, size=theme.SIZE_SMALL)
    b.lesson_game = game_id  # type: ignore[attr-defined]
    return b


class GameSelectScene(MenuScene):
    """Choose a game to set up, or (`demo=True`) one to watch computers play."""

    name = "game_select"

    def __init__(self, app: Any, demo: bool = False, online: bool = False) -> None:
        super().__init__(app)
        self.demo = demo
        self.online = online  # 開桌: the game of a table others join
        tiles: list[Any] = []
        for i, gid in enumerate(GAME_IDS):
            col, row = i % 2, i // 2
            rect = pygame.Rect(150 + col * 500, 128 + row * 234, 470, 218)
            tile = GameTile(rect, gid, lambda g=gid: self.pick(g),
                            "ui.select.watch" if demo else "ui.select.play")
            if not demo and not online and lessons_for(gid) and playable(gid):
                # the lesson's button lies on its tile, so it comes first (a click goes to the
                # first widget under the pointer); keyboard order: the game, then its lesson
                lesson = lesson_button(rect, gid, lambda g=gid: self.lesson(g))
                tiles += [lesson, tile]
            else:
                tiles.append(tile)
        tiles.append(Button(pygame.Rect(540, 630, 200, 52), key("menu.back"), self.back))
        self.menu.widgets = tiles
        self.menu.focus = next(i for i, w in enumerate(tiles) if isinstance(w, GameTile))

    def lesson(self, game_id: str) -> None:
        from cardtable.ui.scenes.lesson import open_lessons
        open_lessons(self.app, game_id)

    def pick(self, game_id: str) -> None:
        if self.demo:
            from cardtable.games import get_spec
            from cardtable.ui.launch import start_demo
            spec = get_spec(game_id)
            start_demo(self.app, game_id, min(max(spec.min_players, 4), spec.max_players),
                       None)
            return
        if self.online:
            from cardtable.ui.scenes.online import HostSetupScene
            self.app.push(HostSetupScene(self.app, game_id))
            return
        from cardtable.ui.scenes.setup import SetupScene
        self.app.push(SetupScene(self.app, game_id))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.menu.move(-1 if event.key == pygame.K_LEFT else 1)
            return None
        return super().handle_event(event)

    def draw(self, surf: gfx.Image) -> None:
        surf.blit(draw.background(surf.get_size()), (0, 0))
        title_bar(surf, self.app, tr("ui.select.title_demo" if self.demo else
                                     "net.host.title" if self.online else "ui.select.title"))
        # the lesson buttons over their tiles
        focused = self.menu.focused
        widgets = self.menu.widgets
        for w in sorted(widgets, key=lambda w: hasattr(w, "lesson_game")):
            w.draw(surf, self.app.text, w is focused)
