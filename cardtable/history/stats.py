"""Statistics of finished games in SQLite (stdlib `sqlite3`), for the stats scene and
`cardtable stats`.

The file is `<user data>/stats.sqlite3`. Its schema is versioned with `PRAGMA user_version`:

- v1 (the first release): one row per game for one human seat
  `games(id, finished_at, game_id, players, human_seat, opponents, won, score)`.
- v2 (now): `games` (one row per finished game), `seats` (who sat where: kind, name, agent,
  score, result = share of the win) and `metrics` (the game's own figures per seat, from
  `SPEC.metrics(state)`). `migrate_v1_to_v2` converts a v1 file in one transaction.

Only games with at least one human seat are counted (an AI-only demo is not "your" game).
Figures are per human seat, grouped by game and *opponents*: the sorted, distinct AI levels of
the other seats and the other people by name, joined with "+", e.g. "hard", "easy+hard" or
"hard+human:小美" (`opponent_list` gives the same as parts, for the screen). A win is a game
where the seat is among the winners (ties count as wins; `win_share` adds the 1/k of a k-way tie
instead).

Each game's own figures (`figures` of a summary row) are aggregated as `FIGURES` says, so a
figure means what its label says over all the games counted:

- "games": a yes/no per game (a hint used): the number of games with it, `count` of `of` games
  ("2 局中用過 1 局"), never the fraction shown as a number of games;
- "pooled": a rate per round (or deal) pooled over every round of every game: the Wizard bid
  accuracy is exact bids / rounds, the mean points per round total points / rounds (not the
  mean of each game's rate); `count` and `of` are the numerator and the rounds;
- "per_game": a mean over the games (companion cards taken in a game).

Every figure says which way is better (`better`: "higher", "lower" or None for a plain record
such as the rounds a game lasted); so does each game's score (`SCORE_BETTER`: in Cirno's game
the score is the companion cards taken, lower is better).

`variant` (see `cardtable.history.variants`) filters the games by the options they were played
with: None every game, "standard" the standard rules only, else one exact set of options.

A file that is not a database, fails `PRAGMA quick_check`, has an unknown (newer) schema, or
claims the current schema without its tables and columns is moved aside as
`<name>.corrupt-<timestamp>` (its journal files with it) and a fresh database started;
`StatsDB.notice` then holds a message key for a one-line notice.

A database another program holds locked (SQLITE_BUSY / SQLITE_LOCKED after `BUSY_TIMEOUT`
seconds of retrying) is NOT corrupt: it is left alone. `StatsDB` then reads as empty with the
notice `BUSY_KEY`, and writing to it raises `StatsBusyError`.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cardtable import paths
from cardtable.core.match import Match, Seat
from cardtable.history import variants
from cardtable.persist import move_aside

log = logging.getLogger(__name__)

STATS_FILE = "stats.sqlite3"
SCHEMA_VERSION = 2
CORRUPT_KEY = "history.notice.stats_corrupt"
NEWER_KEY = "history.notice.stats_newer"
BUSY_KEY = "history.notice.stats_busy"
READ_ONLY_KEY = "history.notice.stats_read_only"
BUSY_TIMEOUT = 5.0  # seconds sqlite retries a locked database before giving up
_BUSY_CODES = (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED (primary codes)
_READONLY_CODE = 8  # SQLITE_READONLY

SCHEMA_V1 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    finished_at TEXT NOT NULL,
    game_id TEXT NOT NULL,
    players INTEGER NOT NULL,
    human_seat INTEGER NOT NULL,
    opponents TEXT NOT NULL,
    won INTEGER NOT NULL,
    score REAL NOT NULL
);
"""

