"""Esquine: +2 draw; discard up to 2 cards from hand, +1 serving each."""

from __future__ import annotations

from cardtable.core.actions import Action

from ..scenarios import act, build


def test_esquine_discards_up_to_two_for_serving() -> None:
    s = build(hands={0: ["esquine", "colette", "marianne", "kagari"]},
              decks={0: ["love1", "love1"]})
    act(s, "serve", "esquine")
    assert len(s.hand[0]) == 5 and s.serving == 0
    act(s, "discard", "colette")
    assert s.serving == 1 and s.phase == "esquine"
    act(s, "discard", "marianne")
    assert s.serving == 2 and s.phase == "serve"
    assert sorted(s.discard[0]) == ["colette", "marianne"]


def test_esquine_may_stop_early() -> None:
    s = build(hands={0: ["esquine", "colette"]}, decks={0: ["love1", "love1"]})
    act(s, "serve", "esquine")
    assert Action("done") in s.legal_actions()
    act(s, "discard", "colette")
    act(s, "done")
    assert s.serving == 1
