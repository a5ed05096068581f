"""The move log: every event (and action) of every game as a message key with parameters.

`describe(event_or_action, game_id, viewer)` gives a `Msg`; the UI translates it with
`format_line` (or its own renderer). Lines use seats, never "you": parameters carry seat indices
and the renderer turns them into names. Events are redacted for the viewer first, so a card the
viewer may not see is never named.

Keys (all in locales/zh-TW/history.json, except `announce` messages, which carry their game's own
key):
- shared kinds: `log.card_moved.up|down|down_seen|down_many|down_many_seen`, `log.shuffled`, `log.revealed`,
  `log.revealed.hidden`, `log.turn_started`, `log.score_changed`, `log.round_started`,
  `log.round_ended`, `log.game_over`, `log.<game>.phase.<phase>` for `phase_changed`;
- a game's own kinds: `log.<game>.<kind>`, with `.<reason>` / `.<outcome>` appended when the
  event has such a field, and `.hidden` when its secret part is not shown to the viewer.
  Parameters are the event's data, so a new game needs only catalog lines, no code;
- actions (for undo labels: the actor's own move): `log.<game>.action.<kind>`.

Parameter conventions (used by `format_line`): seats are `player`, `target`, `loser`, `winner`,
`starter`, `dealer`, `catcher`, `owner` (lists: `players`, `winners`, `biggest_losers`,
`audience`); card faces are `card`, `gave`, `took`, `maid` (lists: `cards`; counted: `tally`,
`drawn`, as [card, n] pairs, "1 愛心 ×4"; `gloss` is a card
id shown as its gist, `<game>.card.<id>.gloss`); zones are `zone`, `src`, `dst`; suits are `trump`, `suit`; `value2` is a value in half units (8½); `bids` is one
value per seat, in seat order (rendered "name：value、…").

A game may word a shared key or a zone its own way: `format_line` uses `log.<game>.<rest>` (for
example `log.wizard.round_started`) or `log.<game>.zone.<zone>` when the catalog has it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardtable.core.actions import Action
from cardtable.core.events import (
    ANNOUNCE,
    CARD_MOVED,
    GAME_OVER,
    PHASE_CHANGED,
    REVEALED,
    ROUND_ENDED,
    ROUND_STARTED,
    SCORE_CHANGED,
    SHUFFLED,
    TURN_STARTED,
    Event,
    Msg,
    plain,
    redact,
)
from cardtable.core.match import Match
from cardtable.history.undo import zone_base, zone_seat

if TYPE_CHECKING:
    from cardtable.history.describer import Line

SEAT_PARAMS = frozenset({"player", "target", "loser", "winner", "starter", "dealer", "catcher",
                         "owner", "chooser", "by", "actor"})
SEAT_LIST_PARAMS = frozenset({"players", "winners", "biggest_losers", "audience"})
CARD_PARAMS = frozenset({"card", "gave", "took", "maid", "trump_card"})
CARD_LIST_PARAMS = frozenset({"cards"})
# a card list worded with a Chinese character at an edge (「鬼牌」) meets the words around it
# without the space a number or a Latin name gets (「出 5」, 「出鬼牌」, not 「出 鬼牌」)
_HAN = "[\u3400-\u9fff\uf900-\ufaff]"
_OPEN, _CLOSE = "\x02", "\x03"
_SPACE_BEFORE = re.compile(f"(?<={_HAN}) {_OPEN}(?={_HAN})")
_SPACE_AFTER = re.compile(f"(?<={_HAN}){_CLOSE} (?={_HAN})")
CARD_TALLY_PARAMS = frozenset({"tally", "drawn"})  # [[card, count], ...]: "1 愛心 ×4、柯蕾特"
CARD_GLOSS_PARAMS = frozenset({"gloss"})  # a card id, rendered as `<game>.card.<id>.gloss`
SEAT_VALUE_LIST_PARAMS = frozenset({"bids"})  # one value per seat, in seat order
ZONE_PARAMS = frozenset({"zone", "src", "dst"})
SUIT_PARAMS = frozenset({"trump", "suit"})
VARIANT_FIELDS = ("reason", "outcome")

# Kinds a compact log leaves out (the UI may still show them)
QUIET_KINDS = frozenset({TURN_STARTED, PHASE_CHANGED})

SHARED_KEYS: dict[str, str] = {
    SHUFFLED: "log.shuffled",
    TURN_STARTED: "log.turn_started",
    SCORE_CHANGED: "log.score_changed",
    ROUND_STARTED: "log.round_started",
    ROUND_ENDED: "log.round_ended",
    GAME_OVER: "log.game_over",
}


def _visible(event: Event, viewer: int | None) -> bool:
    """Whether `viewer` may see the event's secret part (also for an already redacted event)."""
    if event.secret is None and not event.audience:
        return True
    return viewer == -1 or (viewer is not None and viewer in event.audience)


