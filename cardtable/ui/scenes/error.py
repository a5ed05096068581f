"""A readable error screen after an uncaught exception (the details are in the log file)."""

from __future__ import annotations

from typing import Any

from cardtable import paths
from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.scenes.common import MenuScene, column, key


class ErrorScene(MenuScene):
    name = "error"

    def __init__(self, app: Any, exc: BaseException, tb: str) -> None:
        super().__init__(app)
        self.exc = exc
        self.summary = f"{type(exc).__name__}: {exc}"[:300]
        try:
            self.log_path = str(paths.user_log_dir() / "cardtable.log")
        except OSError:
            self.log_path = "?"
        self.menu.widgets = column([
            (key("ui.error.to_title"), self.to_title),
            (key("menu.quit"), self.app.quit),
        ], 490, 470, 300, 52, 12)

    def to_title(self) -> None:
        from cardtable.ui.scenes.title import TitleScene
        self.app.reset(TitleScene(self.app))

    def back(self) -> None:
        self.app.quit()

    def draw(self, surf: gfx.Image) -> None:
        surf.blit(draw.gradient(surf.get_size()), (0, 0))
        t = self.app.text
        t.blit(surf, tr("ui.error.title"), (640, 150), theme.SIZE_H1, theme.DANGER, True,
               "center")
        t.blit(surf, tr("ui.error.body"), (640, 220), theme.SIZE_BODY, theme.TEXT, False,
               "center")
        y = 280
        for line in t.wrap(self.summary, theme.SIZE_SMALL, 900)[:4]:
            t.blit(surf, line, (640, y), theme.SIZE_SMALL, theme.TEXT_DIM, False, "center")
            y += 28
        t.blit(surf, tr("ui.error.log", path=self.log_path), (640, 420), theme.SIZE_TINY,
               theme.TEXT_DIM, False, "center")
        self.menu.draw(surf, t)
