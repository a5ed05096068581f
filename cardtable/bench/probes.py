"""Measurements that need a fresh interpreter, run as `python -m cardtable.bench.probes KIND`
(each prints one JSON object on stdout), and the functions that start them.

- frames: table scene frame time during an AI demo at 1280x720 (dummy video driver), the
  method of scripts/bench_frame.py: 30 warm-up frames, then wall and thread-CPU time of each
  `app.step` (update + draw of the whole scene stack).
- first_frame: the app's start-up path (argument parsing, logging, window, title scene) up to
  the end of the first frame, timed from just before the parent starts the interpreter.
- memory: peak RSS of one 6-player Wizard game (normal agents, through `core.match.Match`, which
  keeps the action history and the event log as the app does).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from typing import Any

from cardtable.bench.stats import median, percentile


def demo_players(game: str) -> int:
    """The players of the game's AI demo whose frames are timed (its `BenchPlan`)."""
    from cardtable.games import registration
    return registration(game).bench.demo_players


_PYCACHE = os.path.join(tempfile.gettempdir(), "cardtable-bench-pycache")


def _dummy_env(home: str) -> dict[str, str]:
    """Dummy SDL drivers, a scratch home (unless CARDTABLE_HOME is set), and bytecode cached in
    a scratch folder (an installed app runs from .pyc files; PYTHONDONTWRITEBYTECODE would make
    every start compile the sources again)."""
    env = dict(os.environ)
    env["SDL_VIDEODRIVER"] = "dummy"
    env["SDL_AUDIODRIVER"] = "dummy"
    env.setdefault("CARDTABLE_HOME", home)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = _PYCACHE
    return env


def _run_probe(args: list[str], timeout: float, t0_env: bool = False) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as home:
        env = _dummy_env(home)
        if t0_env:
            env["CARDTABLE_BENCH_T0"] = repr(time.time())
        try:
            done = subprocess.run([sys.executable, "-m", "cardtable.bench.probes", *args],
                                  capture_output=True, text=True, timeout=timeout, env=env)
        except subprocess.TimeoutExpired:
            return {"error": f"timed out after {timeout:.0f} s"}
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["failed"])[-1]}
    return json.loads(done.stdout.strip().splitlines()[-1])


# ---- parent side -----------------------------------------------------------------------------

def frame_times(games: list[str], frames: int, timeout: float = 600) -> list[dict[str, Any]]:
    """One interpreter for every game's table (start-up is paid once)."""
    out = _run_probe(["frames", str(frames), *games], timeout)
    if "error" in out:
        return [{"game": g, "error": out["error"]} for g in games]
    rows: list[dict[str, Any]] = out["tables"]
    return rows


def first_frame(runs: int, timeout: float = 120) -> dict[str, Any]:
    """Wall time from starting the interpreter to the end of the title's first frame (median
    of `runs`, after one uncounted warm-up run that fills the bytecode cache), and the CPU time
    the child used for it (what the wall time would be on an idle machine, roughly)."""
    warm = _run_probe(["first_frame"], timeout, t0_env=True)
    if "error" in warm:
        return warm
    samples, cpu = [], []
    for _ in range(runs):
        r = _run_probe(["first_frame"], timeout, t0_env=True)
        if "error" in r:
            return r
        samples.append(r["seconds"])
        cpu.append(r["cpu_s"])
    return {"runs": runs, "median_s": round(median(samples), 3),
            "min_s": round(min(samples), 3), "max_s": round(max(samples), 3),
            "cpu_median_s": round(median(cpu), 3), "bytecode": "cached (warm-up run first)"}


def peak_memory(timeout: float = 600) -> dict[str, Any]:
    return _run_probe(["memory"], timeout)


# ---- child side ------------------------------------------------------------------------------

