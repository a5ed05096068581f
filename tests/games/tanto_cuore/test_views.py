"""What a Tanto Cuore view keeps back: hands, decks and the face-down private maids. (Same seed
and actions give the same game, a record replays it, and reshuffling the hidden cards
(`cardtable.games.tanto_cuore.hidden`) leaves every view alone: the rules contract over every
game, tests/core/test_rules_contract.py.)"""

from __future__ import annotations

from cardtable.core.events import redact
from cardtable.core.game import OMNISCIENT
from cardtable.games.tanto_cuore.rules import SPEC


def test_views_hide_hands_decks_and_private_pile() -> None:
    state, events = SPEC.new_game(2, 2)
    v = state.view(1)
    assert v.hand is not None and v.all_hands is None
    assert not hasattr(v, "decks") and v.deck_counts == tuple(len(d) for d in state.deck)
    assert v.private_pile_count == len(state.priv_pile)
    for field in v.__dataclass_fields__:
        assert "pile" not in field or field == "private_pile_count"
    assert state.view(OMNISCIENT).all_hands is not None
    # the deal: a spectator sees no card face of any hand
    for e in events:
        r = redact(e, None)
        if r.kind == "card_moved" and r.data["dst"].startswith("hand"):
            assert "card" not in r.data
