"""AI players for Cirno's arithmetic game.

- easy: plays a card that does not bust when it sees one, but at random, and now and then
  blunders; keeps nothing back.
- normal: a heuristic: keep the escape cards (function cards, (9), /2, minus cards) for when
  they are needed, play the largest safe number card, and when in danger play the best escape
  (DOUBLE, SHOT at the player holding fewest cards, PASS, TURN) or a companion power.
- hard: determinized rollouts (cardtable.ai.ismcts.flat_monte_carlo): every legal action is
  tried on the same 64 sampled deals of the hidden cards, played to the end of the round with
  every seat following the normal heuristic, and the action that fails least often is chosen.
  Comparing actions on the same samples removes most of the luck from the comparison; in
  measurements this beat information-set MCTS (which was no better than normal head to head).

Agents see only (view, legal actions, rng).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardtable.ai.ismcts import FlatMonteCarloAgent
from cardtable.core.actions import Action
from cardtable.core.game import GameState
from cardtable.core.rng import GameRng
from cardtable.games.cirno.cards import NUMBER_CARDS, apply_number
from cardtable.games.cirno.rules import PLAY, SPEC, CirnoState, CirnoView

# Cards worth keeping for later: they save you whatever the total.
ESCAPES = {"PASS": 6, "TURN": 5, "SHOT": 7, "DOUBLE": 8, "9": 4, "/2": 4, "-3": 3, "-2": 2,
           "-1": 1}


def _safe(action: Action, total: int, limit: int) -> bool:
    if action.kind != "play" or action.card not in NUMBER_CARDS:
        return True
    return apply_number(action.card, total) <= limit


def _value_after(action: Action, total: int) -> int:
    if action.kind == "play" and action.card in NUMBER_CARDS:
        return apply_number(action.card, total)
    return total


class EasyAgent:
    name = "easy"

    def choose(self, view: CirnoView, legal: Sequence[Action], rng: GameRng) -> Action:
        if rng.random() < 0.25:
            return legal[rng.randrange(len(legal))]
        safe = [a for a in legal if _safe(a, view.total, view.limit)]
        pool = safe or list(legal)
        return pool[rng.randrange(len(pool))]


class NormalAgent:
    name = "normal"

    def choose(self, view: CirnoView, legal: Sequence[Action], rng: GameRng) -> Action:
        if view.phase != PLAY:
            return self._choose_pending(view, legal)
        me = view.viewer
        total, limit = view.total, view.limit
        numbers = [a for a in legal if a.kind == "play" and a.card in NUMBER_CARDS]
        safe_numbers = [a for a in numbers if _safe(a, total, limit)]
        owes_two = view.duty == 2 and view.played_in_turn == 0
        if safe_numbers and not (owes_two and self._second_card_risky(view, safe_numbers)):
            # Prefer plain numbers (keep escapes), the highest result that stays safe.
            return max(safe_numbers, key=lambda a: (-ESCAPES.get(a.card or "", 0),
                                                    _value_after(a, total)))
        # In danger (or owing two cards): an escape card, best first.
        functions = [a for a in legal if a.kind == "play" and a.card not in NUMBER_CARDS]
        companions = [a for a in legal if a.kind == "companion"]
        if functions:
            def rank(a: Action) -> tuple[int, int]:
                if a.card == "SHOT":
                    # aim at the next-most-endangered: the player with the fewest cards in hand
                    assert a.target is not None
                    return (ESCAPES["SHOT"], -view.hand_counts[a.target])
                return (ESCAPES.get(a.card or "", 0), 0)
            return max(functions, key=rank)
        if companions:
            return max(companions, key=lambda a: _companion_rank(a, view, me))
        if safe_numbers:
            return max(safe_numbers, key=lambda a: _value_after(a, total))
        # Every card busts: lose with the least useful card.
        return min(legal, key=lambda a: ESCAPES.get(a.card or "", 0))

    @staticmethod
    def _second_card_risky(view: CirnoView, safe_numbers: Sequence[Action]) -> bool:
        """Owing two cards with no escape left after a number card is risky."""
        hand = list(view.hand or ())
        escapes = [c for c in hand if c not in NUMBER_CARDS or c in ("9", "/2")]
        return not escapes and view.total >= view.limit - 4

    @staticmethod
    def _choose_pending(view: CirnoView, legal: Sequence[Action]) -> Action:
        kind = legal[0].kind
        if kind in ("take", "keep"):
            return max(legal, key=lambda a: ESCAPES.get(a.card or "", 0) * 10
                       - _bust_margin(a.card, view))
        # give / discard / pass: get rid of the most dangerous card
        return min(legal, key=lambda a: ESCAPES.get(a.card or "", 0) * 10
                   - _bust_margin(a.card, view))


def _bust_margin(card: str | None, view: CirnoView) -> int:
    if card is None or card not in NUMBER_CARDS:
        return 0
    return apply_number(card, view.total) - view.limit


def _companion_rank(a: Action, view: CirnoView, me: int | None) -> float:
    if a.card == "twenty":
        return 10
    if a.card in ("change", "scoop") and a.target is not None:
        return 5 + view.hand_counts[a.target] / 10
    if a.card in ("draw", "pick_out"):
        return 4
    return 1


# ---------------------------------------------------------------- hard: search
def _round_over(state: GameState, start: GameState) -> bool:
    assert isinstance(state, CirnoState) and isinstance(start, CirnoState)
    return state.winners is not None or state.round_no != start.round_no


def _round_result(state: GameState, start: GameState) -> list[float]:
    """1 for every seat that did not fail this round, 0 for the one that did."""
    assert isinstance(state, CirnoState) and isinstance(start, CirnoState)
    n = state.num_players
    if state.round_no == start.round_no and state.winners is None:
        return [0.5] * n  # depth cut-off: undecided
    loser = state.last_loser
    return [0.0 if p == loser else 1.0 for p in range(n)]


def safe_rollout_policy(state: GameState, rng: GameRng) -> Action:
    """A quick rollout policy: a random card that does not bust when there is one."""
    assert isinstance(state, CirnoState)
    legal = state.legal_actions()
    if state.phase == PLAY:
        total, limit = state.total, state.limit
        safe = [a for a in legal if _safe(a, total, limit)]
        if safe:
            return safe[rng.randrange(len(safe))]
    return legal[rng.randrange(len(legal))]


_ROLLOUT_AGENT = NormalAgent()


def heuristic_rollout_policy(state: GameState, rng: GameRng) -> Action:
    """Rollouts in which every seat plays the normal heuristic (from its own view), with a
    little noise, so the search improves on that policy instead of assuming careless play."""
    if rng.random() < 0.1:
        return safe_rollout_policy(state, rng)
    p = state.current_player()
    return _ROLLOUT_AGENT.choose(state.view(p), state.legal_actions(), rng)


def make_hard(seed: int, samples: int = 64) -> FlatMonteCarloAgent:
    return FlatMonteCarloAgent(SPEC, name="hard", samples=samples,
                               rollout_policy=heuristic_rollout_policy, evaluator=_round_result,
                               horizon=_round_over, max_depth=120)


AGENTS: dict[str, Callable[[int], Any]] = {
    "easy": lambda seed: EasyAgent(),
    "normal": lambda seed: NormalAgent(),
    "hard": make_hard,
}
