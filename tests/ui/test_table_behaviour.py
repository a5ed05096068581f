"""Table behaviour: the animator follows events and reconciles with the view, skipping works,
only legal actions are offered, demo pause/step/show-all, AI off the frame loop, error screen."""

from __future__ import annotations

import pygame

from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.ui.autoplay import click, frames, key
from cardtable.ui.launch import start_demo
from cardtable.ui.samples import open_sample
from tests.hosting import host_of, match_of, table_for


def test_animator_then_reconcile_with_view(app):
    table = open_sample(app, "table")
    frames(app, 2)
    legal = match_of(table).state.legal_actions()
    table.submit(legal[0])
    assert table.director.busy
    frames(app, 2)
    assert table.director.flights, "a card should be flying"
    table.skip()  # click/space: everything lands at once
    assert not table.director.busy and not table.director.flights
    assert table.zones == table.zones_from_view(match_of(table).state.view(table.eff_viewer))


def test_click_on_space_skips_animation(app):
    table = open_sample(app, "table")
    frames(app, 2)
    table.submit(match_of(table).state.legal_actions()[0])
    key(app, pygame.K_SPACE)
    assert not table.director.busy


def test_space_never_plays_a_card(app):
    """Space skips animations only: on the player's turn with nothing moving it plays nothing
    (a play test: Space, which also lifts the hot-seat curtain, played the focused card)."""
    table = open_sample(app, "table")
    frames(app, 2)
    table.skip()
    assert table.human_turn() and table.current_hits()
    n = len(match_of(table).history)
    key(app, pygame.K_SPACE)
    assert len(match_of(table).history) == n
    key(app, pygame.K_RETURN)  # Enter still plays the focused card
    assert len(match_of(table).history) == n + 1


def test_hits_are_exactly_the_legal_actions(app):
    table = open_sample(app, "table")
    frames(app, 2)
    offered = {a for h in table.current_hits() for a in h.actions}
    assert offered == set(match_of(table).state.legal_actions())


def test_shot_needs_a_clicked_target(app):
    """SHOT is chosen by clicking the card, then a player's seat."""
    spec = get_spec("cirno")
    seats = [Seat(kind="human", name="甲")] + [Seat(kind="ai", name=n, agent="easy")
                                               for n in "乙丙"]
    for seed in range(200):
        match = Match(spec, seed, 3, {}, seats)
        legal = match.state.legal_actions()
        if match.state.current_player() == 0 and any(a.card == "SHOT" for a in legal):
            break
    else:
        raise AssertionError("no seed with SHOT in the first hand")
    table = app.push(table_for(app, match=match, autosave=False))
    frames(app, 2)
    assert table.director.busy and not table.current_hits()  # the opening deal is animating
    table.skip()
    hand = table.zones["hand:0"]
    shot = next(h for h in table.current_hits() if h.key == f"hand:{hand.index('SHOT')}")
    click(app, shot.rect.center)
    assert table.selected == shot.key and table.selected_face() == "SHOT"
    assert len(match.history) == 0
    targets = [h for h in table.current_hits() if h.key.startswith("target:")]
    assert {h.actions[0].target for h in targets} == {1, 2}
    click(app, targets[-1].rect.center)
    assert match.history[-1].card == "SHOT" and match.history[-1].target == targets[-1].actions[
        0].target


def test_demo_pause_step_and_show_all(app):
    table = start_demo(app, "cirno", 4, 3, 8.0)
    table.toggle_pause()
    for _ in range(120):
        app.step(1 / 60)
    assert len(match_of(table).history) == 0
    table.step()
    for _ in range(600):
        app.step(1 / 60)
        if match_of(table).history:
            break
    frames(app, 60)
    assert len(match_of(table).history) == 1
    assert table.eff_viewer is None
    key(app, pygame.K_a)
    assert table.eff_viewer == -1
    assert all(x is not None for x in table.zones["hand:1"])


def test_ai_thinks_off_the_frame_loop(app):
    """While an agent is thinking, frames keep running (the frame loop never waits on it)."""
    import threading
    gate = threading.Event()

    class SlowAgent:
        name = "slow"

        def choose(self, view, legal, rng):
            gate.wait(5)
            return legal[0]
    table = start_demo(app, "cirno", 2, 1, 8.0)
    for computer in host_of(table).controllers:  # the host's computers think slowly
        computer.agent = SlowAgent()
    for _ in range(200):
        app.step(1 / 60)  # would hang here if the agent ran on the frame loop
    assert app.future_pending() and not match_of(table).history
    gate.set()
    for _ in range(200):
        app.step(1 / 60)
        if match_of(table).history:
            break
    assert match_of(table).history


def test_uncaught_exception_shows_error_screen_and_logs(app, home):
    from cardtable.ui.launch import setup_logging
    from cardtable.ui.scenes.error import ErrorScene
    setup_logging()
    app.raise_errors = False
    table = open_sample(app, "table")

    def boom(dt):
        raise RuntimeError("kaboom for the test")
    table.update = boom
    frames(app, 2)
    assert isinstance(app.stack.top, ErrorScene)
    log_text = (home / "logs" / "cardtable.log").read_text(encoding="utf-8")
    assert "kaboom for the test" in log_text
    key(app, pygame.K_RETURN)  # back to the title
    assert app.stack.top.name == "title"
    import logging
    root = logging.getLogger()
    for h in list(root.handlers):
        if isinstance(h, logging.FileHandler) and str(home) in h.baseFilename:
            root.removeHandler(h)
            h.close()
