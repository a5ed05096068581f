"""The 提示 button and H key at the table (issue 21): shown only on a person's own decision in a
game people play (against the computer; hot-seat after that person's curtain), never in a demo,
never for a computer's turn; computed on the AI thread from the acting person's view (the frame
loop never waits); a result that arrives after the decision changed is dropped; the hinted hits
get a ring and the reason a line clear of the table's protected rects; a setting turns it off;
statistics mark games in which a hint was used."""

from __future__ import annotations

import threading
import time
from typing import Any

import pygame
import pytest

from cardtable import persist
from cardtable.coach import hints as hints_module
from cardtable.coach.hints import Hint, move_msg
from cardtable.core.events import Msg
from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.ui.autoplay import frames, key
from cardtable.ui.launch import game_samples, open_scene, start_demo
from cardtable.ui.tables.kit import hint_view
from tests.history.helpers import metric_rows
from tests.hosting import match_of, table_for


def cirno_table(app: Any, kinds: tuple[str, ...] = ("human", "ai", "ai"), seed: int = 4
                ) -> Any:
    """A Cirno table at seat 0's first decision (AIs play easy)."""
    seats = [Seat(kind=k, name=f"p{i}", agent="easy" if k == "ai" else "")
             for i, k in enumerate(kinds)]
    for s in range(seed, seed + 100):
        match = Match(get_spec("cirno"), s, len(kinds), {}, seats)
        if match.state.current_player() == 0 and len(match.state.legal_actions()) > 1:
            break
    table = app.push(table_for(app, match=match, autosave=False))
    table.director.clear()
    table.snap()
    return table


