"""Errors raised by the rules contract."""

from __future__ import annotations

from typing import Any


class IllegalActionError(ValueError):
    """An action that is not in `legal_actions()` was applied.

    The message names the action and the phase; the state is left unchanged and the action is
    never replaced by another one.
    """

    def __init__(self, action: Any, phase: str, player: int | None = None) -> None:
        self.action = action
        self.phase = phase
        self.player = player
        super().__init__(f"illegal action {action!r} in phase {phase!r} (player {player})")


class UnknownOptionError(ValueError):
    """A game option name or value that the game does not know."""
