"""Cirno's describer: every line of random games, in both locales and for every viewer, is
plain text (no raw card or zone id, no `{placeholder}`, no `⟦key⟧`), the table log and the move
log share their sentences, and the opening of round 1 names the first player once."""

from __future__ import annotations

import re

import pytest

from cardtable import i18n
from cardtable.core.events import redact
from cardtable.games.cirno.cards import ARITHMETIC, COMPANIONS
from cardtable.history.describer import card_text, describer_for
from cardtable.history.movelog import log_entries
from tests.history.helpers import new_match, play_random

# a card id printed as it is, where its name differs (x2 / ×2, scoop / Scoop ...), or a zone id
# (companion_deck, pick_out:1), as a word of its own (the names are Chinese or Title Case)
ZONES = ("deck", "pile", "discard", "companion_deck", "hand", "companions", "used", "pick_out",
         "passing")
IDS = [c for c in [*ARITHMETIC, *COMPANIONS]
       if card_text("cirno", c) != c and not c.lstrip("-").isdigit()]
RAW = re.compile(r"(?<![A-Za-z])(" + "|".join(re.escape(w) for w in [*IDS, *ZONES])
                 + r")(?![A-Za-z])|⟦|\{|\}")
OPTIONS = ({}, {"advanced": True}, {"double_reading": "first"},
           {"advanced": True, "double_reading": "first", "limit": 20})


def _sweep(games: int) -> tuple[int, list[tuple[str, str, str]], set[str]]:
    lines, bad, keys = 0, [], set()
    for seed in range(games):
        n = 2 + seed % 7
        match = play_random(new_match("cirno", seed, n, OPTIONS[seed % len(OPTIONS)]), seed)
        names = [f"P{i}" for i in range(n)]
        for viewer in (None, -1, 0, n - 1):
            d = describer_for("cirno")
            msgs = [ln.msg for ln in d.lines([redact(e, viewer) for e in match.log], viewer)]
            msgs += [e.msg for e in log_entries(match, viewer)]
            for msg in msgs:
                keys.add(msg.key)
                for loc in i18n.LOCALES:
                    i18n.set_locale(loc)
                    text = d.render(msg, names)
                    lines += 1
                    # the companion cards' own English names (Scoop, Change...) are words
                    # on purpose; any other ASCII word is a raw id
                    for c in COMPANIONS:
                        text = text.replace(card_text("cirno", c), "")
                    if RAW.search(text):
                        bad.append((loc, msg.key, text))
    i18n.set_locale("zh-TW")
    return lines, bad, keys


def test_the_raw_pattern_catches_a_raw_id() -> None:
    assert RAW.search("P0 打出 x2：3 → 6") and RAW.search("P0 使用同伴卡「scoop」")
    assert RAW.search("洗牌：companion_deck（26 張）") and RAW.search("⟦log.cirno.x⟧")
    assert RAW.search("P0 的 hand → 棄牌堆") and RAW.search("{gloss}")
    assert not RAW.search("P0 打出 ×2：3 → 6。P1 打出 −3：6 → 3")
    assert not RAW.search("P0 使用同伴卡「Change」（和一人交換整手牌）；All Draw、Pick Out")


def test_every_cirno_line_is_plain_text_in_both_locales() -> None:
    lines, bad, keys = _sweep(40)
    assert lines > 10_000
    assert bad == []
    # the sweep reached the game's own lines, not only the shared ones
    assert {"log.cirno.total_changed", "log.cirno.bust", "log.cirno.round_started.again",
            "log.cirno.companion_used.target", "log.cirno.total_changed.double_first",
            "log.cirno.play.PASS", "log.cirno.play.DOUBLE"} <= keys


@pytest.mark.slow
def test_every_cirno_line_is_plain_text_over_200_games() -> None:
    _, bad, _ = _sweep(200)
    assert bad == []


def test_round_one_names_its_first_player_once() -> None:
    match = new_match("cirno", 3, 3)
    d = describer_for("cirno")
    table = [ln.msg.key for ln in d.lines(match.log, 0) if not ln.detail]
    assert table == ["log.cirno.round_started"]
