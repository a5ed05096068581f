"""Cirno's hints: the chance the round is survived after the move (`survive`), and the
runner-up's when it is lower. The search ranks by the chance of winning the game, which is
mostly that chance; where it is not (a companion card kept for later rounds), the words say so.

When no move survives (the chance reads 0 %), the hint says which loses least and why: every
card goes over the limit (any of them is the same: the round is lost and the hands are dealt
afresh), a companion card would not save the round either (keep it), the hinted move still has
the best slim chance, or at least it does not go over the limit itself."""

from __future__ import annotations

from typing import Any

from cardtable.ai.explain import Explanation, Scored
from cardtable.coach.hints import HintWording, pct
from cardtable.core.actions import Action


class CirnoWording(HintWording):
    close = {"cirno.survive": 0.2}  # survival chance
    compared = {"cirno.survive": "pct"}

    def move(self, action: Action, params: dict[str, Any]) -> str:
        if action.target is not None:
            return ".target"
        if action.value is not None:
            return f".{action.value}"  # L or R's direction
        return ""

    def reason(self, exp: Explanation, best: Scored, alt: Scored | None
               ) -> tuple[str, dict[str, Any], Scored | None] | None:
        if exp.kind != "cirno.survive":
            return None
        params: dict[str, Any] = {"pct": pct(best.figures.get("survive", 0.0))}
        if params["pct"] == 0:
            return self.none_survive(exp, best)
        tail = "survive"
        if alt is not None:
            alt_pct = pct(alt.figures.get("survive", 0.0))
            if alt_pct > params["pct"] and alt.action.kind == "companion" \
                    and best.action.kind != "companion":
                # ranked below for the companion card it would use up (an escape for later
                # rounds, and the tie-break on companions used): said, not quoted as better
                return "survive.companion", params, alt
            params["alt_pct"] = alt_pct
            tail += ".alt"
        return tail, params, alt

    @staticmethod
    def none_survive(exp: Explanation, best: Scored
                     ) -> tuple[str, dict[str, Any], Scored | None]:
        """Every move loses the round (as far as the search saw): which loses least, and why."""
        moves = exp.ranked
        limit = exp.context.get("limit", 12)
        if all(s.figures.get("bust") == 1.0 for s in moves):
            return "survive.none.bust", {"limit": limit}, None
        if best.action.kind != "companion" and any(s.action.kind == "companion" for s in moves):
            return "survive.none.companion", {}, None
        chance = best.figures.get("survive", 0.0)
        if chance > 0.0 and all(chance >= s.figures.get("survive", 0.0) for s in moves):
            return "survive.none.slim", {}, None
        if best.figures.get("bust") == 0.0 and any(s.figures.get("bust") == 1.0 for s in moves):
            return "survive.none.later", {"limit": limit}, None
        return "survive.none", {}, None


WORDING = CirnoWording()
