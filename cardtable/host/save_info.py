"""What the title's 「繼續上一局」 says about the unfinished game: its round as the game's table
words it and who sits at it.

The record is replayed here, on the host's side, and only public words leave: the round (read
from the spectator's view, the one everybody at the table may see) and the seats' names. The
UI never holds the game's state, hidden hands included.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.core.events import Msg
from cardtable.core.match import MatchRecord

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SaveInfo:
    """`round`: the round as the table's header says it (None when the record does not
    replay); `seats`: each seat's (name, is a person), a name left empty for the UI to word
    (電腦 n / 玩家 n)."""

    game_id: str
    round: Msg | None
    seats: tuple[tuple[str, bool], ...]


def _cirno(view: Any) -> Msg:
    if view.sudden_death:
        return Msg("ui.title.sudden_death", {})  # (the table's line is too long here)
    round_no = max(1, view.round_no)
    if view.options.get("advanced"):
        return Msg("ui.cirno.round_adv", {"round": round_no})
    return Msg("ui.cirno.round", {"round": round_no, "total": view.num_players})


def _eight_half(view: Any) -> Msg:
    deal = max(1, view.deal_no)
    if view.num_deals:
        return Msg("ui.eight_half.deal_of", {"deal": deal, "total": view.num_deals})
    return Msg("ui.eight_half.deal_target", {"deal": deal,
                                             "target": view.options.get("target_points")})


def _tanto_cuore(view: Any) -> Msg:
    return Msg("ui.tanto_cuore.turn_no", {"n": max(1, view.turn_no)})


def _wizard(view: Any) -> Msg:
    return Msg("wizard.hud.round", {"round": max(1, view.round_no), "rounds": view.num_rounds})


ROUND_WORDS: dict[str, Callable[[Any], Msg]] = {
    "cirno": _cirno, "eight_half": _eight_half, "tanto_cuore": _tanto_cuore, "wizard": _wizard,
}


def save_info(record: MatchRecord) -> SaveInfo:
    """The round and the seats of a saved game (see the module docstring)."""
    seats = tuple((s.name, s.kind == "human") for s in record.seats)
    words = ROUND_WORDS.get(record.game_id)
    round_msg = None
    if words is not None:
        try:
            from cardtable.games import match_from_record
            view = match_from_record(record).state.view(None)
            round_msg = words(view)
        except Exception as exc:  # noqa: BLE001 (a save that does not replay: no round said)
            log.info("the autosave does not replay for its summary: %s", exc)
    return SaveInfo(record.game_id, round_msg, seats)
