"""Eliza: +2 love; look at the top card of any player's deck; leave it or discard it."""

from __future__ import annotations

from cardtable.core.events import REVEALED, redact

from ..scenarios import act, build


def test_eliza_peek_is_secret_and_discard_works() -> None:
    s = build(hands={0: ["eliza"]}, decks={0: ["love1"], 1: ["love1", "love3"]})
    act(s, "serve", "eliza")
    assert s.love == 2 and s.phase == "eliza_target"
    assert {a.target for a in s.legal_actions()} == {0, 1}
    ev = act(s, "target", target=1)
    rev = [e for e in ev if e.kind == REVEALED][0]
    assert redact(rev, 0).data["cards"] == ["love3"]
    assert "cards" not in redact(rev, 1).data
    assert s.view(0).peek == "love3" and s.view(1).peek is None and s.view(None).peek is None
    act(s, "discard")
    assert s.discard[1] == ["love3"] and s.deck[1] == ["love1"]


def test_eliza_leave_keeps_the_card() -> None:
    s = build(hands={0: ["eliza"]}, decks={1: ["love1", "love3"]})
    act(s, "serve", "eliza")
    act(s, "target", target=1)
    act(s, "leave")
    assert s.deck[1] == ["love1", "love3"]


def test_eliza_reshuffles_an_empty_deck_to_look() -> None:
    s = build(hands={0: ["eliza"]}, discards={1: ["love2"]})
    act(s, "serve", "eliza")
    act(s, "target", target=1)
    assert s.deck[1] == ["love2"] and s.view(0).peek == "love2"
