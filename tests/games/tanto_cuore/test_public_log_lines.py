"""Log lines for moves everyone saw (play test 5b): a 3 Love that takes back one Illness of two
does not say "cured"; Eliza's target and decision, Natsumi's payment and the victims' discards,
Esquine's discards are announced. No announced line names a card its reader may not see: the
log is rebuilt per viewer from redacted events, and an announcement has no secret part."""

from __future__ import annotations

from cardtable import i18n
from cardtable.core.events import ANNOUNCE, CARD_MOVED, Event, redact

from .scenarios import act, build


def _announced(events: list[Event]) -> list[tuple[str, dict]]:
    return [(e.data["msg"].key, dict(e.data["msg"].params)) for e in events
            if e.kind == ANNOUNCE]


def _keys(events: list[Event]) -> list[str]:
    return [k for k, _ in _announced(events)]


# ---------------------------------------------------------------- TC-T1 / TC-E1: curing
def test_tc_t1_a_3_love_taking_back_one_of_two_illnesses_does_not_say_cured() -> None:
    """TC-T1 / TC-E1: a discarded 3 Love sends back one Illness; the maid is well only when
    none is left (the play test saw "治好了" on a maid still ill)."""
    s = build(privates={0: [("lucienne", 2)]}, phase="start", hands={0: ["love3", "love3"]})
    ev = act(s, "cure", "lucienne")
    assert s.privates[0] == [["lucienne", 1]]
    assert ("tanto_cuore.log.cured_one", {"player": 0, "card": "lucienne", "left": 1}) \
        in _announced(ev)
    assert "tanto_cuore.log.cured" not in _keys(ev)
    ev = act(s, "cure", "lucienne")
    assert s.privates[0] == [["lucienne", 0]]
    assert "tanto_cuore.log.cured" in _keys(ev) and "tanto_cuore.log.cured_one" not in _keys(ev)


def test_tc_e1_cure_lines_say_what_is_true_in_both_scripts() -> None:
    """The still-ill line does not claim a cure; the cured line does."""
    for locale in i18n.LOCALES:
        cat = i18n.load_catalog(locale)
        one = cat["tanto_cuore.log.cured_one"]
        assert "治好" not in one and "康复" not in one and "康復" not in one, locale
        assert "{left}" in one
        assert "康" in cat["tanto_cuore.log.cured"]


def test_tc_e1_curing_one_ill_chambermaid_copy_of_two() -> None:
    """Among copies of one chambermaid face the cure heals the copy with the fewest: with one
    Illness on her, that copy is well again and the line says so."""
    s = build(chambers={0: [("viola", 2), ("viola", 1)]}, phase="start", hands={0: ["love3"]})
    ev = act(s, "cure", "viola")
    assert sorted(m[1] for m in s.chambers[0]) == [0, 2]
    assert "tanto_cuore.log.cured" in _keys(ev)


# ---------------------------------------------------------------- Eliza
def test_eliza_target_and_decision_are_announced_without_the_left_card() -> None:
    s = build(hands={0: ["eliza"]}, decks={1: ["love1", "love3"]})
    act(s, "serve", "eliza")
    ev = act(s, "target", target=1)
    assert ("tanto_cuore.log.eliza_peek", {"player": 0, "target": 1}) in _announced(ev)
    ev = act(s, "leave")
    assert _announced(ev) == [("tanto_cuore.log.eliza_left", {"player": 0, "target": 1})]


def test_eliza_discard_names_the_card_now_face_up() -> None:
    s = build(hands={0: ["eliza"]}, decks={1: ["love1", "love3"]})
    act(s, "serve", "eliza")
    act(s, "target", target=1)
    ev = act(s, "discard")
    assert ("tanto_cuore.log.eliza_discarded", {"player": 0, "target": 1, "card": "love3"}) \
        in _announced(ev)
    assert s.discard[1] == ["love3"]


