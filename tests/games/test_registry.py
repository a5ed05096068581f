"""The game list and every game's registration (`cardtable.games`, `GameRegistration`).

Each registration must name parts that exist and fit: a spec of its own id, agents with every
level, a describer, hint wording, lessons of the game, a table, card art and sample scenes that
open; tables worth playing that the rules accept; a bench plan the game can seat. Importing the
registrations must stay cheap: no rules, no AI, no pygame, no UI.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cardtable.ai.agent import Agent
from cardtable.coach.hints import HintWording
from cardtable.core.game import GameSpec
from cardtable.games import (
    GAME_IDS,
    LEVELS,
    REGISTRY,
    UnknownAgentError,
    agent_names,
    all_agent_names,
    get_spec,
    make_agent,
    registration,
    registrations,
)
from cardtable.games.registration import resolve
from cardtable.history.describer import Describer, describer_for


def test_the_game_list() -> None:
    assert GAME_IDS == ("cirno", "eight_half", "tanto_cuore", "wizard")  # menu order
    assert [r.id for r in registrations()] == list(GAME_IDS)
    assert list(REGISTRY) == list(GAME_IDS) and len(REGISTRY) == len(GAME_IDS)
    assert "nogame" not in REGISTRY
    with pytest.raises(KeyError, match="valid: cirno, eight_half"):
        registration("nogame")
    with pytest.raises(KeyError, match="valid"):
        get_spec("nogame")


def test_importing_the_registrations_loads_no_rules_ai_pygame_or_ui() -> None:
    code = ("import json, sys; from cardtable.games import registrations, GAME_IDS; "
            "regs = registrations(); "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('cardtable', "
            "'pygame')))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=60)
    loaded = json.loads(done.stdout)
    assert set(loaded) == {"cardtable", "cardtable.games", "cardtable.games.registration",
                           *(f"cardtable.games.{g}" for g in GAME_IDS)}, loaded


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_registration_names_parts_that_exist_and_fit(game: str) -> None:
    reg = registration(game)
    spec = get_spec(game)
    assert isinstance(spec, GameSpec) and spec.id == game and get_spec(game) is spec
    # agents: random, every level, the game's extras; measurement variants apart
    names = agent_names(game)
    assert names[0] == "random" and set(LEVELS) <= set(names)
    assert all_agent_names(game)[:len(names)] == names
    for name in all_agent_names(game):
        assert isinstance(make_agent(game, name, 1), Agent), name
    if reg.measurement_agents is not None:
        assert set(resolve(reg.measurement_agents)).isdisjoint(names)
    # words, hints and lessons
    assert isinstance(describer_for(game), Describer)
    if reg.describer is not None:
        assert type(describer_for(game)) is resolve(reg.describer)
    if reg.hints is not None:
        assert isinstance(resolve(reg.hints), HintWording)
    if reg.lessons is not None:
        lessons = resolve(reg.lessons)
        assert lessons and all(lesson.game_id == game for lesson in lessons)
        for lesson in lessons:
            assert 0 <= lesson.sample_step < len(lesson.steps)
            assert lesson.sample_wrong_step is None or \
                0 <= lesson.sample_wrong_step < len(lesson.steps)
    assert reg.hidden is not None and callable(resolve(reg.hidden))
    # the tables worth playing are tables the rules accept, and the bench seats the game
    assert reg.coverage.variants
    for variant in reg.coverage.variants:
        spec.check_players(variant.players)
        spec.parse_options(dict(variant.options))
    cover, bench = reg.coverage, reg.bench
    for n in (cover.table_players, *cover.hotseat_players, bench.latency_players,
              bench.demo_players, bench.tournament_players):
        spec.check_players(n)
    assert set(cover.hotseat_players) <= {3, 4}  # two people and one or two computers
    assert cover.quick_games >= 1 and bench.title
    for options in bench.tournament_options:
        spec.parse_options(dict(options))


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_registration_names_its_table_art_and_samples(game: str) -> None:
    from cardtable.ui import cardart
    from cardtable.ui.tables import playable, table_class
    from cardtable.ui.tables.table_scene import TableScene
    reg = registration(game)
    assert reg.table is not None and playable(game)
    assert issubclass(table_class(game), TableScene)
    assert reg.art is not None and cardart.painter_for(game) is resolve(reg.art)
    for sample in reg.samples:
        assert callable(resolve(sample.opener)), sample


def test_sample_scenes_and_screenshots_are_named_once() -> None:
    from cardtable.ui.launch import ALL_SCENES, HISTORY_SCENES, SCENES
    samples = [s for r in registrations() for s in r.samples]
    names = [s.scene for s in samples]
    assert len(set(names)) == len(names) and not set(names) & set(SCENES + HISTORY_SCENES)
    assert len(set(ALL_SCENES)) == len(ALL_SCENES) and set(names) <= set(ALL_SCENES)
    stems = [s.screenshot for s in samples if s.screenshot is not None]
    assert len(set(stems)) == len(stems)


def test_an_unknown_agent_is_an_error_naming_the_valid_ones() -> None:
    with pytest.raises(UnknownAgentError) as info:
        make_agent("wizard", "grandmaster", 1)
    assert isinstance(info.value, KeyError)
    assert str(info.value) == ("unknown agent 'grandmaster' for wizard; valid: "
                               + ", ".join(all_agent_names("wizard")))


def test_resolve_refuses_a_reference_that_is_not_module_attr() -> None:
    assert resolve("cardtable.games:GAME_IDS") is GAME_IDS
    for bad in ("cardtable.games", ":GAME_IDS", "cardtable.games:"):
        with pytest.raises(ValueError):
            resolve(bad)
