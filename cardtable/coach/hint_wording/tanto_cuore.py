"""Tanto Cuore's hints: the buy's estimated gain (the value model, about one Love per point: what
the heuristic ranks by); in the closing stage, when the simulation search is on, that the choice
held after the simulation to the game's end (its `sim` value mixes the win share with a
VP-margin term, so it is kept as a parameter, not quoted as a chance). When no buy is worth
its cost, the hint is to stop (`stop`), and says so."""

from __future__ import annotations

from typing import Any

from cardtable.ai.explain import Explanation, Scored
from cardtable.coach.hints import HintWording, one_decimal, pct
from cardtable.core.actions import Action


class TantoCuoreWording(HintWording):
    close = {
        "tanto_cuore.employ": 0.6,   # about half a Love
        "tanto_cuore.employ_sim": 0.05,
    }
    # the gain is what the heuristic ranks by; in the closing stage the simulation may keep a
    # buy of lower gain: the runner-up of higher gain is then said to do worse to the end
    # (`.even`), not quoted as better
    compared = {"tanto_cuore.employ": "gain", "tanto_cuore.employ_sim": "gain"}

    def move(self, action: Action, params: dict[str, Any]) -> str:
        if action.kind == "ability" and action.value is not None:
            return f".{action.value}"  # which of the maid's abilities
        variant = ""
        if action.target is not None:
            variant += ".target"
        if isinstance(action.value, str):
            params["maid"] = action.value
            variant += ".maid"
        return variant

    def reason(self, exp: Explanation, best: Scored, alt: Scored | None
               ) -> tuple[str, dict[str, Any], Scored | None] | None:
        if exp.kind not in ("tanto_cuore.employ", "tanto_cuore.employ_sim"):
            return None
        params: dict[str, Any] = {"gain": one_decimal(best.figures.get("gain", 0.0))}
        stop = best.action.kind == "done"
        tail = "stop" if stop else "employ"
        if exp.kind == "tanto_cuore.employ_sim":
            params["sim"] = pct(best.figures.get("sim", 0.0))
            tail += ".sim"
        if alt is not None:
            params["alt_gain"] = one_decimal(alt.figures.get("gain", 0.0))
            tail += ".alt"
        return tail, params, alt


WORDING = TantoCuoreWording()
