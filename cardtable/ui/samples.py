"""Sample data to open any scene directly (`--scene NAME`), for screenshots and tests."""

from __future__ import annotations

from typing import Any

from cardtable.core.match import Match, Seat
from cardtable.core.rng import GameRng
from cardtable.games import get_spec

SAMPLE_NAMES = ("小櫻", "阿哲", "美玲", "大熊", "小雪", "阿凱", "佩佩", "志明")


def sample_match(seed: int = 7, moves: int = 14, humans: int = 1, players: int = 4,
                 options: dict[str, Any] | None = None, to_human: bool = True) -> Match:
    """A Cirno match a few moves in (random legal moves), stopped on a human's turn."""
    spec = get_spec("cirno")
    seats = []
    for i in range(players):
        if i < humans:
            seats.append(Seat(kind="human", name=SAMPLE_NAMES[i % 8]))
        else:
            seats.append(Seat(kind="ai", name=SAMPLE_NAMES[i % 8],
                              agent=("easy", "normal", "hard")[i % 3]))
    match = Match(spec, seed, players, {"advanced": True} if options is None else options, seats)
    rng = GameRng(seed)
    done = 0
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        if done >= moves and (not to_human or match.seats[match.state.current_player()].kind
                              == "human"):
            break
        match.submit(legal[rng.randrange(len(legal))])
        done += 1
    return match


def finished_match(seed: int = 7) -> Match:
    match = sample_match(seed, moves=0, humans=0, options={})
    rng = GameRng(seed)
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        match.submit(legal[rng.randrange(len(legal))])
    return match


def round_end_match(seed: int = 7) -> tuple[Match, int, int]:
    """A match (one human) just after a round ended and before the game did."""
    match = sample_match(seed, moves=0, humans=1, options={}, to_human=False)
    rng = GameRng(seed)
    while True:
        legal = match.state.legal_actions()
        events = match.submit(legal[rng.randrange(len(legal))])
        ended = [e for e in events if e.kind == "round_ended"]
        if ended and not match.state.is_terminal():
            return match, ended[0].data["round"], ended[0].data["loser"]
        if match.state.is_terminal():
            match = sample_match(seed + 1, moves=0, humans=1, options={}, to_human=False)
            seed += 1
            rng = GameRng(seed)


# sample rules pages opened at a section (launch.RULES_SCENES): CIRNO-D4's DOUBLE, E8H-S2's
# start, WIZ-V2's ±1
RULES_PAGES: dict[str, tuple[str, int]] = {"rules_cirno_double": ("cirno", 7),
                                           "rules_eight_half_start": ("eight_half", 4),
                                           "rules_wizard_plus_minus_one": ("wizard", 9)}


def open_sample(app: Any, name: str, seed: int | None = None) -> Any:
    """Open scene `name` with sample data (seed None = a hand-picked, representative one)."""
    from cardtable.ui.tables import table_class
    if name == "game_select":
        from cardtable.ui.scenes.game_select import GameSelectScene
        return app.push(GameSelectScene(app))
    if name == "setup":
        from cardtable.ui.scenes.setup import SetupScene
        scene = SetupScene(app, "cirno")
        # rare name characters (outside Big5 / GB2312) and an emoji, as people type them
        scene.names[:2] = ["李堃喆", "黃峯甯😀"]
        scene.kinds[:4] = ["human", "human", "normal", "hard"]
        return app.push(scene)
    if name == "setup_wizard":
        # WIZ-V2: ±1 on, so hidden and secret bids are greyed out with their reason
        from cardtable.ui.scenes.setup import SetupScene
        scene = SetupScene(app, "wizard")
        scene.options.update(plus_minus_one=True, hidden_bids=False, secret_bids=False,
                             forehead=False, single_colour=False)
        scene.n = 4
        scene.build()
        return app.push(scene)
    if name == "rules":
        from cardtable.ui.scenes.rules import RulesScene
        return app.push(RulesScene(app, "cirno"))
    if name in RULES_PAGES:
        from cardtable.ui.scenes.rules import RulesScene
        game, section = RULES_PAGES[name]
        rules = RulesScene(app, game)
        rules.scroll_to(f"rules.{game}.section.{section}.title")
        return app.push(rules)
    if name == "settings":
        from cardtable.ui.scenes.settings import SettingsScene
        return app.push(SettingsScene(app))
    if name in ("table", "pause"):
        match = sample_match(80, 30) if seed is None else sample_match(seed)
        table = app.push(table_class("cirno")(app, match, autosave=False))
        if name == "pause":
            from cardtable.ui.scenes.pause import PauseScene
            app.push(PauseScene(app, table))
        return table
    if name == "curtain":
        from cardtable.ui.scenes.curtain import CurtainScene
        match = sample_match(seed or 7, humans=2)
        table = app.push(table_class("cirno")(app, match, autosave=False))
        return app.push(CurtainScene(app, table.name_of(1), lambda: None, table.open_pause))
    if name == "round":
        from cardtable.ui.scenes.results import ResultsScene
        match, rnd, loser = round_end_match(seed or 7)
        table = app.push(table_class("cirno")(app, match, autosave=False))
        return app.push(ResultsScene(app, match, final=False, table=table, loser=loser,
                                     round_no=rnd))
    if name == "results":
        from cardtable.ui.scenes.results import ResultsScene
        match = finished_match(seed or 7)
        table = app.push(table_class("cirno")(app, match, autosave=False))
        table._finished_shown = True
        return app.push(ResultsScene(app, match, final=True, table=table))
    if name == "error":
        from cardtable.ui.scenes.error import ErrorScene
        try:
            raise RuntimeError("sample error for the error screen")
        except RuntimeError as exc:
            import traceback
            return app.push(ErrorScene(app, exc, traceback.format_exc()))
    raise ValueError(f"unknown scene {name!r}")

