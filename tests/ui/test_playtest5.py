"""Defects from play test 5 (Cirno, long names, setup and results panels)."""

from __future__ import annotations

from cardtable.core.actions import Action
from cardtable.core.match import Match, Seat
from cardtable.core.rng import GameRng
from cardtable.games import get_spec
from cardtable.i18n import tr
from cardtable.ui.autoplay import frames
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.tables.cirno_table import CirnoTableScene
from tests.hosting import match_of, play, table_for
from tests.ui.text_spy import drawn_text


def _ends_round(match: Match, action: Action) -> bool:
    probe = match.state.clone()
    probe.apply(action)
    return probe.round_no != match.state.round_no or probe.is_terminal()


def _before_a_sudden_death_failure(ends_game: bool = False) -> tuple[Match, Action]:
    """A 3-player basic game of random moves (hot-seat), stopped in its sudden death just
    before a move that makes a player fail while the game goes on (or, `ends_game`, the
    failure that ends it)."""
    for seed in range(100):
        seats = [Seat(kind="human", name=n) for n in ("甲", "乙", "丙")]
        match = Match(get_spec("cirno"), seed, 3, {}, seats)
        rng = GameRng(seed)
        while not match.state.is_terminal():
            legal = match.state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if match.state.sudden_death and _ends_round(match, action):
                probe = match.state.clone()
                probe.apply(action)
                if probe.is_terminal() == ends_game:
                    return match, action
            match.submit(action)
    raise AssertionError("no sudden death found")


def test_sudden_death_round_dialog_says_the_loser_is_out(app):
    """CIRNO-G2: in the sudden death the failing player drops out and takes no companion card;
    the round dialog said "takes a companion card"."""
    match, action = _before_a_sudden_death_failure()
    loser = match.state.current_player()
    taken = list(match.state.taken)
    table = app.push(table_for(app, cls=CirnoTableScene, match=match, autosave=False))
    table.snap()
    play(table, action)  # hot-seat: the acting person's move
    dialog = None
    for _ in range(900):
        frames(app, 1)
        if isinstance(app.stack.top, ResultsScene):
            dialog = app.stack.top
            break
    assert dialog is not None and not dialog.final
    assert match.state.taken == taken  # nobody took a companion card
    assert dialog.loser == loser
    assert dialog.loser_key == "ui.results.loser.sudden_death"
    assert "出局" in tr(dialog.loser_key, player="甲")
    assert "同伴卡" not in tr(dialog.loser_key, player="甲")


def test_a_player_out_of_the_sudden_death_shows_no_hand_under_out(app):
    """When the sudden death's last failure ends the game, the loser's cards are never
    collected: the plate drew the red "out" over the hand's backs (play test 5, replay)."""
    from cardtable.ui import cardart, gfx
    from cardtable.ui.tables import cirno_table
    match, action = _before_a_sudden_death_failure(ends_game=True)
    loser = match.state.current_player()
    table = app.push(table_for(app, cls=CirnoTableScene, match=match, autosave=False))
    table.snap()
    play(table, action)
    frames(app, 600)
    assert match.state.is_terminal() and not table.v.active[loser]
    assert table.zones.get(f"hand:{loser}")  # still holding cards
    backs: list[object] = []
    real_back = cardart.back

    def counting_back(*args, **kwargs):
        backs.append(args)
        return real_back(*args, **kwargs)

    cirno_table.cardart.back = counting_back
    try:
        table._seat(gfx.Surface((1280, 720)), loser, None)
    finally:
        cirno_table.cardart.back = real_back
    assert backs == []
    # seen from the player who is out (their own plate at the bottom): no hand either
    table.viewer = loser
    table.snap()
    frames(app, 2)
    hand = [p for p in table._parts() if p.name == "hand"]
    assert hand and hand[0].sig[0] == ()  # the part's signature: no cards


