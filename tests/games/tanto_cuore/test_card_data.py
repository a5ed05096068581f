"""The card data file is validated by pydantic on load; a bad file names the card and field."""

from __future__ import annotations

import copy
import json

import pytest

from cardtable.games.tanto_cuore import cards as cards_mod
from cardtable.games.tanto_cuore.cards import (
    DATA_FILE,
    CardDataError,
    load_card_data,
    parse_card_data,
)

RAW = json.loads(DATA_FILE.read_text(encoding="utf-8"))


def _card(raw: dict, cid: str) -> dict:
    return next(c for c in raw["cards"] if c["id"] == cid)


def test_the_shipped_file_loads() -> None:
    data = load_card_data()
    assert len(data.cards) == 33
    assert sum(c.copies for c in data.cards) == 280


@pytest.mark.parametrize(("cid", "field", "value", "needle"), [
    ("moine", "cost", -1, "card 'moine' field 'cost'"),
    ("tenalys", "bonus", {"draw": -2}, "card 'tenalys' field 'bonus.draw'"),
    ("kagari", "copies", 0, "card 'kagari' field 'copies'"),
    ("rosa", "ability", {"type": "teleport"}, "card 'rosa' field 'ability"),
    ("natsumi", "serve", [{"type": "discard_attack"}], "card 'natsumi' field 'serve.0"),
    ("anise", "colour", "blue", "card 'anise' field 'colour'"),
    ("love1", "love", 0, "card 'love1'"),
])
def test_bad_field_names_card_and_field(cid: str, field: str, value: object, needle: str
                                        ) -> None:
    raw = copy.deepcopy(RAW)
    _card(raw, cid)[field] = value
    with pytest.raises(CardDataError) as exc:
        parse_card_data(raw)
    assert needle in str(exc.value)


def test_duplicate_and_unknown_references() -> None:
    raw = copy.deepcopy(RAW)
    raw["cards"].append(copy.deepcopy(_card(raw, "moine")))
    with pytest.raises(CardDataError, match="card 'moine' field 'id'"):
        parse_card_data(raw)
    raw = copy.deepcopy(RAW)
    _card(raw, "sainsbury")["serve"][0]["take_cards"] = ["love9"]
    with pytest.raises(CardDataError, match="card 'sainsbury'.*love9"):
        parse_card_data(raw)


def test_bad_json_file(tmp_path) -> None:
    f = tmp_path / "cards.json"
    f.write_text("{not json", encoding="utf-8")
    with pytest.raises(CardDataError, match="cards.json"):
        load_card_data(f)


def test_special_handlers_must_exist(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.games.tanto_cuore import effects
    monkeypatch.delitem(effects.SPECIALS, "amber")
    with pytest.raises(LookupError, match="card 'amber' field 'ability.handler'"):
        effects.check_handlers()
    assert cards_mod.CARDS["amber"].ability is not None
