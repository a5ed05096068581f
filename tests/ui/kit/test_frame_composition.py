"""A table's frame is composed from caches: the table layer (repainted part by part), and the
side panel drawn on a copy of it, both kept on one surface (`TableScene._frame`) that each frame
copies whole before the moving things go on top. Over every game's AI demo, at a fractional
density (1920×1080, where rounding could leave a seam), each frame drawn that way is pixel for
pixel the frame drawn from nothing; except that a frame which repainted the table layer may
leave a changed side panel to the next frame (no frame pays for both), and that next frame is
the frame drawn from nothing again."""

from __future__ import annotations

import pygame
import pytest

from cardtable.bench.probes import demo_players
from cardtable.games import GAME_IDS
from cardtable.ui import gfx
from cardtable.ui.launch import start_demo
from cardtable.ui.tables.layer_parts import PartLayer
from cardtable.ui.tables.table_scene import TableScene
from tests.hosting import table_for

_CACHES = ("_layer", "_layer_sig", "_frame", "_panel_sig", "_layer_parts", "card_spots",
           "_part_spots")


def _drawn_from_nothing(table: TableScene, size: tuple[int, int]) -> bytes:
    """The table drawn on a fresh canvas with empty caches (the table's own caches are put
    back afterwards, so the demo goes on exactly as it would have)."""
    saved = {k: getattr(table, k) for k in _CACHES if hasattr(table, k)}
    table._layer = table._frame = None
    table._layer_sig = table._panel_sig = None
    if "_layer_parts" in saved:
        table._layer_parts = PartLayer()
    canvas = gfx.Surface(size)
    table.draw(canvas)
    out = pygame.image.tobytes(gfx.pixels(canvas), "RGB")
    for k, v in saved.items():
        setattr(table, k, v)
    return out


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_cached_frame_equals_the_frame_drawn_from_nothing(app, game):
    app.resize_window((1920, 1080))
    start_demo(app, game, demo_players(game), 3, 1.0)
    table = app.stack.top
    assert isinstance(table, TableScene)
    size = app.canvas.get_size()
    compared = partial = deferred = 0
    was_deferred = False
    for _ in range(180):
        app.step(1 / 60)
        if app.stack.top is not table:  # a round's dialog over the table
            was_deferred = False
            continue
        parts = getattr(table, "_layer_parts", None)
        partial += parts is not None and not parts.last_full
        if table.panel_deferred:
            assert not was_deferred, "the side panel was left two frames in a row"
            deferred += 1
            was_deferred = True
            continue
        was_deferred = False
        shown = pygame.image.tobytes(gfx.pixels(app.canvas), "RGB")
        assert shown == _drawn_from_nothing(table, size), f"frame {app.frame}"
        compared += 1
    assert compared >= 120
    assert partial > 0  # the part-by-part path was taken, not only full repaints


def test_a_side_panel_left_by_a_repainting_frame_is_drawn_by_the_next(app):
    """The layer and the log change in one frame: that frame keeps the old panel, the next
    shows the new one (and is the frame drawn from nothing)."""
    from cardtable.ui.samples import open_sample
    open_sample(app, "table")
    table = app.stack.top
    assert isinstance(table, TableScene)
    app.step(1 / 60)
    app.step(1 / 60)
    size = app.canvas.get_size()
    before = pygame.image.tobytes(gfx.pixels(app.canvas).subsurface(_physical_panel()), "RGB")
    table.log_lines.append("測試：一行新的記錄")
    table._layer_sig = None  # the layer is repainted in this frame too
    app.step(1 / 60)
    assert table.panel_deferred
    shown = pygame.image.tobytes(gfx.pixels(app.canvas).subsurface(_physical_panel()), "RGB")
    assert shown == before  # the old panel, one frame longer
    app.step(1 / 60)
    assert not table.panel_deferred
    assert pygame.image.tobytes(gfx.pixels(app.canvas), "RGB") == \
        _drawn_from_nothing(table, size)


def _physical_panel() -> pygame.Rect:
    from cardtable.ui.tables.table_scene import PANEL_AREA
    s = gfx.density()
    return pygame.Rect(round(PANEL_AREA.x * s), 0, round(PANEL_AREA.w * s),
                       round(PANEL_AREA.h * s))


def test_the_side_panel_is_never_left_behind_when_whose_view_it_is_changes(app):
    """Hot-seat: when a person's decision is over the table goes back to the spectator's
    view; the log of that person's view must not stay up even one frame."""
    from cardtable.core.match import Match, Seat
    from cardtable.games import get_spec
    seats = [Seat(kind="human", name="甲"), Seat(kind="human", name="乙"),
             Seat(kind="ai", name="丙", agent="easy")]
    match = next(m for m in (Match(get_spec("cirno"), s, 3, {}, seats) for s in range(50))
                 if m.state.current_player() == 2)  # the computer's turn: no curtain comes
    table = app.push(table_for(app, match=match, autosave=False))
    table.director.clear()
    table.viewer = 0  # seat 0's curtain lifted
    app.stack.scenes[:] = [s for s in app.stack.scenes if s is table or
                           not type(s).__name__.startswith("Curtain")]
    app.step(1 / 60)
    app.step(1 / 60)
    assert app.stack.top is table and table.eff_viewer == 0
    table.log_lines.append("測試：一行新的記錄")
    table.viewer = None  # the decision is over: the spectator's view (a layer repaint too)
    app.step(1 / 60)
    assert app.stack.top is table and table.eff_viewer is None
    assert not table.panel_deferred
