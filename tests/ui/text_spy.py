"""What a scene drew as text: `with drawn_text(app) as drawn:` records every `Text.blit`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pygame


@dataclass(frozen=True)
class Drawn:
    text: str
    size: int
    rect: pygame.Rect


@contextmanager
def drawn_text(app: Any) -> Iterator[list[Drawn]]:
    """Every string `app.text.blit` draws inside the block, in order, with its size and rect."""
    out: list[Drawn] = []
    blit = app.text.blit

    def spy(surf: Any, s: str, pos: Any, size: int, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = blit(surf, s, pos, size, *args, **kwargs)
        out.append(Drawn(s, size, rect))
        return rect

    app.text.blit = spy
    try:
        yield out
    finally:
        app.text.blit = blit
