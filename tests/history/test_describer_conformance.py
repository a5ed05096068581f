"""Every event of many random games of every game, put into words by the game's one describer
in both locales (the path the table log, the move log, undo labels and replays share): no line
holds a raw card id, an unfilled `{placeholder}` or a missing `⟦key⟧` (issue 16)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cardtable import i18n
from cardtable.core.match import Match
from cardtable.history.describer import card_text, describer_for
from tests.history.helpers import GAME_IDS, new_match, option_sets

GAMES_PER_GAME = 200  # the slow set; the always-on run takes a fifth of them


def _strings(obj: Any, out: set[str]) -> None:
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for v in obj.values():
            _strings(v, out)
    elif isinstance(obj, list | tuple | set | frozenset):
        for v in obj:
            _strings(v, out)


def _play(game_id: str, seed: int) -> Match:
    spec_opts = option_sets(__import__("cardtable.games", fromlist=["get_spec"])
                            .get_spec(game_id))
    opts = spec_opts[seed % len(spec_opts)]
    from cardtable.games import get_spec
    spec = get_spec(game_id)
    n = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
    match = new_match(game_id, seed, n, opts)
    rng = random.Random(seed)
    while not match.state.is_terminal():
        match.submit(rng.choice(match.state.legal_actions()))
    return match


def _card_ids(game_id: str, matches: list[Match]) -> set[str]:
    """The game's card ids that have a name of their own (a raw one must never be printed)."""
    ids: set[str] = set()
    for m in matches:
        for ev in m.log:
            for k in ("card", "cards", "gave", "took", "maid"):
                if k in ev.data:
                    _strings(ev.data[k], ids)
    # a purely numeric id (Cirno's 9, 8½'s 7) reads like any number in a line: only ids with
    # a letter in them can be told apart when printed raw
    return {c for c in ids if card_text(game_id, c) != c and re.search(r"[A-Za-z]", c)}


def _id_pattern(raw_ids: set[str]) -> re.Pattern[str] | None:
    if not raw_ids:
        return None
    alts = "|".join(re.escape(c) for c in sorted(raw_ids, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9_])(?:{alts})(?![A-Za-z0-9_])")


def _problems(line: str, raw_ids: set[str] | re.Pattern[str] | None) -> list[str]:
    out = []
    if "⟦" in line:
        out.append("missing key")
    if re.search(r"\{[A-Za-z_0-9]*\}", line):
        out.append("unfilled placeholder")
    pattern = _id_pattern(raw_ids) if isinstance(raw_ids, set) else raw_ids
    if pattern is not None:
        out += [f"raw card id {m!r}" for m in sorted(set(pattern.findall(line)))]
    return out


def check_games(game_id: str, games: int) -> None:
    matches = [_play(game_id, seed) for seed in range(games)]
    raw_ids = _card_ids(game_id, matches)
    assert raw_ids, "the game's cards have names"
    pattern = _id_pattern(raw_ids)
    bad: dict[str, str] = {}
    lines = 0
    try:
        for locale in ("zh-TW", "zh-CN"):
            i18n.set_locale(locale)
            for i, m in enumerate(matches):
                names = [f"玩家{s}" for s in range(m.num_players)]
                # the spectator and one seat in turn (every seat over the games)
                for viewer in (None, i % m.num_players):
                    d = describer_for(game_id)
                    for line in d.lines(m.events_for(viewer), viewer):
                        text = d.render(line.msg, names)
                        lines += 1
                        for p in _problems(text, pattern):
                            bad.setdefault(f"{locale} {line.msg.key}: {p}", text)
                # undo labels: each action as its actor's own line
                d = describer_for(game_id)
                replay = Match(m.spec, m.seed, m.num_players, m.options.model_dump(), m.seats)
                for action in m.history[:40]:
                    actor = replay.state.current_player()
                    text = d.render(d.action(action, actor), names)
                    replay.submit(action)
                    for p in _problems(text, pattern):
                        bad.setdefault(f"{locale} action {action.kind}: {p}", text)
    finally:
        i18n.set_locale("zh-TW")
    assert lines > 1000
    assert not bad, "\n".join(f"{k}  ->  {v}" for k, v in list(bad.items())[:25])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_event_in_words(game_id):
    check_games(game_id, GAMES_PER_GAME // 5)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_event_of_200_games_in_words(game_id):
    check_games(game_id, GAMES_PER_GAME)


def test_the_check_sees_a_raw_id():
    """The check can fail: a line with an untranslated card id, a placeholder or a key."""
    assert _problems("電腦 2 用明牌 g 換走了", {"g"}) == ["raw card id 'g'"]
    assert _problems("{player} 出牌", set()) == ["unfilled placeholder"]
    assert _problems("⟦log.x⟧", set()) == ["missing key"]
    assert _problems("鬼牌 9", {"g"}) == []
