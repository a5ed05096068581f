"""Tanto Cuore's events, actions and choice buttons in words (keys `log.tanto_cuore.*`).

The table log, the move log, replays and undo labels all take their lines from here; so do the
table's choice buttons (`choice`), so a button and the log line of what it does speak alike.
Lines the table animates instead of writing (card moves, phases, shuffles of the opening) are
`detail`: the move log still shows them, folded to one line per decision (`fold`): a card move
that the decision's own line says (a maid served, employed, sent home; a card an effect
discards) has no line of its own; the Love cards played on entering the employ phase are one
line, a turn's end (the cards left in the hand going to the discard pile, a reshuffle, the new
hand) is one line, and so is any other run of draws. A Claire block, Eliza's look and the final
scores are said once (their second lines are gone from both logs); a reshuffle is a detail.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.actions import Action
from cardtable.core.events import (
    ANNOUNCE,
    CARD_MOVED,
    GAME_OVER,
    PHASE_CHANGED,
    REVEALED,
    SCORE_CHANGED,
    SHUFFLED,
    TURN_STARTED,
    Event,
    Msg,
)
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


# ---------------------------------------------------------------- folding (the move log)
Item = tuple[Event, Line]
LOVES = ("love1", "love2", "love3")
# the card moves an announced effect says in its own line, by (source, destination) zone kind
# (the moves of a card the line names by face are said by it anyway)
_SAID_BY: dict[str, frozenset[tuple[str, str]]] = {
    "tanto_cuore.log.cured": frozenset({("hand", "discard"), ("illness", "town")}),
    "tanto_cuore.log.cured_one": frozenset({("hand", "discard"), ("illness", "town")}),
    "tanto_cuore.log.exchange": frozenset({("hand", "town"), ("town", "hand")}),
    "tanto_cuore.log.swapped": frozenset({("hand", "hand")}),
    "tanto_cuore.log.event_returned": frozenset({("illness", "town"), ("habits", "town")}),
}
# the table's own lines that say the card moved just before them (by its face)
_SAYS_CARD = ("log.tanto_cuore.served", "log.tanto_cuore.chambered", "log.tanto_cuore.employed",
              "log.tanto_cuore.event_played", "tanto_cuore.log.")


def _announced(data: Mapping[str, Any]) -> str | None:
    """The message key of an announcement's data (a Msg, or its JSON form off the wire)."""
    msg = data.get("msg")
    if isinstance(msg, Msg):
        return msg.key
    return str(msg["key"]) if isinstance(msg, dict) and "key" in msg else None


def _base(zone: Any) -> str:
    return str(zone).partition(":")[0]


def _tally(cards: Sequence[str]) -> list[list[Any]]:
    """Faces counted, in the order first met: [[face, n], ...] (the `tally` parameter)."""
    return [[face, n] for face, n in Counter(cards).items()]


def _raw_move(line: Line) -> bool:
    """A card move's own line (not yet folded into a summary)."""
    return line.detail and line.msg.key.startswith("log.card_moved")