def describe(item: Event | Action, game_id: str, viewer: int | None = None,
             actor: int | None = None) -> Msg:
    """The log line of an event (as `viewer` may see it) or of an action (taken by `actor`)."""
    if isinstance(item, Action):
        return describe_action(item, game_id, actor)
    visible = _visible(item, viewer)
    event = redact(item, viewer)
    data = event.data
    kind = event.kind
    if kind == ANNOUNCE:
        msg = data.get("msg")
        if isinstance(msg, Msg):
            return Msg(msg.key, plain(msg.params))
        if isinstance(msg, dict) and "key" in msg:
            return Msg(str(msg["key"]), dict(msg.get("params", {})))
        return Msg("log.unknown", {"kind": kind})
    if kind == CARD_MOVED:
        return _describe_move(data, visible)
    if kind == REVEALED:
        params = {k: plain(v) for k, v in data.items()}
        params.setdefault("zone", "")
        if "cards" in data:
            return Msg("log.revealed", params)
        params["audience"] = sorted(event.audience)
        return Msg("log.revealed.hidden", params)
    if kind == PHASE_CHANGED:
        return Msg(f"log.{game_id}.phase.{data.get('phase')}", _params(data))
    if kind in SHARED_KEYS:
        return Msg(SHARED_KEYS[kind], _params(data))
    key = f"log.{game_id}.{kind}"
    for name in VARIANT_FIELDS:
        value = data.get(name)
        if isinstance(value, str) and value:
            key += f".{value}"
            break
    if event.audience and not visible:
        key += ".hidden"
    return Msg(key, _params(data))


def _params(data: dict[str, Any]) -> dict[str, Any]:
    return {k: plain(v) for k, v in data.items()}


def _describe_move(data: dict[str, Any], visible: bool) -> Msg:
    src = str(data.get("src", ""))
    dst = str(data.get("dst", ""))
    params: dict[str, Any] = {"src": src, "dst": dst}
    owner = zone_seat(dst) if zone_seat(dst) is not None else zone_seat(src)
    if owner is not None:
        params["player"] = owner
    if data.get("face_up", False) and "card" in data:
        params["card"] = data["card"]
        return Msg("log.card_moved.up", params)
    if "card" in data and visible:
        params["card"] = data["card"]
        return Msg("log.card_moved.down_seen", params)
    return Msg("log.card_moved.down", params)


