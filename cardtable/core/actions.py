"""The action type shared by all games.

One small frozen dataclass serves every game, so actions are hashable (search trees key on them),
compare by value across cloned and determinized states, and serialise to JSON for match records.
Actions name card *faces* (e.g. "+3", "wizard", "c12"), never per-copy ids, so an action taken in
one determinization means the same thing in every other, and no hidden copy can be tracked.

Fields:
- kind: what is done ("play", "bid", "choose", "done", ...); each game's rules.py lists its kinds.
- card: a card face, when one card is involved.
- cards: several card faces (e.g. 8½ multi-card plays).
- target: a player index, when the action names a player.
- value: a number or word (a bid, a suit, a direction).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

# what any game's action may hold at most (the games' own faces and kinds are far shorter)
_Word = Annotated[str, StringConstraints(min_length=1, max_length=40)]
_Kind = Annotated[str, StringConstraints(min_length=1, max_length=40, pattern=r"^[a-z][a-z0-9_]*$")]


class ActionModel(BaseModel):
    """The strict wire form of an `Action` (records, saves and the network): exact types, no
    other fields, bounded sizes. `{"kind": 5, "cards": "abc"}` is refused here, at the door,
    instead of building an action no rule could ever take (and that is not even hashable)."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, defer_build=True)

    kind: _Kind
    card: _Word | None = None
    cards: Annotated[list[_Word], Field(max_length=80)] = Field(default_factory=list)
    target: Annotated[int, Field(ge=0, le=63)] | None = None
    value: Annotated[int, Field(ge=-1_000_000, le=1_000_000)] | _Word | None = None


class ActionFormatError(ValueError):
    """Data that is not an action (see `ActionModel`)."""


@dataclass(frozen=True, slots=True, init=False)
class Action:
    kind: str
    card: str | None = None
    cards: tuple[str, ...] = ()
    target: int | None = None
    value: int | str | None = None

    def __init__(self, kind: str, card: str | None = None, cards: tuple[str, ...] = (),
                 target: int | None = None, value: int | str | None = None) -> None:
        # the dataclass's own __init__ would set each field through object.__setattr__ (it is
        # frozen); setting the slots directly is about twice as fast and gives the same object
        _set_kind(self, kind)
        _set_card(self, card)
        _set_cards(self, cards)
        _set_target(self, target)
        _set_value(self, value)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.card is not None:
            out["card"] = self.card
        if self.cards:
            out["cards"] = list(self.cards)
        if self.target is not None:
            out["target"] = self.target
        if self.value is not None:
            out["value"] = self.value
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """The action `to_json` gave; anything else (a wrong type, an unknown field, an
        oversized value) raises `ActionFormatError` (a ValueError) — see `ActionModel`."""
        try:
            m = ActionModel.model_validate(data)
        except ValidationError as exc:
            raise ActionFormatError(f"not an action: {data!r:.200}") from exc
        return cls(m.kind, m.card, tuple(m.cards), m.target, m.value)

    def __str__(self) -> str:
        parts = [self.kind]
        if self.card is not None:
            parts.append(self.card)
        if self.cards:
            parts.append("+".join(self.cards))
        if self.target is not None:
            parts.append(f"->P{self.target}")
        if self.value is not None:
            parts.append(f"={self.value}")
        return " ".join(parts)


_set_kind = Action.kind.__set__  # type: ignore[attr-defined]
_set_card = Action.card.__set__  # type: ignore[attr-defined]
_set_cards = Action.cards.__set__  # type: ignore[attr-defined]
_set_target = Action.target.__set__  # type: ignore[attr-defined]
_set_value = Action.value.__set__  # type: ignore[attr-defined]
