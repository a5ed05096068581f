"""Tanto Cuore (女僕咖啡廳) at the table.

Layout (1280×720, the log and controls in the side column on the right):
- top: the town — Love piles, the maid chiefs, the events and the private maids (face-down pile
  with its count, the two face-up ones) on the first row, the ten general maids on the second;
  every pile is a small card with a count badge. Beside it: the turn, the phase track and the
  love / serving / employ counters.
- middle: the other players' quarters summarised as plates on the left (click one to expand
  it); the play area of the player whose turn it is; the prompt and the choice buttons.
- bottom: the bottom seat's deck and discard, private quarters (chambermaids grouped with
  counts, the private-maid stack with the active one on top, Illnesses and Bad Habits) and hand.

Every clickable thing is a member of `legal_actions()`: cards in hand, town piles, an ill maid
at home (cure) or the active private maid (ability) are clicked where they lie; everything else
(done, decline, Eliza's choice, targets…) is a button. A card with several actions (serve or
make her a chambermaid; an event and its targets) asks with buttons after the click.
Hover a card for its text; right-click it for a large view.

Zones (from rules.py): town:<face>, private_pile, private_up, box, deck:p, hand:p, discard:p,
play:p, chambers:p, privates:p, habits:p, illness:p.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, NamedTuple

import pygame

from cardtable.core.actions import Action
from cardtable.core.events import (
    ANNOUNCE,
    GAME_OVER,
    PHASE_CHANGED,
    REVEALED,
    SHUFFLED,
    TURN_STARTED,
    Event,
    Msg,
    zone_name,
    zone_owner,
)
from cardtable.core.game import OMNISCIENT
from cardtable.games.tanto_cuore.cards import CARDS, CHIEFS, EVENTS, LOVE_CARDS, sort_faces
from cardtable.games.tanto_cuore.rules import TCView
from cardtable.games.tanto_cuore.scoring import Holdings, breakdown, parts_in_play
from cardtable.history.describers.tanto_cuore import TantoCuoreDescriber
from cardtable.i18n import has_key, tr
from cardtable.ui import art_tanto_cuore as art
from cardtable.ui import cardart, draw, gfx, theme
from cardtable.ui.anim import Director
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.tables.kit.fan import fan_hits, fan_rects, slot_key, slot_of, visible_strips
from cardtable.ui.tables.kit.parts import draw_parts
from cardtable.ui.tables.kit.results_panel import final_panel
from cardtable.ui.tables.kit.sample import push_table
from cardtable.ui.tables.kit.seats import seat_tag
from cardtable.ui.tables.kit.zones import take_index
from cardtable.ui.tables.layer_parts import TEXT_SLACK, Part, PartLayer
from cardtable.ui.tables.table_scene import Hit, TableScene, Zones
from cardtable.ui.tables.tanto_cuore_why_not import params_text, why_not_employ, why_not_hand

GAME = "tanto_cuore"
P = f"ui.{GAME}"
_REACT = Action("react", "claire")
_NORD = Action("ability", "nord")
# a table-only button (never submitted): backs out of a confirmation (Nord, ending the turn)
_CANCEL = Action("cancel")
_DONE = Action("done")
# ending the turn with an employ left and something affordable asks first (a selection key)
CONFIRM_END = "confirm:end"
FELT = pygame.Rect(12, 12, 960, 696)
TOWN_CARD = (58, 81)
TOWN_STEP = 65
TOWN_X = 28
TOWN_TITLE_Y = 15  # the town's title, clear of the top row's highlight (town cards do not lift)
TOWN_Y1 = 44
TOWN_Y2 = 149
PLAY_CARD = (62, 87)
HOME_CARD = (50, 70)
HAND_CARD = (92, 129)
HAND_Y = 566
HAND_X0, HAND_X1 = 200, 962
BOTTOM_PLATE = pygame.Rect(24, 432, 164, 266)
HOME_RECT = pygame.Rect(200, 432, 762, 118)
OPP_AREA = pygame.Rect(24, 244, 300, 176)
PLAY_AREA = pygame.Rect(338, 244, 624, 104)
STATUS_Y = 364
CHOICE_Y = 384
# the employ phase's 結束這回合 stands at the right end of the choice row, never where the
# centred buttons of the serve phase or of a choice were (a second click there would end the
# turn: a play test lost a turn with 5 love and an employ left); its confirmation puts
# 繼續雇用 on that spot and the button that really ends the turn where nothing was
END_SPOT = pygame.Rect(PLAY_AREA.right - 10 - 180, CHOICE_Y, 180, 36)
CONFIRM_SPOT = pygame.Rect(PLAY_AREA.x + 10, CHOICE_Y, 180, 36)
# the start phase's 開始服務 stands at the left end, so a double click on it cannot also end
# the serve phase (whose 結束服務 is centred): each phase's "done" has its own place
START_SPOT = CONFIRM_SPOT
INFO_RECT = pygame.Rect(728, 22, 234, 200)
DETAIL_CARD = (200, 280)
MINI = (22, 31)
PLATE_COUNT_SIZE = theme.SIZE_TINY - 3  # "×2" beside a mini on an opponent's plate
BADGE_SIZE = theme.SIZE_TINY - 4  # a count on a mini's corner, when "×2" beside does not fit
BADGE_OVERHANG = 2  # how far such a badge reaches past the mini's right edge
CHIP_H = 18  # an opponent's maid as a chip: her name, count and Illness mark
CHIP_TEXT = 12
CHIP_PAD = 6  # the kind's colour bar and the space before the name
ILL_MARK = 16  # the Illness mark on an opponent's plate (px)
PHASES = ("start", "serve", "employ", "discard")
# a stream (a turn's end, the first deal): each card's flight, and the time between two cards
STREAM_FLIGHT, STREAM_STAGGER = 0.3, 0.045
LOVE_STAGGER = 0.09  # the Love cards played at the employ phase, one after another
HAND_KINDS = ("serve", "chamber", "discard", "keep")
WHY_NOT_SECONDS = 4.0  # how long the prompt line says why a clicked card cannot be used

# which pile faces stand on the first town row, in groups
ROW1_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("love", LOVE_CARDS[::-1]), ("chief", CHIEFS[::-1]), ("event", EVENTS))


class PlateItem(NamedTuple):
    """One thing in an opponent's quarters on the plate: a mini card and its count (the text
    "×2" beside it, or a badge on its corner; none for a single maid)."""

    face: str
    rect: pygame.Rect
    label: str
    label_rect: pygame.Rect | None
    ill: int
    badge: bool
    name: str | None = None  # a chip with her name (None: a mini card)


class PlateLayout(NamedTuple):
    items: list[PlateItem]
    overflow: pygame.Rect | None  # where "…" stands when not everything fits
    inline: bool


def _rect_at(center: tuple[float, float], size: tuple[int, int]) -> pygame.Rect:
    r = pygame.Rect(0, 0, *size)
    r.center = (int(center[0]), int(center[1]))
    return r


def chamber_groups(chambers: Any) -> list[tuple[str, int, int]]:
    """Chambermaids grouped by face, in card order: (face, copies, Illnesses on them)."""
    cnt: Counter[str] = Counter()
    ill: Counter[str] = Counter()
    for f, k in chambers:
        cnt[f] += 1
        ill[f] += k
    return [(f, cnt[f], ill[f]) for f in sort_faces(list(cnt))]


def live_rows(view: TCView) -> list[dict[str, int]] | None:
    """Every player's VP as things stand (what each owns is public knowledge), computed with
    scoring.py; None when an unseen Eugenie swap mixed two players' cards for this viewer."""
    if view.final:
        return [dict(r) for r in view.final]
    n = view.num_players
    own: dict[int, tuple[str, ...]] = {}
    for members, cards in view.pools:
        if len(members) != 1:
            return None
        own[members[0]] = cards
    holdings = [Holdings(cards=(*own.get(q, ()), *view.discards[q], *view.plays[q]),
                         chambers=view.chambers[q], privates=view.privates[q],
                         bad_habits=view.habits[q]) for q in range(n)]
    return breakdown(holdings)


def in_transit(view: TCView) -> list[tuple[str, str]]:
    """Event cards taken from a town pile that have not been placed yet: (face, town zone)
    for the pending Claire question and every queued placement."""
    steps = [dict(t) for t in view.tasks]
    if view.pending:
        steps.insert(0, dict(view.pending))
    out = []
    for t in steps:
        if t.get("kind", t.get("t")) in ("claire_reaction", "place_event"):
            src, face = t.get("src"), t.get("card")
            if isinstance(src, str) and src.startswith("town:") and isinstance(face, str):
                out.append((face, src))
    return out


