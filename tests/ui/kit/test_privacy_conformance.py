"""Hot-seat privacy over every registered game (the table kit's visibility policy, issue 16).

Two people and one or two computers share the screen; a spy records every card face drawn and
checks that a private face is drawn only for the person whose decision it is, between the lifting
of their curtain and the end of that decision (`privacy_spy`). Each game is checked from its
start and, so that round ends, results and the game's end are covered too, from a position
near its end; the whole game from start to end is in the slow set.
"""

from __future__ import annotations

import random

import pytest

from cardtable.core.match import Match, Seat
from cardtable.games import GAME_IDS, get_spec, registration
from cardtable.ui.tables.kit import visibility
from tests.hosting import leaking_tables
from tests.ui.kit.privacy_spy import play_with_spy

# seat kinds by player count: two people, one or two computers
SEATINGS = {3: ("human", "human", "easy"), 4: ("human", "easy", "human", "easy")}
# per game, the seatings of its registration's hot-seat player counts
SETUPS = {g: [SEATINGS[n] for n in registration(g).coverage.hotseat_players] for g in GAME_IDS}


def _seats(kinds: tuple[str, ...]) -> list[Seat]:
    return [Seat(kind="human", name=f"人{i}") if k == "human" else Seat(kind="ai", agent=k)
            for i, k in enumerate(kinds)]


def _match(game: str, kinds: tuple[str, ...], seed: int) -> Match:
    return Match(get_spec(game), seed, len(kinds), {}, _seats(kinds))


def near_end(game: str, kinds: tuple[str, ...], seed: int, left: int) -> Match:
    """The match after all but about `left` actions of a random game with this seed."""
    probe = _match(game, kinds, seed)
    rng = random.Random(seed)
    actions = []
    while not probe.state.is_terminal():
        a = rng.choice(probe.state.legal_actions())
        probe.submit(a)
        actions.append(a)
    match = _match(game, kinds, seed)
    for a in actions[:max(0, len(actions) - left)]:
        match.submit(a)
    return match


def test_every_game_has_a_privacy_setup():
    assert all(SETUPS[g] for g in GAME_IDS)


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_hotseat_from_the_start(app, monkeypatch, game):
    kinds = SETUPS[game][0]
    res = play_with_spy(app, monkeypatch, _match(game, kinds, 11), max_frames=2500,
                        human_moves=14)
    assert res.curtains > 0 and res.human_moves >= 6 and res.owner_frames > 0, res
    assert res.violations == []


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_hotseat_to_the_end(app, monkeypatch, game):
    kinds = SETUPS[game][-1]
    res = play_with_spy(app, monkeypatch, near_end(game, kinds, 5, left=24), max_frames=9000)
    assert res.finished, res
    assert res.curtains > 0 and res.owner_frames > 0, res
    assert res.violations == []


@pytest.mark.parametrize("game", ["cirno", "eight_half", "wizard"])
def test_the_spy_sees_a_hand_left_face_up(app, monkeypatch, game):
    """The spy can fail: a policy that never ends a decision (the old tables: a person's hand
    stayed face up through the computers' turns until the next person's curtain) is caught."""
    monkeypatch.setattr(visibility.VisibilityPolicy, "after_action",
                        lambda self, *a, **k: False)
    res = play_with_spy(app, monkeypatch, _match(game, SETUPS[game][0], 11), max_frames=2500,
                        human_moves=14)
    assert res.violations


# Tanto Cuore's card ids name a kind, and every kind in a hand is also on a public pile of the
# town, so a spy that compares sets of faces cannot tell a private copy from the public one:
# its own count-based spy (tests/ui/test_tanto_cuore_table.py) checks that game face by face.
@pytest.mark.parametrize("game", ["cirno", "eight_half", "wizard"])
def test_the_spy_sees_a_table_that_shows_everything(app, monkeypatch, game):
    leaking_tables(monkeypatch)
    res = play_with_spy(app, monkeypatch, _match(game, SETUPS[game][0], 11), max_frames=3000,
                        human_moves=30)
    assert res.violations


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SETUPS))
def test_hotseat_whole_game(app, monkeypatch, game):
    for kinds in SETUPS[game]:
        res = play_with_spy(app, monkeypatch, _match(game, kinds, 3), max_frames=400_000)
        assert res.finished and res.violations == [], res
        app.stack.scenes[1:] = []
