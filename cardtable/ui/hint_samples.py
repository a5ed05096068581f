"""Sample scenes of a hint on a table (`--scene cirno_hint | wizard_hint | wizard_bid_hint
| eight_half_hint | tanto_hint`, each listed in its game's registration): a person's decision
with the 提示 asked and answered, through the table's own path (`TableScene.request_hint`: the
host asks the AI thread), waiting for it once here so the first frame already shows it."""

from __future__ import annotations

from typing import Any


def with_hint(table: Any) -> Any:
    """Ask `table` for a hint and wait for it (a sample's first frame shows the answer)."""
    import time
    table.director.clear()
    table.snap()
    if not table.request_hint():
        raise RuntimeError("no hint may be asked in this sample state")
    deadline = time.monotonic() + 120
    while table.hint is None and not table.hint_failed:
        if time.monotonic() > deadline:
            raise RuntimeError("the hint did not come")
        time.sleep(0.01)
        table.take_updates(table.link.poll(False))
    return table


def _sample(app: Any, game_id: str, match: Any) -> Any:
    from cardtable.ui.tables import table_class
    from cardtable.ui.tables.kit.sample import push_sample
    return with_hint(push_sample(app, table_class(game_id), match))


def open_cirno_hint(app: Any, name: str, seed: int | None = None) -> Any:
    from cardtable.samples.cirno import hint_match
    return _sample(app, "cirno", hint_match(seed or 80))


def open_wizard_hint(app: Any, name: str, seed: int | None = None) -> Any:
    """`wizard_hint`: a card to play; `wizard_bid_hint`: a bid."""
    from cardtable.samples.wizard import SAMPLES, sample
    if name not in ("wizard_hint", "wizard_bid_hint") or name not in SAMPLES:
        raise ValueError(f"unknown scene {name!r}")
    return _sample(app, "wizard", sample(name, seed))


def open_eight_half_hint(app: Any, name: str, seed: int | None = None) -> Any:
    from cardtable.samples.eight_half import sample_match
    match, _ = sample_match("wanted", seed if seed is not None else 1)
    return _sample(app, "eight_half", match)


def open_tanto_hint(app: Any, name: str, seed: int | None = None) -> Any:
    from cardtable.samples.tanto_cuore import employ
    return _sample(app, "tanto_cuore", employ(seed))