def _said_by(move: Event, line: Line) -> bool:
    """Whether `line` (not a detail line) says the card move `move` already."""
    key, params = line.msg.key, line.msg.params
    d = move.data
    pair = (_base(d.get("src")), _base(d.get("dst")))
    if pair in _SAID_BY.get(key, ()):
        return True
    if pair == ("deck", "hand"):  # a draw is never said by the line after it
        return False
    card = d.get("card")
    return card is not None and key.startswith(_SAYS_CARD) and card == params.get("card")


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
        if k == REVEALED and str(d.get("zone", "")).startswith("deck:"):
            if not d.get("cards"):
                return None  # who looked is the announcement's line (Eliza)
            # Eliza's look at the top of a deck, for those who saw it
            return Line(Msg(f"{K}.peek", {"card": d["cards"][0],
                                          "target": _zone_owner(d["zone"])}))
        if k == REVEALED and not ev.audience and d.get("cards") == ["claire"]:
            return None  # Claire shown to block an event: its event_played line says so
        if k == ANNOUNCE and _announced(d) == "tanto_cuore.log.blocked":
            return None  # the same: said by the event_played line just before
        if k == SCORE_CHANGED:
            return None  # said by the `scored` line just before
        if k == SHUFFLED and d.get("from"):
            # animated on the table; in the move log, part of the draw it was made for
            return Line(Msg(f"{K}.reshuffled", {"player": _zone_owner(str(d["zone"]))}),
                        detail=True)
        base = super().line(ev, viewer)
        if base is None:
            return None
        # the rules' announcements are the table's lines; the rest it shows as animation
        return Line(base.msg, detail=k != "announce")

    # ---------------------------------------------------------------- the move log
    def fold(self, items: Sequence[Item]) -> list[Item]:
        """One line per decision in the move log: card moves that the next line of the table
        log says are left out, the Love cards played on entering the employ phase are one
        line, a turn's end is one line (what was left in the hand, a reshuffle, how many cards
        were drawn, and which when the viewer saw them), other draws one line per run.
        Lines the table log shows are kept as they are."""
        out: list[Item] = []
        i = 0
        while i < len(items):
            ev, line = items[i]
            if ev.kind == PHASE_CHANGED and ev.data.get("phase") in ("employ", "discard"):
                out.append(items[i])
                end = self._fold_phase(items, i + 1, ev.data["phase"], ev.data.get("player"),
                                       out)
                i = end
                continue
            if (ev.kind == CARD_MOVED and _raw_move(line) and self._draw_of(ev) is not None) or (
                    ev.kind == SHUFFLED and ev.data.get("from") and i + 1 < len(items)
                    and self._draw_of(items[i + 1][0]) == _zone_owner(str(ev.data["zone"]))):
                i = self._fold_draws(items, i, out)
                continue
            if ev.kind == CARD_MOVED and _raw_move(line) and \
                    _base(ev.data.get("dst")) == "private_up" and ev.data.get("card"):
                out.append((ev, Line(Msg(f"{K}.private_revealed", {"card": ev.data["card"]}),
                                     detail=True)))
                i += 1
                continue
            out.append(items[i])
            i += 1
        return self._fold_discards(self._drop_said(out))

    @staticmethod
    def _draw_of(ev: Event) -> int | None:
        """The seat drawing, for a card moved from a deck to the same seat's hand."""
        src, dst = str(ev.data.get("src", "")), str(ev.data.get("dst", ""))
        if _base(src) == "deck" and _base(dst) == "hand":
            p = _zone_owner(src)
            return p if p == _zone_owner(dst) else None
        return None

    def _fold_draws(self, items: Sequence[Item], i: int, out: list[Item]) -> int:
        """A run of one seat's draws (a reshuffle between them) as one line; returns where
        the run ends."""
        first = items[i][0]
        p = self._draw_of(first) if first.kind == CARD_MOVED else \
            _zone_owner(str(first.data["zone"]))
        count, seen, reshuffled = 0, [], False
        while i < len(items):
            ev, _ = items[i]
            if ev.kind == CARD_MOVED and self._draw_of(ev) == p:
                count += 1
                if ev.data.get("card") is not None:
                    seen.append(ev.data["card"])
            elif ev.kind == SHUFFLED and ev.data.get("from") and \
                    _zone_owner(str(ev.data.get("zone", ""))) == p:
                reshuffled = True
            else:
                break
            i += 1
        key = f"{K}.drew" + (".reshuffled" if reshuffled else "") + (".seen" if seen else "")
        params: dict[str, Any] = {"player": p, "count": count}
        if seen:
            params["drawn"] = _tally(seen)
        out.append((first, Line(Msg(key, params), detail=True)))
        return i

    def _fold_phase(self, items: Sequence[Item], i: int, phase: str, p: Any,
                    out: list[Item]) -> int:
        """After the employ phase begins: the Love cards played, as one line. After the
        discard phase begins: the turn's end, as one line (an effect's own lines on the way
        are kept, before it). Returns where the run ends."""
        hand, play, discard = f"hand:{p}", f"play:{p}", f"discard:{p}"
        cards: list[str] = []
        drawn: list[str] = []
        count = 0
        reshuffled = False
        first: Event | None = None
        while i < len(items):
            ev, line = items[i]
            d = ev.data
            if ev.kind in (TURN_STARTED, PHASE_CHANGED, GAME_OVER, "scored"):
                break
            if phase == "employ":
                if not (ev.kind == CARD_MOVED and d.get("src") == hand and d.get("dst") == play
                        and d.get("card") in LOVES):
                    break
                cards.append(d["card"])
            elif ev.kind == CARD_MOVED and d.get("src") == play and d.get("dst") == discard:
                pass  # the cards played go with the turn (their lines said them)
            elif ev.kind == CARD_MOVED and d.get("src") == hand and d.get("dst") == discard \
                    and d.get("card") is not None:
                cards.append(d["card"])  # what was left in the hand (face up, public)
            elif ev.kind == CARD_MOVED and self._draw_of(ev) == p:
                count += 1
                if d.get("card") is not None:
                    drawn.append(d["card"])
            elif ev.kind == SHUFFLED and d.get("from") and d.get("zone") == f"deck:{p}":
                reshuffled = True
            else:  # an effect's own move or line (Amber's): kept as it is
                out.append(items[i])
                i += 1
                continue
            first = first or ev
            i += 1
        if first is None:
            return i
        if phase == "employ":
            if i < len(items) and items[i][0].kind == ANNOUNCE and \
                    _announced(items[i][0].data) == "tanto_cuore.log.loves_played":
                return i  # the rules' own line after the cards says them (kept as it is)
            from cardtable.games.tanto_cuore.cards import CARDS
            love = sum(CARDS[c].love for c in cards)
            out.append((first, Line(Msg(f"{K}.loves", {"player": p, "tally": _tally(cards),
                                                        "love": love}), detail=True)))
            return i
        key = f"{K}.turn_end" + (".discard" if cards else "") + (
            ".reshuffled" if reshuffled else "") + (".seen" if drawn else "")
        params: dict[str, Any] = {"player": p, "count": count}
        if cards:
            params["tally"] = _tally(cards)
        if drawn:
            params["drawn"] = _tally(drawn)
        out.append((first, Line(Msg(key, params), detail=True)))
        return i

    @staticmethod
    def _fold_discards(items: Sequence[Item]) -> list[Item]:
        """A run of cards one seat's hand put on its discard pile that no line said (Nord
        keeps one card and discards the rest) as one line."""
        out: list[Item] = []
        i = 0
        while i < len(items):
            ev, line = items[i]
            src, dst = str(ev.data.get("src", "")), str(ev.data.get("dst", ""))
            p = _zone_owner(src)
            if not (ev.kind == CARD_MOVED and _raw_move(line) and _base(src) == "hand"
                    and dst == f"discard:{p}" and ev.data.get("card") is not None):
                out.append(items[i])
                i += 1
                continue
            cards = []
            while i < len(items) and items[i][0].kind == CARD_MOVED and _raw_move(items[i][1]) \
                    and items[i][0].data.get("src") == src and \
                    items[i][0].data.get("dst") == dst and items[i][0].data.get("card"):
                cards.append(items[i][0].data["card"])
                i += 1
            out.append((ev, Line(Msg(f"{K}.discarded", {"player": p, "tally": _tally(cards)}),
                                 detail=True)))
        return out

    @staticmethod
    def _drop_said(items: Sequence[Item]) -> list[Item]:
        """Without the card moves the next line of the table log says (a maid served,
        employed, sent home, an event placed, a card an effect discards)."""
        out: list[Item] = []
        for i, (ev, line) in enumerate(items):
            if ev.kind == CARD_MOVED and _raw_move(line):
                nxt = next((it for it in items[i + 1:] if not it[1].detail
                            or it[0].kind in (TURN_STARTED, PHASE_CHANGED)), None)
                if nxt is not None and not nxt[1].detail and _said_by(ev, nxt[1]):
                    continue
            out.append((ev, line))
        return out

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
