"""Smoke test of the packaged app: build, make the .deb, install it, play every game headless.

    python scripts/smoke_package.py                   # build + .deb + extract into a scratch root
    python scripts/smoke_package.py --reuse           # reuse dist/cardtable and the .deb if present
    sudo python scripts/smoke_package.py --install dpkg   # real `dpkg -i`, run, `dpkg -r`, check
    python scripts/smoke_package.py --app dist/cardtable/cardtable.exe   # any OS: steps 4-5 only

Steps (each failure is reported and makes the exit code 1):
1. `python -m PyInstaller --noconfirm build.spec` (skipped with --reuse when dist/cardtable exists)
   and a check that the build holds no test or development package;
2. `packaging/linux/build_deb.sh` -> dist/cardtable_<version>_<arch>.deb (+ the portable .tar.gz);
3. install: `dpkg-deb -x` into a temporary root (default), or `dpkg -i` for real (root only);
   checks the launcher, the menu entry and the icons;
4. `cardtable demo --game G --frames 600 --screenshot ...` for every game that has a table, with
   SDL's dummy drivers; fails on a non-zero exit or a blank screenshot (pixel variance);
5. budgets: build folder <= 52 MB, .deb <= 30 MB, first frame <= 0.3 s (median of 5 runs of
   `cardtable --frames 1 --print-first-frame`, process start to first frame). Budgets are printed
   as PASS/OVER; they only fail the run with --strict-budgets;
6. with --install dpkg: `dpkg -r cardtable` and a check that every installed path is gone.

`--app PATH` skips steps 1-3 and 6 and runs a given build's executable (Windows, macOS: CI).
Needs: Linux with dpkg-deb (except with --app); PyInstaller in this Python (`pip install '.[build]'`) unless --reuse.
Takes a few minutes (most of it PyInstaller and xz), so it is not part of the default test run.
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
BUILD = DIST / "cardtable"
APP_ID = "io.github.cardtable.cardtable"  # the desktop entry's and the metainfo's name
MB = 1_000_000
BUDGET_BUILD_MB = 52  # issue 19: + the CJK fallback and emoji faces
BUDGET_DEB_MB = 30
BUDGET_FIRST_FRAME_S = 0.3
# top-level names that must never be in the build (tests, dev tools, font pipeline, heavy extras)
FORBIDDEN = ("pytest", "_pytest", "pluggy", "xdist", "ruff", "fontTools", "opencc", "numpy",
             "setuptools", "pkg_resources", "pip", "tkinter", "_tkinter", "unittest", "PIL",
             "IPython", "noto_cjk_sans_otc", "_distutils_hack", "cardtable.tests")

failures: list[str] = []


def say(msg: str) -> None:
    sys.stdout.write(msg + "\n")
    sys.stdout.flush()


def fail(msg: str) -> None:
    failures.append(msg)
    say(f"FAIL: {msg}")


def run(cmd: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    say("$ " + " ".join(str(c) for c in cmd))
    return subprocess.run(cmd, text=True, **kw)  # type: ignore[call-overload, no-any-return]


def tree_bytes(folder: Path) -> int:
    """Bytes of every file under folder (symlinks counted as links, not followed)."""
    total = 0
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            p = Path(dirpath) / name
            total += p.lstat().st_size
    return total


def version() -> str:
    import importlib.util
    spec = importlib.util.spec_from_file_location("cardtable_version",
                                                  ROOT / "packaging" / "version.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.version(ROOT))


def games() -> list[tuple[str, int]]:
    """(game id, player count) for every game with rules and a table."""
    from cardtable.games import REGISTRY
    from cardtable.ui.tables import playable
    out = []
    for gid in sorted(REGISTRY):
        if playable(gid):
            spec = REGISTRY[gid]
            out.append((gid, max(spec.min_players, min(4, spec.max_players))))
    return out


# 1. build ---------------------------------------------------------------------------------------

def build(reuse: bool) -> None:
    if reuse and (BUILD / "cardtable").exists():
        say(f"reusing {BUILD}")
        return
    t = time.perf_counter()
    r = run([sys.executable, "-m", "PyInstaller", "--noconfirm", "build.spec"], cwd=ROOT,
            capture_output=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout[-4000:] + r.stderr[-4000:])
        raise SystemExit("PyInstaller failed")
    say(f"built {BUILD} in {time.perf_counter() - t:.0f} s")


def bundled_modules(exe: Path) -> list[str] | None:
    """Module names inside the frozen executable's archive (None when PyInstaller is missing)."""
    r = subprocess.run([sys.executable, "-m", "PyInstaller.utils.cliutils.archive_viewer",
                        "-r", "-b", str(exe)], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    return [ln.strip() for ln in r.stdout.splitlines() if ln.startswith(" ")]


def check_no_dev_packages() -> None:
    internal = BUILD / "_internal"
    names = [p.name for p in internal.iterdir()] if internal.exists() else []
    found = {f for f in FORBIDDEN for n in names
             if n == f or n.startswith(f + "-") or n.startswith(f + ".")}
    modules = bundled_modules(BUILD / "cardtable")
    if modules is None:
        say("note: PyInstaller not importable here, archive contents not checked")
    else:
        found |= {f for f in FORBIDDEN for m in modules if m == f or m.startswith(f + ".")}
        say(f"archive: {len(modules)} entries checked for {len(FORBIDDEN)} forbidden packages")
    if found:
        fail(f"test/dev packages in the build: {sorted(found)}")
    else:
        say("no test or development packages in the build")


# 2. .deb --------------------------------------------------------------------------------------

def make_deb(reuse: bool) -> Path:
    deb = next(DIST.glob(f"cardtable_{version()}_*.deb"), None)
    if reuse and deb is not None and deb.stat().st_mtime >= (BUILD / "cardtable").stat().st_mtime:
        say(f"reusing {deb}")
        return deb
    t = time.perf_counter()
    r = run(["bash", str(ROOT / "packaging" / "linux" / "build_deb.sh"), str(BUILD), str(DIST)],
            capture_output=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout + r.stderr)
        raise SystemExit("build_deb.sh failed")
    deb = Path(r.stdout.split()[0])
    say(f"made {deb} and {r.stdout.split()[1]} in {time.perf_counter() - t:.0f} s")
    return deb


# 3. install -------------------------------------------------------------------------------------

def check_layout(root: Path) -> None:
    launcher = root / "usr/bin/cardtable"
    if not (launcher.exists() and "/opt/cardtable/cardtable" in launcher.read_text()):
        fail("/usr/bin/cardtable missing or not pointing at /opt/cardtable/cardtable")
    desktop = root / f"usr/share/applications/{APP_ID}.desktop"
    if not desktop.exists():
        fail(f"no menu entry /usr/share/applications/{APP_ID}.desktop")
    elif shutil.which("desktop-file-validate"):
        r = run(["desktop-file-validate", str(desktop)], capture_output=True)
        if r.returncode != 0 or r.stdout.strip():
            fail(f"desktop-file-validate: {r.stdout.strip()}")
    metainfo = root / f"usr/share/metainfo/{APP_ID}.metainfo.xml"
    if not metainfo.exists():
        fail(f"no AppStream metainfo /usr/share/metainfo/{APP_ID}.metainfo.xml")
    elif shutil.which("appstreamcli"):
        r = run(["appstreamcli", "validate", "--no-net", str(metainfo)], capture_output=True)
        if r.returncode != 0:
            fail(f"appstreamcli validate: {r.stdout.strip()}")
    if not (root / "usr/share/doc/cardtable/copyright").is_file():
        fail("no /usr/share/doc/cardtable/copyright")
    icons = sorted(root.glob("usr/share/icons/hicolor/*/apps/cardtable.png"))
    if len(icons) < 4:
        fail(f"only {len(icons)} icons under /usr/share/icons/hicolor")
    say(f"layout: launcher, menu entry, {len(icons)} icons")


# 4. run -----------------------------------------------------------------------------------------

def app_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CARDTABLE_HOME=str(home))
    return env


