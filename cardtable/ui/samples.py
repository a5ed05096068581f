"""Sample data to open any scene directly (`--scene NAME`), for screenshots and tests."""

from __future__ import annotations

from typing import Any

from cardtable.host.samples import SAMPLE_NAMES
from cardtable.samples.cirno import finished_match, round_end_match, sample_match
from cardtable.ui.tables.kit.sample import push_sample

__all__ = ["SAMPLE_NAMES", "open_sample", "sample_match", "finished_match", "round_end_match"]


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
    if name == "setup_wizard_single_colour":
        # WIZ-V1: single colour on, a swatch by each name; the person chose yellow, the
        # computers take what is left
        from cardtable.ui.scenes.setup import SetupScene
        scene = SetupScene(app, "wizard")
        scene.options.update(plus_minus_one=False, hidden_bids=False, secret_bids=False,
                             forehead=False, single_colour=True)
        scene.n = 4
        scene.kinds[:4] = ["human", "human", "normal", "hard"]
        scene.names[:2] = ["小明", "阿美"]
        scene.picks[:2] = ["y", "r"]
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
        table = push_sample(app, table_class("cirno"), match)
        if name == "pause":
            from cardtable.ui.scenes.pause import PauseScene
            app.push(PauseScene(app, table))
        return table
    if name == "curtain":
        from cardtable.ui.scenes.curtain import CurtainScene
        match = sample_match(seed or 7, humans=2)
        table = push_sample(app, table_class("cirno"), match)
        return app.push(CurtainScene(app, table.name_of(1), lambda: None, table.open_pause))
    if name == "round":
        from cardtable.ui.scenes.results import ResultsScene
        match, rnd, loser = round_end_match(seed or 7)
        table = push_sample(app, table_class("cirno"), match)
        return app.push(ResultsScene(app, table, final=False, loser=loser, round_no=rnd))
    if name == "results":
        from cardtable.ui.scenes.results import ResultsScene
        table = push_sample(app, table_class("cirno"), finished_match(seed or 7))
        table._finished_shown = True
        return app.push(ResultsScene(app, table, final=True))
    if name == "error":
        from cardtable.ui.scenes.error import ErrorScene
        try:
            raise RuntimeError("sample error for the error screen")
        except RuntimeError as exc:
            import traceback
            return app.push(ErrorScene(app, exc, traceback.format_exc()))
    raise ValueError(f"unknown scene {name!r}")

