"""Tanto Cuore base set: the 33 card definitions (TC-K1), loaded from data/cards.json.

Every count, cost and bonus lives in the data file; this module only describes its shape (pydantic,
validated on load) and offers lookups. A bad file fails at load with a `CardDataError` whose
message names the card and the field.

Shape of a card:
- id (stable face id, e.g. "moine"), number (n/33), kind: love | chief | general | private | event
- cost (employ cost in love), vp (printed VP; "?" cards store 0), copies
- love: what a Love card is worth; chamber: serving cost to make her a chambermaid (TC-C1)
- bonus: the simple serving bonuses {draw, love, serving, employ} as data
- serve: typed effect primitives run after the bonus when she is served (discriminated on `type`)
- reaction: Claire's reaction; ability: a private maid's ability (typed, or a named handler
  registered in effects.py with `@special`); event: what an event card does; scoring: end-of-game
  rules carried by the card (sets, majorities, parity, penalties).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

DATA_FILE = Path(__file__).with_name("data") / "cards.json"

Kind = Literal["love", "chief", "general", "private", "event"]
MAID_KINDS = frozenset({"chief", "general", "private"})


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Bonus(_Model):
    draw: int = Field(0, ge=0)
    love: int = Field(0, ge=0)
    serving: int = Field(0, ge=0)
    employ: int = Field(0, ge=0)


# ------------------------------------------------------------------ serve effects (general maids)
class Exchange(_Model):
    """Sainsbury: swap a card from hand for a town card (Love listed, or a maid up to a cost)."""

    type: Literal["exchange"]
    give: str
    take_cards: tuple[str, ...]
    max_maid_cost: int


class OthersDraw(_Model):
    """Tenalys: every other player draws."""

    type: Literal["others_draw"]
    count: int = Field(ge=1)


class DiscardAttack(_Model):
    """Natsumi: you may discard 1; then each other player holding min_hand+ cards discards 1."""

    type: Literal["discard_attack"]
    min_hand: int = Field(ge=1)


class NeighboursBadHabit(_Model):
    """Nena: the players on your left and right (with a maid at home) each take a Bad Habit."""

    type: Literal["neighbours_bad_habit"]


class DiscardForServing(_Model):
    """Esquine: discard up to max_cards from hand, +serving_each serving per card."""

    type: Literal["discard_for_serving"]
    max_cards: int = Field(ge=1)
    serving_each: int = Field(ge=1)


class PeekDeck(_Model):
    """Eliza: look at the top card of any player's deck; leave it or discard it."""

    type: Literal["peek_deck"]


class ReturnEvent(_Model):
    """Claire: you may send one event in your private quarters back to the town."""

    type: Literal["return_event"]


ServeEffect = Annotated[
    Exchange | OthersDraw | DiscardAttack | NeighboursBadHabit | DiscardForServing | PeekDeck
    | ReturnEvent,
    Field(discriminator="type")]


class BlockEvent(_Model):
    """Claire's reaction: reveal her from hand to send an arriving event back to the town."""

    type: Literal["block_event"]


# ------------------------------------------------------------------ private maid abilities
class StartGain(_Model):
    """Your Starting phase: gain these counters."""

    type: Literal["start_gain"]
    love: int = 0
    serving: int = 0
    employ: int = 0
    timing: Literal["start"] = "start"


class StartChoice(_Model):
    """Your Starting phase: +1 of one counter of your choice (Fay)."""

    type: Literal["start_choice"]
    options: tuple[Literal["love", "serving", "employ"], ...] = Field(min_length=2)
    timing: Literal["start"] = "start"


class StartDraw(_Model):
    """Your Starting phase: you may draw (Lalande)."""

    type: Literal["start_draw"]
    count: int = Field(ge=1)
    timing: Literal["start"] = "start"


class DrawTrigger(_Model):
    """Serving phase, first time each turn one of your maids makes you draw: +1 serving (Milly)
    or you may draw 1 more (Tanya)."""

    type: Literal["draw_trigger"]
    gain: Literal["serving", "draw"]
    timing: Literal["serving"] = "serving"


class Special(_Model):
    """An ability with its own code in effects.py, registered with `@special(handler)`."""

    type: Literal["special"]
    timing: Literal["start", "others_discard_phase"]
    handler: str


Ability = Annotated[StartGain | StartChoice | StartDraw | DrawTrigger | Special,
                    Field(discriminator="type")]


# ------------------------------------------------------------------ events and scoring
class EventEffect(_Model):
    type: Literal["illness", "bad_habit"]


class CrescentSets(_Model):
    type: Literal["crescent_sets"]
    pair: int
    trio: int


class SafranSets(_Model):
    type: Literal["safran_sets"]
    by_size: dict[int, int]


class ColetteMajority(_Model):
    type: Literal["colette_majority"]
    bonus: int


class OpheliaParity(_Model):
    type: Literal["ophelia_parity"]
    each: int


