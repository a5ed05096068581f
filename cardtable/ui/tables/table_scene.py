"""The generic table: a presenter of what its link sends it.

A table holds a link (`cardtable.host.link`), never the match: it draws the view it was sent,
animates the events it was sent (already redacted for that viewer), turns a click into one of
the legal actions it was sent and hands it to the seat's controller through the link. The host
owns the game: the computers' moves, autosave, the archive, undo and hints. A game's table
subclass maps zones to rectangles, draws the table from `self.zones` (a mirror of zone
contents that animations update) and `self.disp` (numbers shown, e.g. a running total).

Who sees what: `self.viewer` is the person whose hand is shown (with two or more people at this
screen it changes only behind the opaque pass-device curtain; the kit's `VisibilityPolicy`
decides, from the seats' controllers); a table of computers shows the spectator's view, or every
hand (OMNISCIENT) when the demo's "show all hands" is on; a watching table (a replay, the move
log's picture of the past) shows the viewer it is told to (`set_watch`).

Modes: a game people play; `demo` (computers only, with pause/step/speed/show all); `watch`
(no input, no dialogs: it is driven from outside, e.g. by a replay's feed).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import pygame

from cardtable.coach.hints import Hint
from cardtable.core.actions import Action
from cardtable.core.events import Event, Msg
from cardtable.core.game import OMNISCIENT
from cardtable.core.match import NAME_MAX_LEN
from cardtable.history.describer import describer_for
from cardtable.host.frames import SeatInfo, Update
from cardtable.i18n import tr
from cardtable.ui import theme
from cardtable.ui.anim import Director
from cardtable.ui.scene import MOVING, Scene, soonest
from cardtable.ui.tables.kit.assists import Assists
from cardtable.ui.tables.kit.flights import FLIGHT_SIZE, CardFlights
from cardtable.ui.tables.kit.focus import FocusModel
from cardtable.ui.tables.kit.guard import MisclickGuard
from cardtable.ui.tables.kit.hint_view import HintView, phrase_wrap
from cardtable.ui.tables.kit.hit import Hit
from cardtable.ui.tables.kit.table_frame import (
    CONTROLS_RECT,
    DEMO_CONTROLS_RECT,
    DEMO_LOG_RECT,
    LOG_RECT,
    PANEL_AREA,
    TABLE_AREA,
    TableFrame,
    clear_wrap_cache,
)
from cardtable.ui.tables.kit.table_input import TableInput
from cardtable.ui.tables.kit.tooltip import TooltipTimer
from cardtable.ui.tables.kit.visibility import AI, HUMAN, REMOTE, VisibilityPolicy

log = logging.getLogger(__name__)

Zones = dict[str, list[str | None]]
LOG_KEEP = 600  # events of each viewer kept for the table's log (it shows the last 400)

__all__ = ["TableScene", "Hit", "Zones", "seat_label", "FLIGHT_SIZE", "PANEL_AREA",
           "TABLE_AREA", "DEMO_CONTROLS_RECT", "phrase_wrap"]


def seat_label(s: SeatInfo | None, seat: int) -> str:
    """The seat's name; a seat left unnamed is "Player n" / "Computer n" in the current
    language (so it follows a language switch)."""
    if s is not None and s.name:
        return s.name[:NAME_MAX_LEN]  # bounded at load too (cardtable.persist); never unbounded
    if s is not None and not s.person:
        return tr("ui.seat.ai_default", n=seat + 1)
    return tr("ui.seat.player_default", n=seat + 1)


def _controller(s: SeatInfo) -> str:
    """A seat as the visibility policy knows it."""
    return (HUMAN if s.here else REMOTE) if s.person else AI


class TableScene(TableInput, Assists, CardFlights, HintView, TableFrame, Scene):
    name = "table"
    game_id: ClassVar[str] = ""
    AI_MIN_THINK = 0.45  # seconds (scaled by speed) so computers' turns can be followed

    def __init__(self, app: Any, link: Any, demo: bool = False, watch: bool = False, *,
                 controls: Sequence[tuple[Callable[[], str], Callable[[], None]]] | None = None,
                 hints: bool = True) -> None:
        """`controls`: the side panel's buttons when a scene over the table has its own (a
        lesson's); `hints`: whether 提示 is offered at all."""
        super().__init__(app)
        self.link = link
        self.info = link.info
        self.demo = demo
        self.read_only = watch  # watched from outside: no input, no dialogs, no curtain
        self.controls = controls
        self.offers_hints = hints
        # a scene that shows this table (a lesson) sets: itself as the `front` (the table
        # paces the game while that scene is on top), a `gate` on the next scripted or
        # computer move, `hold_input` (no choices now), and what it draws over the table
        # (`covered_by`: a tooltip goes beside it)
        self.front: Scene = self
        self.gate: Callable[[], bool] = lambda: True
        self.hold_input = False
        self.covered_by: list[pygame.Rect] = []
        self.refused: str | None = None  # why the last choice was not taken (a lesson's)
        # the seq a choice was sent at, until the answer comes (a link over the network
        # answers later: meanwhile the decision is not offered again)
        self.awaiting: int | None = None
        if not demo and not watch:
            # a demo's or replay's speed (S key, `demo --speed`) is theirs: a game that people
            # play runs at the speed the settings say
            app.speed_factor = 1.0
        # whose private faces may be drawn, decided by the kit (hot-seat privacy)
        self.policy = VisibilityPolicy([_controller(s) for s in self.info.seats])
        self.watching: int | None = None  # the viewer a watching table shows
        self.show_all = False
        # the one path from events to words (table log, move log, undo labels, replays)
        self.describer = describer_for(self.info.game_id)
        self.director = Director(self._handle_event, self._on_idle, lambda: self.app.anim_speed)
        self.latest: dict[int | None, Update] = {}  # each followed viewer's newest update
        self.logs: dict[int | None, list[Event]] = {}  # each followed viewer's events
        self.zones: Zones = {}
        self.disp: dict[str, Any] = {}
        self.log_lines: list[str] = []
        self.log_queue: list[list[Any]] = []  # lines waiting for their card to land
        self.log_scroll = 0
        self.legal: list[Action] = []
        self.think_left = 0.0
        self._thinking_for: tuple[int, int | None] | None = None
        self.paused = False
        self.step_once = False
        self.pending: list[Scene] = []
        # a round's dialog waiting until the table has shown the round's end (`hold_dialog`)
        self.held_dialog: Scene | None = None
        self._dialog_pushed = False  # the event being shown put a dialog over the table
        self.selected: str | None = None  # a card waiting for a target choice
        # keyboard focus, pointer and the device used last (the kit's one focus model)
        self.focus_model = FocusModel()
        self.tooltip_timer = TooltipTimer()
        self.guard = MisclickGuard()  # a button new where another just was ignores clicks
        self.clock = 0.0
        self.banner: tuple[str, float, tuple[int, int, int]] | None = None
        self._finished_shown = False
        self.buttons = []
        self.log_rect = DEMO_LOG_RECT if demo or watch else LOG_RECT
        self.controls_rect = DEMO_CONTROLS_RECT if demo or watch else CONTROLS_RECT
        self.hits: list[Hit] = []
        self.hint_button = None  # made by _build_buttons (not in demos)
        self.hint_asked: tuple[int, int | None] | None = None  # (seq, seat) of a hint asked
        self.hint_failed = False
        self._layer = self._frame = None
        self._layer_sig = self._panel_sig = None
        self.panel_deferred = False  # this frame shows the side panel of the frame before
        self._panel_viewer: int | None = None  # whose view the side panel was drawn for
        self._build_buttons()
        self.prewarm()
        self.take_updates()
        if watch and self.watching not in self.latest and self.latest:
            self.watching = next(iter(self.latest))  # what the link shows (a fixed moment)
        self.snap()
        if self.seq == 0 and not watch:
            self.animate_opening()

    def prewarm(self) -> None:
        """Build cached art up front (card faces at the table's sizes) so that no frame during
        play has to render one for the first time."""

    # ---------------------------------------------------------------- viewer and news
    @property
    def viewer(self) -> int | None:
        """The seat whose private faces may be drawn now (the kit's visibility policy)."""
        return self.policy.viewer()

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        if seat is None:
            self.policy.lock()
        else:
            self.policy.unlock(seat)

    @property
    def eff_viewer(self) -> int | None:
        if self.read_only:
            return self.watching
        if self.demo and self.show_all:
            return OMNISCIENT
        return self.viewer

    @property
    def bottom_seat(self) -> int:
        """The seat drawn at the bottom: the viewer's, and in hot-seat the person who acted
        last, also while the spectator's view is drawn (the table does not turn around)."""
        v = self.viewer if not self.read_only else self.watching
        if v is not None and v >= 0:
            return v
        a = self.policy.anchor
        return a if a is not None else 0

    @property
    def shown(self) -> Update:
        """The newest update of the viewer drawn now."""
        return self.latest[self.eff_viewer]

    @property
    def seq(self) -> int:
        return self.shown.seq

    @property
    def over(self) -> bool:
        return self.shown.over

    @property
    def hint(self) -> Hint | None:
        u = self.latest.get(self.eff_viewer)
        return u.hint if u is not None else None

    def view(self) -> Any:
        return self.shown.view

    def spectator_view(self) -> Any:
        """What everyone at the table may see now: the spectator's view, or at a screen sent
        only its own seat's view (online) that view, whose public part is the same."""
        u = self.latest.get(None)
        return (u if u is not None else self.shown).view

    def set_watch(self, viewer: int | None) -> None:
        """A watching table shows `viewer`'s view from now on (rebuilt, not animated)."""
        self.link.watch(viewer)
        self.watching = viewer
        self.banner = None
        self.take_updates()
        self.snap()
        self._layer_sig = self._panel_sig = None

    def take_updates(self, updates: Sequence[Update] | None = None) -> None:
        """Take what the link sent (all of it when `updates` is None): one action's updates
        (one per followed viewer) animate for the viewer drawn; snapshots rebuild."""
        ups = list(self.link.take() if updates is None else updates)
        i = 0
        while i < len(ups):
            first = ups[i]
            j = i + 1
            while j < len(ups) and (ups[j].seq, ups[j].reset, ups[j].actor) == \
                    (first.seq, first.reset, first.actor):
                j += 1
            self._take_group(ups[i:j])
            i = j

    def _take_group(self, group: Sequence[Update]) -> None:
        first = group[0]
        if first.reset or first.actor is not None:
            self.awaiting = None  # the answer came (an action, or a snapshot after a refusal)
        eff = self.eff_viewer
        mine = next((u for u in group if u.viewer == eff), None)
        if first.reset:
            for u in group:
                self.latest[u.viewer] = u
                self.logs[u.viewer] = list(u.events)
            if self.hint_asked is not None and any(u.viewer == self.hint_asked[1]
                                                   for u in group):
                # a new snapshot (an undo) may bring back the very (seq, seat) of a hint asked
                # before: what the host holds now is in the snapshot (a hint it still keeps);
                # nothing is on its way any more, so 提示 must not stay 「想一想…」
                self.hint_asked = None
                self.hint_failed = False
            if mine is not None and self.v_ready():
                self.snap()
        elif first.actor is None:  # no news: a hint or a note for one viewer
            for u in group:
                self.latest[u.viewer] = u
            self._layer_sig = None
        else:  # an action
            before = self.latest.get(None)
            for u in group:
                self.latest[u.viewer] = u
                log_ = self.logs.setdefault(u.viewer, [])
                log_.extend(u.events)
                del log_[:-LOG_KEEP]
            events = first.events
            if self.policy.after_action(first.actor, first.acting, first.over, events):
                spectator = next(u for u in group if u.viewer is None)
                self._show_spectator(before, len(spectator.events))
                mine = spectator
            self.selected = None
            self.legal = []
            if mine is not None:
                self.director.push(list(mine.events))
            if not self.director.busy:  # nothing to show: the next decision now
                self._on_idle()
        note = next((u.note for u in group if u.note is not None and u.viewer == eff), None)
        if note is not None:
            self.show_note(note)

    def v_ready(self) -> bool:
        return self.eff_viewer in self.latest

    def show_note(self, note: Msg) -> None:
        """A line the host sent for this viewer (an undo's label, a hint that failed)."""
        params = {k: self.msg_text(v) if isinstance(v, Msg) else v
                  for k, v in note.params.items()}
        if note.key == "coach.hint.failed":
            self.hint_failed = True
        undo = note.key == "history.undo.label"
        self.banner = (tr(note.key, **params), 1.4, theme.ACCENT_DARK if undo
                       else theme.PANEL_LIGHT)

    def snap(self) -> None:
        """Rebuild everything from the view (after a viewer change, a load or an undo)."""
        if self.eff_viewer not in self.latest and self.link.watch(self.eff_viewer):
            self.take_updates()  # a viewer followed from now on (its snapshot comes first)
        self.director.clear()
        self.v = self.view()
        self.zones = self.zones_from_view(self.v)
        self.sync_disp(self.v)
        self.log_lines = self.log_from(self.logs.get(self.eff_viewer, [])[-400:])
        self.reset_log_queue()
        self.legal = list(self.shown.legal or ())
        self.selected = None

    def animate_opening(self) -> None:
        """A fresh game: play the opening shuffle and deal from a table with every card in
        the decks (the table hook `opening_zones` says what that looks like)."""
        zones = self.opening_zones()
        if zones is None:
            return
        self.zones = zones
        self.log_lines = []
        self.reset_log_queue()
        self.director.push(list(self.logs.get(self.eff_viewer, [])))

    def opening_zones(self) -> Zones | None:
        return None

    # ---------------------------------------------------------------- round dialogs
    # a round's end is shown in full before its dialog comes up (the companion card that the
    # loser takes lands, the last trick's line is in the log), and the next round's first
    # event waits under the dialog until it is closed
    DIALOG_HOLD = 1e-3  # the director's wait after a dialog came up: it stops there
    NEXT_ROUND_EVENTS: ClassVar[frozenset[str]] = frozenset({"cards_collected"})

    def push_dialog(self, scene: Scene) -> None:
        """A dialog over the table, now: the events after the one being shown wait until it
        is closed (`skip` stops there too)."""
        self._dialog_pushed = True
        self.app.push(scene)

    def hold_dialog(self, scene: Scene) -> None:
        """A round's dialog, shown once the table has shown the round's end: before the next
        round's first event (`NEXT_ROUND_EVENTS`), or when the batch is over."""
        self.held_dialog = scene

    def _push_held(self) -> None:
        scene, self.held_dialog = self.held_dialog, None
        if scene is not None:
            self.push_dialog(scene)

    def _handle_event(self, ev: Event, director: Director) -> float:
        self._dialog_pushed = False
        if self.held_dialog is not None and ev.kind in self.NEXT_ROUND_EVENTS:
            director.queue.appendleft(ev)  # shown after the dialog
            if director.tweens:  # a card still on its way (the loser's companion card)
                return 0.05
            self._push_held()
            return self.DIALOG_HOLD
        wait = super()._handle_event(ev, director)
        return max(wait, self.DIALOG_HOLD) if self._dialog_pushed else wait

    def dialog_came_up(self, ev: Event) -> bool:
        """The event just shown put a dialog over the table (a skip stops there)."""
        return self._dialog_pushed

    def _on_idle(self) -> None:
        """A batch finished animating: what was sent wins."""
        self._push_held()
        v = self.view()
        zones = self.zones_from_view(v)
        if zones != self.zones:
            log.debug("reconcile: zones differ from the view; snapping")
        self.v = v
        self.zones = zones
        self.sync_disp(v)
        self.legal = list(self.shown.legal or ())

    def _show_spectator(self, before: Update | None, new_events: int) -> None:
        """A hot-seat decision is over: from now on (its own animation included) the table is
        the spectator's, rebuilt from the spectator's view of the moment before the action."""
        self.director.clear()
        if before is not None:
            self.v = before.view
            self.zones = self.zones_from_view(before.view)
            self.sync_disp(before.view)
        past = self.logs.get(None, [])
        past = past[:-new_events] if new_events else past
        self.log_lines = self.log_from(past[-400:])
        self.reset_log_queue()
        self._layer_sig = self._panel_sig = None

    # ---------------------------------------------------------------- hooks for games
    def zones_from_view(self, view: Any) -> Zones:
        raise NotImplementedError

    def zone_rect(self, zone: str) -> pygame.Rect:
        raise NotImplementedError

    def sync_disp(self, view: Any) -> None:
        """Copy the numbers shown on the table from the view."""

    def describe(self, ev: Event) -> str | None:
        """The table log's line for a (redacted) event, or None: the game's describer words
        it (lines it marks as detail are shown as animation only)."""
        line = self.describer.line(ev, self.eff_viewer)
        if line is None or line.detail:
            return None
        return self.msg_text(line.msg)

    def log_from(self, events: Sequence[Event]) -> list[str]:
        """The table log for a stream of (redacted) events, from its start."""
        self.describer.reset()
        return [line for e in events if (line := self.describe(e))]

    def draw_table(self, surf: Any) -> None:
        raise NotImplementedError

    def table_hits(self) -> list[Hit]:
        return []

    def results_scene(self) -> Scene:
        from cardtable.ui.scenes.results import ResultsScene
        return ResultsScene(self.app, self, final=True)

    # ---------------------------------------------------------------- text
    def name_of(self, seat: int) -> str:
        seats = self.info.seats
        return seat_label(seats[seat] if seat < len(seats) else None, seat)

    def seat_names(self) -> list[str]:
        return [self.name_of(i) for i in range(self.info.num_players)]

    def msg_text(self, msg: Msg) -> str:
        """A message as text: every seat, card, zone and suit parameter translated (the
        describer's rendering, shared with the move log and replays)."""
        params = {k: list(v) if isinstance(v, tuple) else v for k, v in msg.params.items()}
        return self.describer.render(Msg(msg.key, params), self.seat_names())

    # ---------------------------------------------------------------- acting
    def submit(self, action: Action) -> None:
        """The person whose screen it is chose `action`: handed to their seat's controller."""
        seat = self.viewer
        u = self.latest.get(seat)
        if seat is None or u is None or u.legal is None or action not in u.legal:
            log.warning("ignored an action that is not legal now: %s", action)
            return
        why = self.link.act(seat, u.seq, action)
        if why is not None:
            log.info("the host did not take %s: %s", action, why)
            self.refused = why
            self.selected = None
            return
        self.selected = None
        self.legal = []
        self.awaiting = u.seq
        self.take_updates()

    def thinking(self) -> bool:
        """A computer (or a person elsewhere) is deciding now, and the table shows it: nothing
        is animating or waiting to be shown, and a demo is not paused."""
        u = self.latest.get(self.eff_viewer)
        if u is None or u.acting is None or self.director.busy or self.pending \
                or self.read_only:
            return False
        if self.demo and self.paused and not self.step_once:
            return False
        return self._decides_elsewhere(u.acting)

    def _decides_elsewhere(self, seat: int) -> bool:
        s = self.info.seats[seat]
        return not (s.person and s.here)

    def ready(self) -> bool:
        """The table may take the next move that is not this screen's person's: nothing is
        animating or waiting to be shown, a demo is not paused, and the computer has been
        "thinking" long enough to be followed."""
        if self.director.busy or self.pending or self.app.stack.top is not self.front:
            return False
        if self.demo and self.paused and not self.step_once:
            return False
        return self.think_left <= 0 and self.gate()

    def rest(self) -> None:
        """The next move that is not this screen's person's waits a computer's thinking time
        from now (after a lesson's note was read)."""
        self.think_left = self.AI_MIN_THINK

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.info is not self.link.info:  # online: who is present, who stands in
            self.info = self.link.info
            self._layer_sig = self._panel_sig = None
            parts = getattr(self, "_layer_parts", None)
            if parts is not None:
                parts.reset()  # the plates say who is away (a full redraw: it is rare)
        target = self.tooltip_target() if not self.director.busy else None
        self.tooltip_timer.update(dt, target[0] if target else None)
        if self.banner is not None:
            text, left, color = self.banner
            left -= dt * self.app.anim_speed
            self.banner = (text, left, color) if left > 0 else None
        self.director.update(dt)
        if self.read_only:
            self.take_updates()
            self.pending.clear()
            return
        self._pace(dt)
        seq = self.seq
        self.take_updates(self.link.poll(self.ready()))
        if self.seq != seq:
            self.step_once = False
        for notice in self.link.notices():
            if notice not in self.app.notices:
                self.app.notices.append(notice)
        if self.director.busy:
            return
        if self.pending:
            self.app.push(self.pending.pop(0))
            return
        if self.over:
            if not self._finished_shown:
                self._finished_shown = True
                self.app.play_sound("win")
                self.app.push(self.results_scene())
            return
        p = self.shown.acting
        if p is not None and self.policy.needs_curtain(p):
            self._pass_to(p)

    # the turn marker's bob and the hint's pulse: slow, and only for a while after the last
    # activity (then they rest, and a person's turn costs nothing while they think)
    AMBIENT_SECONDS = 6.0

    def next_frame(self) -> float | None:
        """Moving while cards fly, a banner is up or a dialog waits to be shown; else the
        computer's thinking time left (its answer itself wakes the loop)."""
        if self.director.busy or self.pending or self.banner is not None:
            return MOVING
        if self.read_only:
            return None
        if self.over and not self._finished_shown:
            return MOVING
        acting = self.shown.acting
        if self.think_left > 0 and acting is not None and self._decides_elsewhere(acting) \
                and not (self.demo and self.paused and not self.step_once):
            return soonest(self.think_left / self.app.anim_speed, self.timer_due())
        return self.timer_due()

    def timer_due(self) -> float | None:
        """Seconds until a game table's own timer is due (a notice that goes away), or None."""
        return None

    def ambient(self) -> bool:
        return not self.read_only or self.hint is not None

    def _pace(self, dt: float) -> None:
        """The computer's thinking time: counted from when the table is idle on its turn."""
        key = (self.seq, self.shown.acting)
        if key != self._thinking_for:
            self._thinking_for = key
            acting = self.shown.acting
            self.think_left = self.AI_MIN_THINK if acting is not None and \
                self._decides_elsewhere(acting) else 0.0
        elif not self.director.busy and not self.pending:
            self.think_left -= dt * self.app.anim_speed

    def _pass_to(self, p: int) -> None:
        from cardtable.ui.scenes.curtain import CurtainScene

        def done() -> None:
            self.policy.unlock(p)
            self.snap()

        self.app.push(CurtainScene(self.app, self.name_of(p), done, self.open_pause))

    def human_turn(self) -> bool:
        """True when the viewer may act now (their decision, nothing animating)."""
        if self.director.busy or self.pending or self.demo or self.read_only:
            return False
        p = self.viewer
        u = self.latest.get(p)
        return p is not None and u is not None and u.acting == p and u.legal is not None \
            and self.awaiting != u.seq

    def open_move_log(self) -> None:
        from cardtable.ui.scenes.movelog import MoveLogScene
        self.app.push(MoveLogScene(self.app, self))

    def open_pause(self) -> None:
        from cardtable.ui.scenes.pause import PauseScene
        self.app.push(PauseScene(self.app, self))

    def on_scale_changed(self) -> None:
        self._layer = self._frame = None
        self._layer_sig = self._panel_sig = None

    def notice_buttons(self) -> list[pygame.Rect]:
        """The buttons drawn on the table itself (the frame's are widgets)."""
        return [h.rect for h in getattr(self, "hits", []) if self.is_button(h)]

    def notice_keep(self) -> list[pygame.Rect]:
        """A notice had better leave the hand, the prompt line and the totals uncovered too."""
        if not hasattr(self, "hits"):
            return []
        return self.protected_rects()

    def on_locale_changed(self) -> None:
        clear_wrap_cache()
        self._layer_sig = self._panel_sig = None
        self.log_lines = self.log_from(self.logs.get(self.eff_viewer, [])[-400:])
        self.reset_log_queue()

    def exit(self) -> None:
        """Off the stack: the game's questions are left to the host (a new table may take
        the link)."""
