"""Cirno's events in words (`log.cirno.*`): one sentence per event for the table log, the move
log and replays.

Context kept across a stream: whether the cards now going from a hand to the discard pile were
played (PASS, DOUBLE) or are thrown away by the Draw / Pick Out companions (the same move).

The start of a round says once who starts: the game's opening announcement of the first player
and the collecting of every arithmetic card before a round are worded in the round's own line
(round 1 has nothing to collect; later rounds say that every card went back and was dealt anew).
"""

from __future__ import annotations

from cardtable.core.events import (
    ANNOUNCE,
    CARD_MOVED,
    GAME_OVER,
    REVEALED,
    ROUND_ENDED,
    ROUND_STARTED,
    SCORE_CHANGED,
    SHUFFLED,
    TURN_STARTED,
    Event,
    Msg,
    zone_name,
    zone_owner,
)
from cardtable.history.describer import Describer, Line

# announcements whose content another event's line already says
_SAID_ELSEWHERE = frozenset({"log.cirno.first_player"})
# cards whose play has no other event to be worded by (a number card's is total_changed, TURN's
# direction_changed, SHOT's announcement)
_PLAYED_ALONE = {"PASS": "log.cirno.play.PASS", "DOUBLE": "log.cirno.play.DOUBLE"}
# kinds worded from their data with the same parameter names, under `log.cirno.<kind>`
_PLAIN = frozenset({"direction_changed", "limit_changed", "duty_changed", "bust", "player_out"})


class CirnoDescriber(Describer):
    game_id = "cirno"
    # the table shows these as animation or as a dialog of its own (the round's result)
    DETAIL_KINDS = Describer.DETAIL_KINDS | {REVEALED, ROUND_ENDED, SHUFFLED}

    def reset(self) -> None:
        self._discarding = False  # hand -> discard now is a companion's cost, not a play

    def line(self, ev: Event, viewer: int | None = None) -> Line | None:
        k, d = ev.kind, ev.data
        if k == CARD_MOVED:
            src, dst, card = str(d.get("src", "")), d.get("dst"), d.get("card")
            if (zone_name(src) == "hand" and dst == "discard" and not self._discarding
                    and card in _PLAYED_ALONE):
                return Line(Msg(_PLAYED_ALONE[card], {"player": zone_owner(src)}))
            return super().line(ev, viewer)
        if k == TURN_STARTED:
            self._discarding = False
            return super().line(ev, viewer)
        if k == "companion_used":
            if d["card"] in ("draw", "pick_out"):
                self._discarding = True
            # `gloss`: the card's gist in Chinese (its name is the English one)
            params = {"player": d["player"], "card": d["card"], "gloss": d["card"]}
            if d.get("target") is not None:
                return Line(Msg("log.cirno.companion_used.target",
                                {**params, "target": d["target"]}))
            if d.get("value") in ("left", "right"):
                return Line(Msg(f"log.cirno.companion_used.{d['value']}", params))
            return Line(Msg("log.cirno.companion_used", params))
        if k == "total_changed":
            if d.get("reason") == "double_first":
                return Line(Msg("log.cirno.total_changed.double_first",
                                {"player": d.get("player"), "old": d["old"], "new": d["new"]}))
            return Line(Msg("log.cirno.total_changed", {
                "player": d.get("player"), "card": d.get("card"), "old": d["old"],
                "new": d["new"]}))
        if k in _PLAIN:
            return Line(Msg(f"log.cirno.{k}", dict(d)))
        if k == SCORE_CHANGED:
            return Line(Msg("log.cirno.companion_taken", {"player": d["player"],
                                                          "total": d["total"]}))
        if k == "cards_collected":
            return None  # said by the round's start (and nothing to collect before round 1)
        if k == ROUND_STARTED:
            self._discarding = False
            key = ("log.cirno.round_started.sudden_death" if d.get("sudden_death") else
                   "log.cirno.round_started" if d["round"] == 1 else
                   "log.cirno.round_started.again")
            return Line(Msg(key, {"round": d["round"], "starter": d["starter"]}))
        if k == ROUND_ENDED:
            return Line(Msg("log.cirno.round_ended", {"round": d["round"],
                                                      "loser": d.get("loser")}), detail=True)
        if k == SHUFFLED and d.get("from"):
            return Line(Msg("log.cirno.deck_rebuilt", {}))
        if k == GAME_OVER:
            return Line(Msg("log.cirno.game_over", {"winners": list(d["winners"])}))
        if k == ANNOUNCE:
            got = super().line(ev, viewer)
            if got is None or got.msg.key in _SAID_ELSEWHERE:
                return None
            return got
        return super().line(ev, viewer)


DESCRIBER = CirnoDescriber