def describe_action(action: Action, game_id: str, actor: int | None = None) -> Msg:
    """An action as a line, for its actor (undo labels): it may name the actor's hidden cards."""
    # every field is present (None / [] when unused), so any template of the kind can render
    params: dict[str, Any] = {"player": actor, "card": action.card, "cards": list(action.cards),
                              "target": action.target, "value": action.value}
    if action.kind == "trump":
        params["trump"] = action.value
    return Msg(f"log.{game_id}.action.{action.kind}", params)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line: `step` is the action it belongs to (None: the setup before the first action)."""

    step: int | None
    msg: Msg
    kind: str


DOWN_KEYS = frozenset({"log.card_moved.down", "log.card_moved.down_seen",
                       "log.card_moved.down_many", "log.card_moved.down_many_seen"})


def log_entries(match: Match, viewer: int | None, *, compact: bool = True) -> list[LogEntry]:
    """The match's log as `viewer` may see it. `compact` lets the game's describer fold each
    step's detail lines (`Describer.fold`), leaves out QUIET_KINDS and merges runs of face-down
    moves between the same kinds of zone within one step (a deal) into one `down_many` line
    (`down_many_seen` lists the cards the viewer saw, as [seat, card] pairs)."""
    bounds = [*match.marks, len(match.log)]
    segments: list[tuple[int | None, list[Event]]] = [(None, match.log[:bounds[0]])]
    segments += [(i, match.log[bounds[i]:bounds[i + 1]]) for i in range(len(match.marks))]
    return entries_of(match.spec.id, segments, viewer, compact=compact)


def entries_of(game_id: str, segments: Sequence[tuple[int | None, Sequence[Event]]],
               viewer: int | None, *, compact: bool = True) -> list[LogEntry]:
    """The log lines of a stream of events cut into steps ((step, events), in order: None for
    the setup, then the action each step's events followed), as `viewer` may see them (events
    already redacted for `viewer` stay as they are: an online table's stream)."""
    out: list[LogEntry] = []
    from cardtable.history.describer import describer_for
    describer = describer_for(game_id)  # the game's one path from events to words
    for step, events in segments:
        # the describer may keep context across events: it sees every one, in order; then it
        # folds the step's detail lines (one line per decision, not one per card moved)
        items: list[tuple[Event, Line]] = []
        for event in events:
            seen = redact(event, viewer)
            line = describer.line(seen, viewer)
            if line is not None:
                items.append((seen, line))
        for event, line in describer.fold(items) if compact else items:
            if compact and event.kind in QUIET_KINDS:
                continue
            msg = line.msg
            if compact and msg.key in DOWN_KEYS and out and out[-1].step == step:
                merged = _merge_moves(out[-1].msg, msg)
                if merged is not None:
                    out[-1] = LogEntry(step, merged, event.kind)
                    continue
            out.append(LogEntry(step, msg, event.kind))
    return out


def _seen(msg: Msg) -> list[list[Any]]:
    if msg.key == "log.card_moved.down_seen":
        return [[zone_seat(msg.params["dst"]), msg.params["card"]]]
    return list(msg.params.get("cards", []))


def _merge_moves(prev: Msg, msg: Msg) -> Msg | None:
    if prev.key not in DOWN_KEYS:
        return None
    if (zone_base(prev.params["src"]) != zone_base(msg.params["src"])
            or zone_base(prev.params["dst"]) != zone_base(msg.params["dst"])):
        return None
    seen = _seen(prev) + _seen(msg)
    params: dict[str, Any] = {
        "src": _merge_zone(prev.params["src"], msg.params["src"]),
        "dst": _merge_zone(prev.params["dst"], msg.params["dst"]),
        "count": int(prev.params.get("count", 1)) + 1}
    if seen:
        params["cards"] = seen
        return Msg("log.card_moved.down_many_seen", params)
    return Msg("log.card_moved.down_many", params)


def _merge_zone(a: str, b: str) -> str:
    """Two zones of one run: the same zone, or the zone name for all seats (a deal)."""
    return a if a == b else zone_base(a)


def state_at(match: Match, n: int, viewer: int | None) -> Any:
    """The view `viewer` had after the first `n` actions (replayed from the record)."""
    if n == len(match.history):
        return match.state.view(viewer)
    return match.truncated(n).state.view(viewer)


# ---------------------------------------------------------------- rendering (UI side helper)
def format_line(msg: Msg, game_id: str, seat_names: Sequence[str],
                tr: Callable[..., str] | None = None) -> str:
    """A Msg as text: seats become names, card faces and zones are translated.

    `tr` defaults to `cardtable.i18n.tr` (imported lazily, so this module stays pure).
    """
    known: Callable[[str], bool]
    if tr is None:
        from cardtable.i18n import has_key
        from cardtable.i18n import tr as default_tr
        tr = default_tr
        known = has_key  # asks without logging a missing key
    else:
        given = tr

        def known(key: str) -> bool:
            return not given(key).startswith("⟦")
    translate = tr

    def seat(value: Any) -> str:
        if isinstance(value, int) and 0 <= value < len(seat_names):
            return seat_names[value]
        return translate("log.nobody") if value is None else str(value)

    def card(value: Any) -> str:
        if value is None:
            return translate("log.nothing")
        if isinstance(value, int | float):
            return str(value)  # a count (Wizard's round_scored "cards"), not a face
        for key in (f"{game_id}.card.{value}", f"ui.card.{game_id}.{value}"):
            if known(key):
                return translate(key)
        from cardtable.history.describer import NUMBER_LABELS
        return NUMBER_LABELS.get(str(value), str(value))

    def zone_text(value: Any) -> str:
        z = str(value)
        if not z:
            return ""
        base = zone_base(z)
        owner = zone_seat(z)
        own = f"log.{game_id}.zone.{base}"  # a game's own word for the zone, if it has one
        name = translate(own if known(own) else f"log.zone.{base}")
        if name.startswith("⟦"):
            name = base
        if owner is not None:
            return translate("log.zone_of", owner=seat(owner), zone=name)
        _, _, tail = z.partition(":")
        return f"{name}（{card(tail)}）" if tail else name

    def cards_text(value: Any) -> str:
        if not isinstance(value, list):
            return card(value)
        parts = []
        for item in value:
            if isinstance(item, list) and len(item) == 2:
                parts.append(f"{seat(item[0])}：{card(item[1])}")
            else:
                parts.append(card(item))
        return "、".join(parts)

    params: dict[str, Any] = {}
    for name, value in msg.params.items():
        if name in SEAT_PARAMS:
            params[name] = seat(value)
        elif name in SEAT_LIST_PARAMS and isinstance(value, list):
            params[name] = "、".join(seat(v) for v in value)
        elif name in SUIT_PARAMS and value is None:
            params[name] = "—"
        elif name in SUIT_PARAMS:
            text = translate(f"{game_id}.suit.{value}")
            params[name] = str(value) if value is None or text.startswith("⟦") else text
        elif name in CARD_PARAMS:
            params[name] = card(value)
        elif name == "gloss":  # a card's short explanation beside its name
            gist = f"{game_id}.card.{value}.gloss"
            params[name] = translate(gist) if known(gist) else ""
        elif name in CARD_LIST_PARAMS:
            params[name] = f"{_OPEN}{cards_text(value)}{_CLOSE}"
        elif name in CARD_TALLY_PARAMS and isinstance(value, list):
            params[name] = "、".join(
                card(c) if n == 1 else translate("log.card_count", card=card(c), n=n)
                for c, n in value)
        elif name in CARD_GLOSS_PARAMS:
            gloss = f"{game_id}.card.{value}.gloss"
            params[name] = translate(gloss) if known(gloss) else card(value)
        elif name in SEAT_VALUE_LIST_PARAMS and isinstance(value, list):
            # a game may word one seat's entry (`log.<game>.<name>.entry`, e.g. "阿明：1 墩")
            entry = f"log.{game_id}.{name}.entry"
            params[name] = "、".join(
                translate(entry, player=seat(i), value="—" if v is None else v)
                if known(entry) else f"{seat(i)}：{'—' if v is None else v}"
                for i, v in enumerate(value))
        elif name in ZONE_PARAMS:
            params[name] = zone_text(value)
        elif name == "delta" and isinstance(value, int | float):
            params[name] = f"{value:+g}"
        elif name == "value2" and isinstance(value, int):
            # 8½'s half units: 15 -> "7½", 1 -> "½" (not "0½")
            params[name] = ("½" if value == 1 else f"{value // 2}½") if value % 2 \
                else str(value // 2)
        elif value is None:
            params[name] = "—"
        elif isinstance(value, list):
            params[name] = "、".join(str(v) for v in value)
        else:
            params[name] = value
    key = msg.key
    if key in SHARED_KEYS.values():
        own = f"log.{game_id}.{key.removeprefix('log.')}"  # a game's own words, if it has them
        if known(own):
            key = own
    # "阿明 看了自己的牌庫", not "阿明 看了 阿明 的牌庫": a key may have a `.self` wording for
    # a line whose player and target are the same seat
    p, t = msg.params.get("player"), msg.params.get("target")
    if p is not None and p == t and known(f"{key}.self"):
        key = f"{key}.self"
    text = translate(key, **params)
    if _OPEN in text:
        text = _SPACE_AFTER.sub("", _SPACE_BEFORE.sub("", text))
        text = text.replace(_OPEN, "").replace(_CLOSE, "")
    return text
