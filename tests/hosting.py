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


def table_for(app: Any, match: Match, *, demo: bool = False, autosave: bool | None = None,
              archive: bool | None = None, cls: type | None = None, **kw: Any) -> Any:
    """The game's table for `match` (not pushed), hosted as the app hosts a game: autosaved
    and archived unless it is a demo (or the test says otherwise)."""
    from cardtable.ui.tables import table_class
    cls = cls or table_class(match.spec.id)
    autosave = not demo if autosave is None else autosave
    archive = not demo if archive is None else archive
    return cls(app, link_for(app, match, autosave=autosave, archive=archive), demo=demo, **kw)


def push_table(app: Any, match: Match, **kw: Any) -> Any:
    return app.push(table_for(app, match, **kw))


def host_of(scene: Any) -> MatchHost:
    """The host behind a table (or a lesson, a replay)."""
    link = getattr(scene, "link", None) or scene.table.link
    feed = getattr(scene, "feed", None)
    if feed is not None:  # a replay's feed holds its host
        return feed._host
    host = getattr(link, "_LocalLink__host", None)
    if host is None:
        raise TypeError(f"{type(link).__name__} has no host in this process")
    return host


def match_of(scene: Any) -> Match:
    """The true match behind a table (tests only: the table itself never holds it)."""
    return host_of(scene)._match


def leak_every_hand(table: Any) -> None:
    """Break a table on purpose (to show a privacy check can fail): its host lets every hand
    through and the table draws them, as a table that read the true state would."""
    from cardtable.core.game import OMNISCIENT
    host_of(table).show_all = True
    assert table.link.watch(OMNISCIENT)
    table.take_updates()
    table.demo = True
    table.show_all = True
    table.snap()


def play(table: Any, action: Any) -> None:
    """`action` by whoever acts now, and the table takes the news: a person's is handed to the
    host as their choice would be (a test's shortcut past a hot-seat curtain); a computer's is
    applied in its stead (a test that scripts every move)."""
    from cardtable.host.controllers import Person
    host = host_of(table)
    seat = host.acting()
    assert seat is not None
    if isinstance(host.controllers[seat], Person):
        host.act(seat, host.seq, action)
    else:
        assert action in host._match.state.legal_actions(), action
        host._withdraw()
        host._apply(seat, action)
    table.take_updates()


def leaking_tables(monkeypatch: Any, table_cls: type | None = None) -> None:
    """From now on every table is broken on purpose (to show a privacy check can fail): hosts
    let every hand through, links follow it, and tables draw it, as a table that read the true
    state would."""
    from cardtable.core.game import OMNISCIENT
    from cardtable.ui.tables.table_scene import TableScene
    monkeypatch.setattr(MatchHost, "may_watch", lambda self, viewer: True)
    real = LocalLink.__init__

    def init(self: LocalLink, host: MatchHost, here: Any = ()) -> None:
        real(self, host, here)
        self.watch(OMNISCIENT)
    monkeypatch.setattr(LocalLink, "__init__", init)
    monkeypatch.setattr(table_cls or TableScene, "eff_viewer", property(lambda _: OMNISCIENT))


def as_if_sent(table: Any, **view_fields: Any) -> None:
    """The table's newest update as if the host had sent a view with `view_fields` changed (a
    test that stages an event by hand gives the table the truth it reconciles with)."""
    import dataclasses
    v = table.eff_viewer
    u = table.latest[v]
    table.latest[v] = dataclasses.replace(u, view=dataclasses.replace(u.view, **view_fields))
