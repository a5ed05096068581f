"""Updates and table facts as JSON-plain data, and back: what crosses a process or a network.

    data = encode_update(update)          # JSON-plain (dicts, lists, str, numbers, None)
    update = decode_update(data, game_id) # the same update: views in their game's view type

A view is encoded by its game's view type (a frozen dataclass, `GameSpec.view_type`) through a
pydantic `TypeAdapter`, and decoded into that type again (tuples and frozensets come back as
they were); events keep their messages typed (`Event.to_json`); actions go through the strict
action model. Anything malformed raises ValueError.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import TypeAdapter, ValidationError

from cardtable.core.actions import Action
from cardtable.core.events import Event, Msg, from_wire, to_wire
from cardtable.host.frames import EndSummary, SeatInfo, TableInfo, UndoOffer, Update


@cache
def _views(game_id: str) -> TypeAdapter[Any]:
    from cardtable.games import get_spec
    return TypeAdapter(get_spec(game_id).view_type)


def encode_view(game_id: str, view: Any) -> Any:
    return _views(game_id).dump_python(view, mode="json")


def decode_view(game_id: str, data: Any) -> Any:
    try:
        return _views(game_id).validate_python(data)
    except ValidationError as exc:
        raise ValueError(f"not a {game_id} view: {exc}") from exc


def _msg(m: Msg | None) -> Any:
    return None if m is None else to_wire(m)


def _unmsg(data: Any) -> Msg | None:
    if data is None:
        return None
    m = from_wire(data)
    if not isinstance(m, Msg):
        raise ValueError(f"not a message: {data!r:.200}")
    return m


def encode_hint(hint: Any) -> Any:
    if hint is None:
        return None
    return {"game_id": hint.game_id, "action": hint.action.to_json(), "move": _msg(hint.move),
            "reason": _msg(hint.reason),
            "alt": hint.alt.to_json() if hint.alt is not None else None,
            "alt_move": _msg(hint.alt_move)}


def decode_hint(data: Any) -> Any:
    if data is None:
        return None
    from cardtable.coach.hints import Hint
    return Hint(str(data["game_id"]), Action.from_json(data["action"]), _unmsg(data["move"]),
                _unmsg(data["reason"]),
                Action.from_json(data["alt"]) if data.get("alt") is not None else None,
                _unmsg(data.get("alt_move")))


def encode_update(u: Update, game_id: str) -> dict[str, Any]:
    s = u.summary
    return {
        "seq": u.seq, "viewer": u.viewer, "view": encode_view(game_id, u.view),
        "events": [e.to_json() for e in u.events], "acting": u.acting,
        "legal": None if u.legal is None else [a.to_json() for a in u.legal],
        "actor": u.actor, "reset": u.reset,
        "summary": None if s is None else {"scores": list(s.scores), "winners": list(s.winners),
                                           "standings": [list(g) for g in s.standings]},
        "undo": None if u.undo is None else {"can": u.undo.can, "reason": u.undo.reason},
        "hint": encode_hint(u.hint), "note": _msg(u.note),
    }


def decode_update(d: Any, game_id: str) -> Update:
    try:
        s = d["summary"]
        undo = d["undo"]
        return Update(
            seq=int(d["seq"]), viewer=d["viewer"], view=decode_view(game_id, d["view"]),
            events=tuple(Event.from_json(e) for e in d["events"]), acting=d["acting"],
            legal=None if d["legal"] is None else tuple(Action.from_json(a) for a in d["legal"]),
            actor=d["actor"], reset=bool(d["reset"]),
            summary=None if s is None else EndSummary(
                tuple(float(x) for x in s["scores"]), tuple(int(x) for x in s["winners"]),
                tuple(tuple(int(x) for x in g) for g in s["standings"])),
            undo=None if undo is None else UndoOffer(bool(undo["can"]), undo["reason"]),
            hint=decode_hint(d["hint"]), note=_unmsg(d["note"]))
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"not an update: {exc}") from exc


def encode_info(info: TableInfo) -> dict[str, Any]:
    return {"game_id": info.game_id, "num_players": info.num_players,
            "seats": [{"name": s.name, "person": s.person, "here": s.here, "level": s.level,
                       "present": s.present, "stand_in": s.stand_in} for s in info.seats],
            "options": info.options}


def decode_info(d: Any) -> TableInfo:
    try:
        return TableInfo(str(d["game_id"]), int(d["num_players"]),
                         tuple(SeatInfo(str(s["name"]), bool(s["person"]), bool(s["here"]),
                                        s["level"], bool(s["present"]), bool(s["stand_in"]))
                               for s in d["seats"]), dict(d["options"]))
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a table's facts: {exc}") from exc
