"""What a still screen costs: the app in a real window, brought to each still screen, its CPU
over a while, a demo's frame rate, and the memory of a long session of demos (issue 33).

    python scripts/bench_idle.py [--lang zh-TW|zh-CN] [--seconds 10] [--xvfb :75]
        [--python PATH] [--screens title,pause,...] [--no-demo]
    python scripts/bench_idle.py --rss-minutes 30 [--rss-every 5] [--xvfb :75]

Each screen is opened with the app's own `--scene NAME` (sample data) in a new process with a
real window (an X server: `$DISPLAY`, or `--xvfb :NN` starts an Xvfb there); after `--warmup`
seconds (its first frames, the deal, ambient motion settling) the process's CPU time (utime +
stime of all its threads, /proc/<pid>/stat) is read twice `--seconds` apart and printed as per
cent of one core, with the frames it presented meanwhile (`CARDTABLE_FRAME_LOG`; "-" for an
app without it, e.g. an older checkout given with `--python`) and the load average then (other
work on the machine shows in the figures). Ambient screens (the title's swaying cards, a hint's
pulse) are listed apart; a demo's frames per second are counted while cards move.

`--rss-minutes N` runs AI demos of the four games one after another (each a whole game, the
next game when one ends, or after `--rss-game-minutes`) in one app process for N minutes and prints its resident memory
(VmRSS) at the start, every `--rss-every` minutes and at the end. Timings go here, never into
tests.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()
TICKS = os.sysconf("SC_CLK_TCK")

# still screens: (name shown, --scene) — nothing moves once opened and settled
STILL = [
    ("title menu (no sway)", None),  # placeholder: the title is ambient, listed below
    ("game_select", "game_select"),
    ("setup", "setup"),
    ("rules", "rules"),
    ("settings", "settings"),
    ("pause", "pause"),
    ("curtain", "curtain"),
    ("round-end cirno", "round"),
    ("results cirno", "results"),
    ("round-end wizard", "wizard_round"),
    ("results wizard", "wizard_results"),
    ("results eight_half", "eight_half_results"),
    ("results tanto_cuore", "tanto_results"),
    ("error", "error"),
    ("stats", "stats"),
    ("replays", "replays"),
    ("move log", "movelog"),
    ("score pad", "scorepad"),
    ("score pad setup", "scorepad_setup"),
    ("turn cirno", "table"),
    ("turn wizard", "wizard_trick"),
    ("turn eight_half", "eight_half_wanted"),
    ("turn tanto_cuore", "tanto_choice"),
    ("hint cirno (settled)", "cirno_hint"),
    ("lesson cirno (settled)", "lesson_cirno"),
]
# screens that take longer to come to rest (a lesson plays the script's first moves)
WARMUP = {"lesson_cirno": 18.0, "cirno_hint": 13.0, "table": 11.0, "wizard_trick": 11.0,
          "eight_half_wanted": 11.0, "tanto_choice": 11.0}
STILL = [s for s in STILL if s[1] is not None]
# ambient motion: (name shown, --scene, warm-up seconds, measured seconds, poke): with `poke`
# the pointer moves in the window after the warm-up (xdotool) and the measuring starts after
# the app's full-rate moment: the seconds of ambient motion that follow any activity
AMBIENT = [
    ("title (swaying cards)", "title", 3.0, None, False),
    ("hint cirno (pulse, 5 s after input)", "cirno_hint", 10.0, 5.0, True),
    ("turn cirno (marker, 5 s after input)", "table", 10.0, 5.0, True),
    ("lesson cirno (pulse, 5 s after input)", "lesson_cirno", 18.0, 5.0, True),
]
GAMES = ("cirno", "wizard", "eight_half", "tanto_cuore")


def cpu_ticks(pid: int) -> int:
    """utime + stime of the whole process (all threads), in clock ticks."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[11]) + int(fields[12])


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def frames_presented(log: Path) -> tuple[float, int] | None:
    """(time, frames) from the app's last frame-log line, None without one."""
    try:
        lines = log.read_text().split()
    except OSError:
        return None
    if len(lines) < 2:
        return None
    return float(lines[-2]), int(lines[-1])


