"""The Tanto Cuore table on the table kit (issues 16 and 17): hand hits per card slot, the
tooltip hooks, no click that ends a turn by surprise, readable town cards and quarters, what an
ill maid's tooltip, Nord's list and the Claire prompt say, pile counts while an event flies, and
the final board behind the results."""

from __future__ import annotations

import pygame
import pytest

from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.ui.autoplay import click, frames, key
from cardtable.ui.tables.tanto_cuore_table import TantoCuoreTableScene
from tests.games.tanto_cuore.scenarios import SPECIAL_TOWN, build
from tests.hosting import match_of, table_for

GAME = "tanto_cuore"


def _table(app, n: int = 2, humans: int = 1, setup=None, **scenario) -> TantoCuoreTableScene:
    """A table showing the exact state `scenarios.build(n, **scenario)` (seat 0 human), after
    `setup(state)` if given (the table is made after: it sees what the host sends)."""
    seats = [Seat(kind="human", name=f"人{i}") if i < humans else
             Seat(kind="ai", name=f"電腦 {i}", agent="easy") for i in range(n)]
    match = Match(get_spec(GAME), 7, n, {"kinds": SPECIAL_TOWN}, seats)
    match.state = build(n, **scenario)
    if setup is not None:
        setup(match.state)
    table = app.push(table_for(app, cls=TantoCuoreTableScene, match=match, autosave=False))
    table.director.clear()
    table.snap()
    frames(app, 2)
    return table


def _move(app, pos: tuple[int, int]) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))


# ---------------------------------------------------------------- issue 16: slot hits
def test_two_identical_maids_in_hand_are_each_a_hit_and_each_reachable(app):
    table = _table(app, hands={0: ["viola", "viola", "love1"]}, phase="serve")
    hand = [h for h in table.current_hits() if h.key.startswith("hand:")]
    assert [h.key for h in hand] == ["hand:0", "hand:1"]
    assert hand[0].rect.right <= hand[1].rect.x + 1  # visible strips, side by side
    table.focus_model.reset()
    seen = set()
    for _ in range(len(table.current_hits())):
        key(app, pygame.K_RIGHT)
        seen.add(table.focused_key())
    assert {"hand:0", "hand:1"} <= seen


# ---------------------------------------------------------------- tooltips
def _tips(table, monkeypatch) -> list[pygame.Rect]:
    placed: list[pygame.Rect] = []
    real = table.place_tip

    def spy(*args, **kw):
        r = real(*args, **kw)
        placed.append(r)
        return r
    monkeypatch.setattr(table, "place_tip", spy)
    return placed


def test_tooltip_only_after_resting_on_a_card_and_never_over_the_protected_rects(app,
                                                                              monkeypatch):
    table = _table(app, hands={0: ["viola", "marianne", "love1", "love2"]}, phase="serve")
    placed = _tips(table, monkeypatch)
    card = table.town_slots["viola"]
    _move(app, card.center)
    frames(app, 5)  # < 0.35 s
    assert placed == []
    frames(app, 25)
    assert placed, "no tooltip after resting on a town card"
    target = table.tooltip_ready()
    assert target is not None and target[0].startswith("card:viola:")
    for r in placed:
        assert not any(r.colliderect(p) for p in table.protected_rects())
    # a hand card: its tooltip leaves the hand, the prompt line and the buttons uncovered
    placed.clear()
    hand = table.hand_rects(4)
    _move(app, hand[1].center)
    frames(app, 30)
    assert placed
    assert not any(placed[-1].colliderect(p) for p in table.protected_rects())


def test_a_card_sliding_under_a_resting_pointer_shows_no_tooltip(app, monkeypatch):
    table = _table(app, hands={0: ["viola", "marianne", "love1"]}, phase="serve")
    placed = _tips(table, monkeypatch)
    hand = table.hand_rects(3)
    _move(app, hand[0].center)
    frames(app, 30)
    assert placed
    placed.clear()
    table.zones["hand:0"] = ["love1", "viola", "marianne"]  # another card slides there
    frames(app, 30)
    assert placed == [] and table.tooltip_ready() is None


# ---------------------------------------------------------------- one click never ends a turn
def _button(table, kind: str):
    return next(h for h in table.current_hits()
                if h.key.startswith("btn:") and h.actions[0].kind == kind)


def _settle(app, table) -> None:
    for _ in range(600):
        frames(app, 1)
        if table.human_turn():
            return
    raise AssertionError("the table never came back to the human")


