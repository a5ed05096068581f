"""Text read from files is bounded like text typed (issue 33): a remembered player name of
200,000 characters in settings.json made the setup take ~1.8 s a frame and its table up to
6.7 s; a save naming an unknown computer level silently played at random.

Every name read from settings.json, the autosave, a record file and the score pad is cut to
the length a name field takes (`NAME_MAX_LEN`), with a notice; a computer level this version
does not know plays at normal, with a notice; and no text reaches the fonts unbounded."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from cardtable import persist
from cardtable.core.match import NAME_MAX_LEN, Match, MatchRecord, Seat
from cardtable.games import get_spec
from cardtable.i18n import tr
from tests.faults.conftest import frames
from tests.hosting import host_of, match_of

HUGE = "長" * 200_000


def _match(seats: list[Seat], moves: int = 6, seed: int = 3) -> Match:
    match = Match(get_spec("cirno"), seed, len(seats), {}, seats)
    rng = random.Random(seed)
    while len(match.history) < moves or match.seats[match.state.current_player()].kind != \
            "human":
        match.submit(rng.choice(match.state.legal_actions()))
    return match


def test_the_typed_cap_is_the_one_constant() -> None:
    """The setup's and the score pad's name fields take NAME_MAX_LEN characters: the cap at
    load is the same number."""
    import inspect

    from cardtable.ui.scenes import scorepad, setup
    assert NAME_MAX_LEN == 10
    for module in (setup, scorepad):
        source = inspect.getsource(module)
        assert "max_len=NAME_MAX_LEN" in source and "max_len=10" not in source


# ---------------------------------------------------------------- settings.json
def test_remembered_names_are_cut_at_load_with_a_notice(home: Path) -> None:
    path = persist.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({
        "player_names": [HUGE, "小明", "換\n行"],
        "setups": {"cirno": {"players": 3, "names": ["", HUGE], "kinds": ["human", "human"]}},
    }, ensure_ascii=False), encoding="utf-8")
    settings, notice = persist.load_settings()
    assert settings.player_names == ["長" * NAME_MAX_LEN, "小明", "換行"]
    assert settings.setups["cirno"].names == ["", "長" * NAME_MAX_LEN]
    assert notice == persist.NAMES_TRIMMED_KEY
    assert persist.notice_params(notice) == {"count": 3, "max": NAME_MAX_LEN}
    assert path.exists()  # the file itself is not thrown away (nothing else was wrong)


def test_a_settings_file_with_short_names_has_nothing_to_say(home: Path) -> None:
    path = persist.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"player_names": ["小明"]}, ensure_ascii=False), encoding="utf-8")
    settings, notice = persist.load_settings()
    assert settings.player_names == ["小明"] and notice is None


def test_the_setup_and_its_table_never_see_the_long_name(home: Path) -> None:
    from cardtable.ui.launch import make_app
    from cardtable.ui.scenes.setup import SetupScene
    from cardtable.ui.scenes.title import TitleScene
    path = persist.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"player_names": [HUGE]}, ensure_ascii=False), encoding="utf-8")
    app = make_app()
    app.raise_errors = True
    try:
        title = app.push(TitleScene(app))
        frames(app, 1)
        notice = tr(persist.NAMES_TRIMMED_KEY, count=1, max=NAME_MAX_LEN)
        assert any(tr(n, **persist.notice_params(n)) == notice for n in app.notices)
        setup = app.push(SetupScene(app, "cirno"))
        assert setup.names[0] == "長" * NAME_MAX_LEN
        frames(app, 2)
        setup.start()
        table = app.stack.top
        assert table is not title and match_of(table).seats[0].name == "長" * NAME_MAX_LEN
        frames(app, 2)
    finally:
        app.ai.shutdown()


# ---------------------------------------------------------------- the autosave
def _save_with(seats: list[Seat]) -> Match:
    match = _match(seats)
    persist.save_autosave(match.record())
    persist.release_claims()
    return match


def test_an_autosave_is_bounded_at_load_and_an_unknown_level_plays_normal(home: Path) -> None:
    seats = [Seat(kind="human", name=HUGE), Seat(kind="ai", name="阿\t哲", agent="grandmaster"),
             Seat(kind="ai", agent="easy")]
    _save_with(seats)
    record, notice = persist.load_autosave()
    assert notice is None and record is not None
    assert [s.name for s in record.seats] == ["長" * NAME_MAX_LEN, "阿哲", ""]
    assert [s.agent for s in record.seats][1:] == [persist.FALLBACK_LEVEL, "easy"]
    keys = [str(n) for n in record.load_notices]
    assert keys == [persist.NAMES_TRIMMED_KEY, persist.UNKNOWN_LEVEL_KEY]
    level = record.load_notices[1]
    assert persist.notice_params(level)["seat"] == 2
    assert persist.notice_params(level)["level"] == "grandmaster"
    # the seats are the same everywhere the save is read (the header the title reads too)
    save, _ = persist.load_autosave_with_header()
    assert save is not None and save.header.seats[0].name == "長" * NAME_MAX_LEN


def test_continue_tells_the_notices_and_the_seat_plays_at_normal(app) -> None:
    from cardtable.games.cirno.ai import EasyAgent, NormalAgent
    from cardtable.ui.scenes.title import TitleScene
    seats = [Seat(kind="human", name=HUGE[:50]), Seat(kind="ai", agent="grandmaster"),
             Seat(kind="ai", agent="easy")]
    saved = _save_with(seats)
    title = app.push(TitleScene(app))
    title.cont()
    table = app.stack.top
    assert match_of(table).history == saved.history
    computers = host_of(table).controllers
    assert type(computers[1].agent) is NormalAgent and computers[1].level == "normal"
    assert isinstance(computers[2].agent, EasyAgent)
    shown = app.toast_texts()
    assert tr(persist.UNKNOWN_LEVEL_KEY, seat=2, level="grandmaster",
              fallback=persist.FALLBACK_LEVEL) in shown
    assert tr(persist.NAMES_TRIMMED_KEY, count=1, max=NAME_MAX_LEN) in shown
    frames(app, 3)


def test_the_tables_last_guard_is_normal_not_random() -> None:
    """A table made from seats nobody checked (not from a file) still never plays at random
    for a level it does not know."""
    from cardtable.ai.agent import RandomAgent
    from cardtable.games.cirno.ai import NormalAgent
    from cardtable.host.local import make_computer
    notices: list[str] = []
    computer = make_computer("cirno", 1, Seat(kind="ai", agent="grandmaster"), 1, None, notices)
    assert not isinstance(computer.agent, RandomAgent) and type(computer.agent) is NormalAgent
    assert notices == [persist.UNKNOWN_LEVEL_KEY]  # and the person is told
    random_seat = Seat(kind="ai", agent="random")
    assert isinstance(make_computer("cirno", 1, random_seat, 1, None, []).agent, RandomAgent)


def test_known_levels_of_every_game_are_kept(home: Path) -> None:
    from cardtable.games import REGISTRY, all_agent_names
    for game_id in REGISTRY:
        for level in all_agent_names(game_id):
            seats, notices = persist.bound_seats(game_id, [Seat(kind="ai", agent=level)])
            assert seats[0].agent == level and notices == []


# ---------------------------------------------------------------- record files
def test_a_record_file_is_bounded_at_load(home: Path) -> None:
    from cardtable.history.records import open_record, save_finished
    seats = [Seat(kind="human", name=HUGE), Seat(kind="ai", name="x" * 300, agent="easy"),
             Seat(kind="ai", agent="easy")]
    match = _match(seats, moves=0)
    while not match.state.is_terminal():
        match.submit(match.state.legal_actions()[0])
    path = save_finished(match, home / "rec")
    loaded = open_record(path)
    assert [len(s.name) for s in loaded.record.seats] == [NAME_MAX_LEN, NAME_MAX_LEN, 0]
    assert [s.name for s in loaded.match.seats] == [s.name for s in loaded.record.seats]
    assert [str(n) for n in loaded.record.load_notices] == [persist.NAMES_TRIMMED_KEY]
    assert loaded.match.history == match.history  # the game itself is untouched


def test_the_replay_list_shows_bounded_names(app, home: Path) -> None:
    from cardtable.history.records import save_finished
    from cardtable.ui.scenes.replay import ReplayListScene
    match = _match([Seat(kind="human", name=HUGE), Seat(kind="ai", agent="easy")], moves=0)
    while not match.state.is_terminal():
        match.submit(match.state.legal_actions()[0])
    save_finished(match)
    scene = app.push(ReplayListScene(app))
    assert scene.rows and all(len(s.name) <= NAME_MAX_LEN for s in scene.rows[0][1].record.seats)
    frames(app, 2)


# ---------------------------------------------------------------- the score pad
def test_a_score_pad_is_bounded_at_load_with_a_notice(app) -> None:
    from cardtable.ui.scenes.scorepad import ScorePadScene, load_pad, open_scorepad, pad_path
    path = pad_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    from cardtable.games.wizard.scorepad import ScorePad
    pad = ScorePad(names=["甲", "乙", "丙"])
    doc = json.loads(pad.to_json())
    doc["names"] = [HUGE, "乙", "丙"]
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    got, notice = load_pad()
    assert got is not None and got.names == ["長" * NAME_MAX_LEN, "乙", "丙"]
    assert notice == persist.NAMES_TRIMMED_KEY
    scene = open_scorepad(app)
    assert isinstance(scene, ScorePadScene)
    assert tr(persist.NAMES_TRIMMED_KEY, count=1, max=NAME_MAX_LEN) in app.toast_texts()
    frames(app, 2)


# ---------------------------------------------------------------- the renderer
def test_no_text_reaches_the_fonts_unbounded(app) -> None:
    """Defence in depth: whatever slips past the loaders, a line drawn or measured is cut
    (`text.LINE_MAX_CHARS`), so one frame stays a frame."""
    from cardtable.ui import text as text_mod
    t = app.text
    long = "名" * 20_000
    started = time.perf_counter()
    surf = t.render(long, 18)
    width = t.size(long, 18)[0]
    line, _ = t.fit_line(long, 18, 200)
    lines = t.wrap("字" * 200_000, 15, 1000)
    elapsed = time.perf_counter() - started
    assert surf.get_width() <= text_mod.LINE_MAX_CHARS * 18 + 18
    assert width <= text_mod.LINE_MAX_CHARS * 18 + 18
    assert len(line) <= text_mod.LINE_MAX_CHARS
    assert sum(len(x) for x in lines) <= text_mod.WRAP_MAX_CHARS
    assert elapsed < 30  # a generous bound: unbounded, this took minutes (not a timing test)


def test_a_seat_label_is_never_longer_than_a_typed_name() -> None:
    from cardtable.ui.tables.table_scene import seat_label
    assert seat_label(Seat(kind="human", name=HUGE), 0) == "長" * NAME_MAX_LEN


def test_a_record_built_in_memory_is_left_alone() -> None:
    """Bounding is for what comes from files: a record the app makes keeps its seats."""
    rec = MatchRecord(game_id="cirno", seed=1, num_players=2,
                      seats=[Seat(kind="human", name="小明"), Seat(kind="ai", agent="easy")])
    bounded = persist.bound_record(rec)
    assert bounded.seats == rec.seats and bounded.load_notices == []


@pytest.mark.parametrize("name, kept", [("阿哲", "阿哲"), ("a b", "a b"), ("全　形", "全　形"),
                                        ("👨‍👩‍👧", "👨‍👩‍👧"), ("行\n二", "行二"),
                                        ("x" * 11, "x" * 10)])
def test_bound_name_keeps_what_could_be_typed(name: str, kept: str) -> None:
    assert persist.bound_name(name) == kept
