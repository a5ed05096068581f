"""scripts/bench_idle.py's readings (the figures themselves are the script's to print)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from script_modules import load_script  # noqa: E402

bench = load_script("bench_idle")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_cpu_ticks_and_rss_of_a_process_are_read_from_proc() -> None:
    before = bench.cpu_ticks(os.getpid())
    sum(i * i for i in range(300_000))  # some work of this process
    assert bench.cpu_ticks(os.getpid()) >= before >= 0
    assert 1 < bench.rss_mb(os.getpid()) < 100_000


def test_the_frame_log_gives_its_last_line(tmp_path: Path) -> None:
    log = tmp_path / "frames.txt"
    assert bench.frames_presented(log) is None
    log.write_text("100.000 1\n100.016 2\n101.500 3\n")
    assert bench.frames_presented(log) == (101.5, 3)


def test_every_screen_it_measures_is_one_the_app_opens() -> None:
    from cardtable.ui.launch import ALL_SCENES
    scenes = [s for _, s in bench.STILL] + [a[1] for a in bench.AMBIENT]
    assert scenes and set(scenes) <= set(ALL_SCENES)


def test_without_a_display_it_says_so(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("DISPLAY", raising=False)
    with pytest.raises(SystemExit):
        bench.main(["--screens", "pause"])
    assert "DISPLAY" in capsys.readouterr().err