def _key(app, key: int) -> None:
    import pygame
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def test_space_on_the_game_over_panel_does_not_start_a_rematch(app):
    """Space skips animations; pressed once more as the game ends it started a rematch at once
    and the results were gone. Now only Enter (or a click) chooses on the final panel."""
    import pygame

    from cardtable.ui.samples import finished_match
    match = finished_match()
    panel = app.push(ResultsScene(app, table_for(app, match=match), final=True))
    _key(app, pygame.K_SPACE)
    _key(app, pygame.K_RETURN)  # at once: meant for the table's last move (play test 5b)
    frames(app, 2)
    assert app.stack.top is panel
    frames(app, 70)  # more than a second at 60 frames a second
    _key(app, pygame.K_SPACE)
    frames(app, 2)
    assert app.stack.top is panel
    _key(app, pygame.K_RETURN)  # the focused button: play again
    frames(app, 2)
    assert app.stack.top is not panel and isinstance(app.stack.top, CirnoTableScene)
    assert match_of(app.stack.top) is not match


def test_a_demo_speed_does_not_carry_into_a_played_game(app):
    """After a demo at 4x (S key, or `demo --speed`), the next real game dealt and played at 4x
    while the settings said 1x. A demo keeps the speed it was given."""
    from cardtable.ui.samples import sample_match
    app.speed_factor = 4.0  # what `demo --speed 4` or the demo's S key sets
    table_for(app, cls=CirnoTableScene, match=sample_match(moves=0, humans=0), demo=True)
    assert app.speed_factor == 4.0
    table_for(app, cls=CirnoTableScene, match=sample_match(), autosave=False)
    assert app.speed_factor == 1.0
    assert app.anim_speed == app.settings.anim_speed


def test_pause_menu_of_a_demo_does_not_claim_it_is_saved(app):
    """The demo's pause menu said every move was autosaved; a demo is never saved."""
    from cardtable.ui.samples import sample_match
    from cardtable.ui.scenes.pause import PauseScene
    for demo, shown, hidden in ((True, "ui.pause.not_saved", "ui.pause.saved"),
                                (False, "ui.pause.saved", "ui.pause.not_saved")):
        table = app.push(table_for(app, cls=CirnoTableScene, match=sample_match(moves=0, humans=0 if demo else 1),
                                         demo=demo, autosave=False))
        app.push(PauseScene(app, table))
        with drawn_text(app) as drawn:
            frames(app, 2)
        texts = [d.text for d in drawn]
        assert tr(shown) in texts and tr(hidden) not in texts
        app.reset(app.stack.scenes[0])


def test_pause_menu_over_a_finished_game_does_not_offer_its_save(app):
    """Over the final board the pause menu said every move was saved to be continued from the
    title; a finished game has no save left (it is in the replays)."""
    from cardtable.core.rng import GameRng
    from cardtable.ui.samples import sample_match
    from cardtable.ui.scenes.pause import PauseScene
    match = sample_match(moves=0, humans=1)
    rng = GameRng(3)
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        match.submit(legal[rng.randrange(len(legal))])
    table = app.push(table_for(app, cls=CirnoTableScene, match=match, autosave=False))
    app.push(PauseScene(app, table))
    with drawn_text(app) as drawn:
        frames(app, 2)
    texts = [d.text for d in drawn]
    assert tr("ui.pause.finished") in texts and tr("ui.pause.saved") not in texts


def test_fit_line_cuts_a_name_that_cannot_fit(app):
    """Ten W's on a plate ran over the seat's tag even at the smallest size: `fit_line` cuts
    such a name short with "…"; a name that fits is left whole."""
    t = app.text
    name, size = t.fit_line("WWWWWWWWWW", 15, 80, True)
    assert name.endswith("…") and len(name) < 11 and size == 11
    assert t.size(name, size, True)[0] <= 80
    assert t.fit_line("小櫻", 15, 80, True) == ("小櫻", 15)


