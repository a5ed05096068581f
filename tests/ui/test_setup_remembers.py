"""Setup (issue 17): each game's setup starts from its last one (options, player count, seat
kinds, names), checked again when used; counters stop at their ends instead of wrapping."""

from __future__ import annotations

import pygame

from cardtable.persist import GameSetup
from cardtable.ui.autoplay import key
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.widgets import Choice


def _counter(scene: SetupScene, name: str) -> Choice:
    return next(w for w in scene.menu.widgets if scene.option_names.get(id(w)) == name)


def test_counters_stop_at_their_ends(app):
    scene = app.push(SetupScene(app, "eight_half"))
    deals = _counter(scene, "deals")
    low, high = deals.options[0], deals.options[-1]
    scene.options["deals"] = low
    deals.adjust(-1)
    assert scene.options["deals"] == low, "◀ at the lowest value stays there"
    scene.options["deals"] = high
    deals.adjust(1)
    assert scene.options["deals"] == high
    players = scene.menu.widgets[0]
    scene.set_n(scene.spec.min_players)
    scene.menu.widgets[0].adjust(-1)
    assert scene.n == scene.spec.min_players
    assert players is not None


def test_the_last_setup_of_each_game_comes_back(app, monkeypatch):
    scene = app.push(SetupScene(app, "cirno"))
    scene.set_n(5)
    scene.options["advanced"] = True
    scene._set_kind(1, "human")
    scene._set_name(1, "小華")
    scene._set_kind(2, "hard")
    monkeypatch.setattr(SetupScene, "unfinished_save", staticmethod(lambda: None))
    scene.start()
    again = app.push(SetupScene(app, "cirno"))
    assert again.n == 5 and again.options["advanced"] is True
    assert again.kinds[:3] == ["human", "human", "hard"] and again.names[1] == "小華"
    other = app.push(SetupScene(app, "wizard"))
    assert other.options == other.spec.options_model().model_dump(), "per game"
    # the settings file keeps it
    from cardtable import persist
    assert persist.load_settings()[0].setups["cirno"].players == 5


def test_a_remembered_value_that_is_no_longer_valid_is_left_out(app):
    app.update_settings(setups={"cirno": GameSetup(players=99, options={
        "advanced": True, "limit": "lots", "gone": 1}, kinds=["human", "wizard"])})
    scene = app.push(SetupScene(app, "cirno"))
    assert scene.n != 99 and scene.options["advanced"] is True
    assert scene.options["limit"] == scene.spec.options_model().limit
    assert scene.kinds[1] in ("easy", "normal", "hard", "human")
    key(app, pygame.K_ESCAPE)


def test_a_setup_remembered_before_cirno_d4_changed_takes_the_new_default(app, home, monkeypatch):
    """CIRNO-D4 (revised): the setup used to remember every option, chosen or not. A Cirno
    setup remembered by main (no version) holding the old default "latest" starts from the new
    default "first"; one remembered now keeps the reading chosen, "latest" included."""
    import json

    from cardtable import persist
    path = persist.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    # a settings file as main wrote it
    path.write_text(json.dumps({"setups": {"cirno": {
        "players": 4, "options": {"limit": 12, "double_reading": "latest", "advanced": True},
        "kinds": ["human", "normal", "normal", "normal"], "names": ["", "", "", ""]}}}),
        encoding="utf-8")
    app.settings = persist.load_settings()[0]
    scene = app.push(SetupScene(app, "cirno"))
    assert scene.options["double_reading"] == "first"
    assert scene.options["advanced"] is True  # the rest of it is still remembered
    # chosen now, "latest" is remembered as chosen
    scene.options["double_reading"] = "latest"
    monkeypatch.setattr(SetupScene, "unfinished_save", staticmethod(lambda: None))
    scene.start()
    assert persist.load_settings()[0].setups["cirno"].version == persist.SETUPS_VERSION
    again = app.push(SetupScene(app, "cirno"))
    assert again.options["double_reading"] == "latest"
