"""Tanya (private, 1 VP): serving phase: the first time a served maid makes you draw, you may
draw 1 more (once a turn)."""

from __future__ import annotations

from ..scenarios import act, build


def test_tanya_may_draw_one_more() -> None:
    s = build(privates={0: ["tanya"]}, hands={0: ["viola", "viola", "kagari"]},
              decks={0: ["love1"] * 4}, serving=3)
    act(s, "serve", "viola")
    assert s.phase == "tanya"
    act(s, "draw")
    assert len(s.hand[0]) == 4  # viola, kagari, +1 drawn, +1 more
    act(s, "serve", "viola")
    assert s.phase == "serve"


def test_tanya_decline() -> None:
    s = build(privates={0: ["tanya"]}, hands={0: ["viola", "kagari"]},
              decks={0: ["love1"] * 4}, serving=3)
    act(s, "serve", "viola")
    act(s, "decline")
    assert len(s.hand[0]) == 2
