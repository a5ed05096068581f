"""Hints: the move the hard AI would make, with a one-line reason built from its own figures.

`compute_hint(game_id, view, legal, seed)` asks the game's hard agent to `explain` the decision
(`cardtable.ai.explain`) from the acting person's view only, and `hint_from(game_id,
explanation, legal)` words it: a `Hint` holds the hinted action (always a member of `legal`)
and messages (keys `coach.hint.<game>.*` + parameters), never sentences. `hint_text` renders a
hint with the caller's renderer (the UI passes its describer, so card and seat parameters are
translated the way the move log translates them).

Reasons by game (figures from the search, rounded for people):
- Cirno: the chance the round is survived after the move (`survive`), and the runner-up's.
- Wizard: a bid's expected tricks and the chance of making it exactly (or, when only one bid
  was worth trying, the hand's estimate); a card's chance to win this trick and the tricks
  still needed; a trump suit's expected points this round.
- 8½: the cards expected to be taken from the pile for the rest of the deal.
- Tanto Cuore: the buy's estimated gain (the value model, about one Love per point); in the
  closing stage, that the choice held after the simulation to the game's end (its `sim`
  value mixes the win share with a VP-margin term, so it is kept as a parameter, not quoted
  as a chance).
The second-best move is named when it is close (`CLOSE`, per figure family).

No pygame, no translator here: the layering test keeps this importable without the UI.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.ai.explain import Explanation, Scored
from cardtable.core.actions import Action
from cardtable.core.events import Msg
from cardtable.core.rng import GameRng

# how close (in the explanation's ranking value) the runner-up must be to be named
CLOSE: dict[str, float] = {
    "cirno.survive": 0.2,        # survival chance
    "wizard.bid": 0.06,          # round value: 6 points of score
    "wizard.trump": 0.06,
    "wizard.play": 0.06,
    "eight_half.deal": 0.05,     # deal value (points share)
    "tanto_cuore.employ": 0.6,   # about half a Love
    "tanto_cuore.employ_sim": 0.05,
}


@dataclass(frozen=True, slots=True)
class Hint:
    """The hinted move and why. `reason` is the whole line except the move names, which are
    the messages `move` (and `alt_move`, the runner-up named in the line) rendered into the
    reason's `move` / `alt` parameters by `hint_text`."""

    game_id: str
    action: Action
    move: Msg
    reason: Msg
    alt: Action | None = None
    alt_move: Msg | None = None


def pct(p: float) -> int:
    """A chance as a whole percentage."""
    return int(round(max(0.0, min(1.0, p)) * 100))


def one_decimal(x: float) -> str:
    return f"{x:.1f}"


def signed(x: float) -> str:
    return f"{x:+.1f}"


def move_msg(game_id: str, action: Action) -> Msg:
    """The move in a few words (`coach.hint.<game>.move.<kind>[.variant]`): its card, cards,
    target and value as parameters named by the move log's conventions (`card`, `cards`,
    `target`, `trump`, `maid`), so the describer translates them."""
    kind = action.kind
    params: dict[str, Any] = {"card": action.card, "cards": list(action.cards),
                              "target": action.target}
    variant = ""
    if game_id == "cirno":
        if action.target is not None:
            variant = ".target"
        elif action.value is not None:
            variant = f".{action.value}"  # L or R's direction
    elif game_id == "wizard":
        if kind == "trump":
            params["trump"] = action.value
        else:
            params["value"] = action.value
    elif game_id == "eight_half":
        if kind == "play_blind":
            params["slot"] = int(action.value or 0) + 1
        if kind == "swap" and len(action.cards) == 2:
            params["gave"], params["took"] = action.cards
    elif game_id == "tanto_cuore":
        if kind == "ability" and action.value is not None:
            variant = f".{action.value}"  # which of the maid's abilities
        else:
            if action.target is not None:
                variant += ".target"
            if isinstance(action.value, str):
                params["maid"] = action.value
                variant += ".maid"
    return Msg(f"coach.hint.{game_id}.move.{kind}{variant}", params)