class TantoCuoreTableScene(TableScene):
    game_id = GAME
    describer: TantoCuoreDescriber

    def __init__(self, app: Any, link: Any, demo: bool = False, watch: bool = False,
                 **kw: Any) -> None:
        self.expanded: int | None = None  # an opponent whose quarters are shown in full
        self.detail: str | None = None  # a card pinned large by a right click
        self.card_spots: list[tuple[pygame.Rect, str]] = []  # faces drawn, for hover/detail
        self.town_slots: dict[str, pygame.Rect] = {}
        self.private_slots: list[pygame.Rect] = []
        self.private_pile_rect = pygame.Rect(0, 0, 0, 0)
        self._rows: list[dict[str, int]] | None = None
        # why the card last clicked cannot be used: (text, seconds left, the update it is for)
        self.why_not: tuple[str, float, int] | None = None
        self._layer_parts = PartLayer()
        self._part_spots: dict[str, list[tuple[pygame.Rect, str]]] = {}
        super().__init__(app, link, demo=demo, watch=watch, **kw)

    # ---------------------------------------------------------------- truth
    def zones_from_view(self, view: TCView) -> Zones:
        z: Zones = {}
        for face, n in view.town:
            z[f"town:{face}"] = [face] * n
        # an event card on its way (waiting for a Claire question or in the effect queue) has
        # left the town in the rules but not yet flown: the pile still shows it, and its
        # flight takes it (else the count showed one too few while it flew)
        for face, src in in_transit(view):
            z.setdefault(src, []).append(face)
        z["private_pile"] = [None] * view.private_pile_count
        z["private_up"] = list(view.private_up)
        me = view.viewer
        for q in range(view.num_players):
            if view.all_hands is not None:
                hand: list[str | None] = list(view.all_hands[q])
            elif me == q and view.hand is not None:
                hand = list(view.hand)
            else:
                hand = [None] * view.hand_counts[q]
            z[f"hand:{q}"] = hand
            z[f"deck:{q}"] = [None] * view.deck_counts[q]
            z[f"discard:{q}"] = list(view.discards[q])
            z[f"play:{q}"] = list(view.plays[q])
            z[f"chambers:{q}"] = [f for f, _ in view.chambers[q]]
            z[f"privates:{q}"] = [f for f, _ in view.privates[q]]
            z[f"habits:{q}"] = ["bad_habit"] * view.habits[q]
            ill = sum(k for _, k in view.chambers[q]) + sum(k for _, k in view.privates[q])
            z[f"illness:{q}"] = ["illness"] * ill
        return z

    def opening_zones(self) -> Zones | None:
        v: TCView = self.v
        zones: Zones = {k: [] for k in self.zones}
        for face, n in v.town:
            zones[f"town:{face}"] = [face] * n
        for q in range(v.num_players):  # the starting decks come out of the town piles
            zones["town:love1"] += ["love1"] * 7
            zones["town:colette"] += ["colette"] * 3
            for k in ("deck", "hand", "discard", "play"):
                zones[f"{k}:{q}"] = []
        if v.options.get("private_maids"):
            zones["private_pile"] = [None] * (v.private_pile_count + len(v.private_up))
            zones["private_up"] = []
        self.disp.update(phase=None, current=None, turn=0, turn_player=None, love=0, serving=0,
                         employ=0)
        return zones

    def sync_disp(self, view: TCView) -> None:
        self._layout(view)
        self._rows = live_rows(view)
        phase = view.main_phase if view.main_phase in PHASES else "start"
        self.disp.update(phase=phase, current=view.current, turn_player=view.turn_player,
                         turn=view.turn_no, love=view.love, serving=view.serving,
                         employ=view.employ)
        if self.expanded is not None and self.expanded >= view.num_players:
            self.expanded = None

    # ---------------------------------------------------------------- layout
    def _layout(self, view: TCView) -> None:
        town = dict(view.town)
        slots: dict[str, pygame.Rect] = {}
        x = TOWN_X
        for _, faces in ROW1_GROUPS:
            shown = [f for f in faces if f in town]
            for f in shown:
                slots[f] = pygame.Rect(x, TOWN_Y1, *TOWN_CARD)
                x += TOWN_STEP
            if shown:
                x += 14
        self.private_slots = []
        if view.options.get("private_maids"):
            self.private_pile_rect = pygame.Rect(x, TOWN_Y1, *TOWN_CARD)
            x += TOWN_STEP
            self.private_slots = [pygame.Rect(x + i * TOWN_STEP, TOWN_Y1, *TOWN_CARD)
                                  for i in range(2)]
        else:
            self.private_pile_rect = pygame.Rect(0, 0, 0, 0)
        for i, f in enumerate(sort_faces(list(view.kinds))):
            slots[f] = pygame.Rect(TOWN_X + i * TOWN_STEP, TOWN_Y2, *TOWN_CARD)
        self.town_slots = slots

    def opponents(self) -> list[int]:
        n = self.info.num_players
        b = self.bottom_seat
        return [(b + i) % n for i in range(1, n)]

    def plate_rect(self, seat: int) -> pygame.Rect:
        opp = self.opponents()
        k = max(1, len(opp))
        gap = 6
        h = min(104, (OPP_AREA.h - gap * (k - 1)) // k)
        i = opp.index(seat)
        return pygame.Rect(OPP_AREA.x, OPP_AREA.y + i * (h + gap), OPP_AREA.w, h)

    def hand_rects(self, count: int) -> list[pygame.Rect]:
        return fan_rects(count, (HAND_X0 + HAND_X1) // 2, HAND_Y, HAND_CARD, HAND_X1 - HAND_X0,
                         gap=8)

    def play_rects(self, count: int) -> list[pygame.Rect]:
        if count <= 0:
            return []
        area = PLAY_AREA.inflate(-24, 0)
        step = min(PLAY_CARD[0] + 6, (area.w - PLAY_CARD[0]) // max(1, count - 1))
        return [pygame.Rect(area.x + i * step, PLAY_AREA.y + 12, *PLAY_CARD)
                for i in range(count)]

    def home_groups(self, seat: int) -> list[tuple[str, str, int, int]]:
        """The bottom seat's quarters as groups: (key, face, count, illnesses)."""
        v: TCView = self.v
        return [(f"home:{f}", f, n, k) for f, n, k in chamber_groups(v.chambers[seat])]

    def home_rects(self, seat: int) -> dict[str, pygame.Rect]:
        """Rects in the bottom quarters: chambermaid groups, the private stack, Bad Habits."""
        out: dict[str, pygame.Rect] = {}
        x = HOME_RECT.x + 12
        y = HOME_RECT.y + 30  # under the title; the top card's caption still inside
        v: TCView = self.v
        stack = v.privates[seat]
        if stack:
            out["stack"] = pygame.Rect(x + 6 * min(3, len(stack) - 1), y, *HOME_CARD)
            x += HOME_CARD[0] + 6 * min(3, len(stack) - 1) + 16
        for key, _f, _n, _i in self.home_groups(seat):
            out[key] = pygame.Rect(x, y, *HOME_CARD)
            x += HOME_CARD[0] + 12
        if v.habits[seat]:
            out["habits"] = pygame.Rect(max(x, HOME_RECT.right - HOME_CARD[0] - 14), y,
                                        *HOME_CARD)
        return out

    def lesson_zone_rect(self, name: str) -> pygame.Rect | None:
        """The zones a lesson's callout points at beyond the kit's card zones (see
        cardtable.ui.scenes.lesson): a town pile ("town:<face>"), a face-up private maid by
        face ("private_up:<face>" or "town:<face>": the slot she lies in), "counters" (the
        turn, the phase and the love / serving / employ box), "choice" (the own hand, then the
        buttons asking how a picked card is used) and the own play area as its cards now."""
        if name.startswith(("private_up:", "town:")):
            # (a town pile's name carries a face, not a seat: resolved here, whole)
            face = name.partition(":")[2]
            ups = self.zones.get("private_up", [])
            if face in ups and ups.index(face) < len(self.private_slots):
                return pygame.Rect(self.private_slots[ups.index(face)])
            if name.startswith("town:"):
                return pygame.Rect(self.zone_rect(name))
            return pygame.Rect(self.private_pile_rect)
        if name == "counters":
            return pygame.Rect(INFO_RECT)
        if name == "choice":
            # a card with two uses (serve or chamber): the hand until one is picked, then the
            # buttons that ask which use
            buttons = [h.rect for h in self.table_hits() if h.key.startswith("btn:")] \
                if self.selected is not None else []
            if buttons:
                return buttons[0].unionall(buttons[1:])
            hand = self.hand_rects(max(1, len(self.zones.get(f"hand:{self.bottom_seat}", []))))
            return hand[0].unionall(hand[1:]).union(hand[0].move(0, -18))
        if name == f"play:{self.bottom_seat}":
            rects = self.play_rects(len(self.zones.get(name, [])))
            return rects[0].unionall(rects[1:]) if rects else None
        return None

    def zone_rect(self, zone: str) -> pygame.Rect:
        if zone.startswith("town:"):
            face = zone.partition(":")[2]
            return self.town_slots.get(face, _rect_at((480, 120), TOWN_CARD))
        name, owner = zone_name(zone), zone_owner(zone)
        if name == "private_pile":
            return self.private_pile_rect
        if name == "private_up":
            return self.private_slots[-1] if self.private_slots else self.private_pile_rect
        if owner is None:
            return _rect_at((480, 300), TOWN_CARD)
        if name == "play":
            n = len(self.zones.get(zone, []))
            return self.play_rects(n + 1)[-1]
        if owner == self.bottom_seat:
            if name == "hand":
                return self.hand_rects(len(self.zones.get(zone, [])) + 1)[-1]
            if name == "deck":
                return self.deck_rect()
            if name == "discard":
                return self.discard_rect()
            rects = self.home_rects(owner)
            if name == "privates" and "stack" in rects:
                return rects["stack"]
            if name == "habits" and "habits" in rects:
                return rects["habits"]
            return pygame.Rect(HOME_RECT.x + 12, HOME_RECT.y + 34, *HOME_CARD)
        if owner in self.opponents():
            box = self.plate_rect(owner)
            return _rect_at((box.x + 40, box.centery), MINI)
        return _rect_at((480, 300), TOWN_CARD)

    def deck_rect(self) -> pygame.Rect:
        return pygame.Rect(BOTTOM_PLATE.x + 12, BOTTOM_PLATE.y + 70, *PLAY_CARD)

    def discard_rect(self) -> pygame.Rect:
        return pygame.Rect(BOTTOM_PLATE.x + 88, BOTTOM_PLATE.y + 70, *PLAY_CARD)

    # ---------------------------------------------------------------- events
    def move_stream(self, ev: Event) -> str | None:
        """Building the starting decks, and a turn's end (played and hand cards to the
        discard pile, then the new hand drawn; the first hands dealt) fly as group streams."""
        sn, dn = zone_name(ev.data["src"]), zone_name(ev.data["dst"])
        if dn == "deck":
            return "deck"
        if (sn, dn) == ("hand", "play") and ev.data.get("card") in LOVE_CARDS:
            return "love"  # entering the employ phase plays every Love card
        if (sn in ("deck", "hand", "play") and dn == "discard") or (sn, dn) == ("deck", "hand"):
            return "turn_end"
        return None

    def stream_pace(self, run: Any) -> tuple[float, float, str | None]:
        if self.move_stream(run[0]) == "love":  # a little apart: the counter counts each
            return STREAM_FLIGHT, LOVE_STAGGER, "play"
        return STREAM_FLIGHT, STREAM_STAGGER, "deal"

    def move_landed(self, ev: Event) -> None:
        src, dst, card = ev.data["src"], ev.data["dst"], ev.data.get("card")
        if card in LOVE_CARDS and zone_name(src) == "hand" and zone_name(dst) == "play":
            # the Love counter follows the cards as they land
            self.disp["love"] = self.disp.get("love", 0) + CARDS[card].love

    def move_rects(self, ev: Event) -> tuple[pygame.Rect, pygame.Rect]:
        return self.leave_rect(ev.data["src"], ev.data.get("card")), \
            self.zone_rect(ev.data["dst"])

    def leave_rect(self, zone: str, card: str | None) -> pygame.Rect:
        """Where a card leaving `zone` starts: its own slot in the bottom seat's hand or in
        the play area (the one its mirror gives up), else the zone's rect."""
        name = zone_name(zone)
        if name in ("hand", "play"):
            owner, cards = zone_owner(zone), self.zones.get(zone, [])
            i = take_index(cards, card)
            if i is not None and name == "hand" and owner == self.bottom_seat:
                return self.hand_rects(len(cards))[i]
            if i is not None and name == "play" and owner == self.disp.get("turn_player"):
                return self.play_rects(len(cards))[i]
        return self.zone_rect(zone)

    def _card_moved(self, ev: Event, director: Director) -> float:
        wait = super()._card_moved(ev, director)
        src, dst = ev.data["src"], ev.data["dst"]
        if zone_name(src) == zone_name(dst) == "hand":
            return 0.07  # Eugenie's swap: the two cards cross
        return wait

    def game_event(self, ev: Event, director: Director) -> float:
        d = ev.data
        if ev.kind == TURN_STARTED:
            # TC-T1: a turn starts with no Love, 1 serving and 1 employ (the counters follow
            # the turn the table shows, not the view from before the batch: a play test saw
            # the previous player's leftovers for a second)
            self.disp.update(turn_player=d["player"], current=d["player"], turn=d.get("turn"),
                             phase="start", love=0, serving=1, employ=1)
            return 0.2
        if ev.kind == SHUFFLED and d.get("from"):
            # the discard pile becomes the deck (face down) before anything is drawn from it
            for src in d["from"]:
                cards = self.zones.get(src, [])
                self.zones.setdefault(d["zone"], []).extend([None] * len(cards))
                self.zones[src] = []
            return 0.2
        if ev.kind == PHASE_CHANGED:
            self.disp["phase"] = d["phase"]
            if d["phase"] == "discard":  # TC-T1: what is left of the turn is lost
                self.disp.update(love=0, serving=0, employ=0)
            return 0.12
        if ev.kind == "event_played":
            self.app.play_sound("play")
            if d.get("blocked"):
                self.banner = (tr(f"{P}.banner.blocked", player=self.name_of(d["target"]),
                                  card=art.card_name(d["card"])), 1.2, theme.ACCENT_DARK)
                return 0.9
            return 0.3
        if ev.kind == REVEALED and d.get("cards") and self.eff_viewer is not None:
            return 0.3
        if ev.kind == GAME_OVER:
            return 0.4
        if ev.kind == ANNOUNCE and ev.data["msg"].key == f"{GAME}.log.piles_empty":
            key = "ending_turn" if self.info.options.get("finish_turn") else "ending"
            self.banner = (tr(f"{P}.banner.{key}"), 1.4, theme.DANGER)
            return 0.9
        return 0.0

    # ---------------------------------------------------------------- input
    def table_hits(self) -> list[Hit]:
        me = self.viewer
        if me is None or me < 0:
            return []
        legal = self.legal
        if self.selected == CONFIRM_END:
            if _DONE not in legal:
                return []
            return [Hit(pygame.Rect(END_SPOT), [_CANCEL], "btn:keep"),
                    Hit(pygame.Rect(CONFIRM_SPOT), [_DONE], "btn:end")]
        if self.selected is not None:
            acts = self._selected_actions()
            if acts == [_NORD]:  # the confirmation, with a way back
                acts = [_NORD, _CANCEL]
            return self._buttons(acts)
        hand = self.zones.get(f"hand:{me}", [])
        # one hit per card slot (two copies of a maid are each reachable), on its visible strip
        hits: list[Hit] = fan_hits(Hit, "hand", hand, self.hand_rects(len(hand)),
                                   lambda face: self._hand_actions(face))
        used: set[Action] = {a for h in hits for a in h.actions}
        for face, rect in [*self.town_slots.items(),
                           *zip(self.zones.get("private_up", []), self.private_slots,
                                strict=False)]:
            acts = [a for a in legal if a.card == face and a.kind in ("employ", "exchange")]
            if acts and face is not None:
                hits.append(Hit(rect, acts, f"town:{face}"))
                used.update(acts)
        if me == self.bottom_seat:
            rects = self.home_rects(me)
            for key, rect in rects.items():
                if key.startswith("home:"):
                    face = key.partition(":")[2]
                    acts = [a for a in legal if a.kind == "cure" and a.card == face]
                elif key == "stack":
                    top = self.v.privates[me][-1][0]
                    acts = [a for a in legal if a.card == top and a.kind in ("ability", "cure")]
                    key = "home:stack"
                else:
                    continue
                if acts:
                    hits.append(Hit(rect, acts, key))
                    used.update(acts)
        rest = [a for a in legal if a not in used]
        hits.extend(self._buttons(rest))
        return hits

    def _hand_actions(self, face: str) -> list[Action]:
        return [a for a in self.legal if a.card == face and a.kind in HAND_KINDS]

    def selected_face(self) -> str | None:
        """The card face of the selected hit (a hand slot's card, a pile's or maid's face)."""
        if self.selected is None:
            return None
        slot = slot_of(self.selected, "hand")
        if slot is not None:
            hand = self.zones.get(f"hand:{self.viewer}", [])
            return hand[slot] if slot < len(hand) else None
        return self.selected.partition(":")[2]

    def _selected_actions(self) -> list[Action]:
        """The actions of the selected multi-action hit (its follow-up buttons)."""
        if slot_of(self.selected, "hand") is not None:
            face = self.selected_face()
            return self._hand_actions(face) if face is not None else []
        return [a for a in self.legal if self._hit_key(a) == self.selected]

    def _hit_key(self, a: Action) -> str | None:
        """The key of the multi-action town or home hit `a` belongs to (for the follow-up
        buttons; hand cards are keyed by slot)."""
        if a.kind in ("employ", "exchange"):
            return f"town:{a.card}"
        if a.kind in ("cure", "ability") and a.card is not None:
            v: TCView = self.v
            stack = v.privates[self.bottom_seat] if self.bottom_seat < v.num_players else ()
            if stack and stack[-1][0] == a.card:
                return "home:stack"
            return f"home:{a.card}"
        return None

    def choose(self, hit: Hit) -> None:
        """As the table's, but two things ask for a confirmation first: Nord's ability (once
        she acts the hand is discarded but one card, and the rules offer no way back), and
        ending the turn while an employ is left and the love could buy something."""
        self.why_not = None  # a choice made: the reason for an earlier click is old news
        if hit.actions == [_CANCEL]:
            self.selected = None
            self.focus = 0
            return
        if hit.actions == [_NORD] and self.selected is None:
            self.selected = hit.key
            self.focus = 0
            return
        if hit.actions == [_DONE] and self.selected is None and self.end_needs_confirm():
            self.selected = CONFIRM_END
            # the keyboard's Enter, pressed again, keeps employing (never ends the turn)
            self.focus_model.focus_key = "btn:keep"
            return
        super().choose(hit)

    def end_needs_confirm(self) -> bool:
        """Whether 結束這回合 asks first: an employ is left and the love could buy something
        in the town (a legal employ action exists)."""
        v: TCView = self.v
        return (v.phase == "employ" and v.employ >= 1
                and any(a.kind == "employ" for a in self.legal))

    def button_rects(self, n: int) -> list[pygame.Rect]:
        """Choice buttons under the prompt: rows of up to 4 (up to 3 rows)."""
        if n <= 0:
            return []
        per = min(4, n)
        w = min(220, (PLAY_AREA.w - 10 * (per - 1)) // per)
        h = 36
        out = []
        for i in range(n):
            row, col = divmod(i, per)
            cnt = min(per, n - row * per)
            x0 = PLAY_AREA.centerx - (cnt * w + (cnt - 1) * 10) // 2
            out.append(pygame.Rect(x0 + col * (w + 10), CHOICE_Y + row * (h + 6), w, h))
        return out

    def _buttons(self, acts: list[Action]) -> list[Hit]:
        if acts == [_DONE] and self.v.phase in ("start", "employ"):
            spot = END_SPOT if self.v.phase == "employ" else START_SPOT
            return [Hit(pygame.Rect(spot), [_DONE], "btn:0")]
        return [Hit(r, [a], f"btn:{i}") for i, (a, r) in
                enumerate(zip(acts, self.button_rects(len(acts)), strict=False))]

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button == 1:
                self.why_not = None
            if self.detail is not None and event.button in (1, 3):
                self.detail = None
                return None
            if event.button == 3 and self.selected is not None:
                self.selected = None  # as the prompt says: right-click cancels the choice
                return None
            if event.button == 3:
                face = self.face_at(event.pos)
                if face is not None:
                    self.detail = face
                    return None
            if event.button == 1 and not any(b.rect.collidepoint(event.pos)
                                             for b in self.buttons):
                plate = next((q for q in self.opponents()
                              if self.plate_rect(q).collidepoint(event.pos)), None)
                if self.expanded is not None:  # any click closes it (or shows another)
                    self.expanded = plate if plate not in (None, self.expanded) else None
                    return None
                if plate is not None:
                    self.expanded = plate
                    return None
                self.explain_click(event.pos)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (
                self.detail is not None or self.expanded is not None) and self.selected is None:
            self.detail = None
            self.expanded = None
            return None
        return super().handle_event(event)

    def explain_click(self, pos: tuple[int, int]) -> None:
        """A click on a card that offers nothing now (a pile one cannot afford, a maid in hand
        one cannot serve): the prompt line says why for a few seconds (issue 33: such a click
        did nothing and said nothing). Cards with a legal use are left to the click."""
        if self.selected is not None or self.director.busy or self.demo or self.read_only:
            return
        if any(h.rect.collidepoint(pos) for h in self.current_hits()):
            return
        why = self.why_not_at(pos)
        if why is not None:
            text = tr(why.key, **params_text(why, self.name_of, art.card_name))
            self.why_not = (text, WHY_NOT_SECONDS, self.seq)

    def why_not_at(self, pos: tuple[int, int]) -> Msg | None:
        """Why the card at `pos` (a town pile, a face-up private maid, a card in the own hand)
        cannot be used now, as a message (None: nothing there, or nothing to say)."""
        me = self.viewer
        if me is None or me < 0 or me >= self.info.num_players:
            return None
        v: TCView = self.v
        acting = self.shown.acting
        legal = list(self.shown.legal or ()) if acting == me else []
        ups = self.zones.get("private_up", [])
        piles = [*self.town_slots.items(), *zip(ups, self.private_slots, strict=False)]
        for face, rect in piles:
            if face is not None and rect.collidepoint(pos):
                return why_not_employ(v, face, legal, acting, me)
        if me == self.bottom_seat and self.eff_viewer == me:
            hand = self.zones.get(f"hand:{me}", [])
            for face, rect in zip(hand, visible_strips(self.hand_rects(len(hand))),
                                  strict=False):
                if face is not None and rect.collidepoint(pos):
                    return why_not_hand(v, face, legal, acting, me)
        return None

    def update(self, dt: float) -> None:
        if self.why_not is not None:
            text, left, seq = self.why_not
            left -= dt
            # gone after its time, or as soon as the table moved on
            self.why_not = (text, left, seq) if left > 0 and seq == self.seq else None
        super().update(dt)

    def timer_due(self) -> float | None:
        return self.why_not[1] if self.why_not is not None else None

    def spot_at(self, pos: tuple[int, int]) -> tuple[str, pygame.Rect] | None:
        """The card under `pos` (the top one where cards overlap) and its rect."""
        for rect, face in reversed(self.card_spots):
            if rect.collidepoint(pos):
                return face, rect
        return None

    def face_at(self, pos: tuple[int, int]) -> str | None:
        spot = self.spot_at(pos)
        return spot[0] if spot is not None else None

    # ---------------------------------------------------------------- text for actions
    def action_label(self, a: Action) -> str:
        """A choice button's words: the describer's, as for every line of the game."""
        confirming = (a == _NORD or self.selected == CONFIRM_END) and self.selected is not None
        return self.msg_text(self.describer.choice(a, self.v.phase, self.legal, confirming,
                                                   ill=self.illnesses()))

    def illnesses(self) -> dict[tuple[int, str], int]:
        """How many Illnesses lie on each (seat, maid face) in the quarters (public)."""
        v: TCView = self.v
        out: dict[tuple[int, str], int] = {}
        for q in range(v.num_players):
            for f, k in (*v.chambers[q], *v.privates[q]):
                if k:
                    out[(q, f)] = out.get((q, f), 0) + k
        return out

    def quarters_at(self, rect: pygame.Rect) -> int | None:
        """Whose quarters a card drawn at `rect` is in (None: not in any quarters)."""
        if self.expanded is not None and self.expand_rect().contains(rect):
            return self.expanded
        if HOME_RECT.inflate(0, 12).contains(rect):
            return self.bottom_seat
        return next((q for q in self.opponents() if self.plate_rect(q).contains(rect)), None)

    def ill_note(self, face: str, rect: pygame.Rect) -> str:
        """For a maid in someone's quarters with Illness on her: what that means ("" else)."""
        q = self.quarters_at(rect)
        n = self.illnesses().get((q, face), 0) if q is not None else 0
        if not n or q is None:
            return ""
        copies = [k for f, k in self.v.chambers[q] if f == face]
        if len(copies) > 1:  # a group of chambermaids: how many of them are ill
            return tr(f"{P}.ill_note_group", copies=len(copies),
                      ill=sum(1 for k in copies if k))
        return tr(f"{P}.ill_note", n=n)

    def prompt_text(self) -> str:
        v: TCView = self.v
        if self.selected == CONFIRM_END:
            return tr("ui.table.prompt_cancel", prompt=tr(f"{P}.prompt.confirm_end",
                                                          love=v.love, employ=v.employ))
        if self.selected is not None:
            kind = self.selected.partition(":")[0]
            face = self.selected_face() or ""
            if kind == "hand":
                key = "choose_hand"
            elif _NORD in self.legal and self._hit_key(_NORD) == self.selected:
                key, face = "confirm_nord", "nord"
            elif face in EVENTS:
                key = "choose_event_target"
            else:
                key = "choose_action"
            card = art.card_name(face) if face in CARDS else ""
            return tr("ui.table.prompt_cancel", prompt=tr(f"{P}.prompt.{key}", card=card))
        phase = v.phase
        pend = dict(v.pending) if v.pending else {}
        params: dict[str, Any] = {}
        if "card" in pend and isinstance(pend["card"], str) and pend["card"] in CARDS:
            params["card"] = art.card_name(pend["card"])
        for k in ("target", "by", "src"):
            if isinstance(pend.get(k), int):
                params[k] = self.name_of(pend[k])
        if phase == "esquine":
            params["left"] = pend.get("left", 0)
        if phase == "eliza_decide":
            params["top"] = art.card_name(v.peek) if v.peek else "?"
        if phase == "eugenie_swap":
            params["seen"] = art.card_name(v.seen) if v.seen else "?"
        key = f"{P}.prompt.{phase}"
        if phase == "claire_reaction":
            params["event"] = art.card_name(str(pend.get("card")))
            params["card"] = art.card_name("claire")
            maid = pend.get("maid")
            if isinstance(maid, str) and maid in CARDS:  # an Illness: say onto whom
                params["maid"] = art.card_name(maid)
                key += "_maid"
            if _REACT not in self.legal:  # every target is asked; without her, only "let in"
                key += "_none"
        if not has_key(key):
            key = f"{P}.prompt.generic"
        return tr(key, **params)

    # ---------------------------------------------------------------- drawing
    def static_signature(self) -> tuple[Any, ...]:
        why = self.why_not[0] if self.why_not is not None else None
        return (*super().static_signature(), self.expanded, why, self.disp.get("phase"),
                self.disp.get("turn_player"), self.disp.get("current"), self.disp.get("turn"))

    def draw_table(self, surf: gfx.Image) -> None:
        """The table as parts (town, counters, plates, play area, bottom seat, prompt,
        buttons, an expanded plate); only the parts whose inputs changed are repainted."""
        parts = draw_parts(self, surf, _felt())
        spots = self._part_spots
        self.card_spots = [s for p in parts for s in spots.get(p.name, ())]

    def _part(self, name: str, rect: pygame.Rect, sig: Any,
              fn: Callable[[gfx.Image], None]) -> Part:
        """A layer part whose drawing also records the card faces it drew (for hover)."""
        def run(surf: gfx.Image) -> None:
            self.card_spots = []
            fn(surf)
            self._part_spots[name] = self.card_spots
        return Part(name, rect, sig, run)

    def _parts(self) -> list[Part]:
        v: TCView = self.v
        t = self.app.text
        z = self.zones
        hits = self.hits
        hit_keys = frozenset(h.key for h in hits)
        active = self.active_key(hits)
        sel = self.selected
        picks = (hit_keys, active, sel)
        over = v.winners is None
        cur = self.disp.get("current")
        parts: list[Part] = []
        # the town: its title, then one part per pile (a count changes one pile, not all)
        title = tr(f"{P}.town")
        tw, th = t.size(title, theme.SIZE_SMALL, True)
        hint = tr(f"{P}.town_hint")
        hint_w, hint_h = t.size(hint, theme.SIZE_TINY)
        parts.append(self._part("town", pygame.Rect(TOWN_X, TOWN_TITLE_Y,
                                                    tw + 14 + hint_w + TEXT_SLACK,
                                                    max(th, 3 + hint_h)), (title, hint),
                                self._town_title))
        my_turn = bool(hit_keys)
        ran_out = frozenset(self.ran_out())
        for face, r in self.town_slots.items():
            key = f"town:{face}"
            n = len(z.get(key, ()))
            dim = n == 0 or (my_turn and key not in hit_keys)
            out = face in ran_out
            sig = (r, n, dim, key in hit_keys, key == active, key == sel, out)
            parts.append(self._part(
                f"pile:{face}", _card_box(r, 4).inflate(0, 4), sig,
                lambda s, face=face, r=r, key=key, n=n, dim=dim, out=out: self._pile(
                    s, face, r, key, hit_keys, active, n, dim, out)))
        if self.private_slots:
            pr = self.private_pile_rect
            n = len(z.get("private_pile", ()))
            label = tr(f"{P}.private_pile")
            parts.append(self._part("private_pile", _card_box(pr, 4), (pr, n, label),
                                    lambda s: self._private_pile(s, n, label)))
            ups = z.get("private_up", [])
            for i, r in enumerate(self.private_slots):
                face = ups[i] if i < len(ups) else None
                key = f"town:{face}"
                dim = my_turn and key not in hit_keys
                sig = (r, face, dim, key in hit_keys, key == active, key == sel)
                parts.append(self._part(
                    f"private_up:{i}", _card_box(r, 4), sig,
                    lambda s, face=face, r=r, key=key, dim=dim: self._private_up(
                        s, face, r, key, hit_keys, active, dim)))
        # the turn, the phase and the counters
        d = self.disp
        empty = self._empty_piles(v)
        msg = tr(f"{P}.empty_piles", n=empty)
        mw, mh = t.size(msg, t.fit(msg, theme.SIZE_TINY, INFO_RECT.w))
        rect = INFO_RECT.union(pygame.Rect(INFO_RECT.centerx - mw // 2 - 1, INFO_RECT.bottom + 4,
                                           mw + 2 + TEXT_SLACK, mh))
        sig = (d.get("turn"), d.get("turn_player"), v.turn_player, d.get("phase"), over, empty,
               *(d.get(k, 0) for k in ("love", "serving", "employ")))
        parts.append(self._part("info", rect, sig, lambda s: self._info(s, v)))
        # the other players' plates
        for q in self.opponents():
            box = self.plate_rect(q)
            sig = (box, q == cur and over, self.expanded == q, self._vp(q),
                   self._counts_text(q), v.all_hands[q] if v.all_hands is not None else None,
                   v.privates[q], v.chambers[q], v.habits[q])
            parts.append(self._part(f"plate:{q}", _shadow_box(box), sig,
                                    lambda s, q=q: self._plate(s, q)))
        # the play area of the player whose turn it is
        tp = d.get("turn_player", v.turn_player)
        shown = v.peek or v.seen
        sig = (tp, tuple(z.get(f"play:{tp}", ())), shown, shown is not None and
               v.current == self.eff_viewer, v.peek is not None)
        parts.append(self._part("play", pygame.Rect(PLAY_AREA.x, PLAY_AREA.y, PLAY_AREA.w,
                                                    PLAY_CARD[1] + 21), sig,
                                lambda s: self._play_area(s, v)))
        # the bottom seat: its plate (deck, discard), then its quarters and hand
        b = self.bottom_seat
        disc = z.get(f"discard:{b}", [])
        sig = (b == cur and over, self._vp(b), len(z.get(f"deck:{b}", ())), len(disc),
               disc[-1] if disc else None, len(z.get(f"hand:{b}", ())))
        parts.append(self._part("bottom", _shadow_box(BOTTOM_PLATE), sig,
                                lambda s: self._bottom_plate(s, v)))
        rect = HOME_RECT.copy()
        rects = self.home_rects(b)
        for key, r in rects.items():
            rect.union_ip(_card_box(r, 8))
            if key == "stack":
                rect.union_ip(_card_box(r.move(-18, 0), 0))
                lw, lh = max(t.size(tr(f"{P}.{k}"), theme.SIZE_TINY - 2)
                             for k in ("active_private", "ill_private"))
                rect.union_ip(pygame.Rect(r.centerx - 6 - lw // 2 - 1, r.bottom + 2,
                                          lw + 2 + TEXT_SLACK, lh))
        hand = z.get(f"hand:{b}", [])
        for r in self.hand_rects(len(hand)):
            rect.union_ip(_card_box(r, 18))
        sig = (v.privates[b], v.chambers[b], v.habits[b], tuple(hand),
               self.eff_viewer in (b, OMNISCIENT), picks)
        parts.append(self._part("home", rect, sig,
                                lambda s: self._home_and_hand(s, v, hit_keys, active)))
        # the prompt
        msg, color, size, rect = self._status_layout(v)
        parts.append(self._part("status", rect, (msg, color, size),
                                lambda s: self._status(s, msg, color, size)))
        # the choice buttons
        buttons = [h for h in hits if h.key.startswith("btn:")]
        if buttons:
            rect = _shadow_box(buttons[0].rect).unionall([_shadow_box(h.rect)
                                                          for h in buttons[1:]])
            sig = tuple((h.key, h.rect, self.action_label(h.actions[0]), h.key == active)
                        for h in buttons)
            parts.append(self._part("buttons", rect, sig,
                                    lambda s: self._choice_buttons(s, hits, active)))
        # an opponent's quarters shown in full
        if self.expanded is not None:
            q = self.expanded
            sig = (q, self._vp(q), self._counts_text(q), v.privates[q], v.chambers[q],
                   v.habits[q], v.discards[q][-12:])
            parts.append(self._part("expanded", _shadow_box(self.expand_rect()), sig,
                                    lambda s: self._expanded(s, q)))
        return parts

    def on_scale_changed(self) -> None:
        self._layer_parts.reset()
        super().on_scale_changed()

    def on_locale_changed(self) -> None:
        self._layer_parts.reset()
        super().on_locale_changed()

    def _card(self, surf: gfx.Image, face: str | None, rect: pygame.Rect,
              size: tuple[int, int], key: str | None = None, hit_keys: AbstractSet[str] | None = None,
              active: str | None = None, count: int | None = None, dim: bool = False,
              ill: int = 0, lift: int = 8) -> None:
        """One card (face or back) with its highlight, an optional count badge and illness."""
        lifted = key is not None and (key == active or key == self.selected)
        r = rect.move(0, -lift if lifted else 0)
        draw.shadow(surf, r, 8, 60)
        if face is None:
            surf.blit(art.back(size), r)
        else:
            surf.blit(cardart.face(GAME, face, size), r)
            self.card_spots.append((r, face))
        if dim:
            surf.blit(draw.dim_card(size, 130), r)
        if ill:
            _illness_mark(surf, self.app.text, r, ill)
        if key is not None and hit_keys is not None and (key in hit_keys or key == self.selected):
            gfx.rect(surf, theme.HIGHLIGHT, r.inflate(6, 6), 3, border_radius=9)
            if lifted and not lift:
                # a town pile does not lift: the focused one gets a white ring inside the
                # yellow one, so the keyboard's focus shows among piles all ringed as buyable
                gfx.rect(surf, theme.TEXT, r, 3, border_radius=7)
        if count is not None:
            # a town pile's count sits on the card's lower edge, below its effect cells
            dy = 0 if size == TOWN_CARD else -4
            _count_badge(surf, self.app.text, (r.right - 4, r.bottom + dy), count)

    def ran_out(self) -> list[str]:
        """On the final board: the maid piles that ran out (what ended the game)."""
        v: TCView = self.v
        if v.winners is None:
            return []
        town = dict(v.town)
        return [f for f in (*CHIEFS, *sort_faces(list(v.kinds))) if town.get(f, 0) == 0]

    def _pile(self, surf: gfx.Image, face: str, r: pygame.Rect, key: str,
              hit_keys: AbstractSet[str], active: str | None, n: int, dim: bool,
              out: bool) -> None:
        """A town pile; on the final board a pile that ran out is ringed in red."""
        self._card(surf, face, r, TOWN_CARD, key, hit_keys, active, count=None if out else n,
                   dim=dim, lift=0)
        if out:  # the ring first, then the count badge on top of it (the ring cut the "0")
            gfx.rect(surf, theme.DANGER, r.inflate(6, 6), 3, border_radius=9)
            _count_badge(surf, self.app.text, (r.right - 4, r.bottom), n)

    def draw_over_hint_ring(self, surface: gfx.Image, hinted: Sequence[Hit]) -> None:
        """A hinted town pile's ring crosses its count badge: the badge goes on top."""
        for h in hinted:
            face = h.key.partition(":")[2] if h.key.startswith("town:") else None
            r = self.town_slots.get(face) if face is not None else None
            if r is not None:
                _count_badge(surface, self.app.text, (r.right - 4, r.bottom),
                             len(self.zones.get(h.key, ())))

    def _town_title(self, surf: gfx.Image) -> None:
        t = self.app.text
        t.blit(surf, tr(f"{P}.town"), (TOWN_X, TOWN_TITLE_Y), theme.SIZE_SMALL, theme.ACCENT,
               True)
        x_after = TOWN_X + t.size(tr(f"{P}.town"), theme.SIZE_SMALL, True)[0] + 14
        t.blit(surf, tr(f"{P}.town_hint"), (x_after, TOWN_TITLE_Y + 3), theme.SIZE_TINY,
               theme.TEXT_DIM)

    def private_label_rect(self) -> pygame.Rect:
        """The caption of the face-down private maids: a ribbon across the top card, as the
        town faces carry their names (under the pile it was cut by the second row and by the
        count badge; issue 33)."""
        pr = self.private_pile_rect
        return pygame.Rect(pr.x - 2, pr.y + 5, pr.w + 4, 18)

    def _private_pile(self, surf: gfx.Image, n: int, label: str) -> None:
        """The face-down private maids: a small stack with its caption and count."""
        t = self.app.text
        pr = self.private_pile_rect
        if n:
            for i in range(min(3, n)):
                surf.blit(art.private_back(TOWN_CARD), pr.move(-2 * i, -2 * i))
        else:
            gfx.rect(surf, theme.FELT_DARK, pr, 2, border_radius=8)
        ribbon = self.private_label_rect()
        gfx.rect(surf, (250, 244, 230), ribbon, border_radius=ribbon.h // 2)
        gfx.rect(surf, art.GOLD, ribbon, 1, border_radius=ribbon.h // 2)
        size = t.fit(label, art.TOWN_TEXT, ribbon.w - 10, True, art.TOWN_TEXT - 2)
        t.blit(surf, label, ribbon.center, size, art.KIND_INK["private"], True, "center")
        _count_badge(surf, t, (pr.right - 4, pr.bottom - 4), n)

    def _private_up(self, surf: gfx.Image, face: str | None, rect: pygame.Rect, key: str,
                    hit_keys: AbstractSet[str], active: str | None, dim: bool) -> None:
        """A face-up private maid (employable), or her empty slot."""
        if face is None:
            gfx.rect(surf, theme.FELT_DARK, rect, 2, border_radius=8)
        else:
            self._card(surf, face, rect, TOWN_CARD, key, hit_keys, active, dim=dim, lift=0)

    def _info(self, surf: gfx.Image, v: TCView) -> None:
        t = self.app.text
        box = INFO_RECT
        draw.panel(surf, box, theme.PANEL, 215, 14)
        t.blit(surf, tr(f"game.{GAME}.name"), (box.x + 14, box.y + 10), theme.SIZE_SMALL,
               theme.ACCENT, True)
        turn = self.disp.get("turn") or 0
        if turn:
            t.blit(surf, tr(f"{P}.turn_no", n=turn), (box.right - 14, box.y + 13),
                   theme.SIZE_TINY, theme.TEXT_DIM, False, "topright")
        # before the first turn has started (the opening deal is shown) the turn to come, as
        # the prompt line says
        tp = self.disp.get("turn_player")
        if tp is None:
            tp = v.turn_player
        if v.winners is not None:
            whose = tr(f"{P}.game_over")
        else:
            whose = tr(f"{P}.turn_of", player=self.name_of(tp) if tp is not None else "—")
        size = t.fit(whose, theme.SIZE_SMALL, box.w - 28, True)
        t.blit(surf, whose, (box.x + 14, box.y + 40), size, theme.TEXT, True)
        # the phase track
        phase = self.disp.get("phase")
        y = box.y + 74
        w = (box.w - 28 - 3 * 6) // 4
        for i, ph in enumerate(PHASES):
            r = pygame.Rect(box.x + 14 + i * (w + 6), y, w, 28)
            on = ph == phase and v.winners is None
            gfx.rect(surf, theme.GOLD if on else theme.PANEL_LIGHT, r, border_radius=8)
            t.blit(surf, tr(f"{P}.phase.{ph}"), r.center, theme.SIZE_TINY,
                   theme.TEXT_DARK if on else theme.TEXT_DIM, on, "center")
        # the counters
        y = box.y + 114
        cw = (box.w - 28 - 2 * 8) // 3
        for i, k in enumerate(("love", "serving", "employ")):
            r = pygame.Rect(box.x + 14 + i * (cw + 8), y, cw, 48)
            gfx.rect(surf, (16, 22, 36), r, border_radius=10)
            gfx.rect(surf, art.BONUS_COLORS[k], r, 2, border_radius=10)
            _counter_icon(surf, k, (r.x + 16, r.y + 24))
            t.blit(surf, str(self.disp.get(k, 0)), (r.right - 10, r.centery), theme.SIZE_H2,
                   theme.TEXT, True, "midright")
        y += 54
        for i, k in enumerate(("love", "serving", "employ")):
            r = pygame.Rect(box.x + 14 + i * (cw + 8), y, cw, 20)
            t.blit(surf, tr(f"{P}.counter.{k}"), r.midtop, theme.SIZE_TINY, theme.TEXT_DIM,
                   False, "midtop")
        # how near the end is: empty maid piles (two end the game)
        empty = self._empty_piles(v)
        col = theme.DANGER if empty >= 1 else theme.TEXT_DIM
        msg = tr(f"{P}.empty_piles", n=empty)
        t.blit(surf, msg, (box.centerx, box.bottom + 4), t.fit(msg, theme.SIZE_TINY, box.w),
               col, False, "midtop")

    @staticmethod
    def _empty_piles(v: TCView) -> int:
        town = dict(v.town)
        empty = sum(1 for f in (*v.kinds, *CHIEFS) if town.get(f, 0) == 0)
        if v.options.get("private_maids") and v.private_pile_count == 0:
            empty += 1
        return empty

    def _seat_tag(self, seat: int) -> str:
        return seat_tag(self.info.seats[seat])

    def _vp(self, seat: int) -> str:
        rows = self._rows
        return str(rows[seat]["total"]) if rows is not None else "?"

    def _plate(self, surf: gfx.Image, seat: int) -> None:
        t = self.app.text
        v: TCView = self.v
        box = self.plate_rect(seat)
        cur = self.disp.get("current")
        is_cur = seat == cur and v.winners is None
        draw.shadow(surf, box, 12, 60)
        edge = theme.HIGHLIGHT if self.expanded == seat else (
            theme.GOLD if is_cur else theme.PANEL_EDGE)
        draw.panel(surf, box, theme.PANEL_LIGHT if is_cur else theme.PANEL, 238, 12, edge)
        name, size = t.fit_line(self.name_of(seat), theme.SIZE_SMALL,
                                90 if box.h < 70 else 150, True)
        t.blit(surf, name, (box.x + 10, box.y + 6), size, theme.TEXT, True)
        t.blit(surf, tr(f"{P}.vp_short", n=self._vp(seat)), (box.right - 10, box.y + 7),
               theme.SIZE_SMALL, theme.GOLD, True, "topright")
        nums = self._counts_text(seat)
        nr = t.blit(surf, nums, (box.x + 10, box.y + 30), theme.SIZE_TINY, theme.TEXT_DIM)
        if v.all_hands is not None:  # the demo's "show all hands"
            hand = v.all_hands[seat]
            x0, x1 = nr.right + 10, box.right - 10 - 16
            step = min(18, (x1 - x0) // max(1, len(hand) - 1))
            for i, face in enumerate(hand):
                r = pygame.Rect(x0 + i * step, box.y + 28, 16, 22)
                surf.blit(cardart.face(GAME, face, (16, 22)), r)
                self.card_spots.append((r, face))
        self._plate_home_line(surf, seat)  # a thin plate: on the name and counts lines

    def _counts_text(self, seat: int) -> str:
        z = self.zones
        return tr(f"{P}.counts", hand=len(z.get(f"hand:{seat}", [])),
                  deck=len(z.get(f"deck:{seat}", [])), discard=len(z.get(f"discard:{seat}", [])))

    def _plate_home_items(self, seat: int) -> list[tuple[str, int, int]]:
        """An opponent's quarters as (face, count, illnesses): the private-maid stack (her top
        card), chambermaids grouped by face, Bad Habits."""
        v: TCView = self.v
        items: list[tuple[str, int, int]] = []
        stack = v.privates[seat]
        if stack:
            items.append((stack[-1][0], len(stack), stack[-1][1]))
        items += chamber_groups(v.chambers[seat])
        if v.habits[seat]:
            items.append(("bad_habit", v.habits[seat], 0))
        return items

    def plate_home_layout(self, seat: int) -> PlateLayout:
        """Where an opponent's quarters go on the plate: one item per maid (group), never over
        another item or count (a play test: "×" with the digit under the next mini).

        Each maid is a chip with her name (12 px), her count ("×2") and, when she is ill, an
        Illness mark (16 px); where full names do not fit, their first two characters; where
        even that does not fit, mini cards with the count beside them or as a badge on the
        corner (the Illness mark stays 16 px). What still does not fit ends in "…" (the
        expanded plate shows everything). A tall plate (2-3 players) has its rows under the
        counts; a thin one (4 players) puts the items after the name and after the counts."""
        t = self.app.text
        v: TCView = self.v
        box = self.plate_rect(seat)
        inline = box.h < 70
        size = MINI if not inline else (16, 22)
        if inline:
            vp_w = t.size(tr(f"{P}.vp_short", n=self._vp(seat)), theme.SIZE_SMALL, True)[0]
            name, nsize = t.fit_line(self.name_of(seat), theme.SIZE_SMALL, 90, True)
            name_w = t.size(name, nsize, True)[0]  # the items start right after the name
            regions = [(box.x + 10 + name_w + 10, box.y + 5, box.right - 14 - vp_w)]
            if v.all_hands is None:  # the counts line has room after the numbers
                nums_w = t.size(self._counts_text(seat), theme.SIZE_TINY)[0]
                regions.append((box.x + 10 + nums_w + 12, box.y + 29, box.right - 10))
        else:
            regions = [(box.x + 10, box.y + 54, box.right - 10)]
            if box.y + 54 + 2 * (CHIP_H + 4) <= box.bottom:  # room for a second row
                regions.append((box.x + 10, box.y + 54 + CHIP_H + 4, box.right - 10))
        items = self._plate_home_items(seat)
        labels = [f"×{n}" if n > 1 or face == "bad_habit" else "" for face, n, _ in items]
        beside = [t.size(lab, PLATE_COUNT_SIZE, True)[0] if lab else 0 for lab in labels]
        badge = [_badge_size(t, lab[1:])[0] if lab else 0 for lab in labels]
        ell_w = t.size("…", theme.SIZE_TINY)[0] + 2

        def place(widths: list[int], gap: int, reserve: int = 0
                  ) -> tuple[list[tuple[int, int]], bool]:
            """Spots left to right, region after region; (spots, all placed). With
            `reserve`, the last region keeps that much room after the last spot."""
            spots: list[tuple[int, int]] = []
            ri, cx = 0, regions[0][0]
            for i, w in enumerate(widths):
                tail = reserve if i < len(widths) - 1 and ri == len(regions) - 1 else 0
                while cx + w + tail > regions[ri][2]:
                    if ri == len(regions) - 1:
                        return spots, False
                    ri += 1
                    cx = regions[ri][0]
                    tail = reserve if i < len(widths) - 1 and ri == len(regions) - 1 else 0
                spots.append((cx, regions[ri][1]))
                cx += w + gap
            return spots, True

        def chip_names(chars: int | None) -> list[str]:
            names = [art.short_name(face) for face, _, _ in items]
            return [n[:chars] if chars else n for n in names]

        def chip_widths(names: list[str]) -> list[int]:
            return [_chip_width(t, name, lab, ill > 0)
                    for name, lab, (_, _, ill) in zip(names, labels, items, strict=True)]

        mode = "badge"
        names: list[str] = []
        spots: list[tuple[int, int]] = []
        widths: list[int] = []
        gap = 4
        fits = False
        for mode, gap, chars in (("chip", 4, None), ("chip", 2, 2), ("beside", 8, None),
                                 ("beside", 3, None), ("badge", 4, None)):
            if mode == "chip":
                names = chip_names(chars)
                widths = chip_widths(names)
            elif mode == "beside":
                widths = [size[0] + (1 + b if b else 0) for b in beside]
            else:
                widths = [size[0] + (BADGE_OVERHANG if b else 0) for b in badge]
            spots, fits = place(widths, gap)
            if fits:
                break
        overflow = None
        if not fits:  # even badges do not fit: as many as fit, then "…" (in the last region)
            spots, _ = place(widths, gap, ell_w + gap)
            last = regions[-1]
            overflow = pygame.Rect(last[2] - ell_w, last[1], ell_w, size[1])
        out: list[PlateItem] = []
        for i, ((face, _n, k), lab, (sx, sy)) in enumerate(zip(items, labels, spots,
                                                               strict=False)):
            if mode == "chip":
                r = pygame.Rect(sx, sy, widths[i], CHIP_H)
                lr = None
                if lab:
                    w, h = t.size(lab, CHIP_TEXT, True)
                    x = r.x + CHIP_PAD + t.size(names[i], CHIP_TEXT, True)[0] + 1
                    lr = pygame.Rect(x, r.centery - h // 2, w, h)
                out.append(PlateItem(face, r, lab, lr, k, False, names[i]))
                continue
            r = pygame.Rect(sx, sy, *size)
            lr = None
            if lab and mode == "beside":
                w, h = t.size(lab, PLATE_COUNT_SIZE, True)
                lr = pygame.Rect(r.right + 1, r.bottom - h, w, h)
            elif lab:
                w, h = _badge_size(t, lab[1:])
                lr = pygame.Rect(r.right + BADGE_OVERHANG - w, r.bottom + 1 - h, w, h)
            out.append(PlateItem(face, r, lab if mode == "beside" else lab[1:], lr, k,
                                 mode == "badge"))
        return PlateLayout(out, overflow, inline)

    def _plate_home_line(self, surf: gfx.Image, seat: int) -> None:
        """Each maid as a chip with her name (or a mini card), her count, the Illness mark."""
        t = self.app.text
        lay = self.plate_home_layout(seat)
        for it in lay.items:
            r = it.rect
            if it.name is not None:
                _chip(surf, t, r, it.face, it.name)
            else:
                surf.blit(cardart.face(GAME, it.face, r.size), r)
            self.card_spots.append((r, it.face))
            if it.ill:
                _ill_disc(surf, t, _ill_disc_rect(r, it.name is not None), it.ill)
            if it.label_rect is None:
                continue
            if it.badge:
                _mini_badge(surf, t, it.label_rect, it.label)
            elif it.name is not None:
                t.blit(surf, it.label, it.label_rect.topleft, CHIP_TEXT, theme.TEXT_DARK, True)
            else:
                t.blit(surf, it.label, it.label_rect.topleft, PLATE_COUNT_SIZE, theme.TEXT, True)
        if lay.overflow is not None:
            t.blit(surf, "…", lay.overflow.midright, theme.SIZE_TINY, theme.TEXT_DIM, False,
                   "midright")
        if not lay.items and not lay.inline:
            box = self.plate_rect(seat)
            t.blit(surf, tr(f"{P}.home_empty"), (box.x + 10, box.y + 60), theme.SIZE_TINY,
                   theme.TEXT_DIM)

    def _play_area(self, surf: gfx.Image, v: TCView) -> None:
        t = self.app.text
        tp = self.disp.get("turn_player", v.turn_player)
        draw.panel(surf, PLAY_AREA, (14, 48, 52), 150, 14, None)
        shown = v.peek or v.seen
        if shown is not None and v.current == self.eff_viewer:
            r = pygame.Rect(PLAY_AREA.right - PLAY_CARD[0] - 14, PLAY_AREA.y + 8, *PLAY_CARD)
            self._card(surf, shown, r, PLAY_CARD)
            gfx.rect(surf, theme.HIGHLIGHT, r.inflate(6, 6), 2, border_radius=9)
            key = f"{P}.peek_card" if v.peek else f"{P}.seen_card"
            t.blit(surf, tr(key), (r.x - 10, r.centery), theme.SIZE_TINY, theme.HIGHLIGHT,
                   True, "midright")
        cards = self.zones.get(f"play:{tp}", [])
        label = tr(f"{P}.play_area", player=self.name_of(tp)) if tp is not None else ""
        if not cards:
            t.blit(surf, label, PLAY_AREA.center, theme.SIZE_SMALL, theme.TEXT_DIM, False,
                   "center")
            return
        if shown is None:
            t.blit(surf, label, (PLAY_AREA.right - 10, PLAY_AREA.bottom - 4), theme.SIZE_TINY,
                   theme.TEXT_DIM, False, "bottomright")
        for face, rect in zip(cards, self.play_rects(len(cards)), strict=False):
            self._card(surf, face, rect, PLAY_CARD)

    def _bottom_plate(self, surf: gfx.Image, v: TCView) -> None:
        t = self.app.text
        b = self.bottom_seat
        cur = self.disp.get("current")
        is_cur = b == cur and v.winners is None
        box = BOTTOM_PLATE
        draw.shadow(surf, box, 14, 60)
        draw.panel(surf, box, theme.PANEL_LIGHT if is_cur else theme.PANEL, 240, 14,
                   theme.GOLD if is_cur else theme.PANEL_EDGE)
        name = self.name_of(b)
        vp = tr(f"{P}.vp_short", n=self._vp(b))
        vp_w = t.size(vp, theme.SIZE_SMALL, True)[0]
        name, size = t.fit_line(name, theme.SIZE_BODY, box.w - 32 - vp_w, True)
        t.blit(surf, name, (box.x + 12, box.y + 10), size, theme.TEXT, True)
        t.blit(surf, vp, (box.right - 12, box.y + 14), theme.SIZE_SMALL, theme.GOLD, True,
               "topright")
        tag = self._seat_tag(b)
        t.blit(surf, tag, (box.x + 12, box.y + 42), t.fit(tag, theme.SIZE_TINY, box.w - 24),
               theme.TEXT_DIM)
        deck = self.zones.get(f"deck:{b}", [])
        dr = self.deck_rect()
        if deck:
            for i in range(min(3, 1 + len(deck) // 8)):
                surf.blit(art.back(PLAY_CARD), dr.move(-2 * i, -2 * i))
        else:
            gfx.rect(surf, theme.FELT_DARK, dr, 2, border_radius=8)
        _count_badge(surf, t, (dr.right - 4, dr.bottom - 4), len(deck))
        disc = self.zones.get(f"discard:{b}", [])
        xr = self.discard_rect()
        if disc:
            self._card(surf, disc[-1], xr, PLAY_CARD)
        else:
            gfx.rect(surf, theme.FELT_DARK, xr, 2, border_radius=8)
        _count_badge(surf, t, (xr.right - 4, xr.bottom - 4), len(disc))
        t.blit(surf, tr(f"{P}.deck"), (dr.centerx, dr.bottom + 8), theme.SIZE_TINY,
               theme.TEXT_DIM, False, "midtop")
        t.blit(surf, tr(f"{P}.discard"), (xr.centerx, xr.bottom + 8), theme.SIZE_TINY,
               theme.TEXT_DIM, False, "midtop")
        hand_n = len(self.zones.get(f"hand:{b}", []))
        t.blit(surf, tr(f"{P}.hand_count", n=hand_n), (box.x + 12, box.bottom - 30),
               theme.SIZE_TINY, theme.TEXT_DIM)

    def _home_and_hand(self, surf: gfx.Image, v: TCView, hit_keys: frozenset[str],
                       active: str | None) -> None:
        t = self.app.text
        b = self.bottom_seat
        name = self.name_of(b)
        # private quarters
        draw.panel(surf, HOME_RECT, (14, 48, 52), 150, 14, None)
        t.blit(surf, tr(f"{P}.home", player=name), (HOME_RECT.x + 12, HOME_RECT.y + 8),
               theme.SIZE_TINY, theme.ACCENT, True)
        rects = self.home_rects(b)
        stack = v.privates[b]
        if stack and "stack" in rects:
            top = rects["stack"]
            under = stack[:-1][-3:]
            for i, (f, k) in enumerate(under):
                off = (len(under) - i) * 6
                self._card(surf, f, top.move(-off, 0), HOME_CARD, ill=k)
            self._card(surf, stack[-1][0], top, HOME_CARD, "home:stack", hit_keys, active,
                       ill=stack[-1][1], lift=3)
            label, color = _stack_caption(stack)
            t.blit(surf, label, (top.centerx - 6, top.bottom + 2), theme.SIZE_TINY - 2, color,
                   False, "midtop")
        for key, face, n, k in self.home_groups(b):
            r = rects[key]
            self._card(surf, face, r, HOME_CARD, key, hit_keys, active, count=n, ill=k,
                       lift=3)
        if "habits" in rects:
            self._card(surf, "bad_habit", rects["habits"], HOME_CARD, count=v.habits[b])
        if not rects:
            t.blit(surf, tr(f"{P}.home_empty"), HOME_RECT.center, theme.SIZE_SMALL,
                   theme.TEXT_DIM, False, "center")
        # the hand
        hand = self.zones.get(f"hand:{b}", [])
        show = self.eff_viewer in (b, OMNISCIENT)
        my_turn = bool(hit_keys)
        for i, (face, rect) in enumerate(zip(hand, self.hand_rects(len(hand)), strict=False)):
            key = slot_key("hand", i)
            if show and face is not None:
                self._card(surf, face, rect, HAND_CARD, key, hit_keys, active,
                           dim=my_turn and key not in hit_keys and key != self.selected,
                           lift=18)
            else:
                draw.shadow(surf, rect, 8, 60)
                surf.blit(art.back(HAND_CARD), rect)

    def _status_text(self, v: TCView) -> tuple[str, tuple[int, int, int]]:
        if self.why_not is not None:  # why the card just clicked cannot be used
            return self.why_not[0], theme.DANGER
        cur = v.current
        if self.director.busy and self.disp.get("current") is not None:
            # while a batch animates, the turn the table shows (as the info panel does); the
            # view is the one from before the batch until it has landed (a play test saw the
            # previous player named for a second)
            cur = self.disp["current"]
        if cur is None:
            msg, color = tr(f"{P}.game_over"), theme.GOLD
        elif self.human_turn():
            msg = tr("ui.table.prompt_for", player=self.name_of(cur), prompt=self.prompt_text())
            color = theme.HIGHLIGHT
        elif self.thinking():
            msg, color = tr("ui.table.thinking", player=self.name_of(cur)), theme.TEXT
        else:
            msg, color = tr("ui.table.turn_of", player=self.name_of(cur)), theme.TEXT
        return msg, color

    def _status_layout(self, v: TCView) -> tuple[str, tuple[int, int, int], int, pygame.Rect]:
        """The prompt line: text, colour, font size and the rect it takes."""
        t = self.app.text
        msg, color = self._status_text(v)
        size = t.fit(msg, theme.SIZE_SMALL, PLAY_AREA.w - 20, True)
        w, h = t.size(msg, size, True)
        rect = pygame.Rect(0, 0, w, h).inflate(24, 8)
        rect.center = (PLAY_AREA.centerx, STATUS_Y)
        return msg, color, size, rect

    def hint_keep_clear(self) -> list[pygame.Rect]:
        """The hint's line leaves the own plate, home and the cards played readable."""
        return [BOTTOM_PLATE, HOME_RECT, PLAY_AREA]

    def tooltip_avoid(self) -> list[pygame.Rect]:
        """The choice buttons and the prompt line stay uncovered by a card's tooltip."""
        return [*super().tooltip_avoid(), self._status_layout(self.v)[3]]

    def _status(self, surf: gfx.Image, msg: str, color: tuple[int, int, int], size: int
                ) -> None:
        s = self.app.text.render(msg, size, color, True)
        rect = s.get_rect(center=(PLAY_AREA.centerx, STATUS_Y)).inflate(24, 8)
        draw.panel(surf, rect, (10, 30, 40), 210, rect.h // 2, None)
        surf.blit(s, s.get_rect(center=rect.center))

    def _choice_buttons(self, surf: gfx.Image, hits: list[Hit], active: str | None
                        ) -> None:
        t = self.app.text
        for h in hits:
            if not h.key.startswith("btn:"):
                continue
            on = h.key == active
            draw.shadow(surf, h.rect, 10, 60)
            draw.panel(surf, h.rect, theme.BUTTON_HOVER if on else theme.BUTTON, 250, 10,
                       theme.HIGHLIGHT if on else theme.PANEL_EDGE)
            label = self.action_label(h.actions[0])
            size = t.fit(label, theme.SIZE_SMALL, h.rect.w - 14, True, 10)
            t.blit(surf, label, h.rect.center, size, theme.TEXT, True, "center")

    def expand_rect(self) -> pygame.Rect:
        return pygame.Rect(OPP_AREA.right + 14, 236, 612, 190)

    def _expanded(self, surf: gfx.Image, seat: int) -> None:
        """An opponent's quarters in full: chambermaids, the whole private stack, events."""
        t = self.app.text
        v: TCView = self.v
        box = self.expand_rect()
        draw.shadow(surf, box, 16, 90)
        draw.panel(surf, box, theme.PANEL, 250, 16, theme.HIGHLIGHT)
        t.blit(surf, tr(f"{P}.home", player=self.name_of(seat)), (box.x + 14, box.y + 10),
               theme.SIZE_SMALL, theme.ACCENT, True)
        nums = self._counts_text(seat)
        t.blit(surf, f"{nums}　{tr(f'{P}.vp_short', n=self._vp(seat))}",
               (box.right - 14, box.y + 12), theme.SIZE_TINY, theme.TEXT_DIM, False, "topright")
        x = box.x + 14
        y = box.y + 44
        stack = v.privates[seat]
        for i, (f, k) in enumerate(stack):
            self._card(surf, f, pygame.Rect(x + i * 18, y, *HOME_CARD), HOME_CARD, ill=k)
        if stack:
            label, color = _stack_caption(stack)
            t.blit(surf, label, (x + (len(stack) - 1) * 18 + HOME_CARD[0] // 2,
                                 y + HOME_CARD[1] + 2), theme.SIZE_TINY - 2, color, False,
                   "midtop")
            x += (len(stack) - 1) * 18 + HOME_CARD[0] + 18
        groups = chamber_groups(v.chambers[seat])
        for f, n, k in groups:
            self._card(surf, f, pygame.Rect(x, y, *HOME_CARD), HOME_CARD, count=n, ill=k)
            x += HOME_CARD[0] + 12
        if v.habits[seat]:
            self._card(surf, "bad_habit", pygame.Rect(x, y, *HOME_CARD), HOME_CARD,
                       count=v.habits[seat])
        if not stack and not groups and not v.habits[seat]:
            t.blit(surf, tr(f"{P}.home_empty"), (box.x + 14, y + 20), theme.SIZE_SMALL,
                   theme.TEXT_DIM)
        # the discard pile's recent cards
        disc = v.discards[seat]
        y2 = box.y + 136
        t.blit(surf, tr(f"{P}.recent_discard"), (box.x + 14, y2 + 14), theme.SIZE_TINY,
               theme.TEXT_DIM)
        for i, f in enumerate(disc[-12:]):
            r = pygame.Rect(box.x + 110 + i * 38, y2 + 4, 34, 46)
            self._card(surf, f, r, (34, 46))
        t.blit(surf, tr(f"{P}.close_hint"), (box.right - 14, box.bottom - 8), theme.SIZE_TINY
               - 2, theme.TEXT_DIM, False, "bottomright")

    def card_back(self, size: tuple[int, int]) -> gfx.Image:
        return art.back(size)

    def draw_dynamic(self, surface: gfx.Image) -> None:
        """Flights (with the game's back), the turn marker, the banner, tooltip and detail."""
        self.draw_flights(surface)
        cur = self.disp.get("current")
        if cur is not None and self.shown.acting is not None:
            bob = 3 * math.sin(self.clock * 5)
            box = None
            if cur == self.bottom_seat:
                # beside the name, as for the others (above the plate it covered the counts of
                # the last opponent's plate; play test 6)
                box = pygame.Rect(BOTTOM_PLATE.x, BOTTOM_PLATE.y, BOTTOM_PLATE.w, 56)
            elif cur in self.opponents():
                box = self.plate_rect(cur)
            if box is not None:
                x, y = box.right + 8 + bob, box.centery
                gfx.polygon(surface, theme.GOLD, [(x - 8, y), (x + 6, y - 9),
                                                  (x + 6, y + 9)])
        if self.banner is not None:
            self.draw_banner(surface)
        if self.detail is not None:
            self._detail(surface, self.detail)
        else:
            ready = self.tooltip_ready()  # the pointer moved onto a card and rested there
            spot = self.spot_at(self.mouse) if ready is not None else None
            if spot is not None:
                self._tooltip(surface, *spot)

    def tooltip_target(self) -> tuple[str, pygame.Rect] | None:
        """The card under the pointer (the top one where cards overlap), keyed by its face
        and column (a different card sliding there is a different thing; a hovered hand card
        lifting is the same one)."""
        if self.detail is not None:
            return None
        spot = self.spot_at(self.mouse)
        if spot is None:
            return None
        face, rect = spot
        return f"card:{face}:{rect.x}", rect

    def key_rects(self) -> list[pygame.Rect]:
        """The turn's counters (love, serving, employing)."""
        return [INFO_RECT]

    def protected_rects(self) -> list[pygame.Rect]:
        """A tooltip never covers the choice buttons, the prompt line, the counters or the
        hand."""
        hand = self.hand_rects(len(self.zones.get(f"hand:{self.bottom_seat}", [])))
        return [*self.tooltip_avoid(), INFO_RECT, *hand]

    def _card_lines(self, face: str, width: int) -> tuple[str, list[str]]:
        card = CARDS[face]
        t = self.app.text
        kind = tr(f"{P}.kind.{card.kind}")
        parts = [kind, tr(f"{P}.cost", n=card.cost)]
        vp = art.vp_label(card)
        parts.append(tr(f"{P}.vp", n=vp if vp is not None else 0))
        if card.chamber is not None:
            parts.append(tr(f"{P}.chamber_cost", n=card.chamber))
        head = tr("ui.list_sep").join(parts)
        body = art.card_text(face)
        bonus = "　".join(art.bonus_label(k, n) for k, n in art.bonus_items(card))
        text = body or bonus
        key = (t.locale, face, width)
        lines = _TIPS.get(key)
        if lines is None:
            lines = _TIPS[key] = t.wrap(text, theme.SIZE_SMALL, width) if text else []
        return head, lines

    def _tooltip(self, surf: gfx.Image, face: str, card: pygame.Rect) -> None:
        t = self.app.text
        head, _ = self._card_lines(face, 300)
        title = art.card_name(face)
        # the text fills the box: as wide as the widest of title, summary line and 300 px
        inner = max(300, t.size(title, theme.SIZE_BODY, True)[0] + 70,
                    t.size(head, theme.SIZE_TINY)[0])
        head, lines = self._card_lines(face, inner)
        # the top of a private-maid stack: name the maids under her (only she acts, but an
        # ill one under her can still be cured and they all score; TC-PM1)
        under = " ".join(x for x in (self.ill_note(face, card), self._under_top(face, card))
                         if x)
        under_lines = t.wrap(under, theme.SIZE_SMALL, inner) if under else []
        lh = t.line_height(theme.SIZE_SMALL)
        w = inner + 32
        h = 66 + lh * (len(lines) + len(under_lines)) + 6
        # above a card in the lower half (below one in the upper half), never over the choice
        # buttons or the prompt line (a play test: it hid the button the player wanted)
        rect = self.place_tip((w, h), card, FELT.inflate(-16, -16), gap=12,
                              above=card.centery > 360)
        draw.shadow(surf, rect, 12, 80)
        draw.panel(surf, rect, theme.PANEL, 245, 12, theme.ACCENT)
        t.blit(surf, title, (rect.x + 14, rect.y + 8), theme.SIZE_BODY, theme.ACCENT, True)
        t.blit(surf, head, (rect.x + 14, rect.y + 40), theme.SIZE_TINY, theme.GOLD)
        y = rect.y + 64
        for line in lines:
            t.blit(surf, line, (rect.x + 14, y), theme.SIZE_SMALL, theme.TEXT)
            y += lh
        for line in under_lines:
            t.blit(surf, line, (rect.x + 14, y), theme.SIZE_SMALL, theme.GOLD)
            y += lh
        if self.detail is None:
            t.blit(surf, tr(f"{P}.detail_hint"), (rect.right - 10, rect.y + 12),
                   theme.SIZE_TINY - 3, theme.TEXT_DIM, False, "topright")

    def _under_top(self, face: str, card: pygame.Rect) -> str:
        """For the top card of the bottom seat's private stack: the maids under her
        ("" otherwise)."""
        b = self.bottom_seat
        v: TCView = self.v
        stack = v.privates[b] if b < v.num_players else ()
        top = self.home_rects(b).get("stack") if len(stack) > 1 else None
        if top is None or stack[-1][0] != face or not top.inflate(0, 12).colliderect(card):
            return ""
        names = [tr(f"{P}.under_ill", card=art.card_name(f)) if k else art.card_name(f)
                 for f, k in reversed(stack[:-1])]
        return tr(f"{P}.under_top", maids=tr("ui.list_sep").join(names))

    def _detail(self, surf: gfx.Image, face: str) -> None:
        """A right-clicked card, large, with its text: stays until the next click or Esc."""
        t = self.app.text
        surf.blit(draw.dim((976, 720), 140), (0, 0))
        box = pygame.Rect(0, 0, 620, 330)
        box.center = (488, 340)
        draw.shadow(surf, box, 18, 100)
        draw.panel(surf, box, theme.PANEL, 252, 18, theme.ACCENT)
        img = cardart.face(GAME, face, DETAIL_CARD)
        surf.blit(img, (box.x + 24, box.y + 25))
        x = box.x + 24 + DETAIL_CARD[0] + 24
        head, lines = self._card_lines(face, box.right - x - 24)
        t.blit(surf, art.card_name(face), (x, box.y + 26), theme.SIZE_H2, theme.ACCENT, True)
        t.blit(surf, head, (x, box.y + 70), theme.SIZE_SMALL, theme.GOLD)
        y = box.y + 104
        lh = t.line_height(theme.SIZE_SMALL) + 2
        for line in lines:
            t.blit(surf, line, (x, y), theme.SIZE_SMALL, theme.TEXT)
            y += lh
        t.blit(surf, tr(f"{P}.close_hint"), (box.right - 16, box.bottom - 12), theme.SIZE_TINY,
               theme.TEXT_DIM, False, "bottomright")

    def results_scene(self) -> ResultsScene:
        return TantoResultsScene(self.app, self, final=True)


# ====================================================================== final scoring
SCORE_COLS = ("printed", "crescent", "safran", "colette", "ophelia", "bad_habits", "total")
SCORE_STEP = 90  # between two columns


class TantoResultsScene(ResultsScene):
    """The end of the game: each player's VP broken down (printed VP, Crescent and Safran sets,
    the Colette bonus, Ophelia, Bad Habits: those that could score in this game's town),
    highest first; the tie-break by fewest maids."""

    def __init__(self, app: Any, table: Any, final: bool = True) -> None:
        super().__init__(app, table, final=True)
        n = self.info.num_players
        self.panel = pygame.Rect(0, 0, 1000, 300 + 48 * n)
        self.panel.center = (640, 350)
        # every button the shared results dialog offers (again, to the title, and whatever the
        # kit adds — e.g. putting the dialog aside to look at the final board), in one row
        by = self.panel.bottom - 74
        widgets = self.menu.widgets
        k = max(1, len(widgets))
        w = min(250, (self.panel.w - 80 - 24 * (k - 1)) // k)
        x0 = self.panel.centerx - (k * w + 24 * (k - 1)) // 2
        for i, widget in enumerate(widgets):
            widget.rect = pygame.Rect(x0 + i * (w + 24), by, w, 54)

    def rows(self) -> list[dict[str, int]]:
        """Each player's final score, part by part (public once the game is over)."""
        return live_rows(self.table.spectator_view()) or []

    def columns(self) -> tuple[str, ...]:
        """The score parts shown: only those that could score with this game's town (a play
        test saw Ophelia and Crescent columns with neither in the supply), then the total."""
        v: TCView = self.table.spectator_view()
        return (*parts_in_play(v.kinds, bool(v.options.get("events", True))), "total")

    def draw(self, surf: gfx.Image) -> None:
        winners = final_panel(surf, self)
        p = self.panel
        t = self.app.text
        rows = self.rows()
        y = p.y + 118
        name_x = p.x + 86
        shown = self.columns()
        # the columns end where the full set ends (the total in its place, the parts shown
        # next to it)
        first = len(SCORE_COLS) - len(shown)
        cols = [p.x + 372 + (first + i) * SCORE_STEP for i in range(len(shown))]
        cols[-1] += 16
        t.blit(surf, tr("ui.results.player"), (name_x, y + 14), theme.SIZE_SMALL,
               theme.TEXT_DIM, False, "midleft")
        for c, x in zip(shown, cols, strict=True):
            label = tr(f"{GAME}.score.{c}")
            lines = t.wrap(label, theme.SIZE_TINY, 86)[:2]
            lh = t.line_height(theme.SIZE_TINY) - 2
            y0 = y + 14 - (len(lines) - 1) * lh // 2
            for j, line in enumerate(lines):
                t.blit(surf, line, (x, y0 + j * lh), theme.SIZE_TINY, theme.GOLD if c == "total"
                       else theme.TEXT_DIM, c == "total", "center")
        y += 36
        totals = [r["total"] for r in rows]
        order = sorted(range(len(rows)), key=lambda q: (-totals[q], rows[q]["maids"], q))
        place = 0
        for i, q in enumerate(order):
            if i == 0 or (totals[q], rows[q]["maids"]) != (totals[order[i - 1]],
                                                           rows[order[i - 1]]["maids"]):
                place = i + 1
            row = pygame.Rect(p.x + 40, y, p.w - 80, 42)
            draw.panel(surf, row, theme.ACCENT_DARK if q in winners else theme.PANEL_LIGHT,
                       200, 10, None)
            t.blit(surf, str(place), (p.x + 62, row.centery), theme.SIZE_BODY, theme.TEXT_DIM,
                   True, "center")
            nm = self.name_of(q)
            t.blit(surf, nm, (name_x, row.centery - 1), t.fit(nm, theme.SIZE_BODY, 160, True),
                   theme.TEXT, True, "midleft")
            t.blit(surf, tr(f"{P}.score.maids", n=rows[q]["maids"]), (name_x + 168, row.centery),
                   theme.SIZE_TINY, theme.TEXT_DIM, False, "midleft")
            for c, x in zip(shown, cols, strict=True):
                val = rows[q][c]
                if c == "total":
                    t.blit(surf, str(val), (x, row.centery), theme.SIZE_H2, theme.GOLD, True,
                           "center")
                    continue
                txt = "·" if val == 0 and c != "printed" else (f"{val:+d}" if c != "printed"
                                                               else str(val))
                col = theme.TEXT if c == "printed" else (
                    theme.OK if val > 0 else theme.DANGER if val < 0 else theme.TEXT_DIM)
                t.blit(surf, txt, (x, row.centery), theme.SIZE_BODY, col, val != 0, "center")
            y += 48
        note = tr(f"{P}.score.note")
        for j, line in enumerate(t.wrap(note, theme.SIZE_TINY, p.w - 100)[:2]):
            t.blit(surf, line, (p.x + 50, y + 6 + j * 20), theme.SIZE_TINY, theme.TEXT_DIM)
        self.menu.draw(surf, t)


# ====================================================================== small drawings
def _count_badge(surf: gfx.Image, t: Any, pos: tuple[int, int], n: int) -> None:
    s = t.render(str(n), theme.SIZE_TINY - 1, theme.TEXT_DARK if n else theme.TEXT, True)
    r = s.get_rect(center=pos).inflate(10, 2)
    r.w = max(r.w, r.h)
    r.center = pos
    gfx.rect(surf, (250, 244, 230) if n else theme.DANGER, r, border_radius=r.h // 2)
    gfx.rect(surf, (60, 50, 40), r, 1, border_radius=r.h // 2)
    surf.blit(s, s.get_rect(center=r.center))


def _badge_size(t: Any, digits: str) -> tuple[int, int]:
    w, h = t.size(digits, BADGE_SIZE, True)
    h = min(h, 14)
    return max(h, w + 6), h


def _mini_badge(surf: gfx.Image, t: Any, r: pygame.Rect, digits: str) -> None:
    """A count on a mini card's corner (a pill, light on the card art)."""
    gfx.rect(surf, (250, 244, 230), r, border_radius=r.h // 2)
    gfx.rect(surf, (60, 50, 40), r, 1, border_radius=r.h // 2)
    t.blit(surf, digits, r.center, BADGE_SIZE, theme.TEXT_DARK, True, "center")


def _chip_width(t: Any, name: str, count: str, ill: bool) -> int:
    w = CHIP_PAD + t.size(name, CHIP_TEXT, True)[0] + 3
    if count:
        w += t.size(count, CHIP_TEXT, True)[0] + 1
    if ill:
        w += ILL_MARK - 1
    return w


def _chip(surf: gfx.Image, t: Any, r: pygame.Rect, face: str, name: str) -> None:
    """A maid on an opponent's plate: a light pill with her kind's colour bar and her name."""
    gfx.rect(surf, (250, 244, 230), r, border_radius=5)
    bar = pygame.Rect(r.x, r.y, 4, r.h)
    gfx.rect(surf, art.frame_color(face), bar, border_top_left_radius=5,
             border_bottom_left_radius=5)
    gfx.rect(surf, (60, 50, 40), r, 1, border_radius=5)
    t.blit(surf, name, (r.x + CHIP_PAD, r.centery), CHIP_TEXT, art.KIND_INK[art.kind_of(face)]
           if face != "bad_habit" else (110, 30, 90), True, "midleft")


def _ill_disc_rect(r: pygame.Rect, chip: bool) -> pygame.Rect:
    """Where the Illness mark goes: at a chip's right end, over a mini card's top (inside its
    width, so it covers no neighbour)."""
    m = pygame.Rect(0, 0, ILL_MARK, ILL_MARK)
    if chip:
        m.midright = (r.right - 1, r.centery)
    else:
        m.midtop = (r.centerx, r.y)
    return m


def _ill_disc(surf: gfx.Image, t: Any, m: pygame.Rect, n: int) -> None:
    """The Illness mark: a violet disc with the pill."""
    gfx.circle(surf, (120, 66, 158), m.center, m.w // 2)
    gfx.circle(surf, (255, 255, 255), m.center, m.w // 2, 1)
    art.pill(surf, m.center, m.w * 0.3)


def _illness_mark(surf: gfx.Image, t: Any, r: pygame.Rect, n: int) -> None:
    """An ill maid: a violet veil over the card and a pill badge with the count."""
    veil = gfx.Surface(r.size, pygame.SRCALPHA)
    gfx.rect(veil, (90, 40, 120, 120), veil.get_rect(), border_radius=6)
    surf.blit(veil, r)
    # over the portrait, above the name label (at the bottom it hid the name; play test 6)
    c = (r.x + 10, r.y + int(r.h * 0.56))
    gfx.circle(surf, (120, 66, 158), c, 10)
    gfx.circle(surf, (255, 255, 255), c, 10, 1)
    art.pill(surf, c, 6)
    if n > 1:
        t.blit(surf, f"×{n}", (c[0] + 11, c[1]), theme.SIZE_TINY - 2, theme.TEXT, True,
               "midleft")


def _counter_icon(surf: gfx.Image, kind: str, c: tuple[int, int]) -> None:
    col = art.BONUS_COLORS[kind]
    if kind == "love":
        art.heart(surf, c, 10, col)
    elif kind == "serving":  # a tea cup
        cup = pygame.Rect(0, 0, 16, 11)
        cup.center = (c[0] - 1, c[1] + 1)
        gfx.rect(surf, col, cup, border_bottom_left_radius=6,
                 border_bottom_right_radius=6)
        gfx.circle(surf, col, (cup.right + 1, cup.centery), 4, 2)
        gfx.line(surf, col, (c[0] - 10, cup.bottom + 3), (c[0] + 8, cup.bottom + 3), 2)
    else:  # employ: a ribboned contract
        r = pygame.Rect(0, 0, 14, 18)
        r.center = c
        gfx.rect(surf, col, r, 2, border_radius=2)
        for dy in (-4, 0, 4):
            gfx.line(surf, col, (r.x + 3, c[1] + dy), (r.right - 4, c[1] + dy), 1)


_TIPS: dict[tuple[str, str, int], list[str]] = gfx.SurfaceCache(1024)





def _card_box(r: pygame.Rect, lift: int = 0) -> pygame.Rect:
    """Everything `_card` may paint for a card at `r`: lifted by `lift`, its highlight ring,
    shadow and count badge."""
    return pygame.Rect(r.x - 4, r.y - lift - 4, r.w + 18, r.h + lift + 16)


def _shadow_box(r: pygame.Rect) -> pygame.Rect:
    """A panel or card at `r` with its `draw.shadow` (offset 3, 5; 4 px wider each side)."""
    return pygame.Rect(r.x - 1, r.y, r.w + 8, r.h + 10)


@gfx.cached(maxsize=1)
def _felt() -> gfx.Image:
    """The table: a warm teal felt with a faint heart lattice (the café's wallpaper)."""
    def hearts(cloth: gfx.Image) -> None:
        w, h = FELT.size
        for j, y in enumerate(range(20, h, 56)):
            for x in range(20 + (28 if j % 2 else 0), w, 56):
                art.heart(cloth, (x, y), 5, (255, 220, 230, 30))
    s = draw.felt_table(FELT, ((30, 20, 40), (14, 10, 24)), (34, 86, 88), (0.74, 0.36), hearts)
    return draw.fast(s)


def _stack_caption(stack: tuple[tuple[str, int], ...]) -> tuple[str, tuple[int, int, int]]:
    """The caption under a private-maid stack's top card: she acts, or she is ill and does
    not (TC-PM1: an ill top maid has no ability)."""
    if stack[-1][1]:
        return tr(f"{P}.ill_private"), theme.DANGER
    return tr(f"{P}.active_private"), theme.GOLD


# ====================================================================== sample scenes
SAMPLE_SCENES = ("tanto_town", "tanto_choice", "tanto_results", "tanto_why_not")


def open_tanto_sample(app: Any, name: str, seed: int | None = None) -> Any:
    """`--scene tanto_town | tanto_choice | tanto_results | tanto_why_not`: a Tanto Cuore
    table in a representative state (for screenshots and tests); tanto_why_not is a person's
    employ phase just after a click on the dearest pile they cannot afford."""
    from cardtable.samples import tanto_cuore as samples

    def table(match: Any) -> TantoCuoreTableScene:
        scene: TantoCuoreTableScene = push_table(app, TantoCuoreTableScene, match)
        return scene
    if name == "tanto_town":
        return table(samples.town(seed))
    if name == "tanto_choice":
        return table(samples.choice(seed))
    if name == "tanto_why_not":
        scene = table(samples.employ(seed))
        v: TCView = scene.v
        town = dict(v.town)
        dear = [f for f, r in scene.town_slots.items() if town.get(f, 0)
                and CARDS[f].cost > v.love]
        if dear:
            face = max(dear, key=lambda f: (CARDS[f].cost, f))
            scene.explain_click(scene.town_slots[face].center)
        return scene
    if name == "tanto_results":
        scene = table(samples.finished(seed))
        scene._finished_shown = True
        return app.push(TantoResultsScene(app, scene, final=True))
    raise ValueError(f"unknown scene {name!r}")
