"""Every Wizard message key the rules and the score pad use exists in both locales, with the
placeholders the code passes; card and suit names; rules help sections."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable import i18n
from cardtable.games.wizard.cards import BACK, COPIES, SUITS
from cardtable.games.wizard.rules import WizardOptions

ROOT = Path(__file__).resolve().parents[3]
SRC = ROOT / "cardtable" / "games" / "wizard"
EVENT_KEYS = (
    "round_started", "cards_collected", "trump_set.card", "trump_set.jester",
    "trump_set.wizard_choice", "trump_set.last_round", "trump_set.single_colour",
    "bid_placed", "bid_placed.hidden", "bids_revealed", "trick_won", "score_changed.exact",
    "score_changed.missed", "round_scored", "game_over", "played", "first_dealer",
    "dealer_chooses_trump")


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_wizard_card_suit_and_option_names(locale: str) -> None:
    keys = i18n.all_keys(locale)
    assert [f for f in [*COPIES, BACK] if f"wizard.card.{f}" not in keys] == []
    assert [s for s in SUITS if f"wizard.suit.{s}" not in keys] == []
    assert [o for o in WizardOptions.model_fields if f"wizard.option.{o}" not in keys] == []
    assert [k for k in EVENT_KEYS if f"log.wizard.{k}" not in keys] == []


@pytest.mark.parametrize("module", ["rules.py", "scorepad.py"])
def test_wizard_message_keys_exist_with_their_placeholders(module: str) -> None:
    source = (SRC / module).read_text(encoding="utf-8")
    found = 0
    for key, args in re.findall(r"announce\(\s*\"([^\"]+)\"((?:,\s*\w+=[^,)]+)*)\)", source):
        found += 1
        params = set(re.findall(r"(\w+)=", args))
        for locale in i18n.LOCALES:
            assert i18n.placeholders(i18n.load_catalog(locale)[key]) <= params, key
    for key, params in re.findall(r"Msg\(\"([^\"]+)\",\s*\{([^}]*)\}", source):
        found += 1
        names = set(re.findall(r"\"(\w+)\":", params))
        for locale in i18n.LOCALES:
            assert i18n.placeholders(i18n.load_catalog(locale)[key]) <= names, key
    assert found


def test_wizard_rules_help_sections_complete() -> None:
    for locale in i18n.LOCALES:
        cat = i18n.load_catalog(locale)
        assert cat["rules.wizard.title"]
        count = int(cat["rules.wizard.section_count"])
        assert count >= 12
        for n in range(1, count + 1):
            assert cat[f"rules.wizard.section.{n}.title"]
            assert len(cat[f"rules.wizard.section.{n}.body"]) > 30
        assert f"rules.wizard.section.{count + 1}.title" not in cat
        text = "".join(cat[f"rules.wizard.section.{n}.title"] for n in range(1, count + 1))
        if locale == "zh-TW":
            for variant in ("加減 1 墩", "隱藏預言", "秘密預言", "深思熟慮", "單色玩法"):
                assert variant in text
