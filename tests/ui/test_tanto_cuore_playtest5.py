"""Tanto Cuore after play test 5b: every count on an opponent's plate is readable at 2, 3 and
4 players (no mini drawn over a "×N"); the love / serving / employ counters follow the turn the
table shows; Nord asks for a confirmation (right-click, Esc or 取消 back out); the log lines
of public moves are rebuilt per viewer without naming a card the viewer may not see; the move
log calls the supply what the table calls it."""

from __future__ import annotations

import re

import pygame
import pytest

from cardtable import i18n
from cardtable.core.actions import Action
from cardtable.core.events import Msg
from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.history.movelog import format_line
from cardtable.i18n import tr
from cardtable.ui import gfx
from cardtable.ui.art_tanto_cuore import card_name
from cardtable.ui.autoplay import click, frames, key
from cardtable.ui.tables.tanto_cuore_table import TantoCuoreTableScene
from tests.games.tanto_cuore.scenarios import SPECIAL_TOWN, build
from tests.hosting import match_of, table_for
from tests.ui.text_spy import drawn_text

GAME = "tanto_cuore"


def _table(app, n: int, humans: int = 1, **scenario) -> TantoCuoreTableScene:
    """A table showing the exact state `scenarios.build(n, **scenario)` (seat 0 human)."""
    seats = [Seat(kind="human", name=f"人{i}") if i < humans else
             Seat(kind="ai", name=f"電腦 {i}", agent="easy") for i in range(n)]
    match = Match(get_spec(GAME), 7, n, {"kinds": SPECIAL_TOWN}, seats)
    match.state = build(n, **scenario)
    table = app.push(table_for(app, cls=TantoCuoreTableScene, match=match, autosave=False))
    table.director.clear()
    table.snap()
    frames(app, 2)
    return table


# ---------------------------------------------------------------- plate counts
def _crowded(n: int) -> dict:
    """Every opponent with a private stack, chambermaids of five faces (some several, one ill)
    and Bad Habits, and two-digit deck and discard counts (the counts line is at its widest)."""
    stacks = [["lalande", "fay"], ["milly", ("tanya", 1)], ["amber", "sora"]]
    return dict(
        chambers={q: ["colette", "colette", "colette", "safran", ("azure", 1), "viola",
                      "rouge", "rouge"] for q in range(1, n)},
        privates={q: stacks[q - 1] for q in range(1, n)},
        habits={q: 3 for q in range(1, n)},
        hands={0: ["love1", "love2"], **{q: ["love2"] * 3 + ["genevieve", "moine"]
                                         for q in range(1, n)}},
        decks={q: ["love1"] * 10 + ["anise"] * 2 for q in range(1, n)},
        discards={q: ["love3", "love3", "marianne", "marianne", "esquine", "esquine", "eliza",
                      "eliza", "natsumi", "natsumi"] for q in range(1, n)})


def _few(n: int) -> dict:
    """The play test's plate: a private stack of two, two Colettes, two Bad Habits."""
    return dict(chambers={q: ["colette", "colette"] for q in range(1, n)},
                privates={q: [["lalande", "fay"], ["milly", "tanya"], ["amber", "sora"]][q - 1]
                          for q in range(1, n)},
                habits={q: 2 for q in range(1, n)})


class _Log(list):
    """card_spots that also note, in drawing order, each mini drawn."""

    def __init__(self, order: list) -> None:
        super().__init__()
        self.order = order

    def append(self, item) -> None:
        self.order.append(("mini", item[0].copy()))
        super().append(item)


def _plate_drawing(app, table: TantoCuoreTableScene, q: int, monkeypatch) -> list:
    """What `_plate` draws for seat q, in order: ("mini", rect) and ("count", text, rect)."""
    order: list = []
    real_blit = app.text.blit

    def blit(target, s, pos, size, *a, **k):
        rect = real_blit(target, s, pos, size, *a, **k)
        if re.fullmatch(r"×?\d+", s):
            order.append(("count", s.lstrip("×"), rect.copy()))
        return rect
    monkeypatch.setattr(app.text, "blit", blit)
    table.card_spots = _Log(order)
    table._plate(gfx.Surface((1280, 720), pygame.SRCALPHA), q)
    monkeypatch.setattr(app.text, "blit", real_blit)
    return order


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("scenario", [_few, _crowded])
def test_every_count_on_a_plate_is_readable(app, monkeypatch, players, scenario):
    """Play test 5b: "[private maid] × [Colette] × [Bad Habit] ×2" — each "×N" but the last
    was covered by the next mini. Every count is drawn, inside the plate, and nothing drawn
    after it (a mini or another count) covers it; no item is left out for these quarters."""
    table = _table(app, players, **scenario(players))
    v = table.v
    for q in table.opponents():
        order = _plate_drawing(app, table, q, monkeypatch)
        stack, habits = v.privates[q], v.habits[q]
        faces = [f for f, _ in v.chambers[q]]
        want = sorted([str(len(stack))] * (len(stack) > 1) + [str(habits)] * (habits > 0)
                      + [str(faces.count(f)) for f in set(faces) if faces.count(f) > 1])
        counts = [(i, d) for i, d in enumerate(order) if d[0] == "count"]
        assert sorted(d[1] for _, d in counts) == want, (players, q, order)
        assert sum(d[0] == "mini" for d in order) == 1 + len(set(faces)) + (habits > 0)
        box = table.plate_rect(q)
        for i, (_, text, rect) in counts:
            assert box.contains(rect), (players, q, text, rect, box)
            for later in order[i + 1:]:
                other = later[-1]
                assert not rect.colliderect(other), (players, q, text, rect, later)


