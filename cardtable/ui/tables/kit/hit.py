"""A thing to click on a table: its rect, the legal actions it stands for, and a key naming it."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from cardtable.core.actions import Action


@dataclass
class Hit:
    """Something clickable on the table: a rect and what clicking it does."""

    rect: pygame.Rect
    actions: list[Action]
    key: str = ""
