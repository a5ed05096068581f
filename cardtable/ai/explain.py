"""What a search agent found, not only what it chose: the ranked candidates with the search's
own figures (no rules, no pygame, no translator: figures are numbers, names are short keys).

A hard agent's `explain(view, legal, rng)` returns an `Explanation`; its `choose` returns
`explain(...).best`, so the move a hint names is the move the agent would make, from the same
computation with the same random numbers. The coach (`cardtable.coach.hints`) turns an
explanation into words.

- `Scored.value` is what the agent ranks by (higher is better); `Scored.figures` are the
  numbers worth telling a person, by name (e.g. Cirno `survive`: the share of sampled deals in
  which the round is survived after this move).
- `Explanation.kind` names the figure family (e.g. "cirno.survive", "wizard.bid"); "forced"
  means only one move was legal, "rule" that the agent decided by a fixed rule without a
  search (its `context` may name the rule).
- `ranked[0]` is the move chosen (for an agent that keeps its first idea unless another is
  clearly better, the chosen move comes first even if another scored a little higher).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.core.actions import Action


@dataclass(frozen=True, slots=True)
class Scored:
    action: Action
    value: float | None = None
    figures: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Explanation:
    kind: str
    ranked: tuple[Scored, ...]
    context: Mapping[str, Any] = field(default_factory=dict)

    @property
    def best(self) -> Action:
        return self.ranked[0].action

    def scored(self, action: Action) -> Scored | None:
        return next((s for s in self.ranked if s.action == action), None)


def forced(action: Action) -> Explanation:
    """Only one move was legal: nothing was searched."""
    return Explanation("forced", (Scored(action),))


def by_rule(action: Action, rule: str, **context: Any) -> Explanation:
    """The agent decided by a fixed rule (`rule` names it), without figures."""
    return Explanation("rule", (Scored(action),), {"rule": rule, **context})


def ranked_by(kind: str, candidates: Sequence[Action], values: Mapping[Action, float],
              figures: Mapping[Action, Mapping[str, float]] | None = None,
              missing: float = -1.0, **context: Any) -> Explanation:
    """Candidates best first by `values` (a candidate without a value ranks as `missing`);
    equal values keep the candidates' order, so the first is what `max(candidates, key=...)`
    picks."""
    order = sorted(candidates, key=lambda a: -values.get(a, missing))
    figs = figures or {}
    return Explanation(kind, tuple(Scored(a, values.get(a), dict(figs.get(a, {})))
                                   for a in order), context)
