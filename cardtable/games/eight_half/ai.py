"""AI players for 8½.

- easy: plays its lowest card, one copy at a time, and now and then something at random; never
  bothers to catch on purpose.
- normal: a heuristic: catch whenever it can (with every copy), otherwise play the lowest plain
  card with all its copies and keep the special cards (Ghost, 0, ½, 9) for when nothing else
  goes; on a high pile the best special first (½ on 9 shuts the pile, a Ghost keeps it high);
  takes the pile only when forced. Swap: gives its weakest open card for the loser's best.
- hard: paired playouts of the deal (DealSearchAgent). For each legal move, the same sampled
  deals (other hands beyond their publicly known cards, every bank and every blind card
  sampled: blind cards are unknown even to their owner) are played to the end of the deal with
  every seat, its own included, moving by the normal rule, with the same random numbers for
  every move (common random numbers), and each playout is scored by the share of the deal's
  points the player brought. The normal move is kept unless another is better by a clear
  margin in those paired playouts; moves that are clearly no better are dropped after 16 deals,
  the others are played out in up to 64. (The earlier hard, an ISMCTS with random expansion at
  the other seats' nodes, noisy rollouts cut after 60 moves and 200 iterations, was no better
  than normal at 4 players: measured in docs/tournament/issue20/eight_half/README.md.) Blind
  cards are all alike to it, so it plays the first; the swap uses the normal rule.

Agents see only (view, legal actions, rng).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.ai.explain import Explanation, Scored, by_rule, forced
from cardtable.ai.ismcts import rollout
from cardtable.core.actions import Action
from cardtable.core.game import GameState
from cardtable.core.rng import GameRng
from cardtable.games.eight_half import legality as lg
from cardtable.games.eight_half.cards import FACES, GHOST, HALF, NUM_FACES, G, H
from cardtable.games.eight_half.rules import (
    BLIND_ACTIONS,
    NO_SWAP,
    SPEC,
    SWAP,
    TAKE,
    EightHalfState,
    EightHalfView,
    hand_action,
    open_action,
)

# How much a card is worth keeping (lower = play it sooner). Plain cards by their number;
# the special cards are kept for when nothing else can be played.
KEEP: dict[str, float] = {
    "1": 1, "2": 2, "3": 3, "4": 4, "5": 4.5, "6": 6, "7": 7, "8": 8, "9": 11,
    HALF: 13, "0": 14, GHOST: 16,
}
COMBO_KEEP = 10.0
# Value of an open card for the swap: cards that can go on almost anything are best.
OPEN_WORTH: dict[str, float] = {
    GHOST: 20, "0": 16, HALF: 14, "9": 12, "8": 8, "7": 7, "6": 6, "5": 6.5, "4": 4,
    "3": 3, "2": 2, "1": 1,
}


def _face(action: Action) -> str:
    if action.cards:
        return action.cards[0]
    return action.card or ""


def _is_combo(action: Action) -> bool:
    return len(action.cards) > 1 and action.cards[-1] != action.cards[0]


def play_cost(action: Action, value2: int) -> float:
    """How reluctant the heuristic is to make this play (lower = better)."""
    if _is_combo(action):
        return COMBO_KEEP - 0.5 * (len(action.cards) - 2)
    face = _face(action)
    cost = KEEP.get(face, 0.0)
    if value2 >= 16:
        # A high pile: shut it with ½ on 9 (nothing but specials may follow), keep it high with
        # a Ghost; a 0 hands the next player a free pile.
        if face == HALF and value2 >= 18:
            cost = 2.0
        elif face == GHOST:
            cost = 9.0
    copies = max(1, len(action.cards))
    return cost - 0.3 * (copies - 1)


def choose_swap(view: EightHalfView, legal: Sequence[Action]) -> Action:
    """The swap: give the weakest open card for the best one, if that is a gain."""
    best = legal[-1]  # no_swap
    gain = 0.0
    for a in legal:
        if a.kind != "swap":
            continue
        gave, took = a.cards
        g = OPEN_WORTH[took] - OPEN_WORTH[gave]
        if g > gain:
            best, gain = a, g
    return best


def heuristic_choice(legal: Sequence[Action], value2: int) -> Action:
    """The normal rule on a list of legal actions (shared by the agent and the rollouts)."""
    catches = [a for a in legal if a.kind in ("catch", "catch_open")]
    if catches:
        return max(catches, key=lambda a: (len(a.cards), -KEEP.get(_face(a), 0)))
    plays = [a for a in legal if a.kind in ("play", "play_open")]
    if plays:
        return min(plays, key=lambda a: play_cost(a, value2))
    return legal[0]  # take, or a blind card (all alike)


class EasyAgent:
    name = "easy"

    def __init__(self, noise: float = 0.3) -> None:
        self.noise = noise

    def choose(self, view: EightHalfView, legal: Sequence[Action], rng: GameRng) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase == SWAP or rng.random() < self.noise:
            return legal[rng.randrange(len(legal))]
        singles = [a for a in legal if a.kind in ("play", "play_open", "catch", "catch_open")
                   and len(a.cards) <= 1]
        if not singles:
            return legal[rng.randrange(len(legal))]
        return min(singles, key=lambda a: KEEP.get(_face(a), 0.0))


class NormalAgent:
    name = "normal"

    def choose(self, view: EightHalfView, legal: Sequence[Action], rng: GameRng) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase == SWAP:
            return choose_swap(view, legal)
        return heuristic_choice(legal, view.value2)


# ---------------------------------------------------------------- hard: search
def _deal_over(state: GameState, start: GameState) -> bool:
    assert isinstance(state, EightHalfState) and isinstance(start, EightHalfState)
    return state.winners is not None or state.deal_no != start.deal_no


def _deal_value(state: GameState, start: GameState) -> list[float]:
    """Each seat's result of the deal in [0, 1]: the points it brought (2 for going out, 1 for
    fewest set aside), or, for a rollout cut short, a soft estimate from the cards each player
    still has to get rid of and the cards set aside."""
    assert isinstance(state, EightHalfState) and isinstance(start, EightHalfState)
    n = state.num_players
    if state.winners is not None or state.deal_no != start.deal_no:
        gained = [state.points[q] - start.points[q] for q in range(n)]
        return [min(1.0, g / 2.0) for g in gained]
    left = [state.cards_left(q) for q in range(n)]
    weights = [math.exp(-x / 4.0) for x in left]
    total = sum(weights)
    aside = [sum(state.set_aside[q]) for q in range(n)]
    low = min(aside)
    return [weights[q] / total * 0.8 + (0.2 if aside[q] == low else 0.0) for q in range(n)]


_FACE_KEEP: tuple[float, ...] = tuple(KEEP[f] for f in FACES)


def fast_heuristic(state: EightHalfState) -> Action:
    """`heuristic_choice` computed straight from the state (no list of legal actions): the
    rollout policy's hot path. Always returns a member of `state.legal_actions()`."""
    p = state.current
    v2, le5 = state.value2, state.le5
    catchable = state.wanted is not None
    half_catches = state.options.half_catches
    hand = state.hand[p]
    if state.opening is not None:
        i = state.opening
        return hand_action("play", (FACES[i],) * hand[i])
    if any(hand):
        c = lg.catch_index(v2, catchable)
        if c is not None and hand[c]:
            return hand_action("catch", (FACES[c],) * hand[c])
        if half_catches and hand[H] and lg.half_catch_ok(v2, catchable):
            return hand_action("catch", (HALF,) * hand[H])
        best_i = -1
        best_cost = math.inf
        high = v2 >= 16
        for i in range(NUM_FACES):
            k = hand[i]
            if k and lg.single_ok(i, v2, le5):
                cost = _FACE_KEEP[i]
                if high:
                    if i == H and v2 >= 18:
                        cost = 2.0
                    elif i == G:
                        cost = 9.0
                cost -= 0.3 * (k - 1)
                if cost < best_cost:
                    best_i, best_cost = i, cost
        if hand[8] and hand[H] and lg.combo_ok(v2, le5):
            cost = COMBO_KEEP - 0.5 * (hand[8] - 1)
            if cost < best_cost:
                return hand_action("play", ("8",) * hand[8] + (HALF,))
        if best_i < 0:
            return TAKE
        return hand_action("play", (FACES[best_i],) * hand[best_i])
    opens = [f for f in state.open[p] if f is not None]
    if opens:
        plays = lg.table_plays(opens, v2, le5, catchable, half_catches)
        if not plays:
            return TAKE
        catches = [f for k, f in plays if k == lg.CATCH]
        if catches:
            return open_action(lg.CATCH, catches[0])
        face = min((f for k, f in plays), key=lambda f: play_cost(open_action(lg.PLAY, f), v2))
        return open_action(lg.PLAY, face)
    for i, f in enumerate(state.blind[p]):
        if f is not None:
            return BLIND_ACTIONS[i]
    raise AssertionError("no cards and the deal not over")


