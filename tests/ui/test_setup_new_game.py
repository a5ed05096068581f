"""Play test 5: starting a new game silently replaced the unfinished one (there is one autosave
slot), and names typed for human seats were filled into computer seats the next time."""

from __future__ import annotations

from cardtable import persist
from cardtable.i18n import tr
from cardtable.ui.autoplay import frames
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.tables.table_scene import TableScene
from tests.hosting import match_of


def _start_cirno_and_play(app) -> int:
    setup = app.push(SetupScene(app, "cirno"))
    setup.start()
    table = app.stack.top
    assert isinstance(table, TableScene)
    record = None
    for _ in range(600):  # the deal and a first move (the computers think on a thread)
        frames(app, 10)
        state = match_of(table).state
        if match_of(table).seats[state.current_player()].kind == "human" and \
                not table.director.busy:
            table.submit(state.legal_actions()[0])  # the person's move, as a click makes it
        record, _ = persist.load_autosave()
        if record is not None:
            break
    assert record is not None and record.game_id == "cirno"
    return match_of(table).seed


def test_new_game_asks_before_replacing_an_unfinished_one(app):
    seed = _start_cirno_and_play(app)
    setup = app.push(SetupScene(app, "wizard"))
    setup.start()
    # not started: the setup says what would be lost and the button asks again
    assert app.stack.top is setup
    moves = len(persist.load_autosave()[0].actions)
    assert setup.error == tr("ui.setup.replace_save", game=tr("game.cirno.name"), moves=moves)
    start = setup.menu.widgets[-1]
    assert start.label() == tr("ui.setup.start_replace")
    frames(app, 2)
    record, _ = persist.load_autosave()
    assert record.game_id == "cirno" and record.seed == seed  # the old game is still there
    setup.start()  # the second press starts the new game
    assert isinstance(app.stack.top, TableScene) and match_of(app.stack.top).spec.id == "wizard"


def test_new_game_starts_at_once_without_an_unfinished_one(app):
    persist.clear_autosave()
    setup = app.push(SetupScene(app, "cirno"))
    setup.start()
    assert isinstance(app.stack.top, TableScene)
    assert setup.error is None


def test_remembered_names_go_to_human_seats_only(app):
    app.update_settings(player_names=["阿明", "小美"])
    setup = app.push(SetupScene(app, "cirno"))
    assert setup.kinds[:4] == ["human", "normal", "normal", "normal"]
    assert setup.names[:4] == ["阿明", "", "", ""]
    setup._set_kind(2, "human")  # a seat turned human gets the next remembered name
    assert setup.names[2] == "小美"
    seats = setup.seats()
    assert [s.name for s in seats] == ["阿明", "", "小美", ""]
    setup._set_kind(2, "hard")  # back to a computer: the filled-in name goes (play test 6)
    assert setup.names[2] == ""
    setup._set_kind(2, "human")
    setup._set_name(2, "阿華")  # typed: kept even if the seat changes
    setup._set_kind(2, "easy")
    assert setup.names[2] == "阿華"


def test_remembered_names_are_kept_across_games(app):
    """A name typed for a hot-seat game was forgotten after the next game with fewer people;
    this game's people now come first and the others stay remembered."""
    persist.clear_autosave()
    app.update_settings(player_names=["阿明", "小美"])
    setup = app.push(SetupScene(app, "cirno"))
    setup._set_name(0, "小華")
    setup.start()
    assert list(app.settings.player_names) == ["小華", "阿明", "小美"]
