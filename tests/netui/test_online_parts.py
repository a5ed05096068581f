"""The online table's own parts, on a loopback server: a refused act shows the person why,
presence and the computer's stand-in come from the presence frames onto the box and the
plates, the chat line is limited and quick phrases are read in each person's own script, a
dropped connection shows a banner and reclaims the seat with its token."""

from __future__ import annotations

import contextlib
import time

import pytest

from cardtable.net.lan import is_code, parse_target
from cardtable.net.link import RemoteLink
from cardtable.ui.autoplay import frames
from tests.net.netplay import server


def wizard_plan(seats: list[dict]) -> dict:
    return {"game": "wizard", "players": len(seats), "seats": seats, "sit": 0}


def until(app, cond, limit: float = 10.0) -> bool:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        app.step(1 / 60)
        if cond():
            return True
        time.sleep(0.005)
    return False


def online_table(app, link):
    from cardtable.ui.scenes.online import open_online_table
    return open_online_table(app, link)


@contextlib.contextmanager
def at_my_turn(app, **config):
    """A Wizard table on a loopback server (this screen's person and two easy computers),
    shown by its online table, up to the person's first turn: (server, link, table)."""
    plan = wizard_plan([{"kind": "person"}] + [{"kind": "computer", "level": "easy"}] * 2)
    with server(**config) as srv:
        link = RemoteLink.connect(srv.url, "甲", create=plan)
        table = online_table(app, link)
        app.speed_factor = 20
        assert until(app, lambda: table.human_turn(), 30)
        yield srv, link, table


def test_a_stale_act_is_refused_and_the_person_is_told(app):
    from cardtable.i18n import tr
    with at_my_turn(app) as (srv, link, table):
        u = table.latest[0]
        # an answer to a question that is no longer asked: the server refuses it with a
        # snapshot, and the table says why in its banner (nothing changed)
        assert link.act(0, u.seq + 5, u.legal[0]) is None  # sent
        assert until(app, lambda: table.banner is not None)
        assert table.banner[0] == tr("net.error.stale")
        assert [e["code"] for e in link.errors] == ["stale"]
        assert table.seq == u.seq and table.human_turn()  # the same question, still asked
        link.close()


def test_presence_and_stand_in_come_from_the_presence_frames(app):
    from cardtable.i18n import tr
    from cardtable.ui.tables.kit.seats import seat_tag
    plan = wizard_plan([{"kind": "person"}, {"kind": "open"},
                        {"kind": "computer", "level": "easy"}])
    with server(grace=1.5) as srv:
        link = RemoteLink.connect(srv.url, "甲", create=plan)
        table = online_table(app, link)
        frames(app, 3)
        box = table.online
        # seat 1 is open: nobody there yet
        assert box.drawn == [(0, "present"), (1, "away"), (2, "computer")]
        other = RemoteLink.connect(srv.url, "乙", join=link.room)
        assert until(app, lambda: box.drawn[1] == (1, "present"))
        assert seat_tag(table.info.seats[1]) == tr("ui.seat.human")
        other._client.kill()  # a pulled cable
        assert until(app, lambda: box.drawn[1] == (1, "away"))
        assert seat_tag(table.info.seats[1]) == tr("net.seat.away")
        assert until(app, lambda: box.drawn[1] == (1, "stand_in"))  # after the grace period
        assert seat_tag(table.info.seats[1]) == tr("net.seat.stand_in")
        link.close()


