"""Engine speed in uniformly random play, ours against the engines people would otherwise use,
measured side by side in the same run.

Each comparison alternates short blocks of ours and the peer's until both have run for the time
budget, so a change in the machine's load during the run hits both sides alike.

- Wizard vs OpenSpiel `oh_hell` (decisions per second; chance outcomes sampled, not counted)
- Cirno vs RLCard `UnoGame` raw loop, 4 players (decisions per second)
- Tanto Cuore with `big_money` bots vs pyminion (Dominion) with its Big Money bots, 2 players
  (turns per second, both players' turns counted: a Big Money game of Tanto Cuore is about
  2.2 times as many turns as one of Dominion by the rules, TC-END1, so games per second would
  compare games of different lengths; games per second is reported beside it)

The headline figure ("ours") is the loop our simulator runs: a quiet state (it builds no event
log, `GameState.quiet`; the simulator and the AI's search throw events away, and none of the
peers builds one), legal_actions(), pick from that list, apply(action, check=False) (the
simulator tests an agent's choice against the list it gave instead of letting apply recompute
legal_actions()). Two more figures show the app's path: "ours_events", the same loop building
every event the table animates, and "ours_checked", that with apply's own legality check.

A missing peer package makes its row say so; nothing fails.
"""

from __future__ import annotations

import importlib.util
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import repeat
from operator import is_
from typing import Any

from cardtable.core.actions import Action
from cardtable.core.errors import IllegalActionError
from cardtable.core.events import Event
from cardtable.core.game import GameState
from cardtable.core.rng import GameRng, derive_seed
from cardtable.games import get_spec, make_agent

log = logging.getLogger(__name__)

# a block of work: plays from a running counter, returns (decisions, games) it finished; for a
# comparison in turns/s the first number is the turns played
Block = Callable[[], tuple[int, int]]


@dataclass(frozen=True, slots=True)
class Comparison:
    key: str
    ours: str
    peer: str
    peer_package: str  # the pip name, for the "missing" message
    peer_module: str  # importable module that proves the peer is there
    unit: str  # "decisions/s" or "games/s"
    matched: str  # what we matched between the two games


COMPARISONS = (
    Comparison("wizard_vs_openspiel_oh_hell", "cardtable wizard (4 players, 60 cards, rounds "
               "1-15)", "OpenSpiel oh_hell (4 players)", "open-spiel", "pyspiel",
               "decisions/s",
               "4 players; OpenSpiel's deck is 4 suits x 13 (52 cards; it has no wizards or "
               "jesters, parameters do not allow them); one oh_hell game is one hand with a "
               "random trick count 1-12, one Wizard game is all 15 rounds; both count bids and "
               "card plays, chance steps (deal, trump) are sampled and not counted"),
    Comparison("cirno_vs_rlcard_uno", "cardtable cirno (4 players)", "RLCard UnoGame (4 players)",
               "rlcard", "rlcard", "decisions/s",
               "4 players, uniformly random legal actions; RLCard's raw loop is "
               "get_legal_actions + step (its step also builds the next player's state dict); "
               "ours is legal_actions + apply(check=False) (apply also emits the event log)"),
    Comparison("tanto_cuore_vs_pyminion", "cardtable tanto_cuore (2 big_money bots)",
               "pyminion Dominion base set (2 BigMoney bots)", "pyminion", "pyminion",
               "turns/s",
               "2 players, both sides' Big Money bots (buy money and victory only); pyminion "
               "with logging to stdout off; kingdom: pyminion's random 10 of the base set, ours "
               "the default town"),
)



def apply_chosen(state: GameState, legal: list[Action], action: Action) -> list[Event]:
    """Apply an agent's `action`, chosen from `legal` (what `state.legal_actions()` just gave):
    checking it against that list replaces apply's own recomputation of legal_actions(); an
    action not in the list raises IllegalActionError as `apply` would. (The engine benchmark's
    bare loop, as the peers' loops are bare; games are played through `cardtable.host`.)"""
    # agents usually return one of the listed objects: finding it by identity (a C-level scan)
    # skips comparing field by field with every action listed before it; `in` decides otherwise
    if not any(map(is_, repeat(action), legal)) and action not in legal:
        raise IllegalActionError(action, state.phase, state.current_player())
    return state.apply(action, check=False)

def peer_available(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


# ---- ours ------------------------------------------------------------------------------------

def _timed_games(budget_s: float, play_game: Callable[[], int | None]) -> Block:
    """A block: whole games by `play_game` (it returns the game's decisions, or None for a game
    dropped as stuck) until `budget_s` has passed, at least one game."""
    def block() -> tuple[int, int]:
        decisions = games = 0
        end = time.perf_counter() + budget_s
        while True:
            n = play_game()
            if n is not None:
                decisions += n
                games += 1
            if time.perf_counter() >= end:
                return decisions, games
    return block


def _random_play_block(game: str, players: int, seed: int, budget_s: float,
                       check: bool = True, quiet: bool = False) -> Block:
    """Whole games of uniformly random play (legal_actions + apply) for about `budget_s`;
    `check=False` skips apply's legality re-check (the action is taken from legal_actions()),
    `quiet=True` plays on a quiet state (no events built)."""
    spec = get_spec(game)
    rnd = random.Random(seed)
    counter = [0]

    def play_game() -> int:
        counter[0] += 1
        state, _ = spec.new_game(derive_seed(seed, counter[0]), players, {}, quiet=quiet)
        decisions = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rnd.randrange(len(legal))], check=check)
            decisions += 1
        return decisions
    return _timed_games(budget_s, play_game)


