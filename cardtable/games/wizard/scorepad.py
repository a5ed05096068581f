"""The Wizard score pad (WIZ-SB1, the seed's 記分板): a pure, JSON-saveable model.

Used two ways: stand-alone, by people playing with real cards (names, bids and tricks typed in,
the same scoring as the game), and in a game on the table (`pad_from_view` / `pad_from_state`
build the same table from a running or finished game).

- `ScorePad`: names (3-6), the first dealer, the +-1, hidden-bid and single-colour settings, and
  one `PadRound` per round entered (bids, then tricks once the round is played); `draft` holds
  what was typed for a round but not stored yet (kept in the file, so nothing typed is lost
  when the pad is left or the window closed).
- Hidden bids (WIZ-V1, the seed's 隱藏預言): the keeper types each bid unseen by the others; the
  pad stores a round's bids only all together (`enter_round`), which is the moment they are
  revealed. WIZ-V2: never together with +-1 (the refused number would tell the sum).
- `ScorePad.check_round(...)` lists what is wrong with an entry as message keys (`Msg`):
  wizard.pad.error.round (not the next round nor a past one), .count (wrong number of entries),
  .bid_range (bid outside 0..cards), .tricks_range, .tricks_sum (tricks must add up to the cards
  dealt), .plus_minus_one (bids add up to the cards dealt while +-1 is on), .no_bids (tricks
  without bids), .previous_open (a new round while the one before has no tricks yet, or a past
  round's tricks taken away), .names (3-6 non-empty names). A pad read from a file is held to
  the same rules (`from_json` raises ValueError).
- `ScorePad.enter_round(...)` stores an entry (the next round, or a correction of a past one;
  totals are always recomputed from the entries) or raises `ScorePadError` with those messages.
- `ScorePad.table()` gives the rows the screen draws; `ranking()` the standings;
  `to_json()` / `from_json()` the save file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cardtable.core.events import Msg
from cardtable.core.game import OMNISCIENT
from cardtable.games.wizard.cards import SUITS, cards_in_round, num_rounds, round_score
from cardtable.games.wizard.rules import WizardState, WizardView

PAD_VERSION = 2  # 2: hidden_bids and draft (a version-1 file loads as it is)
MIN_PLAYERS = 3
MAX_PLAYERS = 6


class ScorePadError(ValueError):
    """An entry the pad refuses; `issues` are message keys with parameters for the UI."""

    def __init__(self, issues: list[Msg]) -> None:
        self.issues = issues
        super().__init__("; ".join(f"{m.key} {m.params}" for m in issues))


class PadRound(BaseModel):
    """One round's entries. A bid of None is not known (yet, or hidden); tricks None = the
    round is not played yet."""

    model_config = ConfigDict(extra="forbid")

    bids: list[int | None]
    tricks: list[int] | None = None


class PadDraft(BaseModel):
    """A round's entries typed but not stored yet (None = an empty cell). Only its shape is
    checked: it is what the person typed, right or wrong, to be shown again as it was."""

    model_config = ConfigDict(extra="forbid")

    round_no: int
    bids: list[int | None]
    tricks: list[int | None]

    @property
    def empty(self) -> bool:
        return all(v is None for v in (*self.bids, *self.tricks))


@dataclass(frozen=True, slots=True)
class PadRow:
    """One round as the screen shows it."""

    round_no: int
    dealer: int
    cards: int
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...] | None
    scores: tuple[int, ...] | None      # the round's score per player, None until played
    totals: tuple[int, ...]             # running totals after this round
    bid_sum: int                        # of the known bids
    trick_sum: int | None

    @property
    def bids_vs_cards(self) -> int:
        """Sum of bids minus the cards dealt (>0: over-bid round, <0: under-bid)."""
        return self.bid_sum - self.cards


def check_names(names: Sequence[str]) -> list[Msg]:
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS or any(not n.strip() for n in names):
        return [Msg("wizard.pad.error.names", {"min": MIN_PLAYERS, "max": MAX_PLAYERS})]
    return []


class ScorePad(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: int = PAD_VERSION
    names: list[str]
    first_dealer: int = 0
    bid_order: Literal["dealer", "left_of_dealer"] = "dealer"
    plus_minus_one: bool = False
    hidden_bids: bool = False
    single_colour: bool = False
    # WIZ-V1 single colour: each player's suit (a game on the table; None: not shown). Kept out
    # of the pad file while None, so a pad saved here still opens in a version before it.
    colours: list[str] | None = None
    rounds: list[PadRound] = Field(default_factory=list)
    draft: PadDraft | None = None

    @model_validator(mode="after")
    def _valid(self) -> ScorePad:
        if check_names(self.names):
            raise ValueError(f"a score pad needs {MIN_PLAYERS}-{MAX_PLAYERS} non-empty names")
        if not 0 <= self.first_dealer < len(self.names):
            raise ValueError("first_dealer is not a seat")
        if self.single_colour and len(self.names) > 4:
            raise ValueError("single colour is for 3-4 players")
        if self.colours is not None and (not self.single_colour or
                                         len(self.colours) != len(self.names) or
                                         len(set(self.colours)) != len(self.colours) or
                                         not set(self.colours) <= set(SUITS)):
            raise ValueError("colours: a different suit for each player, in single colour only")
        if self.plus_minus_one and self.hidden_bids:
            raise ValueError("WIZ-V2: +-1 does not combine with hidden bids")
        if len(self.rounds) > self.num_rounds:
            raise ValueError("more rounds than the game has")
        if self.draft is not None:
            d = self.draft
            last = min(len(self.rounds) + 1, self.num_rounds)
            if not 1 <= d.round_no <= last or len(d.bids) != self.num_players or \
                    len(d.tricks) != self.num_players or \
                    any(v is not None and not 0 <= v <= 99 for v in (*d.bids, *d.tricks)):
                raise ValueError("the draft does not fit the pad")
        # a saved pad holds only what `enter_round` accepts: rounds in order, each one valid
        for i, r in enumerate(self.rounds):
            if r.tricks is None and i < len(self.rounds) - 1:
                raise ValueError(f"round {i + 1} has no tricks, yet round {i + 2} follows")
            issues = self._entry_issues(i + 1, r.bids, r.tricks)
            if issues:
                raise ValueError(f"round {i + 1}: " + "; ".join(m.key for m in issues))
        return self

    # ---------------------------------------------------------------- shape
    @property
    def num_players(self) -> int:
        return len(self.names)

    @property
    def num_rounds(self) -> int:
        return num_rounds(len(self.names), self.single_colour)

    def cards(self, round_no: int) -> int:
        return cards_in_round(round_no, self.single_colour)

    def dealer(self, round_no: int) -> int:
        return (self.first_dealer + round_no - 1) % self.num_players

    def last_bidder(self, round_no: int) -> int:
        """WIZ-B1: the seat that bids last (the one the +-1 rule restricts)."""
        first = self.dealer(round_no) + (1 if self.bid_order == "left_of_dealer" else 0)
        return (first + self.num_players - 1) % self.num_players

    @property
    def finished(self) -> bool:
        return len(self.rounds) == self.num_rounds and self.rounds[-1].tricks is not None

    @property
    def next_round(self) -> int:
        """The round to type in next: the first one without tricks (or past the end)."""
        for i, r in enumerate(self.rounds):
            if r.tricks is None:
                return i + 1
        return len(self.rounds) + 1

    # ---------------------------------------------------------------- entries
    def check_round(self, round_no: int, bids: Sequence[int | None],
                    tricks: Sequence[int] | None = None) -> list[Msg]:
        """Everything wrong with an entry for `round_no`, as message keys (empty = fine)."""
        if not 1 <= round_no <= min(len(self.rounds) + 1, self.num_rounds):
            return [Msg("wizard.pad.error.round", {"round": round_no,
                                                   "max": min(len(self.rounds) + 1,
                                                              self.num_rounds)})]
        # the rounds are played in order: a new round only once the one before has its tricks,
        # and a past round (one with a round after it) keeps its tricks
        if round_no == len(self.rounds) + 1 and self.rounds and self.rounds[-1].tricks is None:
            return [Msg("wizard.pad.error.previous_open", {"round": len(self.rounds)})]
        if round_no < len(self.rounds) and tricks is None:
            return [Msg("wizard.pad.error.previous_open", {"round": round_no})]
        return self._entry_issues(round_no, bids, tricks)

    def _entry_issues(self, round_no: int, bids: Sequence[int | None],
                      tricks: Sequence[int] | None) -> list[Msg]:
        """What is wrong with the numbers of one round's entry (its place is checked apart)."""
        n = self.num_players
        issues: list[Msg] = []
        cards = self.cards(round_no)
        if len(bids) != n or (tricks is not None and len(tricks) != n):
            return [Msg("wizard.pad.error.count", {"players": n})]
        for p, b in enumerate(bids):
            if b is not None and not 0 <= b <= cards:
                issues.append(Msg("wizard.pad.error.bid_range",
                                  {"player": p, "bid": b, "max": cards}))
        if (self.plus_minus_one and all(b is not None for b in bids)
                and sum(b for b in bids if b is not None) == cards):
            issues.append(Msg("wizard.pad.error.plus_minus_one",
                              {"player": self.last_bidder(round_no), "cards": cards}))
        if tricks is not None:
            if any(b is None for b in bids):
                issues.append(Msg("wizard.pad.error.no_bids", {"round": round_no}))
            for p, t in enumerate(tricks):
                if not 0 <= t <= cards:
                    issues.append(Msg("wizard.pad.error.tricks_range",
                                      {"player": p, "tricks": t, "max": cards}))
            if sum(tricks) != cards:
                issues.append(Msg("wizard.pad.error.tricks_sum",
                                  {"sum": sum(tricks), "cards": cards}))
        return issues

    def enter_round(self, round_no: int, bids: Sequence[int | None],
                    tricks: Sequence[int] | None = None) -> None:
        """Store the bids (and tricks) of `round_no`: the next round or a correction of a
        past one. Raises ScorePadError listing every problem; the pad is then unchanged."""
        issues = self.check_round(round_no, bids, tricks)
        if issues:
            raise ScorePadError(issues)
        entry = PadRound(bids=list(bids), tricks=list(tricks) if tricks is not None else None)
        self.draft = None  # what was typed is stored now
        if round_no == len(self.rounds) + 1:
            self.rounds.append(entry)
        else:
            self.rounds[round_no - 1] = entry

    def remove_last_round(self) -> None:
        if self.rounds:
            self.rounds.pop()
        self.draft = None

    def keep_draft(self, round_no: int, bids: Sequence[int | None],
                   tricks: Sequence[int | None]) -> None:
        """Keep what was typed for `round_no` and not stored (None: nothing typed)."""
        draft = PadDraft(round_no=round_no, bids=list(bids), tricks=list(tricks))
        self.draft = None if draft.empty else draft

    # ---------------------------------------------------------------- results
    def table(self) -> list[PadRow]:
        """Every entered round with scores and running totals, recomputed from the entries."""
        n = self.num_players
        totals = [0] * n
        rows: list[PadRow] = []
        for i, r in enumerate(self.rounds):
            round_no = i + 1
            scores: tuple[int, ...] | None = None
            if r.tricks is not None:
                scores = tuple(round_score(b or 0, t)
                               for b, t in zip(r.bids, r.tricks, strict=True))
                totals = [a + s for a, s in zip(totals, scores, strict=True)]
            rows.append(PadRow(
                round_no=round_no, dealer=self.dealer(round_no), cards=self.cards(round_no),
                bids=tuple(r.bids), tricks=tuple(r.tricks) if r.tricks is not None else None,
                scores=scores, totals=tuple(totals),
                bid_sum=sum(b for b in r.bids if b is not None),
                trick_sum=sum(r.tricks) if r.tricks is not None else None))
        return rows

    def totals(self) -> list[int]:
        rows = self.table()
        return list(rows[-1].totals) if rows else [0] * self.num_players

    def totals_by_round(self) -> list[list[int]]:
        """Per player, the running total after each played round (for the line chart)."""
        rows = [r for r in self.table() if r.scores is not None]
        return [[r.totals[p] for r in rows] for p in range(self.num_players)]

    def ranking(self) -> list[tuple[int, int, int]]:
        """(place, player, total), best first; equal totals share a place (1, 1, 3, ...)."""
        totals = self.totals()
        order = sorted(range(self.num_players), key=lambda p: (-totals[p], p))
        out: list[tuple[int, int, int]] = []
        for i, p in enumerate(order):
            place = out[-1][0] if out and totals[p] == out[-1][2] else i + 1
            out.append((place, p, totals[p]))
        return out

    def winners(self) -> list[int]:
        return sorted(p for place, p, _ in self.ranking() if place == 1)

    # ---------------------------------------------------------------- JSON
    def to_json(self) -> str:
        return self.model_dump_json(indent=1, exclude={"colours"} if self.colours is None
                                    else None)

    @classmethod
    def from_json(cls, text: str) -> ScorePad:
        pad = cls.model_validate_json(text)
        if pad.version > PAD_VERSION:
            raise ValueError(f"score pad version {pad.version} is newer than {PAD_VERSION}")
        return pad


