"""kill -9 in the middle of writes, again and again: every file still loads (the writes are
atomic) and the next start removes the temp files the kills left behind."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

WRITER = textwrap.dedent("""
    import random, sys
    from cardtable import persist
    from cardtable.core.match import Match, Seat
    from cardtable.games import get_spec
    from cardtable.history.records import save_finished
    from cardtable.ui.scenes.scorepad import sample_pad, save_pad
    seats = [Seat(kind="human", name="P")] + [Seat(kind="ai", agent="easy") for _ in range(3)]
    match = Match(get_spec("cirno"), 1, 4, {}, seats)
    rng = random.Random(1)
    while not match.state.is_terminal():
        match.submit(rng.choice(match.state.legal_actions()))
    record, pad = match.record(), sample_pad()
    print("ready", flush=True)
    while True:
        persist.save_autosave(record)
        save_pad(pad)
        persist.save_settings(persist.Settings(volume=rng.random()))
        save_finished(match)
""")

KILLS = 50


@pytest.mark.slow
def test_kill_9_during_writes_loses_nothing_and_leaves_no_temp_files(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = dict(os.environ, CARDTABLE_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    rng = random.Random(18)
    for _ in range(KILLS):
        proc = subprocess.Popen([sys.executable, "-c", WRITER], env=env, stdout=subprocess.PIPE,
                                text=True)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.15))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=20)
        proc.stdout.close()
    data, config = home / "data", home / "config"
    temps = [p for folder in (data, config, data / "replays") for p in folder.glob(".*.tmp")]
    assert temps, "no kill landed inside a write; the loop proves nothing"
    # every file is whole: the old one or the new one, never half of each
    from cardtable.history.records import open_record
    json.loads((data / "autosave.json").read_text(encoding="utf-8"))
    json.loads((data / "scorepad.json").read_text(encoding="utf-8"))
    json.loads((config / "settings.json").read_text(encoding="utf-8"))
    for record in (data / "replays").glob("*.cardtable.json"):
        open_record(record, replay=False)
    # a minute later the app starts again
    old = time.time() - 120
    for p in temps:
        os.utime(p, (old, old))
    done = subprocess.run([sys.executable, "-m", "cardtable", "--frames", "2"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    left = [p for folder in (data, config, data / "replays") for p in folder.glob(".*.tmp")]
    assert left == []
    assert not list(home.rglob("*.corrupt-*"))  # nothing was unreadable
