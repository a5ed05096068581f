"""8½: the lesson (see `cardtable.coach.lesson` for the format).

`basics` (seed 196, 4 players, found with ``scripts/find_lesson_deals.py eight_half``; the
script's narration of the deal is how these steps were written): the learner sits at seat 0 and
holds the lowest yellow card, so they open. In 13 decisions they meet, in this order:
- opening with the lowest yellow card (E8H-S2) and "≥ the value" (E8H-B1);
- ½ (E8H-H1): 4 becomes 4½ and the learner is wanted — seat 1 catches them with the 5 and the
  pile goes to the learner's set-aside pile (E8H-W1);
- seat 3 plays 8 + ½ together (E8H-E1) and the learner catches them with a 9, then starts a new
  pile (E8H-W1);
- the 5 rule from their own 5 (seat 1 answers with a ½), a ½ on a half value making the next
  whole number (seat 2, not a catch), and later a 5 against them with a 6 locked (E8H-F1);
- 0 on a whole number (E8H-Z1); a Ghost on 9½, where only special cards fit and nobody can be
  caught (E8H-G1, E8H-N1); a seat that cannot play taking the pile (E8H-C1);
- hand and bank empty: the first open table card (E8H-T1).
"""

from __future__ import annotations

from cardtable.coach.lesson import Do, Lesson, Note, Play, msg
from cardtable.core.actions import Action
from cardtable.core.events import Msg

HAND = "hand:0"
PILE = "pile"
K = "lesson.eight_half.basics."

TAKE = Action("take")


def play(*cards: str) -> Action:
    return Action("play", cards=cards)


def catch(*cards: str) -> Action:
    return Action("catch", cards=cards)


def open_card(face: str) -> Action:
    return Action("play_open", card=face)


def follow(card: str) -> Msg:
    """The plain "wrong move" line: this step of the fixed deal wants that card."""
    return msg(K + "follow_script", card=card)


def keep_ghost(action: Action) -> tuple[Action, Msg]:
    return action, msg(K + "keep_ghost")


BASICS = Lesson(
    id="eight_half.basics",
    game_id="eight_half",
    title="lesson.eight_half.basics.title",
    players=4,
    seed=196,
    learner=0,
    intro=msg(K + "intro"),
    outro=msg(K + "outro"),
    sample_step=12,  # the step its sample scene opens at (a callout worth a screenshot)
    sample_wrong_step=6,  # ... and the step its `_wrong` sample refuses a move at
    steps=(
        Note(msg(K + "your_cards"), HAND),
        Note(msg(K + "table_cards"), "open:0"),
        Do(msg(K + "opener", card="2"), HAND, (play("2"),), follow("2")),
        Play(play("3"), seat=1),
        Play(play("3"), seat=2),
        Play(play("4"), seat=3),
        Do(msg(K + "half", player=1), HAND, (play("h"),), msg(K + "half_wrong"),
           ((play("6"), msg(K + "half_not_six")), (play("9"), msg(K + "half_not_six")))),
        Play(catch("5"), seat=1),
        Note(msg(K + "you_were_caught", player=1), "set_aside:0"),
        Play(play("1"), seat=1),
        Play(play("6"), seat=2),
        Play(play("8", "h"), seat=3),
        Do(msg(K + "catch", player=3), "buttons", (catch("9"),), msg(K + "catch_wrong", player=3),
           ((play("9"), msg(K + "catch_not_play", player=3)),)),
        Do(msg(K + "new_pile", player=3), HAND, (play("4"),), follow("4"),
           (keep_ghost(play("g")),)),
        Play(play("0"), seat=1),
        Play(play("g"), seat=2),
        Play(play("g"), seat=3),
        Do(msg(K + "five"), HAND, (play("5"),), msg(K + "five_wrong"),
           (keep_ghost(play("g")),)),
        Play(play("h"), seat=1),
        Play(play("h"), seat=2),
        Play(play("g"), seat=3),
        Do(msg(K + "zero", by=1, player=2), HAND, (play("0"),), msg(K + "zero_wrong"),
           (keep_ghost(play("g")),)),
        Play(play("8"), seat=1),
        Play(play("9"), seat=2),
        Play(play("h"), seat=3),
        Do(msg(K + "ghost"), HAND, (play("g"),), follow("g")),
        Play(play("h"), seat=1),
        Play(play("h"), seat=2),
        Play(TAKE, seat=3),
        Do(msg(K + "took", player=3), HAND, (play("6"),), follow("6"),
           (keep_ghost(play("g")),)),
        Play(play("7"), seat=1),
        Play(play("g"), seat=2),
        Play(play("8"), seat=3),
        Do(msg(K + "nine"), HAND, (play("9"),), follow("9"), (keep_ghost(play("g")),)),
        Play(TAKE, seat=1),
        Play(play("1"), seat=2),
        Play(play("5"), seat=3),
        Do(msg(K + "five_against", player=3), HAND, (play("2"),), follow("2"),
           ((play("g"), msg(K + "five_ghost")),)),
        Play(play("2"), seat=1),
        Play(play("3", "3"), seat=2),
        Play(play("g", "g"), seat=3),
        Do(msg(K + "bank_empty"), HAND, (play("6"),), follow("6"), (keep_ghost(play("g")),)),
        Play(play("7"), seat=1),
        Play(play("9"), seat=2),
        Play(TAKE, seat=3),
        Do(msg(K + "last_hand_card", player=3), HAND, (play("g"),), follow("g")),
        Play(play("4"), seat=1),
        Play(play("6"), seat=2),
        Play(play("7"), seat=3),
        Do(msg(K + "open_card"), "open:0", (open_card("7"),), follow("7"),
           ((open_card("h"), msg(K + "open_not_half")),)),
    ),
)

LESSONS = (BASICS,)
