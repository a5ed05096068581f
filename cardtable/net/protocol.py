"""The network protocol, version 1: JSON text frames with a `type` field (pure: no pygame).

    frame = parse_client(text)          # a client's frame, or ProtocolError(code)
    text = dump(model)                  # any frame as JSON text
    data = seat_frame(update, game_id, presence)   # THE one builder of game frames for a seat

client -> server: hello {protocol, rules, name}, create {game, players, options, seats, undo,
sit}, join {room, seat | spectate}, claim {room, seat, token}, act {seq, action}, resync, undo,
chat {text | phrase}, leave.
server -> client: welcome, error {code, detail}, seated {room, seat, token, table}, snapshot
{seq, update, presence}, update {seq, update}, presence {seats}, chat, record (only at game
over).

Every game frame a seat (or a spectator) is sent is built by `seat_frame` from an `Update`,
which `cardtable.host.frames.frame_for` built from that seat's view and its redacted events:
never the state, the seed or the record. The record (which holds the seed) is sent by
`record_frame` only once the game is over.

Parsing is strict (exact types, no unknown fields, bounded sizes): anything else is a
`ProtocolError` with a code, answered with an error frame and changing nothing.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, ValidationError

from cardtable.core.actions import Action, ActionFormatError
from cardtable.host.frames import Update
from cardtable.host.wire import encode_update

PROTOCOL_VERSION = 1

# room codes: 6 characters, none of 0/O/1/I (they are mistaken for each other when read aloud)
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CHAT_MAX_LEN = 200
NAME_MAX = 10  # core.match.NAME_MAX_LEN
TOKEN_MAX = 100

# quick phrases are sent as keys (each person reads them in their own script:
# locales key "net.phrase.<key>")
QUICK_PHRASES: tuple[str, ...] = (
    "hello", "good_luck", "nice", "thanks", "wait", "sorry", "good_game", "bye",
)

# error codes (an error frame's `code`)
ERROR_CODES: tuple[str, ...] = (
    "malformed",      # not JSON, not a frame, a wrong field
    "hello_first",    # anything before hello
    "protocol",       # the protocol versions differ (detail names both)
    "rules",          # the rules differ (detail names both digests and versions)
    "unknown_room",
    "bad_game",       # an unknown game, player count or option; a bad seat plan
    "too_many_tables",
    "server_full",
    "seat_taken", "no_seat", "bad_token", "not_seated",
    "stale", "not_your_turn", "illegal",
    "undo",           # undo refused (detail: the reason word)
    "chat",           # chat refused (too long, too fast, unknown phrase)
    "rate",           # too many frames
    "over",           # the game is over
    "internal",       # a fault of the server's (the table stays as it was)
)

Code = Annotated[str, StringConstraints(min_length=CODE_LENGTH, max_length=CODE_LENGTH,
                                        pattern=f"^[{CODE_ALPHABET}]+$")]
Name = Annotated[str, StringConstraints(max_length=NAME_MAX)]
Token = Annotated[str, StringConstraints(min_length=1, max_length=TOKEN_MAX)]
Seq = Annotated[int, Field(ge=0, le=1_000_000)]
SeatNo = Annotated[int, Field(ge=0, le=63)]


class ProtocolError(ValueError):
    """A frame refused: `code` (one of ERROR_CODES) and a detail for the log or the person."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


class _Frame(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


# ---------------------------------------------------------------- client -> server
class Hello(_Frame):
    type: Literal["hello"]
    protocol: int
    rules: Annotated[str, StringConstraints(max_length=80)]
    version: Annotated[str, StringConstraints(max_length=40)] = ""
    name: Name = ""


# an option's value as a game's options model takes it (a choice per seat is a short list, e.g.
# Wizard's single-colour suits; None: unset); the game's own model checks it at create
OptionValue = (int | str | bool | float | None
               | Annotated[list[Annotated[str, StringConstraints(max_length=20)]],
                           Field(max_length=16)])


class SeatPlan(_Frame):
    kind: Literal["person", "computer", "open"]
    level: Annotated[str, StringConstraints(max_length=20)] | None = None
    name: Name = ""


class Create(_Frame):
    type: Literal["create"]
    game: Annotated[str, StringConstraints(max_length=30)]
    players: Annotated[int, Field(ge=1, le=16)]
    options: Annotated[dict[str, OptionValue], Field(max_length=20)] = \
        Field(default_factory=dict)
    seats: Annotated[list[SeatPlan], Field(min_length=1, max_length=16)]
    undo: bool = True  # undo under the strict rule (False: no undo at this table)
    sit: SeatNo | None = None  # the creator's seat (a "person" seat); None: watch only


class Join(_Frame):
    type: Literal["join"]
    room: Code
    seat: SeatNo | None = None  # an open seat (None: the first open one)
    spectate: bool = False
    name: Name = ""


class Claim(_Frame):
    type: Literal["claim"]
    room: Code
    seat: SeatNo
    token: Token


class Act(_Frame):
    type: Literal["act"]
    seq: Seq
    action: dict[str, Any]  # checked by the strict action model (`Action.from_json`)


class Resync(_Frame):
    type: Literal["resync"]


class Undo(_Frame):
    type: Literal["undo"]


class Chat(_Frame):
    type: Literal["chat"]
    text: Annotated[str, StringConstraints(max_length=CHAT_MAX_LEN)] | None = None
    phrase: Annotated[str, StringConstraints(max_length=30)] | None = None


class Leave(_Frame):
    type: Literal["leave"]


ClientFrame = Annotated[Hello | Create | Join | Claim | Act | Resync | Undo | Chat | Leave,
                        Field(discriminator="type")]
_CLIENT = TypeAdapter(ClientFrame)


def parse_client(text: str | bytes) -> Hello | Create | Join | Claim | Act | Resync | Undo \
        | Chat | Leave:
    """A client's frame from its text; `ProtocolError("malformed")` for anything else (binary
    frames included). An act's action is checked by the strict action model here, at the
    door."""
    if not isinstance(text, str):
        raise ProtocolError("malformed", "binary frames are not spoken")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("malformed", "not JSON") from exc
    try:
        frame = _CLIENT.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(x) for x in first.get("loc", ()))
        raise ProtocolError("malformed", f"{where}: {first.get('msg', '')}"[:200]) from exc
    if isinstance(frame, Act):
        action_of(frame)
    if isinstance(frame, Chat) and (frame.text is None) == (frame.phrase is None):
        raise ProtocolError("malformed", "a chat frame has a text or a phrase")
    return frame