def make_rollout_policy(noise: float) -> Callable[[GameState, GameRng], Action]:
    def policy(state: GameState, rng: GameRng) -> Action:
        assert isinstance(state, EightHalfState)
        if state.phase == SWAP:
            return NO_SWAP
        if rng.random() < noise:
            legal = state.legal_actions()
            return legal[rng.randrange(len(legal))]
        return fast_heuristic(state)
    return policy


def _prior(view: EightHalfView, legal: Sequence[Action]) -> Action | None:
    if view.phase == SWAP:
        return choose_swap(view, legal)
    if all(a.kind == "play_blind" for a in legal):
        return legal[0]  # blind cards are unknown to everyone: any slot is the same
    return None


def _deal_figures(state: GameState, start: GameState) -> list[float]:
    """For the seat to act at `start`, where a rollout ended: the cards it took from the pile
    since (`taken`) and whether it went out first and won the deal (`out`; 0 for a rollout
    cut before the deal ended)."""
    assert isinstance(state, EightHalfState) and isinstance(start, EightHalfState)
    me = start.current
    out = 0.0
    if state.winners is not None or state.deal_no != start.deal_no:
        out = 1.0 if state.points[me] - start.points[me] >= 2 else 0.0
    return [float(state.taken_total[me] - start.taken_total[me]), out]


