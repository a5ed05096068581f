"""Wizard's one describer (cardtable.history.describers.wizard): every event of many random
games, in both scripts and for every viewer, words to a line with no raw card id, no
`{placeholder}` and no `⟦key⟧`; a card played to the trick is named, a hidden bid is not."""

from __future__ import annotations

import re

import pytest

from cardtable import i18n
from cardtable.core.events import redact
from cardtable.core.match import Match, Seat
from cardtable.core.rng import GameRng
from cardtable.games import get_spec
from cardtable.games.wizard.cards import COPIES
from cardtable.history.describer import describer_for

SPEC = get_spec("wizard")
OPTIONS = ({}, {"plus_minus_one": True}, {"hidden_bids": True}, {"secret_bids": True},
           {"forehead": True}, {"single_colour": True})
RAW = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(re.escape(c) for c in sorted(COPIES, key=len,
                                                                       reverse=True)
                                          if not c.isdigit()) + r")(?![A-Za-z0-9])")


def _random_match(seed: int, players: int, options: dict, rounds: int = 3) -> Match:
    seats = [Seat(kind="ai", name=f"P{i}", agent="random") for i in range(players)]
    m = Match(SPEC, seed, players, options, seats)
    rng = GameRng(seed)
    while not m.state.is_terminal() and m.state.round_no <= rounds:
        legal = m.state.legal_actions()
        m.submit(legal[rng.randrange(len(legal))])
    return m


def _faults(text: str) -> list[str]:
    out = []
    if "⟦" in text or re.search(r"\{\w+\}", text):
        out.append(text)
    if RAW.search(text):
        out.append(text)
    return out


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_every_wizard_event_words_cleanly(locale: str) -> None:
    i18n.set_locale(locale)
    try:
        faults: list[str] = []
        lines = 0
        for seed in range(24):
            players = 3 + seed % 4 if OPTIONS[seed % 6].get("single_colour") is None else 3
            m = _random_match(seed, players, OPTIONS[seed % len(OPTIONS)])
            names = [f"P{i}" for i in range(players)]
            for viewer in (None, 0):
                d = describer_for("wizard")
                for ev in m.events_for(viewer):
                    got = d.line(ev, viewer)
                    if got is None:
                        continue
                    text = d.render(got.msg, names)
                    lines += 1
                    faults += _faults(text)
        assert lines > 1000 and faults == []
    finally:
        i18n.set_locale("zh-TW")


def test_a_hidden_bid_is_not_named_to_another_viewer() -> None:
    m = _random_match(3, 4, {"secret_bids": True}, rounds=2)
    d = describer_for("wizard")
    for ev in m.log:
        if ev.kind != "bid_placed":
            continue
        mine, other = ev.data["player"], (ev.data["player"] + 1) % 4
        assert d.line(redact(ev, other), other).msg.key == "log.wizard.bid_placed.hidden"
        assert d.line(redact(ev, mine), mine).msg.key == "log.wizard.bid_placed"
