"""8½ in words: one line per happening, keys `log.eight_half.*`, for the table log, the move
log, undo labels and replays alike.

The rules announce some happenings that an event of the same name also reports (a catch, a
swap, reaching the table cards, a pile taken for want of a play, an illegal blind card): such an
announcement carries the event's key and parameter names, and only one of the two is worded —
the announcement where the rules make one, else the event. A turned blind card is named by the
line that follows it (the play, the catch or the illegal card), never before.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.events import (
    ANNOUNCE,
    GAME_OVER,
    PHASE_CHANGED,
    ROUND_ENDED,
    ROUND_STARTED,
    SCORE_CHANGED,
    SHUFFLED,
    Event,
    Msg,
)
from cardtable.history.describer import Describer, Line

PREFIX = "log.eight_half."
# events whose happening the rules also announce, under the same key: the announcement speaks
ANNOUNCED = frozenset({"caught", "swap", "no_swap", "table_cards_reached"})
# why a pile was taken -> whether the event speaks (the others are announced)
TAKEN_SAYS = frozenset({"caught"})


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


class EightHalfDescriber(Describer):
    game_id = "eight_half"
    # the table shows these as animation, banners or the results dialog
    DETAIL_KINDS = Describer.DETAIL_KINDS | {SHUFFLED, SCORE_CHANGED, ROUND_ENDED}

    def line(self, ev: Event, viewer: int | None = None) -> Line | None:
        k = ev.kind
        d = ev.data
        if k == ANNOUNCE:
            return self._announced(d["msg"])
        if k in ANNOUNCED or k == "blind_revealed":
            return None
        if k == "pile_taken":
            if d.get("reason") not in TAKEN_SAYS:
                return None
            return self._say(f"pile_taken.{d['reason']}", player=d["player"],
                             count=d.get("count", len(d.get("cards", ()))), dst=d.get("dst"))
        if k == "pile_value":
            played = list(d.get("cards") or ())
            if not played:
                return self._say("pile_value", player=d["player"], value2=d["value2"])
            return self._say(f"pile_value.{d.get('src', 'hand')}", player=d["player"],
                             cards=played, value2=d["value2"])
        if k == "wanted":
            return self._say("wanted", player=d["player"], value2=d["value2"])
        if k == "deal_scored":
            if d.get("winner") is None:
                return self._say("deal_scored.none", deal=d["deal"])
            return self._say("deal_scored", deal=d["deal"], winner=d["winner"])
        if k == ROUND_STARTED:
            return self._say("round_started", round=d["round"])
        if k == GAME_OVER:
            return self._say("game_over", winners=list(d["winners"]))
        if k == PHASE_CHANGED:
            # the swap offer is a banner on the table; the move log keeps it
            got = super().line(ev, viewer)
            return Line(got.msg, detail=True) if got is not None else None
        return super().line(ev, viewer)

    @staticmethod
    def _say(rest: str, detail: bool = False, **params: Any) -> Line:
        return Line(Msg(PREFIX + rest, {k: _plain(v) for k, v in params.items()}), detail)

    @staticmethod
    def _announced(msg: Any) -> Line | None:
        if not isinstance(msg, Msg):
            return None
        key = msg.key
        params = {k: _plain(v) for k, v in msg.params.items()}
        if key == PREFIX + "caught" and params.get("src") in ("open", "blind"):
            key += f".{params['src']}"  # a catch with a table card says which kind
        return Line(Msg(key, params))


DESCRIBER = EightHalfDescriber
