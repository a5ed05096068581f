"""Hints: the move the hard AI would make, with a one-line reason built from its own figures.

`compute_hint(game_id, view, legal, seed)` asks the game's hard agent to `explain` the decision
(`cardtable.ai.explain`) from the acting person's view only, and `hint_from(game_id,
explanation, legal)` words it: a `Hint` holds the hinted action (always a member of `legal`)
and messages (keys `coach.hint.<game>.*` + parameters), never sentences. `hint_text` renders a
hint with the caller's renderer (the UI passes its describer, so card and seat parameters are
translated the way the move log translates them).

Each game words its own figure families (a `HintWording` its registration names; the four
games' are in `cardtable.coach.hint_wording`): figures from the search, rounded for people.
The second-best move is named when it is close (`HintWording.close`, per figure family), and
never quoted with a better figure than the hinted move's (`HintWording.compared`: it is then
named as about as good, `<reason>.even`), so the words always agree with the choice. Where
every move loses (the figure reads 0 %), a game's wording says which loses least and why.

No pygame, no translator here: the layering test keeps this importable without the UI.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.ai.explain import Explanation, Scored
from cardtable.core.actions import Action
from cardtable.core.events import Msg
from cardtable.core.rng import GameRng


class HintWording:
    """A game's words for its hints (one subclass per game, an instance named by its
    registration, `GameRegistration.hints`): the move's variant and parameters, the rule a
    fixed-rule decision names, and the reasons of its own figure families. A game that names
    none gets this base: moves by kind, rules by the name the agent gives, and the shared
    heuristic line for anything else."""

    # how close (in the explanation's ranking value) the runner-up must be to be named, per
    # figure family
    close: Mapping[str, float] = {}
    # per figure family, the reason's parameter that says how good a move is (higher is
    # better; the runner-up's is `alt_<name>`): a runner-up is never quoted with a better
    # figure than the hinted move's (a search that keeps its first idea unless another is
    # clearly better, or that ranks by more than the figure quoted, can prefer a move whose
    # own figure is a little lower): it is named as about as good instead (`<reason>.even`)
    compared: Mapping[str, str] = {}

    def move(self, action: Action, params: dict[str, Any]) -> str:
        """The variant suffix of `coach.hint.<game>.move.<kind>` (e.g. ".target"); the game's
        own parameters go into `params` (which holds `card`, `cards` and `target`)."""
        return ""

    def rule(self, exp: Explanation, action: Action) -> str:
        """The rule a fixed-rule decision (`exp.kind == "rule"`) names:
        `coach.hint.<game>.rule.<rule>`."""
        return f"{exp.context.get('rule', 'heuristic')}"

    def reason(self, exp: Explanation, best: Scored, alt: Scored | None
               ) -> tuple[str, dict[str, Any], Scored | None] | None:
        """For one of the game's own figure families (`exp.kind`): the reason key after
        `coach.hint.<game>.`, its parameters (`alt_*` for the runner-up's figures) and the
        runner-up still named (`alt`, or None). None: a family the game does not word."""
        return None


_WORDINGS: dict[str, HintWording] = {}


def hint_wording(game_id: str) -> HintWording:
    """The game's `HintWording` (its registration's, else the base)."""
    got = _WORDINGS.get(game_id)
    if got is None:
        from cardtable.games import GAME_IDS, registration
        from cardtable.games.registration import resolve
        ref = registration(game_id).hints if game_id in GAME_IDS else None
        got = _WORDINGS[game_id] = resolve(ref) if ref is not None else HintWording()
    return got


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


def signed_whole(x: float) -> str:
    """Points as a whole number with its sign ("+24", "-10", "0")."""
    n = int(round(x))
    return f"{n:+d}" if n else "0"


def move_msg(game_id: str, action: Action) -> Msg:
    """The move in a few words (`coach.hint.<game>.move.<kind>[.variant]`): its card, cards,
    target and value as parameters named by the move log's conventions (`card`, `cards`,
    `target`, `trump`, `maid`), so the describer translates them."""
    params: dict[str, Any] = {"card": action.card, "cards": list(action.cards),
                              "target": action.target}
    variant = hint_wording(game_id).move(action, params)
    return Msg(f"coach.hint.{game_id}.move.{action.kind}{variant}", params)


def hint_from(game_id: str, exp: Explanation, legal: Sequence[Action]) -> Hint:
    """Word an explanation: the best move, the reason from its figures, the runner-up when
    it is close. The hinted action is `exp.best`, which must be legal."""
    best = exp.ranked[0]
    if best.action not in legal:
        raise ValueError(f"hinted action {best.action} is not legal")
    wording = hint_wording(game_id)
    key = f"coach.hint.{game_id}"
    alt = _runner_up(exp, wording.close)
    params: dict[str, Any] = {}
    family = exp.kind
    if family == "forced":
        reason_key = "coach.hint.forced"
        alt = None
    elif family == "rule":
        reason_key = f"{key}.rule.{wording.rule(exp, best.action)}"
        alt = None
    else:
        worded = wording.reason(exp, best, alt)
        if worded is None:
            reason_key = "coach.hint.rule.heuristic"
            alt = None
        else:
            tail, params, alt = worded
            reason_key = f"{key}.{tail}"
    figure = wording.compared.get(family)
    if alt is not None and figure is not None and _better(params.get(f"alt_{figure}"),
                                                          params.get(figure)):
        # the runner-up's figure reads better: "about as good", without a figure that would
        # argue against the hinted move
        reason_key = reason_key.removesuffix(".alt") + ".even"
        params = {k: v for k, v in params.items() if not k.startswith("alt_")}
    elif alt is not None and _same_figure(params):
        # a runner-up whose figure reads the same tells the person nothing
        alt = None
        reason_key = reason_key.removesuffix(".alt")
        params = {k: v for k, v in params.items() if not k.startswith("alt_")}
    return Hint(game_id, best.action, move_msg(game_id, best.action), Msg(reason_key, params),
                alt.action if alt is not None else None,
                move_msg(game_id, alt.action) if alt is not None else None)


def _better(a: Any, b: Any) -> bool:
    """Figure `a` reads higher than `b` (numbers, or numbers as the reason shows them:
    "+12", "2.7"); False when either is missing."""
    try:
        return a is not None and b is not None and float(a) > float(b)
    except (TypeError, ValueError):
        return False


def _same_figure(params: dict[str, Any]) -> bool:
    """The runner-up's shown figure equals the best move's (`alt_x` against `x`)."""
    alts = [k for k in params if k.startswith("alt_")]
    return bool(alts) and all(params[k] == params.get(k.removeprefix("alt_")) for k in alts)


def _runner_up(exp: Explanation, close: Mapping[str, float]) -> Scored | None:
    """The second-best candidate when its ranking value is within the family's `close` of
    the best's."""
    if len(exp.ranked) < 2:
        return None
    best, second = exp.ranked[0], exp.ranked[1]
    if best.value is None or second.value is None:
        return None
    return second if abs(best.value - second.value) <= close.get(exp.kind, 0.0) else None


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