def test_the_last_serve_never_puts_end_turn_under_the_pointer_and_ending_asks(app):
    """Serve the last maid (serving 1): the phase moves on to employ by itself. The button
    that was just clicked and the serve phase's 結束服務 are not where 結束這回合 now is; a
    click there with 3 love and an employ left asks first, and a second click at the same
    place keeps employing."""
    table = _table(app, hands={0: ["azure", "love2", "love1"]}, phase="serve", serving=1)
    done_serve = _button(table, "done").rect
    card = next(h for h in table.current_hits() if h.key.startswith("hand:")
                and h.actions[0].card == "azure")
    click(app, card.rect.center)  # serve or chambermaid: buttons
    serve = _button(table, "serve").rect
    click(app, serve.center)
    _settle(app, table)
    assert table.v.phase == "employ" and table.v.employ >= 1 and table.v.love == 3
    end = _button(table, "done").rect
    assert not end.colliderect(serve) and not end.colliderect(done_serve)
    turn = match_of(table).state.turn_no
    history = len(match_of(table).history)
    click(app, end.center)
    assert len(match_of(table).history) == history, "ending the turn did not ask"
    assert table.selected is not None
    hits = table.current_hits()
    really = next(h for h in hits if h.actions[0].kind == "done").rect
    assert not really.colliderect(end)
    click(app, end.center)  # the same place again: go on employing
    assert len(match_of(table).history) == history and table.selected is None
    click(app, end.center)
    key(app, pygame.K_RETURN)  # Enter on the question keeps employing too
    assert len(match_of(table).history) == history and table.selected is None
    click(app, end.center)
    click(app, next(h for h in table.current_hits()
                    if h.actions[0].kind == "done").rect.center)
    assert match_of(table).history[-1].kind == "done" and match_of(table).state.turn_no > turn


def test_ending_the_turn_with_nothing_affordable_does_not_ask(app):
    table = _table(app, hands={0: ["colette"]}, phase="employ", love=0, employ=1)
    assert not table.end_needs_confirm()
    history = len(match_of(table).history)
    click(app, _button(table, "done").rect.center)
    assert len(match_of(table).history) == history + 1  # ended at once: nothing was lost


# ---------------------------------------------------------------- readable town cards
def _painted_text(face: str, size: tuple[int, int]) -> list[tuple[str, int]]:
    """Every string painted on `face` at `size`, with its font size."""
    from cardtable.ui import art_tanto_cuore as art
    from cardtable.ui import gfx
    from cardtable.ui.text import Text
    text = Text()
    got: list[tuple[str, int]] = []
    real = text.render

    def spy(s, size, *args, **kw):
        got.append((s, size))
        return real(s, size, *args, **kw)
    text.render = spy  # type: ignore[method-assign]
    art.paint(gfx.Surface(size, pygame.SRCALPHA), face, text)
    return got


def test_town_cards_carry_their_effect_at_12_px_and_differ(app):
    """At 1280x720 a town pile shows cost, VP, name, every serving bonus and the chambermaid
    cost, nothing under 12 px; no two town cards of a kind look alike in what they say."""
    from cardtable.games.tanto_cuore.cards import CARDS
    from cardtable.ui import art_tanto_cuore as art
    from cardtable.ui.tables.tanto_cuore_table import TOWN_CARD
    said: dict[tuple, str] = {}
    for face, card in CARDS.items():
        if card.kind not in ("general", "chief", "private"):
            continue
        drawn = _painted_text(face, TOWN_CARD)
        assert min(size for _, size in drawn) >= 12, (face, drawn)
        strings = [s for s, _ in drawn]
        assert str(card.cost) in strings and art.short_name(face) in strings
        cells = art.town_cells(card)
        for k, n in art.bonus_items(card):
            assert (k, str(n)) in cells and str(n) in strings, face
        if card.chamber is not None:
            chamber = next(label for k, label in cells if k == "chamber")
            assert str(card.chamber) in chamber and chamber in strings, face
        look = (art.short_name(face), tuple(cells), card.cost, art.vp_label(card))
        assert look not in said, (face, said.get(look))
        said[look] = face


