"""Tanto Cuore's move log reads one line per decision (issue 33): a play test saw
「1 愛心：電腦 3 的奉仕區 → 電腦 3 的棄牌堆」 four times in a row, one line for each card an
opponent put away at the end of a turn. The game's describer folds each step's card moves: a
move the decision's own line says has no line, the Love cards played on entering the employ
phase are one line, a turn's end is one line (what was left in the hand, a reshuffle, the new
hand), other draws one line per run. The table log's lines stay as they are (both logs agree).
"""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from cardtable import i18n
from cardtable.core.events import PHASE_CHANGED, Msg, redact
from cardtable.core.match import Match, Seat
from cardtable.games import REGISTRY
from cardtable.history.describer import describer_for
from cardtable.history.movelog import format_line, log_entries

NAMES = ["小明", "電腦 2", "電腦 3", "電腦 4"]


def _game(seed: int, n: int, options: dict, steps: int | None = None,
          choices: int | None = None) -> Match:
    """A game of random choices (`choices` seeds them; the game's seed by default)."""
    match = Match(REGISTRY["tanto_cuore"], seed, n, options,
                  [Seat(kind="human", name=NAMES[i]) for i in range(n)])
    rng = random.Random(seed if choices is None else choices)
    while not match.state.is_terminal() and (steps is None or len(match.history) < steps):
        match.submit(rng.choice(match.state.legal_actions()))
    return match


def _games() -> list[Match]:
    return [_game(seed, 2 + seed % 3, {"private_maids": seed % 2 == 0}) for seed in range(8)]


@pytest.fixture(scope="module")
def games() -> list[Match]:
    return _games()


def test_no_step_lists_cards_moved_one_by_one(games: list[Match]) -> None:
    """After the opening, no line is a bare card move, and within a decision no line repeats
    the one before it (the flood was the same move line four times over)."""
    d = describer_for("tanto_cuore")
    for match in games:
        n = match.num_players
        for viewer in (None, 0, 1):
            entries = log_entries(match, viewer)
            moves = [d.render(e.msg, NAMES[:n]) for e in entries
                     if e.step is not None and e.msg.key.startswith("log.card_moved")]
            assert not moves, moves[:5]
            lines = [(e.step, d.render(e.msg, NAMES[:n])) for e in entries]
            repeats = [a for a, b in zip(lines, lines[1:], strict=False) if a == b]
            assert not repeats, repeats[:5]


def test_each_turn_end_is_one_line(games: list[Match]) -> None:
    """As many turn-end lines in each step as turns ended in it (the discard phase began),
    for every viewer; the cards played and the draws have no lines of their own there."""
    for match in games:
        ended: dict[int | None, int] = defaultdict(int)
        bounds = [*match.marks, len(match.log)]
        for step in range(len(match.marks)):
            for ev in match.log[bounds[step]:bounds[step + 1]]:
                if ev.kind == PHASE_CHANGED and ev.data.get("phase") == "discard":
                    ended[step] += 1
        for viewer in (None, 0):
            said: dict[int | None, int] = defaultdict(int)
            for e in log_entries(match, viewer):
                if e.msg.key.startswith("log.tanto_cuore.turn_end"):
                    said[e.step] += 1
            assert said == ended


def test_an_opponents_turn_end_reads_as_one_line_in_both_scripts() -> None:
    """The issue's game: 電腦 3 employs a 1 Love; its turn's end is one line naming the card
    left in its hand (public: it goes face up onto the discard pile) and the five drawn."""
    match = _game(5, 3, {}, steps=3, choices=1)
    d = describer_for("tanto_cuore")
    want = {"zh-TW": ["電腦 3 雇用了 1 愛心。",
                      "電腦 3 結束回合：手上的 柯蕾特・芙蘭柏瓦茲 進棄牌堆，抽 5 張新手牌。",
                      "小明 的愛心牌自動打出：1 愛心 ×3，共 3 愛心。"],
            "zh-CN": ["電腦 3 雇用了 1 爱心。",
                      "電腦 3 结束回合：手上的 柯蕾特・芙兰柏瓦兹 进弃牌堆，抽 5 张新手牌。",
                      "小明 的爱心牌自动打出：1 爱心 ×3，共 3 爱心。"]}
    old = i18n.get_locale()
    try:
        for lang, lines in want.items():
            i18n.set_locale(lang)
            got = [d.render(e.msg, NAMES[:3]) for e in log_entries(match, 0) if e.step == 2]
            assert got == lines
            # the viewer's own turn end also names the new hand (only the viewer saw it)
            own = [d.render(e.msg, NAMES[:3]) for e in log_entries(match, 0) if e.step == 0]
            assert "1 爱心 ×3" in own[1] or "1 愛心 ×3" in own[1]
            other = [d.render(e.msg, NAMES[:3]) for e in log_entries(match, 1) if e.step == 0]
            assert other[1].endswith(("抽 5 張新手牌。", "抽 5 张新手牌。")), other
    finally:
        i18n.set_locale(old)


def test_the_table_log_keeps_its_lines_and_the_move_log_has_them_all(games: list[Match]
                                                                      ) -> None:
    """Folding touches detail lines only: every line of the table log is in the move log, in
    the same order (but the turn headers, which the move log leaves out for all games)."""
    for match in games[:4]:
        d = describer_for("tanto_cuore")
        table = [got.msg for got in d.lines([redact(e, 0) for e in match.log], 0)
                 if not got.detail and got.msg.key != "log.tanto_cuore.turn_started"]
        moves = [e.msg for e in log_entries(match, 0)]
        it = iter(moves)
        assert all(any(m == t for m in it) for t in table)


def test_a_tally_names_each_face_once_with_its_count() -> None:
    old = i18n.get_locale()
    try:
        i18n.set_locale("zh-TW")
        line = format_line(Msg("log.tanto_cuore.loves", {
            "player": 1, "tally": [["love1", 4], ["love2", 1]], "love": 6}),
            "tanto_cuore", NAMES)
        assert line == "電腦 2 打出 1 愛心 ×4、2 愛心，共 6 愛心。"
    finally:
        i18n.set_locale(old)
