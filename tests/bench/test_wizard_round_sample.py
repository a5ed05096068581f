"""scripts/wizard_round_sample.py: paired single rounds, and its diagnosis."""

from __future__ import annotations

from tests.script_modules import load_script


def test_items_are_the_same_rounds_every_time_and_the_diagnosis_fits_them() -> None:
    tool = load_script("wizard_round_sample")
    first = tool.sample(3, range(2, 5), 11, 16, 8, diagnose=True)
    again = tool.sample(3, range(2, 5), 11, 16, 8, diagnose=False)
    for a, b in zip(first, again, strict=True):
        assert {k: a[k] for k in ("i", "round", "seat", "bid", "tricks")} == \
            {k: b[k] for k in ("i", "round", "seat", "bid", "tricks")}
        assert a["round"] == 1 + a["i"] % 20
        assert 0 <= a["normal_tricks"] <= a["round"] and 0.0 <= a["predicted_exact"] <= 1.0
        assert "normal_tricks" not in b
    line = tool.diagnosis_line("all", first)
    assert line.startswith("all: 3 rounds, made ")
