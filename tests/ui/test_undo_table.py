"""悔棋 at the table (UNDO-1..3): the button and Ctrl+Z follow the rule, and say why in each
game's own words when they cannot; a lesson offers no undo and a refused move changes nothing."""

from __future__ import annotations

import random

import pygame
import pytest

from cardtable.core.events import ROUND_STARTED
from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.history.undo import undo_points, why_not
from cardtable.i18n import has_key, tr
from cardtable.ui.autoplay import click, frames, key, run_until
from cardtable.ui.tables.table_scene import TableScene
from tests.hosting import match_of, table_for

NAMES = ("小櫻", "阿哲", "美玲")


def _seats(n: int, humans: tuple[int, ...] = (0,)) -> list[Seat]:
    return [Seat(kind="human", name=NAMES[i % 3]) if i in humans
            else Seat(kind="ai", name=NAMES[i % 3], agent="easy") for i in range(n)]


def _undo_button(table):
    return next(b for b in table.buttons if b.label() == tr("history.undo"))


def test_cirno_undo_after_the_computers_cards_showed(app, monkeypatch) -> None:  # UNDO-1
    """Play test: 悔棋 closed as soon as the first computer card showed. The person plays, both
    computers play their cards face up, and 悔棋 still takes the person's card back (with the
    computers' cards)."""
    from cardtable.games.cirno.cards import NUMBER_CARDS, apply_number
    monkeypatch.setattr(TableScene, "AI_MIN_THINK", 0.0)
    match = Match(get_spec("cirno"), 21, 3, {}, _seats(3))
    table = app.push(table_for(app, match=match, autosave=False))
    app.speed_factor = 50
    run_until(app, None, 4000, lambda a: table.human_turn())
    state = match_of(table).state
    safe = [a for a in state.legal_actions() if a.kind == "play" and (
        a.card not in NUMBER_CARDS or apply_number(a.card, state.total) <= state.limit - 4)]
    mine = len(match_of(table).history)
    view_before = match_of(table).state.view(0)
    table.submit(safe[0] if safe else state.legal_actions()[0])
    run_until(app, None, 4000, lambda a: table.human_turn() and not table.director.busy)
    if any(e.kind == ROUND_STARTED for e in match_of(table).log[match_of(table).marks[mine]:]):
        pytest.skip("the round ended before the person's turn came back")
    assert len(match_of(table).history) >= mine + 3  # both computers played since
    button = _undo_button(table)
    assert table.can_undo() and button.enabled and button.sublabel() == ""
    assert undo_points(match_of(table), 0)[0] == mine
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(match_of(table).history) == mine
    assert match_of(table).state.view(0) == view_before
    assert table.banner is not None and table.banner[0].startswith(tr("history.undo"))


def _after_a_new_round(game: str, n: int, seed: int) -> Match:
    """A match (one person, computers) just after a new round or deal began, at the person's
    first decision of it."""
    for s in range(seed, seed + 40):
        match = Match(get_spec(game), s, n, {}, _seats(n))
        rng = random.Random(s)
        while not match.state.is_terminal() and len(match.history) < 4000:
            starts = [i for i in range(len(match.history))
                      if any(e.kind == ROUND_STARTED for e in match.action_events(i))]
            if starts and match.state.current_player() == 0 and 0 in match.actors[:starts[-1]] \
                    and 0 not in match.actors[starts[-1] + 1:]:
                return match
            match.submit(rng.choice(match.state.legal_actions()))
    raise AssertionError(f"{game}: no such position")


@pytest.mark.parametrize(("game", "n", "word"), [("cirno", 3, "局"), ("eight_half", 3, "局"),
                                                 ("wizard", 3, "輪")])
def test_the_button_says_a_new_round_began_in_the_games_words(app, game, n, word) -> None:
    # UNDO-1: the person's moves of the last round are out of reach
    match = _after_a_new_round(game, n, 3)
    assert why_not(match, 0) == "round"
    table = app.push(table_for(app, match=match, autosave=False))
    frames(app, 2)
    button = _undo_button(table)
    assert not button.enabled
    said = button.sublabel()
    assert said and word in said and "history.undo" not in said
    n_before = len(match_of(table).history)
    click(app, button.rect.center)
    assert len(match_of(table).history) == n_before
    assert table.banner is not None and word in table.banner[0]
    if game == "wizard":
        assert said == tr("history.undo.why.round.wizard")


