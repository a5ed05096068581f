"""8½ texts: every card face, every announced message key (with its parameters) and the rules
help sections exist in both scripts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable import i18n
from cardtable.games.eight_half.cards import FACES

ROOT = Path(__file__).resolve().parents[3]
RULES_SOURCE = (ROOT / "cardtable" / "games" / "eight_half" / "rules.py").read_text("utf-8")
EVENT_KINDS = ("pile_value", "wanted", "caught", "pile_taken", "table_cards_reached",
               "blind_revealed", "deal_scored", "swap", "no_swap")


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_every_card_face_has_a_name_and_a_description(locale: str) -> None:
    keys = i18n.all_keys(locale)
    missing = [f for f in FACES if f"eight_half.card.{f}" not in keys
               or f"eight_half.card.{f}.desc" not in keys]
    assert missing == []


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_every_announced_key_exists_with_its_parameters(locale: str) -> None:
    found = re.findall(r"announce\(\s*\"([^\"]+)\"((?:,\s*\w+=[^,)]+)*)\)", RULES_SOURCE)
    assert len(found) >= 8
    catalog = i18n.load_catalog(locale)
    for key, args in found:
        assert key in catalog, key
        params = set(re.findall(r"(\w+)=", args))
        assert i18n.placeholders(catalog[key]) <= params, key


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_every_event_kind_of_the_game_has_a_log_line(locale: str) -> None:
    # one key family for the table log, the move log and replays: log.eight_half.<kind>[.variant]
    keys = i18n.all_keys(locale)
    assert [k for k in EVENT_KINDS if f"log.eight_half.{k}" not in keys
            and not any(x.startswith(f"log.eight_half.{k}.") for x in keys)] == []


def test_every_option_has_a_label() -> None:
    from cardtable.games.eight_half.rules import EightHalfOptions

    for locale in i18n.LOCALES:
        keys = i18n.all_keys(locale)
        assert [o for o in EightHalfOptions.model_fields
                if f"eight_half.option.{o}" not in keys] == []


def test_rules_help_sections_are_complete() -> None:
    for locale in i18n.LOCALES:
        cat = i18n.load_catalog(locale)
        assert cat["rules.eight_half.title"]
        count = int(cat["rules.eight_half.section_count"])
        assert count >= 10
        for n in range(1, count + 1):
            assert cat[f"rules.eight_half.section.{n}.title"]
            assert len(cat[f"rules.eight_half.section.{n}.body"]) > 30
        assert f"rules.eight_half.section.{count + 1}.title" not in cat
