"""The match host (issue 30): it asks the acting seat's controller, applies the answer, and sends
every viewer an update built from that viewer's view and redacted events only; the legal actions
go to the viewer who acts; an answer to an earlier moment is dropped; every hand only at a table
of computers or once it is over; undo and hints by its own rules."""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest

from cardtable.core.actions import Action
from cardtable.core.errors import IllegalActionError
from cardtable.core.events import redact
from cardtable.core.game import OMNISCIENT
from cardtable.core.match import Match, Seat
from cardtable.core.rng import GameRng
from cardtable.games import GAME_IDS, get_spec, registration
from cardtable.host.controllers import Computer, Decided, Person, Request, SeatController
from cardtable.host.host import MatchHost, RefusedError
from cardtable.host.link import LocalLink
from cardtable.host.local import FALLBACK_LEVEL, UNKNOWN_LEVEL_KEY, local_host


class RandomPicks:
    def choose(self, view: Any, legal: list[Action], rng: Any) -> Action:
        return legal[rng.randrange(len(legal))]


def computers(n: int, seed: int = 1) -> list[SeatController]:
    return [Computer(RandomPicks(), "random", lambda r, s=i: GameRng(seed * 100 + r.seq + s))
            for i in range(n)]


def players(game: str) -> int:
    spec = get_spec(game)
    return max(spec.min_players, min(4, spec.max_players))


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_update_is_that_viewers_view_and_redacted_events(game: str) -> None:
    n = players(game)
    match = Match(get_spec(game), 5, n, {}, [Seat() for _ in range(n)])
    host = MatchHost(match, computers(n), undo_rule="off")
    got: dict[int | None, list[Any]] = {}
    viewers: list[int | None] = [None, *range(n), OMNISCIENT]
    for v in viewers:
        host.subscribe(v, got.setdefault(v, []).append)
    for v in viewers:  # a snapshot first: the view now and the recent past redacted
        (snap,) = got[v]
        assert snap.reset and snap.seq == 0 and snap.view == match.state.view(v)
        assert list(snap.events) == [redact(e, v) for e in match.log]
    for _ in range(60):
        if host.over:
            break
        before = len(match.log)
        acting = match.state.current_player()
        assert host.pump(True) == 1
        for v in viewers:
            u = got[v][-1]
            assert u.seq == len(match.history) and u.actor == acting and not u.reset
            assert u.view == match.state.view(v)
            assert list(u.events) == [redact(e, v) for e in match.log[before:]]
            assert u.acting == match.state.current_player()
            # the legal actions only to the viewer who acts
            if v == u.acting:
                assert list(u.legal or ()) == match.state.legal_actions()
            else:
                assert u.legal is None


def test_the_whole_game_through_run_ends_with_a_summary_for_everyone() -> None:
    match = Match(get_spec("cirno"), 2, 3, {}, [Seat() for _ in range(3)])
    host = MatchHost(match, computers(3), undo_rule="off")
    last: list[Any] = []
    host.subscribe(1, last.append)
    host.run()
    assert host.over and last[-1].over
    s = last[-1].summary
    assert list(s.scores) == match.state.scores()
    assert [list(g) for g in s.standings] == match.state.standings()
    assert set(s.winners) == {i for i, r in enumerate(match.state.returns()) if r > 0}


def test_every_hand_only_at_a_table_of_computers_or_once_it_is_over() -> None:
    seats = [Seat(kind="human"), Seat(), Seat()]
    match = Match(get_spec("wizard"), 3, 3, {}, seats)
    host = MatchHost(match, [Person(), *computers(3)[1:]])
    assert not host.may_watch(OMNISCIENT)
    with pytest.raises(PermissionError):
        host.subscribe(OMNISCIENT, lambda u: None)
    assert LocalLink(host, [0]).watch(OMNISCIENT) is False
    demo = MatchHost(Match(get_spec("wizard"), 3, 3, {}, [Seat()] * 3), computers(3))
    assert demo.may_watch(OMNISCIENT)


class Later(SeatController):
    """A computer whose answers the test hands in when it likes."""

    def __init__(self) -> None:
        self.asked: list[tuple[Request, Future[Action]]] = []

    def ask(self, request: Request) -> Future[Action]:
        f: Future[Action] = Future()
        self.asked.append((request, f))
        return f


def test_a_computer_is_applied_only_when_the_presenters_are_ready() -> None:
    match = Match(get_spec("cirno"), 4, 2, {}, [Seat(), Seat()])
    later = Later()
    host = MatchHost(match, [later, later])
    assert host.pump(True) == 0 and len(later.asked) == 1  # asked at once
    request, future = later.asked[0]
    future.set_result(request.legal[0])
    assert host.waiting() is False
    assert host.pump(False) == 0 and not match.history  # not while a table animates
    assert host.pump(True) == 1 and match.history == [request.legal[0]]


