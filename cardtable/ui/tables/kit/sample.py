"""Sample scenes (screenshots, tests): a table showing a sample game as it stands, without the
opening animation."""

from __future__ import annotations

from typing import Any


def push_table(app: Any, table_cls: type, match: Any) -> Any:
    """Push a `table_cls` for a sample `match` (hosted here: no autosave, nothing archived),
    drawn straight from the current view."""
    from cardtable.host.samples import sample_link
    scene = app.push(table_cls(app, sample_link(match, app.ai)))
    scene.director.clear()
    scene.snap()
    return scene


def push_sample(app: Any, table_cls: type, match: Any) -> Any:
    """Push a `table_cls` for a sample `match` as a game starts (it may animate)."""
    from cardtable.host.samples import sample_link
    return app.push(table_cls(app, sample_link(match, app.ai)))
