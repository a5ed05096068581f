"""The shared event vocabulary.

`apply()` returns a list of `Event`s describing what changed, in order. Events name zones, never
pixels; the UI's director turns them into animation, the log turns their messages into words.

An event has public `data` and optional `secret` data that only its `audience` (player indices)
may see. `redact(event, viewer)` gives the event as that viewer may see it: secret fields merged in
when allowed, left out otherwise. A moved card that the viewer may not see has no "card" field.

Shared kinds (data fields):
- card_moved: src, dst (zones), face_up, card (public when face up, else secret to the audience)
- shuffled: zone, count
- revealed: zone, cards (often secret to an audience, e.g. a peek at a hand)
- turn_started: player
- phase_changed: phase
- score_changed: player, delta, total
- round_started: round; round_ended: round
- game_over: winners, scores
- announce: msg (a `Msg`: key + params, translated by the UI)
Games add a few kinds with a look of their own (listed in each game's rules module).

Zones are strings: "deck", "pile", "hand:2", "companions:0" — `zone(name, owner)` builds them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CARD_MOVED = "card_moved"
SHUFFLED = "shuffled"
REVEALED = "revealed"
TURN_STARTED = "turn_started"
PHASE_CHANGED = "phase_changed"
SCORE_CHANGED = "score_changed"
ROUND_STARTED = "round_started"
ROUND_ENDED = "round_ended"
GAME_OVER = "game_over"
ANNOUNCE = "announce"


_NO_ARG: Any = object()  # a default that no caller passes, so an explicit None stays None


@dataclass(frozen=True, slots=True, init=False)
class Msg:
    """A message key with parameters; the UI translates it. Rules never build sentences.

    Parameters that are themselves translatable (card faces, player seats) are passed as ids;
    by convention a parameter named `player`/`target`/`loser`/`winner` is a seat index and one
    named `card` is a card face of the message's game.
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def __init__(self, key: str, params: dict[str, Any] = _NO_ARG) -> None:
        # the dataclass's own __init__ would set each field through object.__setattr__ (it is
        # frozen); setting the slots directly is about twice as fast and gives the same object
        _set_msg_key(self, key)
        _set_msg_params(self, {} if params is _NO_ARG else params)

    def to_json(self) -> dict[str, Any]:
        """Plain data for the move log's JSON (a nested message as its own `to_json`); the
        wire form that comes back as a `Msg` is `to_wire`'s."""
        return {"key": self.key, "params": plain(self.params)}


_set_msg_key = Msg.key.__set__  # type: ignore[attr-defined]
_set_msg_params = Msg.params.__set__  # type: ignore[attr-defined]

