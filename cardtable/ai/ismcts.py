"""Search over determinized hidden information, shared by every game's hard AI.

Two tools over the same inputs (a spec with `determinize`, the acting player's view, the legal
actions and an RNG):

- `ISMCTSAgent`: single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012). Each
  iteration samples a full state that fits the view (`spec.determinize`), walks one shared tree
  whose edges are actions (actions name card faces, so they mean the same in every sample),
  selects among the actions legal in *that* sample with availability-aware UCB, expands one,
  plays a rollout and backs the result up. The move played is the most visited root action.
- `flat_monte_carlo`: for each legal action, the mean result of rollouts over sampled states
  (determinized rollouts); simple, robust, and good for bids and one-shot choices.

Rollouts stop at a terminal state, at `horizon(state, start)` (e.g. the end of the current round
or deal) or after `max_depth` moves; `evaluator(state, start)` then scores each seat in [0, 1].
A game may hand in its own `playout(state, start, rng)` in place of that loop: a faster way to
the same end (it must leave the state exactly as the loop with the rollout policy would).
The search is a pure function of (view, legal, rng seed, budget), so the choice never depends on
cards hidden from the agent, and a fixed iteration budget keeps it reproducible.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.ai.explain import Explanation, Scored, by_rule, forced
from cardtable.core.actions import Action
from cardtable.core.game import GameSpec, GameState
from cardtable.core.rng import GameRng

Policy = Callable[[GameState, GameRng], Action]
Evaluator = Callable[[GameState, GameState], Sequence[float]]
Horizon = Callable[[GameState, GameState], bool]
# numbers measured on a finished rollout for the acting player (`*_detail` searches)
Figures = Callable[[GameState, GameState], Sequence[float]]
# plays a state forward in place to the horizon (`rollout` with a game's own shortcut)
Playout = Callable[[GameState, GameState, GameRng], None]


def random_policy(state: GameState, rng: GameRng) -> Action:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def terminal_returns(state: GameState, start: GameState) -> Sequence[float]:
    """Default evaluator: the game's outcome when terminal, an even share otherwise."""
    if state.is_terminal():
        return state.returns()
    return [1.0 / state.num_players] * state.num_players


def never(state: GameState, start: GameState) -> bool:
    return False


def rollout(state: GameState, start: GameState, rng: GameRng, policy: Policy,
            horizon: Horizon, max_depth: int) -> None:
    """Play `state` forward in place with `policy` until terminal, the horizon or max_depth."""
    depth = 0
    while not state.is_terminal() and depth < max_depth and not horizon(state, start):
        state.apply(policy(state, rng), check=False)
        depth += 1


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "player")

    def __init__(self, player: int | None) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.player = player  # who chose the action leading here


