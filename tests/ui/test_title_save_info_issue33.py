"""Issue 33 (small): 「繼續上一局」 said 「已進行 10 步」. It now says the saved game's round as
its table words it and the players' names, read from the save by the host: the title screen
never holds the game's state (hidden hands and decks)."""

from __future__ import annotations

import dataclasses

import pytest

from cardtable import i18n, persist
from cardtable.core.game import GameState
from cardtable.core.match import Match, Seat
from cardtable.host.local import new_match
from cardtable.ui.autoplay import frames
from cardtable.ui.scenes.title import TitleScene


def _saved_cirno(rounds: int = 2) -> Match:
    """A Cirno game of 小夏 and two computers, played (first legal move) into round
    `rounds`."""
    seats = [Seat(kind="human", name="小夏"), Seat(kind="ai", agent="easy"),
             Seat(kind="ai", name="阿明", agent="easy")]
    match = new_match("cirno", 3, {}, seats, 11)
    while match.state.view(None).round_no < rounds:
        match.submit(match.state.legal_actions()[0])
    match.submit(match.state.legal_actions()[0])
    persist.save_autosave(match.record())
    return match


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_continue_says_the_round_and_the_names(app, lang) -> None:  # type: ignore[no-untyped-def]
    i18n.set_locale(lang)
    match = _saved_cirno()
    title = app.push(TitleScene(app))
    frames(app, 2)
    text = title._save_info()
    tr = i18n.tr
    assert tr("ui.cirno.round", round=2, total=3) in text, text
    assert tr("game.cirno.name") in text
    for name in ("小夏", tr("ui.seat.ai_default", n=2), "阿明"):
        assert name in text, text
    moves = len(match.record().actions)
    assert str(moves) not in text.replace(tr("ui.cirno.round", round=2, total=3), "")


def test_the_title_holds_no_game_state(app) -> None:  # type: ignore[no-untyped-def]
    from cardtable.host.save_info import SaveInfo
    _saved_cirno()
    title = app.push(TitleScene(app))
    frames(app, 2)
    info = title._info
    assert isinstance(info, SaveInfo)
    # what the host hands over: words and names only
    for f in dataclasses.fields(info):
        value = getattr(info, f.name)
        assert not isinstance(value, GameState | Match)
    assert all(isinstance(n, str) and isinstance(p, bool) for n, p in info.seats)
    for value in vars(title).values():
        assert not isinstance(value, GameState | Match), value


def test_a_save_that_does_not_replay_still_names_its_players() -> None:
    from cardtable.host.save_info import save_info
    match = _saved_cirno()
    record = match.record()
    record.actions = [{"kind": "no_such_move"}]
    info = save_info(record)
    assert info.round is None
    assert [n for n, _ in info.seats] == ["小夏", "", "阿明"]