# ---------------------------------------------------------------- counters
def test_the_counters_show_the_turn_the_table_shows(app):
    """Play test 5b: at each turn start the 愛心/服務/僱用 counters showed the previous
    player's leftovers for about a second. TC-T1: a turn starts with 0 Love, 1 serving and 1
    employ; from the frame the table shows the next player's turn, the counters say so."""
    table = _table(app, 2, phase="employ", love=3, serving=0, employ=2,
                   decks={0: ["love1"] * 6, 1: ["love1"] * 6})
    assert (table.disp["love"], table.disp["serving"], table.disp["employ"]) == (3, 0, 2)
    table.submit(Action("done"))
    for _ in range(400):
        frames(app, 1)
        if table.director.busy and table.disp.get("current") == 1:
            assert (table.disp["love"], table.disp["serving"], table.disp["employ"]) == (
                0, 1, 1)
            return
    raise AssertionError("the next player's turn was never shown while animating")


# ---------------------------------------------------------------- Nord
def _nord_table(app) -> TantoCuoreTableScene:
    table = _table(app, 2, privates={0: ["nord"]}, chambers={1: ["azure"]}, phase="start",
                   hands={0: ["love1", "love3", "colette"]})
    assert Action("ability", "nord") in table.legal
    return table


def _stack_hit(table: TantoCuoreTableScene):
    return next(h for h in table.current_hits() if h.key == "home:stack")


def test_nord_asks_for_a_confirmation_and_right_click_backs_out(app):
    """Play test 5b: a click on Nord committed the player to discarding the hand (the rules
    offer no way back once she acts). Now the click only selects her: the buttons confirm or
    cancel, and right-click, Esc or 取消 back out without a move."""
    table = _nord_table(app)
    history = len(match_of(table).history)
    for back_out in ("right", "esc", "button"):
        click(app, _stack_hit(table).rect.center)
        frames(app, 1)
        assert len(match_of(table).history) == history, "one click on Nord played her ability"
        assert table.selected == "home:stack"
        labels = [table.action_label(h.actions[0]) for h in table.current_hits()]
        assert labels == [i18n.tr("log.tanto_cuore.choice.confirm_nord", card=card_name("nord")),
                          i18n.tr("log.tanto_cuore.choice.cancel")]
        assert i18n.tr("ui.tanto_cuore.prompt.confirm_nord", card=card_name("nord")) in \
            table.prompt_text()
        if back_out == "right":
            click(app, _stack_hit_rect(table), button=3)
        elif back_out == "esc":
            key(app, pygame.K_ESCAPE)
        else:
            click(app, table.current_hits()[1].rect.center)
        frames(app, 1)
        assert table.selected is None and len(match_of(table).history) == history, back_out
        assert table.detail is None
    click(app, _stack_hit(table).rect.center)
    frames(app, 30)  # the kit's misclick guard: a button new where another was waits 0.4 s
    click(app, table.current_hits()[0].rect.center)
    assert match_of(table).history[-1] == Action("ability", "nord")
    assert match_of(table).state.phase == "nord_keep"


def _stack_hit_rect(table: TantoCuoreTableScene) -> tuple[int, int]:
    """Where the stack lies (a right-click on the card itself, where a pinned detail view
    used to take the click)."""
    return table.home_rects(0)["stack"].center


