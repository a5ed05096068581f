"""AI players for Cirno's arithmetic game.

- easy: plays a card that does not bust when it sees one, but at random, and now and then
  blunders; keeps nothing back.
- normal: a heuristic: keep the escape cards (function cards, (9), /2, minus cards) for when
  they are needed, play the largest safe number card, and when in danger play the best escape
  (DOUBLE, SHOT at the player holding fewest cards, PASS, TURN) or a companion power: in the
  advanced game a power whose effect beats a plain PASS (Twenty, Scoop, Pick Out, Change with a
  hand that has no escape, Draw of such a hand) comes before a function card, the others when
  no function card is left or in the last round; Change, Scoop and L or R aim at the player
  who plays next (`companion_in_danger`).
- hard: determinized rollouts (cardtable.ai.ismcts.flat_monte_carlo): every legal action is
  tried on the same 64 sampled deals of the hidden cards, played to the end of the round with
  every seat following the normal heuristic, and the action with the best chance of winning
  the GAME after the round is chosen (`game_value`: the round's result, then every later
  round lost by a player at random; at 3 or more players who else fails matters, e.g. in the
  last round the rival level on fewest companion cards is the one to make fail). A close call
  (best two within 0.05 of what the round can still change, `round_stakes`) gets 192 more
  deals; when nothing can change (the game lost whoever fails) it plays the normal heuristic.
  In the advanced game a companion used counts against the action (`COMPANION_COST` times
  the round's stakes: the escape is gone for later rounds and the user loses ties on
  companions used, CIRNO-A1; a game that ends with the round is scored by the rules).
  Comparing actions on the same samples removes most of the luck from the comparison; in
  measurements this beat information-set MCTS (which was no better than normal head to head).
  The deals are not sampled uniformly: it reads the opponents' last two plays this round (the
  view's public `round_plays`) and keeps a sampled hand in proportion to how well it explains
  them, had its holder played like the normal heuristic (`InferringSpec`; a PASS at a low
  total says the hand held no number card). At 2 players this took hard from about 0.52 to
  0.56 against normal over 1,200 games.

Agents see only (view, legal actions, rng).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from cardtable.ai.explain import Explanation, by_rule, forced, ranked_by
from cardtable.ai.ismcts import flat_monte_carlo_detail
from cardtable.core.actions import Action
from cardtable.core.game import GameState
from cardtable.core.rng import GameRng
from cardtable.games.cirno.cards import COMPANIONS, NUMBER_CARDS, ORDER, apply_number
from cardtable.games.cirno.rules import PLAY, SPEC, CirnoState, CirnoView, RoundPlay

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
        if companions:
            power = companion_in_danger(view, companions, bool(functions))
            if power is not None:
                return power
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


def next_seat(view: CirnoView) -> int:
    """Who plays after the viewer when it passes: the next active seat in the direction of
    play (as the rules' `_step` finds it)."""
    me = view.viewer
    assert me is not None
    n = len(view.active)
    q = me
    for _ in range(n):
        q = (q + view.direction) % n
        if view.active[q]:
            return q
    return me


def _hand_has_escape(view: CirnoView) -> bool:
    """A card that keeps the holder safe at any total: a function card, (9), /2 or a minus."""
    return any(ESCAPES.get(c, 0) > 0 for c in view.hand or ())


def companion_in_danger(view: CirnoView, companions: Sequence[Action], has_function: bool
                        ) -> Action | None:
    """The companion power to use when no number card is safe (or owing two is risky), or
    None to play a function card and keep the companion.

    Every power is a PASS (CIRNO-A2); the effect decides. A function card left in hand is as
    good an escape later this round as a companion still unused this round, but a companion
    also lasts into later rounds, so with a function card at hand only a power whose effect
    beats a plain PASS is used: Twenty (the busting numbers become safe), Scoop on the next
    player (take their best card, hand them my worst), Pick Out (the best of three kept, the
    worst discarded). In the last round (the companion deck was down to one card when it
    began, CIRNO-A1) a companion has no later use, so one is used before a function card.
    Targets and directions aim at the player who plays next: Change hands them a hand that
    busts at this very total, L or R passes them my worst card."""
    nxt = next_seat(view)
    has_escape = _hand_has_escape(view)
    last_round = view.companion_deck_at_round_start <= 1
    best: tuple[float, Action] | None = None
    for a in companions:
        face = a.card
        score = 0.0
        if face == "twenty":
            score = 10 if view.limit < 20 else 1
        elif face == "scoop":
            score = 8 if a.target == nxt else 0
        elif face == "pick_out":
            score = 7
        elif face == "change":
            # only a hand without escapes is worth handing over
            score = (9 if not has_escape else 0) if a.target == nxt else 0
        elif face == "draw":
            score = 6 if not has_escape else 1.5
        elif face == "l_or_r":
            toward_next = (a.value == "left") == (view.direction == 1)
            score = 5 if toward_next else 0
        elif face == "all_draw":
            score = 3
        elif face == "melting":
            score = 2
        if score <= 0:
            continue
        if best is None or score > best[0]:
            best = (score, a)
    if best is None:
        return None
    if has_function and not last_round and best[0] < 7:
        return None
    return best[1]


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
    """Each seat's chance of winning the GAME after this round (`game_value`): not failing
    the round is what matters most, but at 3 or more players who else fails matters too (the
    game is won by the fewest companion cards, ties by sudden death: a round lost by the
    player level with me on fewest is worth more to me than one lost by a player already
    behind)."""
    assert isinstance(state, CirnoState) and isinstance(start, CirnoState)
    n = state.num_players
    if state.round_no == start.round_no and state.winners is None:
        # depth cut-off: the round undecided, as if anyone may still fail it
        return list(game_value(start))
    values = list(game_value(state))
    if state.options.advanced and not state.sudden_death and state.winners is None:
        # a companion used is an escape gone for later rounds (the tie-break on companions
        # used is in `game_value`): a share of what a round is worth to its user
        for p in range(n):
            spent = len(state.comp_used[p]) - len(start.comp_used[p])
            if spent:
                values[p] -= COMPANION_COST * spent * _stakes_of_state(start, p)
    return values


# what a companion used costs for later rounds, as a share of the stakes of this round
COMPANION_COST = 0.06


def _round_survived(state: GameState, start: GameState) -> list[float]:
    """For the seat to act at `start`: 1 when it did not fail this round, 0 when it did (0.5
    for a rollout cut off before the round ended), without `_round_result`'s companion cost:
    the chance a hint quotes."""
    assert isinstance(state, CirnoState) and isinstance(start, CirnoState)
    if state.round_no == start.round_no and state.winners is None:
        return [0.5]
    return [0.0 if state.last_loser == start.current_player() else 1.0]


def _stakes_of_state(state: CirnoState, p: int) -> float:
    return round_stakes(state.num_players, tuple(state.taken),
                        tuple(len(u) for u in state.comp_used), state.round_no,
                        state.comp_deck_at_round_start, state.options.advanced, state.sudden_death,
                        tuple(state.active))[p]


@lru_cache(maxsize=8192)
def round_stakes(n: int, taken: tuple[int, ...], used: tuple[int, ...], round_no: int,
                 deck: int, advanced: bool, sudden: bool, active: tuple[bool, ...]
                 ) -> tuple[float, ...]:
    """Per seat, how much its chance of winning the game can still change with who fails
    the round being played: the best minus the worst, over who fails, of `game_value` after
    it. 0 means the game is already lost (or won) whoever fails: nothing to search for."""
    if sudden:
        alive = sum(active)
        return tuple((1.0 / (alive - 1) if alive > 1 else 0.0) if active[p] else 0.0
                     for p in range(n))
    if not advanced:
        used = (0,) * n
    later = (0,) * n  # as in `game_value`
    outcomes = []
    for q in range(n):
        after = taken[:q] + (taken[q] + 1,) + taken[q + 1:]
        if advanced:
            if after[q] >= 3 or deck <= 1:
                outcomes.append(_final_value(after, used))
            else:
                outcomes.append(_future_value(after, later, deck - 1, True))
        elif round_no >= n:
            outcomes.append(_final_value(after, used))
        else:
            outcomes.append(_future_value(after, later, n - round_no, False))
    return tuple(max(v[p] for v in outcomes) - min(v[p] for v in outcomes) for p in range(n))


def _final_value(taken: tuple[int, ...], used: tuple[int, ...]) -> tuple[float, ...]:
    """The game over: the best rank (fewest taken, then fewest used) wins, a tie shares it
    (the sudden death, CIRNO-G2)."""
    best = min(zip(taken, used, strict=True))
    tied = [p for p in range(len(taken)) if (taken[p], used[p]) == best]
    return tuple(1.0 / len(tied) if p in tied else 0.0 for p in range(len(taken)))


def game_value(state: CirnoState) -> tuple[float, ...]:
    """Each seat's chance of winning the game from `state`, a round just begun (or the game
    over), if every later round were lost by a player chosen at random (`_future_value`).
    A sudden death is shared equally by those still in it (CIRNO-G2)."""
    n = state.num_players
    if state.winners is not None:
        share = 1.0 / len(state.winners)
        return tuple(share if p in state.winners else 0.0 for p in range(n))
    if state.sudden_death:
        alive = sum(state.active)
        return tuple(1.0 / alive if state.active[p] else 0.0 for p in range(n))
    # Later rounds: who uses companions in them is unknown, and every level uses most of
    # what it takes, so the tie-break on companions used (CIRNO-A1) is left to the sudden
    # death here; a companion used now is charged in `_round_result`. A game that ends with
    # this round is scored by the rules themselves (winners or the sudden death above).
    used = (0,) * n
    if state.options.advanced:
        left = len(state.comp_deck)  # this round began with this many (nobody took one yet)
    else:
        left = n - state.round_no + 1  # rounds still to play, this one included (CIRNO-G1)
    return _future_value(tuple(state.taken), used, left, state.options.advanced)


@lru_cache(maxsize=65536)
def _future_value(taken: tuple[int, ...], used: tuple[int, ...], left: int, advanced: bool
                  ) -> tuple[float, ...]:
    """Win chances when a round is about to be played and each player is as likely to fail
    it. Basic game: `left` rounds remain (CIRNO-G1). Advanced game: `left` companion cards
    were in the deck when the round began; the game ends after a round in which someone
    reaches 3 or which began with 1 card or fewer (CIRNO-A1). At the end the best rank
    (fewest taken, then fewest used) wins, ties share it (sudden death)."""
    n = len(taken)
    if left <= 0 and not advanced:
        return _final_value(taken, used)
    out = [0.0] * n
    for q in range(n):
        after = taken[:q] + (taken[q] + 1,) + taken[q + 1:]
        if advanced and (after[q] >= 3 or left <= 1):
            v = _final_value(after, used)
        else:
            v = _future_value(after, used, left - 1, advanced)
        for p in range(n):
            out[p] += v[p] / n
    return tuple(out)


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


class _HeuristicView:
    """Just the view fields the normal heuristic reads. The search asks the heuristic once per
    rollout move, and a full `CirnoView` costs more than the move; it chooses the same from
    this as from the view (tested)."""

    __slots__ = ("phase", "viewer", "total", "limit", "duty", "played_in_turn", "hand",
                 "hand_counts", "direction", "active", "companion_deck_at_round_start")

    def __init__(self, phase: str, viewer: int, total: int, limit: int, duty: int,
                 played_in_turn: int, hand: Sequence[str], hand_counts: Sequence[int],
                 direction: int = 1, active: Sequence[bool] = (),
                 companion_deck_at_round_start: int = 0) -> None:
        self.phase = phase
        self.viewer = viewer
        self.total = total
        self.limit = limit
        self.duty = duty
        self.played_in_turn = played_in_turn
        self.hand = hand
        self.hand_counts = hand_counts
        self.direction = direction
        self.active = active
        self.companion_deck_at_round_start = companion_deck_at_round_start


def _seat_view(state: CirnoState, p: int) -> _HeuristicView:
    """What seat `p` of a search state sees, as far as the heuristic looks: own hand, public
    counts."""
    return _HeuristicView(state.phase, p, state.total, state.limit, state.duty,
                          state.played_in_turn, state.hands[p], [len(h) for h in state.hands],
                          state.direction, state.active, state.comp_deck_at_round_start)


def heuristic_rollout_policy(state: GameState, rng: GameRng) -> Action:
    """Rollouts in which every seat plays the normal heuristic (from what its own view
    shows), with a little noise, so the search improves on that policy instead of assuming
    careless play."""
    assert isinstance(state, CirnoState)
    if rng.random() < 0.1:
        return safe_rollout_policy(state, rng)
    p = state.current
    return _ROLLOUT_AGENT.choose(_seat_view(state, p),  # type: ignore[arg-type]
                                 state.legal_actions(), rng)


# ---------------------------------------------------------------- hard: reading the opponents
_PLAY_FACE = {face: Action("play", face, target=1 if face == "SHOT" else None)
              for face in ORDER if face not in COMPANIONS}
_NO_RNG = GameRng(0)  # the normal heuristic draws no random numbers


@lru_cache(maxsize=8192)
def _heuristic_card(hand: tuple[str, ...], total: int, limit: int, duty: int, played: int
                    ) -> str | None:
    """The card the normal heuristic plays from `hand` (sorted) in that position; only the
    card matters here, so one SHOT target stands for all."""
    legal = [_PLAY_FACE[face] for face in sorted(set(hand), key=ORDER.__getitem__)]
    # a past card play (no companion in hand); seat 1 stands for every SHOT target
    view = _HeuristicView(PLAY, 0, total, limit, duty, played, hand, (0, 0))
    return _ROLLOUT_AGENT.choose(view, legal, _NO_RNG).card  # type: ignore[arg-type]


def _heuristic_plays(hand: list[str], play: RoundPlay) -> bool:
    """Would the normal heuristic, holding `hand` at that moment, have played `play`'s card?"""
    _, card, total, limit, duty, played = play
    return _heuristic_card(tuple(sorted(hand)), total, limit, duty, played) == card


def _chance_of_plays(hand: list[str], plays: list[RoundPlay]) -> float:
    """The chance that a player holding `hand` now, and playing as the normal heuristic does,
    made `plays` (their latest plays this round, newest first). Each play was followed by a
    one-card refill, which may be any card of the hand after it: the hand before the play is
    the hand after it less that card plus the card played."""
    if not plays:
        return 1.0
    play, rest = plays[0], plays[1:]
    total = 0.0
    for i in range(len(hand)):
        before = hand[:i] + hand[i + 1:] + [play[1]]
        if _heuristic_plays(before, play):
            total += _chance_of_plays(before, rest)
    return total / len(hand)


def plausibility(view: CirnoView, state: CirnoState, depth: int = 2) -> float:
    """How well the sampled hands of `state` explain the opponents' plays this round: the
    product over opponents of the chance (see `_chance_of_plays`) of their `depth` latest
    plays. Reading stops at a companion use (it may move cards between hands), and a hand
    not holding 3 cards is not read (a refill is assumed)."""
    me = view.viewer
    latest: dict[int, list[RoundPlay]] = {}
    for play in reversed(view.round_plays):
        if play[1] in COMPANIONS:
            break
        latest.setdefault(play[0], []).append(play)
    chance = 1.0
    for q, plays in latest.items():
        if q == me or view.hand_counts[q] != 3:
            continue
        chance *= _chance_of_plays(state.hands[q], plays[:depth])
        if chance == 0.0:
            break
    return chance


class InferringSpec:
    """`SPEC` for the hard search: sampled deals are kept in proportion to how well they
    explain what the opponents played this round (rejection sampling on `plausibility`), with
    a floor of `floor` so a player who does not play like the heuristic is still covered."""

    id = SPEC.id

    def __init__(self, tries: int = 12, floor: float = 0.1) -> None:
        self.tries = tries
        self.floor = floor

    def determinize(self, view: CirnoView, rng: GameRng) -> CirnoState:
        best, best_weight = None, -1.0
        for _ in range(self.tries):
            state = SPEC.determinize(view, rng)
            weight = self.floor + (1.0 - self.floor) * plausibility(view, state)
            if rng.random() < weight:
                return state
            if weight > best_weight:
                best, best_weight = state, weight
        assert best is not None
        return best


class HardAgent:
    """Determinized rollouts (see the module docstring), in two stages: `samples` deals for
    every legal action, then, when the best two actions are within `margin` of each other (a
    close call, where the sampling noise could pick the wrong one), `extra` more deals on
    which every action is tried again. Most decisions are clear-cut and cost only the first
    stage; the close ones get the search they need. With `companions=False` it never uses a
    companion card (a measurement variant: how much the powers are worth to the hard level).
    """

    def __init__(self, name: str = "hard", samples: int = 64, extra: int = 192,
                 margin: float = 0.05, companions: bool = True) -> None:
        self.name = name
        self.samples = samples
        self.extra = extra
        self.margin = margin
        self.companions = companions
        self.spec = InferringSpec()

    def _values(self, view: CirnoView, legal: Sequence[Action], rng: GameRng, samples: int
                ) -> tuple[dict[Action, float], dict[Action, float]]:
        """Per action: the search's value and the share of deals in which the round is
        survived (`_round_survived`), from the same rollouts."""
        assert view.viewer is not None
        detail = flat_monte_carlo_detail(
            self.spec, view, legal, rng, samples, view.viewer,  # type: ignore[arg-type]
            heuristic_rollout_policy, _round_result, _round_over, 120, _round_survived)
        return ({a: v for a, (v, _) in detail.items()},
                {a: figs[0] for a, (_, figs) in detail.items()})

    def choose(self, view: CirnoView, legal: Sequence[Action], rng: GameRng) -> Action:
        return self.explain(view, legal, rng).best

    def explain(self, view: CirnoView, legal: Sequence[Action], rng: GameRng) -> Explanation:
        """Every legal action ranked by the search's value, with `survive` (the chance the
        round is survived), `bust` (1 when the card itself takes the total over the limit)
        and `samples` (how many sampled deals it was tried on); the context has the `limit`."""
        if not self.companions:
            legal = [a for a in legal if a.kind != "companion"] or list(legal)
        if len(legal) == 1:
            return forced(legal[0])
        stakes = view_stakes(view)
        if stakes <= 0.0:
            # the game is lost (or won) whoever fails this round: no search can change it
            return by_rule(_ROLLOUT_AGENT.choose(view, legal, rng), "decided")
        values, survive = self._values(view, legal, rng, self.samples)
        ranked = sorted(values.values(), reverse=True)
        samples = self.samples
        # values are chances of winning the game: a close call is close relative to what
        # this round can still change
        if self.extra and len(ranked) > 1 and ranked[0] - ranked[1] < self.margin * stakes:
            more, more_survive = self._values(view, legal, rng, self.extra)
            whole = self.samples + self.extra
            values = {a: (v * self.samples + more.get(a, v) * self.extra) / whole
                      for a, v in values.items()}
            survive = {a: (v * self.samples + more_survive.get(a, v) * self.extra) / whole
                       for a, v in survive.items()}
            samples = whole
        return ranked_by("cirno.survive", legal, values,
                         {a: {"survive": p, "samples": float(samples),
                              "bust": 0.0 if _safe(a, view.total, view.limit) else 1.0}
                          for a, p in survive.items()}, limit=view.limit)


def view_stakes(view: CirnoView) -> float:
    """`round_stakes` for the viewer, from what its view shows (all public)."""
    assert view.viewer is not None
    n = view.num_players
    advanced = bool(view.options.get("advanced"))
    return round_stakes(n, tuple(view.taken), tuple(len(u) for u in view.companions_used),
                        view.round_no, view.companion_deck_at_round_start, advanced,
                        view.sudden_death, tuple(view.active))[view.viewer]


def make_hard(seed: int, samples: int = 64) -> HardAgent:
    return HardAgent(samples=samples)


AGENTS: dict[str, Callable[[int], Any]] = {
    "easy": lambda seed: EasyAgent(),
    "normal": lambda seed: NormalAgent(),
    "hard": make_hard,
}

# variants for measurements only (`cardtable simulate`; not a level, not in the tournament)
MEASUREMENT_AGENTS: dict[str, Callable[[int], Any]] = {
    "hard_no_companions": lambda seed: HardAgent(name="hard_no_companions", companions=False),
}
