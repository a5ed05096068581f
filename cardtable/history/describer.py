"""The one path from a game's events and actions to words.

Every place that puts a game into sentences — the table's log, the move-log scene, undo labels,
replays — asks the game's `Describer` (one per game, `describer_for(game_id)`) for a `Msg` and
renders it with `render`, which translates every seat, card, zone and suit parameter by the
parameter conventions of `cardtable.history.movelog` (seats `player`/`target`/…, cards
`card`/`gave`/`took`/…, zones `src`/`dst`/`zone`). So a new parameter that names a card is
translated everywhere as soon as its name is in those sets, and no surface prints a raw id.

A game's describer is a subclass that words the game's own events, named by its registration
(`GameRegistration.describer`; the four games' live in `cardtable.history.describers`); what it
leaves to the base class gets the shared `log.*` lines (a game that names none gets the base). A describer
may keep context across one stream of events (`reset` starts a new stream), e.g. whether the
cards now thrown away were played or are a companion card's cost.

`Line.detail` marks lines the table's own log leaves out (it animates them instead: plain card
moves, phase changes); the move log shows every line, after the game's `fold` of each step
(which may sum up runs of detail lines: one line per decision, not one per card moved).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.core.actions import Action
from cardtable.core.events import CARD_MOVED, PHASE_CHANGED, TURN_STARTED, Event, Msg

NUMBER_LABELS = {"x2": "×2", "/2": "÷2", "-1": "−1", "-2": "−2", "-3": "−3"}


def card_text(game_id: str, card: str) -> str:
    """A card's printable name (its locale key when there is one): for logs and buttons."""
    from cardtable import i18n  # lazily: this module stays importable without the catalog
    key = f"{game_id}.card.{card}"
    if i18n.has_key(key):
        return i18n.tr(key)
    key = f"ui.card.{game_id}.{card}"
    if i18n.has_key(key):
        return i18n.tr(key)
    return NUMBER_LABELS.get(card, card)


@dataclass(frozen=True, slots=True)
class Line:
    msg: Msg
    detail: bool = False  # the table's log leaves it out (it shows it as an animation)


class Describer:
    """A game's events and actions as message keys with parameters (never sentences)."""

    game_id: str = ""
    # kinds the table log shows as animation only
    DETAIL_KINDS = frozenset({CARD_MOVED, PHASE_CHANGED, TURN_STARTED})

    def __init__(self, game_id: str | None = None) -> None:
        if game_id is not None:
            self.game_id = game_id
        self.reset()

    def reset(self) -> None:
        """A new stream of events (context kept between events starts again)."""

    def line(self, ev: Event, viewer: int | None = None) -> Line | None:
        """The line for an event as `viewer` may see it (events come redacted for the viewer;
        `viewer` says whose secret parts were kept). None: the event says nothing."""
        from cardtable.history.movelog import describe
        return Line(describe(ev, self.game_id, viewer), detail=ev.kind in self.DETAIL_KINDS)

    def action(self, action: Action, actor: int | None = None) -> Msg:
        """An action as its actor's own line (undo labels): it may name the actor's cards."""
        from cardtable.history.movelog import describe_action
        return describe_action(action, self.game_id, actor)

    def render(self, msg: Msg, seat_names: Sequence[str],
               tr: Callable[..., str] | None = None) -> str:
        from cardtable.history.movelog import format_line
        return format_line(msg, self.game_id, seat_names, tr)

    def fold(self, items: Sequence[tuple[Event, Line]]) -> list[tuple[Event, Line]]:
        """One step's lines as the move log lists them (`items`: each event of the step, as
        the viewer saw it, with its line, in order). A game may fold runs of detail lines
        (card moves its own line already says, a turn's end card by card) into fewer detail
        lines, each with the event it stands for; it never drops nor rewords a line the
        table log shows (not detail), so the two logs agree. The default keeps every line."""
        return list(items)

    def lines(self, events: Sequence[Event], viewer: int | None = None) -> list[Line]:
        """Every line of a stream of events, in order (the stream starts a new context)."""
        self.reset()
        return [got for ev in events if (got := self.line(ev, viewer)) is not None]


_CACHE: dict[str, type[Describer]] = {}


def describer_for(game_id: str) -> Describer:
    """A fresh describer for `game_id` (its own subclass when its registration names one)."""
    cls = _CACHE.get(game_id)
    if cls is None:
        from cardtable.games import GAME_IDS, registration
        from cardtable.games.registration import resolve
        ref = registration(game_id).describer if game_id in GAME_IDS else None
        cls = resolve(ref) if ref is not None else Describer
        _CACHE[game_id] = cls
    return cls(game_id)