# ---------------------------------------------------------------- Illness said where it matters
def test_an_ill_maids_tooltip_says_she_is_ill(app):
    from cardtable.i18n import tr
    table = _table(app, n=2, chambers={0: [("rouge", 1)], 1: [("azure", 2), "viola"]},
                   hands={0: ["love1"]}, phase="serve")
    home = table.home_rects(0)["home:rouge"]
    assert table.ill_note("rouge", home) == tr("ui.tanto_cuore.ill_note", n=1)
    plate = next(it for it in table.plate_home_layout(1).items if it.face == "azure")
    assert table.ill_note("azure", plate.rect) == tr("ui.tanto_cuore.ill_note", n=2)
    well = next(it for it in table.plate_home_layout(1).items if it.face == "viola")
    assert table.ill_note("viola", well.rect) == ""
    # and it is drawn: rest the pointer on her
    from tests.ui.text_spy import drawn_text
    _move(app, home.center)
    with drawn_text(app) as drawn:
        frames(app, 30)
    assert "病氣" in "".join(d.text for d in drawn)


def test_nords_and_the_illness_target_lists_mark_ill_maids(app):
    from cardtable.core.actions import Action
    table = _table(app, n=2, chambers={1: [("azure", 1), "viola"]}, hands={0: ["love1"]},
                   phase="serve")
    ill = table.illnesses()
    assert ill == {(1, "azure"): 1}
    d = table.describer
    sick = d.choice(Action("target", target=1, value="azure"), "nord_target", ill=ill)
    well = d.choice(Action("target", target=1, value="viola"), "nord_target", ill=ill)
    assert sick.key.endswith(".ill") and sick.params["n"] == 1
    assert not well.key.endswith(".ill")
    assert "1" in table.action_label(Action("target", target=1, value="azure"))
    buy = d.choice(Action("employ", "illness", target=1, value="azure"), "employ", ill=ill)
    assert buy.key.endswith(".ill")


def test_the_claire_prompt_says_onto_which_maid_the_illness_would_go(app):
    from cardtable.ui.art_tanto_cuore import card_name
    def claire_asked(st) -> None:  # type: ignore[no-untyped-def]
        st.pending = {"kind": "claire_reaction", "player": 1, "by": 0, "target": 1,
                      "card": "illness", "maid": "viola", "src": "town:illness"}
    table = _table(app, n=2, humans=2, chambers={1: ["azure", "viola"]},
                   hands={0: ["love1"], 1: ["claire"]}, phase="serve", setup=claire_asked)
    table.viewer = 1
    table.snap()
    text = table.prompt_text()
    assert card_name("viola") in text and table.name_of(0) in text


# ---------------------------------------------------------------- pile counts while it flies
@pytest.mark.parametrize("claire", [True, False])
def test_a_pile_never_shows_one_card_too_few_while_its_event_flies(app, claire):
    """Employ an Illness onto the computer's maid: while it waits for the Claire question and
    while it flies, the Illness pile shows at least what it will hold after."""
    from cardtable.core.actions import Action
    from tests.games.tanto_cuore.scenarios import ALL_KINDS
    kinds = SPECIAL_TOWN if claire else tuple(k for k in ALL_KINDS if k != "claire")[:10]
    table = _table(app, n=2, chambers={1: ["viola"]}, phase="employ", love=5, employ=1,
                   hands={0: ["love1"]}, kinds=kinds)
    before = len(table.zones["town:illness"])
    table.submit(Action("employ", "illness", target=1, value="viola"))
    shown = []
    for _ in range(900):
        frames(app, 1)
        shown.append(len(table.zones["town:illness"]))
        if match_of(table).state.current_player() == 0 and not table.director.busy \
                and match_of(table).state.phase != "claire_reaction":
            break
    after = match_of(table).state.town["illness"]
    assert after == before - 1
    assert min(shown) == after and shown[-1] == after, shown