def test_an_answer_to_an_earlier_moment_is_dropped() -> None:
    """A person takes their move back while a computer thinks: its answer, when it comes, is
    for a moment that is gone (its sequence number), and nothing is applied from it."""
    seats = [Seat(kind="human"), Seat()]
    for seed in range(50):
        match = Match(get_spec("cirno"), seed, 2, {}, seats)
        if match.state.current_player() == 0:
            break
    later = Later()
    host = MatchHost(match, [Person(), later])
    host.pump(True)
    a = match.state.legal_actions()[0]
    host.act(0, 0, a)
    host.pump(True)
    assert len(later.asked) == 1 and host.seq == 1
    stale_request, stale = later.asked[0]
    assert host.undo(0).ok and host.seq == 0
    stale.set_result(stale_request.legal[0])  # too late: the question was withdrawn
    assert stale.cancelled() or host.pump(True) == 0
    assert host.seq == 0 and match is not None


def test_a_persons_answer_is_refused_with_a_reason_and_changes_nothing() -> None:
    seats = [Seat(kind="human"), Seat(kind="human")]
    match = Match(get_spec("cirno"), 1, 2, {}, seats)
    host = MatchHost(match, [Person(), Person()])
    p = match.state.current_player()
    assert p is not None
    other = 1 - p
    legal = match.state.legal_actions()
    view = match.state.view(None)
    for seat, seq, action, code in [(p, 3, legal[0], "stale"),
                                    (other, 0, legal[0], "not_your_turn"),
                                    (p, 0, Action("play", "no-such-card"), "illegal")]:
        with pytest.raises(RefusedError) as err:
            host.act(seat, seq, action)
        assert err.value.code == code
        assert match.state.view(None) == view and not match.history
    host.act(p, 0, legal[0])
    assert match.history == [legal[0]]


def test_an_illegal_computer_answer_raises_in_strict_hosts_and_is_replaced_otherwise() -> None:
    class Cheat:
        def choose(self, view: Any, legal: list[Action], rng: Any) -> Action:
            return Action("play", "no-such-card")
    match = Match(get_spec("cirno"), 1, 2, {}, [Seat(), Seat()])
    cheats = [Computer(Cheat(), "x", lambda r: GameRng(1)) for _ in range(2)]
    with pytest.raises(IllegalActionError):
        MatchHost(match, cheats, strict=True).pump(True)
    match = Match(get_spec("cirno"), 1, 2, {}, [Seat(), Seat()])
    first = match.state.legal_actions()[0]
    MatchHost(match, cheats).pump(True)
    assert match.history == [first]


def test_a_save_naming_an_unknown_level_plays_normal_and_says_so() -> None:
    seats = [Seat(kind="human"), Seat(agent="grandmaster")]
    host = local_host(Match(get_spec("wizard"), 1, 3, {}, [*seats, Seat(agent="easy")]),
                      autosave=False, archive_finished=False)
    assert host.controllers[1].level == FALLBACK_LEVEL
    assert host.notices == [UNKNOWN_LEVEL_KEY]
    assert host.notices[0].params["level"] == "grandmaster"


def test_a_hint_goes_to_the_seat_that_asked_and_marks_that_person() -> None:
    seats = [Seat(kind="human"), Seat(kind="human"), Seat()]
    for seed in range(40):
        match = Match(get_spec("cirno"), seed, 3, {}, seats)
        if match.state.current_player() == 0:
            break
    host = MatchHost(match, [Person(), Person(), *computers(3)[2:]])
    mine: list[Any] = []
    theirs: list[Any] = []
    host.subscribe(0, mine.append)
    host.subscribe(1, theirs.append)
    assert host.hint(1) == "not_your_turn"
    assert host.hint(0) is None  # computed at once here (no worker)
    assert mine[-1].hint is not None and mine[-1].hint.action in match.state.legal_actions()
    assert all(u.hint is None for u in theirs)
    assert match.assisted("hint", 0) and not match.assisted("hint", 1)
    host.act(0, host.seq, match.state.legal_actions()[0])
    assert mine[-1].hint is None  # a hint belongs to its decision