class Gate:
    """`compute_hint` held until released, recording what it was given."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.open = threading.Event()
        self.calls: list[tuple[Any, ...]] = []

    def __call__(self, game_id: str, view: Any, legal: Any, seed: int) -> Any:
        self.calls.append((game_id, view, list(legal), seed))
        self.open.wait(10)
        return self.real(game_id, view, legal, seed)


def set_hint(table: Any, hint: Any) -> None:
    """Show `hint` as the one the viewer's decision has (or none): the update the host sent,
    with that hint in it."""
    import dataclasses
    v = table.eff_viewer
    table.latest[v] = dataclasses.replace(table.latest[v], hint=hint)
    table._layer_sig = None


def wait_for(app: Any, done: Any, limit: float = 30.0) -> None:
    end = time.monotonic() + limit
    while not done() and time.monotonic() < end:
        app.step(1 / 60)
        time.sleep(0.002)
    assert done()


def test_button_only_on_a_persons_own_decision(app):
    table = cirno_table(app)
    assert table.hint_allowed()
    assert table.hint_button in table.panel_buttons()
    # the person plays: the computer's turn has no hint button
    table.submit(match_of(table).state.legal_actions()[0])
    assert match_of(table).seats[match_of(table).state.current_player()].kind == "ai"
    assert not table.hint_allowed()
    assert table.hint_button not in table.panel_buttons()
    assert not table.request_hint() and not table.hint_pending()


def test_never_in_a_demo(app):
    table = start_demo(app, "cirno", 3, 2, 1.0)
    assert table.hint_button is None
    assert table.panel_buttons() == table.buttons
    key(app, pygame.K_h)
    assert not table.request_hint() and not table.hint_pending() and table.hint is None


def test_hotseat_only_for_the_acting_person_after_their_curtain(app):
    table = cirno_table(app, ("human", "human", "ai"))
    assert table.viewer is None  # before the curtain: the spectator's view
    assert not table.hint_allowed() and table.hint_button not in table.panel_buttons()
    table.policy.unlock(1)  # the other person's screen: not their decision
    assert not table.hint_allowed()
    table.policy.unlock(0)  # seat 0 lifted their curtain
    assert table.hint_allowed() and table.hint_button in table.panel_buttons()
    # their decision is over: the spectator's view again, no hint
    table.submit(match_of(table).state.legal_actions()[0])
    assert table.viewer is None and not table.hint_allowed()


def test_hint_off_the_frame_loop_from_the_view_only(app, monkeypatch):
    gate = Gate(hints_module.compute_hint)
    monkeypatch.setattr(hints_module, "compute_hint", gate)
    table = cirno_table(app)
    state = match_of(table).state
    p = state.current_player()
    frames(app, 2)
    key(app, pygame.K_h)  # H asks, like the button
    assert table.hint_pending()
    for _ in range(30):
        app.step(1 / 60)  # would hang here if the frame loop waited for the hint
    assert table.hint is None and table.hint_pending()
    assert not table.hint_button.enabled  # the button says it is thinking
    game_id, view, legal, _ = gate.calls[0]
    assert game_id == "cirno" and view == state.view(p) and view.viewer == p
    assert legal == state.legal_actions()
    gate.open.set()
    wait_for(app, lambda: table.hint is not None)
    hint = table.hint
    assert hint.action in state.legal_actions()
    assert match_of(table).assisted("hint", p)
    rings = table.hinted_hits()
    assert rings and all(hint.action in h.actions for h in rings)
    frames(app, 2)
    assert table.hint_rect_drawn is not None
    assert table.hint_rect_drawn.collidelist(table.protected_rects()) < 0
    assert table.hint_line().startswith("提示：")


def test_a_hint_that_arrives_after_the_decision_is_dropped(app, monkeypatch):
    gate = Gate(hints_module.compute_hint)
    monkeypatch.setattr(hints_module, "compute_hint", gate)
    table = cirno_table(app)
    assert table.request_hint()
    while not gate.calls:  # the AI thread took it up
        time.sleep(0.001)
    table.submit(match_of(table).state.legal_actions()[-1])  # the person played meanwhile
    gate.open.set()
    time.sleep(0.2)
    frames(app, 3)
    assert table.hint is None and not table.hint_pending()
    assert not match_of(table).assists


def test_the_setting_turns_hints_off(app, home):
    table = cirno_table(app)
    assert table.hint_allowed()
    app.update_settings(hints=False)
    assert not table.hint_allowed() and table.hint_button not in table.panel_buttons()
    key(app, pygame.K_h)
    assert not table.hint_pending() and table.hint_asked is None
    assert persist.load_settings()[0].hints is False  # kept for the next start
    from cardtable.ui.scenes.settings import SettingsScene
    scene = SettingsScene(app)
    assert any(getattr(w, "label", lambda: "")() == "提示按鈕" for w in scene.menu.widgets)


@pytest.mark.parametrize("used", [True, False])
def test_statistics_mark_games_with_hints(tmp_path, used):
    seats = [Seat(kind="human", name="甲"), Seat(kind="ai", name="乙", agent="easy")]
    match = Match(get_spec("cirno"), 3, 2, {}, seats)
    if used:
        match.note_assist("hint")
    assert metric_rows(match, tmp_path / "stats.sqlite3", "assist_hint") == [
        (0, 1.0 if used else 0.0)]


# every game's hint samples (its registration lists them, opened by cardtable.ui.hint_samples)
HINT_SCENES = [name for name, s in game_samples().items()
               if s.opener.startswith("cardtable.ui.hint_samples:")]


@pytest.mark.parametrize("name", HINT_SCENES)
def test_every_table_rings_the_hint_and_keeps_its_line_clear(app, name):
    open_scene(app, name)
    table = app.stack.top
    assert table.hint is not None and table.hint.action in match_of(table).state.legal_actions()
    frames(app, 3)
    assert table.hinted_hits(), "the hinted move is ringed on the table"
    assert table.hint_rect_drawn is not None
    assert table.hint_rect_drawn.collidelist(table.protected_rects()) < 0
    assert hint_view.HINT_BOUNDS.contains(table.hint_rect_drawn)


def test_a_choice_in_steps_rings_each_step(app):
    """SHOT at a seat is two clicks: the card is ringed first, then (once chosen) the seat the
    hint names, and no other seat."""
    from cardtable.coach.hints import Hint, move_msg
    from cardtable.core.events import Msg
    seats = [Seat(kind="human", name="甲")] + [Seat(kind="ai", name=n, agent="easy")
                                               for n in "乙丙"]
    for s in range(300):
        match = Match(get_spec("cirno"), s, 3, {}, seats)
        shots = [a for a in match.state.legal_actions() if a.card == "SHOT"]
        if match.state.current_player() == 0 and len(shots) == 2:
            break
    table = app.push(table_for(app, match=match, autosave=False))
    table.director.clear()
    table.snap()
    aim = shots[1]
    set_hint(table, Hint("cirno", aim, move_msg("cirno", aim), Msg("coach.hint.forced", {})))
    frames(app, 2)
    first = table.hinted_hits()
    assert [h.key for h in first] and all(h.key.startswith("hand:") for h in first)
    table.choose(first[0])  # the card: now the seats to aim at
    frames(app, 2)
    second = table.hinted_hits()
    assert [h.key for h in second] == [f"target:{aim.target}"]


def test_in_hot_seat_a_hint_marks_only_the_person_who_asked(app, tmp_path):
    """Two people at one screen: the one who asked for a hint has the game marked in the
    statistics, the other not (the mark was the whole table's)."""
    from cardtable.ui.scenes.curtain import CurtainScene
    table = cirno_table(app, ("human", "human", "ai"))
    frames(app, 3)
    for _ in range(20):
        if not isinstance(app.stack.top, CurtainScene):
            break
        key(app, pygame.K_SPACE)
        frames(app, 2)
    assert app.stack.top is table and table.hint_allowed()
    assert table.request_hint()
    wait_for(app, lambda: table.hint is not None)
    match = match_of(table)
    assert match.assisted("hint", 0) and not match.assisted("hint", 1)
    assert sorted(metric_rows(match, tmp_path / "stats.sqlite3", "assist_hint")) == [
        (0, 1.0), (1, 0.0)]


def test_a_hinted_town_piles_count_badge_stays_readable(app):
    """The hint's ring round a Tanto Cuore town pile ran across the pile's count badge on its
    corner: the badge is now drawn over the ring, so its pixels are those without a hint."""
    import pygame as pg

    from cardtable.ui import gfx
    from cardtable.ui.hint_samples import open_tanto_hint
    from cardtable.ui.tables.tanto_cuore_table import _count_badge
    table = open_tanto_hint(app, "tanto_hint")
    frames(app, 1)  # (the hits are the drawn frame's)
    piles = [h for h in table.hinted_hits() if h.key.startswith("town:")]
    assert piles, "the sample's hint is to employ from a town pile"
    r = table.town_slots[piles[0].key.partition(":")[2]]
    probe = gfx.Surface((1280, 720), pg.SRCALPHA)
    probe.fill((0, 0, 0, 0))
    _count_badge(probe, app.text, (r.right - 4, r.bottom), len(table.zones[piles[0].key]))
    badge = gfx.pixels(probe).get_bounding_rect().inflate(-10, -10)  # inside the round pill

    def shot() -> bytes:
        frames(app, 1)
        return pg.image.tobytes(gfx.pixels(app.canvas).subsurface(badge), "RGB")
    with_hint = shot()
    hint = table.hint
    set_hint(table, None)
    without = shot()
    set_hint(table, hint)
    assert with_hint == without


@pytest.mark.parametrize("way", ["host", "undo"])
def test_hint_after_undo_back_to_where_it_was_asked(app, monkeypatch, way):
    """Play test (issue 33): H, the hinted card played, the computers played, 悔棋 back to the
    same decision — 提示 stayed greyed 「想一想…」 and H did nothing until the next move (the
    table still held the hint asked for that decision's number, which the undo brought
    back). After the undo the button works and H brings the hint again."""
    from cardtable.core.events import ROUND_STARTED
    from cardtable.games.cirno.cards import NUMBER_CARDS, apply_number
    from cardtable.ui.autoplay import run_until
    from cardtable.ui.tables.table_scene import TableScene
    monkeypatch.setattr(TableScene, "AI_MIN_THINK", 0.0)
    asked: list[int] = []

    def safe(game_id: str, view: Any, legal: Any, seed: int) -> Any:
        asked.append(seed)
        pick = next((a for a in legal if a.kind == "play" and (
            a.card not in NUMBER_CARDS or apply_number(a.card, view.total) <= view.limit - 4)),
            legal[0])
        return Hint(game_id, pick, move_msg(game_id, pick), Msg("coach.hint.forced", {}))
    monkeypatch.setattr(hints_module, "compute_hint", safe)
    for seed in range(21, 60):
        match = Match(get_spec("cirno"), seed, 3, {}, [
            Seat(kind="human", name="p0"), Seat(kind="ai", name="p1", agent="easy"),
            Seat(kind="ai", name="p2", agent="easy")])
        table = app.push(table_for(app, match=match, autosave=False))
        app.speed_factor = 50
        run_until(app, None, 4000, lambda a, t=table: t.human_turn() and not t.director.busy)
        mine = len(match_of(table).history)
        key(app, pygame.K_h)
        wait_for(app, lambda t=table: t.hint is not None)
        key(app, pygame.K_RETURN)  # plays the hinted card
        assert len(match_of(table).history) == mine + 1
        run_until(app, None, 4000, lambda a, t=table: t.human_turn() and not t.director.busy)
        m = match_of(table)
        if not any(e.kind == ROUND_STARTED for e in m.log[m.marks[mine]:]) \
                and table.can_undo():
            break
        app.stack.scenes.remove(table)
    else:
        raise AssertionError("no game where the round went on after the hinted card")
    assert table.hint is None  # a hint of the new decision was not asked
    if way == "undo":
        key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    else:  # the host takes it back (as a network host would), the table gets its snapshot
        from tests.hosting import host_of
        assert host_of(table).undo(0).ok
        table.take_updates()
    frames(app, 2)
    assert len(match_of(table).history) == mine and table.seq == mine
    assert not table.hint_pending()
    assert table.hint_button.enabled and table.hint_button.sublabel() == ""
    calls = len(asked)
    key(app, pygame.K_h)
    wait_for(app, lambda: table.hint is not None)
    assert len(asked) == calls + 1  # the host was asked again
    assert table.hint.action in match_of(table).state.legal_actions()
