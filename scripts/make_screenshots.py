"""Redraw every screenshot in docs/screenshots, in both scripts, from the app's own sample scenes
(`cardtable --scene NAME`), the AI demo and the companion close-up; each in a fresh user folder.

    python scripts/make_screenshots.py [--only NAME ...] [--jobs 2]

The file names are the ones the README shows; `--only` takes file stems (e.g. `table`,
`eight_half-deal`). Look at the PNGs afterwards: a screenshot nobody looked at proves nothing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
LANGS = ("zh-TW", "zh-CN")

# file stem -> the --scene that draws it (the names differ where the files are older): the
# app's own scenes, then every game's samples that are screenshots (`Sample.screenshot` in its
# registration)
APP_SCENES = {
    "title": "title", "game_select": "game_select", "setup": "setup", "table": "table",
    "curtain": "curtain", "rules": "rules", "settings": "settings", "results": "results",
    "round": "round", "pause": "pause", "replay": "replay", "replay-list": "replays",
    "stats": "stats", "movelog": "movelog",
}


def screenshot_scenes() -> dict[str, str]:
    from cardtable.games import registrations
    games = {s.screenshot: s.scene for reg in registrations() for s in reg.samples
             if s.screenshot is not None}
    return {**APP_SCENES, **games}


SCENES = screenshot_scenes()


def commands(stem: str, lang: str) -> list[str]:
    png = str(OUT / f"{stem}-{lang}.png")
    py = sys.executable
    if stem == "demo":
        return [py, "-m", "cardtable", "demo", "--game", "cirno", "--players", "4", "--seed",
                "3", "--show-all", "--lang", lang, "--frames", "240", "--screenshot", png]
    if stem == "cirno-companions":
        return [py, str(ROOT / "scripts" / "companion_closeup.py"), "--lang", lang, "--out", png]
    return [py, "-m", "cardtable", "--lang", lang, "--scene", SCENES[stem], "--frames", "40",
            "--screenshot", png]


def run(stem: str, lang: str) -> str:
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, CARDTABLE_HOME=home, SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy")
        done = subprocess.run(commands(stem, lang), cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=600)
    status = "ok" if done.returncode == 0 else f"FAILED ({done.returncode}): {done.stderr[-400:]}"
    return f"{stem}-{lang}: {status}"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", nargs="*", default=None)
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args()
    stems = args.only or [*SCENES, "demo", "cirno-companions"]
    unknown = [s for s in stems if s not in SCENES and s not in ("demo", "cirno-companions")]
    if unknown:
        sys.stderr.write(f"unknown: {' '.join(unknown)}\n")
        return 2
    jobs = [(s, lang) for s in stems for lang in LANGS]
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda j: run(*j), jobs))
    for line in results:
        sys.stdout.write(line + "\n")
    return 0 if all(line.endswith(": ok") for line in results) else 1


if __name__ == "__main__":
    sys.exit(main())