SCHEMA_V2 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    finished_at TEXT NOT NULL,
    game_id TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER,
    options TEXT NOT NULL DEFAULT '{}',
    actions INTEGER,
    record_path TEXT
);
CREATE INDEX games_by_game ON games (game_id, finished_at);
CREATE TABLE seats (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    agent TEXT NOT NULL DEFAULT '',
    score REAL,
    result REAL,
    PRIMARY KEY (game, seat)
);
CREATE TABLE metrics (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    value REAL NOT NULL,
    PRIMARY KEY (game, seat, name)
);
"""


# ------------------------------------------------------------ how each figure reads
SCORE_BETTER = {"cirno": "lower"}  # every other game: a higher score is better


def score_better(game_id: str) -> str:
    return SCORE_BETTER.get(game_id, "higher")


def _from_metric(name: str) -> Any:
    return lambda row: row["metrics"].get(name)


def _companions_dealt(row: dict[str, Any]) -> float | None:
    """Cirno: the companion cards taken by the whole table (every seat's score)."""
    return row.get("table_score")


def _deals(row: dict[str, Any]) -> float | None:
    """8½: the deals of the game (a record before the metric: the deals a match of that
    many players has, unless it was played to target points)."""
    if "deals" in row["metrics"]:
        return row["metrics"]["deals"]
    options = row.get("options") or {}
    if options.get("target_points"):
        return None
    return float(options.get("deals") or row["players"])


# name -> (kind, weight (pooled), better, shown as a percentage)
FIGURES: dict[str, tuple[str, Any, str | None, bool]] = {
    "assist_hint": ("games", None, "lower", False),
    "assist_undo": ("games", None, "lower", False),
    "bid_accuracy": ("pooled", _from_metric("rounds"), "higher", True),
    "mean_round_score": ("pooled", _from_metric("rounds"), "higher", False),
    "companion_share": ("pooled", _companions_dealt, "lower", True),
    "companions_taken": ("per_game", None, "lower", False),
    "companions_used": ("per_game", None, None, False),
    "mean_cards_taken": ("pooled", _deals, "lower", False),
    "mean_vp": ("per_game", None, "higher", False),
    "mean_turns": ("per_game", None, None, False),
    "chambermaids": ("per_game", None, None, False),
    "chambermaids_crescent": ("per_game", None, None, False),
    "chambermaids_safran": ("per_game", None, None, False),
    "chambermaids_colette": ("per_game", None, None, False),
    "rounds": ("per_game", None, None, False),
    "deals": ("per_game", None, None, False),
}
# the order a game's figures are listed in: the ones people judge their play by first
FIGURE_ORDER = ("bid_accuracy", "mean_round_score", "companions_taken", "companion_share",
                "companions_used", "mean_cards_taken", "mean_vp", "chambermaids",
                "chambermaids_crescent", "chambermaids_safran", "chambermaids_colette",
                "mean_turns", "rounds", "deals", "assist_hint", "assist_undo")


def figure(name: str, rows: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """One game figure over `rows` (human seats of counted games), as `FIGURES` says; None
    when no row has it. A metric not in `FIGURES` is a mean per game, no better direction."""
    have = [r for r in rows if name in r["metrics"]]
    if not have:
        return None
    kind, weight, better, pct = FIGURES.get(name, ("per_game", None, None, False))
    values = [r["metrics"][name] for r in have]
    out: dict[str, Any] = {"name": name, "kind": kind, "better": better, "pct": pct,
                           "of": len(have)}
    if kind == "games":
        count = sum(1 for v in values if v > 0)
        out.update(value=count, count=count)
        return out
    if kind == "pooled":
        weights = [weight(r) for r in have]
        if all(w is not None for w in weights) and sum(weights) > 0:
            total = sum(weights)
            part = sum(v * w for v, w in zip(values, weights, strict=True))
            out.update(value=part / total, count=round(part, 6), of=round(total, 6))
            return out
        out["kind"] = "per_game"  # (a row without its rounds: the mean of the games)
    out.update(value=sum(values) / len(values), count=None)
    return out


def figures(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    names = {k for r in rows for k in r["metrics"]}
    order = [n for n in FIGURE_ORDER if n in names] + sorted(names - set(FIGURE_ORDER))
    return [f for f in (figure(n, rows) for n in order) if f is not None]


def stats_path() -> Path:
    return paths.user_data_dir() / STATS_FILE


def create_v1(path: Path) -> sqlite3.Connection:
    """A database in the old v1 layout (for migration tests and tools)."""
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA_V1)
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    return conn


def migrate_v1_to_v2(conn: sqlite3.Connection) -> None:
    """Rewrite the v1 table into the v2 tables, in one transaction (caller commits)."""
    old = conn.execute("SELECT id, finished_at, game_id, players, human_seat, opponents, won, "
                       "score FROM games ORDER BY id").fetchall()
    conn.execute("ALTER TABLE games RENAME TO games_v1")
    for statement in SCHEMA_V2.split(";"):
        if statement.strip():
            conn.execute(statement)
    for gid, finished_at, game_id, players, human, opponents, won, score in old:
        conn.execute("INSERT INTO games (id, finished_at, game_id, players) VALUES (?, ?, ?, ?)",
                     (gid, finished_at, game_id, players))
        others = [o for o in (opponents or "").split(",") if o]
        other_seats = [s for s in range(players) if s != human]
        for seat in range(players):
            if seat == human:
                conn.execute("INSERT INTO seats (game, seat, kind, score, result) "
                             "VALUES (?, ?, 'human', ?, ?)", (gid, seat, score, float(won)))
                continue
            idx = other_seats.index(seat)
            agent = others[idx] if idx < len(others) else ""
            kind = "human" if agent == "human" else "ai"
            conn.execute("INSERT INTO seats (game, seat, kind, agent) VALUES (?, ?, ?, ?)",
                         (gid, seat, kind, "" if kind == "human" else agent))
    conn.execute("DROP TABLE games_v1")
    conn.execute("PRAGMA user_version = 2")


MIGRATIONS = {1: migrate_v1_to_v2}


def _code(exc: BaseException) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def is_busy(exc: BaseException) -> bool:
    """Whether an sqlite error means "another connection holds the lock" (not corruption)."""
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    code = _code(exc)
    if code is not None:
        return code in _BUSY_CODES
    text = str(exc).lower()
    return "locked" in text or "busy" in text


class StatsBusyError(sqlite3.OperationalError):
    """The statistics database is locked by another program; nothing was written."""

    def __init__(self, path: Path, detail: str = "") -> None:
        super().__init__(f"the statistics database {path} is in use by another program"
                         + (f" ({detail})" if detail else ""))
        self.path = path


class StatsUnwritableError(sqlite3.OperationalError):
    """The statistics database cannot be written (read-only, or left alone as unusable)."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"the statistics database {path} cannot be written")
        self.path = path


def _schema_columns(schema: str) -> dict[str, set[str]]:
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(schema)
        return {t: {r[1] for r in conn.execute(f"PRAGMA table_info({t})")}
                for (t,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        conn.close()


REQUIRED_COLUMNS = {1: _schema_columns(SCHEMA_V1), 2: _schema_columns(SCHEMA_V2)}


def check_tables(conn: sqlite3.Connection, version: int) -> None:
    """Raise DatabaseError unless the tables and columns of schema `version` are all there."""
    want = REQUIRED_COLUMNS.get(version)
    if want is None:
        return
    for table, columns in want.items():
        have = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
        if not have:
            raise sqlite3.DatabaseError(f"schema v{version} without the table {table!r}")
        missing = columns - have
        if missing:
            raise sqlite3.DatabaseError(f"table {table!r} lacks {sorted(missing)}")


class StatsDB:
    """The statistics database. Use as a context manager or call `close()`."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else stats_path()
        self.notice: str | None = None
        self.busy = False  # another program holds the file: read as empty, writes refused
        self.writable = True  # False: busy, read-only or unmovable; record_result refuses
        self.conn = self._open()

    # ------------------------------------------------------------ opening and migrating
    def _open(self) -> sqlite3.Connection:
        try:
            return self._open_checked()
        except _Newer as exc:
            log.warning("stats database %s has schema %s (newer than %s): moved aside",
                        self.path, exc.version, SCHEMA_VERSION)
            self.notice = NEWER_KEY
        except sqlite3.DatabaseError as exc:
            if is_busy(exc):
                log.warning("stats database %s is locked by another program: %s", self.path, exc)
                return self._open_empty(BUSY_KEY, busy=True)
            if _code(exc) == _READONLY_CODE:
                return self._open_read_only(exc)
            log.warning("stats database %s is corrupt (%s): moved aside", self.path, exc)
            self.notice = CORRUPT_KEY
        for suffix in ("-journal", "-wal", "-shm"):  # kept beside the file they belong to
            side = Path(f"{self.path}{suffix}")
            if side.exists():
                move_aside(side)
        if self.path.exists() and move_aside(self.path) is None:
            # it cannot even be moved (a read-only folder): leave it, count nothing this time
            return self._open_empty(self.notice or CORRUPT_KEY)
        return self._open_checked()

    def _open_empty(self, notice: str, busy: bool = False) -> sqlite3.Connection:
        """Leave the file alone: read as an empty database, say why, refuse writes."""
        self.notice = notice
        self.busy = busy
        self.writable = False
        conn = sqlite3.connect(":memory:", isolation_level=None)
        conn.executescript(SCHEMA_V2)
        return conn

    def _open_read_only(self, exc: sqlite3.Error) -> sqlite3.Connection:
        """A file the app may read but not write (read-only disk or file): show its figures,
        count no new game (`record_result` raises StatsUnwritableError)."""
        log.warning("stats database %s is read-only: %s", self.path, exc)
        try:
            conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True,
                                   isolation_level=None, timeout=BUSY_TIMEOUT)
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version != SCHEMA_VERSION:
                conn.close()
                raise sqlite3.DatabaseError(f"read-only database at schema v{version}")
            check_tables(conn, version)
        except sqlite3.DatabaseError as again:
            log.warning("stats database %s cannot be read either: %s", self.path, again)
            return self._open_empty(READ_ONLY_KEY)
        self.notice = READ_ONLY_KEY
        self.writable = False
        return conn

    def _open_checked(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_TIMEOUT)
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"quick_check: {check}")
            if version > SCHEMA_VERSION:
                raise _Newer(version)
            tables = {r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if version == 0 and tables:
                raise sqlite3.DatabaseError(f"unversioned database with tables {sorted(tables)}")
            if version:
                check_tables(conn, version)
            conn.execute("BEGIN IMMEDIATE")
            try:
                if version == 0:
                    for statement in SCHEMA_V2.split(";"):
                        if statement.strip():
                            conn.execute(statement)
                    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                while version < SCHEMA_VERSION and version in MIGRATIONS:
                    log.info("migrating stats database %s from v%d", self.path, version)
                    MIGRATIONS[version](conn)
                    version = conn.execute("PRAGMA user_version").fetchone()[0]
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            return conn
        except BaseException:
            conn.close()
            raise

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> StatsDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ writing
    def record_match(self, match: Match, record_path: Path | str | None = None,
                     finished_at: str | None = None) -> int | None:
        """Count a finished match; returns its row id (None: unfinished or no human seat)."""
        state = match.state
        if not state.is_terminal():
            return None
        metrics = [dict(m) for m in match.spec.metrics(state)]
        for seat, s in enumerate(match.seats):  # help the people had, per person
            if s.kind == "human" and seat < len(metrics):
                metrics[seat]["assist_undo"] = float(match.assisted("undo", seat))
                metrics[seat]["assist_hint"] = float(match.assisted("hint", seat))
        return self.record_result(
            match.spec.id, match.seats, state.scores(), state.returns(),
            metrics, seed=match.seed, options=match.options.model_dump(),
            actions=len(match.history), record_path=record_path, finished_at=finished_at)

    def record_result(self, game_id: str, seats: Sequence[Seat], scores: Sequence[float],
                      returns: Sequence[float], metrics: Sequence[dict[str, float]], *,
                      seed: int | None = None, options: dict[str, Any] | None = None,
                      actions: int | None = None, record_path: Path | str | None = None,
                      finished_at: str | None = None) -> int | None:
        if not any(s.kind == "human" for s in seats):
            return None
        if self.busy:
            raise StatsBusyError(self.path)
        if not self.writable:
            raise StatsUnwritableError(self.path)
        when = finished_at or datetime.now(UTC).isoformat(timespec="seconds")
        conn = self.conn
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if is_busy(exc):
                raise StatsBusyError(self.path, str(exc)) from None
            raise
        try:
            cur = conn.execute(
                "INSERT INTO games (finished_at, game_id, players, seed, options, actions, "
                "record_path) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (when, game_id, len(seats), seed, json.dumps(options or {}, sort_keys=True),
                 actions, None if record_path is None else str(record_path)))
            row = cur.lastrowid
            for seat, s in enumerate(seats):
                conn.execute("INSERT INTO seats (game, seat, kind, name, agent, score, result) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?)",
                             (row, seat, s.kind, s.name, s.agent if s.kind == "ai" else "",
                              float(scores[seat]), float(returns[seat])))
                for name, value in (metrics[seat] if seat < len(metrics) else {}).items():
                    conn.execute("INSERT INTO metrics (game, seat, name, value) "
                                 "VALUES (?, ?, ?, ?)", (row, seat, name, float(value)))
            conn.execute("COMMIT")
        except BaseException as exc:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.OperationalError) and _code(exc) == _READONLY_CODE:
                raise StatsUnwritableError(self.path) from None
            raise
        return row

    # ------------------------------------------------------------ reading
    def _human_rows(self, game_id: str | None = None, player: str | None = None,
                    variant: str | None = None) -> list[dict[str, Any]]:
        """One dict per human seat of every counted game (of `variant`: None every one),
        oldest first."""
        where, args = "", []
        if game_id is not None:
            where = "WHERE g.game_id = ?"
            args.append(game_id)
        games = self.conn.execute(
            "SELECT g.id, g.finished_at, g.game_id, g.players, g.record_path, g.options "
            f"FROM games g {where} ORDER BY g.finished_at, g.id", args).fetchall()
        seats: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
        for g, seat, kind, name, *rest in self.conn.execute(
                "SELECT game, seat, kind, name, agent, score, result FROM seats "
                "ORDER BY game, seat"):
            seats[g].append((seat, kind, filed_name(kind, name, seat), *rest))
        metrics: dict[tuple[int, int], dict[str, float]] = defaultdict(dict)
        for g, seat, name, value in self.conn.execute(
                "SELECT game, seat, name, value FROM metrics"):
            metrics[(g, seat)][name] = value
        rows: list[dict[str, Any]] = []
        for gid, finished_at, game, players, record_path, options_json in games:
            options = _options(options_json)
            played = variants.variant_id(game, options)
            if variant is not None and played != variant:
                continue
            table = seats.get(gid, [])
            table_score = sum(r[4] for r in table if r[4] is not None)
            for seat, kind, name, _agent, score, result in table:
                if kind != "human" or (player is not None and name != player):
                    continue
                rows.append({
                    "id": gid, "finished_at": finished_at, "game": game, "players": players,
                    "seat": seat, "name": name, "score": score, "result": result,
                    "won": result is not None and result > 0,
                    "opponents": opponent_kind(table, seat),
                    "opponent_list": opponent_list(table, seat),
                    "metrics": metrics.get((gid, seat), {}),
                    "record_path": record_path,
                    "options": options, "variant": played,
                    "table_score": table_score,
                })
        return rows

    def summary(self, game_id: str | None = None, player: str | None = None,
                variant: str | None = None) -> list[dict[str, Any]]:
        """Per (game, opponents): games, wins, win_rate, win_share, mean_score (with the
        game's `score_better`) and the game's own `figures` (see the module docstring); plus
        one row per game with opponents "all"."""
        groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
        parts: dict[str, list[dict[str, str]]] = {"all": []}
        for row in self._human_rows(game_id, player, variant):
            groups[(row["game"], row["opponents"])].append(row)
            groups[(row["game"], "all")].append(row)
            parts[row["opponents"]] = row["opponent_list"]
        out = []
        for (game, opponents), rows in sorted(groups.items()):
            n = len(rows)
            wins = sum(1 for r in rows if r["won"])
            scores = [r["score"] for r in rows if r["score"] is not None]
            out.append({
                "game": game, "opponents": opponents, "opponent_list": parts[opponents],
                "games": n, "wins": wins,
                "win_rate": wins / n,
                "win_share": sum(r["result"] or 0.0 for r in rows) / n,
                "mean_score": sum(scores) / len(scores) if scores else None,
                "score_better": score_better(game),
                "figures": figures(rows),
            })
        return out

    def variants(self, game_id: str | None = None, player: str | None = None
                 ) -> dict[str, list[dict[str, Any]]]:
        """Per game, the variants its counted games were played in, with how many (most
        first; the standard rules first among equals)."""
        counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        for row in self._human_rows(game_id, player):
            counts[row["game"]][row["variant"]] += 1
        return {game: [{"variant": v, "games": n} for v, n in sorted(
                    per.items(), key=lambda x: (-x[1], x[0] != variants.STANDARD, x[0]))]
                for game, per in sorted(counts.items())}

    def history(self, limit: int | None = 50, game_id: str | None = None,
                player: str | None = None, variant: str | None = None
                ) -> list[dict[str, Any]]:
        """The latest counted games (one row per human seat), newest first."""
        rows = list(reversed(self._human_rows(game_id, player, variant)))
        return rows if limit is None else rows[:limit]

    def win_rate_series(self, game_id: str, opponents: str | None = None,
                        player: str | None = None, variant: str | None = None
                        ) -> list[dict[str, Any]]:
        """Cumulative win rate after each game, oldest first (for the win-rate chart)."""
        out = []
        wins = 0
        rows = [r for r in self._human_rows(game_id, player, variant)
                if opponents in (None, "all") or r["opponents"] == opponents]
        for i, r in enumerate(rows, start=1):
            wins += 1 if r["won"] else 0
            out.append({"n": i, "finished_at": r["finished_at"], "won": r["won"],
                        "win_rate": wins / i})
        return out

    def score_distribution(self, game_id: str, bins: int = 10, player: str | None = None,
                           variant: str | None = None) -> dict[str, Any]:
        """Histogram of the human seats' final scores: `edges` (bins + 1) and `counts`."""
        scores = sorted(r["score"] for r in self._human_rows(game_id, player, variant)
                        if r["score"] is not None)
        if not scores:
            return {"edges": [], "counts": [], "scores": []}
        lo, hi = scores[0], scores[-1]
        if hi == lo:
            return {"edges": [lo, hi], "counts": [len(scores)], "scores": scores}
        bins = max(1, bins)
        width = (hi - lo) / bins
        counts = [0] * bins
        for s in scores:
            counts[min(bins - 1, int((s - lo) / width))] += 1
        return {"edges": [lo + i * width for i in range(bins + 1)], "counts": counts,
                "scores": scores}

    def players(self) -> list[dict[str, Any]]:
        """The names people played under (human seats; a seat left unnamed under the name
        the table showed it by, `filed_name`) with how many counted games each, most games
        first."""
        games: dict[str, set[int]] = defaultdict(set)
        for game, seat, name in self.conn.execute(
                "SELECT game, seat, name FROM seats WHERE kind = 'human'"):
            games[filed_name("human", name, seat)].add(game)
        return [{"name": name, "games": len(ids)}
                for name, ids in sorted(games.items(), key=lambda kv: (-len(kv[1]), kv[0]))]

    def report(self, game_id: str | None = None, history_limit: int = 20,
               player: str | None = None, variant: str | None = None) -> dict[str, Any]:
        """Everything `cardtable stats --json` prints (and the stats scene draws); `player`
        keeps only the human seats played under that name (None: every human seat),
        `variant` only the games of that variant (None: every game; `variants` lists the
        variants there are, whatever the filter)."""
        games = sorted({r["game"] for r in self._human_rows(game_id, player, variant)})
        return {
            "database": str(self.path),
            "schema_version": SCHEMA_VERSION,
            "notice": self.notice,
            "players": self.players(),
            "player": player,
            "variant": variant,
            "variants": self.variants(game_id, player),
            "score_better": {g: score_better(g) for g in games},
            "summary": self.summary(game_id, player, variant),
            "history": [{k: v for k, v in r.items() if k not in ("options", "table_score")}
                        for r in self.history(history_limit, game_id, player, variant)],
            "charts": {g: {"win_rate": self.win_rate_series(g, player=player, variant=variant),
                           "scores": self.score_distribution(g, player=player,
                                                             variant=variant)}
                       for g in games},
        }


