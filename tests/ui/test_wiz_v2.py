"""WIZ-V2: ±1 never combines with hidden or secret bids in a new game (the refused number tells
the last bidder the sum of the bids they must not see). The setup disables the other of the
pair with a one-line reason; the options model and `cardtable simulate` refuse the pair; a save
or record that already holds it loads and plays exactly as recorded, and says once that the
pair leaks."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable import i18n, persist
from cardtable.core.errors import UnknownOptionError
from cardtable.core.match import Match, MatchRecord, Seat
from cardtable.games import get_spec
from cardtable.i18n import tr
from cardtable.ui.autoplay import frames
from tests.hosting import match_of, table_for

PAIRS = [("plus_minus_one", "hidden_bids"), ("plus_minus_one", "secret_bids")]
LEAK = "wizard.notice.leaky_bids"


@pytest.fixture
def lang():
    yield
    i18n.set_locale("zh-TW")


# ---------------------------------------------------------------- the options model
@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_the_options_model_refuses_the_pair_for_a_new_game(a: str, b: str) -> None:  # WIZ-V2
    spec = get_spec("wizard")
    with pytest.raises(UnknownOptionError, match="WIZ-V2") as err:
        spec.parse_options({a: True, b: True})
    assert "\n" not in str(err.value)  # one clear line, not a validation dump
    with pytest.raises(ValueError):
        spec.options_model(**{a: True, b: True})
    with pytest.raises(ValueError):
        Match(spec, 1, 4, {a: True, b: True})
    # each alone is fine, and a game already played with both still parses
    assert spec.parse_options({a: True}) and spec.parse_options({b: True})
    assert spec.parse_options({a: True, b: True}, recorded=True).leaks_bid_sum()


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_simulate_refuses_the_pair_with_a_clear_message(home: Path, capsys, a: str, b: str
                                                       ) -> None:  # WIZ-V2
    from cardtable.__main__ import main
    try:
        code = main(["simulate", "--game", "wizard", "--players", "4", "--games", "1",
                     "--option", f"{a}=true", "--option", f"{b}=true"])
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 2
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert "WIZ-V2" in err and a in err and b.split("_")[0] in err


# ---------------------------------------------------------------- the setup screen
def _rows(setup):
    return {name: w for w in setup.menu.widgets
            if (name := setup.option_names.get(id(w))) is not None}


@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
def test_setup_disables_the_other_of_the_pair_with_a_reason(app, lang, locale) -> None:
    # WIZ-V2
    from cardtable.ui.scenes.setup import SetupScene
    i18n.set_locale(locale)
    setup = app.push(SetupScene(app, "wizard"))
    rows = _rows(setup)
    assert all(rows[n].enabled for n in ("plus_minus_one", "hidden_bids", "secret_bids"))
    rows["plus_minus_one"].activate()
    assert setup.options["plus_minus_one"] is True
    for other in ("hidden_bids", "secret_bids"):
        assert not rows[other].enabled
        reason = rows[other].note()
        assert reason == tr(f"wizard.option.{other}.blocked") and reason.strip()
        assert "\n" not in reason
        rows[other].activate()  # a click or Enter on it does nothing
        assert setup.options[other] is False
    frames(app, 2)  # drawn, reasons and all
    # the other way round: hidden bids on disables ±1
    rows["plus_minus_one"].activate()
    rows["secret_bids"].activate()
    assert setup.options["secret_bids"] is True and not rows["plus_minus_one"].enabled
    assert rows["plus_minus_one"].note() == tr("wizard.option.plus_minus_one.blocked")
    rows["plus_minus_one"].activate()
    assert setup.options["plus_minus_one"] is False
    assert rows["hidden_bids"].enabled  # hidden and secret bids go together


def test_setup_never_starts_a_game_with_the_pair(app) -> None:  # WIZ-V2
    """Keyboard: Down through the rows and Right on each: whatever order, no game with both."""
    from cardtable.ui.scenes.setup import SetupScene
    for first in ("plus_minus_one", "hidden_bids", "secret_bids"):
        setup = app.push(SetupScene(app, "wizard"))
        rows = _rows(setup)
        rows[first].activate()
        for name in ("plus_minus_one", "hidden_bids", "secret_bids"):
            rows[name].adjust(1) if name != first else None
        opts = setup.spec.parse_options(setup.options)  # a new game's check: no error
        assert not opts.leaks_bid_sum()
        app.pop(setup)


def test_a_remembered_setup_with_the_pair_keeps_only_one(app) -> None:  # WIZ-V2
    from cardtable.persist import GameSetup
    from cardtable.ui.scenes.setup import SetupScene
    setups = {"wizard": GameSetup(players=4, options={"plus_minus_one": True,
                                                      "hidden_bids": True})}
    app.update_settings(setups=setups)
    setup = app.push(SetupScene(app, "wizard"))
    assert setup.options["plus_minus_one"] is True and setup.options["hidden_bids"] is False
    assert not _rows(setup)["hidden_bids"].enabled


# ---------------------------------------------------------------- saved games and records
def _old_game(seed: int = 5, moves: int = 25) -> Match:
    """A game as one saved before WIZ-V2 holds it: ±1 with hidden bids."""
    spec = get_spec("wizard")
    seats = [Seat(kind="human", name="小明")] + [Seat(kind="ai", agent="normal")
                                                 for _ in range(3)]
    match = Match(spec, seed, 4, {"plus_minus_one": True, "hidden_bids": True}, seats,
                  recorded=True)
    rng = random.Random(seed)
    while len(match.history) < moves or match.state.current_player() != 0:
        match.submit(rng.choice(match.state.legal_actions()))
    return match


def test_an_autosave_with_the_pair_continues_as_recorded_and_says_so_once(app, home) -> None:
    # WIZ-V2
    from cardtable.ui.scenes.title import TitleScene
    old = _old_game()
    persist.save_autosave(old.record())
    title = app.push(TitleScene(app))
    assert title.has_save
    title.cont()
    table = app.stack.top
    assert match_of(table).history == old.history
    assert [e.to_json() for e in match_of(table).log] == [e.to_json() for e in old.log]
    assert match_of(table).options.plus_minus_one and match_of(table).options.hidden_bids
    leak = tr(LEAK)
    assert app.toast_texts().count(leak) == 1
    frames(app, 3)
    assert app.toast_texts().count(leak) == 1  # said once, not once a frame
    # and it plays on: the table takes a legal move from the person
    table.submit(match_of(table).state.legal_actions()[0])
    assert len(match_of(table).history) == len(old.history) + 1


def test_a_record_with_the_pair_replays_exactly_and_says_so_once(app, home) -> None:  # WIZ-V2
    from cardtable.history.records import open_record, save_finished
    from cardtable.ui.scenes.replay import open_replay
    old = _old_game(moves=0)
    rng = random.Random(9)
    while not old.state.is_terminal():
        old.submit(rng.choice(old.state.legal_actions()))
    path = save_finished(old, home / "rec")
    loaded = open_record(path)
    assert loaded.match.history == old.history
    assert [e.to_json() for e in loaded.match.log] == [e.to_json() for e in old.log]
    assert loaded.record.load_notices == [LEAK]
    scene, message = open_replay(app, path)
    assert scene is not None and message == ""
    assert app.toast_texts().count(tr(LEAK)) == 1


def test_a_record_without_the_pair_says_nothing(home) -> None:  # WIZ-V2
    match = Match(get_spec("wizard"), 3, 4, {"plus_minus_one": True})
    rec = persist.bound_record(MatchRecord.model_validate_json(match.record().model_dump_json()))
    assert rec.load_notices == []


def test_play_again_after_a_game_with_the_pair_goes_to_the_setup(app) -> None:  # WIZ-V2
    from cardtable.ui.scenes.results import ResultsScene
    from cardtable.ui.scenes.setup import SetupScene
    old = _old_game(moves=0)
    results = app.push(ResultsScene(app, table_for(app, match=old, autosave=False), final=True))
    results.again()
    assert isinstance(app.stack.top, SetupScene) and app.stack.top.game_id == "wizard"
