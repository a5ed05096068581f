"""`cardtable` (the app) and `cardtable demo`: argument parsing and start-up.

    cardtable [--lang zh-TW|zh-CN] [--scene NAME] [--seed S] [--frames N] [--screenshot PNG]
    cardtable demo --game cirno --players 4 [--seed S] [--speed X] [--frames N] [--screenshot PNG]
    cardtable scorepad [--lang ...] [--frames N] [--screenshot PNG]   (the Wizard score pad)
    cardtable replay FILE [--lang ...] [--frames N] [--screenshot PNG]  (watch a record)

`--scene` opens any scene directly with sample data (for screenshots and tests); `--frames N`
ends after N frames; `--screenshot` saves the last frame.
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from cardtable import paths
from cardtable.games import registrations
from cardtable.games.registration import Sample, resolve

log = logging.getLogger(__name__)

# the app's own scenes with sample data (cardtable.ui.samples)
SCENES = ("title", "game_select", "setup", "table", "curtain", "rules", "settings", "results",
          "pause", "round", "error")
# the setup and rules pages where a rules decision shows (WIZ-V2, WIZ-V1's single-colour
# choice, CIRNO-D4, E8H-S2)
RULES_SCENES = ("setup_wizard", "setup_wizard_single_colour", "rules_cirno_double", "rules_eight_half_start",
                "rules_wizard_plus_minus_one")
# game history (cardtable.ui.scenes.replay / movelog / stats), with sample data
HISTORY_SCENES = ("replay", "replays", "stats", "movelog")


def game_samples() -> dict[str, Sample]:
    """Every game's sample scenes by name, in menu order: the tables in sample states, a hint on
    each table, the lessons at a step with a callout (`GameRegistration.samples`)."""
    return {s.scene: s for reg in registrations() for s in reg.samples}


ALL_SCENES = SCENES + RULES_SCENES + HISTORY_SCENES + tuple(game_samples())


def open_scene(app: Any, name: str, seed: int | None = None) -> None:
    """Open any scene of `ALL_SCENES` over the title, in its sample state (`--scene NAME`)."""
    sample = game_samples().get(name)
    if sample is not None:
        resolve(sample.opener)(app, name, seed)
    elif name in HISTORY_SCENES:
        from cardtable.ui.scenes.replay import open_history_sample
        open_history_sample(app, name, seed)
    elif name != "title":
        from cardtable.ui.samples import open_sample
        open_sample(app, name, seed)


def _window_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}") from None
    if not (320 <= w <= 8192 and 180 <= h <= 8192):
        raise argparse.ArgumentTypeError(f"window size out of range: {text}")
    return w, h


def _frames(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


def _speed(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not (math.isfinite(x) and 0.05 <= x <= 100):
        raise argparse.ArgumentTypeError(f"must be between 0.05 and 100, got {text}")
    return x


IMAGE_SUFFIXES = (".png", ".bmp", ".tga", ".jpg", ".jpeg")


def _screenshot(text: str) -> Path:
    """A path `--screenshot` can write: checked before the app starts, so a bad one is a clear
    message at once instead of an error after the last frame."""
    path = Path(text).expanduser()
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        raise argparse.ArgumentTypeError(
            f"{text}: the file name must end in one of {', '.join(IMAGE_SUFFIXES)}")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder; give a file name")
    if path.exists() and not os.access(path, os.W_OK):
        raise argparse.ArgumentTypeError(f"{text}: no permission to overwrite it")
    folder = path.absolute().parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent  # the folders that do not exist yet are made when saving
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"{text}: {folder} is a file, not a folder")
    try:  # a real file, not os.access: that says yes to root even on a read-only disk
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise argparse.ArgumentTypeError(
            f"{text}: cannot write in {folder}: {exc.strerror or exc}") from None
    return path


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", choices=("zh-TW", "zh-CN"), help="interface language")
    p.add_argument("--frames", type=_frames, help="quit after N frames (tests, screenshots)")
    p.add_argument("--screenshot", type=_screenshot, help="save the last frame as PNG")
    p.add_argument("--seed", type=int, help="seed for the sample or demo match")
    p.add_argument("--windowed", action="store_true", help="ignore the fullscreen setting")
    p.add_argument("--size", type=_window_size, metavar="WxH",
                   help="open the window at this size in pixels (e.g. 2560x1440: everything is "
                        "drawn at that resolution)")
    p.add_argument("--print-first-frame", action="store_true",
                   help="print 'first-frame <epoch seconds>' when the first frame is drawn "
                        "(start-up timing in scripts/smoke_package.py)")


def check_demo(p: argparse.ArgumentParser, ns: argparse.Namespace) -> None:
    """`demo`: a known game and a player count it allows, before anything is built (argparse
    errors exit 2 with the usage line)."""
    from cardtable.games import REGISTRY
    spec = REGISTRY.get(ns.game)
    if spec is None:
        p.error(f"unknown game {ns.game!r}; valid: {', '.join(sorted(REGISTRY))}")
    if not spec.min_players <= ns.players <= spec.max_players:
        p.error(f"{ns.game} takes {spec.min_players}-{spec.max_players} players, "
                f"not {ns.players}")


def parse(argv: list[str]) -> argparse.Namespace:
    if argv and argv[0] == "demo":
        p = argparse.ArgumentParser(prog="cardtable demo", description="AI against AI")
        p.add_argument("--game", default="cirno")
        p.add_argument("--players", type=int, default=4)
        p.add_argument("--speed", type=_speed, default=1.0)
        p.add_argument("--show-all", action="store_true", help="start with every hand shown")
        _common(p)
        ns = p.parse_args(argv[1:])
        check_demo(p, ns)
        ns.command = "demo"
        ns.scene = None
        return ns
    if argv and argv[0] == "replay":
        p = argparse.ArgumentParser(prog="cardtable replay", description="watch a recorded game")
        p.add_argument("file", type=Path)
        p.add_argument("--paused", action="store_true", help="start paused")
        _common(p)
        ns = p.parse_args(argv[1:])
        ns.command = "replay"
        ns.scene = None
        return ns
    if argv and argv[0] == "scorepad":
        p = argparse.ArgumentParser(prog="cardtable scorepad",
                                    description="the Wizard score pad, for games with real cards")
        _common(p)
        ns = p.parse_args(argv[1:])
        ns.command = "scorepad"
        ns.scene = None
        return ns
    p = argparse.ArgumentParser(prog="cardtable", description="the cardtable desktop app")
    p.add_argument("--scene", choices=ALL_SCENES,
                   help="open a scene directly, with sample data")
    p.add_argument("--server", metavar="URL",
                   help="online play (連線對戰) uses this table server (ws://host:port) "
                        "instead of one hosted in the app")
    _common(p)
    ns = p.parse_args(argv)
    ns.command = "app"
    return ns


class QuietFileHandler(logging.FileHandler):
    """A log file that, once it cannot be written (a full disk), says so in ONE line on
    stderr and stops, instead of a "--- Logging error ---" traceback for every record."""

    failed = False

    def emit(self, record: logging.LogRecord) -> None:
        if not self.failed:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        if self.failed:
            return
        self.failed = True
        exc = sys.exc_info()[1]
        if sys.stderr is not None:  # None in a windowed Windows build
            try:
                sys.stderr.write(f"cardtable: cannot write the log file {self.baseFilename} "
                                 f"({exc}); logging to it stops\n")
            except (OSError, ValueError):
                pass


LOG_FILE = "cardtable.log"


def log_file_path(folder: Path) -> Path:
    """`cardtable.log` for the first running copy; another copy running at the same time (the
    app and `cardtable scorepad`) writes `cardtable-<pid>.log` instead of mixing into it."""
    from cardtable import persist
    main = folder / LOG_FILE
    if persist.claim(main):
        return main
    return folder / f"cardtable-{os.getpid()}.log"


def setup_logging() -> Path | None:
    try:
        path = log_file_path(paths.user_log_dir())
        handler: logging.Handler = QuietFileHandler(path, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    for h in root.handlers:  # the console stays quiet below WARNING
        if h.level == logging.NOTSET:
            h.setLevel(logging.WARNING)
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.INFO:
        root.setLevel(logging.INFO)
    return path


def log_resources(app: Any) -> None:
    """One line in the log naming where the texts and fonts came from and the title as the
    person reads it (an install that lost its resources shows up here at once)."""
    from cardtable import i18n
    font, index = i18n.font_spec(app.settings.language)
    log.info("resources %s; locale %s; font %s (%s, face %d); title %r", paths.resource_root(),
             app.settings.language, font, "found" if font.is_file() else "MISSING", index,
             i18n.tr("app.title"))


def make_app(lang: str | None = None, windowed: bool = False, window: bool = True) -> Any:
    import sys

    from cardtable import persist
    from cardtable.ui.app import App
    sys.setswitchinterval(0.001)  # an AI thinking on its thread must not hold the GIL for long
    settings, notice = persist.load_settings()
    overrides: dict[str, object] = {}  # for this run only, never saved (App.overrides)
    if lang:
        overrides["language"] = lang
    if windowed or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        overrides["fullscreen"] = False
    app = App(settings, [notice] if notice else [], window=window, overrides=overrides)
    from cardtable.ui.ai_worker import AIWorker
    app.ai = AIWorker()
    return app


def start_demo(app: Any, game: str, players: int, seed: int | None, speed: float | None = None
               ) -> Any:
    from cardtable.core.match import Seat
    from cardtable.host.local import local_game, new_match
    from cardtable.ui.tables import table_class
    levels = ["hard", "normal", "easy", "normal", "hard", "easy", "normal", "easy"]
    seats = [Seat(kind="ai", name="", agent=levels[i % len(levels)]) for i in range(players)]
    link = local_game(new_match(game, players, {}, seats, seed), worker=app.ai,
                      autosave=False, archive_finished=False)
    if speed is not None:
        app.speed_factor = speed
    return app.push(table_class(game)(app, link, demo=True))


def _print_first_frame(app: Any) -> None:
    """`--print-first-frame`: once the first frame is built, write its wall-clock time to stdout."""
    import sys
    import time
    chained = app.on_frame

    def hook(a: Any) -> None:
        a.on_frame = chained
        if chained is not None:
            chained(a)
        if sys.stdout is not None:  # None in a windowed Windows build
            sys.stdout.write(f"first-frame {time.time():.6f}\n")
            sys.stdout.flush()

    app.on_frame = hook


def main(argv: list[str] | None = None) -> int:
    from cardtable import persist
    from cardtable.ui.app import ScreenshotError
    ns = parse(list(argv or []))
    setup_logging()
    persist.clean_stale_temps()
    app = make_app(ns.lang, ns.windowed)
    log_resources(app)
    if ns.size:
        app.resize_window(ns.size)
    app.net_server = getattr(ns, "server", None)
    try:
        from cardtable.ui.scenes.title import TitleScene
        app.push(TitleScene(app))
        if ns.command == "demo":
            table = start_demo(app, ns.game, ns.players, ns.seed, ns.speed)
            if ns.show_all:
                table.toggle_show_all()
        elif ns.command == "replay":
            from cardtable.ui.scenes.replay import open_replay
            scene, message = open_replay(app, ns.file, playing=not ns.paused)
            if scene is None:
                sys.stderr.write(f"cardtable replay: error: {ns.file}: {message}\n")
                return 2
        elif ns.command == "scorepad":
            from cardtable.ui.scenes.scorepad import open_scorepad
            open_scorepad(app)
        elif ns.scene and ns.scene != "title":
            open_scene(app, ns.scene, ns.seed)
        if ns.print_first_frame:
            _print_first_frame(app)
        try:
            return app.run(ns.frames, ns.screenshot)
        except ScreenshotError as exc:
            sys.stderr.write(f"cardtable: error: {exc}\n")
            return 1
    finally:
        app.ai.shutdown()
        import pygame
        pygame.quit()
