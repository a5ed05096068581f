"""The generic table scene: match, seats, viewer, director, AI worker, autosave, hot-seat.

A game's table subclass maps zones to rectangles, draws the table from `self.zones` (a mirror of
zone contents that animations update) and `self.disp` (numbers shown, e.g. a running total), and
turns clicks into actions taken from `legal_actions()` — never re-deciding legality.

Who sees what: `self.viewer` is the human whose hand is shown (with two or more humans it changes
only behind the opaque pass-device curtain); AI-only games show a spectator view, or everything
(OMNISCIENT) when the demo's "show all hands" is on. Every event is redacted for the viewer
before the table sees it.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, ClassVar

import pygame

from cardtable import persist
from cardtable.coach.hints import Hint, compute_hint, hint_text
from cardtable.core.actions import Action
from cardtable.core.events import CARD_MOVED, SHUFFLED, Event, Msg, redact
from cardtable.core.game import OMNISCIENT
from cardtable.core.match import NAME_MAX_LEN, Match, Seat
from cardtable.core.rng import GameRng
from cardtable.history.describer import describer_for
from cardtable.i18n import has_key, tr
from cardtable.ui import cardart, draw, gfx, theme
from cardtable.ui.ai_worker import make_agent
from cardtable.ui.anim import Director, FlightSpec
from cardtable.ui.scene import Scene
from cardtable.ui.tables.kit import flight_art
from cardtable.ui.tables.kit.focus import FocusModel, visual_order
from cardtable.ui.tables.kit.guard import MisclickGuard
from cardtable.ui.tables.kit.layout import FELT
from cardtable.ui.tables.kit.tooltip import TooltipTimer, emptiest, free_spot, place_tooltip
from cardtable.ui.tables.kit.visibility import VisibilityPolicy
from cardtable.ui.tables.kit.zones import take_from
from cardtable.ui.widgets import Button

log = logging.getLogger(__name__)

Zones = dict[str, list[str | None]]

# the side column: log on top, controls below (the demo has more buttons)
LOG_RECT = pygame.Rect(984, 12, 284, 408)
CONTROLS_RECT = pygame.Rect(984, 430, 284, 278)
DEMO_LOG_RECT = pygame.Rect(984, 12, 284, 400)
DEMO_CONTROLS_RECT = pygame.Rect(984, 422, 284, 286)
STREAM_STAGGER = 0.045  # seconds between two cards of a stream (`TableScene.move_stream`)


@dataclass
class Hit:
    """Something clickable on the table: a rect and what clicking it does."""

    rect: pygame.Rect
    actions: list[Action]
    key: str = ""


def seat_name(match: Match, seat: int) -> str:
    return seat_label(match.seats[seat] if seat < len(match.seats) else None, seat)


def seat_label(s: Seat | None, seat: int) -> str:
    """The seat's name; a seat left unnamed is "Player n" / "Computer n" in the current
    language (so it follows a language switch)."""
    if s is not None and s.name:
        return s.name[:NAME_MAX_LEN]  # bounded at load too (cardtable.persist); never unbounded
    if s is not None and s.kind == "ai":
        return tr("ui.seat.ai_default", n=seat + 1)
    return tr("ui.seat.player_default", n=seat + 1)


class TableScene(Scene):
    name = "table"
    game_id: ClassVar[str] = ""
    AI_MIN_THINK = 0.45  # seconds (scaled by speed) so AI turns can be followed
    CACHE_LAYERS = True  # tests turn this off so every frame draws everything
    # a read-only copy (move log "as it was then", replays): no input, no AI, no autosave; it
    # shows `self.watch`'s view (cardtable.ui.scenes.replay.read_only_table makes one)
    read_only: ClassVar[bool] = False

    def __init__(self, app: Any, match: Match, demo: bool = False, autosave: bool = True) -> None:
        super().__init__(app)
        self.match = match
        self.demo = demo
        self.autosave = autosave and not demo and not self.read_only
        if not demo and not self.read_only:
            # a demo's or replay's speed (S key, `demo --speed`) is theirs: a game that people
            # play runs at the speed the settings say
            app.speed_factor = 1.0
        self.humans = [i for i, s in enumerate(match.seats) if s.kind == "human"]
        # whose private faces may be drawn, decided by the kit (hot-seat privacy)
        self.policy = VisibilityPolicy([s.kind for s in match.seats])
        self.show_all = False
        self.agents: dict[int, Any] = {}
        for i, seat in enumerate(match.seats):
            if seat.kind == "ai":
                self.agents[i] = make_agent(match.spec.id, seat.agent, match.seed * 31 + i)
        # the one path from events to words (table log, move log, undo labels, replays)
        self.describer = describer_for(match.spec.id)
        self.director = Director(self._handle_event, self._on_idle, lambda: self.app.anim_speed)
        self.zones: Zones = {}
        self.disp: dict[str, Any] = {}
        self.log_lines: list[str] = []
        self.log_scroll = 0
        self.legal: list[Action] = []
        self.future: Future[Action] | None = None
        self.future_token = -1
        self.think_left = 0.0
        self.paused = False
        self.step_once = False
        self.pending: list[Scene] = []
        self.selected: str | None = None  # a card waiting for a target choice
        # keyboard focus, pointer and the device used last (the kit's one focus model)
        self.focus_model = FocusModel()
        self.tooltip_timer = TooltipTimer()
        self.guard = MisclickGuard()  # a button new where another just was ignores clicks
        self.clock = 0.0
        self.banner: tuple[str, float, tuple[int, int, int]] | None = None
        self._finished_shown = False
        self.buttons: list[Button] = []
        self.log_rect = DEMO_LOG_RECT if demo or self.read_only else LOG_RECT
        self.controls_rect = DEMO_CONTROLS_RECT if demo or self.read_only else CONTROLS_RECT
        self.hits: list[Hit] = []
        self.hint_button: Button | None = None  # made by _build_buttons (not in demos)
        # the 提示 (hint) of the decision now: asked on the AI thread, dropped when stale
        self.hint: Hint | None = None
        self.hint_future: Future[Hint] | None = None
        self.hint_token: tuple[int, int, int | None, int | None] | None = None
        self.hint_failed = False
        self._layer: gfx.Image | None = None
        self._layer_sig: tuple[Any, ...] | None = None
        self._frame: gfx.Image | None = None  # the layer with the side panel on it
        self._panel_sig: tuple[Any, ...] | None = None
        self.panel_deferred = False  # this frame shows the side panel of the frame before
        self._panel_viewer: int | None = None  # whose view the side panel was drawn for
        self._build_buttons()
        self.prewarm()
        self.snap()
        if not match.history:
            self.animate_opening()

    def prewarm(self) -> None:
        """Build cached art up front (card faces at the table's sizes) so that no frame during
        play has to render one for the first time."""

    # ---------------------------------------------------------------- viewer and truth
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

    # the focus model's state, under the names the tables have always used
    @property
    def focus(self) -> int:
        return self.focus_model.index

    @focus.setter
    def focus(self, i: int) -> None:
        self.focus_model.index = i
        self.focus_model.focus_key = None

    @property
    def mouse(self) -> tuple[int, int]:
        return self.focus_model.mouse

    @mouse.setter
    def mouse(self, pos: tuple[int, int]) -> None:
        self.focus_model.mouse = pos

    @property
    def keys_last(self) -> bool:
        return self.focus_model.keys_last

    @keys_last.setter
    def keys_last(self, value: bool) -> None:
        self.focus_model.keys_last = value

    def active_key(self, hits: Sequence[Hit] | None = None) -> str | None:
        """The key of the highlighted hit: the one focused from the keyboard when it was used
        last, else the one under the pointer (or the focus when the pointer is on nothing)."""
        return self.focus_model.highlighted_key(self.hits if hits is None else hits)

    def focused_key(self, hits: Sequence[Hit] | None = None) -> str | None:
        cur = self.focus_model.current(self.hits if hits is None else hits)
        return cur.key if cur is not None else None

    @property
    def eff_viewer(self) -> int | None:
        if self.read_only:
            return getattr(self, "watch", self.viewer)
        if self.demo and self.show_all:
            return OMNISCIENT
        return self.viewer

    @property
    def bottom_seat(self) -> int:
        """The seat drawn at the bottom: the viewer's, and in hot-seat the person who acted
        last, also while the spectator's view is drawn (the table does not turn around)."""
        v = self.viewer
        if v is not None and v >= 0:
            return v
        a = self.policy.anchor
        return a if a is not None else 0

    def view(self) -> Any:
        return self.match.state.view(self.eff_viewer)

    def snap(self) -> None:
        """Rebuild everything from the true view (after a viewer change or a load)."""
        self.director.clear()
        self.v = self.view()
        self.zones = self.zones_from_view(self.v)
        self.sync_disp(self.v)
        self.log_lines = self.log_from(self.match.events_for(self.eff_viewer)[-400:])
        self.legal = self.match.state.legal_actions()
        self.selected = None

    def animate_opening(self) -> None:
        """A fresh match: play the opening shuffle and deal from a table with every card in
        the decks (the table hook `opening_zones` says what that looks like)."""
        zones = self.opening_zones()
        if zones is None:
            return
        self.zones = zones
        self.log_lines = []
        self.director.push(self.match.events_for(self.eff_viewer))

    def opening_zones(self) -> Zones | None:
        return None

    def _on_idle(self) -> None:
        """A batch finished animating: truth wins."""
        v = self.view()
        zones = self.zones_from_view(v)
        if zones != self.zones:
            log.debug("reconcile: zones differ from the view; snapping")
        self.v = v
        self.zones = zones
        self.sync_disp(v)
        self.legal = self.match.state.legal_actions()

    # ---------------------------------------------------------------- hooks for games
    def zones_from_view(self, view: Any) -> Zones:
        raise NotImplementedError

    def zone_rect(self, zone: str) -> pygame.Rect:
        raise NotImplementedError

    def sync_disp(self, view: Any) -> None:
        """Copy the numbers shown on the table from the view."""

    def game_event(self, ev: Event, director: Director) -> float:
        """Start a game-specific animation for `ev`; return the wait before the next event."""
        return 0.0

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

    def draw_table(self, surf: gfx.Image) -> None:
        raise NotImplementedError

    def table_hits(self) -> list[Hit]:
        return []

    def round_summary(self) -> Scene | None:
        return None

    def results_scene(self) -> Scene:
        from cardtable.ui.scenes.results import ResultsScene
        return ResultsScene(self.app, self.match, final=True, table=self)

    # ---------------------------------------------------------------- text
    def name_of(self, seat: int) -> str:
        return seat_name(self.match, seat)

    def seat_names(self) -> list[str]:
        return [self.name_of(i) for i in range(len(self.match.seats))]

    def msg_text(self, msg: Msg) -> str:
        """A message as text: every seat, card, zone and suit parameter translated (the
        describer's rendering, shared with the move log and replays)."""
        params = {k: list(v) if isinstance(v, tuple) else v for k, v in msg.params.items()}
        return self.describer.render(Msg(msg.key, params), self.seat_names())

    # ---------------------------------------------------------------- acting
    def submit(self, action: Action) -> None:
        state = self.match.state
        if action not in state.legal_actions():
            log.warning("ignored an action that is not legal: %s", action)
            return
        acting = state.current_player()
        # the spectator's picture of the moment before the action, in case it ends a decision
        before = state.view(None) if self.policy.hotseat and self.policy.unlocked is not None \
            else None
        events = self.match.submit(action)
        if self.policy.after_action(acting, self.match.state.current_player(),
                                    self.match.state.is_terminal(), events):
            self._show_spectator(before, len(events))
        self.selected = None
        self.legal = []
        if self.autosave:
            try:
                if self.match.state.is_terminal():
                    persist.clear_autosave()
                else:
                    persist.save_autosave(self.match.record())
            except OSError as exc:
                log.error("autosave failed: %s", exc)
        self.director.push([redact(e, self.eff_viewer) for e in events])
        if not events and not self.director.busy:  # nothing to show: the next decision now
            self._on_idle()

    def _show_spectator(self, before: Any, new_events: int) -> None:
        """A hot-seat decision is over: from now on (its own animation included) the table is
        the spectator's, rebuilt from the spectator's view of the moment before the action."""
        self.director.clear()
        self.v = before
        self.zones = self.zones_from_view(before)
        self.sync_disp(before)
        past = self.match.events_for(None)[:-new_events or None] if new_events else \
            self.match.events_for(None)
        self.log_lines = self.log_from(past[-400:])
        self._layer_sig = self._panel_sig = None

    def _handle_event(self, ev: Event, director: Director) -> float:
        line = self.describe(ev)
        if line:
            self.log_lines.append(line)
            self.log_scroll = 0
        wait = 0.0
        if ev.kind == CARD_MOVED:
            wait = self._card_moved(ev, director)
        elif ev.kind == SHUFFLED:
            self.app.play_sound("shuffle")
            wait = 0.25
        return max(wait, self.game_event(ev, director))

    def _card_moved(self, ev: Event, director: Director) -> float:
        """The one card-move animation: the card flies from its zone's rect to the other's,
        leaving the source mirror when it starts and joining the destination when it lands.
        A table changes where (`move_rects`), how the mirrors change (`move_updates`) and
        the pace and sound (`move_pace`); moves of one stream (`move_stream`) fly as one
        group (`_fly_stream`)."""
        stream = self.move_stream(ev)
        if stream is not None:
            return self._fly_stream(ev, stream, director)
        card = ev.data.get("card")
        src_rect, dst_rect = self.move_rects(ev)
        take, land = self.move_updates(ev)
        duration, wait, sound = self.move_pace(ev)
        director.fly(card, src_rect, dst_rect, duration, on_start=take,
                     on_land=self._landing(ev, land))
        if sound:
            self.app.play_sound(sound)
        return wait

    def move_stream(self, ev: Event) -> Hashable | None:
        """The stream a card move belongs to (hook), e.g. a deal or a turn's cleanup: the
        moves of one stream queued one right after another fly as one group. None (the
        default): the card flies on its own."""
        return None

    def _fly_stream(self, first: Event, stream: Hashable, director: Director) -> float:
        """`first` and the moves of its stream queued right after it as one group flight
        (`Director.fly_group`): the cards leave one after another, `stream_pace`'s stagger
        apart, each leaving its source mirror as it starts and joining its destination as
        it lands (so no count is ever ahead of or behind the cards). Returns the wait until
        the last one has landed: the next event sees the mirrors as the rules left them."""
        run = [first]
        queue = director.queue
        while queue and queue[0].kind == CARD_MOVED and self.move_stream(queue[0]) == stream:
            ev = queue.popleft()
            line = self.describe(ev)  # the log reads as if they came one at a time
            if line:
                self.log_lines.append(line)
                self.log_scroll = 0
            run.append(ev)
        specs = []
        for ev, (src, dst) in zip(run, self.stream_rects(run), strict=True):
            take, land = self.move_updates(ev)
            specs.append(FlightSpec(ev.data.get("card"), src, dst, take,
                                    self._landing(ev, land)))
        duration, stagger, sound = self.stream_pace(run)
        if sound:
            self.app.play_sound(sound)
        wait = director.fly_group(specs, duration, stagger)
        for ev in run[1:]:  # the table hears every event (the first: by `_handle_event`)
            wait = max(wait, self.game_event(ev, director))
        return wait

    def stream_rects(self, run: Sequence[Event]) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """Where each card of a stream flies from and to: `move_rects` against the mirrors
        as they will be when that card leaves and lands (every card before it taken and
        landed; a stream's sources and destinations are different zones, so the order of
        the others' landings does not matter)."""
        real = self.zones
        self.zones = {k: list(v) for k, v in real.items()}
        try:
            out = []
            for ev in run:
                out.append(self.move_rects(ev))
                take, land = self.move_updates(ev)  # bound to the copy
                take()
                land()
            return out
        finally:
            self.zones = real

    def stream_pace(self, run: Sequence[Event]) -> tuple[float, float, str | None]:
        """A stream's flight time per card, the stagger between two cards and its sound
        (hook): by default the first card's `move_pace`, `STREAM_STAGGER` apart."""
        duration, _wait, sound = self.move_pace(run[0])
        return duration, STREAM_STAGGER, sound

    def move_rects(self, ev: Event) -> tuple[pygame.Rect, pygame.Rect]:
        """Where a moved card flies from and to (hook)."""
        return self.zone_rect(ev.data["src"]), self.zone_rect(ev.data["dst"])

    def move_updates(self, ev: Event) -> tuple[Callable[[], None], Callable[[], None]]:
        """What a moved card does to the zone mirrors when it leaves and when it lands
        (hook): by default `move_steps`."""
        return self.move_steps(ev.data["src"], ev.data["dst"], ev.data.get("card"))

    def move_landed(self, ev: Event) -> None:
        """What else a moved card changes on the table when it lands (hook; e.g. a counter
        that follows the cards). Not called when the kit only works out where cards go."""

    def _landing(self, ev: Event, land: Callable[[], None]) -> Callable[[], None]:
        def landed() -> None:
            land()
            self.move_landed(ev)
        return landed

    def move_steps(self, src: str, dst: str, card: str | None
                   ) -> tuple[Callable[[], None], Callable[[], None]]:
        """What a card's flight does to the zones: when it leaves, it is taken from `src` (that
        face, else a back, else the top card); when it lands, it is added to `dst`."""
        zones = self.zones

        def take() -> None:
            take_from(zones.setdefault(src, []), card)

        def land() -> None:
            zones.setdefault(dst, []).append(card)
        return take, land

    def move_pace(self, ev: Event) -> tuple[float, float, str | None]:
        """A moved card's flight time, the wait before the next event and the sound (hook)."""
        deck = ev.data["src"] == "deck"
        return 0.32, 0.09 if deck else 0.3, "deal" if deck else "play"

    def update(self, dt: float) -> None:
        self.clock += dt
        self._collect_hint()
        target = self.tooltip_target() if not self.director.busy else None
        self.tooltip_timer.update(dt, target[0] if target else None)
        if self.banner is not None:
            text, left, color = self.banner
            left -= dt * self.app.anim_speed
            self.banner = (text, left, color) if left > 0 else None
        self.director.update(dt)
        if self.read_only:
            self.pending.clear()
            return
        if self.director.busy:
            return
        if self.pending:
            self.app.push(self.pending.pop(0))
            return
        state = self.match.state
        if state.is_terminal():
            if not self._finished_shown:
                self._finished_shown = True
                if not self.demo:
                    self.archive()
                self.app.play_sound("win")
                self.app.push(self.results_scene())
            return
        p = state.current_player()
        if p is None:
            return
        seat = self.match.seats[p]
        if seat.kind == "ai":
            self._drive_ai(p, dt)
        elif self.policy.needs_curtain(p):
            self._pass_to(p)

    def _drive_ai(self, p: int, dt: float) -> None:
        if self.demo and self.paused and not self.step_once:
            return
        if self.future is None:
            state = self.match.state
            token = len(self.match.history)
            rng = GameRng((self.match.seed * 1_000_003 + token * 7919 + p) & ((1 << 62) - 1))
            self.future = self.app.ai.ask(self.agents[p], state.view(p), state.legal_actions(),
                                          rng)
            self.future_token = token
            self.think_left = self.AI_MIN_THINK
            return
        self.think_left -= dt * self.app.anim_speed
        if self.future.done() and self.think_left <= 0:
            fut, self.future = self.future, None
            if self.future_token != len(self.match.history):
                return
            try:
                action = fut.result()
            except Exception:
                log.exception("agent failed; playing the first legal action")
                action = self.match.state.legal_actions()[0]
            self.step_once = False
            self.submit(action)

    def _pass_to(self, p: int) -> None:
        from cardtable.ui.scenes.curtain import CurtainScene

        def done() -> None:
            self.policy.unlock(p)
            self.snap()

        self.app.push(CurtainScene(self.app, self.name_of(p), done, self.open_pause))

    # ---------------------------------------------------------------- input
    def _build_buttons(self) -> None:
        self.hint_button = None
        r = self.controls_rect
        w = (r.w - 30) // 2
        bh = 46
        if self.read_only:
            return
        if self.demo:
            specs = [
                (lambda: tr("ui.demo.resume") if self.paused else tr("ui.demo.pause"),
                 self.toggle_pause),
                (lambda: tr("ui.demo.step"), self.step),
                (lambda: tr("ui.demo.speed", x=_fmt_speed(self.app.speed_factor)),
                 self.cycle_speed),
                (lambda: tr("ui.demo.hide_all") if self.show_all else tr("ui.demo.show_all"),
                 self.toggle_show_all),
                (lambda: tr("ui.table.skip"), self.skip),
                (lambda: tr("ui.table.menu"), self.open_pause),
            ]
        else:
            specs = [
                (lambda: tr("ui.table.skip"), self.skip),
                (lambda: tr("ui.table.menu"), self.open_pause),
                (lambda: tr("history.undo"), self.undo, self.can_undo, self.undo,
                 self.undo_sublabel),
                (lambda: tr("ui.history.log.button"), self.open_move_log),
            ]
        # (label, action[, enabled[, on a click while disabled]]): a click on the greyed-out
        # undo still runs undo(), which says in a banner why nothing can be taken back
        for i, (label, fn, *state) in enumerate(specs):
            col, row = i % 2, i // 2
            rect = pygame.Rect(r.x + 10 + col * (w + 10), r.y + 40 + row * (bh + 10), w, bh)
            self.buttons.append(Button(rect, label, fn, size=theme.SIZE_SMALL,
                                       enabled=state[0] if state else None,
                                       on_disabled=state[1] if len(state) > 1 else None,
                                       sublabel=state[2] if len(state) > 2 else None))
        if not self.demo:
            # the third row, shown only while a hint may be asked (`hint_allowed`); greyed
            # out with 「想一想…」 while the AI thread works on it
            rect = pygame.Rect(r.x + 10, r.y + 40 + 2 * (bh + 10), w, bh)
            self.hint_button = Button(rect, lambda: tr("coach.hint.button"), self.request_hint,
                                      size=theme.SIZE_SMALL,
                                      enabled=lambda: self.hint_future is None,
                                      sublabel=lambda: tr("coach.hint.button.thinking")
                                      if self.hint_future is not None else "")

    def toggle_pause(self) -> None:
        self.paused = not self.paused

    def step(self) -> None:
        self.paused = True
        self.step_once = True

    def cycle_speed(self) -> None:
        speeds = [0.5, 1.0, 2.0, 4.0, 8.0]
        cur = self.app.speed_factor
        nxt = next((s for s in speeds if s > cur + 1e-9), speeds[0])
        self.app.speed_factor = nxt

    def toggle_show_all(self) -> None:
        if self.demo:
            self.show_all = not self.show_all
            self.snap()

    def skip(self) -> None:
        self.director.finish()
        self.banner = None

    # ---------------------------------------------------------------- hints (issue 21)
    def panel_buttons(self) -> list[Button]:
        """The side panel's buttons now: the hint button only while a hint may be asked."""
        if self.hint_button is not None and self.hint_allowed():
            return [*self.buttons, self.hint_button]
        return self.buttons

    def decision_token(self) -> tuple[int, int, int | None, int | None]:
        """Which decision is on now: the match (undo makes a new one), the moves made, who
        acts and whose screen it is. A hint belongs to one token."""
        return (id(self.match), len(self.match.history), self.match.state.current_player(),
                self.viewer)

    def hints_offered(self) -> bool:
        """This table offers hints at all: a game people play, with hints on in the settings
        (a lesson says no: its callouts teach the move)."""
        return not (self.demo or self.read_only or not getattr(self.app.settings, "hints", True))

    def hint_allowed(self) -> bool:
        """A hint may be asked now: a person's own decision in a game people play (against
        the computer, or hot-seat after that person's curtain), hints on in the settings;
        never in a demo or a read-only copy, never for a computer's turn."""
        if not self.hints_offered():
            return False
        state = self.match.state
        if state.is_terminal():
            return False
        p = state.current_player()
        return (p is not None and p == self.viewer and self.match.seats[p].kind == "human")

    def request_hint(self) -> bool:
        """提示 / H: ask the hard AI, on the AI thread, about the acting person's decision from
        that person's view only. The frame loop never waits: the button says it is thinking,
        and `_collect_hint` picks the answer up (or drops it when the decision is over)."""
        if not self.hint_allowed():
            return False
        token = self.decision_token()
        if self.hint_token == token and (self.hint_future is not None or self.hint is not None):
            return True  # already asked (or shown) for this decision
        state = self.match.state
        p = state.current_player()
        assert p is not None
        # the search's seed comes from public facts only (moves made, who acts), so asking
        # twice gives the same hint and nothing hidden steers it
        seed = (len(self.match.history) * 7919 + p * 104729 + 1) & ((1 << 62) - 1)
        self.hint = None
        self.hint_failed = False
        self.hint_token = token
        self.hint_future = self.app.ai.run(compute_hint, self.match.spec.id, state.view(p),
                                           list(state.legal_actions()), seed)
        return True

    def _collect_hint(self) -> None:
        """Each frame: forget a hint whose decision is over; take a finished one that is
        still current (a stale one is dropped unseen)."""
        token = self.decision_token()
        if self.hint_token is not None and self.hint_token != token:
            self.hint = None
            self.hint_failed = False
            self.hint_token = None
            if self.hint_future is not None:
                self.hint_future.cancel()  # not started yet: never run
                self.hint_future = None
            self._layer_sig = None
            return
        fut = self.hint_future
        if fut is None or not fut.done():
            return
        self.hint_future = None
        try:
            hint = fut.result()
        except Exception:
            log.exception("hint failed")
            self.hint_failed = True
            self.banner = (tr("coach.hint.failed"), 1.4, theme.PANEL_LIGHT)
            return
        if hint.action not in self.match.state.legal_actions():
            log.warning("dropped a hint that is not legal now: %s", hint.action)
            return
        self.hint = hint
        seat = self.match.state.current_player()  # the person whose decision it is
        if seat is not None and not self.match.assisted("hint", seat):
            # statistics mark the games in which this person used hints
            self.match.note_assist("hint", seat)
            if self.autosave:  # kept even if the app is closed before the next move
                try:
                    persist.save_autosave(self.match.record())
                except OSError as exc:
                    log.error("autosave failed: %s", exc)
        self._layer_sig = None

    def hint_line(self) -> str:
        """The hint's reason as text (cards and seats translated by the describer)."""
        assert self.hint is not None
        key = (id(self.hint), self.app.text.locale, tuple(self.seat_names()))
        cached = getattr(self, "_hint_text", None)
        if cached is None or cached[0] != key:  # worded once, not every frame
            cached = (key, tr("coach.hint.line", text=hint_text(self.hint, self.msg_text)))
            self._hint_text = cached
        return cached[1]

    def hinted_hits(self) -> list[Hit]:
        """The hits now whose actions include the hinted action: a card or button that plays
        it, or the first step of a choice that leads to it (a card before its target)."""
        if self.hint is None:
            return []
        return [h for h in self.hits if self.hint.action in h.actions]

    def draw_over_hint_ring(self, surface: gfx.Image, hinted: Sequence[Hit]) -> None:
        """What a hinted thing shows that its ring must not cover, drawn again on top of the
        ring (hook; e.g. a pile's count badge on its corner)."""

    def hint_rect(self, hit: Hit) -> pygame.Rect:
        """Where the ring around a hinted hit goes (a table may ring the whole card rather
        than its visible strip)."""
        return hit.rect

    def hint_avoid(self) -> list[pygame.Rect]:
        """What the hint's line must not cover: everything the table protects, every hit
        (the things to click) and the seats' plates."""
        out = [*self.protected_rects(), *(h.rect for h in self.hits), *self.hint_keep_clear()]
        plate = getattr(self, "seat_rect", None) or getattr(self, "plate_rect", None)
        if plate is not None:
            for seat in range(len(self.match.seats)):
                try:
                    out.append(plate(seat))
                except (KeyError, IndexError, ValueError):
                    continue
        return out

    def hint_keep_clear(self) -> list[pygame.Rect]:
        """More that the hint's line should leave readable (a table's own areas)."""
        return []

    def place_hint_line(self, size: tuple[int, int], anchor: pygame.Rect
                        ) -> pygame.Rect | None:
        """Above (else below) the hinted thing when that covers nothing of `hint_avoid`,
        else the free place on the felt nearest to it; None when no place is free."""
        avoid = self.hint_avoid()
        rect: pygame.Rect | None = place_tooltip(size, anchor, avoid, HINT_BOUNDS)
        if (rect is None or not HINT_BOUNDS.contains(rect) or rect.collidelist(avoid) >= 0
                or rect.colliderect(anchor)):
            rect = free_spot(size, [*avoid, anchor], HINT_BOUNDS, anchor.center)
        return rect

    def hint_box(self, text: str, anchor: pygame.Rect
                 ) -> tuple[pygame.Rect, list[str]] | None:
        """The hint line's box and its lines: as wide as it needs up to the widest of
        HINT_LINE_WIDTHS, narrower and on more lines when that finds a free place (where
        none is free, the place covering least)."""
        # the search for a free place runs once per layout, not every frame
        key = (text, tuple(anchor), tuple(tuple(r) for r in self.hint_avoid()),
               self.app.text.locale)
        cached = getattr(self, "_hint_box", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        box = self._find_hint_box(text, anchor)
        self._hint_box = (key, box)
        return box

    def _find_hint_box(self, text: str, anchor: pygame.Rect
                       ) -> tuple[pygame.Rect, list[str]] | None:
        t = self.app.text
        lh = t.line_height(theme.SIZE_SMALL)
        full = t.size(text, theme.SIZE_SMALL, True)[0]
        fallback: tuple[tuple[int, int], list[str]] | None = None
        for width in HINT_LINE_WIDTHS:
            lines = phrase_wrap(t, text, theme.SIZE_SMALL, min(width, full + 2))
            if len(lines) > 4:
                continue
            size = (max(t.size(x, theme.SIZE_SMALL, True)[0] for x in lines) + 36,
                    lh * len(lines) + 16)
            rect = self.place_hint_line(size, anchor)
            if rect is not None:
                return rect, lines
            fallback = fallback or (size, lines)
        if fallback is None:
            return None
        # nowhere free: over the place that covers least of what the table protects
        size, lines = fallback
        return emptiest(size, self.hint_avoid(), HINT_BOUNDS, anchor), lines

    def draw_hint(self, surface: gfx.Image) -> None:
        """The hinted hits get a ring of their own (pulsing, mint green: not the gold of
        the current seat nor the yellow of the focus) and the reason a line on the felt,
        placed outside everything the table protects."""
        if self.hint is None or self.director.busy:
            return
        hinted = self.hinted_hits()
        rings = [self.hint_rect(h) for h in hinted]
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5.0)
        color = (int(60 + 110 * pulse), int(220 + 35 * pulse), int(150 + 60 * pulse))
        for r in rings:
            gfx.rect(surface, theme.TEXT_DARK, r.inflate(16, 16), 2, border_radius=16)
            gfx.rect(surface, color, r.inflate(12, 12), 4, border_radius=14)
        self.draw_over_hint_ring(surface, hinted)
        t = self.app.text
        lh = t.line_height(theme.SIZE_SMALL)
        anchor = rings[0].unionall(rings) if rings else pygame.Rect(FELT.centerx, FELT.centery,
                                                                    1, 1)
        box = self.hint_box(self.hint_line(), anchor.inflate(16, 16))
        self.hint_rect_drawn = box[0] if box is not None else None
        if box is None:
            return
        rect, lines = box
        draw.shadow(surface, rect, 12, 80)
        draw.panel(surface, rect, theme.PANEL, 240, 12, color)
        y = rect.y + 8
        for line in lines:
            t.blit(surface, line, (rect.x + 18, y), theme.SIZE_SMALL, theme.TEXT, True)
            y += lh

    # ---------------------------------------------------------------- history (issue 7)
    def undo_seat(self) -> int | None:
        """The human whose screen this is, if they may take moves back (never in demos)."""
        if self.demo or self.read_only or self.viewer is None or self.viewer < 0:
            return None
        return self.viewer if self.match.seats[self.viewer].kind == "human" else None

    def can_undo(self) -> bool:
        from cardtable.history.undo import undo_points
        seat = self.undo_seat()
        return seat is not None and bool(undo_points(self.match, seat))

    def undo_reason(self) -> str | None:
        """Why 悔棋 is off now (a reason word, see `history.undo.why_not`), None when on."""
        from cardtable.history.undo import why_not
        seat = self.undo_seat()
        if seat is None:
            if self.demo or self.read_only:
                return None
            return "over" if self.match.state.is_terminal() else "wait"
        return why_not(self.match, seat)

    def undo_sublabel(self) -> str:
        """The greyed-out button says why (in a word or two); nothing while it works."""
        reason = self.undo_reason() if not self.can_undo() else None
        return self.undo_words("why", reason) if reason else ""

    def undo_words(self, kind: str, reason: str) -> str:
        """The words for an undo reason (`kind` "why": the button's, "banner": the banner's); a
        game may say it its own way (`history.undo.<kind>.<reason>.<game>`: Wizard's 輪)."""
        k = f"history.undo.{kind}.{reason}"
        own = f"{k}.{self.match.spec.id}"
        return tr(own if has_key(own) else k)

    def undo(self) -> bool:
        """Take back the viewer's latest move (and the AI moves after it): the table is rebuilt
        from the truncated match, without animation, and the autosave updated."""
        from cardtable.history.undo import undo_points, undo_to
        seat = self.undo_seat()
        points = undo_points(self.match, seat) if seat is not None else []
        if seat is None or not points:
            reason = self.undo_reason() or "none"
            self.banner = (self.undo_words("banner", reason), 1.6, theme.PANEL_LIGHT)
            return False
        p = points[0]
        move = self.describer.render(self.describer.action(self.match.history[p], seat),
                                     self.seat_names())
        assists = self.match.assists
        self.match = undo_to(self.match, p, seat)
        self.match.assists = list(assists)
        # statistics mark the games in which this person took a move back
        self.match.note_assist("undo", seat)
        self.future = None
        self.pending.clear()
        if self.autosave:
            try:
                persist.save_autosave(self.match.record())
            except OSError as exc:
                log.error("autosave failed: %s", exc)
        self.snap()
        self._layer_sig = self._panel_sig = None
        self.banner = (tr("history.undo.label", move=move), 1.4, theme.ACCENT_DARK)
        return True

    def open_move_log(self) -> None:
        from cardtable.ui.scenes.movelog import MoveLogScene
        self.app.push(MoveLogScene(self.app, self))

    def archive(self) -> None:
        """A finished game: save its record and count it in the statistics (once)."""
        from cardtable.history.archive import archive_finished
        result = archive_finished(self.match)
        if result.notice and result.notice not in self.app.notices:
            self.app.notices.append(result.notice)

    def open_pause(self) -> None:
        from cardtable.ui.scenes.pause import PauseScene
        self.app.push(PauseScene(self.app, self))

    def human_turn(self) -> bool:
        """True when the viewer may act now (their decision, nothing animating)."""
        if self.director.busy or self.pending:
            return False
        p = self.match.state.current_player()
        return (p is not None and p == self.viewer and self.match.seats[p].kind == "human"
                and not self.demo)

    def note_input(self, event: pygame.event.Event) -> None:
        """Which device was used last (`keys_last`); a table that handles some events before
        this class does calls it first."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.focus_model.note_mouse(event.pos)
            if event.type == pygame.MOUSEMOTION:
                self.tooltip_timer.moved()
        elif event.type == pygame.KEYDOWN:
            self.focus_model.note_key()
            self.tooltip_timer.keyboard()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.note_input(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return None
        if event.type == pygame.MOUSEWHEEL:
            if self.log_rect.collidepoint(self.mouse):
                self.log_scroll = max(0, self.log_scroll + event.y)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button == 3:
                self.selected = None
                return None
            if event.button != 1:
                return None
            for b in self.panel_buttons():
                if b.rect.collidepoint(event.pos):
                    b.activate()
                    return None
            if self.director.busy:
                self.skip()
                return None
            for hit in self.current_hits():
                if hit.rect.collidepoint(event.pos):
                    if self.is_button(hit) and self.guard.blocked(self._ident(hit), self.clock):
                        log.debug("click on %s ignored: it has just appeared", hit.key)
                        return None
                    self.choose(hit)
                    return None
            return None
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                if self.selected is not None:
                    self.selected = None
                else:
                    self.open_pause()
                return None
            if key == pygame.K_SPACE and self.director.busy:
                self.skip()
                return None
            if not self.demo and not self.read_only:
                if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                    self.director.finish()
                    self.undo()
                    return None
                if key == pygame.K_l:
                    self.open_move_log()
                    return None
                if key == pygame.K_h:
                    self.request_hint()
                    return None
            if self.demo:
                demo_keys = {pygame.K_p: self.toggle_pause, pygame.K_n: self.step,
                             pygame.K_a: self.toggle_show_all, pygame.K_s: self.cycle_speed}
                if key in demo_keys:
                    demo_keys[key]()
                    return None
            hits = self.current_hits()
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB) and hits:
                step = -1 if key == pygame.K_LEFT or (
                    key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT) else 1
                self.focus_model.move(hits, step)
                return None
            # Enter plays the focused choice; Space only ever skips animations (the curtain is
            # lifted with Space, and a second press must not play a card nobody chose)
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and hits:
                cur = self.focus_model.current(hits)
                if cur is not None:
                    self.choose(cur)
                return None
            if key == pygame.K_SPACE:
                return None
            if pygame.K_1 <= key <= pygame.K_9 and hits:
                i = key - pygame.K_1
                if i < len(hits):
                    self.choose(hits[i])
                return None
        return None

    def current_hits(self) -> list[Hit]:
        """The table's hits now, in visual order (the keyboard's order)."""
        if self.read_only or not self.human_turn():
            return []
        return visual_order(self.table_hits())

    @staticmethod
    def is_button(hit: Hit) -> bool:
        """A button drawn on the table (the misclick guard watches these)."""
        return hit.key.startswith("btn:")

    @staticmethod
    def _ident(hit: Hit) -> tuple[str, tuple[Action, ...]]:
        return (hit.key, tuple(hit.actions))

    def observe_buttons(self) -> None:
        """Each frame: which table buttons are on screen (for the misclick guard)."""
        self.guard.observe([(self._ident(h), h.rect) for h in self.hits if self.is_button(h)],
                           self.clock)

    def choose(self, hit: Hit) -> None:
        """A click on a hit: one action -> play it; several -> the table asks for the rest."""
        if not hit.actions:
            return
        if len(hit.actions) == 1:
            self.submit(hit.actions[0])
            self.focus_model.reset()
            return
        self.selected = hit.key
        self.focus_model.reset()

    # ---------------------------------------------------------------- tooltips
    def tooltip_target(self) -> tuple[str, pygame.Rect] | None:
        """The thing under the pointer that has a tooltip: a key naming exactly that thing and
        its rect (the table's own hook; None: nothing with a tooltip there)."""
        return None

    def tooltip_ready(self) -> tuple[str, pygame.Rect] | None:
        """The tooltip target whose tooltip may be drawn now: the pointer moved onto it and
        rested there (a card sliding under a resting pointer shows nothing)."""
        if self.director.busy:
            return None
        target = self.tooltip_target()
        if target is None or not self.tooltip_timer.showing(target[0]):
            return None
        return target

    def protected_rects(self) -> list[pygame.Rect]:
        """What a tooltip must never cover: the table's hand, pile, totals, badges and prompt
        line (the table's hook) and the action buttons on the table."""
        return self.tooltip_avoid()

    def key_rects(self) -> list[pygame.Rect]:
        """The protected things that matter most, hidden last when something must cover
        part of the table (a lesson's callout on a crowded felt): the running total or value
        a step talks about. None by default; a table names its own."""
        return []

    def place_tip(self, size: tuple[int, int], anchor: pygame.Rect, bounds: pygame.Rect,
                  **kw: Any) -> pygame.Rect:
        """Where a tooltip of `size` for `anchor` goes: outside every protected rect, else
        over the emptiest part of `bounds`."""
        return place_tooltip(size, anchor, self.protected_rects(), bounds, **kw)

    # ---------------------------------------------------------------- drawing
    def tooltip_avoid(self) -> list[pygame.Rect]:
        """Rects a card tooltip must never cover (see `place_tooltip`): by default the action
        buttons on the table (hits keyed "btn:..."); a table adds its prompt line."""
        return [h.rect for h in self.hits if h.key.startswith("btn:")]

    def static_signature(self) -> tuple[Any, ...]:
        """Everything the cached table layer depends on (it is redrawn when this changes)."""
        hover = self.active_key()
        focus = self.focused_key()
        return (id(self.v), tuple((k, tuple(v)) for k, v in self.zones.items()),
                tuple(h.key for h in self.hits), hover, focus, self.selected,
                self.future is None, self.app.text.locale, self.eff_viewer)

    def panel_signature(self) -> tuple[Any, ...]:
        buttons = self.panel_buttons()
        hover = next((i for i, b in enumerate(buttons) if b.rect.collidepoint(self.mouse)),
                     None)
        return (len(self.log_lines), self.log_lines[-1] if self.log_lines else "",
                self.log_scroll, hover, self.paused, self.show_all, self.app.speed_factor,
                self.app.text.locale, self.eff_viewer, len(self.match.history),
                len(buttons), self.hint_future is None)

    def draw(self, surface: gfx.Image) -> None:
        """The table layer and the side panel are cached, redrawn only when their signature
        changes, and kept composed on one surface (`_frame`): a frame is one full-width copy
        of it (at 2560×1440 half the cost of copying the two areas side by side), then the
        moving things (flights, the total, markers) on top."""
        self.hits = self.current_hits()
        self.observe_buttons()
        if self._frame is None or self._frame.get_size() != surface.get_size():
            self._frame = draw.fast(gfx.Surface(surface.get_size()))
            self._layer = None
            self._panel_sig = None
        sig = self.static_signature()
        repainted = False
        if self._layer is None or sig != self._layer_sig or not self.CACHE_LAYERS:
            if self._layer is None:
                self._layer = draw.fast(gfx.Surface(surface.get_size()))
                self._layer_sig = None
            full = self._layer_sig is None
            self.draw_table(self._layer)
            self._layer_sig = sig
            repainted = True
            for r in self._layer_changed(full):
                self._frame.blit(self._layer, r.topleft, r)
        psig = self.panel_signature()
        if self._panel_sig is None or psig != self._panel_sig or not self.CACHE_LAYERS:
            # a frame that repainted the table layer leaves a changed side panel (a new log
            # line, a button's hover) to the next frame, so that no frame pays for both (the
            # slowest frames did); never twice in a row, never under a dialog, where this
            # picture is kept as it is, and never when whose view it is changed (the log
            # shows no line of a view that is over, not even for a frame)
            if (repainted and self._panel_sig is not None and not self.panel_deferred
                    and self.CACHE_LAYERS and self.app.stack.top is self
                    and self._panel_viewer == self.eff_viewer):
                self.panel_deferred = True
            else:
                self.panel_deferred = False
                self._repaint_panel(psig)
        else:
            self.panel_deferred = False
        surface.blit(self._frame, (0, 0))
        self.draw_dynamic(surface)
        self.draw_hint(surface)

    def _repaint_panel(self, psig: tuple[Any, ...]) -> None:
        assert self._frame is not None and self._layer is not None
        self._frame.blit(self._layer, PANEL_AREA, PANEL_AREA)
        clip = self._frame.get_clip()
        self._frame.set_clip(PANEL_AREA)
        self.draw_side_panel(self._frame)
        self._frame.set_clip(clip)
        self._panel_sig = psig
        self._panel_viewer = self.eff_viewer

    def _layer_changed(self, full: bool) -> list[pygame.Rect]:
        """The parts of the table area the last `draw_table` may have changed: the part
        layer's dirty rectangles, else (or after a new layer) the whole area."""
        parts = getattr(self, "_layer_parts", None)
        dirty = parts.last_dirty if parts is not None and not full else [TABLE_AREA]
        return [c for r in dirty if (c := r.clip(TABLE_AREA)).w > 0 and c.h > 0]

    def card_back(self, size: tuple[int, int]) -> gfx.Image:
        """The back of this game's cards (flights drawn face down use it)."""
        return cardart.back(size)

    def draw_flights(self, surface: gfx.Image) -> None:
        """Cards in flight, face up or with `card_back`, shadowed and scaled to their size."""
        for flight in self.director.flights:
            if flight.face is not None:
                img = cardart.face(self.match.spec.id, flight.face, FLIGHT_SIZE)
            else:
                img = self.card_back(FLIGHT_SIZE)
            flight_art.draw_flight(surface, flight.rect(), img,
                                   (flight.src.size, flight.dst.size))

    def draw_dynamic(self, surface: gfx.Image) -> None:
        self.draw_flights(surface)
        if self.banner is not None:
            self.draw_banner(surface)

    def draw_banner(self, surface: gfx.Image) -> None:
        assert self.banner is not None
        text, left, color = self.banner
        t = self.app.text
        s = t.render(text, theme.SIZE_H1, theme.TEXT, True)
        rect = pygame.Rect(0, 0, max(420, s.get_width() + 80), 86)
        rect.center = (490, 360)
        draw.shadow(surface, rect, 16, 80)
        draw.panel(surface, rect, color, 240, 16, theme.TEXT)
        surface.blit(s, s.get_rect(center=rect.center))

    def draw_side_panel(self, surface: gfx.Image) -> None:
        t = self.app.text
        draw.panel(surface, self.log_rect, theme.PANEL, 235)
        t.blit(surface, tr("ui.table.log"), (self.log_rect.x + 14, self.log_rect.y + 10), theme.SIZE_SMALL,
               theme.ACCENT, True)
        width = self.log_rect.w - 28
        lh = t.line_height(theme.SIZE_TINY) + 2
        visible = (self.log_rect.h - 50) // lh
        total = len(self.log_lines)
        self.log_scroll = min(self.log_scroll, max(0, total - 1))
        end = total - self.log_scroll
        blocks: list[list[str]] = []
        used = 0
        i = end - 1
        while i >= 0:
            parts = _wrap_cached(t, self.log_lines[i], width)
            if used + len(parts) > visible:
                break
            blocks.append(parts)
            used += len(parts)
            i -= 1
        y = self.log_rect.y + 42
        for j, parts in enumerate(reversed(blocks)):
            newest = j == len(blocks) - 1 and self.log_scroll == 0
            for text in parts:
                t.blit(surface, text, (self.log_rect.x + 14, y), theme.SIZE_TINY,
                       theme.TEXT if newest else theme.TEXT_DIM)
                y += lh
        draw.panel(surface, self.controls_rect, theme.PANEL, 235)
        title = tr("ui.demo.title") if self.demo else tr("ui.table.controls")
        t.blit(surface, title, (self.controls_rect.x + 14, self.controls_rect.y + 10), theme.SIZE_SMALL,
               theme.ACCENT, True)
        for b in self.panel_buttons():
            b.draw(surface, t, b.rect.collidepoint(self.mouse))
        hint = self.keys_text()
        y = self.controls_rect.bottom - 12 - 2 * (t.line_height(theme.SIZE_TINY))
        for part in _wrap_cached(t, hint, self.controls_rect.w - 28)[:2]:
            t.blit(surface, part, (self.controls_rect.x + 14, y), theme.SIZE_TINY, theme.TEXT_DIM)
            y += t.line_height(theme.SIZE_TINY)

    def keys_text(self) -> str:
        """The keys line under the buttons (H only where hints are offered)."""
        if self.demo:
            return tr("ui.demo.keys")
        if self.match.state.is_terminal() and not self.read_only:
            # the final board under its results dialog: nothing is played any more
            return tr("ui.table.keys_over")
        return tr("ui.table.keys" if self.hints_offered() else "ui.table.keys_no_hint")

    def on_scale_changed(self) -> None:
        self._layer = self._frame = None
        self._layer_sig = self._panel_sig = None

    def on_locale_changed(self) -> None:
        _WRAP.clear()
        self._layer_sig = self._panel_sig = None
        self.log_lines = self.log_from(self.match.events_for(self.eff_viewer)[-400:])

    def exit(self) -> None:
        self.future = None


FLIGHT_SIZE = (92, 129)
# the hint line's wrap widths, widest first: a narrower box on more lines fits more places
HINT_LINE_WIDTHS = (560, 440, 330, 250)
HINT_BOUNDS = FELT.inflate(-12, -12)  # inside the felt's rim
PANEL_AREA = pygame.Rect(976, 0, 304, 720)
TABLE_AREA = pygame.Rect(0, 0, 976, 720)

_WRAP: dict[tuple[str, str, int], list[str]] = gfx.SurfaceCache()


def _wrap_cached(t: Any, s: str, width: int) -> list[str]:
    key = (t.locale, s, width)
    got = _WRAP.get(key)
    if got is None:
        got = t.wrap(s, theme.SIZE_TINY, width)
        if len(_WRAP) > 3000:
            _WRAP.clear()
        _WRAP[key] = got
    return got


def phrase_wrap(t: Any, text: str, size: int, width: int) -> list[str]:
    """Bold `text` in lines no wider than `width`, broken between its phrases where it can
    (after 「：」 and 「，」, before 「（」), so a card's name is not cut in two."""
    lines: list[str] = []
    cur = ""
    for part in re.split(r"(?<=[：，])|(?=（)", text):
        if not part:
            continue
        if t.size(cur + part, size, True)[0] <= width:
            cur += part
            continue
        if cur:
            lines.append(cur)
            cur = ""
        if t.size(part, size, True)[0] <= width:
            cur = part
        else:
            pieces = t.wrap(part, size, width, True)
            lines += pieces[:-1]
            cur = pieces[-1] if pieces else ""
    if cur:
        lines.append(cur)
    return lines


def _fmt_speed(x: float) -> str:
    return f"{x:g}×"