def is_newer_pad(data: object) -> bool:
    """Whether parsed JSON is a pad saved by a newer version (keep it for that version)."""
    version = data.get("version") if isinstance(data, dict) else None
    return isinstance(version, int) and version > PAD_VERSION


def pad_from_view(view: WizardView, names: Sequence[str] | None = None) -> ScorePad:
    """The score pad of a game on the table, as `view`'s viewer may see it: every scored round,
    plus the current round's bids (those the viewer may see) while it is being played."""
    n = view.num_players
    pad = ScorePad(
        names=list(names) if names is not None else [f"P{p + 1}" for p in range(n)],
        first_dealer=view.first_dealer,
        bid_order=view.options.get("bid_order", "dealer"),
        plus_minus_one=bool(view.options.get("plus_minus_one")),
        # WIZ-V2: a game that holds both (an old save) still shows its pad; hidden bids are
        # the game's to hide (the scene's `bids_hidden`), so the pad keeps only +-1 then
        hidden_bids=bool(view.options.get("hidden_bids")) and
        not view.options.get("plus_minus_one"),
        single_colour=bool(view.options.get("single_colour")),
        colours=None if view.seat_suits is None else list(view.seat_suits))
    for r in view.history:
        pad.rounds.append(PadRound(bids=list(r.bids), tricks=list(r.tricks)))
    in_round = view.winners is None and view.round_no > len(view.history)
    if in_round and any(view.bid_made):
        pad.rounds.append(PadRound(bids=list(view.bids)))
    return pad


def pad_from_state(state: WizardState, names: Sequence[str] | None = None,
                   viewer: int | None = OMNISCIENT) -> ScorePad:
    """`pad_from_view` of `state.view(viewer)` (by default every bid is shown)."""
    return pad_from_view(state.view(viewer), names)


__all__ = ["PadDraft", "PadRound", "PadRow", "ScorePad", "ScorePadError", "check_names", "is_newer_pad",
           "pad_from_state", "pad_from_view"]
