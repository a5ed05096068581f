"""連線對戰's scenes against a loopback server: 開桌 opens the table with the room's code over
it and keeps the seat's token; 加入 takes the code; 回到牌桌 reclaims the kept seat."""

from __future__ import annotations

import time

from cardtable.i18n import tr
from cardtable.net.lan import forget_seat, saved_seat
from tests.net.netplay import server


def steps(app, n=5):
    for _ in range(n):
        app.step(1 / 60)
        time.sleep(0.005)


def test_host_join_and_come_back(app):
    from cardtable.ui.scenes.online import (
        HostSetupScene,
        JoinScene,
        NetMenuScene,
        RoomCodeScene,
    )
    from cardtable.ui.tables.wizard_table import WizardTableScene
    with server() as srv:
        app.net_server = srv.url
        setup = app.push(HostSetupScene(app, "wizard"))
        assert setup.kinds[:setup.n] == ["human", "open", "normal", "normal"]
        setup.start()
        steps(app)
        top = app.stack.top
        assert isinstance(top, RoomCodeScene) and top.link.seat == 0
        code = top.link.room
        kept = saved_seat()
        assert kept is not None and (kept["room"], kept["seat"]) == (code, 0)
        plan = srv.call(lambda s: s.rooms[code].presence())
        assert [p["kind"] for p in plan] == ["person", "open", "computer", "computer"]
        top.back()  # 開始
        host_link = app.stack.top.link
        # someone else (this same app, its kept seat forgotten) joins by the code, typed in
        # lower case with a dash
        forget_seat()
        join = app.push(JoinScene(app))
        join.target = code[:3].lower() + "-" + code[3:].lower()
        join.go()
        steps(app)
        table = app.stack.top
        assert isinstance(table, WizardTableScene) and table.link.seat == 1
        assert saved_seat()["seat"] == 1
        table.link.close()  # this screen leaves (the token is kept)
        deadline = time.monotonic() + 5
        while srv.call(lambda s: s.rooms[code].presence()[1]["present"]) and \
                time.monotonic() < deadline:
            time.sleep(0.05)
        assert not srv.call(lambda s: s.rooms[code].presence()[1]["present"])
        menu = app.push(NetMenuScene(app))
        assert menu.saved is not None and menu.menu.widgets[2].enabled
        menu.reclaim()
        steps(app)
        back = app.stack.top
        assert isinstance(back, WizardTableScene) and back.link.seat == 1
        assert srv.call(lambda s: s.rooms[code].presence()[1]["present"])
        # a watcher: the spectator's view, no seat, no hand
        watch = app.push(JoinScene(app))
        watch.target = code
        watch.watch()
        steps(app)
        spectator = app.stack.top
        assert isinstance(spectator, WizardTableScene) and spectator.link.seat is None
        assert spectator.viewer is None and spectator.shown.viewer is None
        spectator.link.close()
        # a code nobody has: said, nothing else happens
        forget_seat()
        join = app.push(JoinScene(app))
        join.target = "ZZZZZZ"
        join.go()
        assert app.stack.top is join and join.error
        back.link.close()
        host_link.close()


def test_a_single_colour_table_opens_online_with_the_suits_chosen(app):
    """開桌 sends the setup's options with each seat's chosen suit (WIZ-V1 single colour): the
    server's game deals those suits (the create frame once refused the list as malformed)."""
    from cardtable.ui.scenes.online import HostSetupScene, RoomCodeScene
    with server() as srv:
        app.net_server = srv.url
        setup = app.push(HostSetupScene(app, "wizard"))
        setup.options["single_colour"] = True
        assert setup.seat_choice_on()
        setup.step_pick(0, 1)
        chosen = list(setup.settled())
        setup.start()
        steps(app)
        top = app.stack.top
        assert setup.error is None and isinstance(top, RoomCodeScene), setup.error
        code = top.link.room
        held = srv.call(lambda s: s.rooms[code].host.record().options.get("colours"))
        assert list(held) == chosen and len(set(chosen)) == len(chosen)


def test_the_hosts_undo_switch_reaches_the_table(app):
    """開桌 has the table's undo option (issue 31: undo under the strict rule, and a table
    option to switch it off): off, the server's table takes nothing back."""
    from cardtable.ui.scenes.online import HostSetupScene, RoomCodeScene
    from cardtable.ui.widgets import Toggle
    with server() as srv:
        app.net_server = srv.url
        setup = app.push(HostSetupScene(app, "cirno"))
        toggles = [w for w in setup.menu.widgets if isinstance(w, Toggle)
                   and w.label() == tr("net.host.undo")]
        assert len(toggles) == 1 and toggles[0].get() is True
        toggles[0].activate()
        assert setup.allow_undo is False
        setup.start()
        steps(app)
        top = app.stack.top
        assert isinstance(top, RoomCodeScene), setup.error
        code = top.link.room
        assert srv.call(lambda s: s.rooms[code].options.undo) is False
        assert srv.call(lambda s: s.rooms[code].table()["undo"]) is False
