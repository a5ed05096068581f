"""Every scene opens and runs headless; the command line's --frames/--screenshot/--scene work."""

from __future__ import annotations

import pygame
import pytest

from cardtable.ui.autoplay import frames
from cardtable.ui.launch import SCENES, main
from cardtable.ui.samples import open_sample


@pytest.mark.parametrize("name", [s for s in SCENES if s != "title"])
def test_scene_runs_headless(app, name):
    open_sample(app, name)
    frames(app, 20)
    assert app.stack.top is not None
    assert app.canvas.get_size() == (1280, 720)


def test_cli_scene_screenshot(home, tmp_path):
    out = tmp_path / "shot.png"
    assert main(["--scene", "settings", "--frames", "3", "--screenshot", str(out)]) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)


def test_cli_demo_runs(home, tmp_path):
    out = tmp_path / "demo.png"
    assert main(["demo", "--game", "cirno", "--players", "4", "--seed", "3", "--speed", "4",
                 "--frames", "120", "--screenshot", str(out)]) == 0
    assert out.exists()


def test_window_scaling_maps_mouse_back(app):
    app.window = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    assert app.to_logical((960, 540)) == (640, 360)
    app.window = pygame.display.set_mode((1280, 1000), pygame.RESIZABLE)  # letterboxed
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 1000), w=1280, h=1000))
    box = app.letterbox()
    assert box.w == 1280 and box.y > 0
    assert app.to_logical((0, box.y)) == (0, 0)


def test_escape_on_table_opens_pause(app):
    from cardtable.ui.autoplay import key
    from cardtable.ui.scenes.pause import PauseScene
    open_sample(app, "table")
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "table"


def test_results_ranks_follow_the_standings_and_share_places():
    """The results list is the game's standing (a Cirno sudden death's winner first, however
    many companion cards the others hold), and equals share a place: 1, 1, 3 (a play test
    found 1, 2, 3, 4 for two pairs of equals, and a drop-out listed above the winner)."""
    from cardtable.ui.scenes.results import ranked

    class Standings:
        def standings(self):
            return [[2], [0, 3], [1]]

    assert ranked(Standings().standings, [1.0, 1.0, 1.0, 1.0]) == [
        (1, 2), (2, 0), (2, 3), (4, 1)]
    assert ranked([[2], [0, 3], [1]], [1.0] * 4) == [(1, 2), (2, 0), (2, 3), (4, 1)]
    # no standings: fewest points first, equals together
    assert ranked(None, [1.0, 0.0, 1.0, 0.0]) == [(1, 1), (1, 3), (3, 0), (3, 2)]
