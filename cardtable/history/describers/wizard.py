"""Wizard's events in words (`log.wizard.*`), for the table log, the move log, undo labels and
replays alike.

What differs from the shared lines: a card played to the trick is `played` (not a plain card
move); the cards collected before a round are said once (a shared deck, or in single colour
every player's own deck, said at `deck:0`), and in round 1 as a plain shuffle; the shuffle and
the round's end say nothing of their own (the collection and `round_scored` already say it); a
score change says whether the bid was met; the rules' announcements keep their own keys.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.events import (
    CARD_MOVED,
    GAME_OVER,
    ROUND_ENDED,
    ROUND_STARTED,
    SCORE_CHANGED,
    SHUFFLED,
    Event,
    Msg,
    zone_name,
    zone_owner,
)
from cardtable.history.describer import Describer, Line

KEY = "log.wizard."


class WizardDescriber(Describer):
    game_id = "wizard"

    def line(self, ev: Event, viewer: int | None = None) -> Line | None:
        k = ev.kind
        d: dict[str, Any] = ev.data
        if k == CARD_MOVED and d.get("dst") == "trick" and d.get("card"):
            return Line(Msg(KEY + "played", {"player": zone_owner(d["src"]), "card": d["card"]}))
        if k in (SHUFFLED, ROUND_ENDED):
            return None
        if k == "cards_collected":
            owner = zone_owner(d["zone"])
            if zone_name(d["zone"]) != "deck" or owner not in (None, 0):
                return None
            key = KEY + "cards_collected" + ("" if owner is None else ".single_colour")
            if d.get("round") == 1:
                key += "_first" if owner is not None else ".first"
            return Line(Msg(key, {}))
        if k == "bid_placed":
            if "value" in d:
                return Line(Msg(KEY + "bid_placed", {"player": d["player"], "value": d["value"]}))
            return Line(Msg(KEY + "bid_placed.hidden", {"player": d["player"]}))
        if k == "bids_revealed":
            return Line(Msg(KEY + "bids_revealed", {"bids": list(d["bids"])}))
        if k == "trick_won":
            return Line(Msg(KEY + "trick_won", {"winner": d["winner"],
                                                "trick_no": d["trick_no"]}))
        if k == SCORE_CHANGED:
            key = KEY + ("score_changed.exact" if d["delta"] > 0 else "score_changed.missed")
            return Line(Msg(key, {"player": d["player"], "delta": d["delta"],
                                  "total": d["total"]}))
        if k == "round_scored":
            return Line(Msg(KEY + "round_scored", {"round": d["round"]}))
        if k == GAME_OVER:
            return Line(Msg(KEY + "game_over", {"winners": list(d["winners"])}))
        if k == ROUND_STARTED:
            return Line(Msg(KEY + "round_started", {"round": d["round"], "dealer": d["dealer"],
                                                    "cards": d["cards"]}))
        # card moves (deals, detail lines), trump_set.<reason>, phases, the rules' own
        # announcements (log.wizard.* keys too)
        return super().line(ev, viewer)


DESCRIBER = WizardDescriber
