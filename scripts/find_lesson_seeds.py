"""Search seeds for a lesson's fixed deal: play each seed with a simple scripted policy and keep
the ones where the rules the lesson teaches come up within a few learner decisions.

    python scripts/find_lesson_seeds.py cirno-basics [--seeds 2000] [--show SEED]
    python scripts/find_lesson_seeds.py cirno-companions
    python scripts/find_lesson_seeds.py wizard

`--show SEED` prints the decisions of that seed (who, the legal actions, what was taken), from
which the lesson's steps in cardtable/coach/lessons/ are written by hand (with their callouts).
The policies only pick the play; the lesson file holds the resulting actions explicitly.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable
from typing import Any

from cardtable.core.actions import Action
from cardtable.games import get_spec
from cardtable.games.cirno.cards import NUMBER_CARDS, apply_number

log = logging.getLogger("find_lesson_seeds")
LEARNER = 0


# ---------------------------------------------------------------- Cirno
def cirno_policy(state: Any, goals: list[str], comp_goal: bool) -> Action:
    """The learner plays each card of `goals` once when it holds it (in that order of
    preference), else the safest number card; the others push the total up and DOUBLE the
    learner when they can."""
    p = state.current_player()
    legal = state.legal_actions()
    total, limit = state.total, state.limit

    def safe(a: Action) -> bool:
        return a.kind != "play" or a.card not in NUMBER_CARDS or \
            apply_number(a.card, total) <= limit

    nums = [a for a in legal if a.kind == "play" and a.card in NUMBER_CARDS and safe(a)]
    if p == LEARNER:
        if comp_goal:
            comps = [a for a in legal if a.kind == "companion"]
            if comps:
                return comps[0]
        for g in goals:
            for a in legal:
                if a.kind == "play" and a.card == g and state.duty == 1:
                    if g == "SHOT" and a.target != 2:
                        continue
                    return a
        if nums:
            return min(nums, key=lambda a: apply_number(a.card, total))
        funcs = [a for a in legal if a.kind == "play" and a.card not in NUMBER_CARDS]
        return (funcs or legal)[0]  # a function card saves the learner; else it is a bust
    nxt = (p + state.direction) % state.num_players
    for a in legal:
        if a.card == "DOUBLE" and nxt == LEARNER and state.duty == 1:
            return a
    if nums:
        return max(nums, key=lambda a: apply_number(a.card, total))
    funcs = [a for a in legal if a.kind == "play" and a.card in ("PASS", "TURN")]
    if funcs:
        return funcs[0]
    others = [a for a in legal if a.card not in ("DOUBLE",) and a.kind == "play"]
    return (others or legal)[0]


def run_cirno(seed: int, advanced: bool, show: bool = False) -> dict[str, Any] | None:
    spec = get_spec("cirno")
    state, _ = spec.new_game(seed, 3, {"advanced": advanced})
    goals = [] if advanced else ["DOUBLE", "TURN", "SHOT"]
    seen: dict[str, Any] = {"learner": 0, "learner_double_duty": False, "bust": None,
                            "played": [], "rounds": 0, "comp_used": False}
    rounds_wanted = 2 if advanced else 1
    for _ in range(200):
        p = state.current_player()
        if p is None:
            break
        a = cirno_policy(state, [g for g in goals if g not in seen["played"]],
                         comp_goal=advanced and state.round_no >= 2)
        if show:
            out(f"r{state.round_no} P{p} total={state.total} duty={state.duty}/"
                  f"{state.played_in_turn} dir={state.direction} hand={state.hands[p]} "
                  f"comps={state.comp_held[p]} -> {a}")
        if p == LEARNER:
            seen["learner"] += 1
            if state.duty == 2:
                seen["learner_double_duty"] = True
            if a.kind == "play" and a.card in goals and a.card not in seen["played"]:
                seen["played"].append(a.card)
            if a.kind == "companion":
                seen["comp_used"] = a.card
        if p == LEARNER and state.round_no == 1:
            seen["forced"] = all(x.kind == "play" and x.card in NUMBER_CARDS
                                 and apply_number(x.card, state.total) > state.limit
                                 for x in state.legal_actions())
        before = state.round_no
        state.apply(a)
        if state.round_no != before or state.is_terminal():
            seen["rounds"] += 1
            seen.setdefault("busts", []).append(p)
            if seen["rounds"] >= rounds_wanted:
                break
    seen["bust"] = seen.get("busts")
    return seen


def good_cirno_basics(s: dict[str, Any]) -> bool:
    return (len(s["played"]) == 3 and s["learner_double_duty"] and s["bust"] is not None
            and s["bust"][0] != LEARNER and 8 <= s["learner"] <= 14)


def good_cirno_companions(s: dict[str, Any]) -> bool:
    busts = s.get("busts") or []
    return (len(busts) == 2 and busts[0] == LEARNER and busts[1] != LEARNER and s["forced"]
            and s["comp_used"] not in (False, "melting") and 8 <= s["learner"] <= 16)


# ---------------------------------------------------------------- Wizard
def wizard_run(seed: int, show: bool = False) -> dict[str, Any]:
    from cardtable.games.wizard.rules import JESTER, WIZARD
    spec = get_spec("wizard")
    state, _ = spec.new_game(seed, 3, {})
    seen: dict[str, Any] = {"learner": 0, "wizard": False, "jester": False, "follow": False,
                            "trumped": False, "exact": False}
    while state.round_no <= 3 and state.current_player() is not None:
        p = state.current_player()
        legal = state.legal_actions()
        if state.phase == "bid":
            a = legal[min(len(legal) - 1, _wizard_bid(state, p))]
        elif state.phase == "trump":
            a = legal[0]
        else:
            hand = state.hands[p]
            a = legal[-1] if p != LEARNER else _wizard_learner_play(state, legal)
            if p == LEARNER:
                if a.card == WIZARD:
                    seen["wizard"] = True
                if a.card == JESTER:
                    seen["jester"] = True
                led = state.led_suit()
                if led and len({x[0] for x in hand if x not in (WIZARD, JESTER)}) > 1 and \
                        any(x[0] == led for x in hand if x not in (WIZARD, JESTER)):
                    seen["follow"] = True
        if show:
            out(f"r{state.round_no} {state.phase} P{p} trump={state.trump} "
                  f"trick={state.trick} hand={state.hands[p]} -> {a}")
        if p == LEARNER:
            seen["learner"] += 1
        r = state.round_no
        tricks_before = list(state.tricks)
        state.apply(a)
        if state.phase != "bid" and state.round_no == r and state.trump and \
                state.tricks != tricks_before:
            last = state.round_tricks[-1] if state.round_tricks else ()
            cards = [c for _, c in last]
            if any(c[0] == state.trump for c in cards if c not in (WIZARD, JESTER)) and \
                    len({c[0] for c in cards if c not in (WIZARD, JESTER)}) > 1:
                seen["trumped"] = True
        if state.round_no != r:
            res = state.history[-1]
            if res.bids[LEARNER] == res.tricks[LEARNER]:
                seen["exact"] = seen["exact"] or r
    return seen


def _wizard_bid(state: Any, p: int) -> int:
    from cardtable.games.wizard.rules import WIZARD
    hand = state.hands[p]
    return sum(1 for c in hand if c == WIZARD or (c[0] == state.trump and int(c[1:]) >= 10)
               or (c not in ("N",) and c[1:].isdigit() and int(c[1:]) == 13))


def _wizard_learner_play(state: Any, legal: list[Action]) -> Action:
    return legal[0]


def good_wizard(s: dict[str, Any]) -> bool:
    return all(s[k] for k in ("wizard", "jester", "follow", "trumped", "exact")) and \
        8 <= s["learner"] <= 12


SEARCHES: dict[str, tuple[Callable[[int], dict[str, Any] | None],
                          Callable[[dict[str, Any]], bool]]] = {
    "cirno-basics": (lambda s: run_cirno(s, False), good_cirno_basics),
    "cirno-companions": (lambda s: run_cirno(s, True), good_cirno_companions),
    "wizard": (wizard_run, good_wizard),
}


def out(*parts: object) -> None:
    sys.stdout.write(" ".join(str(x) for x in parts) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("search", choices=sorted(SEARCHES))
    ap.add_argument("--seeds", type=int, default=2000)
    ap.add_argument("--show", type=int)
    args = ap.parse_args(argv)
    run, good = SEARCHES[args.search]
    if args.show is not None:
        if args.search.startswith("cirno"):
            out(run_cirno(args.show, args.search == "cirno-companions", show=True))
        else:
            out(wizard_run(args.show, show=True))
        return 0
    found = 0
    for seed in range(args.seeds):
        s = run(seed)
        if s is not None and good(s):
            out(seed, s)
            found += 1
            if found >= 10:
                break
    return 0


if __name__ == "__main__":
    sys.exit(main())
