"""Wizard's hints: a bid's expected tricks and the chance of making it exactly (or, when only
one bid was worth trying, the hand's estimate); a card's chance to win this trick and the tricks
still needed; a trump suit's expected points this round."""

from __future__ import annotations

from typing import Any

from cardtable.ai.explain import Explanation, Scored
from cardtable.coach.hints import HintWording, one_decimal, pct, signed
from cardtable.core.actions import Action


class WizardWording(HintWording):
    close = {  # round value: 6 points of score
        "wizard.bid": 0.06,
        "wizard.trump": 0.06,
        "wizard.play": 0.06,
    }

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
                tail = "bid"
                if alt is not None:
                    params["alt_exact"] = pct(alt.figures.get("exact", 0.0))
                    tail += ".alt"
            else:  # one bid was worth trying: the hand's estimate decided
                params["tricks"] = one_decimal(float(exp.context.get("estimate", 0.0)))
                tail = "bid_estimate"
                alt = None
        elif exp.kind == "wizard.trump":
            params["points"] = signed(best.figures.get("points", 0.0))
            tail = "trump"
            if alt is not None:
                params["alt_points"] = signed(alt.figures.get("points", 0.0))
                tail += ".alt"
        elif exp.kind == "wizard.play":
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
            if alt is not None:
                params["alt_pct"] = pct(alt.figures.get("win_trick", 0.0))
                tail += ".alt"
        else:
            return None
        return tail, params, alt


WORDING = WizardWording()