_NOBODY: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True, init=False)
class Event:
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    secret: dict[str, Any] | None = None
    audience: frozenset[int] = _NOBODY

    def __init__(self, kind: str, data: dict[str, Any] = _NO_ARG,
                 secret: dict[str, Any] | None = None, audience: frozenset[int] = _NOBODY
                 ) -> None:
        # as Msg: the slots are set directly; the event stays frozen (assignment raises)
        _set_kind(self, kind)
        _set_data(self, {} if data is _NO_ARG else data)
        _set_secret(self, secret)
        _set_audience(self, audience)

    def to_json(self) -> dict[str, Any]:
        """The event as JSON-plain data; `Event.from_json` gives it back, every `Msg` inside
        (an announce's message, a reason's parameters) again a `Msg` (it is tagged on the
        wire: `{"$msg": key, "params": {...}}`). Tuples and sets come back as lists."""
        out: dict[str, Any] = {"kind": self.kind, "data": to_wire(self.data)}
        if self.secret is not None:
            out["secret"] = to_wire(self.secret)
            out["audience"] = sorted(self.audience)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Event:
        """An event from `to_json`'s form; anything else raises ValueError."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str) \
                or not isinstance(data.get("data", {}), dict) \
                or set(data) - {"kind", "data", "secret", "audience"}:
            raise ValueError(f"not an event: {data!r:.200}")
        secret = data.get("secret")
        if secret is not None and not isinstance(secret, dict):
            raise ValueError(f"not an event's secret: {secret!r:.200}")
        audience = data.get("audience", [])
        if not isinstance(audience, list) or not all(
                isinstance(a, int) and not isinstance(a, bool) for a in audience):
            raise ValueError(f"not an event's audience: {audience!r:.200}")
        return cls(data["kind"], from_wire(data.get("data", {})),
                   None if secret is None else from_wire(secret), frozenset(audience))


_set_kind = Event.kind.__set__  # type: ignore[attr-defined]
_set_data = Event.data.__set__  # type: ignore[attr-defined]
_set_secret = Event.secret.__set__  # type: ignore[attr-defined]
_set_audience = Event.audience.__set__  # type: ignore[attr-defined]


def plain(value: Any) -> Any:
    """A JSON-plain copy of a parameter value: a Msg as its `to_json` (a plain dict: the move
    log's JSON; `to_wire` tags it so that it comes back as a Msg), tuples and sets as lists."""
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(plain(v) for v in value)
    return value


MSG_TAG = "$msg"  # a Msg on the wire: {"$msg": key, "params": {...}}


def to_wire(value: Any) -> Any:
    """`value` as JSON-plain data, each `Msg` tagged (see `from_wire`)."""
    if isinstance(value, Msg):
        return {MSG_TAG: value.key, "params": to_wire(value.params)}
    if isinstance(value, dict):
        return {k: to_wire(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_wire(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(to_wire(v) for v in value)
    return value


def from_wire(value: Any) -> Any:
    """The inverse of `to_wire`: tagged dicts become `Msg`s again (lists stay lists)."""
    if isinstance(value, dict):
        if MSG_TAG in value:
            key, params = value[MSG_TAG], value.get("params", {})
            if not isinstance(key, str) or not isinstance(params, dict) or len(value) > 2:
                raise ValueError(f"not a message: {value!r:.200}")
            return Msg(key, from_wire(params))
        return {k: from_wire(v) for k, v in value.items()}
    if isinstance(value, list):
        return [from_wire(v) for v in value]
    return value


class EventSink(list[Event]):
    """The event list of a quiet state (`GameState.quiet`): whatever is added is dropped, so
    rarely taken paths may append unconditionally; hot paths test `quiet` and build nothing."""

    __slots__ = ()

    def append(self, item: Event) -> None:
        pass

    def extend(self, items: Any) -> None:
        pass

    def __iadd__(self, items: Any) -> EventSink:  # type: ignore[override,misc]
        return self

    def insert(self, index: Any, item: Event) -> None:
        pass


def zone(name: str, owner: int | None = None) -> str:
    return name if owner is None else f"{name}:{owner}"


def zone_owner(z: str) -> int | None:
    _, _, owner = z.partition(":")
    return int(owner) if owner else None


def zone_name(z: str) -> str:
    return z.partition(":")[0]


def can_see(event: Event, viewer: int | None) -> bool:
    """True when `viewer` may see the event's secret part. OMNISCIENT (-1) sees everything."""
    return event.secret is None or viewer == -1 or (viewer is not None and viewer in event.audience)


def redact(event: Event, viewer: int | None) -> Event:
    """The event as `viewer` may see it (None = a spectator, -1 = omniscient)."""
    if event.secret is None:
        return event
    if can_see(event, viewer):
        return Event(event.kind, {**event.data, **event.secret}, None, event.audience)
    return Event(event.kind, dict(event.data), None, event.audience)


def moved(card: str, src: str, dst: str, face_up: bool, audience: frozenset[int] = _NOBODY
          ) -> Event:
    """A card_moved event: public when face up, else the face is secret to `audience`."""
    if face_up:
        return Event(CARD_MOVED, {"src": src, "dst": dst, "face_up": True, "card": card})
    return Event(CARD_MOVED, {"src": src, "dst": dst, "face_up": False}, {"card": card}, audience)


def announce(key: str, **params: Any) -> Event:
    return Event(ANNOUNCE, {"msg": Msg(key, params)})
