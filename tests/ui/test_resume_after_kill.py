"""Autosave after every action: a process killed mid-game resumes at the exact move."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time

from cardtable import persist
from cardtable.core.actions import Action
from cardtable.ui.autoplay import Player, run_until
from cardtable.ui.tables.table_scene import TableScene
from tests.hosting import match_of

CHILD = textwrap.dedent("""
    from cardtable.core.match import Match, Seat
    from cardtable.games import get_spec
    from cardtable.host.local import local_game
    from cardtable.ui.launch import make_app
    from cardtable.ui.scenes.title import TitleScene
    from cardtable.ui.tables import table_class
    app = make_app()
    app.speed_factor = 6
    app.push(TitleScene(app))
    seats = [Seat(kind="ai", name="A", agent="easy"), Seat(kind="ai", name="B", agent="easy"),
             Seat(kind="human", name="C"), Seat(kind="ai", name="D", agent="normal")]
    # the human never answers: the AIs play until C's turn, autosaving after every action
    link = local_game(Match(get_spec("cirno"), 77, 4, {}, seats), worker=app.ai)
    app.push(table_class("cirno")(app, link))
    app.run()
""")


def test_resume_after_process_killed(home, app):
    env = dict(os.environ, CARDTABLE_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    child = subprocess.Popen([sys.executable, "-c", CHILD], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        record = None
        while time.monotonic() < deadline:
            time.sleep(0.2)
            record, _ = persist.load_autosave()
            if record is not None and len(record.actions) >= 1:
                time.sleep(1.0)  # let it get further, then kill it mid-game
                break
        assert record is not None, "the child never autosaved"
    finally:
        child.kill()  # SIGKILL on POSIX, TerminateProcess on Windows: no clean-up either way
        child.wait(10)
    record, notice = persist.load_autosave()
    assert notice is None and record is not None
    saved_actions = [Action.from_json(a) for a in record.actions]

    title = app.stack.top
    title.resume()
    assert title.has_save
    title.cont()  # "Continue"
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert match_of(table).history == saved_actions
    # and the game goes on to the end from there
    app.speed_factor = 20
    player = Player(1)
    run_until(app, player, 20000, lambda a: player.finished)
    assert player.finished
    assert persist.load_autosave() == (None, None)  # a finished game leaves no autosave
