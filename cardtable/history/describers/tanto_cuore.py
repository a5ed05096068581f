"""Tanto Cuore's events, actions and choice buttons in words (keys `log.tanto_cuore.*`).

The table log, the move log, replays and undo labels all take their lines from here; so do the
table's choice buttons (`choice`), so a button and the log line of what it does speak alike.
Lines the table animates instead of writing (card moves, phases, shuffles of the opening) are
`detail`: the move log still shows them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.actions import Action
from cardtable.core.events import GAME_OVER, REVEALED, SHUFFLED, TURN_STARTED, Event, Msg
from cardtable.history.describer import Describer, Line

K = "log.tanto_cuore"
# the table's own lines (every other event is a detail line of the shared wording)
_OWN = frozenset({TURN_STARTED, "served", "chambered", "employed", "event_played", "scored",
                  GAME_OVER})
# phases whose "done" / "decline" button has its own words
DONE_PHASES = frozenset({"start", "serve", "employ", "esquine"})
DECLINE_PHASES = frozenset({"tanya", "sainsbury", "natsumi_self", "claire_return",
                            "claire_reaction", "eugenie_swap"})
GAINS = frozenset({"love", "serving", "employ"})
# the table's own button (never submitted): backs out of a confirmation
CANCEL = Action("cancel")
REACT = Action("react", "claire")


def _zone_owner(zone: str) -> int | None:
    _, _, tail = zone.partition(":")
    return int(tail) if tail.isdigit() else None


class TantoCuoreDescriber(Describer):
    game_id = "tanto_cuore"

    def line(self, ev: Event, viewer: int | None = None) -> Line | None:
        k, d = ev.kind, ev.data
        if k in _OWN:
            msg = self._own(ev)
            if msg is None:  # said by another line (an event card: its event_played line)
                base = super().line(ev, viewer)
                return Line(base.msg, detail=True) if base is not None else None
            return Line(msg)
        if k == REVEALED and str(d.get("zone", "")).startswith("deck:") and d.get("cards"):
            # Eliza's look at the top of a deck, for those who saw it
            return Line(Msg(f"{K}.peek", {"card": d["cards"][0],
                                          "target": _zone_owner(d["zone"])}))
        if k == SHUFFLED and d.get("from"):
            return Line(Msg(f"{K}.reshuffled", {"player": _zone_owner(str(d["zone"]))}))
        base = super().line(ev, viewer)
        if base is None:
            return None
        # the rules' announcements are the table's lines; the rest it shows as animation
        return Line(base.msg, detail=k != "announce")

    def _own(self, ev: Event) -> Msg | None:
        k, d = ev.kind, ev.data
        if k == TURN_STARTED:
            return Msg(f"{K}.turn_started", {"player": d["player"], "turn": d.get("turn", 0)})
        if k in ("served", "chambered"):
            return Msg(f"{K}.{k}", {"player": d["player"], "card": d["card"]})
        if k == "employed":
            from cardtable.games.tanto_cuore.cards import EVENTS
            if d["card"] in EVENTS:
                return None
            return Msg(f"{K}.employed", {"player": d["player"], "card": d["card"]})
        if k == "event_played":
            params: dict[str, Any] = {"player": d["player"], "card": d["card"],
                                      "target": d["target"]}
            key = f"{K}.event_played"
            if d.get("blocked"):
                key += ".blocked"
            elif d.get("maid"):
                key += ".maid"
                params["maid"] = d["maid"]
            return Msg(key, params)
        if k == "scored":
            return Msg(f"{K}.scored", {"player": d["player"],
                                       "total": d["breakdown"].get("total", 0)})
        assert k == GAME_OVER
        return Msg(f"{K}.game_over", {"winners": list(d["winners"])})

    # ---------------------------------------------------------------- the table's buttons
    def choice(self, a: Action, phase: str, legal: Sequence[Action] = (),
               confirming: bool = False, ill: Mapping[tuple[int, str], int] | None = None
               ) -> Msg:
        """What a choice button says for action `a` in pending phase `phase` (`legal`: the
        actions offered with it; `confirming`: the button confirms what was asked first;
        `ill`: the Illnesses on each (seat, maid) — a maid target says she is ill)."""
        msg = self._choice(a, phase, legal, confirming)
        if msg.key.endswith(".target_maid") and ill:
            n = ill.get((msg.params["target"], msg.params["maid"]), 0)
            if n:
                return Msg(f"{msg.key}.ill", {**msg.params, "n": n})
        return msg

    def _choice(self, a: Action, phase: str, legal: Sequence[Action],
                confirming: bool) -> Msg:
        from cardtable.games.tanto_cuore.cards import CARDS
        c = f"{K}.choice"
        card = a.card or ""
        if a == CANCEL:
            # backing out of ending the turn is going on employing
            return Msg(f"{c}.keep_employing" if confirming and phase == "employ"
                       else f"{c}.cancel", {})
        if a.kind == "done":
            if confirming and phase == "employ":
                return Msg(f"{c}.confirm_end", {})
            return Msg(f"{c}.done.{phase}" if phase in DONE_PHASES else f"{c}.done", {})
        if a.kind == "decline":
            if phase not in DECLINE_PHASES:
                return Msg(f"{c}.decline", {})
            none = phase == "claire_reaction" and REACT not in legal
            return Msg(f"{c}.decline.{phase}{'_none' if none else ''}", {})
        if a.kind == "serve":
            return Msg(f"{c}.serve", {"card": card})
        if a.kind == "chamber":
            return Msg(f"{c}.chamber", {"card": card, "n": CARDS[card].chamber or 0})
        if a.kind == "employ":
            if card == "illness" and a.target is not None:
                return Msg(f"{c}.target_maid", {"target": a.target, "maid": a.value})
            if card == "bad_habit" and a.target is not None:
                return Msg(f"{c}.target", {"target": a.target})
            return Msg(f"{c}.employ", {"card": card, "cost": CARDS[card or "love1"].cost})
        if a.kind == "discard":
            if a.card is None:
                return Msg(f"{c}.eliza_discard", {})
            return Msg(f"{c}.discard", {"card": card})
        if a.kind in ("exchange", "keep", "cure", "react"):
            return Msg(f"{c}.{a.kind}", {"card": card or "claire"})
        if a.kind == "leave":
            return Msg(f"{c}.leave", {})
        if a.kind == "target":
            if a.value is not None:
                return Msg(f"{c}.target_maid", {"target": a.target, "maid": a.value})
            return Msg(f"{c}.peek", {"target": a.target})
        if a.kind == "take":
            if a.value is not None:
                return Msg(f"{c}.take_maid", {"card": card, "target": a.target,
                                              "maid": a.value})
            return Msg(f"{c}.take", {"card": card, "target": a.target})
        if a.kind == "give":
            if a.value is not None:
                return Msg(f"{c}.target_maid", {"target": a.target, "maid": a.value})
            return Msg(f"{c}.target", {"target": a.target})
        if a.kind == "return":
            if a.value is not None:
                return Msg(f"{c}.return_maid", {"card": card, "maid": a.value})
            return Msg(f"{c}.return", {"card": card})
        if a.kind == "ability":
            if confirming:
                return Msg(f"{c}.confirm_nord", {"card": card})
            if a.value in GAINS:
                return Msg(f"{c}.ability_gain.{a.value}", {"card": card})
            if a.target is not None:
                return Msg(f"{c}.ability_target", {"card": card, "target": a.target})
            return Msg(f"{c}.ability", {"card": card})
        return Msg(f"{c}.{a.kind}", {})  # swap, draw


DESCRIBER = TantoCuoreDescriber