class ISMCTSAgent:
    """Information-set MCTS with a fixed iteration budget."""

    def __init__(self, spec: GameSpec[Any], name: str = "hard", iterations: int = 300,
                 rollout_policy: Policy = random_policy,
                 evaluator: Evaluator = terminal_returns, horizon: Horizon = never,
                 max_depth: int = 400, exploration: float = 0.7,
                 prior: Callable[[Any, Sequence[Action]], Action | None] | None = None,
                 figures: Figures | None = None, figure_names: Sequence[str] = (),
                 explain_kind: str = "ismcts", playout: Playout | None = None) -> None:
        self.spec = spec
        self.playout = playout
        # what `explain` reports beside visits and value (names of `figures`' numbers)
        self.figures = figures
        self.figure_names = tuple(figure_names)
        self.explain_kind = explain_kind
        self.name = name
        self.iterations = iterations
        self.rollout_policy = rollout_policy
        self.evaluator = evaluator
        self.horizon = horizon
        self.max_depth = max_depth
        self.exploration = exploration
        self.prior = prior

    def choose(self, view: Any, legal: Sequence[Action], rng: GameRng) -> Action:
        return self.explain(view, legal, rng).best

    def explain(self, view: Any, legal: Sequence[Action], rng: GameRng) -> Explanation:
        """The legal actions, the most visited first (ties: the higher mean value, then the
        order of `legal`), each with its visits, mean value and the named figures."""
        if len(legal) == 1:
            return forced(legal[0])
        if self.prior is not None:
            chosen = self.prior(view, legal)
            if chosen is not None:
                return by_rule(chosen, "prior")
        stats = self.search_detail(view, legal, rng, self.figures)
        none: tuple[int, float, tuple[float, ...]] = (0, 0.0, ())
        order = sorted(legal, key=lambda a: stats.get(a, none)[:2], reverse=True)
        ranked = []
        for a in order:
            visits, value, figs = stats.get(a, none)
            named = {"visits": float(visits), "value": value,
                     **dict(zip(self.figure_names, figs, strict=False))}
            ranked.append(Scored(a, value if visits else None, named))
        return Explanation(self.explain_kind, tuple(ranked),
                           {"iterations": self.iterations})

    def search(self, view: Any, legal: Sequence[Action], rng: GameRng
               ) -> dict[Action, tuple[int, float]]:
        """Root statistics: action -> (visits, mean value for the acting player)."""
        return {a: (visits, value) for a, (visits, value, _) in
                self.search_detail(view, legal, rng).items()}

    def search_detail(self, view: Any, legal: Sequence[Action], rng: GameRng,
                      figures: Figures | None = None
                      ) -> dict[Action, tuple[int, float, tuple[float, ...]]]:
        """`search`, and per root action the means of `figures(state, start)` over the
        iterations that went through it (measured where each rollout ended). `figures` must
        not draw random numbers: the search is the same with or without it."""
        legal_set = set(legal)
        extra: dict[Action, list[float]] = {}
        root = _Node(None)
        c = self.exploration
        for _ in range(self.iterations):
            first: Action | None = None  # the root action this iteration went through
            state = self.spec.determinize(view, rng)
            state.quiet = True  # the search throws events away (GameState.quiet)
            start = state.clone()
            node = root
            path = [root]
            while not state.is_terminal() and not self.horizon(state, start):
                actions = state.legal_actions()
                if node is root:
                    actions = [a for a in actions if a in legal_set] or actions
                player = state.current_player()
                untried = [a for a in actions if a not in node.children]
                for a in actions:
                    child = node.children.get(a)
                    if child is not None:
                        child.avail += 1
                if untried:
                    action = untried[rng.randrange(len(untried))]
                    child = _Node(player)
                    child.avail = 1
                    node.children[action] = child
                    state.apply(action, check=False)
                    path.append(child)
                    if node is root:
                        first = action
                    break
                best = None
                best_score = -math.inf
                for a in actions:
                    ch = node.children[a]
                    score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if score > best_score:
                        best_score, best = score, a
                assert best is not None
                if node is root:
                    first = best
                node = node.children[best]
                state.apply(best, check=False)
                path.append(node)
            if self.playout is not None:
                self.playout(state, start, rng)
            else:
                rollout(state, start, rng, self.rollout_policy, self.horizon, self.max_depth)
            values = self.evaluator(state, start)
            for n in path:
                n.visits += 1
                if n.player is not None:
                    n.total += values[n.player]
            if figures is not None and first is not None and len(path) > 1:
                _add(extra, first, figures(state, start))
        return {a: (ch.visits, ch.total / ch.visits if ch.visits else 0.0,
                    tuple(x / ch.visits for x in extra.get(a, ())) if ch.visits else ())
                for a, ch in root.children.items() if a in legal_set}


def flat_monte_carlo(spec: GameSpec[Any], view: Any, legal: Sequence[Action], rng: GameRng,
                     samples: int, player: int, rollout_policy: Policy = random_policy,
                     evaluator: Evaluator = terminal_returns, horizon: Horizon = never,
                     max_depth: int = 400) -> dict[Action, float]:
    """Mean value for `player` of each legal action over `samples` determinized rollouts each.

    The same sampled worlds are used for every action (common random numbers), which makes the
    comparison between actions much less noisy.
    """
    detail = flat_monte_carlo_detail(spec, view, legal, rng, samples, player, rollout_policy,
                                     evaluator, horizon, max_depth)
    return {a: value for a, (value, _) in detail.items()}


def flat_monte_carlo_detail(spec: GameSpec[Any], view: Any, legal: Sequence[Action],
                            rng: GameRng, samples: int, player: int,
                            rollout_policy: Policy = random_policy,
                            evaluator: Evaluator = terminal_returns, horizon: Horizon = never,
                            max_depth: int = 400, figures: Figures | None = None,
                            playout: Playout | None = None
                            ) -> dict[Action, tuple[float, tuple[float, ...]]]:
    """`flat_monte_carlo`, and per action the means of `figures(state, start)` over the same
    rollouts (numbers worth telling a person, e.g. the share of rollouts in which the round
    was survived). `figures` must not draw random numbers: the search is the same with or
    without it."""
    totals = dict.fromkeys(legal, 0.0)
    counts = dict.fromkeys(legal, 0)
    extra: dict[Action, list[float]] = {}
    for _ in range(samples):
        world = spec.determinize(view, rng)
        world.quiet = True  # the search throws events away (GameState.quiet)
        seed = rng.getrandbits(63)
        for action in legal:
            state = world.clone()
            if action not in state.legal_actions():
                continue
            start = state.clone()
            state.rng = GameRng(seed)
            state.apply(action, check=False)
            play_rng = GameRng(seed ^ 0x5DEECE66D)
            if playout is not None:
                playout(state, start, play_rng)
            else:
                rollout(state, start, play_rng, rollout_policy, horizon, max_depth)
            totals[action] += evaluator(state, start)[player]
            counts[action] += 1
            if figures is not None:
                _add(extra, action, figures(state, start))
    return {a: (totals[a] / counts[a], tuple(x / counts[a] for x in extra.get(a, ())))
            for a in legal if counts[a]}


def _add(sums: dict[Action, list[float]], action: Action, values: Sequence[float]) -> None:
    got = sums.get(action)
    if got is None:
        sums[action] = list(values)
    else:
        for i, x in enumerate(values):
            got[i] += x
