"""WIZ-V1 single colour: each player chooses a suit (seed 004: 「每位玩家選擇 1 個花色的牌」,
one box, so no two alike). The rules own the choice: option `colours` validated by the options
model, `colour_choices` / `settle_colours` say what a seat may take and what the computers
get; legality is unchanged (single colour's legal_actions: any card in hand). A record made
before the choice (no `colours`) replays exactly as it did (seat order)."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from cardtable.core.actions import Action
from cardtable.core.errors import UnknownOptionError
from cardtable.core.match import Match, MatchRecord, Seat
from cardtable.core.rng import GameRng
from cardtable.games.wizard.cards import JESTER, SUITS, WIZARD
from cardtable.games.wizard.rules import (
    SPEC,
    TRICK_WON,
    UnseenDealer,
    colour_choices,
    settle_colours,
)
from cardtable.history import variants

DATA = Path(__file__).parent / "data"


def _seats(n: int) -> list[Seat]:
    return [Seat(kind="human", name="小明")] + [Seat(kind="ai", agent="normal")
                                                 for _ in range(n - 1)]


def _play_out(match: Match, seed: int) -> None:
    rng = random.Random(seed)
    while not match.state.is_terminal():
        match.submit(rng.choice(match.state.legal_actions()))


@pytest.mark.parametrize("colours", [("g", "y", "r", "b"), ("y", "b", "r")])
def test_wiz_v1_single_colour_setup_choice_respected(colours: tuple[str, ...]) -> None:
    """Every card a seat is dealt and plays, all game long, is of the suit it chose (or its
    own Wizard or Jester); the view says each seat's suit."""
    n = len(colours)
    match = Match(SPEC, 31, n, {"single_colour": True, "colours": list(colours)}, _seats(n))
    state = match.state
    assert state.options.colours == colours
    assert state.view(0).seat_suits == colours
    for q in range(n):
        assert {f[0] for f in state.decks[q] + state.hands[q] if f not in (WIZARD, JESTER)} \
            == {colours[q]}
    _play_out(match, 4)
    played = [(q, f) for ev in match.log if ev.kind == TRICK_WON for q, f in ev.data["cards"]]
    assert len(played) == sum(range(4, 16)) * n  # 12 rounds of 4..15 cards
    assert all(f in (WIZARD, JESTER) or f[0] == colours[q] for q, f in played)
    # 3 players: the suit nobody chose stays in the box
    assert {f[0] for _, f in played if f not in (WIZARD, JESTER)} == set(colours)


@pytest.mark.parametrize("options, why", [
    ({"single_colour": True, "colours": ["r", "r", "g"]}, "different"),
    ({"single_colour": True, "colours": ["r", "x", "g"]}, "colours.1"),
    ({"colours": ["r", "b", "g"]}, "single_colour"),
    ({"single_colour": True, "colours": ["r", "b"]}, "3-4"),
    ({"single_colour": True, "colours": ["r", "b", "g", "y", "r"]}, "3-4"),
])
def test_wiz_v1_invalid_colour_choice_refused(options: dict, why: str) -> None:
    """Two seats on one suit, a suit that does not exist, colours without single colour, or
    a count no single-colour game has: refused by the rules (new game and record alike)."""
    with pytest.raises(UnknownOptionError, match=why):
        SPEC.parse_options(options)
    with pytest.raises(UnknownOptionError, match=why):
        SPEC.parse_options(options, recorded=True)


def test_wiz_v1_colour_choice_must_fit_the_table() -> None:
    """One suit per player: three colours for four players (or four for three) is refused."""
    with pytest.raises(ValueError, match="one suit per player"):
        SPEC.new_game(1, 4, {"single_colour": True, "colours": ["r", "b", "g"]})
    with pytest.raises(ValueError, match="one suit per player"):
        SPEC.new_game(1, 3, {"single_colour": True, "colours": ["r", "b", "g", "y"]})


