"""CIRNO-D4 (revised) at a fresh setup: the DOUBLE reading row shows the seed's reading (go on
from the first card's total) as the default, and a game started from it plays that reading;
the other reading is one step away."""

from __future__ import annotations

from cardtable.i18n import tr
from cardtable.ui.autoplay import frames
from cardtable.ui.scenes.setup import SetupScene
from tests.hosting import match_of


def test_cirno_d4_a_fresh_setup_starts_with_the_first_card_reading(app):
    setup = app.push(SetupScene(app, "cirno"))
    assert app.settings.setups.get("cirno") is None  # nothing remembered
    assert setup.options["double_reading"] == "first"
    row = next(w for w in setup.menu.widgets if setup.option_names.get(id(w)) == "double_reading")
    assert row.show(row.get()) == tr("cirno.option.double_reading.first")
    row.adjust(1)
    assert setup.options["double_reading"] == "latest"
    row.adjust(1)
    frames(app, 1)
    setup.start()
    assert match_of(app.stack.top).options.double_reading == "first"
