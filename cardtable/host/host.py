"""The match host: the one owner of a game in play (pure: no pygame, no translator).

    host = MatchHost(match, controllers, worker=..., saver=..., archiver=...)
    host.subscribe(viewer, sink)     # sink(update): a snapshot now, then one update per action
    host.pump(ready)                 # ask the acting seat, apply its answer when it is in
    host.act(seat, seq, action)      # a person's answer (from the table or the network)
    host.undo(seat); host.hint(seat)

It owns the `Match` (state, log, record, seed), asks the acting seat's controller for each
decision, applies the answer, and publishes to every subscribed viewer an `Update` built by
`frames.frame_for` from that viewer's view and redacted events. It owns what happens around a
move: the autosave, the statistics archive at the end, the undo policy, the hint policy, and
dropping answers that come too late (by sequence number). The app's tables, `cardtable
simulate`, replays, lessons, the tests and the network server all play through it: there is one
decision loop in the code base, `pump`.

Pace: a person's answer is applied when it comes (`act`); any other controller's when the
caller says the presenters are `ready` (a table finished animating and let a computer "think"
long enough to be followed; a replay's step). Nothing here knows about time.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, replace
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any, Protocol

from cardtable.core.actions import Action
from cardtable.core.errors import IllegalActionError
from cardtable.core.events import Event, Msg, redact
from cardtable.core.game import OMNISCIENT
from cardtable.core.match import Match, MatchRecord
from cardtable.host.controllers import Answer, Person, Request, SeatController
from cardtable.host.frames import EndSummary, SeatInfo, TableInfo, UndoOffer, Update, frame_for

if TYPE_CHECKING:
    from cardtable.coach.hints import Hint
    from cardtable.history.movelog import LogEntry

log = logging.getLogger(__name__)

RECENT = 400  # events of the past a snapshot carries (for the table's log)

Sink = Callable[[Update], None]

# undo rules: "solo" (UNDO-1: one person at the screen, the others computers), "strict"
# (UNDO-2: several people, or online), "off" (demos, replays, lessons: UNDO-3)
UNDO_RULES = ("solo", "strict", "off")


class Saver(Protocol):
    """Where the game in play is kept after every move (the app's autosave)."""

    def save(self, record: MatchRecord) -> None: ...
    def clear(self) -> None: ...


Archiver = Callable[[Match], str | None]  # a finished game -> a notice for the person, or None


@dataclass(frozen=True, slots=True)
class UndoResult:
    ok: bool
    reason: str | None = None  # why nothing was taken back (a reason word)
    move: Msg | None = None    # what was taken back (the undoing seat's move, in words)


@dataclass(slots=True)
class _HintJob:
    seq: int
    seat: int
    future: Future[Hint]
    delivered: bool = False


class RefusedError(ValueError):
    """An answer the host did not take; `code` says why: "stale" (it answers an earlier
    moment), "not_your_turn", "illegal"."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code


def _chosen_from(action: Action, legal: Sequence[Action]) -> bool:
    # agents usually return one of the listed objects: finding it by identity (a C-level scan)
    # skips comparing field by field with every action listed before it; `in` decides otherwise
    return any(map(is_, repeat(action), legal)) or action in legal


class MatchHost:
    def __init__(self, match: Match, controllers: Sequence[SeatController], *,
                 worker: Executor | None = None, saver: Saver | None = None,
                 archiver: Archiver | None = None, undo_rule: str | None = None,
                 hints: bool = True, strict: bool = False, show_all: bool | None = None
                 ) -> None:
        """`strict`: an illegal answer from a computer or script raises IllegalActionError
        (the simulator, tests); otherwise it is logged and the seat's first legal action is
        played, as for an agent that fails (the app must go on)."""
        if len(controllers) != match.num_players:
            raise ValueError(f"{len(controllers)} controllers for {match.num_players} seats")
        self._match = match
        self.controllers = list(controllers)
        self.worker = worker
        self.saver = saver
        self.archiver = archiver
        persons = sum(1 for c in self.controllers if c.person)
        if undo_rule is None:
            undo_rule = "off" if persons == 0 else "solo" if persons == 1 else "strict"
        if undo_rule not in UNDO_RULES:
            raise ValueError(f"unknown undo rule {undo_rule!r}; valid: {UNDO_RULES}")
        self.undo_rule = undo_rule
        self.hints = hints
        self.strict = strict
        self.show_all = show_all
        self._subs: list[tuple[int | None, Sink]] = []
        self._pending: tuple[Request, Answer] | None = None
        self._hint: _HintJob | None = None
        self._finished = False
        self.notices: list[str] = []  # for the person (a failed write), taken by the app
        # observers of every applied action: (seat, action, events) — the simulator's tallies
        self.on_action: list[Callable[[int, Action, list[Event]], None]] = []

    # ------------------------------------------------------------ what others may read
    @property
    def seq(self) -> int:
        """Actions applied so far (an answer names the seq it answers)."""
        return len(self._match.history)

    @property
    def game_id(self) -> str:
        return self._match.spec.id

    @property
    def over(self) -> bool:
        return self._match.state.is_terminal()

    def acting(self) -> int | None:
        return self._match.state.current_player()

    def waiting(self) -> bool:
        """A computer (or a script) is still working on its answer."""
        p = self._pending
        return p is not None and not self.controllers[p[0].seat].person and not p[1].done()

    def table_info(self, here: Sequence[int] = ()) -> TableInfo:
        """The table as a screen shows it; `here`: the seats of people at that screen."""
        m = self._match
        seats = []
        for i, seat in enumerate(m.seats):
            info = SeatInfo.of(seat)
            seats.append(replace(info, here=info.person and i in here))
        return TableInfo(m.spec.id, m.num_players, tuple(seats), m.options.model_dump())

    def record(self) -> MatchRecord:
        return self._match.record()

    def metrics(self) -> list[dict[str, float]]:
        """Each seat's game-specific figures of the game (`GameSpec.metrics`)."""
        return self._match.spec.metrics(self._match.state)

    def result(self) -> tuple[list[float], list[float]]:
        """(returns, scores) of a finished game."""
        st = self._match.state
        return st.returns(), st.scores()

    # ------------------------------------------------------------ viewers
    def may_watch(self, viewer: int | None) -> bool:
        """Every hand (OMNISCIENT) only at a table of computers alone, or once it is over."""
        if viewer == OMNISCIENT:
            if self.show_all is not None:
                return self.show_all
            return self.over or not any(c.person for c in self.controllers)
        return viewer is None or 0 <= viewer < self._match.num_players

    def subscribe(self, viewer: int | None, sink: Sink) -> None:
        """`sink` gets `viewer`'s snapshot now, then its update after every action."""
        if not self.may_watch(viewer):
            raise PermissionError(f"viewer {viewer} may not watch this table")
        self._subs.append((viewer, sink))
        sink(self.snapshot(viewer))

    def unsubscribe(self, sink: Sink) -> None:
        self._subs = [(v, s) for v, s in self._subs if s is not sink]

    def snapshot(self, viewer: int | None, note: Msg | None = None) -> Update:
        m = self._match
        return self._frame(viewer, m.events_for(viewer)[-RECENT:], reset=True, note=note,
                           redacted=True)

    def _frame(self, viewer: int | None, events: Sequence[Event], *, reset: bool = False,
               actor: int | None = None, note: Msg | None = None, redacted: bool = False,
               hint: Hint | None = None) -> Update:
        st = self._match.state
        acting = st.current_player()
        shown = events if redacted else [redact(e, viewer) for e in events]
        legal = st.legal_actions() if acting is not None and acting == viewer else None
        return frame_for(self.seq, viewer, st.view(viewer), shown, acting, legal, actor=actor,
                         reset=reset, summary=self._summary(), undo=self.undo_offer(viewer),
                         hint=hint if hint is not None else self._hint_for(viewer), note=note)

    def _summary(self) -> EndSummary | None:
        st = self._match.state
        if not st.is_terminal():
            return None
        scores = st.scores()
        returns = st.returns()
        standings = getattr(st, "standings", None)
        if standings is not None:
            groups = [tuple(g) for g in standings()]
        else:  # fewest points first, equals together
            order = sorted(range(len(scores)), key=lambda i: (scores[i], i))
            groups = []
            for i in order:
                if groups and scores[groups[-1][0]] == scores[i]:
                    groups[-1] = (*groups[-1], i)
                else:
                    groups.append((i,))
        winners = getattr(st, "winners", None) or [i for i, r in enumerate(returns) if r > 0]
        return EndSummary(tuple(scores), tuple(winners), tuple(groups))

    def _publish(self, events: Sequence[Event], actor: int | None) -> None:
        for viewer, sink in list(self._subs):
            sink(self._frame(viewer, events, actor=actor))

    def _resync(self, note: Msg | None = None) -> None:
        for viewer, sink in list(self._subs):
            sink(self.snapshot(viewer, note=note))

    # ------------------------------------------------------------ the decision loop
    def pump(self, ready: bool = True) -> int:
        """Ask the acting seat if nobody is asked yet; apply its answer if it is in (a person's
        always, any other's only when `ready`). Returns the number of actions applied (0 or 1:
        the caller's `ready` is about the moment before)."""
        if self._hint is not None:
            self._collect_hint()
        m = self._match
        st = m.state
        if st.is_terminal():
            self._finish()
            return 0
        if self._pending is None:
            p = st.current_player()
            assert p is not None
            request = Request(len(m.history), p, st.view(p), st.legal_actions())
            self._pending = (request, self.controllers[p].ask(request))
        request, answer = self._pending
        ctrl = self.controllers[request.seat]
        if not answer.done() or not (ready or ctrl.person):
            return 0
        self._pending = None
        try:
            action = answer.result()
        except Exception:  # an agent that failed must not stop the game
            log.exception("seat %d (%s) failed to decide; playing its first legal action",
                          request.seat, ctrl.kind)
            action = request.legal[0]
        if not _chosen_from(action, request.legal):
            if self.strict:
                raise IllegalActionError(action, self._match.state.phase, request.seat)
            log.error("seat %d (%s) answered %s, which is not legal; playing its first legal "
                      "action", request.seat, ctrl.kind, action)
            action = request.legal[0]
        self._apply(request.seat, action)
        return 1

    def run(self, max_actions: int | None = None) -> int:
        """Play on while every answer is in at once (computers without a worker, scripts):
        until the game is over, a question waits, or `max_actions` were applied."""
        done = 0
        while max_actions is None or done < max_actions:
            if self._match.state.is_terminal():
                self._finish()
                break
            got = self.pump(True)
            if not got:
                break
            done += got
        return done

    def _apply(self, seat: int, action: Action) -> None:
        events = self._match.submit(action, check=False)
        for observe in self.on_action:
            observe(seat, action, events)
        if self.saver is not None:
            self._save()
        if self._subs:
            self._publish(events, seat)
        if self._match.state.is_terminal():
            self._finish()

    def act(self, seat: int, seq: int, action: Action) -> None:
        """A person's answer for `seat` at `seq`; applied at once. Raises `RefusedError`
        ("stale", "not_your_turn", "illegal") and changes nothing when it cannot be taken."""
        if seq != self.seq:
            raise RefusedError("stale", f"answers {seq}, the table is at {self.seq}")
        st = self._match.state
        if st.is_terminal() or st.current_player() != seat:
            raise RefusedError("not_your_turn", f"seat {seat}")
        ctrl = self.controllers[seat]
        if not isinstance(ctrl, Person):
            raise RefusedError("not_your_turn", f"seat {seat} is not a person's")
        if self._pending is None:
            self.pump(False)  # ask the person first (the question opens their turn)
        assert self._pending is not None
        request, _ = self._pending
        if not _chosen_from(action, request.legal):
            raise RefusedError("illegal", str(action))
        ctrl.answer(action)
        self.pump(True)

    def replace_controller(self, seat: int, controller: SeatController) -> None:
        """Someone else decides for `seat` from now on (online: the computer standing in for a
        person who left, and the person again when they reclaim the seat). A question open to
        the seat is withdrawn and asked again of the new controller."""
        if self._pending is not None and self._pending[0].seat == seat:
            self.controllers[seat].withdraw()
            self._pending = None
        self.controllers[seat] = controller

    def name_seat(self, seat: int, name: str) -> None:
        """Online: a person sat down at `seat` under `name` (the record names who played; the
        statistics count games by name)."""
        from cardtable.core.match import Seat
        self._match.seats[seat] = Seat(kind="human", name=name)

    def _withdraw(self) -> None:
        if self._pending is not None:
            self.controllers[self._pending[0].seat].withdraw()
            self._pending = None
        if self._hint is not None:
            self._hint.future.cancel()
            self._hint = None

    def _save(self) -> None:
        if self.saver is None:
            return
        try:
            if self._match.state.is_terminal():
                self.saver.clear()
            else:
                self.saver.save(self._match.record())
        except OSError as exc:
            log.error("autosave failed: %s", exc)

    def _finish(self) -> None:
        """Once, when the game is over: the record to the archive and the statistics."""
        if self._finished:
            return
        self._finished = True
        self._withdraw()
        if self.archiver is not None:
            notice = self.archiver(self._match)
            if notice and notice not in self.notices:
                self.notices.append(notice)

    # ------------------------------------------------------------ undo (UNDO-1…3)
    def undo_offer(self, seat: int | None) -> UndoOffer | None:
        """What 悔棋 can do for `seat` now (None: not a person's seat, or undo is off)."""
        if self.undo_rule == "off" or seat is None or seat < 0 \
                or not self.controllers[seat].person:
            return None
        if self.over:
            return UndoOffer(False, "over")
        from cardtable.history.undo import undo_points, why_not
        strict = self.undo_rule == "strict"
        if undo_points(self._match, seat, strict=strict):
            return UndoOffer(True)
        return UndoOffer(False, why_not(self._match, seat, strict=strict) or "none")

    def undo(self, seat: int) -> UndoResult:
        """Take back `seat`'s latest decision (and what the computers did after it): the match
        is replayed without them, and every viewer gets a snapshot."""
        offer = self.undo_offer(seat)
        if offer is None or not offer.can:
            return UndoResult(False, offer.reason if offer is not None else "none")
        from cardtable.history.describer import describer_for
        from cardtable.history.undo import undo_points, undo_to
        m = self._match
        n = undo_points(m, seat, strict=self.undo_rule == "strict")[0]
        move = describer_for(m.spec.id).action(m.history[n], seat)
        assists = m.assists
        self._withdraw()
        self._match = undo_to(m, n, seat)
        self._match.assists = list(assists)
        self._match.note_assist("undo", seat)  # statistics mark the game for this person
        self._save()
        self._resync(note=Msg("history.undo.label", {"move": move}))
        return UndoResult(True, move=move)

    def reset_to(self, match: Match) -> None:
        """Go on from `match` (a replay's seek): withdraw every question, send snapshots."""
        self._withdraw()
        self._match = match
        self._finished = match.state.is_terminal()
        self._resync()

    # ------------------------------------------------------------ hints
    def hint(self, seat: int) -> str | None:
        """Ask the hard AI about `seat`'s decision, from that seat's view only; the hint comes
        in an update for that viewer. Returns why it cannot be asked ("off", "not_your_turn"),
        or None."""
        st = self._match.state
        if not self.hints:
            return "off"
        if st.is_terminal() or st.current_player() != seat or not self.controllers[seat].person:
            return "not_your_turn"
        if self._hint is not None and (self._hint.seq, self._hint.seat) == (self.seq, seat):
            return None  # already asked for this decision
        from cardtable.coach.hints import compute_hint
        # the search's seed comes from public facts only (moves made, who acts), so asking
        # twice gives the same hint and nothing hidden steers it
        seed = (self.seq * 7919 + seat * 104729 + 1) & ((1 << 62) - 1)
        args = (self.game_id, st.view(seat), list(st.legal_actions()), seed)
        future: Future[Hint]
        if self.worker is not None:
            future = self.worker.submit(compute_hint, *args)
        else:
            future = Future()
            try:
                future.set_result(compute_hint(*args))
            except Exception as exc:  # reported like a worker's failure
                future.set_exception(exc)
        self._hint = _HintJob(self.seq, seat, future)
        self._collect_hint()
        return None

    def _hint_for(self, viewer: int | None) -> Hint | None:
        h = self._hint
        if h is None or not h.delivered or h.seq != self.seq or h.seat != viewer:
            return None
        return h.future.result()

    def _collect_hint(self) -> None:
        """A hint that finished: kept for its decision (with the assist marked) and sent to
        the seat that asked; one whose decision is over is dropped unseen."""
        h = self._hint
        if h is None:
            return
        if h.seq != self.seq:
            h.future.cancel()
            self._hint = None
            return
        if h.delivered or not h.future.done():
            return
        seat = h.seat
        try:
            hint = h.future.result()
        except Exception:
            log.exception("hint failed")
            self._hint = None
            self._send(seat, note=Msg("coach.hint.failed"))
            return
        if hint.action not in self._match.state.legal_actions():
            log.warning("dropped a hint that is not legal now: %s", hint.action)
            self._hint = None
            self._send(seat, note=Msg("coach.hint.failed"))  # the table must stop waiting
            return
        h.delivered = True
        if not self._match.assisted("hint", seat):
            # statistics mark the games in which this person used hints (saved at once)
            self._match.note_assist("hint", seat)
            self._save()
        self._send(seat, hint=hint)

    def _send(self, viewer: int, **extra: Any) -> None:
        """An update without news (a hint, a note) to the sinks of `viewer`."""
        for v, sink in list(self._subs):
            if v == viewer:
                sink(self._frame(v, (), **extra))

    # ------------------------------------------------------------ the past
    def move_log(self, viewer: int | None) -> list[LogEntry]:
        """Every move so far in words, as `viewer` may know them."""
        from cardtable.history.movelog import log_entries
        return log_entries(self._match, viewer)

    def past(self, n: int, viewer: int | None) -> Update:
        """A snapshot of the table after the first `n` actions, for `viewer`."""
        if not self.may_watch(viewer):
            raise PermissionError(f"viewer {viewer} may not watch this table")
        if n == self.seq:
            return self.snapshot(viewer)
        return MatchHost(self._match.truncated(n), self.controllers,
                         undo_rule="off").snapshot(viewer)