# a game longer than this is stuck (a bot that never ends it); it is dropped and counted
STUCK_DECISIONS = 20_000


def _agents_block(game: str, agent: str, players: int, seed: int, budget_s: float,
                  wrap: Callable[[Any], Any] | None = None,
                  stuck: list[int] | None = None, check: bool = True, quiet: bool = False,
                  turns: bool = False) -> Block:
    """Whole games between copies of `agent` (they see views, as in the app); `check=False`
    applies as the simulator does (the choice tested against the legal list, no re-check),
    `quiet=True` plays on a quiet state as the simulator does; `turns=True` counts the turns
    played (every player's, `state.turns`) instead of the decisions."""
    spec = get_spec(game)
    counter = [0]

    def play_game() -> int | None:
        counter[0] += 1
        i = counter[0]
        agents = [make_agent(game, agent, derive_seed(seed, i, s)) for s in range(players)]
        if wrap is not None:
            agents = [wrap(a) for a in agents]
        rngs = [GameRng(derive_seed(seed, i, s, "rng")) for s in range(players)]
        state, _ = spec.new_game(derive_seed(seed, i), players, {}, quiet=quiet)
        n = 0
        while not state.is_terminal() and n < STUCK_DECISIONS:
            p = state.current_player()
            assert p is not None
            legal = state.legal_actions()
            action = agents[p].choose(state.view(p), legal, rngs[p])
            if check:
                state.apply(action)
            else:
                apply_chosen(state, legal, action)
            n += 1
        if state.is_terminal():
            return sum(state.turns) if turns else n
        if stuck is not None:
            stuck[0] += 1
        return None
    return _timed_games(budget_s, play_game)


# ---- peers -----------------------------------------------------------------------------------

def _oh_hell_block(seed: int, budget_s: float) -> Block:
    import pyspiel

    game = pyspiel.load_game("oh_hell", {"players": 4})
    rnd = random.Random(seed)

    def play_game() -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                weights = [p for _, p in outcomes]
                state.apply_action(rnd.choices(actions, weights)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rnd.randrange(len(legal))])
                decisions += 1
        return decisions
    return _timed_games(budget_s, play_game)


def _uno_block(seed: int, budget_s: float) -> Block:
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=4)
    game.np_random = np.random.RandomState(seed)
    rnd = random.Random(seed)

    def play_game() -> int:
        game.init_game()
        decisions = 0
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[rnd.randrange(len(legal))])
            decisions += 1
        return decisions
    return _timed_games(budget_s, play_game)


def _pyminion_game_maker(seed: int) -> Callable[[], Any]:
    """New 2-player Big Money pyminion games (base set, game log off); pyminion shuffles with
    the module-level `random`, seeded here."""
    root = logging.getLogger()
    level = root.level
    from pyminion.bots.examples.big_money import BigMoney
    from pyminion.expansions.base import base_set
    from pyminion.game import Game

    root.setLevel(level)  # importing pyminion sets the root logger to INFO; its game log stays off
    random.seed(seed)
    return lambda: Game(players=[BigMoney("a"), BigMoney("b")], expansions=[base_set],
                        log_stdout=False)


def _pyminion_block(seed: int, budget_s: float) -> Block:
    new_game = _pyminion_game_maker(seed)

    def play_game() -> int:
        game = new_game()
        game.play()
        return sum(player.turns for player in game.players)  # turns, as ours counts them
    return _timed_games(budget_s, play_game)


# ---- running ---------------------------------------------------------------------------------

def _alternate(blocks: dict[str, Block | None], rounds: int) -> dict[str, list[float]]:
    """Run the blocks in turn, `rounds` times; per block [seconds, decisions, games]."""
    totals = {name: [0.0, 0.0, 0.0] for name in blocks}
    for _ in range(rounds):
        for name, block in blocks.items():
            if block is None:
                continue
            t0 = time.perf_counter()
            d, g = block()
            t = totals[name]
            t[0] += time.perf_counter() - t0
            t[1] += d
            t[2] += g
    return totals


def _guarded(block: Block, package: str, failure: list[str]) -> Block:
    """The peer's block, made harmless: an error in the peer's code ends its measurements and
    is reported instead of failing the bench."""
    def run() -> tuple[int, int]:
        if failure:
            return 0, 0
        try:
            return block()
        except Exception as exc:
            log.warning("peer %s failed: %s", package, exc)
            failure.append(f"{package} failed while running: {type(exc).__name__}: {exc}")
            return 0, 0
    return run


