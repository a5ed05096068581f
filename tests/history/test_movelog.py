"""Move log: every event kind and action of every registered game has a line with a real key,
lines never name a card the viewer may not see, and the view at any step can be rebuilt."""

from __future__ import annotations

import random

import pytest

from cardtable import paths
from cardtable.core.events import Event, Msg, moved, redact
from cardtable.core.match import Match
from cardtable.games import REGISTRY
from cardtable.history.describer import describer_for
from cardtable.history.movelog import (
    describe,
    describe_action,
    format_line,
    log_entries,
    state_at,
)
from cardtable.i18n import all_keys, load_catalog, placeholders
from tests.history.helpers import GAME_IDS, new_match, option_sets, play_random, viewers

LOCALES = ("zh-TW", "zh-CN")


def _games(game_id: str) -> list[Match]:
    spec = REGISTRY[game_id]
    out = []
    for opts in option_sets(spec):
        for seed in range(2):
            n = min(spec.max_players, spec.min_players + seed)
            out.append(play_random(new_match(game_id, seed, n, opts), seed))
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_event_kind_and_action_has_a_log_line(game_id: str) -> None:
    catalogs = {loc: load_catalog(loc) for loc in LOCALES}
    # announce keys belong to the game's own catalog; until that file exists they are reported
    # as a skip (the game's locale tests own them), while every log.* key is checked here
    game_catalog = (paths.locales_dir() / "zh-TW" / f"{game_id}.json").exists()
    skipped: set[str] = set()
    missing: set[str] = set()
    bad_params: set[str] = set()
    kinds: set[str] = set()
    for match in _games(game_id):
        msgs: list[Msg] = []
        for event in match.log:
            kinds.add(event.kind)
        # the lines every surface shows come from the game's describer (one per stream)
        for viewer in viewers(match.num_players):
            msgs += [line.msg for line in describer_for(game_id).lines(
                [redact(e, viewer) for e in match.log], viewer)]
        for i, action in enumerate(match.history):
            msgs.append(describe_action(action, game_id, match.actors[i]))
        for msg in msgs:
            assert msg.key != "log.unknown", msg
            if not game_catalog and not msg.key.startswith("log."):
                skipped.add(msg.key)
                continue
            for loc, cat in catalogs.items():
                if msg.key not in cat:
                    missing.add(f"{loc}:{msg.key}")
                    continue
                unknown = placeholders(cat[msg.key]) - set(msg.params)
                if unknown:
                    bad_params.add(f"{loc}:{msg.key} uses {sorted(unknown)}")
    assert not missing, (f"{game_id}: add these keys to locales/zh-TW/history.json (log.*) or "
                         f"the game's catalog (announce keys), then run scripts/make_zh_cn.py: "
                         f"{sorted(missing)}")
    assert not bad_params, sorted(bad_params)
    assert "card_moved" in kinds or "announce" in kinds
    assert not skipped, f"{game_id} has no locales/zh-TW/{game_id}.json: {sorted(skipped)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_log_lines_never_name_a_hidden_card(game_id: str) -> None:
    match = _games(game_id)[0]
    for event in match.log:
        if event.secret is None:
            continue
        for viewer in viewers(match.num_players):
            if viewer == -1 or viewer in event.audience:
                continue
            msg = describe(event, game_id, viewer)
            for name, value in event.secret.items():
                assert msg.params.get(name) != value or event.data.get(name) == value, (
                    game_id, event, viewer, msg)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_formatted_lines_use_names_and_fill_every_placeholder(game_id: str) -> None:
    assert (paths.locales_dir() / "zh-TW" / f"{game_id}.json").exists(), (
        f"{game_id} has no catalog (card names, announce keys)")
    match = _games(game_id)[0]
    names = [f"玩家{i + 1}" for i in range(match.num_players)]
    for viewer in (None, 0):
        for entry in log_entries(match, viewer):
            text = format_line(entry.msg, game_id, names)
            assert "⟦" not in text and "{" not in text, (entry, text)
            assert "你" not in text


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_state_at_equals_the_view_the_viewer_had(game_id: str) -> None:
    spec = REGISTRY[game_id]
    n = spec.min_players
    match = new_match(game_id, 9, n)
    rng = random.Random(9)
    seen: dict[int, dict[int | None, object]] = {}
    steps = 0
    while not match.state.is_terminal() and steps < 200:
        if rng.random() < 0.08:
            seen[len(match.history)] = {v: match.state.view(v) for v in viewers(n)}
        match.submit(rng.choice(match.state.legal_actions()))
        steps += 1
    seen[len(match.history)] = {v: match.state.view(v) for v in viewers(n)}
    for step, views in seen.items():
        for viewer, view in views.items():
            assert state_at(match, step, viewer) == view


def test_compact_log_merges_a_deal_and_keeps_steps_in_order() -> None:
    game_id = GAME_IDS[0]
    match = play_random(new_match(game_id, 1), 1, max_steps=30)
    entries = log_entries(match, 0)
    steps = [e.step for e in entries if e.step is not None]
    assert steps == sorted(steps)
    full = log_entries(match, 0, compact=False)
    assert len(full) > len(entries)
    assert all(e.kind not in ("turn_started", "phase_changed") for e in entries)


def test_describe_shared_kinds() -> None:
    draw = moved("c7", "deck", "hand:1", False, frozenset({1}))
    assert describe(draw, "g", 1) == Msg("log.card_moved.down_seen",
                                         {"src": "deck", "dst": "hand:1", "player": 1,
                                          "card": "c7"})
    hidden = describe(draw, "g", 0)
    assert hidden.key == "log.card_moved.down" and "card" not in hidden.params
    assert describe(Event("bid_placed", {"player": 2}, {"value": 3}, frozenset({2})), "wizard",
                    0).key == "log.wizard.bid_placed.hidden"
    assert describe(Event("trump_set", {"reason": "jester", "trump": None}), "wizard",
                    None).key == "log.wizard.trump_set.jester"


def test_history_keys_exist_in_both_scripts() -> None:
    tw = {k for k in all_keys("zh-TW") if k.startswith(("log.", "history.", "stats."))}
    cn = {k for k in all_keys("zh-CN") if k.startswith(("log.", "history.", "stats."))}
    assert tw and tw == cn


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_metric_has_a_stats_label(game_id: str) -> None:
    match = play_random(new_match(game_id, 2), 2)
    names = {k for seat in match.spec.metrics(match.state) for k in seat}
    missing = sorted(f"stats.metric.{k}" for k in names
                     if f"stats.metric.{k}" not in all_keys("zh-TW"))
    assert not missing, f"add to locales/zh-TW/history.json: {missing}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_agent_has_an_opponent_label(game_id: str) -> None:
    from cardtable.games import agent_names
    keys = all_keys("zh-TW")
    missing = [f"stats.opponent.{a}" for a in [*agent_names(game_id), "human", "all"]
               if f"stats.opponent.{a}" not in keys]
    assert not missing, f"add to locales/zh-TW/history.json: {missing}"


def test_format_line_uses_names_zones_and_signed_numbers() -> None:
    names = ["小明", "小華"]
    line = format_line(Msg("log.score_changed", {"player": 1, "delta": 20, "total": 30}),
                       "wizard", names)
    assert "小華" in line and "+20" in line and "30" in line
    moved_line = format_line(Msg("log.card_moved.down", {"src": "deck", "dst": "hand:0",
                                                         "player": 0}), "wizard", names)
    assert "小明" in moved_line and "{" not in moved_line
    half = format_line(Msg("log.eight_half.wanted", {"player": 0, "value2": 15}),
                       "eight_half", names)
    assert "7½" in half