def screenshot_spread(path: Path) -> tuple[float, int]:
    """(standard deviation of the luminance, distinct colours) over a grid of sampled pixels."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    img = pygame.image.load(str(path))
    w, h = img.get_size()
    lum, colours = [], set()
    for y in range(0, h, 4):
        for x in range(0, w, 4):
            c = img.get_at((x, y))
            colours.add((c.r, c.g, c.b))
            lum.append(0.299 * c.r + 0.587 * c.g + 0.114 * c.b)
    return statistics.pstdev(lum), len(colours)


def run_demos(app: Path, shots: Path, home: Path, frames: int) -> None:
    for gid, players in games():
        shot = shots / f"demo-{gid}.png"
        t = time.perf_counter()
        r = run([str(app), "demo", "--game", gid, "--players", str(players), "--frames",
                 str(frames), "--seed", "1", "--screenshot", str(shot)],
                env=app_env(home), capture_output=True, timeout=600)
        secs = time.perf_counter() - t
        if r.returncode != 0:
            fail(f"demo {gid}: exit code {r.returncode}\n{r.stderr[-2000:]}")
            continue
        if not shot.exists():
            fail(f"demo {gid}: no screenshot")
            continue
        spread, colours = screenshot_spread(shot)
        ok = spread >= 8.0 and colours >= 32
        say(f"demo {gid} ({players} players, {frames} frames): exit 0 in {secs:.1f} s, "
            f"screenshot {shot} luminance sd {spread:.1f}, {colours} colours"
            + ("" if ok else "  <- BLANK"))
        if not ok:
            fail(f"demo {gid}: blank screenshot {shot}")


def first_frame(app: Path, home: Path, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        t0 = time.time()
        r = subprocess.run([str(app), "--frames", "1", "--print-first-frame"],
                           env=app_env(home), capture_output=True, text=True, timeout=120)
        stamp = [ln for ln in r.stdout.splitlines() if ln.startswith("first-frame ")]
        if r.returncode == 0 and not stamp and sys.platform == "win32":
            say("note: a windowed Windows build has no stdout, first frame not measured")
            return times
        if r.returncode != 0 or not stamp:
            fail(f"first-frame run: exit {r.returncode}, no stamp\n{r.stderr[-1000:]}")
            return times
        times.append(float(stamp[0].split()[1]) - t0)
    return times


# 6. uninstall -----------------------------------------------------------------------------------

def dpkg_installed() -> bool:
    r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", "cardtable"], capture_output=True,
                       text=True)
    return r.returncode == 0 and "installed" in r.stdout.split()


# ------------------------------------------------------------------------------------------------

def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reuse", action="store_true", help="reuse dist/cardtable and the .deb")
    ap.add_argument("--install", choices=("extract", "dpkg"), default="extract",
                    help="extract: dpkg-deb -x into a temp root; dpkg: real dpkg -i / -r (root)")
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--runs", type=int, default=5, help="first-frame runs (median)")
    ap.add_argument("--keep", type=Path, help="copy the screenshots to this folder")
    ap.add_argument("--strict-budgets", action="store_true", help="fail when a budget is over")
    ap.add_argument("--app", type=Path, help="only run this built executable (any OS)")
    ns = ap.parse_args()
    if ns.app is not None:
        return smoke_app(ns.app.resolve(), ns)
    if not shutil.which("dpkg-deb"):
        raise SystemExit("needs dpkg-deb (Debian/Ubuntu)")
    if ns.install == "dpkg":
        if os.geteuid() != 0:
            raise SystemExit("--install dpkg needs root")
        if dpkg_installed():
            raise SystemExit("cardtable is already installed with dpkg; remove it first")

    build(ns.reuse)
    check_no_dev_packages()
    deb = make_deb(ns.reuse)

    with tempfile.TemporaryDirectory(prefix="cardtable-smoke-") as tmp:
        tmpd = Path(tmp)
        home, shots = tmpd / "home", tmpd / "shots"
        shots.mkdir()
        installed: list[str] = []
        existed: set[str] = set()
        if ns.install == "dpkg":
            listing = subprocess.run(["dpkg-deb", "--fsys-tarfile", str(deb)], capture_output=True,
                                     check=True).stdout
            with tarfile.open(fileobj=io.BytesIO(listing)) as tar:
                installed = ["/" + m.name.removeprefix("./").rstrip("/") for m in tar.getmembers()]
            existed = {p for p in installed if os.path.lexists(p)}  # shared dirs such as /opt
            r = run(["dpkg", "-i", str(deb)], capture_output=True)
            if r.returncode != 0:
                raise SystemExit(f"dpkg -i failed:\n{r.stdout}{r.stderr}")
            root, app = Path("/"), Path("/usr/bin/cardtable")
        else:
            root = tmpd / "root"
            run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
            app = root / "opt/cardtable/cardtable"  # the launcher's target, inside the scratch root
        try:
            check_layout(root)
            run_demos(app, shots, home, ns.frames)
            ff = first_frame(app, home, ns.runs)
        finally:
            if ns.install == "dpkg":
                r = run(["dpkg", "-r", "cardtable"], capture_output=True)
                left = [p for p in installed if p not in existed and os.path.lexists(p)]
                if r.returncode != 0 or dpkg_installed() or left:
                    fail(f"dpkg -r: exit {r.returncode}, left behind: {left[:10]}")
                else:
                    known = subprocess.run(["dpkg-query", "-W", "cardtable"],
                                           capture_output=True).returncode == 0
                    say(f"dpkg -r: {len(installed) - len(existed)} installed paths all gone"
                        + (" (dpkg still lists the package: config-files state)" if known
                           else ", dpkg no longer knows the package"))
                    if known:
                        fail("dpkg -r left the package in dpkg's database")
        if ns.keep:
            ns.keep.mkdir(parents=True, exist_ok=True)
            for p in shots.iterdir():
                shutil.copy2(p, ns.keep / p.name)

    budgets = [("build folder", tree_bytes(BUILD) / MB, BUDGET_BUILD_MB, "MB"),
               (".deb", deb.stat().st_size / MB, BUDGET_DEB_MB, "MB")]
    return report(budgets, ff, ns.strict_budgets)


def smoke_app(app: Path, ns: argparse.Namespace) -> int:
    """Steps 4-5 for an existing build (the folder, or the .app bundle on macOS)."""
    if not app.exists():
        raise SystemExit(f"no {app}")
    folder = next((p for p in app.parents if p.suffix == ".app"), app.parent)
    with tempfile.TemporaryDirectory(prefix="cardtable-smoke-") as tmp:
        home, shots = Path(tmp) / "home", Path(tmp) / "shots"
        shots.mkdir()
        run_demos(app, shots, home, ns.frames)
        ff = first_frame(app, home, ns.runs)
        if ns.keep:
            ns.keep.mkdir(parents=True, exist_ok=True)
            for p in shots.iterdir():
                shutil.copy2(p, ns.keep / p.name)
    return report([(f"build folder ({folder.name})", tree_bytes(folder) / MB, BUDGET_BUILD_MB,
                    "MB")], ff, ns.strict_budgets)


def report(budgets: list[tuple[str, float, float, str]], ff: list[float], strict: bool) -> int:
    if ff:
        budgets.append((f"first frame (median of {len(ff)})", statistics.median(ff),
                        BUDGET_FIRST_FRAME_S, "s"))
    say("\nbudgets (MB = 1,000,000 bytes):")
    over = []
    for name, value, limit, unit in budgets:
        verdict = "PASS" if value <= limit else "OVER"
        if verdict == "OVER":
            over.append(name)
        say(f"  {name:<28} {value:8.2f} {unit}  (budget {limit} {unit})  {verdict}")
    if ff:
        say("  first-frame runs: " + ", ".join(f"{t:.3f}" for t in ff) + " s")
    if over and strict:
        fail(f"over budget: {', '.join(over)}")
    say("\nsmoke test " + ("FAILED: " + "; ".join(f.splitlines()[0] for f in failures)
                           if failures else "passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