class Runner:
    def __init__(self, ns: argparse.Namespace) -> None:
        self.ns = ns
        self.home = Path(tempfile.mkdtemp(prefix="bench_idle_"))

    def env(self, log: Path) -> dict[str, str]:
        env = dict(os.environ)
        env.update(CARDTABLE_HOME=str(self.home), SDL_AUDIODRIVER="dummy",
                   CARDTABLE_FRAME_LOG=str(log))
        env.pop("SDL_VIDEODRIVER", None)
        return env

    def start(self, args: list[str], log: Path) -> subprocess.Popen[bytes]:
        cmd = [self.ns.python, "-m", "cardtable", *args, "--lang", self.ns.lang, "--windowed"]
        return subprocess.Popen(cmd, env=self.env(log), cwd=self.home,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def measure(self, args: list[str], warmup: float, seconds: float, poke: bool = False
                ) -> tuple[float, str, float]:
        """(% of a core, frames presented, load average) of the app opened with `args`."""
        log = self.home / "frames.txt"
        log.unlink(missing_ok=True)
        if poke:  # (a window opened right under a pointer that then barely moves sees no
            # motion under Xvfb: the pointer waits in a corner)
            subprocess.run(["xdotool", "mousemove", "1", "1"], check=False)
        proc = self.start(args, log)
        try:
            time.sleep(warmup)
            if proc.poll() is not None:
                err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
                raise RuntimeError(f"the app ended early: {' '.join(args)}\n{err[-2000:]}")
            if poke:  # the pointer moves across the window: activity
                for x, y in ((640, 360), (700, 400), (640, 360)):
                    subprocess.run(["xdotool", "mousemove", str(x), str(y)], check=False)
                    time.sleep(0.05)
                time.sleep(0.5 + 0.2)  # past the app's full-rate moment (App.SETTLE)
            f0 = frames_presented(log)
            c0, t0 = cpu_ticks(proc.pid), time.perf_counter()
            time.sleep(seconds)
            c1, t1 = cpu_ticks(proc.pid), time.perf_counter()
            f1 = frames_presented(log)
            load = os.getloadavg()[0]
        finally:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        pct = (c1 - c0) / TICKS / (t1 - t0) * 100
        frames = "-" if f1 is None else str(f1[1] - (f0[1] if f0 else 0))
        return pct, frames, load

    def demo_fps(self, game: str, seconds: float) -> tuple[float, float, float, float]:
        """(mean fps, best 1 s window, % of a core, load) of a demo while it plays."""
        log = self.home / "frames.txt"
        log.unlink(missing_ok=True)
        # the demo with a frame counter on the app's own loop (`App.on_frame`), so an app
        # without CARDTABLE_FRAME_LOG (another checkout's) is counted the same way
        cmd = [self.ns.python, str(Path(__file__).resolve()), "--fps-child", game,
               "--lang", self.ns.lang]
        proc = subprocess.Popen(cmd, env=self.env(log), cwd=self.home,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        samples: list[tuple[float, int]] = []
        try:
            time.sleep(3.0)
            c0, t0 = cpu_ticks(proc.pid), time.perf_counter()
            end = time.time() + seconds
            while time.time() < end:
                got = frames_presented(log)
                if got is not None and (not samples or got != samples[-1]):
                    samples.append(got)
                time.sleep(0.25)
            c1, t1 = cpu_ticks(proc.pid), time.perf_counter()
            load = os.getloadavg()[0]
        finally:
            proc.terminate()
            proc.wait(5)
        pct = (c1 - c0) / TICKS / (t1 - t0) * 100
        if len(samples) < 2:
            return float("nan"), float("nan"), pct, load
        mean = (samples[-1][1] - samples[0][1]) / (samples[-1][0] - samples[0][0])
        best = max((b[1] - a[1]) / (b[0] - a[0]) for a, b in zip(samples, samples[1:], strict=False)
                   if b[0] > a[0])
        return mean, best, pct, load


def screens(ns: argparse.Namespace) -> int:
    run = Runner(ns)
    only = set(ns.screens.split(",")) if ns.screens else None
    out: list[str] = []

    def line(text: str) -> None:
        say(text)
        out.append(text)

    line(f"# bench_idle {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}  lang={ns.lang}  "
        f"python={ns.python}  seconds={ns.seconds}  warmup={ns.warmup}  "
        f"loadavg={' '.join(f'{x:.2f}' for x in os.getloadavg())}  cores={os.cpu_count()}")
    line(f"{'screen':38} {'kind':8} {'cpu %':>7} {'frames':>7} {'load1':>6}")
    worst = 0.0
    for name, scene in STILL:
        if only and scene not in only:
            continue
        try:
            pct, frames, load = run.measure(["--scene", scene],
                                            max(ns.warmup, WARMUP.get(scene, 0.0)), ns.seconds)
        except RuntimeError as exc:
            line(f"{name:38} {'still':8} {'failed':>7}  {str(exc).splitlines()[0]}")
            continue
        worst = max(worst, pct)
        line(f"{name:38} {'still':8} {pct:7.2f} {frames:>7} {load:6.2f}")
    for name, scene, warm, secs, poke in AMBIENT:
        if only and scene not in only:
            continue
        if poke and not shutil.which("xdotool"):
            line(f"{name:38} {'ambient':8} {'-':>7}  (needs xdotool)")
            continue
        pct, frames, load = run.measure(["--scene", scene], warm, secs or ns.seconds, poke)
        line(f"{name:38} {'ambient':8} {pct:7.2f} {frames:>7} {load:6.2f}")
    if not ns.no_demo:
        for game in ns.demo_games.split(","):
            mean, best, pct, load = run.demo_fps(game, ns.seconds)
            line(f"{'demo ' + game:38} {'demo':8} {pct:7.2f} {'':>7} {load:6.2f}  "
                f"fps mean {mean:.1f}, best second {best:.1f}")
    line(f"# worst still screen: {worst:.2f} % of a core (target <= 1 %)")
    shutil.rmtree(run.home, ignore_errors=True)
    if ns.out:
        Path(ns.out).write_text("\n".join(out) + "\n", encoding="utf-8")
    return 0


def fps_child(ns: argparse.Namespace) -> int:
    """In the measured process: a demo of `ns.fps_child` (4 computers) with every frame the
    app's loop makes counted in CARDTABLE_FRAME_LOG."""
    from cardtable.ui.launch import make_app, start_demo
    from cardtable.ui.scenes.title import TitleScene
    log = Path(os.environ["CARDTABLE_FRAME_LOG"]).open("a", encoding="utf-8")
    app = make_app(ns.lang, windowed=True)
    if hasattr(app, "frame_log"):
        app.frame_log = None  # counted here instead
    app.push(TitleScene(app))
    start_demo(app, ns.fps_child, 4, 3)
    count = [0]

    def counted(_app: object) -> None:
        count[0] += 1
        log.write(f"{time.time():.3f} {count[0]}\n")
        log.flush()

    app.on_frame = counted
    try:
        return app.run()
    finally:
        app.ai.shutdown()


# ------------------------------------------------------------------ memory over a long session
def rss_child(ns: argparse.Namespace) -> int:
    """In the measured process: demos of the four games one after another for N minutes."""
    # (the cardtable of the interpreter that runs this: another checkout's with --python)
    from cardtable.ui.launch import make_app, start_demo
    from cardtable.ui.scenes.results import ResultsScene
    from cardtable.ui.scenes.title import TitleScene
    app = make_app(ns.lang, windowed=True)
    games_done = 0
    n = 0

    def next_game() -> None:
        nonlocal n
        game = GAMES[n % len(GAMES)]
        app.reset(TitleScene(app))
        start_demo(app, game, 4, 1000 + n, ns.rss_speed)
        n += 1

    next_game()
    if hasattr(app, "run_once"):
        app.start_pacing()
        run_once = app.run_once
    else:  # an app from before the loop slept: its loop's body, 60 frames a second
        import pygame
        last = [time.perf_counter()]

        def run_once() -> None:
            for event in pygame.event.get():
                app.dispatch(app.translate_event(event))
            now = time.perf_counter()
            app.step(min(0.1, now - last[0]))
            last[0] = now
            app.present()
            app.clock.tick(60)
    end = time.time() + ns.rss_minutes * 60
    over_since: float | None = None
    started = time.time()
    while app.running and time.time() < end:
        run_once()
        top = app.stack.top
        game = GAMES[(n - 1) % len(GAMES)]
        if isinstance(top, ResultsScene) and top.final:
            over_since = over_since or time.time()
            if time.time() - over_since > 1.0:  # the final results shown a moment
                games_done += 1
                say(f"game {games_done} done ({game})")
                over_since = None
                next_game()
                started = time.time()
        elif time.time() - started > ns.rss_game_minutes * 60:
            say(f"switched from {game} after {ns.rss_game_minutes} min")
            next_game()
            started = time.time()
    app.ai.shutdown()
    say(f"games finished: {games_done}")
    return 0


def rss(ns: argparse.Namespace) -> int:
    home = Path(tempfile.mkdtemp(prefix="bench_idle_rss_"))
    env = dict(os.environ)
    env.update(CARDTABLE_HOME=str(home), SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    cmd = [ns.python, str(Path(__file__).resolve()), "--rss-child", "--rss-minutes",
           str(ns.rss_minutes), "--lang", ns.lang, "--rss-speed", str(ns.rss_speed),
           "--rss-game-minutes", str(ns.rss_game_minutes)]
    log = home / "child.txt"
    with log.open("w") as sink:
        proc = subprocess.Popen(cmd, env=env, cwd=home, stdout=sink, stderr=subprocess.STDOUT)
        start = time.time()

        def line(label: str) -> None:
            lines = log.read_text().splitlines()
            games = sum(1 for t in lines if t.startswith("game "))
            played = sum(1 for t in lines if t.startswith(("game ", "switched ")))
            say(f"{label:10} {(time.time() - start) / 60:6.1f} min  RSS {rss_mb(proc.pid):7.1f} MB"
                f"  games finished {games}, games played {played + 1}  "
                f"load {os.getloadavg()[0]:.2f}")

        say(f"# bench_idle --rss-minutes {ns.rss_minutes}  lang={ns.lang}  speed "
              f"{ns.rss_speed}  games {','.join(GAMES)} in turn, 4 computers each  "
              f"{time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}")
        time.sleep(10)
        line("start")
        next_at = time.time() + ns.rss_every * 60
        last = 0.0
        while proc.poll() is None:
            time.sleep(1)
            if proc.poll() is None:
                last = rss_mb(proc.pid)
            if time.time() >= next_at and proc.poll() is None:
                line("")
                next_at += ns.rss_every * 60
        say(f"{'end':10} {(time.time() - start) / 60:6.1f} min  RSS {last:7.1f} MB "
              f"(last reading before it ended)")
    say(log.read_text().strip().splitlines()[-1] if log.read_text().strip() else "")
    shutil.rmtree(home, ignore_errors=True)
    return proc.returncode or 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--lang", default="zh-TW", choices=("zh-TW", "zh-CN"))
    p.add_argument("--seconds", type=float, default=10.0, help="measured seconds per screen")
    p.add_argument("--warmup", type=float, default=8.0,
                   help="seconds after start before measuring (first frames, the deal, "
                        "ambient motion settling)")
    p.add_argument("--python", default=sys.executable,
                   help="the interpreter whose cardtable to run (another checkout's venv)")
    p.add_argument("--screens", help="only these --scene names, comma separated")
    p.add_argument("--no-demo", action="store_true")
    p.add_argument("--demo-games", default="cirno,wizard")
    p.add_argument("--xvfb", metavar=":NN", help="start an Xvfb on this display and use it")
    p.add_argument("--out", help="also write the table to this file")
    p.add_argument("--rss-minutes", type=float, help="run demos this long and print RSS")
    p.add_argument("--rss-every", type=float, default=5.0, help="minutes between RSS lines")
    p.add_argument("--rss-speed", type=float, default=2.0, help="demo speed for --rss-minutes")
    p.add_argument("--rss-game-minutes", type=float, default=3.0,
                   help="--rss-minutes: the next game after this long even when one is not over")
    p.add_argument("--rss-child", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--fps-child", help=argparse.SUPPRESS)
    ns = p.parse_args(argv)
    if ns.rss_child:
        return rss_child(ns)
    if ns.fps_child:
        return fps_child(ns)
    xvfb = None
    if ns.xvfb:
        xvfb = subprocess.Popen(["Xvfb", ns.xvfb, "-screen", "0", "1280x720x24"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.environ["DISPLAY"] = ns.xvfb
        time.sleep(1.0)
    if not os.environ.get("DISPLAY"):
        p.error("no X display: set DISPLAY or give --xvfb :NN")
    try:
        return rss(ns) if ns.rss_minutes else screens(ns)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(5)


if __name__ == "__main__":
    raise SystemExit(main())