def test_tanto_cuore_says_the_previous_turn_is_the_limit(app) -> None:  # UNDO-1
    """Pressed again and again, 悔棋 walks back through the person's turn and the one before
    it, then stops (the turn before that stays played) and says why."""
    from cardtable.history.undo import undo_to
    match = Match(get_spec("tanto_cuore"), 4, 2, {}, _seats(2))
    rng = random.Random(4)
    while not (len(match.history) > 40 and match.state.current_player() == 0
               and match.actors[-1] == 0):
        match.submit(rng.choice(match.state.legal_actions()))
    turn_starts = [i for i in range(len(match.history)) if any(
        e.kind == "turn_started" and e.data.get("player") == 0
        for e in match.action_events(i))]
    previous = turn_starts[-2]  # the action that began the person's previous turn
    first = next(i for i in range(previous + 1, len(match.history)) if match.actors[i] == 0)
    mine = [i for i in range(previous + 1, len(match.history)) if match.actors[i] == 0]
    presses = 0
    while undo_points(match, 0):
        match = undo_to(match, undo_points(match, 0)[0], 0)
        presses += 1
    # one press per decision of the two turns, back to the first decision of the previous turn
    assert presses == len(mine) and len(match.history) == first
    assert why_not(match, 0) == "turn"
    table = app.push(table_for(app, match=match, autosave=False))
    frames(app, 2)
    assert _undo_button(table).sublabel() == tr("history.undo.why.turn")


@pytest.mark.parametrize("reason", ["round", "round_over", "turn", "other", "drawn", "random", "revealed",
                                    "secret", "none", "over", "wait"])
@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
def test_every_undo_reason_has_its_words(reason: str, locale: str) -> None:
    from cardtable import i18n
    catalog = i18n.load_catalog(locale)
    assert catalog.get(f"history.undo.why.{reason}") and catalog.get(
        f"history.undo.banner.{reason}")
    for game in ("eight_half", "wizard"):
        if reason in ("round", "round_over"):
            why = f"history.undo.why.{reason}.{game}"
            assert catalog.get(why) or (game == "eight_half" and reason == "round_over")
            assert catalog.get(f"history.undo.banner.{reason}.{game}")
    assert has_key("history.undo.why.round")


def test_hot_seat_a_computers_move_closes_the_window(app, monkeypatch) -> None:  # UNDO-2
    """Two people at one screen and a computer: once the computer has moved after the
    person's bid, the bid is closed ("someone else moved")."""
    match = Match(get_spec("wizard"), 9, 3, {}, _seats(3, humans=(0, 1)))
    rng = random.Random(9)
    while True:
        state = match.state
        if match.actors and match.actors[-1] == 2 and 0 in match.actors and \
                match.actors[-2] == 0:
            break
        match.submit(rng.choice(state.legal_actions()))
        assert len(match.history) < 500
    assert undo_points(match, 0) == [] and why_not(match, 0) == "other"


# ---------------------------------------------------------------- UNDO-3: lessons
@pytest.mark.parametrize("game", ["cirno", "eight_half", "tanto_cuore", "wizard"])
def test_a_lesson_offers_no_undo_and_a_refused_move_changes_nothing(app, game) -> None:
    # UNDO-3
    from cardtable.coach.lesson import Do, lessons_for
    from cardtable.host.lesson import LessonRunner
    from cardtable.ui.scenes.lesson import start_lesson
    lesson = lessons_for(game)[0]
    runner = LessonRunner(lesson)  # the first learner step with a wrong move to try
    while not (isinstance(runner.step, Do) and any(
            a not in runner.step.right for a in runner.state.legal_actions())):
        step = runner.step
        if isinstance(step, Do):
            runner.attempt(step.instructed)
        else:
            runner.advance()
    scene = start_lesson(app, lesson, at_step=runner.index)
    scene.intro_open = False
    table = scene.table
    frames(app, 3)
    assert not [b for b in table.buttons if b.label() == tr("history.undo")]  # not offered
    assert not table.can_undo()
    step = scene.runner.step
    assert isinstance(step, Do)
    history = list(match_of(table).history)
    views = [match_of(table).state.view(s) for s in range(match_of(table).num_players)]
    wrong = next(a for a in match_of(table).state.legal_actions() if a not in step.right)
    table.submit(wrong)
    frames(app, 2)
    assert match_of(table).history == history  # refused: the state is as it was
    assert [match_of(table).state.view(s) for s in range(match_of(table).num_players)] == views
    assert scene.runner.step is step and scene.why is not None
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # and Ctrl+Z takes nothing back
    frames(app, 1)
    assert match_of(table).history == history


