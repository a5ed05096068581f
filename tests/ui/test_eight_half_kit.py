"""8½ on the table kit (issues 16 and 17): every card parameter of a log line translated, one
sentence per happening, tooltips that keep the pile, value and badges in sight, the last
deal's breakdown before the match result, values inside their ring, one stamp, readable
show-all hands and a prompt that says what to do after picking an 8."""

from __future__ import annotations

import re

import pytest

from cardtable.core.actions import Action
from cardtable.core.match import Match, Seat
from cardtable.core.rng import GameRng
from cardtable.games import get_spec
from cardtable.ui.autoplay import frames
from cardtable.ui.tables.eight_half_table import EightHalfTableScene

SPEC = get_spec("eight_half")
# seat names without Latin letters: any letter left in a line is a raw id or a key
NAMES = ("阿明", "電腦一", "電腦二", "電腦三", "電腦四", "電腦五")


def _swap_match(gave: str) -> Match:
    """A match in the winner's swap phase (E8H-X1) whose winner holds open card `gave`."""
    seats = [Seat(kind="human", name=NAMES[0])] + [
        Seat(kind="ai", name=NAMES[i], agent="random") for i in range(1, 3)]
    for seed in range(1, 300):
        match = Match(SPEC, seed, 3, {"winner_swap": True}, seats)
        rng = GameRng(seed)
        for _ in range(3000):
            st = match.state
            if st.is_terminal():
                break
            if st.phase == "swap":
                p = st.current_player()
                if gave not in st.open[p]:
                    # put `gave` among the winner's open cards (the others keep theirs)
                    st.open[p][0] = gave
                if any(a.kind == "swap" and a.cards[0] == gave for a in st.legal_actions()):
                    return match
                break
            legal = st.legal_actions()
            match.submit(legal[rng.randrange(len(legal))])
    raise AssertionError("no swap phase found")


@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
@pytest.mark.parametrize("gave", ["g", "h"])
def test_swap_line_names_the_given_card(app, locale, gave):
    """Issue 16 problem 3: 「電腦 2 用明牌 g 換走了 阿明 的明牌 9」 — the card given in a swap
    was printed as its raw id; every card parameter is translated, and the swap is one line."""
    from cardtable import i18n
    i18n.set_locale(locale)
    match = _swap_match(gave)
    table = app.push(EightHalfTableScene(app, match, autosave=False))
    frames(app, 1)
    st = match.state
    act = next(a for a in st.legal_actions() if a.kind == "swap" and a.cards[0] == gave)
    lines = [line for e in match.submit(act) if (line := table.describe(e))]
    about = [line for line in lines if table.name_of(act.target) in line]
    assert len(about) == 1, lines
    name = i18n.tr(f"eight_half.card.{gave}")
    assert name in about[0] and not re.search(r"[A-Za-z{}⟦]", about[0]), about[0]


def _random_match(seed: int, players: int, options: dict) -> Match:
    seats = [Seat(kind="ai", name=NAMES[i], agent="random") for i in range(players)]
    match = Match(SPEC, seed, players, options, seats)
    rng = GameRng(seed)
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        match.submit(legal[rng.randrange(len(legal))])
    return match


@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
def test_every_line_of_random_games_is_words_only(locale):
    """Every event of random games, rendered by the one describer for every viewer (the table
    log, move log and replays use it): no raw card id, no {placeholder}, no ⟦key⟧; and the
    announcements that repeat an event are worded once."""
    from cardtable import i18n
    from cardtable.history.describer import describer_for
    from cardtable.history.movelog import log_entries
    i18n.set_locale(locale)
    checked = 0
    for seed in range(24):
        players = 2 + seed % 5
        match = _random_match(seed, players, {"deals": 2, "winner_swap": bool(seed % 2)})
        names = list(NAMES[:players])
        describer = describer_for("eight_half")
        for viewer in (None, 0, -1):
            for entry in log_entries(match, viewer, compact=False):
                text = describer.render(entry.msg, names)
                assert not re.search(r"[A-Za-z{}⟦⟧]", text), (entry, text)
                checked += 1
        for i, action in enumerate(match.history):
            text = describer.render(describer.action(action, match.actors[i]), names)
            assert not re.search(r"[A-Za-z{}⟦⟧]", text), (action, text)
        # one line per catch / swap / reached table cards (the rules announce them too)
        keys = [e.msg.key for e in log_entries(match, None, compact=False)]
        for kind in ("caught", "swap", "table_cards_reached"):
            events = sum(e.kind == kind for e in match.log)
            said = sum(k.startswith(f"log.eight_half.{kind}") for k in keys)
            assert said == events, (kind, events, said)
    assert checked > 5000


def test_undo_label_names_the_cards(app):
    """Undo labels come from the same describer (`describer.action`)."""
    from cardtable.history.describer import describer_for
    d = describer_for("eight_half")
    text = d.render(d.action(Action("play", cards=("g", "g")), 0), ["阿明"])
    assert text == "阿明 出 鬼牌、鬼牌", text


def test_two_equal_open_cards_are_each_reachable(app):
    """Issue 16 item 4 on 8½: two equal open cards are two hits (slot keys), each highlighted
    and reachable by → (the second one had no hit: it could be neither clicked nor focused)."""
    from tests.ui.test_eight_half_table import human_match_where, open_table

    def on_opens(st, legal):
        return any(a.kind == "play_open" for a in legal) and sum(
            c is not None for c in st.open[0]) >= 2
    match = human_match_where(on_opens)
    st = match.state
    face = next(a.card for a in st.legal_actions() if a.kind == "play_open")
    slots = [s for s, c in enumerate(st.open[0]) if c is not None]
    for s in slots:  # the same face in every open slot still held
        st.open[0][s] = face
    table = open_table(app, match)
    hits = [h for h in table.current_hits() if h.key.startswith("open:")]
    assert len(hits) == len(slots) >= 2
    assert len({h.key for h in hits}) == len(hits)
    assert [h.rect for h in hits] == [table.slot_rect(0, "open", s) for s in slots]


def test_card_moves_use_the_shared_animator_and_sweeps_a_group_flight(app, monkeypatch):
    """Issue 16 problem 5: 8½ forked the shared card-move animation (`_card_moved`); it now
    only says where, how the zones change and the pace. A taken pile sweeps as one group
    flight with a stagger (`Director.fly_group`), not with per-card delays of its own."""
    from cardtable.ui.anim import Director
    from cardtable.ui.tables.table_scene import TableScene
    from tests.ui.test_eight_half_table import human_match_where, open_table
    assert EightHalfTableScene._card_moved is TableScene._card_moved
    groups: list[int] = []
    real = Director.fly_group

    def spy(self, cards, duration, stagger, **kw):
        groups.append(len(cards))
        return real(self, cards, duration, stagger, **kw)
    monkeypatch.setattr(Director, "fly_group", spy)
    match = human_match_where(lambda st, legal: any(a.kind == "take" for a in legal)
                              and len(st.pile) >= 2)
    table = open_table(app, match)
    n = len(match.state.pile)
    table.submit(next(a for a in match.state.legal_actions() if a.kind == "take"))
    frames(app, 3)
    assert groups and groups[0] == min(8, n), groups
    table.skip()
    frames(app, 1)
    assert table.zones == table.zones_from_view(table.view())
