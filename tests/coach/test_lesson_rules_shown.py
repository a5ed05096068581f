"""The 8½ and Tanto Cuore lessons show the rules they promise (issue 21): walking each lesson on
the rules core as instructed, the events and the learner's positions are watched for every key
rule — so a change to the rules or the deal that loses one of them fails here, not silently in a
lesson that no longer teaches it."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.coach.lesson import Do, Lesson, Note, Play, lessons_for
from cardtable.core.events import Event
from cardtable.host.lesson import LessonRunner


def _walk_watching(lesson: Lesson) -> list[dict[str, Any]]:
    """Every step of the lesson as walked: the learner's view and legal actions before a Do,
    the action taken and the events it produced."""
    runner = LessonRunner(lesson)
    out: list[dict[str, Any]] = []
    while not runner.over:
        step = runner.step
        runner.check()
        rec: dict[str, Any] = {"step": step, "events": []}
        if isinstance(step, Do):
            rec["view"] = runner.state.view(lesson.learner)
            rec["legal"] = runner.state.legal_actions()
            rec["action"] = step.instructed
            got = runner.attempt(step.instructed)
            assert got.ok
            rec["events"] = got.events
        elif isinstance(step, Play):
            rec["action"] = step.action
            rec["events"] = runner.play_scripted()
        else:
            assert isinstance(step, Note)
            runner.acknowledge()
        out.append(rec)
    return out


def _events(walked: list[dict[str, Any]], kind: str) -> list[Event]:
    return [e for r in walked for e in r["events"] if e.kind == kind]


def _learner_moves(walked: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in walked if isinstance(r["step"], Do)]


def _only_lesson(game_id: str) -> Lesson:
    got = lessons_for(game_id)
    assert len(got) == 1, [x.id for x in got]
    return got[0]


# ---------------------------------------------------------------- 8½
@pytest.fixture(scope="module")
def e8h() -> list[dict[str, Any]]:
    return _walk_watching(_only_lesson("eight_half"))


def test_eight_half_learner_opens_with_the_lowest_yellow_card(e8h) -> None:  # type: ignore[no-untyped-def]  # noqa: E501
    # E8H-S2
    first = _learner_moves(e8h)[0]
    assert first["view"].opening == "2" and first["action"].cards == ("2",)
    assert first["view"].pile == ()


def test_eight_half_half_makes_the_learner_wanted_and_caught(e8h) -> None:  # type: ignore[no-untyped-def]  # noqa: E501
    # E8H-H1, E8H-W1: the learner's ½ leaves a half value; the next seat catches them
    halves = [r for r in _learner_moves(e8h) if r["action"].cards == ("h",)
              and r["view"].value2 % 2 == 0 and r["view"].value2 < 18]
    assert halves, "the learner never plays ½ on a whole number below 9"
    wanted = [e for e in halves[0]["events"] if e.kind == "wanted"]
    assert wanted and wanted[0].data["player"] == 0
    caught = [e.data for e in _events(e8h, "caught") if e.data["player"] == 0]
    assert caught and caught[0]["catcher"] == 1
    taken = [e.data for e in _events(e8h, "pile_taken") if e.data["player"] == 0]
    assert taken and taken[0]["dst"] == "set_aside:0"


def test_eight_half_learner_catches_an_eight_and_a_half_with_a_nine(e8h) -> None:  # type: ignore[no-untyped-def]  # noqa: E501
    # E8H-E1, E8H-W1
    mine = [e.data for e in _events(e8h, "caught") if e.data["catcher"] == 0]
    assert mine and mine[0]["value2"] == 17 and mine[0]["cards"] == ["9"]
    # the catcher starts the new pile: the learner moves again on an empty pile
    moves = _learner_moves(e8h)
    i = next(k for k, r in enumerate(moves) if r["action"].kind == "catch")
    assert moves[i + 1]["view"].pile == ()


def test_eight_half_five_rule_locks_a_bigger_card(e8h) -> None:  # type: ignore[no-untyped-def]
    # E8H-F1: with "≤ 5" in force the learner holds a 6-9 that is not legal, and has a choice
    under = [r for r in _learner_moves(e8h) if r["view"].le5]
    assert under
    for r in under:
        big = {c for c in r["view"].hand if c in "6789"}
        assert big and not any(set(a.cards) & big for a in r["legal"])
        assert len(r["legal"]) >= 2
    # and the learner plays a 5 themselves, which binds the next seat
    fives = [r for r in _learner_moves(e8h) if r["action"].cards == ("5",)]
    assert fives and any(e.kind == "pile_value" and e.data["le5"] for e in fives[0]["events"])


def test_eight_half_zero_ghost_and_a_taken_pile(e8h) -> None:  # type: ignore[no-untyped-def]
    moves = _learner_moves(e8h)
    zero = [r for r in moves if r["action"].cards == ("0",)]
    assert zero and zero[0]["view"].value2 > 0  # E8H-Z1: 0 on a whole number
    assert any(e.kind == "pile_value" and e.data["value2"] == 0 for e in zero[0]["events"])
    # E8H-G1/N1: a Ghost above 9, where only special cards fit, keeps the value
    ghost = [r for r in moves if r["action"].cards == ("g",) and r["view"].value2 > 18]
    assert ghost
    assert all(a.cards == ("g",) for a in ghost[0]["legal"])
    # E8H-C1: some seat cannot play and takes the pile
    assert any(e.data["reason"] == "cannot_play" for e in _events(e8h, "pile_taken"))


def test_eight_half_lesson_ends_on_the_learners_first_table_card(e8h) -> None:  # type: ignore[no-untyped-def]  # noqa: E501
    # E8H-T1
    last = _learner_moves(e8h)[-1]
    assert last["view"].hand == () and last["view"].bank_counts[0] == 0
    assert last["action"].kind == "play_open"
    assert any(e.kind == "table_cards_reached" and e.data["player"] == 0
               for e in last["events"])


# ---------------------------------------------------------------- Tanto Cuore
@pytest.fixture(scope="module")
def tc() -> list[dict[str, Any]]:
    return _walk_watching(_only_lesson("tanto_cuore"))


def test_tanto_cuore_learner_employs_a_private_maid_and_uses_her(tc) -> None:  # type: ignore[no-untyped-def]  # noqa: E501
    # TC-PM1: straight home, then her start ability
    from cardtable.games.tanto_cuore.cards import CARDS
    emp = [e.data for e in _events(tc, "employed") if e.data["player"] == 0]
    privates = [d["card"] for d in emp if CARDS[d["card"]].kind == "private"]
    assert privates == ["lucienne"]
    moves = _learner_moves(tc)
    uses = [r for r in moves if r["action"].kind == "ability"]
    assert len(uses) == 2 and all(r["view"].privates[0][-1][0] == "lucienne" for r in uses)


def test_tanto_cuore_chambermaid_serving_and_employing(tc) -> None:  # type: ignore[no-untyped-def]
    from cardtable.games.tanto_cuore.cards import CARDS
    # TC-C1: a chambermaid paid with the serving her private maid gave
    chambered = [e.data for e in _events(tc, "chambered") if e.data["player"] == 0]
    assert [d["card"] for d in chambered] == ["colette"]
    moves = _learner_moves(tc)
    ch = next(r for r in moves if r["action"].kind == "chamber")
    assert ch["view"].serving == CARDS["colette"].chamber == 2
    # a general maid employed, then drawn after the reshuffle and served for her bonus
    emp = [e.data["card"] for e in _events(tc, "employed") if e.data["player"] == 0]
    assert "azure" in emp and CARDS["azure"].kind == "general"
    served = [e.data["card"] for e in _events(tc, "served") if e.data["player"] == 0]
    assert served == ["azure"]
    after_serve = moves[[r["action"].kind for r in moves].index("serve") + 1]
    assert after_serve["view"].employ == 2  # Azure's +1 employ


def test_tanto_cuore_event_goes_to_a_player_with_a_maid_at_home(tc) -> None:  # type: ignore[no-untyped-def]  # noqa: E501
    # TC-E1
    played = [e.data for e in _events(tc, "event_played") if e.data["player"] == 0]
    assert played and played[0]["card"] == "bad_habit" and played[0]["target"] == 1
    assert not played[0]["blocked"]
    move = next(r for r in _learner_moves(tc) if r["action"].card == "bad_habit")
    assert move["view"].privates[1], "the target has a maid at home"
