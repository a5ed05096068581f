"""A spy on every card face the app draws during a hot-seat game, and the rule it checks.

The rule (the table kit's visibility policy, issue 16): with two or more people at one screen a
private face is drawn only for its owner, from the moment their pass-device curtain is lifted
until their own decision is over (the current player changes, or a round or the game ends);
at every other moment only faces the spectator may see. Faces the rules make public are those
in the spectator's view (before or after the action being animated) or named by the spectator's
events of that action. The spy tracks the owner itself from what it sees on the screen stack
(curtains, the match's history), not from the table's policy.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterable
from typing import Any

from cardtable.core.events import GAME_OVER, ROUND_ENDED
from cardtable.core.match import Match
from cardtable.ui import cardart
from cardtable.ui.autoplay import Player
from cardtable.ui.scene import SceneStack
from cardtable.ui.scenes.curtain import CurtainScene
from cardtable.ui.tables.table_scene import TableScene
from tests.hosting import table_for


def strings(obj: Any, out: set[str] | None = None, depth: int = 0) -> set[str]:
    """Every string inside a view (dataclasses, pydantic models, containers)."""
    if out is None:
        out = set()
    if depth > 12 or obj is None:
        return out
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            strings(k, out, depth + 1)
            strings(v, out, depth + 1)
    elif isinstance(obj, list | tuple | set | frozenset):
        for v in obj:
            strings(v, out, depth + 1)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            strings(getattr(obj, f.name, None), out, depth + 1)
    elif hasattr(obj, "model_dump"):
        strings(obj.model_dump(), out, depth + 1)
    elif hasattr(obj, "__dict__"):
        strings(vars(obj), out, depth + 1)
    return out


def named_cards(events: Iterable[Any]) -> set[str]:
    out: set[str] = set()
    for ev in events:
        strings(ev.data, out)
    return out


@dataclasses.dataclass
class SpyResult:
    violations: list[str]
    curtains: int
    human_moves: int
    owner_frames: int  # frames on which some person's private faces were allowed
    finished: bool


def play_with_spy(app: Any, monkeypatch: Any, match: Match, max_frames: int,
                  human_moves: int | None = None, seed: int = 1) -> SpyResult:
    """Play `match` (people click random highlighted things) until it ends, `human_moves`
    person moves were made or `max_frames` passed, recording and checking every face drawn."""
    drawn: list[str] = []
    real_face = cardart.face

    def spy(game: str, card: str, size: Any) -> Any:
        drawn.append(card)
        return real_face(game, card, size)

    monkeypatch.setattr(cardart, "face", spy)
    monkeypatch.setattr(TableScene, "CACHE_LAYERS", False)  # every frame draws everything
    monkeypatch.setattr(SceneStack, "CACHE_BELOW", False)
    humans = {i for i, s in enumerate(match.seats) if s.kind == "human"}
    table = app.push(table_for(app, match=match))
    app.speed_factor = 20
    player = Player(seed)
    violations: list[str] = []
    owner: int | None = None
    curtain_for: int | None = None
    curtains = owner_frames = 0
    hist = len(match.history)
    pub_before = strings(match.state.view(None))
    own_before: set[str] = set()
    batch = len(match.log)
    finished = False
    for _ in range(max_frames):
        # what the spectator (and the owner) could see before anything happens this frame;
        # kept from the frame before an action for as long as that action is animated
        pub_pre = strings(match.state.view(None))
        own_pre = strings(match.state.view(owner)) if owner is not None else set()
        log_before = len(match.log)
        player.act(app)
        drawn.clear()
        app.step(1 / 60)
        top = app.stack.top
        if isinstance(top, CurtainScene):
            curtains += 1
            curtain_for = match.state.current_player()
            owner = None
            if drawn:
                violations.append(f"faces drawn under the curtain: {drawn}")
            continue
        if curtain_for is not None:  # the curtain was just lifted for this person
            owner, curtain_for = curtain_for, None
        if len(match.history) != hist:
            pub_before, own_before = pub_pre, own_pre
            new = match.log[log_before:]
            batch = log_before
            nxt = match.state.current_player()
            if (owner is not None and (nxt != owner or match.state.is_terminal()
                                       or any(e.kind in (ROUND_ENDED, GAME_OVER)
                                              for e in new))):
                owner = None  # that decision is over
            hist = len(match.history)
        allowed = pub_before | strings(match.state.view(None))
        allowed |= named_cards(match.events_for(None, batch))
        if owner is not None and owner in humans:
            owner_frames += 1
            allowed |= own_before | strings(match.state.view(owner))
        over = [c for c in drawn if c not in allowed]
        if over:
            violations.append(
                f"owner {owner}, history {len(match.history)}, to act "
                f"{match.state.current_player()}, top {type(top).__name__}, table viewer "
                f"{table.eff_viewer}: drew {sorted(set(over))}")
        if match.state.is_terminal() and not app.future_pending() and not table.director.busy:
            finished = True
            break
        if human_moves is not None and player.human_moves >= human_moves:
            break
        if app.future_pending():
            time.sleep(0.002)
    return SpyResult(violations, curtains, player.human_moves, owner_frames, finished)
