"""Every registered game's table is a presenter: fed a recorded stream of the updates a live
game sent it — in another process, with no match, no host and no game state in it — it draws
frame for frame what the live table drew (issue 30). A person at the table clicks the same
things in both (the same seeded player), so the stream covers a person's decisions too."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.host.local import local_game
from cardtable.ui.autoplay import Player
from cardtable.ui.tables import table_class
from tests.ui.streams import RecordingLink, frame_digest

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = {"cirno": 4, "eight_half": 4, "tanto_cuore": 3, "wizard": 4}
FRAMES = 700

CHILD = textwrap.dedent("""
    import gc, json, sys
    from cardtable.ui.launch import make_app
    from cardtable.ui.scenes.title import TitleScene
    from cardtable.ui.tables import table_class
    from cardtable.ui.autoplay import Player
    from tests.ui.streams import PlaybackLink, frame_digest
    record = json.load(open(sys.argv[1]))
    app = make_app()
    app.raise_errors = True
    app.push(TitleScene(app))
    link = PlaybackLink(record)
    demo = record["demo"]
    table = app.push(table_class(link.info.game_id)(app, link, demo=demo))
    if demo:
        app.speed_factor = 8.0
    player = Player(5) if not demo else None
    digests = []
    for _ in range(record["frames"]):
        if player is not None:
            player.act(app)
        app.step(1 / 60)
        digests.append(frame_digest(app))
    from cardtable.core.game import GameState
    from cardtable.core.match import Match
    alive = [type(o).__name__ for o in gc.get_objects()
             if isinstance(o, (Match, GameState)) or type(o).__name__ == "MatchHost"]
    print(json.dumps({"digests": digests, "alive": alive, "mismatches": link.mismatches,
                      "modules": sorted(m for m in sys.modules
                                        if m.startswith("cardtable.host.host"))}))
""")


@pytest.mark.parametrize("person", [False, True], ids=["demo", "vs_computers"])
@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_recorded_stream_draws_the_live_frames(app, home, tmp_path, game, person):
    n = PLAYERS[game]
    seats = [Seat(kind="human", name="小櫻") if person and i == 0 else
             Seat(kind="ai", agent=("easy", "normal")[i % 2]) for i in range(n)]
    # the computers answer at once (no worker thread): the live run is the same every time
    link = RecordingLink(local_game(Match(get_spec(game), 11, n, {}, seats), worker=None,
                                    autosave=False, archive_finished=False))
    table = app.push(table_class(game)(app, link, demo=not person))
    if not person:
        app.speed_factor = 8.0
    player = Player(5) if person else None
    live = []
    for _ in range(FRAMES):
        if player is not None:
            player.act(app)
        app.step(1 / 60)
        live.append(frame_digest(app))
    assert link.calls and table.seq >= 3, "the game went on"
    record = {**link.record(), "demo": not person, "frames": FRAMES}
    path = tmp_path / "stream.json"
    path.write_text(json.dumps(record))
    env = dict(os.environ, CARDTABLE_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", CHILD, str(path)], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["alive"] == [], "a game's state in the presenter's process"
    assert out["modules"] == [], "the host in the presenter's process"
    assert out["mismatches"] == []
    first = next((i for i, (a, b) in enumerate(zip(live, out["digests"], strict=True))
                  if a != b), None)
    assert first is None, f"frame {first} differs"
