"""The content the app needs is in the catalogs: card names, rule messages, game names."""

from __future__ import annotations

import re

import pytest

from cardtable import i18n
from cardtable.games.cirno import cards

from .conftest import ROOT

GAMES = ("cirno", "eight_half", "tanto_cuore", "wizard")
CIRNO_EVENT_KINDS = ("bust", "total_changed", "direction_changed", "limit_changed",
                     "companion_used", "player_out", "round_started", "round_ended", "game_over",
                     "duty_changed")  # cards_collected: said by the next round's start


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_every_cirno_card_face_has_a_name_and_an_effect(locale: str) -> None:
    keys = i18n.all_keys(locale)
    faces = [*cards.ARITHMETIC, *cards.COMPANIONS]
    missing = [f for f in faces
               if f"cirno.card.{f}" not in keys or f"cirno.card.{f}.desc" not in keys]
    assert missing == []


def test_every_message_key_the_cirno_rules_announce_exists() -> None:
    source = (ROOT / "cardtable" / "games" / "cirno" / "rules.py").read_text(encoding="utf-8")
    announced = set(re.findall(r"announce\(\s*\"([^\"]+)\"", source))
    assert announced, "found no announce() calls to check"
    assert announced - i18n.all_keys("zh-TW") == set()


def test_announce_placeholders_match_the_parameters_the_rules_pass() -> None:
    source = (ROOT / "cardtable" / "games" / "cirno" / "rules.py").read_text(encoding="utf-8")
    for key, args in re.findall(r"announce\(\s*\"([^\"]+)\"((?:,\s*\w+=[^,)]+)*)\)", source):
        params = set(re.findall(r"(\w+)=", args))
        text = i18n.load_catalog("zh-TW")[key]
        assert i18n.placeholders(text) <= params, key


def test_every_cirno_event_kind_has_a_log_line() -> None:
    keys = i18n.all_keys("zh-TW")
    assert [k for k in CIRNO_EVENT_KINDS if f"log.cirno.{k}" not in keys] == []


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_name_and_a_blurb(game: str) -> None:
    for locale in i18n.LOCALES:
        assert i18n.has_key(f"game.{game}.name", locale)
        assert i18n.has_key(f"game.{game}.blurb", locale)


def test_cirno_rules_sections_are_complete() -> None:
    cat = i18n.load_catalog("zh-TW")
    count = int(cat["rules.cirno.section_count"])
    assert count >= 10
    for n in range(1, count + 1):
        assert cat[f"rules.cirno.section.{n}.title"]
        assert len(cat[f"rules.cirno.section.{n}.body"]) > 20
    assert f"rules.cirno.section.{count + 1}.title" not in cat


def test_notice_keys_used_by_persist_exist() -> None:
    from cardtable import persist

    for key in (persist.SETTINGS_CORRUPT_KEY, persist.AUTOSAVE_CORRUPT_KEY):
        for locale in i18n.LOCALES:
            assert i18n.has_key(key, locale)


def test_simplified_text_has_no_common_traditional_leftovers() -> None:
    text = "".join(i18n.load_catalog("zh-CN").values())
    leftovers = sorted(set(text) & set("們這個說遊戲與將從當對應會時數張輪設處發"))
    assert leftovers == []