# ---------------------------------------------------------------- Natsumi, Esquine
def test_natsumi_payment_and_victims_discards_are_announced() -> None:
    s = build(n=3, hands={0: ["natsumi", "love2", "love1"], 1: ["love1"] * 4,
                          2: ["love1"] * 3 + ["colette"]},
              decks={0: ["kagari"]})
    act(s, "serve", "natsumi")
    ev = act(s, "discard", "love2")
    assert ("tanto_cuore.log.natsumi_paid", {"player": 0, "card": "love2"}) in _announced(ev)
    assert s.phase == "natsumi_victim" and s.current_player() == 1
    ev = act(s, "discard", "love1")
    assert ("tanto_cuore.log.natsumi_victim", {"player": 1, "card": "love1", "by": 0}) \
        in _announced(ev)
    ev = act(s, "discard", "colette")
    assert ("tanto_cuore.log.natsumi_victim", {"player": 2, "card": "colette", "by": 0}) \
        in _announced(ev)


def test_natsumi_declined_is_announced() -> None:
    s = build(hands={0: ["natsumi", "love2"], 1: ["love1"] * 4}, decks={0: ["kagari"]})
    act(s, "serve", "natsumi")
    ev = act(s, "decline")
    assert _announced(ev) == [("tanto_cuore.log.natsumi_declined", {"player": 0})]


def test_esquine_discards_are_announced() -> None:
    s = build(hands={0: ["esquine", "love1", "colette", "love2"]})
    act(s, "serve", "esquine")
    ev = act(s, "discard", "colette")
    assert ("tanto_cuore.log.esquine", {"player": 0, "card": "colette", "each": 1}) \
        in _announced(ev)
    ev = act(s, "discard", "love1")
    assert ("tanto_cuore.log.esquine", {"player": 0, "card": "love1", "each": 1}) \
        in _announced(ev)


# ---------------------------------------------------------------- no leak
def _face_up_cards(events: list[Event], viewer: int | None) -> set[str]:
    """Every card `viewer` sees named in these events (redacted for that viewer)."""
    seen: set[str] = set()
    for e in events:
        d = redact(e, viewer).data
        if e.kind == CARD_MOVED and d.get("card"):
            seen.add(d["card"])
        seen.update(d.get("cards") or ())
    return seen


def test_no_announced_line_names_a_card_its_reader_may_not_see() -> None:
    """Every announcement is public (no secret part): any card it names must be one the
    viewer sees in the same batch anyway (a face-up move, a reveal to that viewer) or one
    the rules name in public. Played through Eliza (leave and discard), Natsumi and Esquine,
    for both players and a spectator."""
    def check(events: list[Event]) -> int:
        named = 0
        for e in events:
            if e.kind != ANNOUNCE:
                continue
            assert e.secret is None and not e.audience, e
            card = e.data["msg"].params.get("card")
            if card is None or e.data["msg"].key in ("tanto_cuore.log.ability",
                                                      "tanto_cuore.log.cured",
                                                      "tanto_cuore.log.cured_one"):
                continue  # a maid at home: public
            named += 1
            for viewer in (0, 1, None):
                assert card in _face_up_cards(events, viewer), (e.data["msg"], viewer)
        return named

    named = 0
    s = build(hands={0: ["eliza", "eliza", "esquine", "love1", "colette", "natsumi", "love2"],
                     1: ["love1"] * 4},
              decks={0: ["kagari", "love1"], 1: ["love1", "love3", "colette", "love2"]},
              serving=4)
    for answer in ("leave", "discard"):
        act(s, "serve", "eliza")
        ev = act(s, "target", target=1)
        # the peeked card itself: only in the secret reveal, never in a public line
        top = s.deck[1][-1]
        assert all(top not in map(str, e.data["msg"].params.values())
                   for e in ev if e.kind == ANNOUNCE)
        assert top not in _face_up_cards(ev, 1) and top not in _face_up_cards(ev, None)
        named += check(ev)
        named += check(act(s, answer))
    act(s, "serve", "esquine")
    named += check(act(s, "discard", "colette"))
    named += check(act(s, "done"))
    act(s, "serve", "natsumi")
    named += check(act(s, "discard", "love2"))
    named += check(act(s, "discard", "love1"))
    assert named >= 4

