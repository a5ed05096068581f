"""The 8½ and Tanto Cuore tables in their lessons (SDL dummy): the lesson zones they resolve are
the rects of the things named, and a wrong card refused by a lesson leaves the 8½ hand whole for
the retry (it used to stay picked, hiding every other card's play)."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.coach.lesson import Do, lessons_for
from cardtable.core.actions import Action
from cardtable.ui.autoplay import click, frames
from cardtable.ui.scenes.lesson import lesson_zone_rect, start_lesson
from tests.hosting import match_of


def _at(app: Any, game_id: str, key_end: str) -> Any:
    """The game's lesson opened at the first step whose callout key ends in `key_end`, with the
    table settled (deal and scripted moves animated)."""
    lesson = lessons_for(game_id)[0]
    at = next(i for i, s in enumerate(lesson.steps)
              if getattr(s, "say", None) is not None and s.say.key.endswith(key_end))
    app.speed_factor = 20
    scene = start_lesson(app, lesson, at_step=at)
    scene.intro_open = False
    for _ in range(600):
        frames(app, 1)
        if not scene.table.director.busy and scene.table.current_hits():
            break
    assert isinstance(scene.runner.step, Do)
    return scene


def _hit(table: Any, action: Action) -> Any:
    return next(h for h in table.current_hits() if action in h.actions)


def test_a_refused_card_leaves_the_eight_half_hand_whole(app) -> None:  # type: ignore[no-untyped-def]
    scene = _at(app, "eight_half", ".half")
    table = scene.table
    six, half = Action("play", cards=("6",)), Action("play", cards=("h",))
    index, moves = scene.runner.index, len(match_of(table).history)
    click(app, _hit(table, six).rect.center)  # the 6 plays at once: the lesson refuses it
    frames(app, 2)
    assert scene.why is not None and scene.runner.index == index
    assert len(match_of(table).history) == moves  # UNDO-3: nothing played, nothing to undo
    assert table.pick == []
    offered = {a for h in table.current_hits() for a in h.actions}
    assert half in offered and Action("play", cards=("9",)) in offered
    click(app, _hit(table, half).rect.center)
    frames(app, 2)
    assert scene.runner.index == index + 1 and match_of(table).history[-1] == half


def test_eight_half_lesson_zones(app) -> None:  # type: ignore[no-untyped-def]
    table = _at(app, "eight_half", ".catch").table
    catch = _hit(table, Action("catch", cards=("9",)))
    assert catch.key == "btn:catch"
    buttons = lesson_zone_rect(table, "buttons")
    rects = table.button_rects(len(table.button_specs()))
    assert buttons == rects[0].unionall(rects) and buttons.contains(catch.rect)
    value = lesson_zone_rect(table, "value")
    assert all(value.contains(r) for r in table.value_layout().values())
    opens = lesson_zone_rect(table, "open:0")
    assert all(opens.contains(table.slot_rect(0, "open", i)) for i in range(3))
    hand = lesson_zone_rect(table, "hand:0")
    cards = table.hand_rects(3)
    assert all(hand.contains(r) and hand.contains(r.move(0, -18)) for r in cards)


def test_tanto_cuore_lesson_zones(app) -> None:  # type: ignore[no-untyped-def]
    table = _at(app, "tanto_cuore", ".private").table
    ups = table.zones["private_up"]
    slot = table.private_slots[ups.index("lucienne")]
    assert lesson_zone_rect(table, "private_up:lucienne") == slot
    assert lesson_zone_rect(table, "private_up:lucienne").contains(
        _hit(table, Action("employ", "lucienne")).rect)
    # a town pile by face, and a face-up private maid named as a town card
    assert lesson_zone_rect(table, "town:azure") == table.town_slots["azure"]
    assert lesson_zone_rect(table, "town:lucienne") == slot
    # the five Love cards just played, as one row
    played = table.play_rects(len(table.zones["play:0"]))
    assert lesson_zone_rect(table, "play:0") == played[0].unionall(played[1:])


def test_tanto_cuore_choice_zone_follows_the_click(app) -> None:  # type: ignore[no-untyped-def]
    table = _at(app, "tanto_cuore", ".serve").table
    serve = Action("serve", "azure")
    card = _hit(table, serve)
    assert len(card.actions) == 2  # serve or chamber: the table asks
    assert lesson_zone_rect(table, "choice").contains(card.rect)
    click(app, card.rect.center)
    frames(app, 2)
    button = next(h for h in table.current_hits() if h.actions == [serve])
    zone = lesson_zone_rect(table, "choice")
    assert zone.contains(button.rect) and not zone.colliderect(pygame.Rect(card.rect))
