"""Issue 33, "Table": what players hit at the presenter tables fed by the match host.

- 看牌桌 (V) after a bust showed the frozen 「爆掉了」 banner over the total and the last card,
  and the loser's plate said 同伴卡 0 while the round's dialog said 1 (CIRNO-L1: the loser
  takes a companion card; the dialog was right, the table had not shown it yet).
- 「DOUBLE：本回合要出兩張（第 1 張）」 stayed up during the next round's deal.
- 「電腦3 贏得這一墩」 came up after the round dialog was closed; the log ran ahead of the
  table (a card's line before the card landed); 「輪到 小明」 while the dealer 電腦3 was to bid.
- A card's tooltip covered other seats' plates (SHOT's targets; a companion's text over
  電腦4's plate read as if about 電腦4); a flying card covered a seat's name.
- On the hot-seat curtain, after its menu was closed with Esc, Space (which the screen says
  starts the turn) opened the menu again.
"""

from __future__ import annotations

import random

import pygame

from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.i18n import tr
from cardtable.ui import gfx
from cardtable.ui.autoplay import Player, click, frames, key
from cardtable.ui.scenes.results import ResultsScene
from tests.hosting import play, table_for
from tests.ui.text_spy import drawn_text

NAMES = ("電腦2", "電腦3", "電腦4")


def _seats(people: int = 1) -> list[Seat]:
    return [Seat(kind="human", name=n) for n in ("小明", "小夏")[:people]] + [
        Seat(kind="ai", name=n, agent="easy") for n in NAMES[:4 - people]]


def _to_dialog(app, game: str, seed: int, options: dict | None = None,
               limit: int = 20000):
    """A game of one person (seat 0) and three computers, played by the autoplayer until the
    first round dialog is on top: (table, dialog, match)."""
    match = Match(get_spec(game), seed, 4, options or {}, _seats())
    table = app.push(table_for(app, match=match, autosave=False, archive=False))
    player = Player(1)
    for _ in range(limit):
        top = app.stack.top
        if isinstance(top, ResultsScene) and not top.final:
            return table, top, match
        player.act(app)
        frames(app, 1)
    raise AssertionError("no round dialog came up")


