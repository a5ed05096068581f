"""The final results dialog's panel: the table dimmed, the panel, "game over" and the winners
(each game's results scene then draws its own score table below)."""

from __future__ import annotations

from typing import Any

from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme


def final_panel(surf: gfx.Image, scene: Any, title_y: int = 38, winners_y: int = 82
                ) -> list[int]:
    """Dim the table, draw `scene.panel` with the title and the winners' names (the finished
    game's summary, as the host sent it to the table); returns the winners."""
    from cardtable.ui.scenes.common import overlay
    overlay(surf)
    p = scene.panel
    draw.shadow(surf, p, 20, 100)
    draw.panel(surf, p, theme.PANEL, 255, 20)
    t = scene.app.text
    summary = scene.table.shown.summary
    winners = list(summary.winners) if summary is not None else []
    t.blit(surf, tr("ui.results.game_over"), (p.centerx, p.y + title_y), theme.SIZE_H1,
           theme.TEXT, True, "center")
    if winners:
        sub = tr("ui.results.winners", players=tr("ui.list_sep").join(
            scene.name_of(w) for w in winners))
        t.blit(surf, sub, (p.centerx, p.y + winners_y), theme.SIZE_BODY, theme.GOLD, True,
               "center")
    return winners