def test_wiz_v1_colour_choices_and_the_computers_share() -> None:
    """A seat may take any suit no other seat chose; the rules give the seats without a
    choice (computers) the suits left over, in suit order; with no choice at all seat i has
    the i-th suit (the behaviour before the choice); a suit chosen twice stays with the
    earlier seat."""
    assert colour_choices(["y", None, "r", None], 1) == ("b", "g")
    assert colour_choices(["y", None, "r", None], 0) == ("b", "g", "y")
    assert settle_colours(["y", None, "r", None]) == ("y", "b", "r", "g")
    assert settle_colours([None, None, None]) == ("r", "b", "g")
    assert settle_colours([None] * 4) == SUITS
    assert settle_colours(["g", None, "g"]) == ("g", "r", "b")
    for chosen in (["y", None, "r", None], [None, "g", None], ["b", "r", "y", "g"]):
        settled = settle_colours(chosen)
        assert len(set(settled)) == len(chosen)
        SPEC.new_game(1, len(chosen), {"single_colour": True, "colours": list(settled)})


def test_wiz_v1_old_record_without_colours_replays_identically() -> None:
    """A single-colour game recorded before the choice existed (main at c36179e: options
    without `colours`) replays to the identical event log and scores, seat i playing the
    i-th suit, and its record keeps no choice it was not made with."""
    data = json.loads((DATA / "single_colour_before_choice.json").read_text(encoding="utf-8"))
    record = MatchRecord.model_validate(data["record"])
    assert "colours" not in record.options
    match = Match.from_record(record, SPEC)
    log = [e.to_json() for e in match.log]
    digest = hashlib.sha256(json.dumps(log, ensure_ascii=False, sort_keys=True).encode())
    assert len(log) == data["events"]
    assert digest.hexdigest() == data["events_sha256"]
    assert match.state.scores() == data["scores"]
    assert match.options.colours is None
    assert match.state.view(0).seat_suits == SUITS[:record.num_players]
    # the same game chosen in seat order today plays the same cards
    again = Match(SPEC, record.seed, record.num_players,
                  {**record.options, "colours": list(SUITS)}, record.seats)
    for raw in record.actions:
        again.replay_action(Action.from_json(raw))
    assert [e.to_json() for e in again.log] == log


def test_wiz_v1_a_record_keeps_the_colours_it_was_made_with() -> None:
    """A saved game with chosen colours replays with them (record -> JSON -> replay)."""
    match = Match(SPEC, 8, 3, {"single_colour": True, "colours": ["b", "y", "g"]}, _seats(3))
    rng = random.Random(2)
    for _ in range(30):
        match.submit(rng.choice(match.state.legal_actions()))
    text = match.record().model_dump_json()
    assert json.loads(text)["options"]["colours"] == ["b", "y", "g"]
    again = Match.from_record(MatchRecord.model_validate_json(text), SPEC)
    assert again.options.colours == ("b", "y", "g")
    assert [e.to_json() for e in again.log] == [e.to_json() for e in match.log]


def test_wiz_v1_search_deals_each_seat_its_chosen_suit() -> None:
    """The AI's deals of unseen cards (UnseenDealer) use the chosen suits, not seat order."""
    match = Match(SPEC, 12, 4, {"single_colour": True, "colours": ["y", "g", "b", "r"]},
                  _seats(4))
    view = match.state.view(0)
    dealer = UnseenDealer(view)
    for k in range(5):
        state = dealer.state(GameRng(k))
        for q, suit in enumerate(("y", "g", "b", "r")):
            faces = state.hands[q] + state.decks[q]
            assert {f[0] for f in faces if f not in (WIZARD, JESTER)} == {suit}


def test_wiz_v1_the_choice_of_colour_is_not_a_variant() -> None:
    """Statistics and replays group by the rules played; who took which suit is not one."""
    opts = SPEC.parse_options({"single_colour": True, "colours": ["y", "g", "b"]}).model_dump()
    assert variants.variant_of("wizard", opts) == ("single_colour",)
