"""Sample scenes of a hint on a table (`--scene cirno_hint | wizard_hint | wizard_bid_hint
| eight_half_hint | tanto_hint`, each listed in its game's registration): a person's decision
with the 提示 asked and answered, through the table's own path (`TableScene.request_hint`),
waiting for the AI thread once here so the first frame already shows it."""

from __future__ import annotations

from typing import Any


def with_hint(table: Any) -> Any:
    """Ask `table` for a hint and wait for it (a sample's first frame shows the answer)."""
    table.director.clear()
    table.snap()
    if not table.request_hint():
        raise RuntimeError("no hint may be asked in this sample state")
    assert table.hint_future is not None
    table.hint_future.result(timeout=120)
    table._collect_hint()
    return table


def open_cirno_hint(app: Any, name: str, seed: int | None = None) -> Any:
    from cardtable.ui.samples import sample_match
    from cardtable.ui.tables import table_class
    for s in range(seed or 80, (seed or 80) + 200):
        match = sample_match(s, 30, options={})
        st = match.state
        plays = [a for a in st.legal_actions() if a.kind == "play"]
        if st.phase == "play" and len(plays) >= 3 and st.total >= 5:
            break
    return with_hint(app.push(table_class("cirno")(app, match, autosave=False)))


def open_wizard_hint(app: Any, name: str, seed: int | None = None) -> Any:
    """`wizard_hint`: a card to play; `wizard_bid_hint`: a bid."""
    from cardtable.ui.tables import table_class
    from cardtable.ui.tables.wizard_table import _find
    if name == "wizard_hint":
        def stop(s: Any) -> bool:
            return (s.round_no >= 5 and s.phase == "play" and len(s.trick) == 1
                    and s.trick[0][1] not in ("Z", "N")  # a Wizard or Jester led: no contest
                    and s.trump is not None and (s.bids[0] or 0) > s.tricks[0]
                    and len(s.legal_actions()) >= 3)
    elif name == "wizard_bid_hint":
        def stop(s: Any) -> bool:
            return s.round_no >= 4 and s.phase == "bid" and s.trump is not None
    else:
        raise ValueError(f"unknown scene {name!r}")
    match = _find(seed or 11, {}, stop)
    return with_hint(app.push(table_class("wizard")(app, match, autosave=False)))


def open_eight_half_hint(app: Any, name: str, seed: int | None = None) -> Any:
    from cardtable.ui.tables.eight_half_table import EightHalfTableScene
    from cardtable.ui.tables.eight_half_table import sample_match as e8h_match
    match, _ = e8h_match("wanted", seed if seed is not None else 1)
    return with_hint(app.push(EightHalfTableScene(app, match, autosave=False)))


def open_tanto_hint(app: Any, name: str, seed: int | None = None) -> Any:
    from cardtable.ui.tables.tanto_cuore_table import TantoCuoreTableScene, _find
    match = _find(seed or 4, lambda s: s.phase == "employ" and s.turn_no >= 12
                  and len(s.legal_actions()) >= 4)
    return with_hint(app.push(TantoCuoreTableScene(app, match, autosave=False)))