def action_of(frame: Act) -> Action:
    try:
        return Action.from_json(frame.action)
    except ActionFormatError as exc:
        raise ProtocolError("malformed", "not an action") from exc


# ---------------------------------------------------------------- server -> client
class Welcome(_Frame):
    type: Literal["welcome"] = "welcome"
    protocol: int
    rules: str
    version: str
    limits: dict[str, float]


class Error(_Frame):
    type: Literal["error"] = "error"
    code: str
    detail: str = ""
    about: str | None = None  # the type of the frame refused


def error(code: str, detail: str = "", about: str | None = None) -> dict[str, Any]:
    return Error(code=code, detail=detail, about=about).model_dump()


def seated(room: str, seat: int | None, token: str | None, table: dict[str, Any]
           ) -> dict[str, Any]:
    """Where a person sits (None: watching) and, for a seat, its token (keep it: it reclaims
    the seat). `table`: the table's facts (`wire.encode_info`, and the table's options)."""
    return {"type": "seated", "room": room, "seat": seat, "token": token, "table": table}


def presence_frame(seats: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "presence", "seats": seats}


def chat_frame(seat: int | None, name: str, text: str | None, phrase: str | None
               ) -> dict[str, Any]:
    return {"type": "chat", "seat": seat, "name": name, "text": text, "phrase": phrase}


def seat_frame(update: Update, game_id: str, presence: list[dict[str, Any]] | None = None
               ) -> dict[str, Any]:
    """THE game frame for one viewer: a snapshot (`update.reset`: the view now, the recent past
    as events, legal actions when the viewer acts, who is present) or an update (the events of
    one action redacted for the viewer, the view after it, legal actions when the viewer acts).
    Built from `update` alone — the viewer's view and redacted events (`frames.frame_for`) —
    never from the state, the seed or the record."""
    body = encode_update(update, game_id)
    if update.reset:
        return {"type": "snapshot", "seq": update.seq, "update": body,
                "presence": presence or []}
    return {"type": "update", "seq": update.seq, "update": body}


def record_frame(record: dict[str, Any], over: bool) -> dict[str, Any]:
    """The record (with its seed): only once the game is over."""
    if not over:
        raise ValueError("the record is sent only once the game is over")
    return {"type": "record", "record": record}


def dump(frame: BaseModel | dict[str, Any]) -> str:
    data = frame.model_dump() if isinstance(frame, BaseModel) else frame
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


# ---------------------------------------------------------------- versions
@cache
def rules_digest() -> str:
    """What both sides must agree on to play together: the record version, the games and each
    game's player counts and options (their schema). 16 hex digits; the same in a source
    checkout and in the packaged app of one version."""
    from cardtable import __version__
    from cardtable.core.match import RECORD_VERSION
    from cardtable.games import GAME_IDS, get_spec
    parts: list[Any] = [__version__, RECORD_VERSION, PROTOCOL_VERSION]
    for g in GAME_IDS:
        spec = get_spec(g)
        parts.append([g, spec.min_players, spec.max_players,
                      spec.options_model.model_json_schema()])
    blob = json.dumps(parts, sort_keys=True, default=str).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


def hello(name: str = "") -> dict[str, Any]:
    from cardtable import __version__
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "rules": rules_digest(),
            "version": __version__, "name": name}


def check_hello(frame: Hello) -> None:
    """ProtocolError("protocol"/"rules") naming both sides when they cannot play together."""
    from cardtable import __version__
    if frame.protocol != PROTOCOL_VERSION:
        raise ProtocolError("protocol", f"the server speaks protocol {PROTOCOL_VERSION} "
                            f"(cardtable {__version__}), this client {frame.protocol} "
                            f"(cardtable {frame.version or '?'})")
    if frame.rules != rules_digest():
        raise ProtocolError("rules", f"the server plays rules {rules_digest()} "
                            f"(cardtable {__version__}), this client {frame.rules} "
                            f"(cardtable {frame.version or '?'})")