class BadHabitPenalty(_Model):
    type: Literal["bad_habit_penalty"]
    threshold: int
    each: int


ScoringRule = Annotated[
    CrescentSets | SafranSets | ColetteMajority | OpheliaParity | BadHabitPenalty,
    Field(discriminator="type")]


class CardDef(_Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    number: int = Field(ge=1, le=33)
    kind: Kind
    cost: int = Field(ge=0)
    vp: int
    copies: int = Field(ge=1)
    love: int = Field(0, ge=0)
    chamber: int | None = Field(None, ge=0)
    bonus: Bonus = Bonus()
    serve: tuple[ServeEffect, ...] = ()
    reaction: BlockEvent | None = None
    ability: Ability | None = None
    event: EventEffect | None = None
    scoring: tuple[ScoringRule, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> CardDef:
        if self.kind == "love" and self.love <= 0:
            raise ValueError("a Love card needs love > 0")
        if self.kind != "love" and self.love:
            raise ValueError("only Love cards carry love")
        if self.kind == "private" and (self.ability is None or self.copies != 1):
            raise ValueError("a private maid needs an ability and exactly 1 copy")
        if self.kind != "private" and self.ability is not None:
            raise ValueError("only private maids have an ability")
        if (self.kind == "event") != (self.event is not None):
            raise ValueError("event cards (and only they) carry an event effect")
        if self.kind != "general" and (self.serve or self.bonus != Bonus()):
            raise ValueError("only general maids can be served")
        if self.chamber is not None and self.kind not in ("chief", "general"):
            raise ValueError("only chiefs and general maids can be chambermaids")
        return self

    @property
    def is_maid(self) -> bool:
        return self.kind in MAID_KINDS


class CardData(_Model):
    version: int
    recommended_town: tuple[str, ...]
    cards: tuple[CardDef, ...]


class CardDataError(ValueError):
    """The card data file is malformed; the message names the card and the field."""


def parse_card_data(raw: Any, source: str = "cards.json") -> CardData:
    """Validate raw JSON data; raise CardDataError naming the card id and field on failure."""
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), list):
        raise CardDataError(f"{source}: top level must be an object with a 'cards' list")
    try:
        data = CardData.model_validate(raw)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = list(err["loc"])
            where = ".".join(str(x) for x in loc)
            if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int):
                idx = loc[1]
                card = raw["cards"][idx] if idx < len(raw["cards"]) else {}
                cid = card.get("id", f"#{idx}") if isinstance(card, dict) else f"#{idx}"
                field = ".".join(str(x) for x in loc[2:]) or "(card)"
                where = f"card {cid!r} field {field!r}"
            problems.append(f"{where}: {err['msg']}")
        raise CardDataError(f"{source}: " + "; ".join(problems)) from exc
    ids = [c.id for c in data.cards]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise CardDataError(f"{source}: card {dupes[0]!r} field 'id': defined twice")
    known = set(ids)
    for c in data.cards:
        for eff in c.serve:
            if isinstance(eff, Exchange):
                for t in (eff.give, *eff.take_cards):
                    if t not in known:
                        raise CardDataError(
                            f"{source}: card {c.id!r} field 'serve.exchange': unknown card {t!r}")
    for t in data.recommended_town:
        if t not in known:
            raise CardDataError(f"{source}: field 'recommended_town': unknown card {t!r}")
    return data


def load_card_data(path: Path | None = None) -> CardData:
    file = path or DATA_FILE
    try:
        raw = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise CardDataError(f"{file.name}: {exc}") from exc
    return parse_card_data(raw, file.name)


@cache
def card_data() -> CardData:
    return load_card_data()


DATA = card_data()
CARDS: dict[str, CardDef] = {c.id: c for c in DATA.cards}
ORDER: dict[str, int] = {c.id: c.number for c in DATA.cards}
GENERAL_KINDS: tuple[str, ...] = tuple(c.id for c in DATA.cards if c.kind == "general")
PRIVATE_MAIDS: tuple[str, ...] = tuple(c.id for c in DATA.cards if c.kind == "private")
LOVE_CARDS: tuple[str, ...] = tuple(c.id for c in DATA.cards if c.kind == "love")
CHIEFS: tuple[str, ...] = tuple(c.id for c in DATA.cards if c.kind == "chief")
EVENTS: tuple[str, ...] = tuple(c.id for c in DATA.cards if c.kind == "event")
RECOMMENDED_TOWN: tuple[str, ...] = DATA.recommended_town
TOTAL_CARDS: int = sum(c.copies for c in DATA.cards)
CRESCENTS: tuple[str, ...] = tuple(
    c.id for c in DATA.cards if any(isinstance(s, CrescentSets) for s in c.scoring))


def is_maid(face: str) -> bool:
    return CARDS[face].kind in MAID_KINDS


def sort_faces(faces: list[str] | tuple[str, ...]) -> list[str]:
    return sorted(faces, key=ORDER.__getitem__)