def test_long_names_stay_inside_the_prompt_line_and_the_curtain(app):
    """Play test 5: with a ten-character name the DOUBLE prompt ran off the felt at both ends,
    and the curtain's heading across the card's borders."""
    import pygame

    from cardtable.core.match import Seat
    from cardtable.ui.scenes.curtain import CurtainScene
    from cardtable.ui.tables import cirno_table

    long_name = "超級好朋友小櫻花兒兒"
    seats = [Seat(kind="human", name=long_name)] + [
        Seat(kind="ai", name="WWWWWWWWWW", agent="easy") for _ in range(3)]
    match = Match(get_spec("cirno"), 0, 4, {"advanced": True}, seats)
    rng = GameRng(0)
    while not (match.state.current_player() == 0 and match.state.duty == 2
               and match.state.phase == "play"):
        legal = match.state.legal_actions()
        match.submit(legal[rng.randrange(len(legal))])
    table = app.push(table_for(app, cls=CirnoTableScene, match=match, autosave=False))
    table.snap()
    frames(app, 2)
    text, _ = table._status_text(table.v, 0)
    assert long_name in text and tr("ui.cirno.duty", n=1) in text
    rect = table._status_rect(text)
    assert cirno_table.FELT.inflate(-16, 0).contains(rect)

    card = pygame.Rect(340, 150, 600, 420)  # the curtain's card
    app.push(CurtainScene(app, long_name, lambda: None, None))
    with drawn_text(app) as drawn:
        frames(app, 2)
    named = [d.rect for d in drawn if long_name in d.text]
    assert len(named) >= 2 and all(card.contains(r) for r in named)


def test_basic_game_shows_taken_companion_cards_face_down(app):
    """In the basic game a companion card only counts a failure; its face (a power) under
    "my companion cards" looked usable. Face down there, no tooltip; face up in the advanced
    game."""
    from cardtable.ui import cardart, gfx
    from cardtable.ui.tables import cirno_table
    for advanced in (False, True):
        match = _holding_a_companion(advanced)
        table = app.push(table_for(app, cls=CirnoTableScene, match=match, autosave=False))
        table.snap()
        frames(app, 2)
        comps = table.zones["companions:0"]
        assert comps and comps[0] is not None  # the owner knows the card
        faces: list[str] = []
        real_face = cardart.face

        def spy(game, face, *args, faces=faces, real_face=real_face, **kwargs):
            faces.append(face)
            return real_face(game, face, *args, **kwargs)

        cirno_table.cardart.face = spy
        try:
            table._comps(gfx.Surface((1280, 720)), comps, True, frozenset(), None)
        finally:
            cirno_table.cardart.face = real_face
        assert (comps[0] in faces) == advanced
        app.pop(table)


def _holding_a_companion(advanced: bool) -> Match:
    """A 2-player game (random moves) stopped on seat 0's turn with a companion card held."""
    for seed in range(50):
        seats = [Seat(kind="human", name="甲"), Seat(kind="ai", name="乙", agent="easy")]
        match = Match(get_spec("cirno"), seed, 2, {"advanced": advanced}, seats)
        rng = GameRng(seed)
        while not match.state.is_terminal():
            if match.state.comp_held[0] and match.state.current_player() == 0:
                return match
            legal = match.state.legal_actions()
            match.submit(legal[rng.randrange(len(legal))])
    raise AssertionError("no such game")


def test_advanced_round_dialog_shows_the_used_cards_that_break_ties(app):
    """CIRNO-A1: equal companion cards are ranked by fewest used; the round dialog ranked two
    players with equal counts differently and did not say why. It now shows a 用過 column and
    a note in the advanced game (not in the basic game, where nothing is used)."""
    from cardtable.ui.samples import sample_match
    for advanced in (False, True):
        match = sample_match(3, moves=40, humans=1, options={"advanced": advanced})
        dialog = ResultsScene(app, table_for(app, match=match, autosave=False), final=False,
                              loser=0, round_no=1)
        column = dialog.tiebreak_column()
        if not advanced:
            assert column is None
            continue
        assert column is not None
        header, values, note = column
        assert header == tr("ui.results.used.cirno") and note
        assert values == [str(len(u)) for u in match.state.comp_used]
        app.push(dialog)
        frames(app, 2)