# ---------------------------------------------------------------- the final board
def test_the_results_keep_every_button_of_the_shared_dialog(app, monkeypatch):
    """A button the kit's results dialog adds (putting it aside to look at the final board)
    is kept by Tanto Cuore's results, in the row with the others, none overlapping."""
    from cardtable.samples.tanto_cuore import sample_match
    from cardtable.ui.scenes import results
    from cardtable.ui.tables.tanto_cuore_table import TantoResultsScene
    from cardtable.ui.widgets import Button
    real = results.ResultsScene.__init__

    def with_extra(self, *args, **kw):
        real(self, *args, **kw)
        self.extra = Button(pygame.Rect(0, 0, 10, 10), lambda: "x", lambda: None)
        self.menu.widgets.append(self.extra)
    monkeypatch.setattr(results.ResultsScene, "__init__", with_extra)
    match = sample_match(15, 3)
    scene = TantoResultsScene(app, table_for(app, match=match, autosave=False), final=True)
    assert scene.extra in scene.menu.widgets and len(scene.menu.widgets) == 3
    rects = [w.rect for w in scene.menu.widgets]
    assert all(scene.panel.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_the_final_board_rings_the_piles_that_ran_out(app, monkeypatch):
    from cardtable.games.tanto_cuore.cards import CHIEFS
    from cardtable.samples.tanto_cuore import sample_match
    from cardtable.ui import gfx, theme
    from cardtable.ui.tables import tanto_cuore_table as tct
    match = sample_match(15, 3)
    assert match.state.is_terminal()
    table = app.push(table_for(app, cls=TantoCuoreTableScene, match=match, autosave=False))
    table.director.clear()
    table.snap()
    town = dict(table.v.town)
    empty = [f for f in (*CHIEFS, *table.v.kinds) if town.get(f, 0) == 0]
    assert empty and sorted(table.ran_out()) == sorted(empty)
    rings = []
    real = tct.gfx.rect

    def spy(surf, color, rect, *a, **k):
        if color == theme.DANGER:
            rings.append(pygame.Rect(rect))
        return real(surf, color, rect, *a, **k)
    monkeypatch.setattr(tct.gfx, "rect", spy)
    table._layer_parts.reset()
    table.draw_table(gfx.Surface((1280, 720)))
    for f in empty:
        assert table.town_slots[f].inflate(6, 6) in rings, f
    assert empty  # this sample game ended by its piles


# ---------------------------------------------------------------- opponents' quarters
@pytest.mark.parametrize("players", [2, 3, 4])
def test_opponents_maids_show_their_names_and_a_16_px_illness_mark(app, players):
    from cardtable.ui.art_tanto_cuore import short_name
    from cardtable.ui.tables import tanto_cuore_table as tct
    stacks = [["lalande", ("fay", 1)], ["milly", "tanya"], ["amber", "sora"]]
    table = _table(app, n=players,
                   chambers={q: ["colette", "colette", ("azure", 1)] for q in range(1, players)},
                   privates={q: stacks[q - 1] for q in range(1, players)},
                   habits={q: 2 for q in range(1, players)})
    for q in table.opponents():
        lay = table.plate_home_layout(q)
        assert lay.overflow is None
        names = [it.name for it in lay.items]
        assert all(names), (players, q, names)
        faces = [it.face for it in lay.items]
        assert "colette" in faces and "azure" in faces
        for it in lay.items:
            assert short_name(it.face).startswith(it.name)
            assert table.plate_rect(q).contains(it.rect)
            if it.ill:
                mark = tct._ill_disc_rect(it.rect, True)
                assert mark.w >= 16 and mark.h >= 16 and it.rect.contains(mark)
        assert {it.face for it in lay.items if it.ill} == (
            {"azure", "fay"} if q == 1 else {"azure"})
    # a mini card (when names do not fit) still gets the 16 px mark, inside its own width
    mini = pygame.Rect(100, 100, 16, 22)
    mark = tct._ill_disc_rect(mini, False)
    assert mark.w >= 16 and mark.left >= mini.left and mark.right <= mini.right


def test_each_phases_done_button_has_its_own_place(app):
    """開始服務, 結束服務 and 結束這回合 never stand where another was: one click too many
    never passes two phases."""
    rects = {}
    for phase, kw in (("start", {}), ("serve", {}), ("employ", {"love": 2})):
        table = _table(app, hands={0: ["love2", "colette"]}, phase=phase, **kw)
        rects[phase] = _button(table, "done").rect
        app.pop(table)
    assert not rects["start"].colliderect(rects["serve"])
    assert not rects["serve"].colliderect(rects["employ"])
    assert not rects["start"].colliderect(rects["employ"])


def test_the_kits_misclick_guard_holds_keep_employing_where_end_turn_was(app):
    """The confirmation's 繼續雇用 appears where 結束這回合 was: the kit's guard ignores a click
    on it for a moment (a double click does nothing), then it works."""
    table = _table(app, hands={0: ["colette"]}, phase="employ", love=3, employ=1)
    end = _button(table, "done").rect
    click(app, end.center)
    assert table.selected is not None
    frames(app, 1)  # the new buttons are drawn (and seen by the guard)
    click(app, end.center)
    assert table.selected is not None, "a click on the just-appeared button went through"
    frames(app, 40)
    click(app, end.center)
    assert table.selected is None and len(match_of(table).history) == 0
