"""A close-up of one scene drawn for a 2560x1440 window, next to the 1280x720 frame blown up
to the same size (what a plain scaled window would show).

    python scripts/hidpi_compare.py [--scene table] [--lang zh-TW] [--out docs/screenshots/hidpi-table-zh-TW.png]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def shot(scene: str, lang: str, size: str, out: Path) -> None:
    subprocess.run([sys.executable, "-m", "cardtable", "--scene", scene, "--lang", lang,
                    "--size", size, "--frames", "20", "--screenshot", str(out)], check=True,
                   env={**os.environ, "CARDTABLE_HOME": tempfile.mkdtemp()})


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--scene", default="table")
    p.add_argument("--lang", default="zh-TW")
    p.add_argument("--out", type=Path)
    p.add_argument("--crop", default="0,440,560,280", help="logical x,y,w,h of the close-up")
    ns = p.parse_args(argv)
    import pygame
    out = ns.out or Path(f"docs/screenshots/hidpi-{ns.scene}-{ns.lang}.png")
    x, y, w, h = (int(v) for v in ns.crop.split(","))
    with tempfile.TemporaryDirectory() as tmp:
        one, two = Path(tmp) / "1x.png", Path(tmp) / "2x.png"
        shot(ns.scene, ns.lang, "1280x720", one)
        shot(ns.scene, ns.lang, "2560x1440", two)
        native = pygame.image.load(str(two)).subsurface((2 * x, 2 * y, 2 * w, 2 * h))
        blown = pygame.transform.smoothscale(
            pygame.image.load(str(one)).subsurface((x, y, w, h)), (2 * w, 2 * h))
    sheet = pygame.Surface((4 * w + 12, 2 * h))
    sheet.fill((0, 0, 0))
    sheet.blit(native, (0, 0))
    sheet.blit(blown, (2 * w + 12, 0))
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    sys.stdout.write(f"{out}: left drawn for 2560x1440, right 1280x720 scaled up\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
