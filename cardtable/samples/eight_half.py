"""8½ sample games (screenshots, tests): a match moved on by seeded `normal` moves, through
the host, until a representative moment."""

from __future__ import annotations

from typing import Any

from cardtable.core.match import Match, Seat
from cardtable.core.rng import GameRng
from cardtable.host.samples import advance, agent_picks

GAME = "eight_half"
SAMPLE_NAMES = ("小櫻", "阿哲", "美玲", "大熊", "小芸", "阿凱")


def _fits(kind: str, match: Match) -> bool:
    st: Any = match.state
    if kind == "results":
        return bool(st.is_terminal())
    if st.is_terminal() or st.current_player() != 0:
        return False
    legal = st.legal_actions()
    if kind == "wanted":  # a half value, a wanted player and a catch on offer
        return (st.wanted is not None and st.value2 % 2 == 1 and len(st.pile) >= 3
                and not st.reached[0] and len(st.bank[0]) >= 3
                and any(a.kind == "catch" for a in legal) and sum(st.hand[0]) >= 3)
    if kind == "table_cards":  # the human plays their table cards
        opens = sum(c is not None for c in st.open[0])
        return bool(st.reached[0] and not any(st.hand[0]) and 1 <= opens <= 2
                    and any(a.kind == "play_open" for a in legal) and len(st.pile) >= 2)
    if kind == "swap":
        return bool(st.phase == "swap")
    return False


def sample_match(kind: str, seed: int = 1, players: int = 4) -> tuple[Match, dict[str, Any]]:
    """A match (seat 0 a person, the others computers) played by seeded `normal` moves until a
    state of `kind` occurs: "wanted", "table_cards", "swap", "deal" (just after a deal was
    scored) or "results" (the match is over). Returns the match and the last deal_scored
    data."""
    from cardtable.games import get_spec
    from cardtable.games.eight_half.ai import AGENTS
    spec = get_spec(GAME)
    seats = [Seat(kind="human", name=SAMPLE_NAMES[0])] + [
        Seat(kind="ai", name=SAMPLE_NAMES[i], agent=("easy", "normal", "hard")[i % 3])
        for i in range(1, players)]
    for s in range(seed, seed + 400):
        opts = {"deals": 2} if kind in ("swap", "deal", "results") else {}
        match = Match(spec, s, players, opts, seats)
        agents = [AGENTS["normal"](s * 7 + i) for i in range(players)]
        deal: dict[str, Any] = {}
        found: list[bool] = []

        def heard(events: list[Any], match: Match = match, deal: dict[str, Any] = deal,
                  found: list[bool] = found) -> None:
            scored = [e.data for e in events if e.kind == "deal_scored"]
            if scored:
                deal.clear()
                deal.update(scored[-1])
                if kind == "deal" and not match.state.is_terminal():
                    found.append(True)

        def stop(match: Match = match, found: list[bool] = found) -> bool:
            return bool(found) or _fits(kind, match)

        advance(match, agent_picks(agents, GameRng(s)), until=stop, max_actions=4000,
                on_events=heard)
        if found or _fits(kind, match):
            return match, deal
    raise RuntimeError(f"no sample state {kind!r} found")