def _rate(side: list[float], unit: str) -> float:
    seconds, counted, games = side  # counted: decisions, or turns for turns/s
    if seconds <= 0:
        return 0.0
    return (games if unit == "games/s" else counted) / seconds


def compare(c: Comparison, seconds_per_side: float, seed: int = 1) -> dict[str, Any]:
    rounds = max(2, int(seconds_per_side / 0.5))
    budget = seconds_per_side / rounds
    stuck = [0]
    # "ours" is the simulator's loop (a quiet state, no re-check in apply); "events" the same
    # building the event log; "checked" that with apply's own check (the app's path)
    if c.key.startswith("wizard") or c.key.startswith("cirno"):
        game = "wizard" if c.key.startswith("wizard") else "cirno"
        ours = _random_play_block(game, 4, seed, budget, check=False, quiet=True)
        loud = _random_play_block(game, 4, seed, budget, check=False)
        checked = _random_play_block(game, 4, seed, budget)
        make_peer: Callable[[], Block] = (
            (lambda: _oh_hell_block(seed, budget)) if game == "wizard"
            else (lambda: _uno_block(seed, budget)))
    else:
        ours = _agents_block("tanto_cuore", "big_money", 2, seed, budget, None, stuck,
                             check=False, quiet=True, turns=True)
        loud = _agents_block("tanto_cuore", "big_money", 2, seed, budget, None, stuck,
                             check=False, turns=True)
        checked = _agents_block("tanto_cuore", "big_money", 2, seed, budget, None, stuck,
                                turns=True)
        make_peer = lambda: _pyminion_block(seed, budget)  # noqa: E731
    peer: Block | None = None
    missing = None
    if not peer_available(c.peer_module):
        missing = f"{c.peer_package} not installed (pip install -e '.[bench]')"
    else:
        try:
            peer = make_peer()
        except Exception as exc:  # a broken peer install must not fail the bench
            log.warning("peer %s unusable: %s", c.peer_package, exc)
            missing = f"{c.peer_package} unusable: {type(exc).__name__}: {exc}"
    if peer is not None:
        peer = _guarded(peer, c.peer_package, failure := [])
    totals = _alternate({"ours": ours, "events": loud, "checked": checked, "peer": peer},
                        rounds)
    if peer is not None and failure:
        peer, missing = None, failure[0]
    ours_t, peer_t = totals["ours"], totals["peer"]
    counted = "ours_turns" if c.unit == "turns/s" else "ours_decisions"  # what the blocks count
    row: dict[str, Any] = {
        "key": c.key, "ours": c.ours, "peer": c.peer, "unit": c.unit, "matched": c.matched,
        "ours_rate": round(_rate(ours_t, c.unit), 2),
        "ours_games": int(ours_t[2]), counted: int(ours_t[1]),
        "ours_seconds": round(ours_t[0], 2),
        # the same loop building the event log, then also with apply's legality re-check
        "ours_events_rate": round(_rate(totals["events"], c.unit), 2),
        "ours_checked_rate": round(_rate(totals["checked"], c.unit), 2),
    }
    if c.key.startswith("tanto_cuore"):
        row["ours_note"] = ("big_money with the Colette-when-stuck change (the shipped bot's "
                            "mirror games never end)")
        row["ours_stuck_games"] = stuck[0]
        # the blocks counted turns; games per second and game length beside them
        row["ours_games_rate"] = round(ours_t[2] / ours_t[0], 2) if ours_t[0] else 0.0
        row["ours_turns_per_game"] = round(ours_t[1] / ours_t[2], 2) if ours_t[2] else 0.0
        row["peer_turns_per_game"] = None
    if peer is None:
        row.update(peer_rate=None, ratio=None, peer_missing=missing)
    else:
        peer_rate = _rate(peer_t, c.unit)
        row.update(peer_rate=round(peer_rate, 2), peer_games=int(peer_t[2]),
                   **{f"peer_{counted[5:]}": int(peer_t[1])}, peer_seconds=round(peer_t[0], 2),
                   ratio=round(row["ours_rate"] / peer_rate, 3) if peer_rate else None,
                   ratio_events=round(row["ours_events_rate"] / peer_rate, 3)
                   if peer_rate else None,
                   ratio_checked=round(row["ours_checked_rate"] / peer_rate, 3)
                   if peer_rate else None,
                   peer_missing=None)
        if c.unit == "turns/s" and peer_t[2] and peer_t[0]:
            peer_games_rate = peer_t[2] / peer_t[0]
            row["peer_games_rate"] = round(peer_games_rate, 2)
            row["peer_turns_per_game"] = round(peer_t[1] / peer_t[2], 2)
            # the same comparison per game (ours are longer games by the rules)
            row["ratio_per_game"] = round(row["ours_games_rate"] / peer_games_rate, 3)
    return row


def compare_all(seconds_per_side: float) -> list[dict[str, Any]]:
    return [compare(c, seconds_per_side) for c in COMPARISONS]
