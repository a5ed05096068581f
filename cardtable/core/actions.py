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
from typing import Any


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    card: str | None = None
    cards: tuple[str, ...] = ()
    target: int | None = None
    value: int | str | None = None

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
    def from_json(cls, data: dict[str, Any]) -> Action:
        unknown = set(data) - {"kind", "card", "cards", "target", "value"}
        if unknown or "kind" not in data:
            raise ValueError(f"not an action: {data!r}")
        return cls(
            kind=str(data["kind"]),
            card=data.get("card"),
            cards=tuple(data.get("cards", ())),
            target=data.get("target"),
            value=data.get("value"),
        )

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