def _pixels(surf, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(gfx.pixels(surf).subsurface(rect), "RGB")


# ---------------------------------------------------------------- 1: 看牌桌 after a bust
def test_look_at_the_table_shows_no_frozen_bust_banner(app):
    """V puts the dialog aside: the table is drawn as it is, without the 「爆掉了」 banner
    (it was the picture kept from under the dialog, banner and all)."""
    table, dialog, _ = _to_dialog(app, "cirno", 5, {"advanced": True})
    frames(app, 1)  # the table's picture under the dialog is made
    key(app, pygame.K_v)
    assert dialog.aside and table.banner is None
    shown = gfx.Surface((1280, 720))
    app.stack.draw(shown)
    fresh = gfx.Surface((1280, 720))
    table.draw(fresh)
    dialog.draw(fresh)
    banner = pygame.Rect(0, 0, 560, 86)
    banner.center = (490, 360)  # where the banner was: the total and the pile's last card
    assert _pixels(shown, banner) == _pixels(fresh, banner)


def test_round_dialog_and_the_losers_plate_count_the_same_companion_cards(app):
    """The dialog says the loser has 1 companion card (CIRNO-L1); the table under it shows
    the card landed on the loser's plate and 同伴卡 1 張 (it said 0)."""
    table, dialog, _ = _to_dialog(app, "cirno", 5, {"advanced": True})
    loser = dialog.loser
    assert loser is not None
    said = int(table.view().scores()[loser])
    assert said == 1
    surf = gfx.Surface((1280, 720))
    with drawn_text(app) as drawn:
        if loser == table.bottom_seat:
            table._bottom(surf, None)
        else:
            table._seat(surf, loser, None)
    texts = [d.text for d in drawn]
    assert tr("ui.cirno.taken", n=said) in texts, texts
    assert tr("ui.cirno.held_used", held=1, used=0) in texts, texts
    assert len(table.zones[f"companions:{loser}"]) == 1


# ---------------------------------------------------------------- 2: DOUBLE's line
def _double_bust_actions(seed: int) -> list:
    """Moves of a 4-seat basic game in which a player who owes a DOUBLE's two cards busts
    (DOUBLE played whenever it can be, else a random legal move)."""
    match = Match(get_spec("cirno"), seed, 4, {}, _seats())
    rng = random.Random(seed)
    actions = []
    for _ in range(80):
        st = match.state
        legal = st.legal_actions()
        double = [a for a in legal if a.card == "DOUBLE"]
        a = double[0] if double else rng.choice(legal)
        duty, rnd = st.duty, st.round_no
        match.submit(a)
        actions.append(a)
        if match.state.round_no != rnd:
            return actions if duty == 2 else []
    return []


def test_double_duty_line_goes_with_the_round(app):
    seed = next(s for s in range(200) if _double_bust_actions(s))
    actions = _double_bust_actions(seed)
    match = Match(get_spec("cirno"), seed, 4, {}, _seats())
    table = app.push(table_for(app, match=match, autosave=False, archive=False))
    frames(app, 2)
    table.skip()
    for a in actions[:-1]:
        play(table, a)
        table.skip()
    assert table.disp.get("duty") == 2  # the DOUBLE is owed: its line is up
    play(table, actions[-1])  # the bust
    duty_words = {tr("ui.cirno.duty", n=1), tr("ui.cirno.duty", n=2)}
    seen: list[str] = []
    for _ in range(2000):
        if isinstance(app.stack.top, ResultsScene):
            break
        frames(app, 1)
        seen.append(table._status_text(table.v, table.disp.get("current"))[0])
    else:
        raise AssertionError("no round dialog")
    key(app, pygame.K_RETURN)
    dealt = 0
    for _ in range(600):  # the next round's deal
        frames(app, 1)
        seen.append(table._status_text(table.v, table.disp.get("current"))[0])
        if table.disp.get("round", 1) >= 2 and not table.director.busy:
            break
        dealt += 1
    assert dealt > 10  # the deal was watched frame by frame
    assert not [s for s in seen[-dealt:] if any(w in s for w in duty_words)], seen[-dealt:]


# ---------------------------------------------------------------- 3: order
def test_wizard_last_trick_and_its_winner_go_when_the_round_dialog_closes(app):
    """Closing the round dialog clears the round's last trick and 「X 贏得這一墩」 at once
    (they stayed up, as if news, until the next round's cards were collected)."""
    table, dialog, _ = _to_dialog(app, "wizard", 3)
    assert table._takes_pill() is not None  # under the dialog: the last trick's winner
    key(app, pygame.K_RETURN)
    assert app.stack.top is table
    frames(app, 1)
    assert table._takes_pill() is None
    assert not any(table.zones.get(f"trick:{q}") for q in range(4))


def test_a_played_cards_log_line_shows_when_the_card_lands(app):
    """The table log follows the table: 「小明 出了 …」 shows as the card lands, not while it
    is still in the air."""
    table, _, _ = _to_dialog(app, "wizard", 3)
    key(app, pygame.K_RETURN)
    for _ in range(5000):
        hits = table.current_hits() if app.stack.top is table and table.human_turn() else []
        plays = [h for h in hits if h.key.startswith("hand:")]
        if plays and table.disp.get("phase") == "play":
            break
        if isinstance(app.stack.top, ResultsScene):
            key(app, pygame.K_RETURN)
        elif hits:
            table.submit(hits[0].actions[0])
        frames(app, 1)
    else:
        raise AssertionError("no card to play")
    before = list(table.log_lines)
    table.submit(plays[0].actions[0])
    frames(app, 2)
    assert table.director.flights, "the card is in the air"
    assert table.log_lines == before
    while table.director.flights:
        frames(app, 1)
    new = table.log_lines[len(before):]
    assert new and new[0].startswith("小明"), new


def test_wizard_turn_line_says_nobodys_turn_while_the_cards_are_dealt(app):
    """After round 1 (its last trick's winner is 小明's neighbour's turn no more) the next
    round's deal shows no 「輪到 小明」: the dealer 電腦3 bids first, when the table shows it."""
    table, dialog, _ = _to_dialog(app, "wizard", 3)
    key(app, pygame.K_RETURN)
    lines = []
    for _ in range(600):
        frames(app, 1)
        if table.disp.get("phase") == "deal" and table.disp.get("round") == 2:
            cur = table.disp.get("current") if table.shown.acting is not None else None
            got = table._status_layout(table.v, cur)
            lines.append(got[0] if got else None)
        elif lines:
            break
    assert len(lines) > 10
    assert set(lines) == {None}, set(lines)


# ---------------------------------------------------------------- 4: tooltips and flights
def _shot_table(app, players: int):
    seats = [Seat(kind="human", name="小明")] + [
        Seat(kind="ai", name=f"電腦{i}", agent="easy") for i in range(2, players + 1)]
    for seed in range(400):
        match = Match(get_spec("cirno"), seed, players, {"advanced": True}, seats)
        st = match.state
        if st.current_player() == 0 and "SHOT" in st.hands[0]:
            break
    table = app.push(table_for(app, match=match, autosave=False, archive=False))
    frames(app, 2)
    table.skip()
    frames(app, 2)
    return table


def test_card_tooltips_keep_off_every_seat_plate(app):
    """SHOT's tooltip covered 電腦3's and 電腦4's plates (SHOT's targets); no card's tooltip
    covers a seat's plate, own or other."""
    from cardtable.ui.tables.cirno_table import BOTTOM_PLATE

    for players in (3, 4):
        table = _shot_table(app, players)
        plates = [table.seat_rect(q) for q in table.seat_order()] + [BOTTOM_PLATE]
        shown = 0
        for key_, strip, _card in table._own_cards():
            app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=strip.center, rel=(1, 0),
                                            buttons=(0, 0, 0)))
            frames(app, 40)
            app.stack.draw(gfx.Surface((1280, 720)))
            assert table.tip_rect is not None, key_
            shown += 1
            assert table.tip_rect.collidelist(plates) < 0, (players, key_, table.tip_rect)
        assert shown
        app.pop(table)


