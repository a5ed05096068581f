"""The status line under the table's centre: the prompt on a person's turn, else whose turn
it is (and that the computer is thinking)."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.i18n import tr
from cardtable.ui import theme

Color = tuple[int, int, int]


def status_text(name: str, human_turn: bool, thinking: bool,
                prompt: Callable[[], str]) -> tuple[str, Color]:
    """The line and its colour: `prompt()` (highlighted) on a person's turn, else 「輪到」 or
    「思考中」 for the seat `name`."""
    if human_turn:
        return prompt(), theme.HIGHLIGHT
    if thinking:
        return tr("ui.table.thinking", player=name), theme.TEXT
    return tr("ui.table.turn_of", player=name), theme.TEXT
