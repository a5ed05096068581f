"""The protocol's frames (issue 31): strict parsing (anything malformed is a ProtocolError with
a code), the version check names both sides, and game frames come only from an update."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardtable.core.match import Match, Seat
from cardtable.games import get_spec
from cardtable.host.host import MatchHost
from cardtable.host.wire import decode_update
from cardtable.net import protocol as P
from tests.host.test_match_host import computers


def test_good_frames_parse() -> None:
    h = P.parse_client(json.dumps(P.hello("甲")))
    assert isinstance(h, P.Hello) and h.protocol == P.PROTOCOL_VERSION and h.name == "甲"
    c = P.parse_client(json.dumps({"type": "create", "game": "wizard", "players": 3,
                                   "seats": [{"kind": "person"}, {"kind": "computer",
                                             "level": "easy"}, {"kind": "open"}], "sit": 0}))
    assert isinstance(c, P.Create) and c.seats[1].level == "easy" and c.undo
    a = P.parse_client('{"type":"act","seq":3,"action":{"kind":"bid","value":2}}')
    assert isinstance(a, P.Act) and P.action_of(a).value == 2
    assert isinstance(P.parse_client('{"type":"chat","phrase":"thanks"}'), P.Chat)
    assert isinstance(P.parse_client('{"type":"join","room":"ABCDEF","spectate":true}'),
                      P.Join)


@pytest.mark.parametrize("text", [
    "", "{", "[]", "null", '"hello"', b'{"type":"resync"}',
    '{"type":"nope"}', '{"kind":"act"}',
    '{"type":"hello","protocol":"1","rules":"x"}',           # a string is not a number
    '{"type":"resync","extra":1}',                           # no unknown fields
    '{"type":"act","seq":-1,"action":{"kind":"play"}}',
    '{"type":"act","seq":1,"action":{"kind":5,"cards":"abc"}}',  # not an action
    '{"type":"act","seq":1}',
    '{"type":"join","room":"ABCDE0"}',                       # 0 is not in a room code
    '{"type":"join","room":"abcdef"}',
    '{"type":"join","room":"ABCDEFG"}',
    '{"type":"claim","room":"ABCDEF","seat":1,"token":""}',
    '{"type":"chat","text":"' + "x" * 201 + '"}',
    '{"type":"chat"}', '{"type":"chat","text":"a","phrase":"thanks"}',
    '{"type":"create","game":"cirno","players":2,"seats":[]}',
    '{"type":"create","game":"cirno","players":2,"seats":[{"kind":"robot"}]}',
    "[" * 5000 + "]" * 5000,
])
def test_malformed_frames_are_refused_with_a_code(text: Any) -> None:
    with pytest.raises(P.ProtocolError) as info:
        P.parse_client(text)
    assert info.value.code == "malformed"


def test_a_version_mismatch_names_both_sides() -> None:
    P.check_hello(P.Hello(**P.hello()))
    with pytest.raises(P.ProtocolError) as info:
        P.check_hello(P.Hello(**{**P.hello(), "protocol": 99, "version": "9.9"}))
    assert info.value.code == "protocol" and "99" in info.value.detail \
        and f"protocol {P.PROTOCOL_VERSION}" in info.value.detail and "9.9" in info.value.detail
    with pytest.raises(P.ProtocolError) as info:
        P.check_hello(P.Hello(**{**P.hello(), "rules": "0123456789abcdef"}))
    assert info.value.code == "rules" and "0123456789abcdef" in info.value.detail \
        and P.rules_digest() in info.value.detail


def test_room_codes_alphabet_has_no_look_alikes() -> None:
    assert not set("0O1I") & set(P.CODE_ALPHABET) and len(set(P.CODE_ALPHABET)) == 32


def test_game_frames_carry_the_update_and_no_seed_and_the_record_waits_for_the_end() -> None:
    match = Match(get_spec("cirno"), 987654321, 3, {}, [Seat() for _ in range(3)])
    host = MatchHost(match, computers(3), undo_rule="off")
    got: list[Any] = []
    host.subscribe(1, got.append)
    with pytest.raises(ValueError):
        P.record_frame(host.record().model_dump(), host.over)
    host.run()
    assert host.over
    frames = [P.seat_frame(u, "cirno", []) for u in got]
    assert frames[0]["type"] == "snapshot" and {f["type"] for f in frames[1:]} == {"update"}
    for f, u in zip(frames, got, strict=True):
        text = P.dump(f)
        assert "987654321" not in text and '"seed"' not in text
        back = decode_update(json.loads(text)["update"], "cirno")
        assert back.view == u.view and back.seq == u.seq == f["seq"]
    assert P.record_frame(host.record().model_dump(), host.over)["record"]["seed"] == 987654321


def test_every_quick_phrase_and_error_code_has_words_in_both_scripts() -> None:
    from cardtable.i18n.catalog import load_catalog
    for lang in ("zh-TW", "zh-CN"):
        words = load_catalog(lang)
        for phrase in P.QUICK_PHRASES:
            assert words.get(f"net.phrase.{phrase}"), (lang, phrase)
        for code in P.ERROR_CODES:
            assert words.get(f"net.error.{code}"), (lang, code)