def filed_name(kind: str, name: str | None, seat: int) -> str:
    """The name a seat's games are filed under: its own, or for a person left unnamed the
    name the table showed (「玩家 1」 for the first seat), not a separate 「未命名」 (a play
    test: a default-named seat was found under 未命名, a name nobody saw at the table)."""
    if name or kind != "human":
        return name or ""
    from cardtable.i18n import tr
    return tr("ui.seat.player_default", n=seat + 1)


def opponent_list(table: Sequence[tuple[Any, ...]], seat: int) -> list[dict[str, str]]:
    """The opponents of `seat` from (seat, kind, name, agent, ...) rows of one game: each AI
    level once ({"kind": "ai", "agent": "hard"}), then each other person by name
    ({"kind": "human", "name": "小美"}; "" for a seat left unnamed)."""
    levels = sorted({agent or "ai" for s, kind, _name, agent, *_ in table
                     if s != seat and kind != "human"})
    people = sorted({name or "" for s, kind, name, *_ in table if s != seat and kind == "human"})
    return ([{"kind": "ai", "agent": a} for a in levels]
            + [{"kind": "human", "name": n} for n in people])


def opponent_kind(table: Sequence[tuple[Any, ...]], seat: int) -> str:
    """The opponents of `seat` as one key ("easy+hard", "hard+human:小美"; "human" for a
    person left unnamed), from (seat, kind, name, agent, ...) rows of one game."""
    parts = [p["agent"] if p["kind"] == "ai" else
             (f"human:{p['name']}" if p["name"] else "human")
             for p in opponent_list(table, seat)]
    return "+".join(parts) if parts else "none"


def _options(text: str | None) -> dict[str, Any]:
    try:
        value = json.loads(text or "{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


class _Newer(sqlite3.DatabaseError):
    def __init__(self, version: int) -> None:
        super().__init__(f"schema version {version} is newer than {SCHEMA_VERSION}")
        self.version = version