def _probe_frames(games: list[str], frames: int) -> dict[str, Any]:
    from cardtable.ui.launch import make_app, start_demo
    from cardtable.ui.scenes.title import TitleScene

    app = make_app()
    rows = []
    try:
        for game in games:
            app.reset(TitleScene(app))
            start_demo(app, game, demo_players(game), 1, 1.0)
            for _ in range(30):  # warm the caches
                app.step(1 / 60)
            wall: list[float] = []
            cpu: list[float] = []
            for _ in range(frames):
                t0, c0 = time.perf_counter(), time.thread_time()
                app.step(1 / 60)
                wall.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.thread_time() - c0) * 1000)
            size = app.canvas.get_size()
            rows.append({
                "game": game, "players": demo_players(game), "frames": frames,
                "size": f"{size[0]}x{size[1]}",
                "wall_median_ms": round(median(wall), 3),
                "wall_p99_ms": round(percentile(wall, 99), 3),
                "cpu_median_ms": round(median(cpu), 3),
                "cpu_p99_ms": round(percentile(cpu, 99), 3)})
    finally:
        app.ai.shutdown()
    return {"tables": rows}


def _probe_first_frame() -> dict[str, Any]:
    c0 = time.perf_counter()
    from cardtable.ui.launch import make_app, parse, setup_logging
    from cardtable.ui.scenes.title import TitleScene

    parse([])
    setup_logging()
    app = make_app()
    app.push(TitleScene(app))
    app.step(1 / 60)
    t_end = time.time()
    cpu = time.process_time()  # this process's CPU time since it started, imports included
    in_process = time.perf_counter() - c0
    app.ai.shutdown()
    t0 = float(os.environ.get("CARDTABLE_BENCH_T0", t_end))
    return {"seconds": round(t_end - t0, 4), "cpu_s": round(cpu, 4),
            "in_process_s": round(in_process, 4)}


def _status_kib(field: str) -> int | None:
    """A VmHWM/VmRSS line of /proc/self/status in KiB (Linux), else None."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def _probe_memory() -> dict[str, Any]:
    import resource

    from cardtable.core.match import Match
    from cardtable.core.rng import GameRng, derive_seed
    from cardtable.games import get_spec, make_agent

    after_imports = _status_kib("VmRSS")
    match = Match(get_spec("wizard"), 7, 6)
    agents = [make_agent("wizard", "normal", derive_seed(7, s)) for s in range(6)]
    rngs = [GameRng(derive_seed(7, s, "rng")) for s in range(6)]
    while not match.state.is_terminal():
        p = match.state.current_player()
        assert p is not None
        legal = match.state.legal_actions()
        match.submit(agents[p].choose(match.state.view(p), legal, rngs[p]))
    maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    scale = 1024 if sys.platform != "darwin" else 1  # Linux reports KiB, macOS bytes
    hwm = _status_kib("VmHWM")
    out: dict[str, Any] = {
        "ru_maxrss_mb": round(maxrss * scale / 2**20, 1),
        "actions": len(match.history), "events": len(match.log), "agents": "normal x 6"}
    # Linux carries ru_maxrss over fork+exec (a child started by a big parent reports the
    # parent's size); VmHWM belongs to this program alone, so it is the figure when present
    if hwm is not None:
        out["peak_rss_mb"] = round(hwm / 1024, 1)
        out["source"] = "VmHWM (/proc/self/status); ru_maxrss alongside"
    else:
        out["peak_rss_mb"] = out["ru_maxrss_mb"]
        out["source"] = "resource.getrusage ru_maxrss"
    if after_imports is not None:
        out["rss_after_imports_mb"] = round(after_imports / 1024, 1)
    return out


def main(argv: list[str]) -> int:
    kind = argv[0]
    if kind == "frames":
        out = _probe_frames(argv[2:], int(argv[1]))
    elif kind == "first_frame":
        out = _probe_first_frame()
    elif kind == "memory":
        out = _probe_memory()
    else:
        raise SystemExit(f"unknown probe {kind}")
    sys.stdout.write(json.dumps(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