def _why(table: TableScene, reason: str) -> str:
    own = f"history.undo.why.{reason}.{table.info.game_id}"
    return tr(own if has_key(own) else f"history.undo.why.{reason}")


@pytest.mark.parametrize(("game", "n"), [("cirno", 3), ("eight_half", 2), ("wizard", 3)])
def test_on_the_round_dialog_the_button_says_the_round_is_over(app, monkeypatch, game, n):
    """Play test (issue 33): on the round's dialog, over the round that just ended, the greyed
    悔棋 said 「新的一局已開始」 although nothing of the next round was on the table yet. It says
    the round is over there, and that a new one began once its deal is shown."""
    from cardtable.ui.autoplay import Player
    from cardtable.ui.scenes.curtain import CurtainScene
    monkeypatch.setattr(TableScene, "AI_MIN_THINK", 0.0)
    match = Match(get_spec(game), 5, n, {}, _seats(n))
    table = app.push(table_for(app, match=match, autosave=False))
    app.speed_factor = 50
    run_until(app, Player(3), 40000, lambda a: a.stack.top is not table)
    dialog = app.stack.top
    assert dialog is not table and not isinstance(dialog, CurtainScene)
    host_says = table.latest[0].undo
    assert host_says is not None and host_says.reason == "round"  # the host is in the next one
    assert any(e.kind == ROUND_STARTED for e in table.director.queue)  # not shown yet
    said = _undo_button(table).sublabel()
    assert said == _why(table, "round_over") and said != _why(table, "round")
    key(app, pygame.K_RETURN)  # closes the dialog: the next round is dealt
    run_until(app, None, 6000, lambda a: a.stack.top is table and not table.director.busy)
    assert not any(e.kind == ROUND_STARTED for e in table.director.queue)
    assert _undo_button(table).sublabel() == _why(table, "round")


@pytest.mark.parametrize(("game", "n"), [("cirno", 3), ("eight_half", 2)])
def test_hot_seat_the_button_says_why_after_ones_own_card(app, monkeypatch, game, n):
    """Play test (issue 33): hot-seat, right after one's own card the screen is nobody's and
    the greyed 悔棋 said 「等輪到你」, though the real reason was that the card drawn after it
    (or what else came up) closed the window (UNDO-2). It names that reason."""
    from cardtable.ui.autoplay import Player
    monkeypatch.setattr(TableScene, "AI_MIN_THINK", 0.0)
    match = Match(get_spec(game), 7, n, {}, _seats(n, humans=(0, 1)))
    table = app.push(table_for(app, match=match, autosave=False))
    app.speed_factor = 50

    def closed_after_a_persons_move(a: object) -> bool:
        if table.viewer is not None or not match_of(table).actors:
            return False
        last = match_of(table).actors[-1]
        u = table.latest.get(last)
        return (last in (0, 1) and table.policy.anchor == last and u is not None
                and u.undo is not None and not u.undo.can and u.undo.reason != "none")
    run_until(app, Player(2), 20000, closed_after_a_persons_move)
    assert closed_after_a_persons_move(app)
    reason = table.latest[table.policy.anchor].undo.reason
    said = _undo_button(table).sublabel()
    assert said == _why(table, reason) and said != _why(table, "wait")