def hint_from(game_id: str, exp: Explanation, legal: Sequence[Action]) -> Hint:
    """Word an explanation: the best move, the reason from its figures, the runner-up when
    it is close. The hinted action is `exp.best`, which must be legal."""
    best = exp.ranked[0]
    if best.action not in legal:
        raise ValueError(f"hinted action {best.action} is not legal")
    key = f"coach.hint.{game_id}"
    alt = _runner_up(exp)
    params: dict[str, Any] = {}
    family = exp.kind
    if family == "forced":
        reason_key = "coach.hint.forced"
        alt = None
    elif family == "rule":
        reason_key = f"{key}.rule.{exp.context.get('rule', 'heuristic')}"
        if game_id == "eight_half":
            reason_key = f"{key}.rule.{_e8h_rule(best.action)}"
        alt = None
    elif family == "cirno.survive":
        params["pct"] = pct(best.figures.get("survive", 0.0))
        reason_key = f"{key}.survive"
        if alt is not None:
            params["alt_pct"] = pct(alt.figures.get("survive", 0.0))
            # 「只有」 only when the runner-up's chance is lower (a companion's cost can rank a
            # move first whose chance is not higher)
            reason_key += ".alt" if params["alt_pct"] < params["pct"] else ".alt_even"
    elif family == "wizard.bid":
        if "tricks" in best.figures:
            params["tricks"] = one_decimal(best.figures["tricks"])
            params["exact"] = pct(best.figures.get("exact", 0.0))
            reason_key = f"{key}.bid"
            if alt is not None:
                params["alt_exact"] = pct(alt.figures.get("exact", 0.0))
                reason_key += ".alt"
        else:  # one bid was worth trying: the hand's estimate decided
            params["tricks"] = one_decimal(float(exp.context.get("estimate", 0.0)))
            reason_key = f"{key}.bid_estimate"
            alt = None
    elif family == "wizard.trump":
        params["points"] = signed(best.figures.get("points", 0.0))
        reason_key = f"{key}.trump"
        if alt is not None:
            params["alt_points"] = signed(alt.figures.get("points", 0.0))
            reason_key += ".alt"
    elif family == "wizard.play":
        params["pct"] = pct(best.figures.get("win_trick", 0.0))
        need = exp.context.get("need")
        if need is None:
            reason_key = f"{key}.play"
        elif need > 0:
            params["need"] = need
            reason_key = f"{key}.play.need"
        elif need == 0:
            reason_key = f"{key}.play.enough"
        else:
            params["over"] = -need
            reason_key = f"{key}.play.over"
        if alt is not None:
            params["alt_pct"] = pct(alt.figures.get("win_trick", 0.0))
            reason_key += ".alt"
    elif family == "eight_half.deal":
        # the search ranks by the deal's result (its share of the deal's points); the cards
        # still to take are what a person can picture
        params["pct"] = pct(best.figures.get("value", 0.0))
        params["taken"] = one_decimal(best.figures.get("taken", 0.0))
        reason_key = f"{key}.deal"
        if alt is not None:
            params["alt_pct"] = pct(alt.figures.get("value", 0.0))
            reason_key += ".alt"
    elif family in ("tanto_cuore.employ", "tanto_cuore.employ_sim"):
        params["gain"] = one_decimal(best.figures.get("gain", 0.0))
        stop = best.action.kind == "done"
        reason_key = f"{key}.{'stop' if stop else 'employ'}"
        if family == "tanto_cuore.employ_sim":
            params["sim"] = pct(best.figures.get("sim", 0.0))
            reason_key += ".sim"
        if alt is not None:
            params["alt_gain"] = one_decimal(alt.figures.get("gain", 0.0))
            reason_key += ".alt"
    else:
        reason_key = "coach.hint.rule.heuristic"
        alt = None
    if alt is not None and _same_figure(params):
        # a runner-up whose figure reads the same tells the person nothing
        alt = None
        reason_key = reason_key.removesuffix(".alt").removesuffix(".alt_even")
        params = {k: v for k, v in params.items() if not k.startswith("alt_")}
    return Hint(game_id, best.action, move_msg(game_id, best.action), Msg(reason_key, params),
                alt.action if alt is not None else None,
                move_msg(game_id, alt.action) if alt is not None else None)


def _same_figure(params: dict[str, Any]) -> bool:
    """The runner-up's shown figure equals the best move's (`alt_x` against `x`)."""
    alts = [k for k in params if k.startswith("alt_")]
    return bool(alts) and all(params[k] == params.get(k.removeprefix("alt_")) for k in alts)


def _runner_up(exp: Explanation) -> Scored | None:
    """The second-best candidate when its ranking value is within `CLOSE` of the best's."""
    if len(exp.ranked) < 2:
        return None
    best, second = exp.ranked[0], exp.ranked[1]
    if best.value is None or second.value is None:
        return None
    return second if abs(best.value - second.value) <= CLOSE.get(exp.kind, 0.0) else None


def _e8h_rule(action: Action) -> str:
    if action.kind == "play_blind":
        return "blind"
    if action.kind in ("swap", "no_swap"):
        return action.kind
    return "heuristic"


def hint_text(hint: Hint, render: Callable[[Msg], str]) -> str:
    """The hint's line: the move names rendered first, then the reason with them."""
    params = dict(hint.reason.params)
    params["move"] = render(hint.move)
    if hint.alt_move is not None:
        params["alt"] = render(hint.alt_move)
    return render(Msg(hint.reason.key, params))


def compute_hint(game_id: str, view: Any, legal: Sequence[Action], seed: int) -> Hint:
    """The hint for the acting person's decision, from their view only: the game's hard
    agent explains it with an RNG seeded by `seed` (so the same view and seed give the same
    hint). Runs on the AI thread."""
    from cardtable.games import make_agent
    agent = make_agent(game_id, "hard", seed)
    explain = getattr(agent, "explain", None)
    if explain is None:
        raise TypeError(f"the hard agent of {game_id} cannot explain its choice")
    exp = explain(view, list(legal), GameRng(seed))
    return hint_from(game_id, exp, legal)