class DealSearchAgent:
    """The hard level: for each legal move, the same sampled deals (common random numbers) are
    played out to the end of the deal with every seat, its own included, moving by the normal
    rule; the normal move is kept unless another move is better by a clear margin in those
    paired playouts (mean gain above `z` standard errors). Moves that are clearly no better
    are dropped after `min_samples` deals, so a clear decision costs few playouts."""

    name = "hard"

    def __init__(self, samples: int = 64, step: int = 8, min_samples: int = 16,
                 z: float = 1.5, z_drop: float = 1.0, noise: float = 0.0,
                 max_depth: int = 300) -> None:
        self.samples = samples
        self.step = step
        self.min_samples = min_samples
        self.z = z
        self.z_drop = z_drop
        self.policy = make_rollout_policy(noise)
        self.max_depth = max_depth

    def choose(self, view: EightHalfView, legal: Sequence[Action], rng: GameRng) -> Action:
        return self.explain(view, legal, rng).best

    def explain(self, view: EightHalfView, legal: Sequence[Action],
                rng: GameRng) -> Explanation:
        """Every legal move with its mean deal value (`value`: the share of the deal's 2
        points it brought), `taken` (cards taken from the pile for the rest of the deal),
        `out` (the chance to go out first) and `samples` (deals it was played out in), each
        on the footing of the normal move's deals (`_paired_mean`); the chosen move first,
        then by value. The chosen move may show a little less than another that was not
        clearly better in the paired playouts."""
        if len(legal) == 1:
            return forced(legal[0])
        chosen = _prior(view, legal)
        if chosen is not None:
            return by_rule(chosen, "prior")
        me = view.viewer
        assert me is not None
        base = heuristic_choice(legal, view.value2)
        values: dict[Action, list[float]] = {a: [] for a in legal}
        figs: dict[Action, list[tuple[float, float]]] = {a: [] for a in legal}
        active = [a for a in legal if a != base]
        played = 0
        while active and played < self.samples:
            for _ in range(self.step):
                world = SPEC.determinize(view, rng)
                world.quiet = True  # the search throws events away (GameState.quiet)
                seed = rng.getrandbits(63)
                for a in (base, *active):
                    state = world.clone()
                    state.apply(a, check=False)
                    # the same random numbers for every move: the comparison is paired
                    rollout(state, world, GameRng(seed), self.policy, _deal_over,
                            self.max_depth)
                    values[a].append(_deal_value(state, world)[me])
                    taken, out = _deal_figures(state, world)
                    figs[a].append((taken, out))
            played += self.step
            if played >= self.min_samples:
                active = [a for a in active
                          if _paired_bound(values[a], values[base], self.z_drop) > 0]
        best, best_score = base, 0.0
        for a in active:
            score = _paired_bound(values[a], values[base], -self.z)
            if score > best_score:
                best, best_score = a, score
        # every move's figures on the footing of the base move's deals: the base move's
        # means over all its deals plus the mean paired difference over the deals the move
        # was played out in (a move dropped after 16 deals is not compared with the base
        # move's mean over 64 others)
        base_taken = [t for t, _ in figs[base]]
        base_out = [o for _, o in figs[base]]
        estimate: dict[Action, dict[str, float]] = {}
        for a in legal:
            n = len(values[a])
            if not n:
                continue
            estimate[a] = {  # (kept within what each figure can be)
                "value": _clamp(_paired_mean(values[a], values[base]), 0.0, 1.0),
                "taken": max(0.0, _paired_mean([t for t, _ in figs[a]], base_taken)),
                "out": _clamp(_paired_mean([o for _, o in figs[a]], base_out), 0.0, 1.0),
                "samples": float(n)}
        ranked = []
        for a in sorted(legal, key=lambda a: (a != best, -estimate[a]["value"]
                                              if a in estimate else 1.0)):
            if a not in estimate:
                ranked.append(Scored(a, None, {"samples": 0.0}))
                continue
            ranked.append(Scored(a, estimate[a]["value"], estimate[a]))
        return Explanation("eight_half.deal", tuple(ranked), {"samples": played})


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def _clamp(x: float, lo: float, hi: float) -> float:
    return min(hi, max(lo, x))


def _paired_mean(xs: Sequence[float], base: Sequence[float]) -> float:
    """A move's mean on the base move's footing: the base move's mean over all its deals plus
    the mean of the paired differences over the first `len(xs)` deals (the ones both were
    played out in); the base move itself gets its own mean."""
    if not xs:
        return 0.0
    shared = base[:len(xs)]
    return _mean(base) + _mean([x - b for x, b in zip(xs, shared, strict=True)])


def _paired_bound(xs: Sequence[float], base: Sequence[float], z: float) -> float:
    """Mean of the paired differences xs[i] - base[i] plus `z` standard errors."""
    d = [x - b for x, b in zip(xs, base, strict=False)]
    m = _mean(d)
    var = sum((x - m) ** 2 for x in d) / max(1, len(d) - 1)
    return m + z * math.sqrt(var / len(d))


def make_hard(seed: int, samples: int = 64, **kwargs: Any) -> DealSearchAgent:
    """The hard level (its search draws only on the rng it is handed; `seed` is unused)."""
    return DealSearchAgent(samples=samples, **kwargs)


AGENTS: dict[str, Callable[[int], Any]] = {
    "easy": lambda seed: EasyAgent(),
    "normal": lambda seed: NormalAgent(),
    "hard": make_hard,
}
