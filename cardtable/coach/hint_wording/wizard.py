"""Wizard's hints. Every search here ranks by the round's score, so that is the figure a
runner-up is compared by (`points`, whole points; `HintWording.compared`): a bid's expected
tricks, the chance of making it exactly and the round's points (or, when only one bid was worth
trying, the hand's estimate); a card's chance to win this trick, the tricks still needed and
the round's points; a trump suit's expected points this round.

When no card can make the bid any more (the chance of making it exactly reads 0 %), the hint
says so and which card costs least (the fewest points lost), or that they cost much the same."""

from __future__ import annotations

from typing import Any

from cardtable.ai.explain import Explanation, Scored
from cardtable.coach.hints import HintWording, one_decimal, pct, signed_whole
from cardtable.core.actions import Action


class WizardWording(HintWording):
    close = {  # round value: 6 points of score
        "wizard.bid": 0.06,
        "wizard.trump": 0.06,
        "wizard.play": 0.06,
    }
    compared = {"wizard.bid": "points", "wizard.trump": "points", "wizard.play": "points"}

    def move(self, action: Action, params: dict[str, Any]) -> str:
        if action.kind == "trump":
            params["trump"] = action.value
        else:
            params["value"] = action.value
        return ""

    def reason(self, exp: Explanation, best: Scored, alt: Scored | None
               ) -> tuple[str, dict[str, Any], Scored | None] | None:
        params: dict[str, Any] = {}
        if exp.kind == "wizard.bid":
            if "tricks" in best.figures:
                params["tricks"] = one_decimal(best.figures["tricks"])
                params["exact"] = pct(best.figures.get("exact", 0.0))
                params["points"] = signed_whole(best.figures.get("points", 0.0))
                tail = "bid"
            else:  # one bid was worth trying: the hand's estimate decided
                params["tricks"] = one_decimal(float(exp.context.get("estimate", 0.0)))
                tail = "bid_estimate"
                alt = None
        elif exp.kind == "wizard.trump":
            params["points"] = signed_whole(best.figures.get("points", 0.0))
            tail = "trump"
        elif exp.kind == "wizard.play":
            params["points"] = signed_whole(best.figures.get("points", 0.0))
            if pct(best.figures.get("exact", 0.0)) == 0 and all(
                    pct(s.figures.get("exact", 0.0)) == 0 for s in exp.ranked
                    if s.value is not None):
                return self.bid_lost(exp, best, params)
            params["pct"] = pct(best.figures.get("win_trick", 0.0))
            need = exp.context.get("need")
            if need is None:
                tail = "play"
            elif need > 0:
                params["need"] = need
                tail = "play.need"
            elif need == 0:
                tail = "play.enough"
            else:
                params["over"] = -need
                tail = "play.over"
        else:
            return None
        if alt is not None and tail != "bid_estimate":
            params["alt_points"] = signed_whole(alt.figures.get("points", 0.0))
            tail += ".alt"
        return tail, params, alt

    @staticmethod
    def bid_lost(exp: Explanation, best: Scored, params: dict[str, Any]
                 ) -> tuple[str, dict[str, Any], Scored | None]:
        """No card makes the bid any more: which costs least (each trick off the bid costs 10
        points), else that they cost much the same."""
        mine = int(params["points"])
        others = [int(signed_whole(s.figures.get("points", 0.0))) for s in exp.ranked[1:]
                  if s.value is not None]
        if others and all(mine > p for p in others):
            return "play.lost.least", params, None
        return "play.lost", params, None


WORDING = WizardWording()
