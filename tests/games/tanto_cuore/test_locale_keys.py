"""Every card has a name and our own text; every message key and event kind the rules emit and
every pending choice have text; the rules help is complete."""

from __future__ import annotations

import re
from pathlib import Path

from cardtable import i18n
from cardtable.games.tanto_cuore import effects
from cardtable.games.tanto_cuore.cards import CARDS

SRC = Path(__file__).resolve().parents[3] / "cardtable" / "games" / "tanto_cuore"


def test_every_card_has_a_name_and_text_in_both_scripts() -> None:
    for locale in i18n.LOCALES:
        keys = i18n.all_keys(locale)
        missing = [f for f in CARDS if f"tanto_cuore.card.{f}" not in keys
                   or f"tanto_cuore.card.{f}.desc" not in keys]
        assert missing == []


def test_every_announced_key_exists_with_matching_placeholders() -> None:
    cat = i18n.load_catalog("zh-TW")
    found = 0
    for name in ("rules.py", "effects.py"):
        source = (SRC / name).read_text(encoding="utf-8")
        for key, args in re.findall(r"announce\(\s*\"([^\"]+)\"((?:,\s*\w+=[^,)]+)*)\)",
                                    source):
            found += 1
            assert key in cat, key
            assert i18n.placeholders(cat[key]) <= set(re.findall(r"(\w+)=", args)), key
    assert found >= 8


def test_event_kinds_pending_kinds_and_phases_have_text() -> None:
    keys = i18n.all_keys("zh-TW")
    for kind in ("employed", "served", "chambered", "event_played", "scored"):
        assert f"log.tanto_cuore.{kind}" in keys
    for kind in (*effects.PENDING, "start", "serve", "employ"):
        assert f"tanto_cuore.prompt.{kind}" in keys
    for phase in ("start", "serve", "employ", "discard", "game_over"):
        assert f"tanto_cuore.phase.{phase}" in keys


def test_rules_help_sections() -> None:
    cat = i18n.load_catalog("zh-TW")
    assert cat["rules.tanto_cuore.title"]
    count = int(cat["rules.tanto_cuore.section_count"])
    assert count >= 10
    for n in range(1, count + 1):
        assert cat[f"rules.tanto_cuore.section.{n}.title"]
        assert len(cat[f"rules.tanto_cuore.section.{n}.body"]) > 20
