"""Nena: +1 love; the players to the left and right, with a maid at home, take a Bad Habit."""

from __future__ import annotations

from ..scenarios import act, build, let_event_in


def test_nena_hits_neighbours_with_maids_at_home() -> None:
    s = build(4, hands={0: ["nena"]}, chambers={1: ["azure"], 2: ["viola"]})
    act(s, "serve", "nena")
    let_event_in(s)  # to the left first, then to the right
    assert s.love == 1
    # left (1) has a maid, right (3) has none, 2 is not a neighbour
    assert s.habits == [0, 1, 0, 0]


def test_nena_two_players_one_bad_habit() -> None:
    s = build(2, hands={0: ["nena"]}, chambers={1: ["azure"]})
    act(s, "serve", "nena")
    let_event_in(s)
    assert s.habits == [0, 1]


def test_nena_claire_reaction_blocks() -> None:
    s = build(2, hands={0: ["nena"], 1: ["claire"]}, chambers={1: ["azure"]})
    before = s.town["bad_habit"]
    act(s, "serve", "nena")
    assert s.phase == "claire_reaction" and s.current_player() == 1
    act(s, "react", "claire")
    assert s.habits == [0, 0] and s.town["bad_habit"] == before
    assert s.hand[1] == ["claire"]


def test_nena_without_events_only_love() -> None:
    s = build(2, hands={0: ["nena"]}, chambers={1: ["azure"]}, events=False)
    act(s, "serve", "nena")
    assert s.habits == [0, 0] and s.love == 1
