"""Cirno hidden information: views, redacted events and determinization leak nothing.

The rules contract over every game (tests/core/test_rules_contract.py) checks the views against
the game's `reshuffle_hidden` and `determinize` along random games; here, Cirno's own:
- in every companion-choice phase too (sampled on purpose), reshuffling everything a viewer
  cannot see leaves their view unchanged, and the reshuffle keeps every card once;
- a redacted event never shows a hidden card face to a player outside its audience;
- a determinized state keeps every card once (the card a Scoop took in the scooper's hand), in
  every phase.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from cardtable.core.events import CARD_MOVED, REVEALED, Event, redact, zone_name, zone_owner
from cardtable.core.game import OMNISCIENT
from cardtable.core.rng import GameRng
from cardtable.games.cirno.cards import ARITHMETIC, COMPANIONS
from cardtable.games.cirno.hidden import reshuffle_hidden
from cardtable.games.cirno.rules import (
    LOR_PASS,
    PICK_DISCARD,
    PICK_KEEP,
    PLAY,
    SCOOP_GIVE,
    SCOOP_TAKE,
    SPEC,
    CirnoState,
)

from .scenarios import arithmetic_zones, companion_zones

PUBLIC_ZONES = {"pile", "discard", "used"}
ALL_PHASES = {PLAY, SCOOP_TAKE, SCOOP_GIVE, PICK_KEEP, PICK_DISCARD, LOR_PASS}


def sampled_states(games: int = 60, every: int = 3) -> Iterator[CirnoState]:
    """Mid-game states of random advanced and basic games: every `every`-th state and every
    state in a companion-choice phase."""
    for seed in range(games):
        n = 2 + seed % 7
        state, _ = SPEC.new_game(seed, n, {"advanced": seed % 3 != 0})
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % every == 0 or state.phase != PLAY:
                yield state.clone()
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            step += 1


def test_cirno_view_ignores_everything_hidden() -> None:
    rng = random.Random(99)
    phases: set[str] = set()
    changed = 0
    checked = 0
    for state in sampled_states():
        phases.add(state.phase)
        for viewer in (None, *range(state.num_players)):
            other = reshuffle_hidden(state, viewer, rng)
            assert arithmetic_zones(other) == Counter(ARITHMETIC)
            assert companion_zones(other) == Counter(COMPANIONS)
            assert other.view(viewer) == state.view(viewer), (state.phase, viewer)
            changed += other.view(OMNISCIENT) != state.view(OMNISCIENT)
            checked += 1
    assert phases == ALL_PHASES  # every choice phase was sampled
    assert changed > checked // 2  # the reshuffle really moved hidden cards


def test_cirno_omniscient_view_shows_all_and_spectator_none() -> None:
    state, _ = SPEC.new_game(4, 3, {"advanced": True})
    omni = state.view(OMNISCIENT)
    assert omni.all_hands == tuple(tuple(sorted(h, key=list(ARITHMETIC).index))
                                   for h in state.hands)
    assert omni.hand is None
    spectator = state.view(None)
    assert spectator.hand is None and spectator.companions is None
    assert spectator.all_hands is None and spectator.all_companions is None
    for q in range(3):
        assert state.view(q).all_hands is None


def zone_viewers(z: str) -> set[int]:
    owner = zone_owner(z)
    return set() if owner is None else {owner}


def check_redaction(event: Event, n: int) -> None:
    if event.kind == CARD_MOVED:
        src, dst = event.data["src"], event.data["dst"]
        if event.data["face_up"]:
            assert "card" in event.data
            assert zone_name(dst) in PUBLIC_ZONES, f"face-up move into a hidden zone: {event}"
        else:
            assert "card" not in event.data and event.secret and "card" in event.secret
            assert event.audience <= zone_viewers(src) | zone_viewers(dst), event
    if event.kind == REVEALED:
        assert "cards" not in event.data and event.secret is not None
        assert len(event.audience) == 1
    for viewer in (None, *range(n)):
        seen = redact(event, viewer)
        assert seen.secret is None
        if event.secret is not None and viewer not in event.audience:
            assert not set(event.secret) & set(seen.data), (event, viewer)
            assert seen.data == event.data
        elif event.secret is not None:
            assert seen.data == {**event.data, **event.secret}


@pytest.mark.parametrize("advanced", [False, True])
def test_cirno_redacted_events_never_show_hidden_faces(advanced: bool) -> None:
    kinds: set[str] = set()
    for seed in range(40):
        n = 2 + seed % 7
        state, events = SPEC.new_game(seed, n, {"advanced": advanced})
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            events += state.apply(legal[rng.randrange(len(legal))])
        for event in events:
            check_redaction(event, n)
            kinds.add(event.kind)
    assert {CARD_MOVED, "shuffled", "bust", "game_over"} <= kinds
    if advanced:
        assert REVEALED in kinds


def test_cirno_determinize_matches_view_and_legal_actions() -> None:
    rng = GameRng(5)
    phases: set[str] = set()
    for state in sampled_states(games=40, every=5):
        p = state.current_player()
        for viewer in (None, *range(state.num_players)):
            view = state.view(viewer)
            det = SPEC.determinize(view, rng)
            assert det.view(viewer) == view, (state.phase, viewer)
            assert arithmetic_zones(det) == Counter(ARITHMETIC)
            assert companion_zones(det) == Counter(COMPANIONS)
            if det.phase == SCOOP_GIVE:  # the card a Scoop took sits in the scooper's hand
                assert det.pending["taken"] in det.hands[det.pending["user"]]
            if viewer == p:
                phases.add(state.phase)
                assert det.legal_actions() == state.legal_actions()
                # and the sampled state plays on
                det.apply(det.legal_actions()[0])
    assert phases == ALL_PHASES
