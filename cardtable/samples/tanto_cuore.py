"""Tanto Cuore sample games (screenshots, tests): seeded `normal` moves through the host until a
person's decision that fits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.core.match import Match, Seat
from cardtable.core.rng import GameRng
from cardtable.host.samples import SAMPLE_NAMES, advance, agent_picks

GAME = "tanto_cuore"
Stop = Callable[[Any], bool]


def sample_match(seed: int, players: int = 3, stop: Stop | None = None, humans: int = 1,
                 max_moves: int = 3000, options: dict[str, Any] | None = None
                 ) -> Match | None:
    """A Tanto Cuore match with `humans` people (first) and computers, moved on by seeded
    `normal` moves until `stop(state)` holds on a person's decision (None if it never did;
    with stop None, played to the end)."""
    from cardtable.games import get_spec
    from cardtable.games.tanto_cuore.ai import AGENTS
    levels = ("normal", "hard", "easy")
    seats = [Seat(kind="human", name=SAMPLE_NAMES[i]) if i < humans else
             Seat(kind="ai", name=SAMPLE_NAMES[i], agent=levels[i % 3]) for i in range(players)]
    match = Match(get_spec(GAME), seed, players, options or {}, seats)
    agents = [AGENTS["normal"](seed * 7 + i) for i in range(players)]

    def fits() -> bool:
        state = match.state
        p = state.current_player()
        return stop is not None and p is not None and match.seats[p].kind == "human" \
            and stop(state)

    advance(match, agent_picks(agents, GameRng(seed)), until=fits, max_actions=max_moves)
    if match.state.is_terminal():
        return match if stop is None else None
    return match if fits() else None


def find(seed: int, stop: Stop, players: int = 3) -> Match:
    for s in range(seed, seed + 200):
        m = sample_match(s, players, stop)
        if m is not None:
            return m
    raise RuntimeError("no sample state found")


def town(seed: int | None = None) -> Match:
    return find(seed or 4, lambda s: s.phase == "serve" and s.turn_no >= 24 and
                len(s.legal_actions()) >= 3 and s.privates[0] and s.play[0]
                and len({m[0] for m in s.chambers[0]}) >= 2)


def choice(seed: int | None = None) -> Match:
    return find(seed or 2, lambda s: s.phase in ("esquine", "natsumi_self", "sainsbury",
                                                "eliza_decide", "nord_target",
                                                "claire_reaction")
                and s.turn_no >= 8)


def finished(seed: int | None = None) -> Match:
    m = sample_match(seed or 15, 3)
    assert m is not None
    return m


def employ(seed: int | None = None) -> Match:
    """A person's employ phase with four or more choices (the hint sample)."""
    return find(seed or 4, lambda s: s.phase == "employ" and s.turn_no >= 12
                and len(s.legal_actions()) >= 4)
