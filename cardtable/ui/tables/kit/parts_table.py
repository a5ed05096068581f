"""A table whose cached layer is drawn part by part (`layer_parts.PartLayer`): the draw and
the resets that every such table needs, written once. The table supplies `_parts()` (its
layer as an ordered list of parts) and `_felt_image()` (what lies under them)."""

from __future__ import annotations

from typing import Any

from cardtable.ui import gfx
from cardtable.ui.tables.kit.parts import draw_parts
from cardtable.ui.tables.layer_parts import Part, PartLayer


class PartsTable:
    """Mix in before `TableScene`: `class MyTable(PartsTable, TableScene)`."""

    _layer_parts: PartLayer
    # supplied by TableScene
    app: Any
    info: Any
    CACHE_LAYERS: bool
    eff_viewer: int | None
    bottom_seat: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._layer_parts = PartLayer()
        super().__init__(*args, **kwargs)

    def _parts(self) -> list[Part]:
        raise NotImplementedError

    def _felt_image(self) -> gfx.Image:
        raise NotImplementedError

    def draw_table(self, surf: gfx.Image) -> None:
        """Only the parts whose inputs changed are repainted (everything when the surface,
        density, language, viewer, seating or player count changed)."""
        draw_parts(self, surf, self._felt_image())

    def on_scale_changed(self) -> None:
        self._layer_parts.reset()
        super().on_scale_changed()  # type: ignore[misc]

    def on_locale_changed(self) -> None:
        self._layer_parts.reset()
        super().on_locale_changed()  # type: ignore[misc]
