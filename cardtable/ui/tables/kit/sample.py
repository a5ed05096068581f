"""Sample scenes (screenshots, tests): a table showing a match as it stands, without the
opening animation."""

from __future__ import annotations

from typing import Any


def push_table(app: Any, table_cls: type, match: Any) -> Any:
    """Push a `table_cls` for `match` (no autosave) drawn straight from the current view."""
    scene = app.push(table_cls(app, match, autosave=False))
    scene.director.clear()
    scene.snap()
    return scene
