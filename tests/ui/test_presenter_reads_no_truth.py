"""No module under cardtable/ui reaches the true state, the unredacted log, the record's seed or
the match (issue 30): the UI is given links, updates and views. Read from the source (every
attribute and name used), and the check is shown to catch each kind of reach."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[2] / "cardtable" / "ui"

# attributes only the game behind a table has (a Match, a host, a game state)
FORBIDDEN_ATTRS = frozenset({
    "state",            # match.state / host's state
    "log",              # match.log, the unredacted event log
    "events_for",       # match.events_for: redaction done by whoever holds the match
    "history",          # match.history: the actions taken (a view says what it shows)
    "seed",             # match.seed decides every hidden card
    "match", "_match",  # a match held or reached
    "_host", "_LocalLink__host", "_full",  # a host behind a link or a feed
})
# what is not the game's: the command line's own --seed, the rounds a Wizard view lists
ALLOWED = frozenset({("ns", "seed"), ("view", "history"), ("v", "history")})  # a view's own
FORBIDDEN_NAMES = frozenset({"Match", "MatchHost", "GameState", "Replayer"})


def reaches(source: str) -> list[str]:
    """Every place in `source` that reaches the game behind a table."""
    out: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRS:
            base = node.value.id if isinstance(node.value, ast.Name) else None
            if (base, node.attr) not in ALLOWED:
                out.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
            out.append(f"line {node.lineno}: {node.id}")
        elif isinstance(node, ast.ImportFrom) and node.module in (
                "cardtable.core.match", "cardtable.host.host", "cardtable.history.replay"):
            names = {a.name for a in node.names} - {"Seat", "RECORD_VERSION", "MatchRecord",
                                                    "NAME_MAX_LEN"}
            if names:
                out.append(f"line {node.lineno}: from {node.module} import {sorted(names)}")
    return out


def test_no_ui_module_reaches_the_game_behind_the_table() -> None:
    found = {str(p.relative_to(UI)): got for p in sorted(UI.rglob("*.py"))
             if (got := reaches(p.read_text(encoding="utf-8")))}
    assert found == {}


@pytest.mark.parametrize("source", [
    "x = table.match.state",
    "for e in self.match.log: pass",
    "v = link._LocalLink__host",
    "rng = Random(match.seed)",
    "from cardtable.core.match import Match",
    "def f(m: MatchHost) -> None: ...",
    "self.match.submit(a)",
    "n = len(m.history)",
])
def test_the_check_catches_a_reach(source: str) -> None:
    assert reaches(source)


def test_the_check_lets_the_presenters_own_words_pass() -> None:
    assert reaches("table.view().hand; link.poll(True); ns.seed; log.debug('x')") == []
