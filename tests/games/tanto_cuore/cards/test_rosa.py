"""Rosa (private, 1 VP): your starting phase: +1 love."""

from __future__ import annotations

from ..scenarios import act, build


def test_rosa_plus_one_love() -> None:
    s = build(privates={0: ["rosa"]}, phase="start", hands={0: ["kagari"]})
    act(s, "ability", "rosa")
    assert s.love == 1


def test_only_the_top_private_maid_acts() -> None:
    # TC-PM1
    s = build(privates={0: ["rosa", "lucienne"]}, phase="start", hands={0: ["kagari"]})
    kinds = {(a.kind, a.card) for a in s.legal_actions()}
    assert ("ability", "lucienne") in kinds and ("ability", "rosa") not in kinds
