"""The table layer as parts (`cardtable.ui.tables.layer_parts`): what every table built from
parts does the same way — the key that forces a full repaint, and what the highlights of the
parts depend on."""

from __future__ import annotations

from typing import Any

from cardtable.ui import gfx


def layer_key(table: Any, surf: gfx.Image) -> tuple[Any, ...]:
    """What a full repaint follows: the surface, its density, the language, whose faces are
    drawn, who sits at the bottom and how many seats there are."""
    return (id(surf), gfx.density(), table.app.text.locale, table.eff_viewer,
            table.bottom_seat, table.info.num_players)


def draw_parts(table: Any, surf: gfx.Image, background: gfx.Image) -> list[Any]:
    """Repaint `table`'s layer from its `_parts()` over `background`: only the parts whose
    signature or rectangle changed (everything when the tests turn caching off). Returns the
    parts, for a table that reads what they drew."""
    parts = table._parts()
    table._layer_parts.draw(surf, background, parts, layer_key(table, surf),
                            full=not table.CACHE_LAYERS)
    return parts


def highlights(table: Any) -> tuple[frozenset[str], str | None]:
    """The keys of the table's hits now and the highlighted one (the kit's focus model)."""
    hits = table.hits
    return frozenset(h.key for h in hits), table.active_key(hits)
