"""Tests' way to the game behind a table: a table is given a link, never the match; a test
may still look at the truth (the host's match) to check what the table shows against it."""

from __future__ import annotations

from typing import Any

from cardtable.core.match import Match
from cardtable.host.host import MatchHost
from cardtable.host.link import LocalLink
from cardtable.host.local import local_game


def link_for(app: Any, match: Match, *, autosave: bool = False, archive: bool = False,
             **kw: Any) -> LocalLink:
    """A link to a new host of `match` for a table of `app` (its AI worker)."""
    return local_game(match, worker=getattr(app, "ai", None), autosave=autosave,
                      archive_finished=archive, **kw)


def table_for(app: Any, match: Match, *, demo: bool = False, autosave: bool = False,
              archive: bool = False, cls: type | None = None, **kw: Any) -> Any:
    """The game's table for `match` (not pushed)."""
    from cardtable.ui.tables import table_class
    cls = cls or table_class(match.spec.id)
    return cls(app, link_for(app, match, autosave=autosave, archive=archive), demo=demo, **kw)


def push_table(app: Any, match: Match, **kw: Any) -> Any:
    return app.push(table_for(app, match, **kw))


def host_of(scene: Any) -> MatchHost:
    """The host behind a table (or a lesson, a replay)."""
    link = getattr(scene, "link", None) or scene.table.link
    host = getattr(link, "_LocalLink__host", None)
    if host is None:
        raise TypeError(f"{type(link).__name__} has no host in this process")
    return host


def match_of(scene: Any) -> Match:
    """The true match behind a table (tests only: the table itself never holds it)."""
    return host_of(scene)._match
