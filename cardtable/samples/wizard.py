"""Wizard sample games (screenshots, tests): random legal moves through the host until the
person's decision fits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.core.match import Match, Seat
from cardtable.core.rng import GameRng
from cardtable.host.samples import SAMPLE_NAMES, advance, random_picks

GAME = "wizard"
Stop = Callable[[Any], bool]


def sample_match(seed: int, options: dict[str, Any] | None = None, players: int = 4,
                 stop: Stop | None = None, max_moves: int = 4000) -> Match | None:
    """A Wizard match with one person (seat 0) and computers, moved on by random legal moves
    until `stop(state)` holds on the person's decision (None when no such point came)."""
    from cardtable.games import get_spec
    names = (*SAMPLE_NAMES, "阿福", "小雯")
    levels = ("normal", "hard", "easy", "normal", "hard")
    seats = [Seat(kind="human", name=names[0])] + [
        Seat(kind="ai", name=names[i], agent=levels[i - 1]) for i in range(1, players)]
    match = Match(get_spec(GAME), seed, players, options or {}, seats)

    def fits() -> bool:
        state = match.state
        return stop is not None and state.current_player() == 0 and stop(state)

    advance(match, random_picks(GameRng(seed)), until=fits, max_actions=max_moves)
    if match.state.is_terminal():
        return match if stop is None else None
    return match if fits() else None


def find(seed: int, options: dict[str, Any] | None, stop: Stop, players: int = 4) -> Match:
    for s in range(seed, seed + 400):
        m = sample_match(s, options, players, stop)
        if m is not None:
            return m
    raise RuntimeError("no sample state found")


SAMPLES: dict[str, tuple[int, dict[str, Any], Stop]] = {
    "wizard_trick": (11, {}, lambda s: s.round_no >= 5 and s.phase == "play"
                     and len(s.trick) == 2 and s.trump is not None),
    "wizard_trump": (3, {}, lambda s: s.phase == "trump" and s.round_no >= 3),
    "wizard_forehead": (5, {"forehead": True}, lambda s: s.round_no == 1 and s.phase == "bid"
                        and any(b is not None for b in s.bids)),
    "wizard_hidden": (5, {"secret_bids": True},  # WIZ-V2: never with ±1
                      lambda s: s.round_no >= 4 and s.phase == "bid" and sum(
                          b is not None for b in s.bids) == s.num_players - 1),
    # WIZ-V1 single colour, suits chosen at setup (not seat order): each plate shows its own
    "wizard_single_colour": (7, {"single_colour": True, "colours": ["g", "y", "r", "b"]},
                             lambda s: s.round_no >= 3 and s.phase == "play"
                             and len(s.trick) == 2),
    "wizard_round": (7, {}, lambda s: s.round_no >= 4 and s.phase == "bid"
                     and all(b is None for b in s.bids)),
    "wizard_hint": (11, {}, lambda s: (s.round_no >= 5 and s.phase == "play" and len(s.trick) == 1
                                       # a Wizard or Jester led: no contest
                                       and s.trick[0][1] not in ("Z", "N")
                                       and s.trump is not None and (s.bids[0] or 0) > s.tricks[0]
                                       and len(s.legal_actions()) >= 3)),
    "wizard_bid_hint": (11, {}, lambda s: s.round_no >= 4 and s.phase == "bid"
                        and s.trump is not None),
}


def sample(name: str, seed: int | None = None) -> Match:
    """The named sample state (`SAMPLES`)."""
    default, options, stop = SAMPLES[name]
    return find(seed or default, options, stop)


def last_round(match: Match) -> dict[str, Any]:
    """The data of the round just scored (the round dialog's), from the game's history."""
    last = match.state.history[-1]  # type: ignore[attr-defined]
    return {"round": last.round_no, "dealer": last.dealer, "cards": last.cards,
            "trump": last.trump, "bids": list(last.bids), "tricks": list(last.tricks),
            "deltas": list(last.deltas), "totals": list(last.totals)}


def finished(seed: int | None = None) -> Match:
    m = sample_match(seed or 7, {}, 4)
    assert m is not None
    return m