def test_a_flying_card_passes_under_the_seat_names(app):
    """During the opening deal every card flies to a plate; where one crosses a seat's name
    (or its 電腦（簡單）), the words are drawn over it (the picture there is the table's)."""
    from cardtable.ui.tables.kit.seats import seat_tag

    match = Match(get_spec("cirno"), 1, 4, {}, _seats())
    table = app.push(table_for(app, match=match, autosave=False, archive=False))
    crossed = 0
    surf = gfx.Surface((1280, 720))
    names = []  # each opponent's name and who sits there (電腦（簡單）), as its plate draws them
    for q in table.seat_order():
        with drawn_text(app) as drawn:
            table._seat(surf, q, None)
        names += [d.rect for d in drawn
                  if d.text in (table.name_of(q), seat_tag(table.info.seats[q]))]
    assert len(names) == 6, names
    for _ in range(400):
        frames(app, 1)
        over = [r for r in names
                if any(r.colliderect(f.rect()) for f in table.director.flights)]
        if not over:
            continue
        table.draw(surf)
        for r in over:
            crossed += 1
            assert _pixels(surf, r) == _pixels(table._frame, r)
        if not table.director.busy:
            break
    assert crossed > 0


# ---------------------------------------------------------------- 5: the curtain
def test_space_lifts_the_curtain_after_its_menu_was_closed_with_esc(app):
    from cardtable.ui.scenes.curtain import CurtainScene
    from cardtable.ui.scenes.pause import PauseScene
    match = Match(get_spec("cirno"), 2, 4, {}, _seats(people=2))
    table = app.push(table_for(app, match=match, autosave=False, archive=False))
    for _ in range(600):
        frames(app, 1)
        table.skip()
        if isinstance(app.stack.top, CurtainScene):
            break
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene)
    frames(app, 30)
    menu = curtain.menu.widgets[1]
    click(app, menu.rect.center)  # 選單
    assert isinstance(app.stack.top, PauseScene)
    key(app, pygame.K_ESCAPE)  # closes the menu
    assert app.stack.top is curtain
    key(app, pygame.K_SPACE)  # 「…準備好後按下按鈕或空白鍵」
    assert app.stack.top is table, type(app.stack.top).__name__
    assert curtain not in app.stack.scenes
