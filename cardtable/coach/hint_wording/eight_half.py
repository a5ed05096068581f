"""8½'s hints: the cards expected to be taken from the pile for the rest of the deal (the
search ranks by the deal's result); a fixed-rule decision names its kind of move."""

from __future__ import annotations

from typing import Any

from cardtable.ai.explain import Explanation, Scored
from cardtable.coach.hints import HintWording, one_decimal, pct
from cardtable.core.actions import Action


class EightHalfWording(HintWording):
    close = {"eight_half.deal": 0.05}  # deal value (points share)

    def move(self, action: Action, params: dict[str, Any]) -> str:
        if action.kind == "play_blind":
            params["slot"] = int(action.value or 0) + 1
        if action.kind == "swap" and len(action.cards) == 2:
            params["gave"], params["took"] = action.cards
        return ""

    def rule(self, exp: Explanation, action: Action) -> str:
        if action.kind == "play_blind":
            return "blind"
        if action.kind in ("swap", "no_swap"):
            return action.kind
        return "heuristic"

    def reason(self, exp: Explanation, best: Scored, alt: Scored | None
               ) -> tuple[str, dict[str, Any], Scored | None] | None:
        if exp.kind != "eight_half.deal":
            return None
        # the search ranks by the deal's result (its share of the deal's points); the cards
        # still to take are what a person can picture
        params: dict[str, Any] = {"pct": pct(best.figures.get("value", 0.0)),
                                  "taken": one_decimal(best.figures.get("taken", 0.0))}
        tail = "deal"
        if alt is not None:
            params["alt_pct"] = pct(alt.figures.get("value", 0.0))
            tail += ".alt"
        return tail, params, alt


WORDING = EightHalfWording()
