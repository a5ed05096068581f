"""Checks shared by the tables whose cached layer is repainted part by part (layer_parts):
every part paints inside its rect, and every partial repaint equals a full redraw (pixels, and
for tables that record hover spots per part, the spots too)."""

from __future__ import annotations

import time
from typing import Any

import pygame

from cardtable.ui import gfx
from cardtable.ui.tables.layer_parts import PartLayer


def _physical(r: pygame.Rect) -> pygame.Rect:
    s = gfx.density()
    x0, y0 = round(r.x * s), round(r.y * s)
    return pygame.Rect(x0, y0, round(r.right * s) - x0, round(r.bottom * s) - y0)


def _hover_spots(table: Any) -> tuple[Any, dict[str, Any]] | None:
    """The hover spots a table records while its parts draw (None when it records none)."""
    spots = getattr(table, "_part_spots", None)
    return None if spots is None else (table.card_spots, dict(spots))


def _restore_hover_spots(table: Any, saved: tuple[Any, dict[str, Any]] | None) -> None:
    if saved is not None:
        table.card_spots, table._part_spots = saved


def parts_painting_outside(app: Any, table: Any) -> list[str]:
    """The parts that paint anything outside their rect (with PartLayer's 1 px margin), each
    drawn alone on a transparent image."""
    saved = _hover_spots(table)
    out = []
    for part in table._parts():
        probe = gfx.Surface(app.canvas.get_size(), pygame.SRCALPHA)
        probe.fill((0, 0, 0, 0))
        part.draw(probe)
        painted = gfx.pixels(probe).get_bounding_rect()
        if painted.w and not _physical(part.rect.inflate(2, 2)).contains(painted):
            out.append(f"{part.name}: {painted} outside {_physical(part.rect)}")
    _restore_hover_spots(table, saved)
    return out


def check_against_full_redraws(app: Any, table: Any, n: int,
                               act: Any = None) -> tuple[int, int, list[str]]:
    """Step `n` frames; after every repaint of the cached layer, paint the table in full on a
    fresh image and compare pixels (and hover spots). Returns (repaints, partial ones,
    faults)."""
    real = table.draw_table
    seen = {"repaints": 0, "partial": 0}
    faults: list[str] = []

    def spy(surf: Any) -> None:
        real(surf)
        if surf is not table._layer:
            return
        seen["repaints"] += 1
        seen["partial"] += not table._layer_parts.last_full
        layer, spots = table._layer_parts, _hover_spots(table)
        fresh = gfx.Surface(surf.get_size())
        table._layer_parts = PartLayer()
        real(fresh)
        if pygame.image.tobytes(gfx.pixels(fresh), "RGB") != \
                pygame.image.tobytes(gfx.pixels(surf), "RGB"):
            faults.append(f"frame {app.frame}: pixels differ from a full redraw")
        if spots is not None and table.card_spots != spots[0]:
            faults.append(f"frame {app.frame}: hover spots differ from a full redraw")
        table._layer_parts = layer
        _restore_hover_spots(table, spots)

    table.draw_table = spy
    for f in range(n):
        if act is not None:
            act(f)
        app.step(1 / 60)
        if app.future_pending():
            time.sleep(0.002)
    del table.draw_table
    return seen["repaints"], seen["partial"], faults
