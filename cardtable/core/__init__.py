"""The pure rules contract shared by every game (no pygame, no fonts, no translator).

Public pieces:
- `Action` (actions.py): the one hashable, JSON-friendly action type every game uses.
- `Event`, `Msg`, zone helpers and `redact` (events.py): the shared event vocabulary.
- `GameRng` (rng.py): the seeded RNG a state owns.
- `GameSpec`, `GameState` (game.py): the contract each game implements.
- `IllegalActionError` (errors.py).
- `Match`, `MatchRecord`, `Seat` (match.py): history, records, replay.
"""

from cardtable.core.actions import Action
from cardtable.core.errors import IllegalActionError
from cardtable.core.events import Event, Msg, redact, zone
from cardtable.core.game import OMNISCIENT, GameSpec, GameState
from cardtable.core.rng import GameRng

__all__ = [
    "OMNISCIENT",
    "Action",
    "Event",
    "GameRng",
    "GameSpec",
    "GameState",
    "IllegalActionError",
    "Msg",
    "redact",
    "zone",
]
