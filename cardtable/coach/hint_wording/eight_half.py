"""8½'s hints: the share of the deal's points the move is expected to bring (`value`: 2 points
for going out first, 1 for fewest cards set aside; what the search ranks by, so the words name
that figure and no other) and the cards expected to be taken from the pile for the rest of the
deal; a fixed-rule decision names its kind of move.

The search keeps the normal move unless another is clearly better in paired playouts, so the
runner-up may read a little higher than the move kept: it is then named as about as good, never
quoted as better (`HintWording.compared`). When no move is expected to score (0 %), the hint
says which loses least: the one that takes the fewest cards from the pile, else that they are
all much the same."""

from __future__ import annotations

from typing import Any

from cardtable.ai.explain import Explanation, Scored
from cardtable.coach.hints import HintWording, one_decimal, pct
from cardtable.core.actions import Action


class EightHalfWording(HintWording):
    close = {"eight_half.deal": 0.05}  # deal value (points share)
    compared = {"eight_half.deal": "pct"}

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
        params: dict[str, Any] = {"pct": pct(best.figures.get("value", 0.0)),
                                  "taken": one_decimal(best.figures.get("taken", 0.0))}
        if params["pct"] == 0:
            return self.none_score(exp, best, params)
        tail = "deal"
        if alt is not None:
            params["alt_pct"] = pct(alt.figures.get("value", 0.0))
            tail += ".alt"
        return tail, params, alt

    @staticmethod
    def none_score(exp: Explanation, best: Scored, params: dict[str, Any]
                   ) -> tuple[str, dict[str, Any], Scored | None]:
        """No move is expected to score: the fewest cards taken from the pile (what is left
        to lose: a hand to play out, and the most cards held gives the winner the swap)."""
        taken = params["taken"]
        others = [one_decimal(s.figures["taken"]) for s in exp.ranked[1:]
                  if "taken" in s.figures]
        if others and all(float(taken) < float(t) for t in others):
            return "deal.none.fewest", {"taken": taken}, None
        return "deal.none", {}, None


WORDING = EightHalfWording()
