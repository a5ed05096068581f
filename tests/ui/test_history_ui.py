"""The game-history UI headless (issue 7): undo with Ctrl+Z and the button (only the viewer's own
open moves, never in AI-only games), the move-log panel and its read-only past table in the
viewer's own view, the replay scene (and `cardtable replay FILE --frames N`), refusing a bad
record with its message, the statistics scene with charts, and a game finished in the app
showing up in `cardtable stats --json`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from cardtable import persist
from cardtable.core.game import OMNISCIENT
from cardtable.core.match import Match, Seat
from cardtable.core.rng import GameRng
from cardtable.games import get_spec
from cardtable.history.movelog import state_at
from cardtable.history.records import open_record, save_finished
from cardtable.history.undo import undo_points
from cardtable.i18n import tr
from cardtable.samples.cirno import finished_match, sample_match
from cardtable.samples.records import sample_stats_report
from cardtable.ui import theme
from cardtable.ui.autoplay import Player, click, frames, key, run_until
from cardtable.ui.launch import start_demo
from cardtable.ui.scenes import stats as stats_scene
from cardtable.ui.scenes.movelog import MoveLogScene
from cardtable.ui.scenes.replay import (
    ReplayListScene,
    ReplayScene,
    open_replay,
)
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.tables.table_scene import TableScene
from tests.hosting import match_of, table_for
from tests.ui.text_spy import drawn_text

ROOT = Path(__file__).resolve().parents[2]


def _ctrl_z(app) -> None:
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)


def _wizard_at_human_bid(app, monkeypatch):
    """A 3-player Wizard game, human in seat 0, run until the human is to bid."""
    monkeypatch.setattr(TableScene, "AI_MIN_THINK", 0.0)
    seats = [Seat(kind="human", name="小櫻"), Seat(kind="ai", name="阿哲", agent="random"),
             Seat(kind="ai", name="美玲", agent="random")]
    match = Match(get_spec("wizard"), 5, 3, {}, seats)
    table = app.push(table_for(app, match=match))
    app.speed_factor = 50
    run_until(app, None, 3000, lambda a: table.human_turn())
    assert table.human_turn()
    return table


def test_undo_with_ctrl_z_takes_back_a_wizard_bid(app, monkeypatch):
    """Bidding reveals nothing and draws nothing: the human's bid can be taken back; the table
    and the autosave show the match as it was before the bid."""
    table = _wizard_at_human_bid(app, monkeypatch)
    before = len(match_of(table).history)
    view_before = match_of(table).state.view(0)
    assert not table.can_undo()  # nothing of ours to take back yet
    undo_button = next(b for b in table.buttons if b.label() == "悔棋")
    assert not undo_button.enabled
    bid = next(a for a in match_of(table).state.legal_actions() if a.kind == "bid")
    table.submit(bid)
    assert len(match_of(table).history) == before + 1
    assert table.can_undo() and undo_button.enabled
    assert undo_points(match_of(table), 0) == [before]
    _ctrl_z(app)
    assert len(match_of(table).history) == before
    assert match_of(table).state.view(0) == view_before
    assert table.v == view_before  # rebuilt from the truncated match (snap)
    assert not table.director.busy
    saved, _ = persist.load_autosave()
    assert saved is not None and len(saved.actions) == before
    assert table.human_turn()  # the human bids again
    # the button does the same
    table.submit(bid)
    click(app, undo_button.rect.center)
    assert len(match_of(table).history) == before


def test_hot_seat_undo_takes_back_only_your_own_moves(app, monkeypatch):
    """Two people at one device: after 小櫻 bids and the device passes to 阿哲, 阿哲 cannot take
    back 小櫻's bid (nor anything else); 小櫻's bid was hers to take back."""
    from cardtable.ui.scenes.curtain import CurtainScene
    monkeypatch.setattr(TableScene, "AI_MIN_THINK", 0.0)
    seats = [Seat(kind="human", name="小櫻"), Seat(kind="human", name="阿哲"),
             Seat(kind="ai", name="美玲", agent="random")]
    match = Match(get_spec("wizard"), 9, 3, {}, seats)
    table = app.push(table_for(app, match=match))
    app.speed_factor = 50

    def lift(a) -> None:
        top = a.stack.top
        if isinstance(top, CurtainScene) and top.t >= 0.25:
            key(a, pygame.K_SPACE)

    def until(pred) -> None:
        for _ in range(4000):
            lift(app)
            if pred():
                return
            app.step(1 / 60)
        raise AssertionError("timed out")

    def a_bids_next() -> bool:
        if table.human_turn() and table.viewer == 1:  # 阿哲 bids before 小櫻: let him
            table.submit(next(a for a in match_of(table).state.legal_actions() if a.kind == "bid"))
        return table.human_turn() and table.viewer == 0

    until(a_bids_next)
    bid = next(a for a in match_of(table).state.legal_actions() if a.kind == "bid")
    table.submit(bid)
    n = len(match_of(table).history)
    assert undo_points(match_of(table), 0) == [n - 1]
    until(lambda: table.human_turn() and table.viewer == 1)
    assert undo_points(match_of(table), 1) == [] and not table.can_undo()
    _ctrl_z(app)
    assert len(match_of(table).history) >= n  # 小櫻's bid stands


def test_undo_is_not_offered_in_an_ai_only_game(app):
    table = start_demo(app, "cirno", 4, 3, 8.0)
    frames(app, 30)
    assert table.undo_seat() is None and not table.can_undo()
    n = len(match_of(table).history)
    _ctrl_z(app)
    assert len(match_of(table).history) == n


def test_a_click_on_the_greyed_undo_says_why(app):
    """A play test found the greyed-out undo button read as broken: clicking it now says in a
    banner that there is nothing to take back (a draw or a turned card closes the window)."""
    from cardtable.i18n import tr
    match = sample_match(7, moves=14, humans=1)
    table = app.push(table_for(app, match=match, autosave=False))
    frames(app, 2)
    table.skip()
    frames(app, 1)
    assert not table.can_undo()
    undo = next(b for b in table.buttons if b.label() == tr("history.undo"))
    assert not undo.enabled
    n = len(match.history)
    # the greyed-out button says why in a word or two, and a click says it in a sentence
    reason = table.undo_reason()
    assert reason is not None and undo.sublabel() == tr(f"history.undo.why.{reason}")
    click(app, undo.rect.center)
    assert table.banner is not None and table.banner[0] == tr(f"history.undo.banner.{reason}")
    assert len(match_of(table).history) == n


def test_move_log_panel_opens_and_shows_a_past_table_in_the_viewers_view(app):
    match = sample_match(7, moves=14, humans=1)
    table = app.push(table_for(app, match=match, autosave=False))
    frames(app, 2)
    table.skip()
    key(app, pygame.K_l)
    panel = app.stack.top
    assert isinstance(panel, MoveLogScene)
    assert panel.viewer == 0 and len(panel.lines) == len(panel.entries) > 5
    assert not any("你" in line for line in panel.lines)  # names, never "you"
    assert any("小櫻" in line for line in panel.lines)
    frames(app, 1)  # draw: rows get their rectangles
    step_rows = [(r, i) for r, i in panel.rows if panel.entries[i].step is not None]
    rect, index = step_rows[len(step_rows) // 2]
    click(app, rect.center)
    past = panel.past
    assert past is not None and past.read_only
    n = panel.entries[index].step + 1
    assert past.seq == n < len(match.history)
    assert past.eff_viewer == 0 and past.v == state_at(match, n, 0)  # only what 小櫻 knew
    assert past.current_hits() == []  # read-only
    frames(app, 2)
    assert len(match.history) == len(match_of(table).history)  # the live game is untouched
    click(app, panel.buttons[0].rect.center)  # back to live
    assert panel.past is None
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def _record_file(tmp_path: Path) -> Path:
    return save_finished(finished_match(7), tmp_path)


def test_replay_scene_steps_seeks_and_switches_views(app, tmp_path):
    scene, message = open_replay(app, _record_file(tmp_path), playing=False)
    assert isinstance(scene, ReplayScene) and message == ""
    total = scene.feed.total
    full = open_record(_record_file(tmp_path)).match
    assert scene.viewers[-1] == OMNISCIENT  # a finished game: every hand may be shown
    key(app, pygame.K_RIGHT)
    assert scene.position == 1 and len(match_of(scene.table).history) == 1
    scene.seek(total // 2)
    assert match_of(scene.table).state.view(None) == full.truncated(total // 2).state.view(None)
    assert scene.table.view() == full.truncated(total // 2).state.view(scene.viewer)
    key(app, pygame.K_v)
    assert scene.table.eff_viewer == scene.viewer
    key(app, pygame.K_LEFT)
    assert scene.position == total // 2 - 1
    key(app, pygame.K_END)
    assert scene.position == total and match_of(scene.table).state.is_terminal()
    frames(app, 5)


def test_cardtable_replay_file_plays_headless(home, tmp_path):
    path = _record_file(tmp_path)
    env = dict(os.environ, CARDTABLE_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    shot = tmp_path / "replay.png"
    done = subprocess.run([sys.executable, "-m", "cardtable", "replay", str(path), "--frames",
                           "600", "--screenshot", str(shot)], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert shot.exists()


def test_a_tampered_record_is_refused_with_its_message_and_nothing_changes(app, tmp_path):
    path = _record_file(tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["content"]["record"]["seed"] += 1
    bad = tmp_path / "bad.cardtable.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    scenes = list(app.stack.scenes)
    scene, message = open_replay(app, bad)
    assert scene is None and "檢查碼不符" in message
    assert app.stack.scenes == scenes
    listing = app.push(ReplayListScene(app, tmp_path))
    listing.path_text = str(bad)
    listing.open_path()
    assert app.stack.top is listing and "檢查碼不符" in listing.message
    # export the good record to any path, then it opens from there
    listing.selected = next(i for i, (p, loaded, _) in enumerate(listing.rows)
                            if loaded is not None)
    out = tmp_path / "elsewhere" / "game.json"
    out.parent.mkdir()
    listing.path_text = str(out)
    listing.export_selected()
    assert listing.message_ok and open_record(out).record.seed == 7
    frames(app, 2)


def test_stats_scene_renders_charts_with_data(app):
    report = sample_stats_report(3, games=9)
    scene = app.push(stats_scene.StatsScene(app, report))
    assert scene.game in {"cirno", "wizard"}
    frames(app, 2)
    canvas = app.canvas
    line = stats_scene.LINE
    accent = sum(1 for x in range(line.x, line.right, 2) for y in range(line.y, line.bottom, 2)
                 if tuple(canvas.get_at((x, y)))[:3] == theme.ACCENT)
    assert accent > 20  # the win-rate line is drawn
    assert scene.rows()[0]["opponents"] == "all" and scene.row == 0
    key(app, pygame.K_DOWN)  # the figures against one kind of opponent
    assert scene.row == 1 and scene.rows()[1]["opponents"] != "all"
    frames(app, 1)
    key(app, pygame.K_RIGHT)  # the other game
    frames(app, 1)


@pytest.mark.parametrize("game", ["cirno"])
def test_a_game_finished_in_the_app_shows_in_cardtable_stats_json(app, capsys, monkeypatch,
                                                                  game):
    monkeypatch.setattr(TableScene, "AI_MIN_THINK", 0.0)
    seats = [Seat(kind="human", name="小櫻")] + [
        Seat(kind="ai", name=f"AI{i}", agent="random") for i in range(1, 4)]
    match = Match(get_spec(game), 21, 4, {}, seats)
    rng = GameRng(21)
    while len(match.history) < 10:  # start part-way to keep the test short
        legal = match.state.legal_actions()
        match.submit(legal[rng.randrange(len(legal))])
    app.push(table_for(app, match=match))
    app.speed_factor = 50
    player = Player(1)

    def finished(a) -> bool:
        top = a.stack.top
        if isinstance(top, ResultsScene) and not top.final:
            key(a, pygame.K_RETURN)
        return player.finished

    run_until(app, player, 30000, finished)
    assert match.state.is_terminal()
    from cardtable.cli.stats import main as stats_main
    capsys.readouterr()
    assert stats_main(["--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    row = next(r for r in report["summary"] if r["game"] == game and r["opponents"] == "all")
    assert row["games"] == 1
    assert report["history"][0]["name"] == "小櫻"
    replays = list((Path(os.environ["CARDTABLE_HOME"])).rglob("*.cardtable.json"))
    assert len(replays) == 1 and open_record(replays[0]).match.state.is_terminal()


def test_stats_scene_chooses_whose_figures_with_several_players(app, tmp_path):
    """Play test 5: hot-seat games counted once per person at the table (4 games showed as 8).
    With several names the scene opens on the one with the most games and offers the others
    (and everyone together)."""
    from cardtable.history.stats import StatsDB
    from cardtable.host.samples import SAMPLE_NAMES
    from cardtable.samples.records import fill_sample_stats
    from cardtable.ui.widgets import Choice
    path = fill_sample_stats(tmp_path / "stats.sqlite3", 3, games=12)  # 2 hot-seat games
    with StatsDB(path) as db:
        players = db.players()
    assert [p["name"] for p in players] == [SAMPLE_NAMES[0], SAMPLE_NAMES[1]]
    scene = app.push(stats_scene.StatsScene(app, db_path=path))
    assert scene.player == SAMPLE_NAMES[0]
    assert scene.player_choices == [SAMPLE_NAMES[0], SAMPLE_NAMES[1], None]
    total = sum(r["games"] for r in scene.report["summary"] if r["opponents"] == "all")
    assert total == 12  # every game once: this person sat in all of them
    chooser = next(w for w in scene.menu.widgets
                   if isinstance(w, Choice) and w.options == scene.player_choices)
    chooser.adjust(1)  # the other person: only the two hot-seat games
    assert scene.player == SAMPLE_NAMES[1]
    assert sum(r["games"] for r in scene.report["summary"] if r["opponents"] == "all") == 2
    assert scene.game in scene.games
    frames(app, 2)
    chooser.adjust(1)  # everyone: one row per human seat
    assert scene.player is None
    assert sum(r["games"] for r in scene.report["summary"] if r["opponents"] == "all") == 14
    frames(app, 2)


def test_replay_list_names_stay_readable_with_eight_players(app):
    """Play test 5: an 8-player row's names were shrunk to about 10 px to fit 330 px. They now
    take the rest of the row, at 13 px or more, cut short with … if they must be."""
    from cardtable.ui.scenes.replay import open_history_sample
    scene = open_history_sample(app, "replays")
    with drawn_text(app) as drawn:
        frames(app, 2)
    sizes = {d.text: d.size for d in drawn if "、" in d.text}
    eight = [s for s in sizes if s.count("、") >= 6 or s.endswith("…")]
    assert eight and all(sizes[s] >= 13 for s in sizes)
    assert scene.sample_folder is not None


def test_stats_player_choice_cuts_a_long_name_instead_of_shrinking_it(app, tmp_path):
    """Play test 6: 「玩家：WWWWWWWWWW」 shrank to about 8 px in the player choice."""
    from cardtable.history.stats import StatsDB
    from cardtable.ui.widgets import Choice
    from tests.history.helpers import play_random
    spec = get_spec("cirno")
    path = tmp_path / "stats.sqlite3"
    with StatsDB(path) as db:
        for seed, names in ((1, ("WWWWWWWWWW", "超級好朋友小櫻花兒兒")), (2, ("WWWWWWWWWW",))):
            seats = [Seat(kind="human", name=n) for n in names]
            seats += [Seat(kind="ai", agent="easy")] * (3 - len(seats))
            db.record_match(play_random(Match(spec, seed, 3, {}, seats), seed))
    scene = app.push(stats_scene.StatsScene(app, db_path=path))
    chooser = next(w for w in scene.menu.widgets
                   if isinstance(w, Choice) and w.options == scene.player_choices)
    for name in scene.player_choices:
        shown = chooser.show(name)
        size = app.text.fit(shown, theme.SIZE_BODY, chooser.value_rect.w - 80, True)
        assert size >= 16, (name, shown, size)
    frames(app, 2)


def test_replay_list_names_the_winner(app):
    """Issue 17: each finished game's row says who won (from the record's result)."""
    from cardtable.ui.scenes.replay import open_history_sample
    scene = open_history_sample(app, "replays")
    with drawn_text(app) as drawn:
        frames(app, 2)
    finished = [loaded for _, loaded, _ in scene.rows
                if loaded is not None and (loaded.result or {}).get("winners")]
    assert finished
    won = [d.text for d in drawn if d.text.startswith(tr("ui.history.replays.winner",
                                                          players=""))]
    assert len(won) >= min(len(finished), scene.visible_rows())
