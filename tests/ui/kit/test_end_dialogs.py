"""Every round, deal and game dialog of every game (issue 17): Esc opens the game menu and never
advances; the dialog can be put aside to look at the final table, and brought back."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from cardtable.core.events import ROUND_ENDED
from cardtable.core.match import Match, Seat
from cardtable.games import GAME_IDS, get_spec, registration
from cardtable.i18n import tr
from cardtable.ui.autoplay import Player, click, key
from cardtable.ui.scenes.pause import PauseScene
from cardtable.ui.scenes.results import ResultsScene
from tests.hosting import table_for

# the table size the UI suites play, from each game's registration
PLAYERS = {g: registration(g).coverage.table_players for g in GAME_IDS}


def _until_dialog(app, player: Player, final: bool, frames: int = 20000) -> ResultsScene:
    for _ in range(frames):
        top = app.stack.top
        if isinstance(top, ResultsScene) and top.final == final:
            if top.age > 0.05:
                return top  # (the player would continue at once: the dialog is left alone)
        elif isinstance(top, ResultsScene):
            key(app, pygame.K_RETURN) if top.age > 0.2 else None
        else:
            player.act(app)
        app.step(1 / 60)
        if app.future_pending():
            time.sleep(0.002)
    raise AssertionError("no dialog came up")


def _check(app, dialog: ResultsScene) -> None:
    stack = list(app.stack.scenes)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene), "Esc opens the menu"
    assert app.stack.scenes[:-1] == stack, "and the dialog is still there, not advanced"
    app.pop(app.stack.top)
    assert app.stack.top is dialog
    drawn = []
    real = type(dialog).draw_dialog
    type(dialog).draw_dialog = lambda self, surf: (drawn.append(1), real(self, surf))[1]
    try:
        key(app, pygame.K_v)
        assert dialog.aside
        app.step(1 / 60)
        assert not drawn, "put aside: the dialog is not drawn, the table is seen"
        click(app, (100, 100))  # a click on the table does nothing while looking
        assert app.stack.top is dialog and dialog.aside
        click(app, dialog.back_rect().center)
        assert not dialog.aside
        app.step(1 / 60)
        assert drawn, "brought back"
        if dialog.LOOK_BUTTON:  # the 看牌桌 button does the same as V
            click(app, dialog.look_rect().center)
        else:  # the dialog's own 看牌桌 button, in its row
            look = next(w for w in dialog.menu.widgets if w.label() == tr("ui.wizard.dialog.aside"))
            click(app, look.rect.center)
        assert dialog.aside
        key(app, pygame.K_RETURN)
        assert not dialog.aside and app.stack.top is dialog
    finally:
        type(dialog).draw_dialog = real


def _before(game: str, seed: int, kinds: tuple[str, ...], *, final: bool, left: int) -> Match:
    """A match `left` actions before the first round end (or the game's end) of a random game
    with this seed; seat 0 a person, the others computers."""
    seats = [Seat(kind="human", name="人")] + [Seat(kind="ai", agent="easy")
                                                 for _ in kinds[1:]]
    probe = Match(get_spec(game), seed, len(kinds), {}, seats)
    rng = random.Random(seed)
    stop = None
    while not probe.state.is_terminal():
        before = len(probe.log)
        probe.submit(rng.choice(probe.state.legal_actions()))
        ended = any(e.kind == ROUND_ENDED for e in probe.log[before:])
        if not final and ended and not probe.state.is_terminal():
            stop = len(probe.history)
            break
    if stop is None:
        assert final, "no round ended before the game did"
        stop = len(probe.history)
    return probe.truncated(max(0, stop - left))


# Tanto Cuore is one long game: it has no round dialog, only the game's
CASES = [(g, final) for g in sorted(PLAYERS) for final in (False, True)
         if final or g != "tanto_cuore"]


@pytest.mark.parametrize(("game", "final"), CASES)
def test_round_and_game_dialogs(app, game, final):
    kinds = ("human",) + ("easy",) * (PLAYERS[game] - 1)
    match = _before(game, 4, kinds, final=final, left=3)
    app.push(table_for(app, match=match, autosave=False))
    app.speed_factor = 50
    _check(app, _until_dialog(app, Player(2), final=final))


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_putting_the_dialog_aside_clears_an_announcement_left_on_the_table(app, game):
    """The table stands still under a dialog: a banner that was still up when the game's end
    dialog came stayed over the final board when the dialog was put aside."""
    match = _before(game, 4, ("human",) + ("easy",) * (PLAYERS[game] - 1), final=True,
                    left=0)
    table = app.push(table_for(app, match=match, autosave=False))
    table._finished_shown = True
    dialog = app.push(table.results_scene())
    table.banner = ("遊戲結束！", 2.0, (200, 60, 60))
    app.step(1 / 60)
    key(app, pygame.K_v)
    assert dialog.aside and table.banner is None


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_final_boards_keys_line_says_what_the_keys_do_now(app, game):
    """Under a finished game's dialog put aside, the keys line said 「點選亮起的牌出牌；←→ 選牌、
    Enter 確定」 although nothing can be played; it now names the keys `ResultsScene` answers
    then: V looks at the table, Enter brings the results back, Esc opens the menu."""
    from tests.ui.text_spy import drawn_text
    match = _before(game, 4, ("human",) + ("easy",) * (PLAYERS[game] - 1), final=True,
                    left=0)
    table = app.push(table_for(app, match=match, autosave=False))
    table._finished_shown = True
    dialog = app.push(table.results_scene())
    app.step(1 / 60)
    key(app, pygame.K_v)
    table._panel_sig = None  # the side panel is drawn again
    app.stack.invalidate()  # (the scenes under a dialog are a cached picture)
    with drawn_text(app) as drawn:
        app.step(1 / 60)
    texts = "".join(d.text for d in drawn).replace(" ", "")  # the line is wrapped
    assert tr("ui.table.keys_over").replace(" ", "") in texts
    assert tr("ui.table.keys_no_hint")[:6] not in texts and dialog.aside
