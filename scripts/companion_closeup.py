"""A close-up of Cirno's companion cards as the table draws them in a 2560x1440 window: the
player's own companion cards (advanced game) with the tooltip of the one under the mouse.

    python scripts/companion_closeup.py [--lang zh-TW] [--out docs/screenshots/cirno-companions-zh-TW.png]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def holding_companions(n: int = 2):
    """A 2-player advanced game (random moves) stopped on seat 0's turn holding `n` companion
    cards of different kinds."""
    from cardtable.core.match import Match, Seat
    from cardtable.core.rng import GameRng
    from cardtable.games import get_spec
    from cardtable.host.samples import advance, random_picks
    for seed in range(500):
        seats = [Seat(kind="human", name="小櫻"), Seat(kind="ai", name="阿哲", agent="easy")]
        match = Match(get_spec("cirno"), seed, 2, {"advanced": True}, seats)

        def holding(match: Match = match) -> bool:
            return len(set(match.state.comp_held[0])) >= n and \
                match.state.current_player() == 0  # type: ignore[attr-defined]
        advance(match, random_picks(GameRng(seed)), until=holding)
        if holding():
            return match
    raise SystemExit("no such game")


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--lang", default="zh-TW")
    p.add_argument("--out", type=Path)
    ns = p.parse_args(argv)
    os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp())
    import pygame

    from cardtable.ui import gfx
    from cardtable.ui.autoplay import frames
    from cardtable.ui.launch import make_app
    from cardtable.ui.scenes.title import TitleScene
    from cardtable.ui.tables.cirno_table import CirnoTableScene
    from cardtable.ui.tables.kit.sample import push_sample
    app = make_app(ns.lang)
    app.push(TitleScene(app))
    size = (2560, 1440)
    app.window = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    table = push_sample(app, CirnoTableScene, holding_companions())
    table.snap()
    frames(app, 4)
    rects = table.comp_rects(len(table.zones["companions:0"]))
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=rects[0].center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    table.mouse = rects[0].center  # logical coordinates, whatever the event mapping did
    frames(app, 4)
    shot = gfx.pixels(app.canvas)
    area = rects[0].unionall(rects).inflate(40, 40)
    area.union_ip(pygame.Rect(area.x - 420, area.y - 260, 420, 260))  # where the tooltip goes
    area = area.clip(pygame.Rect(0, 0, 1280, 720))
    d = shot.get_width() // 1280
    crop = shot.subsurface((area.x * d, area.y * d, area.w * d, area.h * d))
    out = ns.out or Path(f"docs/screenshots/cirno-companions-{ns.lang}.png")
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(crop, str(out))
    app.ai.shutdown()
    sys.stdout.write(f"{out}: companion cards at 2x, tooltip of {table.zones['companions:0'][0]}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
