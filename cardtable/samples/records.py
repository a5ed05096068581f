"""Sample records and statistics (screenshots, tests): finished games written into a folder of
the caller's (never the person's own), played through the host by seeded random moves."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from cardtable.core.match import Match, Seat
from cardtable.core.rng import GameRng
from cardtable.host.samples import SAMPLE_NAMES, advance, random_picks


def _played(game: str, seed: int, players: int, seats: list[Seat], rng: GameRng,
            options: dict[str, Any] | None = None) -> Match:
    from cardtable.games import get_spec
    match = Match(get_spec(game), seed, players, options or {}, seats)
    advance(match, random_picks(rng))
    return match


def sample_records(folder: Path, seed: int) -> list[Path]:
    """A few finished games written as records into `folder`."""
    from cardtable.history.records import save_finished
    from cardtable.samples.cirno import finished_match
    out = [save_finished(finished_match(seed), folder)]
    rng = GameRng(seed)
    seats = [Seat(kind="human", name=SAMPLE_NAMES[0]),
             Seat(kind="ai", name=SAMPLE_NAMES[1], agent="hard"),
             Seat(kind="ai", name=SAMPLE_NAMES[2], agent="easy")]
    variant = {"plus_minus_one": True, "bid_order": "left_of_dealer"}  # (shown in the list)
    out.append(save_finished(_played("wizard", seed, 3, seats, rng, variant), folder))
    # a full table of eight: the list row cuts the names short
    seats = [Seat(kind="human", name=SAMPLE_NAMES[0])] + [
        Seat(kind="ai", name=SAMPLE_NAMES[k], agent="normal") for k in range(1, 8)]
    out.append(save_finished(_played("cirno", seed + 1, 8, seats, rng), folder))
    return out


def fill_sample_stats(path: Path, seed: int, games: int = 24) -> Path:
    """A statistics database at `path` filled with random Wizard and Cirno games, one per day:
    a person in seat 0 against computers, and (the last sixth) a hot-seat game of two people;
    some in variants (Cirno's advanced game, Wizard's +-1 or hidden bids)."""
    from cardtable.history.stats import StatsDB
    start = datetime(2026, 10, 1, 20, 0, tzinfo=UTC)
    levels = ("easy", "normal", "hard")
    with StatsDB(path) as db:
        for i in range(games):
            game = "wizard" if i % 3 else "cirno"
            players = 3 if game == "wizard" else 4
            level = levels[i % 3] if i < games // 2 else levels[(i // 4) % 3]
            humans = 2 if i >= games - games // 6 else 1
            seats = [Seat(kind="human", name=SAMPLE_NAMES[k]) for k in range(humans)] + [
                Seat(kind="ai", name=SAMPLE_NAMES[k], agent=level)
                for k in range(humans, players)]
            options = ({"advanced": True} if game == "cirno" and i % 2 else
                       {"plus_minus_one": True} if game == "wizard" and i % 4 == 3 else
                       {"hidden_bids": True} if game == "wizard" and i % 4 == 1 else {})
            match = _played(game, seed * 1000 + i, players, seats, GameRng(seed * 1000 + i),
                            options)
            when = (start + timedelta(days=i, minutes=17 * i)).isoformat(timespec="seconds")
            db.record_match(match, finished_at=when)
    return path


def sample_stats_report(seed: int, games: int = 24) -> dict[str, Any]:
    """The report of a `fill_sample_stats` database (made in a temporary folder, removed)."""
    import tempfile

    from cardtable.history.stats import StatsDB
    with tempfile.TemporaryDirectory(prefix="cardtable-stats-sample-") as folder:
        path = fill_sample_stats(Path(folder) / "stats.sqlite3", seed, games)
        with StatsDB(path) as db:
            return db.report(history_limit=200)
