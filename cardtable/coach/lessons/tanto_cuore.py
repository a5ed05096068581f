"""Tanto Cuore: the lesson (see `cardtable.coach.lesson` for the format).

`basics` (seed 83, 2 players, the recommended first-game town; found with
``scripts/find_lesson_deals.py tanto_cuore``): the learner at seat 0 moves first and plays three
turns (8 decisions):
1. five 1 Love: employ Lucienne, a private maid (TC-PM1) — she goes straight home;
2. her start ability (+1 serving), then Colette made a chambermaid with the 2 servings (TC-C1),
   then Azure employed with 2 Love; meanwhile seat 1 employs Tanya, so it has a maid at home;
3. Lucienne again, Azure served for her bonus (+1 employ), a Bad Habit sent to seat 1 (an event,
   TC-E1: only a player with a maid at home can be its target), Viola with the second employ.
"""

from __future__ import annotations

from cardtable.coach.lesson import Do, Lesson, Note, Play, msg
from cardtable.core.actions import Action
from cardtable.core.events import Msg

HAND = "hand:0"
K = "lesson.tanto_cuore.basics."

DONE = Action("done")


def employ(card: str, target: int | None = None, maid: str | None = None) -> Action:
    return Action("employ", card, target=target, value=maid)


def follow(card: str) -> Msg:
    """The plain "wrong move" line: this step of the fixed deal wants that card."""
    return msg(K + "follow_script", card=card)


BASICS = Lesson(
    id="tanto_cuore.basics",
    game_id="tanto_cuore",
    title="lesson.tanto_cuore.basics.title",
    players=2,
    seed=83,
    learner=0,
    options={"town": "recommended"},
    intro=msg(K + "intro"),
    outro=msg(K + "outro"),
    sample_step=11,  # the step its sample scene opens at (a callout worth a screenshot)
    sample_wrong_step=5,  # ... and the step its `_wrong` sample refuses a move at
    steps=(
        # turn 1: five Love in hand
        Note(msg(K + "love"), "play:0"),
        Do(msg(K + "private", card="lucienne"), "private_up:lucienne", (employ("lucienne"),),
           msg(K + "private_wrong", card="lucienne"),
           ((employ("tanya"), msg(K + "private_not_tanya", card="lucienne")),
            (DONE, msg(K + "dont_end", card="lucienne")))),
        Play(employ("colette"), seat=1),
        # turn 2
        Do(msg(K + "ability", card="lucienne"), "privates:0", (Action("ability", "lucienne"),),
           follow("lucienne")),
        Do(msg(K + "chamber", card="colette"), HAND, (Action("chamber", "colette"),),
           msg(K + "chamber_wrong", card="colette")),
        Do(msg(K + "employ", card="azure"), "town:azure", (employ("azure"),),
           follow("azure"),
           ((employ("love1"), msg(K + "employ_not_love")),
            (employ("viola"), msg(K + "employ_azure_first", card="azure")),
            (employ("rouge"), msg(K + "employ_azure_first", card="azure")),
            (DONE, msg(K + "dont_end", card="azure")))),
        Play(employ("tanya"), seat=1),
        Note(msg(K + "their_private", player=1, card="tanya"), "privates:1"),
        # turn 3: the discard pile became the deck
        Note(msg(K + "reshuffled", card="azure"), "deck:0"),
        Do(msg(K + "ability_again", card="lucienne"), "privates:0",
           (Action("ability", "lucienne"),), follow("lucienne")),
        Do(msg(K + "serve", card="azure"), "choice", (Action("serve", "azure"),),
           msg(K + "serve_wrong", card="azure"),
           ((Action("chamber", "azure"), msg(K + "serve_not_chamber", card="azure")),)),
        Do(msg(K + "event", player=1), "town:bad_habit", (employ("bad_habit", 1),),
           msg(K + "event_wrong", player=1),
           ((employ("illness", 1, "tanya"), msg(K + "event_not_illness", card="tanya")),)),
        Do(msg(K + "second_employ", card="viola"), "town:viola", (employ("viola"),),
           follow("viola"),
           ((employ("bad_habit", 1), msg(K + "one_habit_enough")),
            (DONE, msg(K + "dont_end", card="viola")))),
    ),
)

LESSONS = (BASICS,)
