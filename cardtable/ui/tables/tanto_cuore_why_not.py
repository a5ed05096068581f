"""Why a Tanto Cuore card the player clicked cannot be used now (issue 33: a click on a pile
one could not afford did nothing and said nothing).

The table asks only after the legal actions it was sent offer nothing for that card: these
functions never decide what is legal, they read the view (the phase, the love, serving and
employ left, the pile counts) and the card data (costs, serving costs) to say why the rules
said no. Each answer is a message key under `ui.tanto_cuore.why.*` with its parameters (card
faces as ids, seats as seats: the table words them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.core.actions import Action
from cardtable.core.events import Msg
from cardtable.games.tanto_cuore.cards import CARDS
from cardtable.games.tanto_cuore.rules import TCView

K = "ui.tanto_cuore.why"
HAND_KINDS = ("serve", "chamber", "discard", "keep")


def _turn(v: TCView, acting: int | None, me: int | None) -> Msg | None:
    """The reasons that hold for every card: the game is over, someone else decides, or a
    question is open."""
    if v.winners is not None or me is None:
        return None
    if acting != me:
        return Msg(f"{K}.not_yours", {"player": acting if acting is not None else v.turn_player})
    if v.pending:
        return Msg(f"{K}.answer_first", {})
    return None


def why_not_employ(v: TCView, face: str, legal: Sequence[Action], acting: int | None,
                   me: int | None) -> Msg | None:
    """Why the town pile or face-up private maid `face` cannot be employed now (None: it can,
    or there is nothing to say)."""
    if any(a.kind in ("employ", "exchange") and a.card == face for a in legal):
        return None
    turn = _turn(v, acting, me)
    if turn is not None or v.winners is not None or me is None:
        return turn
    card = CARDS[face]
    if v.main_phase in ("start", "serve"):
        # the Love cards in hand are played only on entering the employ phase
        return Msg(f"{K}.employ_later.{v.main_phase}", {"card": face, "cost": card.cost})
    town = dict(v.town)
    if face in town and town[face] <= 0:
        return Msg(f"{K}.sold_out", {"card": face})
    if v.employ < 1:
        return Msg(f"{K}.no_employ", {"card": face})
    if card.cost > v.love:
        return Msg(f"{K}.cost", {"card": face, "cost": card.cost, "love": v.love,
                                 "short": card.cost - v.love})
    if card.kind == "event":
        return Msg(f"{K}.no_target", {"card": face})
    return Msg(f"{K}.generic", {"card": face})


def why_not_hand(v: TCView, face: str, legal: Sequence[Action], acting: int | None,
                 me: int | None) -> Msg | None:
    """Why the card `face` in the player's own hand cannot be used now (None: it can, or there
    is nothing to say)."""
    if any(a.card == face and a.kind in HAND_KINDS for a in legal):
        return None
    turn = _turn(v, acting, me)
    if turn is not None or v.winners is not None or me is None:
        return turn
    card = CARDS[face]
    if v.main_phase != "serve":
        return Msg(f"{K}.hand.{v.main_phase}", {"card": face})
    if card.kind == "love":
        return Msg(f"{K}.hand.love", {"card": face})
    if card.kind == "general" and v.serving < 1:
        return Msg(f"{K}.hand.no_serving", {"card": face})
    if card.chamber is not None:
        return Msg(f"{K}.hand.chamber", {"card": face, "n": card.chamber,
                                         "serving": v.serving})
    return Msg(f"{K}.hand.never", {"card": face})


def params_text(msg: Msg, name_of: Any, card_name: Any) -> dict[str, Any]:
    """A reason's parameters as the table words them (seats by name, cards by name)."""
    out: dict[str, Any] = {}
    for k, val in msg.params.items():
        if k == "player":
            out[k] = name_of(val)
        elif k == "card":
            out[k] = card_name(val)
        else:
            out[k] = val
    return out
