"""Cirno's arithmetic game: the lessons (see `cardtable.coach.lesson` for the format).

`basics` (seed 1041, 3 players, found with scripts/find_lesson_seeds.py cirno-basics): the
learner sits at seat 0; seat 2 opens with DOUBLE on the learner, whose two number cards show
CIRNO-D4 (play goes on from the first card's total: 4, not 9); the learner plays a TURN, a
SHOT, a Cirno card (9) on 10 and a DOUBLE of their own; seat 1 passes that duty on with PASS
(CIRNO-D2) and seat 2's second card goes over 12 at the end (CIRNO-D4: the second card is
still checked against the limit). The computers' cards were chosen from their hands so that
each callout's totals hold under the default reading (checked by tests/coach).
"""

from __future__ import annotations

from cardtable.coach.lesson import Do, Lesson, Note, Play, msg
from cardtable.core.actions import Action

HAND = "hand:0"
K = "lesson.cirno.basics."


def play(card: str, target: int | None = None) -> Action:
    return Action("play", card, target=target)


def busts(card: str, total: int) -> tuple[Action, object]:
    """A wrong card that would take the total over 12, with that reason."""
    return play(card), msg(K + "would_bust", card=card, total=total)


def only(card: str) -> object:
    return msg(K + "follow_script", card=card)


BASICS = Lesson(
    id="cirno.basics",
    game_id="cirno",
    title="lesson.cirno.basics.title",
    players=3,
    seed=1041,
    learner=0,
    intro=msg(K + "intro"),
    outro=msg(K + "outro"),
    sample_step=4,  # the step its sample scene opens at (a callout worth a screenshot)
    steps=(
        Note(msg(K + "total"), "total"),
        Play(play("DOUBLE"), seat=2),
        Do(msg(K + "double_on_you", player=2, card="+4"), HAND, (play("+4"),), only("+4"),
           ((play("TURN"), msg(K + "double_pass_on")),)),
        Do(msg(K + "second_card", card="+5"), HAND, (play("+5"),), only("+5"),
           ((play("SHOT", 1), msg(K + "second_card_function")),
            (play("SHOT", 2), msg(K + "second_card_function")),
            (play("TURN"), msg(K + "second_card_function")))),
        Note(msg(K + "double_first"), "total"),  # CIRNO-D4: back to the first card's 4
        Play(play("+2"), seat=1),
        Play(play("+5"), seat=2),
        Do(msg(K + "turn", player=2), HAND, (play("TURN"),), only("TURN"), (busts("+3", 14),)),
        Play(play("/2"), seat=2),
        Play(play("-2"), seat=1),
        Do(msg(K + "shot", player=2), HAND, (play("SHOT", 2),), only("SHOT"),
           ((play("SHOT", 1), msg(K + "shot_other", player=2)),)),
        Play(play("x2"), seat=2),
        Play(play("-3"), seat=1),
        Do(msg(K + "small", card="+3"), HAND, (play("+3"),), only("+3")),
        Play(play("-3"), seat=2),
        Play(play("+7"), seat=1),
        Do(msg(K + "cirno_card"), HAND, (play("9"),), only("9"),
           (busts("+3", 13), busts("+7", 17))),
        Play(play("+3"), seat=2),
        Play(play("-2"), seat=1),
        Do(msg(K + "only_safe", card="+1"), HAND, (play("+1"),), only("+1"),
           (busts("+3", 13), busts("+7", 17))),
        Play(play("TURN"), seat=2),
        Do(msg(K + "double", player=1), HAND, (play("DOUBLE"),), only("DOUBLE"),
           (busts("+3", 14), busts("+7", 18))),
        Play(play("PASS"), seat=1),  # CIRNO-D2: the duty moves on to seat 2
        Play(play("-1"), seat=2),
        Play(play("+4"), seat=2),  # every card of seat 2's hand goes over 12 now
        # read over the bust (the total over 12 still on the table), before the round dialog
        Note(msg(K + "bust", by=1, player=2), "companions:2", before="round_ended"),
    ),
)



