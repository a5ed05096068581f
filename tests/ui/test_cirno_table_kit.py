"""Cirno's table on the table kit: its log, plates, show-all hands, tooltips and hot-seat
privacy (issues 16 and 17)."""

from __future__ import annotations

from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.history.movelog import format_line, log_entries
from cardtable.ui.autoplay import frames
from cardtable.ui.tables import table_class


def _match(seed: int = 4, kinds: tuple[str, ...] = ("human", "ai", "ai"),
           options: dict | None = None) -> Match:
    names = ["阿明", "小華", "電腦3", "電腦4", "電腦5", "電腦6"]
    seats = [Seat(kind=k, name=names[i]) if k == "human" else
             Seat(kind="ai", name=names[i], agent="easy") for i, k in enumerate(kinds)]
    return Match(get_spec("cirno"), seed, len(kinds), options or {}, seats)


def _settled_table(app, match: Match):
    table = app.push(table_class("cirno")(app, match, autosave=False))
    frames(app, 2)
    table.skip()
    frames(app, 2)
    return table


def test_round_one_log_names_the_first_player_once_and_collects_nothing(app):
    """Before anything was played the table log said 先出牌 twice (the opening announcement and
    the round's start) and 「收回所有算術卡」 although no card had been out yet."""
    match = _match()
    table = _settled_table(app, match)
    assert match.state.view(None).round_no == 1
    lines = table.log_lines
    assert sum(line.count("先出牌") for line in lines) == 1, lines
    assert not any("收回" in line for line in lines), lines
    # the move log says the same (one describer for both)
    names = table.seat_names()
    moves = [format_line(e.msg, "cirno", names) for e in log_entries(match, 0)]
    assert sum(line.count("先出牌") for line in moves) == 1, moves
    assert not any("收回" in line for line in moves), moves


def test_a_later_round_says_once_that_the_cards_were_collected(app):
    """From round 2 on the round's start says the cards went back (and who starts), once."""
    import random

    match = _match(seed=9, kinds=("ai", "ai", "ai"))
    rng = random.Random(9)
    while match.state.view(None).round_no < 2:
        match.submit(rng.choice(match.state.legal_actions()))
    table = app.push(table_class("cirno")(app, match, autosave=False))
    start = max(i for i, line in enumerate(table.log_lines) if "第 2 局" in line)
    tail = table.log_lines[start - 3:]
    assert sum("收回" in line for line in tail) == 1, tail
    assert sum(line.count("先出牌") for line in tail) == 1, tail


# ---------------------------------------------------------------- one redraw strategy (PartLayer)
def test_cirno_repaints_part_by_part_and_equals_a_full_redraw(app):
    """Cirno's layer is a PartLayer: partial repaints happen, each equals a full redraw, and
    every part paints inside its rect (demo with every hand shown, 6 seats)."""
    from cardtable.ui.launch import start_demo
    from tests.ui.layer_checks import check_against_full_redraws, parts_painting_outside

    table = start_demo(app, "cirno", 6, 3, 8.0)
    table.toggle_show_all()
    repaints, partial, faults = check_against_full_redraws(app, table, 240)
    assert faults == []
    assert repaints > 20 and partial > repaints * 0.5
    assert parts_painting_outside(app, table) == []


def test_cirno_parts_paint_inside_their_rects_on_a_human_turn(app):
    from cardtable.ui.samples import open_sample
    from tests.ui.layer_checks import parts_painting_outside

    table = open_sample(app, "table")
    frames(app, 3)
    table.skip()
    assert parts_painting_outside(app, table) == []
    import pygame
    hit = table.current_hits()[0]
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=hit.rect.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    frames(app, 2)
    assert parts_painting_outside(app, table) == []


# ---------------------------------------------------------------- the shared animator's group flights
def test_a_new_round_sweeps_the_cards_back_as_one_staggered_group_flight(app, monkeypatch):
    """cards_collected: every card on the table flies back to the deck as one group flight
    (it used to vanish from hands and piles at once); the deck then holds every card."""
    from cardtable.games.cirno.cards import ARITHMETIC
    from cardtable.ui.anim import Director
    from cardtable.ui.launch import start_demo

    groups: list[tuple[int, float]] = []
    real = Director.fly_group

    def spy(self, cards, duration, stagger, *a, **kw):
        groups.append((len(cards), stagger))
        return real(self, cards, duration, stagger, *a, **kw)
    monkeypatch.setattr(Director, "fly_group", spy)
    table = start_demo(app, "cirno", 3, 2, 8.0)
    for _ in range(6000):
        app.step(1 / 60)
        if table.match.state.view(None).round_no >= 2 and groups:
            break
    assert groups, "no round was swept"
    n, stagger = groups[0]
    assert n >= 3 * 3 + 1 and stagger > 0  # three hands and at least the pile's card
    for _ in range(600):
        if not table.director.busy:
            break
        app.step(1 / 60)
    assert sum(len(c) for z, c in table.zones.items() if z == "deck" or z.startswith(
        ("hand:", "pile", "discard"))) == sum(ARITHMETIC.values())
