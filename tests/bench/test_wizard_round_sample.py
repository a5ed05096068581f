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


def test_sees_all_bids_judges_each_bid_on_the_true_deal_and_leaves_the_agent_as_it_was() -> None:
    # With the true deal in every bid rollout (the others and the hard seat then all play by
    # the normal rule, which is deterministic), the rollouts' exact chance of the chosen bid
    # is 0 or 1 and says whether the normal rule's play makes it; with plain sampling it is
    # a chance in between. Afterwards the agent's sampling is its own again.
    from cardtable.games.wizard import ai

    tool = load_script("wizard_round_sample")
    plain = type(ai.SEARCH_SPEC).determinize
    seen = tool.sample(3, range(5, 9), 11, 16, 8, diagnose=True, sees_all=tool.SEES_ALL["bids"])
    for row in seen:
        assert row["predicted_exact"] in (0.0, 1.0)
        assert row["predicted_exact"] == float(row["bid"] == row["normal_tricks"])
    assert "determinize" not in vars(ai.SEARCH_SPEC)
    assert type(ai.SEARCH_SPEC).determinize is plain
    guessed = tool.sample(3, range(5, 9), 11, 16, 8, diagnose=True)
    assert any(0.0 < row["predicted_exact"] < 1.0 for row in guessed)