def test_hints_off_and_on_a_worker() -> None:
    seats = [Seat(kind="human"), Seat()]
    for seed in range(40):
        match = Match(get_spec("wizard"), seed, 3, {}, [*seats, Seat()])
        if match.state.current_player() == 0:
            break
    assert MatchHost(match, [Person(), *computers(3)[1:]], hints=False).hint(0) == "off"
    with ThreadPoolExecutor(1) as pool:
        host = MatchHost(match, [Person(), *computers(3)[1:]], worker=pool)
        got: list[Any] = []
        host.subscribe(0, got.append)
        assert host.hint(0) is None
        for _ in range(2000):
            host.pump(False)
            if got[-1].hint is not None:
                break
            import time
            time.sleep(0.005)
        assert got[-1].hint is not None


def test_a_dropped_hint_tells_the_seat_that_asked(monkeypatch) -> None:
    """A hint the host cannot use (its move is not legal now) is dropped, and the seat that
    asked is told: a table waiting for it must not go on saying 「想一想…」 (issue 33)."""
    from cardtable.coach import hints as hints_module
    from cardtable.coach.hints import Hint, move_msg
    from cardtable.core.events import Msg
    seats = [Seat(kind="human"), Seat()]
    for seed in range(40):
        match = Match(get_spec("cirno"), seed, 2, {}, seats)
        if match.state.current_player() == 0:
            break
    wrong = Action("play", card="no such card")
    assert wrong not in match.state.legal_actions()
    monkeypatch.setattr(hints_module, "compute_hint", lambda g, v, legal, s: Hint(
        g, wrong, move_msg(g, legal[0]), Msg("coach.hint.forced", {})))
    host = MatchHost(match, [Person(), *computers(2)[1:]])
    got: list[Any] = []
    host.subscribe(0, got.append)
    assert host.hint(0) is None
    assert got[-1].hint is None and got[-1].note is not None
    assert got[-1].note.key == "coach.hint.failed"
    assert not match.assisted("hint", 0)


def test_scripted_and_decided_answers() -> None:
    d = Decided(Action("done"))
    assert d.done() and d.result() == Action("done") and not d.cancel()


def test_replays_through_the_host_reach_the_recorded_end() -> None:
    from cardtable.host.replay import ReplayFeed
    rng = random.Random(3)
    match = Match(get_spec("eight_half"), 3, 3, {}, [Seat(kind="human"), Seat(), Seat()])
    while not match.state.is_terminal():
        match.submit(rng.choice(match.state.legal_actions()))
    feed = ReplayFeed(match)
    assert feed.finished and OMNISCIENT in feed.allowed_viewers()
    got: list[Any] = []
    feed.link.watch(0)
    while feed.step():
        got += feed.link.take()
    assert feed.at_end and feed.over and feed.position == len(match.history)
    feed.seek(5)
    (snap0, *_) = [u for u in feed.link.take() if u.viewer == 0]
    assert snap0.reset and snap0.seq == 5 and snap0.view == match.truncated(5).state.view(0)


def test_a_replay_of_an_unfinished_game_never_shows_every_hand() -> None:
    from cardtable.host.replay import ReplayFeed
    match = Match(get_spec("wizard"), 3, 3, {}, [Seat(kind="human"), Seat(), Seat()])
    for _ in range(10):
        match.submit(match.state.legal_actions()[0])
    feed = ReplayFeed(match)
    assert OMNISCIENT not in feed.allowed_viewers()
    assert feed.link.watch(OMNISCIENT) is False


def test_every_registered_game_plays_through_local_hosts() -> None:
    for game in GAME_IDS:
        n = players(game)
        assert registration(game).id == game
        match = Match(get_spec(game), 9, n, {}, [Seat(agent="easy") for _ in range(n)])
        host = local_host(match, autosave=False, archive_finished=False)
        host.run(max_actions=40)
        assert host.seq == 40 or host.over


def test_a_stand_in_takes_over_a_seat_and_the_person_reclaims_it() -> None:
    """Online: a person who left is played by the computer, and takes the seat back; the open
    question moves with the seat and no move is made twice."""
    seats = [Seat(kind="human"), Seat()]
    for seed in range(50):
        match = Match(get_spec("cirno"), seed, 2, {}, seats)
        if match.state.current_player() == 0:
            break
    person = Person()
    host = MatchHost(match, [person, *computers(2)[1:]])
    host.pump(True)
    assert person.request is not None  # the person was asked
    host.replace_controller(0, computers(2)[0])
    assert person.request is None  # withdrawn
    assert host.pump(True) == 1 and len(match.history) == 1  # the stand-in played once
    host.replace_controller(0, person)
    while not host.over and match.state.current_player() != 0:
        assert host.pump(True) == 1  # the computer's turns
    if not host.over:
        assert host.pump(True) == 0  # the person's turn: asked, nobody answers for them
        assert person.request is not None and person.request.seq == host.seq