def test_chat_line_limits_and_phrases_in_each_script(app):
    from cardtable.i18n import set_locale, tr
    from cardtable.ui.scenes.online import CHAT_LINE_MAX, ChatScene, chat_text, clip_chat
    assert clip_chat("a\nb   c") == "a b c"  # one line
    assert len(clip_chat("字" * 500)) == CHAT_LINE_MAX
    plan = wizard_plan([{"kind": "person"}, {"kind": "open"},
                        {"kind": "computer", "level": "easy"}])
    with server() as srv:
        link = RemoteLink.connect(srv.url, "甲", create=plan)
        table = online_table(app, link)
        other = RemoteLink.connect(srv.url, "乙", join=link.room)
        chat = app.push(ChatScene(app, table))
        chat.text = "好" * 100
        assert [w for w in chat.menu.widgets if hasattr(w, "max_len")][0].max_len \
            == CHAT_LINE_MAX
        chat.send()
        other.send_chat(phrase="thanks")
        assert until(app, lambda: len(link.chat) == 2)
        mine, theirs = link.chat
        assert mine.text == "好" * CHAT_LINE_MAX and chat.text == ""
        assert theirs.phrase == "thanks" and theirs.text is None  # a key, not words
        other.poll(False)
        assert len(other.chat) == 2
        try:
            set_locale("zh-TW")
            tw = chat_text(theirs, table.name_of)
            set_locale("zh-CN")
            cn = chat_text(theirs, table.name_of)
        finally:
            set_locale("zh-TW")
        assert (tw, cn) == ("乙：謝謝！", "乙：谢谢！")  # one key, each reader's own script
        assert tr("net.phrase.thanks") in tw
        link.close()
        other.close()


def test_a_dropped_connection_shows_a_banner_and_reclaims_the_seat(app, monkeypatch):
    import cardtable.net.link as net_link
    # the first new try waits 3 s: wide enough to see the banner and the empty seat on a
    # loaded machine (the bounds below are limits, not timings)
    monkeypatch.setattr(net_link, "RETRY", (3.0, 0.5))
    with at_my_turn(app, grace=60) as (srv, link, table):
        seq = table.seq
        link._client.kill()
        assert until(app, lambda: link.reconnecting, 30)

        def away() -> bool:
            return srv.call(lambda s: s.rooms[link.room].presence()[0])["present"] is False
        assert until(app, away, 30) and link.reconnecting  # the seat shows empty meanwhile
        assert until(app, lambda: not link.reconnecting and table.human_turn(), 15)
        assert table.seq == seq  # the same question again, no double move
        assert srv.call(lambda s: s.rooms[link.room].presence()[0])["present"] is True
        link.close()


@pytest.mark.parametrize("text,url,code", [
    ("abc234", None, "ABC234"),
    ("ABC-234", None, "ABC234"),
    ("192.168.1.20:9000", "ws://192.168.1.20:9000", None),
    ("192.168.1.20", "ws://192.168.1.20:8765", None),
    ("192.168.1.20:9000/ABC234", "ws://192.168.1.20:9000", "ABC234"),
    ("wss://example.org:443 ABC234", "wss://example.org:443", "ABC234"),
])
def test_targets(text, url, code):
    t = parse_target(text)
    assert t is not None and (t.url, t.code) == (url, code)


def test_not_targets():
    assert parse_target("") is None
    assert parse_target("host:1/ABCDE0") is None  # 0 is never in a code
    assert not is_code("ABCDEI")


def test_a_hint_from_the_own_view_and_marked_in_the_statistics(app):
    plan = wizard_plan([{"kind": "person"}] + [{"kind": "computer", "level": "easy"}] * 2)
    with server() as srv:
        kept: list = []
        link = RemoteLink.connect(srv.url, "甲", create=plan,
                                  on_record=lambda r, seat: kept.append((r, seat)))
        table = online_table(app, link)
        app.speed_factor = 20
        assert until(app, lambda: table.human_turn(), 30)
        assert table.hint_allowed() and table.hint_button in table.panel_buttons()
        assert table.request_hint()
        assert until(app, lambda: table.hint is not None, 30)
        assert table.hint.action in table.latest[0].legal
        assert link.hinted
        link.close()


def test_the_move_log_of_what_this_screen_was_sent(app):
    from cardtable.ui.scenes.movelog import MoveLogScene
    with at_my_turn(app) as (srv, link, table):
        entries = link.move_log(0)
        assert entries and entries[0].step is None  # the deal, then the moves before ours
        assert {e.step for e in entries if e.step is not None} == set(range(table.seq))
        assert link.move_log(1) == []  # nobody else's
        log = app.push(MoveLogScene(app, table))
        assert log.entries == entries
        log.show(0)  # a picture of the past: not kept online; the live table stays
        assert log.past is None
        frames(app, 2)
        link.close()
