"""Milly (private, 2 VP): serving phase: the first time a served maid makes you draw, +1
serving (once a turn)."""

from __future__ import annotations

from ..scenarios import act, build


def test_milly_once_per_turn() -> None:
    s = build(privates={0: ["milly"]}, hands={0: ["viola", "viola", "kagari"]},
              decks={0: ["love1"] * 4}, serving=3)
    act(s, "serve", "viola")
    assert s.serving == 3  # 3 - 1 + 1
    act(s, "serve", "viola")
    assert s.serving == 2


def test_milly_not_from_maids_that_do_not_draw() -> None:
    s = build(privates={0: ["milly"]}, hands={0: ["kagari", "kagari"]}, serving=1)
    act(s, "serve", "kagari")
    assert s.serving == 2