def test_eight_player_plates_keep_held_and_used_readable(app):
    """Play test 5: on 8-player plates 持有/用過 shrank to about 10 px; the hand's fan now
    closes up instead, and the text stays inside the plate."""
    from cardtable.ui import gfx
    from cardtable.ui.samples import sample_match
    table = app.push(table_for(app, cls=CirnoTableScene, match=sample_match(4, moves=30, players=8),
                                     autosave=False))
    table.snap()
    frames(app, 2)
    sample = tr("ui.cirno.held_used", held=0, used=0)[:2]
    for seat in table.seat_order():
        with drawn_text(app) as drawn:
            table._seat(gfx.Surface((1280, 720)), seat, None)
        (held,) = [d for d in drawn if d.text.startswith(sample)]
        assert held.size >= 13 and table.seat_rect(seat).contains(held.rect), seat


def test_a_long_name_never_runs_into_the_seat_tag_on_any_table(app):
    """Play test 5: a name of ten W's on an opponent's plate ran over "電腦（困難）". Every
    table's plates now cut such a name short: the name's box and the tag's never meet."""
    from cardtable.ui import gfx
    long_name = "WWWWWWWWWW"
    for game in ("cirno", "wizard"):
        seats = [Seat(kind="human", name="甲")] + [
            Seat(kind="ai", name=long_name, agent="hard") for _ in range(3)]
        match = Match(get_spec(game), 1, 4, {}, seats)
        table = app.push(table_for(app, match=match, autosave=False))
        table.snap()
        frames(app, 2)
        tag_text = tr("ui.setup.kind.hard")
        for seat in (1, 2, 3):
            with drawn_text(app) as drawn:
                table._seat(gfx.Surface((1280, 720)), seat, None)
            (name,) = [d.rect for d in drawn if d.text.startswith("WWW")]
            (tag,) = [d.rect for d in drawn if d.text == tag_text]
            assert not name.colliderect(tag), (game, seat)
        app.pop(table)


def test_title_demo_lets_you_choose_the_game(app):
    """The title's demo always ran a 4-player Cirno game; it now asks which game to watch and
    starts that game's demo (computers in every seat, nothing saved)."""
    from cardtable import persist
    from cardtable.ui.scenes.game_select import GameSelectScene
    from cardtable.ui.scenes.title import TitleScene
    from cardtable.ui.tables.table_scene import TableScene
    title = app.stack.scenes[0]
    assert isinstance(title, TitleScene)
    title.demo()
    chooser = app.stack.top
    assert isinstance(chooser, GameSelectScene) and chooser.demo
    frames(app, 2)
    for game in ("eight_half", "tanto_cuore", "wizard", "cirno"):
        chooser.pick(game)
        demo = app.stack.top
        assert isinstance(demo, TableScene) and demo.demo and match_of(demo).spec.id == game
        assert all(s.kind == "ai" for s in match_of(demo).seats)
        frames(app, 30)
        app.pop(demo)
    assert persist.load_autosave()[0] is None


def test_title_continue_names_the_saved_game_readably(app):
    """Play test 5: the title's "continue" subtitle (game, moves) was about 9-11 px."""
    from cardtable import persist
    from cardtable.ui.samples import sample_match
    from cardtable.ui.scenes.title import TitleScene
    persist.save_autosave(sample_match(5, moves=40).record())
    title = app.push(TitleScene(app))
    info = title._save_info()
    assert info
    with drawn_text(app) as drawn:
        frames(app, 2)
    lines = info.split("\n")  # (issue 33: the round on one line, the players on another)
    sizes = [d.size for d in drawn if d.text in lines]
    assert len(sizes) >= len(lines) and min(sizes) >= 15
    cont = title.cont_button
    others = [w.rect for w in title.menu.widgets if w is not cont]
    assert len(others) == len(title.menu.widgets) - 1
    assert all(not cont.rect.colliderect(r) for r in others)


def test_eight_half_result_dialogs_stay_clear_of_the_log(app):
    """Play test 6: 8½'s game-over dialog covered the move-log panel's edge (Wizard's are
    centred on the felt since play test 5)."""
    from cardtable.ui.launch import open_scene
    from cardtable.ui.tables.table_scene import LOG_RECT
    for name in ("eight_half_deal", "eight_half_results"):
        open_scene(app, name)
        frames(app, 2)
        dialog = app.stack.top
        assert not dialog.panel.colliderect(LOG_RECT), name
        app.reset(app.stack.scenes[0])
