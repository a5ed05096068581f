"""Keyboard focus against a resting mouse, over every game's table (issue 16, problem 2).

The input device used last decides what is highlighted. After a key press, a mouse resting on
another card changes nothing on the table: the frame is pixel for pixel the one drawn with the
pointer away from every card. On the old tables the card under the pointer was lifted instead.
"""

from __future__ import annotations

import pygame
import pytest

from cardtable.core.match import Match, Seat
from cardtable.games import GAME_IDS, get_spec, registration
from cardtable.ui import gfx
from cardtable.ui.autoplay import key
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.tables.table_scene import TABLE_AREA, TableScene
from tests.hosting import table_for

# the table size the UI suites play, from each game's registration
PLAYERS = {g: registration(g).coverage.table_players for g in GAME_IDS}


def human_decision(app, game: str, seed: int) -> TableScene | None:
    """A table (seat 0 a person, the rest computers) at the person's first decision that offers
    two or more cards in one place (`_cards`), or None."""
    n = PLAYERS[game]
    seats = [Seat(kind="human", name="人")] + [Seat(kind="ai", agent="easy")
                                                 for _ in range(n - 1)]
    match = Match(get_spec(game), seed, n, {}, seats)
    table = app.push(table_for(app, match=match, autosave=False))
    app.speed_factor = 20
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, ResultsScene):  # a round's dialog (Wizard's round 1 has one card)
            if top.age > 0.1:
                key(app, pygame.K_RETURN)
            app.step(1 / 60)
            continue
        table.skip()
        app.step(1 / 60)
        if table.human_turn() and len(_cards(table.current_hits())) >= 2:
            return table
        if app.future_pending():
            import time
            time.sleep(0.002)
    return None


def first_decision(app, game: str) -> TableScene:
    """`human_decision` for the first of 20 seeds that reaches one."""
    for seed in range(20):
        table = human_decision(app, game, seed)
        if table is not None:
            return table
        app.stack.scenes[1:] = []
    raise AssertionError(f"no decision with two cards in one place ({game})")


def _cards(hits: list) -> list:
    """The cards offered in one place: the hand's, else the largest group of hits that share
    a key prefix (Tanto Cuore's first decisions offer the town, not the hand); never the
    buttons or Wizard's bid picker (its arrows step the bid)."""
    groups: dict[str, list] = {}
    for h in hits:
        prefix = h.key.partition(":")[0]
        if prefix not in ("btn", "bid"):
            groups.setdefault(prefix, []).append(h)
    if len(groups.get("hand", [])) >= 2:
        return groups["hand"]
    return max(groups.values(), key=len, default=[])


def _frame(app) -> bytes:
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    table.clock = 100.0  # the same moment for a bobbing turn marker in both frames
    app.step(1 / 60)
    return pygame.image.tobytes(gfx.pixels(app.canvas).subsurface(
        gfx.pixels(app.canvas).get_rect().clip(TABLE_AREA)), "RGB")


def _move(app, pos) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_keyboard_focus_wins_over_a_resting_mouse(app, monkeypatch, game):
    monkeypatch.setattr(TableScene, "CACHE_LAYERS", False)
    table = first_decision(app, game)
    hits = _cards(table.current_hits())
    off = (6, 714)  # the felt's corner: no card, no button
    assert not any(h.rect.collidepoint(off) for h in hits)
    # the pointer rests on the last card; the keyboard moves the focus to another one
    _move(app, hits[-1].rect.center)
    for _ in range(30):  # long enough for a tooltip to come up
        app.step(1 / 60)
    key(app, pygame.K_RIGHT)
    focused = table.focus_model.current(table.current_hits())
    assert focused is not None and focused.key != hits[-1].key
    assert table.active_key() == focused.key
    with_mouse_on_a_card = _frame(app)
    on_card = gfx.pixels(app.canvas).copy()
    # the same focus with the pointer on nothing: the frame must be the same
    _move(app, off)
    app.step(1 / 60)
    assert table.focus_model.current(table.current_hits()).key == focused.key
    assert table.active_key() == focused.key
    pointer_away = _frame(app)
    if pointer_away != with_mouse_on_a_card:
        pygame.image.save(gfx.pixels(app.canvas), f"/tmp/focus-{game}-away.png")
        pygame.image.save(on_card, f"/tmp/focus-{game}-on-card.png")
    assert pointer_away == with_mouse_on_a_card


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_keyboard_focus_can_be_seen(app, monkeypatch, game):
    """Moving the focus from one card to the next changes the picture at both cards: a person
    playing from the keyboard sees where the focus is, on every table and in every zone (the
    town's piles do not lift, so they need a ring of their own)."""
    monkeypatch.setattr(TableScene, "CACHE_LAYERS", False)
    table = first_decision(app, game)
    _move(app, (6, 714))
    app.step(1 / 60)
    hits = _cards(table.current_hits())
    order = table.current_hits()
    key(app, pygame.K_RIGHT)
    while table.focus_model.current(table.current_hits()).key != hits[0].key:
        key(app, pygame.K_RIGHT)
    first = pygame.image.tobytes(_table_pixels(app), "RGB")
    key(app, pygame.K_RIGHT)
    nxt = table.focus_model.current(table.current_hits())
    assert nxt.key == order[(order.index(next(h for h in order if h.key == hits[0].key)) + 1)
                            % len(order)].key
    second = pygame.image.tobytes(_table_pixels(app), "RGB")
    assert first != second, "moving the focus changed nothing on the table"
    a, b = _changed_near(app, first, second, hits[0].rect), _changed_near(app, first, second,
                                                                           nxt.rect)
    assert a and b, f"focus change not drawn at {'the first' if not a else 'the next'} card"


def _table_pixels(app):
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    table.clock = 100.0
    app.step(1 / 60)
    return gfx.pixels(app.canvas).copy()


def _changed_near(app, first: bytes, second: bytes, rect: pygame.Rect) -> bool:
    """Whether a pixel within 8 px of `rect` differs between the two frames."""
    size = gfx.pixels(app.canvas).get_size()
    one = pygame.image.frombytes(first, size, "RGB")
    two = pygame.image.frombytes(second, size, "RGB")
    box = rect.inflate(16, 16).clip(one.get_rect())
    return pygame.image.tobytes(one.subsurface(box), "RGB") != pygame.image.tobytes(
        two.subsurface(box), "RGB")
