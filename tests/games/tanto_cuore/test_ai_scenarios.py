"""Tanto Cuore: the normal and hard levels use each event, cure Illness and build each
chambermaid set (Crescent sisters, Safran, Colette) where it clearly pays.

Events go to whoever it pays to hit: usually the leader, but a Bad Habit that tips a close
rival over the threshold (four or more cost 2 VP each) beats a plain one on the leader.
Agents see views only, so a seat played by a person is hit exactly like a computer's.
"""

from __future__ import annotations

import pytest

from cardtable.core.actions import Action
from cardtable.core.rng import GameRng
from cardtable.games.tanto_cuore.ai import AGENTS

from .scenarios import build

LEVELS = ["normal", "hard"]
TOWN = ("azure", "viola", "rouge", "safran", "kagari", "moine", "genevieve", "eliza",
        "claire", "anise")


def _late(state):  # noqa: ANN001, ANN202
    """The closing stage: Marianne's and Colette's piles down to one card each (the rest put
    in the box), so VP now counts for more than economy."""
    for face in ("marianne", "colette"):
        state.box[face] = state.box.get(face, 0) + state.town[face] - 1
        state.town[face] = 1
    return state


def _choice(level: str, state) -> Action:  # noqa: ANN001
    p = state.current_player()
    return AGENTS[level](1).choose(state.view(p), state.legal_actions(), GameRng(1))


@pytest.mark.parametrize("level", LEVELS)
def test_illness_lands_on_the_leaders_crescent_trio(level: str) -> None:
    """Late in the game seat 1 leads on a complete trio of sisters (7 VP + 3) and holds the
    Colette majority out of my reach (4 to none): an Illness breaks the set (5 VP), more than
    anything 4 Love buys now."""
    s = _late(build(2, TOWN, phase="employ", love=4,
                    chambers={1: ["azure", "viola", "rouge"]},
                    decks={0: ["love1"] * 5, 1: ["colette"] * 4 + ["love1"]}))
    action = _choice(level, s)
    assert action.card == "illness" and action.target == 1
    assert action.value in ("azure", "viola", "rouge")


@pytest.mark.parametrize("level", LEVELS)
def test_bad_habit_tips_a_close_rival_over_the_threshold(level: str) -> None:
    """Three players: seat 2 leads by a little, seat 1 (ahead of me) holds three Bad Habits.
    A fourth costs seat 1 eight VP at the end (4 x -2), far more than a first one costs the
    leader."""
    s = build(3, TOWN, phase="employ", love=2, habits={1: 3},
              chambers={1: ["safran", "safran", "safran"], 2: ["azure", "viola", "rouge"]},
              decks={0: ["love1"] * 5, 1: ["love1"] * 5, 2: ["love1"] * 5})
    action = _choice(level, s)
    assert action == Action("employ", "bad_habit", target=1)


@pytest.mark.parametrize("level", LEVELS)
def test_a_broken_trio_is_cured_at_the_start_of_the_turn(level: str) -> None:
    s = build(2, TOWN, phase="start", hands={0: ["love3", "love1", "love1", "love1", "love1"]},
              chambers={0: [("azure", 1), "viola", "rouge"]})
    assert _choice(level, s) == Action("cure", "azure")


@pytest.mark.parametrize("level", LEVELS)
def test_the_third_sister_completes_the_crescent_set(level: str) -> None:
    s = build(2, TOWN, hands={0: ["azure", "love1", "love1", "love1", "love1"]},
              chambers={0: ["viola", "rouge"]})
    assert _choice(level, s) == Action("chamber", "azure")


@pytest.mark.parametrize("level", LEVELS)
def test_safran_joins_her_set_in_the_chambers(level: str) -> None:
    """Late in the game a second Safran in the chambers makes a set (4 VP)."""
    s = _late(build(2, TOWN, hands={0: ["safran", "love1", "love1", "love1", "love1"]},
                    chambers={0: ["safran"]}))
    assert _choice(level, s) == Action("chamber", "safran")


@pytest.mark.parametrize("level", LEVELS)
def test_a_colette_is_chambered_with_two_servings_and_nothing_else_to_serve(level: str) -> None:
    s = build(2, TOWN, hands={0: ["colette", "love1", "love1", "love1", "love1"]}, serving=2)
    assert _choice(level, s) == Action("chamber", "colette")


def _closing(state, last: str):  # noqa: ANN001, ANN202
    """Marianne's pile empty and one card left on `last`'s pile: employing it empties the
    second maid pile and ends the game at once (TC-END1)."""
    for face, left in (("marianne", 0), (last, 1)):
        state.box[face] = state.box.get(face, 0) + state.town[face] - left
        state.town[face] = left
    return state


def test_hard_does_not_end_a_game_it_would_lose() -> None:
    """The last Colette would end the game with seat 1 ahead on a full Safran set (12 VP, and
    the Colettes tied 2-2 after it): hard keeps the game going (normal takes the Colette)."""
    s = _closing(build(2, TOWN, phase="employ", love=3, chambers={1: ["safran"] * 4},
                       decks={0: ["love1"] * 4 + ["colette"], 1: ["love1"] * 3 + ["colette"] * 2}),
                 "colette")
    assert _choice("normal", s).card == "colette"
    action = _choice("hard", s)
    assert action.card != "colette"


def test_hard_ends_a_game_it_wins_with_the_last_card_of_a_pile() -> None:
    """I lead by a full Safran set; the last Azure empties a second pile and ends the game
    with me the winner, so hard employs her rather than anything that lets the game go on."""
    s = _closing(build(2, TOWN, phase="employ", love=2, chambers={0: ["safran"] * 4},
                       decks={0: ["love1"] * 5, 1: ["love1"] * 5}), "azure")
    assert _choice("hard", s) == Action("employ", "azure")


def test_hard_employs_the_fourth_safran_of_her_set() -> None:
    """Early, with 5 Love and three Safrans in the chambers (8 VP as a set), a fourth makes the
    set 12 VP and leaves the deck once chambered: hard employs her, where normal takes the
    face-up private maid."""
    s = build(2, TOWN, phase="employ", love=5, chambers={0: ["safran"] * 3},
              decks={0: ["love1"] * 6 + ["love2"] * 2 + ["colette"] * 3 + ["safran"],
                     1: ["love1"] * 7 + ["love2"] * 2 + ["colette"] * 3})
    assert _choice("normal", s).card != "safran"
    assert _choice("hard", s) == Action("employ", "safran")
