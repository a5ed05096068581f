"""The prompt line: what the person at the screen is asked to do, or whose turn it is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.i18n import tr
from cardtable.ui import theme


def turn_line(table: Any, player: int, prompt: Callable[[], str]
              ) -> tuple[str, tuple[int, int, int]]:
    """(text, colour): `prompt()` highlighted on the viewer's own decision, else 「X 思考中」
    while a computer thinks, else 「輪到 X」."""
    if table.human_turn():
        return prompt(), theme.HIGHLIGHT
    name = table.name_of(player)
    if table.thinking():
        return tr("ui.table.thinking", player=name), theme.TEXT
    return tr("ui.table.turn_of", player=name), theme.TEXT
