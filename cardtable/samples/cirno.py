"""Cirno sample games (screenshots, tests): a match a few moves in, one just after a round,
one finished — moved on by seeded random legal moves through the host."""

from __future__ import annotations

from typing import Any

from cardtable.core.match import Match
from cardtable.core.rng import GameRng
from cardtable.host.samples import advance, named_seats, random_picks

LEVELS = ("easy", "normal", "hard")


def sample_match(seed: int = 7, moves: int = 14, humans: int = 1, players: int = 4,
                 options: dict[str, Any] | None = None, to_human: bool = True) -> Match:
    """A Cirno match `moves` random legal moves in, then (`to_human`) on to a person's turn."""
    from cardtable.games import get_spec
    match = Match(get_spec("cirno"), seed, players,
                  {"advanced": True} if options is None else options,
                  named_seats(players, humans, LEVELS))
    picks = random_picks(GameRng(seed))
    advance(match, picks, max_actions=moves)
    if to_human:
        def persons_turn() -> bool:
            p = match.state.current_player()
            return p is not None and match.seats[p].kind == "human"
        advance(match, picks, until=persons_turn)
    return match


def finished_match(seed: int = 7) -> Match:
    """A game of computers, played to the end."""
    match = sample_match(seed, moves=0, humans=0, options={})
    advance(match, random_picks(GameRng(seed)))
    return match


def round_end_match(seed: int = 7) -> tuple[Match, int, int]:
    """A match (one person) just after a round ended and before the game did: (match, the
    round, its loser)."""
    while True:
        match = sample_match(seed, moves=0, humans=1, options={}, to_human=False)
        ended: list[dict[str, Any]] = []

        def heard(events: list[Any], ended: list[dict[str, Any]] = ended) -> None:
            ended.extend(e.data for e in events if e.kind == "round_ended")

        advance(match, random_picks(GameRng(seed)), until=lambda ended=ended: bool(ended),
                on_events=heard)
        if ended and not match.state.is_terminal():
            return match, ended[0]["round"], ended[0]["loser"]
        seed += 1


def hint_match(seed: int = 80) -> Match:
    """A person's play with at least three cards to choose from, the total 5 or more."""
    for s in range(seed, seed + 200):
        match = sample_match(s, 30, options={})
        st = match.state
        plays = [a for a in st.legal_actions() if a.kind == "play"]
        if st.phase == "play" and len(plays) >= 3 and st.total >= 5:
            return match
    return match
