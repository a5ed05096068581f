"""WIZ-V1 single colour: saved games keep the suits they were started with. An autosave of a
game from before the choice (its record names no colours; made by main at c36179e, see
tests/games/wizard/data) resumes with seat i on the i-th suit and ends as it did; one with
chosen suits resumes with them."""

from __future__ import annotations

import json
from pathlib import Path

from cardtable import persist
from cardtable.core.actions import Action
from cardtable.core.match import Match, MatchRecord, Seat
from cardtable.games import get_spec, match_from_record
from cardtable.games.wizard.cards import JESTER, SUITS, WIZARD

FIXTURE = Path(__file__).parents[1] / "games" / "wizard" / "data" / \
    "single_colour_before_choice.json"


def _own_suits(match: Match) -> list[set[str]]:
    state = match.state
    return [{f[0] for f in state.hands[q] + state.decks[q] if f not in (WIZARD, JESTER)}
            for q in range(state.num_players)]


def test_wiz_v1_an_autosave_from_before_the_choice_resumes_in_seat_order(home: Path) -> None:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    full = MatchRecord.model_validate(data["record"])
    half = full.model_copy(update={"actions": full.actions[:200]})
    persist.save_autosave(half)
    record, notice = persist.load_autosave()
    assert notice is None and record is not None and "colours" not in record.options
    match = match_from_record(record)
    assert match.options.colours is None
    assert _own_suits(match) == [{s} for s in SUITS[:record.num_players]]
    for raw in full.actions[200:]:
        match.submit(Action.from_json(raw))
    assert match.state.scores() == data["scores"]


def test_wiz_v1_an_autosave_keeps_the_chosen_suits(home: Path) -> None:
    seats = [Seat(kind="human", name="小明"), Seat(kind="human", name="阿美"),
             Seat(kind="ai", agent="easy")]
    match = Match(get_spec("wizard"), 3, 3, {"single_colour": True, "colours": ["y", "g", "b"]},
                  seats)
    for _ in range(12):
        match.submit(match.state.legal_actions()[0])
    persist.save_autosave(match.record())
    record, _ = persist.load_autosave()
    assert record is not None and record.options["colours"] == ["y", "g", "b"]
    again = match_from_record(record)
    assert again.options.colours == ("y", "g", "b")
    assert _own_suits(again) == [{"y"}, {"g"}, {"b"}]
    assert [e.to_json() for e in again.log] == [e.to_json() for e in match.log]