# ---------------------------------------------------------------- log lines per viewer
@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
def test_public_moves_are_logged_for_everyone_without_the_hidden_card(app, locale):
    """Eliza leaves a card she saw on an opponent's deck: everyone reads whose deck she looked
    at and that she left it; only her user reads which card it is. Natsumi's payment and her
    victim's discard are read by all. (The app rebuilds the log per viewer from redacted
    events, so in hot-seat nobody inherits the previous person's lines.)"""
    i18n.set_locale(locale)
    app.text.set_locale(locale)
    table = _table(app, 2, humans=2, hands={0: ["eliza", "natsumi", "love2"],
                                            1: ["love1", "love1", "colette", "love3"]},
                   decks={1: ["love1", "kagari"]}, serving=2)
    match = match_of(table)
    for a in (Action("serve", "eliza"), Action("target", target=1), Action("leave"),
              Action("serve", "natsumi"), Action("discard", "love2"),
              Action("discard", "colette")):
        match.submit(a)
    secret = card_name("kagari")

    def lines(viewer):
        return [line for e in match.events_for(viewer) if (line := table.describe(e))]
    for viewer in (0, 1, None):
        text = "\n".join(lines(viewer))
        want = [i18n.tr("tanto_cuore.log.eliza_peek", player="人0", target="人1"),
                i18n.tr("tanto_cuore.log.eliza_left", player="人0", target="人1"),
                i18n.tr("tanto_cuore.log.natsumi_paid", player="人0", card=card_name("love2")),
                i18n.tr("tanto_cuore.log.natsumi_victim", player="人1", by="人0",
                        card=card_name("colette"))]
        for line in want:
            assert line in text, (viewer, line)
        assert (secret in text) == (viewer == 0), (viewer, text)


def test_the_move_log_calls_the_supply_what_the_table_calls_it(app):
    """Play test 5b: the move log said 城鎮 where the table says 供應區 (and 棄牌區 for the
    棄牌堆)."""
    for locale in ("zh-TW", "zh-CN"):
        i18n.set_locale(locale)
        line = format_line(Msg("log.card_moved.up", {"card": "illness", "src": "illness:1",
                                                     "dst": "town:illness"}),
                           GAME, ["甲", "乙"])
        assert i18n.tr("ui.tanto_cuore.town") in line, line
        line = format_line(Msg("log.card_moved.up", {"card": "love3", "src": "hand:0",
                                                     "dst": "discard:0"}), GAME, ["甲", "乙"])
        assert i18n.tr("ui.tanto_cuore.discard") in line, line


def test_the_private_stack_tooltip_names_the_maids_under_the_top(app):
    """Play test 6: 治療 米莉 was offered, but only the top private maid (菲) could be seen
    and her tooltip did not mention the ill maid under her (TC-PM1: only the top acts; the
    others still score and an ill one can be cured). The top card's tooltip names them."""
    table = _table(app, 2, privates={0: [("milly", 1), "fay"]}, hands={0: ["love3"]},
                   phase="start")
    top = table.home_rects(0)["stack"]
    assert table._under_top("fay", top) == tr(
        "ui.tanto_cuore.under_top",
        maids=tr("ui.tanto_cuore.under_ill", card=card_name("milly")))
    assert table._under_top("milly", top) == ""  # not the top card
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=top.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    with drawn_text(app) as drawn:
        frames(app, 30)  # the tooltip shows once the pointer rested on the card
    # (the line may wrap inside her name)
    assert card_name("milly") in "".join(d.text for d in drawn)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_own_turn_marker_covers_no_opponent_plate(app, monkeypatch, players):
    """Play test 6: at 3 players the ▼ over the own plate covered the last opponent's ×2."""
    from cardtable.ui.tables import tanto_cuore_table as tct
    table = _table(app, players, **_few(players))
    table.disp["current"] = table.bottom_seat
    polys: list[pygame.Rect] = []
    real = tct.gfx.polygon

    def spy(surf, color, points, *args, **kwargs):
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        polys.append(pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
        return real(surf, color, points, *args, **kwargs)

    monkeypatch.setattr(tct.gfx, "polygon", spy)
    table.draw_dynamic(gfx.Surface((1280, 720)))
    assert polys
    for q in table.opponents():
        assert not any(p.colliderect(table.plate_rect(q)) for p in polys), q


def test_illness_mark_leaves_the_name_label_visible():
    """Play test 6: the Illness mark sat on the maid's name label at the card's foot."""
    from cardtable.ui.tables import tanto_cuore_table as tct
    circles: list[tuple[int, int]] = []
    surf = gfx.Surface((200, 200), pygame.SRCALPHA)
    real = tct.gfx.circle

    def spy(s, color, c, *args, **kwargs):
        circles.append(c)
        return real(s, color, c, *args, **kwargs)

    tct.gfx.circle = spy
    try:
        card = pygame.Rect(10, 10, *tct.HOME_CARD)
        from cardtable.ui.text import Text
        tct._illness_mark(surf, Text("zh-TW"), card, 2)
    finally:
        tct.gfx.circle = real
    assert circles and all(c[1] + 10 <= card.y + card.h * 0.72 for c in circles)
