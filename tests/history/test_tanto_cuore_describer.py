"""Tanto Cuore's describer: the one path from events, actions and choice buttons to words. Over
random games, in both scripts and for every viewer, no line holds a raw card id or zone name, a
`{placeholder}` or a `⟦missing key⟧`; the table log, the move log and the buttons use it."""

from __future__ import annotations

import random
import re

import pytest

from cardtable import i18n
from cardtable.core.events import redact
from cardtable.core.match import Match, Seat
from cardtable.games import REGISTRY
from cardtable.history.describer import describer_for
from cardtable.history.describers.tanto_cuore import TantoCuoreDescriber
from cardtable.history.movelog import log_entries

NAMES = ["阿明", "小華", "美玲", "阿哲"]
# a raw id: any run of ASCII letters / underscores (the text is Chinese; numbers are fine)
RAW = re.compile(r"[A-Za-z_]{2,}")


def _bad(text: str) -> bool:
    return bool(RAW.search(text)) or "{" in text or "}" in text or "⟦" in text


def _game(seed: int, private_maids: bool) -> tuple[Match, list[str]]:
    """A random game; also every choice button's text met on the way (both scripts)."""
    n = 2 + seed % 3
    seats = [Seat(kind="human", name=NAMES[i]) for i in range(n)]
    match = Match(REGISTRY["tanto_cuore"], seed, n, {"private_maids": private_maids}, seats)
    rng = random.Random(seed)
    d = describer_for("tanto_cuore")
    assert isinstance(d, TantoCuoreDescriber)
    labels: list[str] = []
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        for a in legal:
            msg = d.choice(a, match.state.phase, legal)
            labels.append(d.render(msg, NAMES[:n]))
        match.submit(rng.choice(legal))
    return match, labels


def _lines(match: Match) -> list[str]:
    n = match.num_players
    out = []
    for viewer in [None, *range(n)]:
        d = describer_for("tanto_cuore")
        for ev in match.log:
            line = d.line(redact(ev, viewer), viewer)
            if line is not None:
                out.append(d.render(line.msg, NAMES[:n]))
        for e in log_entries(match, viewer, compact=True):
            out.append(d.render(e.msg, NAMES[:n]))
    return out


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_no_raw_id_placeholder_or_missing_key_in_any_line_or_button(locale: str) -> None:
    old = i18n.get_locale()
    i18n.set_locale(locale)
    try:
        bad: set[str] = set()
        for seed in range(12):
            match, labels = _game(seed, private_maids=seed % 2 == 0)
            bad.update(t for t in [*_lines(match), *labels] if _bad(t))
        assert not bad, sorted(bad)[:20]
    finally:
        i18n.set_locale(old)


def test_one_sentence_per_event_on_the_table_log_and_the_move_log() -> None:
    """A served maid has one line, the same on the table log and the move log."""
    match, _ = _game(3, private_maids=True)
    d = describer_for("tanto_cuore")
    table = [d.render(got.msg, NAMES) for got in d.lines(
        [redact(e, 0) for e in match.log], 0) if not got.detail]
    moves = [d.render(e.msg, NAMES) for e in log_entries(match, 0, compact=False)]
    served = [t for t in table if "請" in t]
    assert served and all(t in moves for t in table)


def test_choice_buttons_come_from_the_describer() -> None:
    from cardtable.core.actions import Action
    d = TantoCuoreDescriber()
    assert d.choice(Action("done"), "serve").key == "log.tanto_cuore.choice.done.serve"
    assert d.choice(Action("decline"), "claire_reaction").key.endswith("claire_reaction_none")
    msg = d.choice(Action("ability", "sora", value="serving"), "serve")
    assert msg.key == "log.tanto_cuore.choice.ability_gain.serving"
    assert "⟦" not in d.render(msg, NAMES)


@pytest.mark.slow
@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_two_hundred_games_have_no_raw_id_placeholder_or_missing_key(locale: str) -> None:
    old = i18n.get_locale()
    i18n.set_locale(locale)
    try:
        bad: set[str] = set()
        for seed in range(200):
            match, labels = _game(seed, private_maids=seed % 2 == 0)
            bad.update(t for t in [*_lines(match), *labels] if _bad(t))
        assert not bad, sorted(bad)[:20]
    finally:
        i18n.set_locale(old)


def test_a_player_who_targets_themselves_reads_as_self():
    """Eliza can look at one's own deck: the log said 「小華 看了 小華 牌庫最上面的一張牌」.
    A key's `.self` wording is used when the player and the target are the same seat."""
    from cardtable.core.events import Msg
    from cardtable.history.movelog import format_line
    for lang, own in (("zh-TW", "小華 看了自己牌庫最上面的一張牌。"),
                      ("zh-CN", "小華 看了自己牌库最上面的一张牌。")):
        i18n.set_locale(lang)
        try:
            line = format_line(Msg("tanto_cuore.log.eliza_peek", {"player": 1, "target": 1}),
                               "tanto_cuore", NAMES)
            assert line == own
            other = format_line(Msg("tanto_cuore.log.eliza_peek", {"player": 1, "target": 0}),
                                "tanto_cuore", NAMES)
            assert "阿明" in other and "自己" not in other
        finally:
            i18n.set_locale("zh-TW")
