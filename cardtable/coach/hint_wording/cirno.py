"""Cirno's hints: the chance the round is survived after the move (`survive`), and the
runner-up's."""

from __future__ import annotations

from typing import Any

from cardtable.ai.explain import Explanation, Scored
from cardtable.coach.hints import HintWording, pct
from cardtable.core.actions import Action


class CirnoWording(HintWording):
    close = {"cirno.survive": 0.2}  # survival chance

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
        tail = "survive"
        if alt is not None:
            params["alt_pct"] = pct(alt.figures.get("survive", 0.0))
            # 「只有」 only when the runner-up's chance is lower (a companion's cost can rank a
            # move first whose chance is not higher)
            tail += ".alt" if params["alt_pct"] < params["pct"] else ".alt_even"
        return tail, params, alt


WORDING = CirnoWording()