C = "lesson.cirno.companions."


def comp(face: str) -> Action:
    return Action("companion", face)


def only2(card: str) -> object:
    return msg(C + "follow_script", card=card)


def busts2(card: str, total: int) -> tuple[Action, object]:
    return play(card), msg(K + "would_bust", card=card, total=total)


# `companions` (seed 13, advanced game, found with scripts/find_lesson_seeds.py
# cirno-companions): the learner's three cards all go over 12 in round 1 (a companion card
# taken); in round 2 the learner opens with Pick Out (keeps -1, throws away +2), which saves
# them on 12 later; seat 1 goes over at the end.
COMPANIONS = Lesson(
    id="cirno.companions",
    game_id="cirno",
    title="lesson.cirno.companions.title",
    players=3,
    seed=13,
    learner=0,
    options={"advanced": True},
    intro=msg(C + "intro"),
    outro=msg(C + "outro"),
    sample_step=7,  # the step its sample scene opens at (a callout worth a screenshot)
    steps=(
        Note(msg(C + "deck"), "companion_deck"),
        Do(msg(C + "start", card="+2"), HAND, (play("+2"),), only2("+2")),
        Play(play("9"), seat=1),
        Play(play("+1"), seat=2),
        Do(msg(C + "forced_bust", card="+3"), HAND, (play("+3"),), only2("+3"),
           ((play("+7"), msg(C + "any_busts")), (play("+6"), msg(C + "any_busts")))),
        Note(msg(C + "got_one", card="pick_out"), "companions:0"),
        Do(msg(C + "use_it", card="pick_out"), "companions:0", (comp("pick_out"),),
           msg(C + "use_it_wrong", card="pick_out")),
        Do(msg(C + "keep", card="-1"), "popup", (Action("keep", "-1"),), only2("-1"),
           ((Action("keep", "x2"), msg(C + "keep_not_x2")),
            (Action("keep", "+6"), msg(C + "keep_not_big")))),
        Do(msg(C + "discard", card="+2"), HAND, (Action("discard", "+2"),), only2("+2"),
           ((Action("discard", "-1"), msg(C + "discard_not_minus")),)),
        Play(play("+7"), seat=1),
        Play(play("+5"), seat=2),
        Do(msg(C + "saved", card="-1"), HAND, (play("-1"),), only2("-1"),
           (busts2("+1", 13),)),
        Play(play("PASS"), seat=1),
        Play(play("+1"), seat=2),
        Do(msg(C + "double", player=1), HAND, (play("DOUBLE"),), only2("DOUBLE"),
           (busts2("+1", 13),)),
        Play(play("/2"), seat=1),
        Play(play("+3"), seat=1),
        Play(play("9"), seat=2),
        Do(msg(C + "small", card="+1"), HAND, (play("+1"),), only2("+1")),
        Play(play("+2"), seat=1),
        Play(play("-2"), seat=2),
        Do(msg(C + "exactly_twelve", card="+2"), HAND, (play("+2"),), only2("+2"),
           (busts2("+6", 16),)),
        Play(play("/2"), seat=1),
        Play(play("PASS"), seat=2),
        Do(msg(C + "up_to_twelve", card="+6"), HAND, (play("+6"),), only2("+6"),
           (busts2("+8", 14),)),
        Play(play("TURN"), seat=1),
        Do(msg(C + "turn_back", player=1), HAND, (play("TURN"),), only2("TURN"),
           (busts2("+8", 20),)),
        Play(play("-3"), seat=1),
        Play(play("+3"), seat=2),
        Do(msg(C + "turn_again", player=2), HAND, (play("TURN"),), only2("TURN"),
           (busts2("+8", 20),)),
        Play(play("9"), seat=2),
        Play(play("+5"), seat=1),
        Note(msg(C + "bust", player=1), "companions:1", before="round_ended"),
    ),
)

LESSONS = (BASICS, COMPANIONS)
