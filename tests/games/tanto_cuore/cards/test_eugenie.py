"""Eugenie (private): your starting phase: look at a random card in another player's hand; you
may let them see a random card of yours, and then the two are swapped."""

from __future__ import annotations

from cardtable.core.events import REVEALED, redact

from ..scenarios import act, build


def test_eugenie_look_and_swap() -> None:
    s = build(3, privates={0: ["eugenie"]}, phase="start",
              hands={0: ["love1", "kagari"], 1: ["love3"], 2: ["love2"]})
    ev = act(s, "ability", "eugenie", target=1)
    rev = [e for e in ev if e.kind == REVEALED][0]
    assert redact(rev, 0).data["cards"] == ["love3"]
    assert "cards" not in redact(rev, 1).data and "cards" not in redact(rev, 2).data
    assert s.view(0).seen == "love3" and s.view(1).seen is None
    act(s, "swap")
    assert "love3" in s.hand[0] + s.play[0]  # (Love cards are played on entering employ)
    assert len(s.hand[1]) == 1 and s.hand[1][0] in ("love1", "kagari")
    # player 2 saw none of it: the two hands' composition is one group in their view
    groups = {members for members, _ in s.view(2).pools}
    assert (0, 1) in groups


def test_eugenie_decline_keeps_hands() -> None:
    s = build(privates={0: ["eugenie"]}, phase="start",
              hands={0: ["love1", "kagari"], 1: ["love3"]})
    act(s, "ability", "eugenie", target=1)
    act(s, "decline")
    assert s.hand[1] == ["love3"] and sorted(s.hand[0]) == ["kagari", "love1"]
