"""Natsumi: +1 draw, +2 serving; may discard 1; then each other player with 4+ cards in hand
discards 1 of their choice."""

from __future__ import annotations

from cardtable.core.actions import Action

from ..scenarios import act, build


def test_natsumi_attack_hits_only_players_with_four_cards() -> None:
    s = build(3, hands={0: ["natsumi", "colette"], 1: ["love1"] * 4 + ["moine"],
                        2: ["love1"] * 3}, decks={0: ["kagari"]})
    act(s, "serve", "natsumi")
    assert s.serving == 2 and "kagari" in s.hand[0]
    assert s.phase == "natsumi_self" and s.current_player() == 0
    act(s, "discard", "colette")
    assert s.phase == "natsumi_victim" and s.current_player() == 1
    assert set(s.legal_actions()) == {Action("discard", "love1"), Action("discard", "moine")}
    act(s, "discard", "moine")
    assert s.discard[1] == ["moine"] and len(s.hand[2]) == 3
    assert s.phase == "serve" and s.current_player() == 0


def test_natsumi_decline_means_no_attack() -> None:
    s = build(2, hands={0: ["natsumi", "colette"], 1: ["love1"] * 5})
    act(s, "serve", "natsumi")
    act(s, "decline")
    assert len(s.hand[1]) == 5 and s.discard[0] == []
