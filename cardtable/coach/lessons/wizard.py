"""Wizard: the lesson (see `cardtable.coach.lesson` for the format).

`basics` (seed 88, 3 players, found with scripts/find_lesson_seeds.py wizard): three rounds
with the learner at seat 0. Round 1: a lone blue 9 loses to a red (trump) 13 — bid 0. Round 2:
a Wizard and a Jester — bid 1, win with the Wizard, lose with the Jester. Round 3 (yellow
trump): lead low, follow yellow when yellow is led, throw anything once void; every round's bid
is met and scored.
"""

from __future__ import annotations

from cardtable.coach.lesson import Do, Lesson, Note, Play, msg
from cardtable.core.actions import Action

HAND = "hand:0"
K = "lesson.wizard.basics."


def play(card: str) -> Action:
    return Action("play", card)


def bid(n: int) -> Action:
    return Action("bid", value=n)


BASICS = Lesson(
    id="wizard.basics",
    game_id="wizard",
    title="lesson.wizard.basics.title",
    players=3,
    seed=88,
    learner=0,
    intro=msg(K + "intro"),
    outro=msg(K + "outro"),
    sample_step=24,  # the step its sample scene opens at (a callout worth a screenshot)
    sample_wrong_step=12,  # ... and the step its `_wrong` sample refuses a move at
    steps=(
        # round 1: one card each, red trump
        Note(msg(K + "trump"), "trump"),
        Play(bid(0), seat=1),
        Play(bid(1), seat=2),
        Do(msg(K + "bid_zero", player=2), "bids", (bid(0),), msg(K + "bid_zero_wrong")),
        Play(play("N"), seat=1),
        Play(play("r13"), seat=2),
        Do(msg(K + "loses_to_trump", by=1, player=2), HAND, (play("b9"),), msg(K + "follow_script")),
        Note(msg(K + "exact_zero"), "scores"),
        # round 2: a Wizard and a Jester
        Play(bid(0), seat=2),
        Do(msg(K + "bid_one"), "bids", (bid(1),), msg(K + "bid_one_wrong")),
        Play(bid(0), seat=1),
        Play(play("y7"), seat=2),
        Do(msg(K + "wizard", player=2), HAND, (play("Z"),), msg(K + "follow_script"),
           ((play("N"), msg(K + "wizard_not_jester")),)),
        Play(play("y3"), seat=1),
        Do(msg(K + "jester"), HAND, (play("N"),), msg(K + "follow_script")),
        Play(play("b7"), seat=1),
        Play(play("r2"), seat=2),
        # round 3: yellow trump, following suit
        Do(msg(K + "bid_three"), "bids", (bid(0),), msg(K + "bid_three_wrong")),
        Play(bid(0), seat=1),
        Play(bid(1), seat=2),
        Do(msg(K + "lead_low", card="r2"), HAND, (play("r2"),), msg(K + "follow_script"),
           ((play("y4"), msg(K + "lead_not_trump")), (play("r9"), msg(K + "lead_not_high")))),
        Play(play("N"), seat=1),
        Play(play("y10"), seat=2),
        Play(play("y9"), seat=2),
        Do(msg(K + "follow", card="y4", player=2), HAND, (play("y4"),), msg(K + "follow_script")),
        Play(play("g2"), seat=1),
        Play(play("g5"), seat=2),
        Do(msg(K + "void", card="r9"), HAND, (play("r9"),), msg(K + "follow_script")),
        Play(play("b2"), seat=1),
        Note(msg(K + "score"), "scores"),
    ),
)

LESSONS = (BASICS,)
