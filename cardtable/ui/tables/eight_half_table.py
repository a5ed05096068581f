"""8½ at the table: banks, blind and open cards, hands, the pile with its value (halves too) and
the restriction in force, the wanted player, catches, several equal cards played together, the
8 + ½ combo, taken piles (set aside or into the hand), the winner's open-card swap, and the deal
and match results.

Zones (from rules.py events): deck, pile, bank:i, hand:i, blind:i, open:i, set_aside:i.
`open:i` and `blind:i` are positional (3 slots; "" marks an empty slot).

Everything a human may do comes from `legal_actions()`: a hand card is clickable when some legal
play or catch contains the cards selected so far plus that card, and the play / catch buttons
offer exactly the legal actions whose cards equal the selection.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import Any

import pygame

from cardtable.core import events as ev_kinds
from cardtable.core.actions import Action
from cardtable.core.events import Event, zone_name, zone_owner
from cardtable.core.game import OMNISCIENT
from cardtable.games.eight_half.cards import DECK_SIZE, format_value, sort_faces
from cardtable.games.eight_half.rules import GAME_OVER_PHASE, EightHalfView
from cardtable.i18n import has_key, tr
from cardtable.ui import art_eight_half, cardart, draw, gfx, theme
from cardtable.ui.anim import Director, FlightSpec, Tween, ease_out_cubic
from cardtable.ui.scene import Scene
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.tables.kit.dialog import dialog_panel
from cardtable.ui.tables.kit.fan import fan_rects, slot_key, slot_of, visible_strips
from cardtable.ui.tables.kit.parts import draw_parts
from cardtable.ui.tables.kit.plate import plate_panel
from cardtable.ui.tables.kit.sample import push_sample
from cardtable.ui.tables.kit.seats import others_from, seat_tag
from cardtable.ui.tables.kit.status import status_text
from cardtable.ui.tables.kit.tipbox import draw_tip, tip_size
from cardtable.ui.tables.kit.tooltip import place_tooltip
from cardtable.ui.tables.kit.zones import seen_cards, take_from
from cardtable.ui.tables.layer_parts import TEXT_SLACK, Part, PartLayer
from cardtable.ui.tables.table_scene import Hit, TableScene, Zones

GAME = "eight_half"
EMPTY = ""  # an empty open/blind slot
SLOTS = 3

FELT = pygame.Rect(12, 12, 960, 696)
HAND_CARD = (104, 146)
TABLE_CARD = (96, 134)
OWN_SLOT = (62, 87)
OPP_SLOT = (34, 48)
OPP_HAND = (24, 34)
OPP_SHOWN = (30, 42)  # an opponent's hand shown face up (the demo's show-all): digits legible
SHOWN_STEP_MIN = 14  # face-up hand cards overlap at most this far (their index stays in sight)
SHOWN_BADGE_W = 30  # room kept right of face-up hand cards for the count badge
STACK_MINI = (26, 36)

SEAT_Y = 22
SEAT_H = 152
CENTER_Y = 318
DECK_C = (110, CENTER_Y)
PILE_C = (300, CENTER_Y)
VALUE_C = (560, CENTER_Y - 14)
VALUE_R = 76
VALUE_SURF = (2 * VALUE_R + 200, 2 * VALUE_R + 120)  # the value widget's surface
VALUE_FIT = 2 * (VALUE_R - 14)  # the widest the value's digits may be: inside the ring's arc
STATUS_Y = 452
BUTTON_Y = 478
HAND_Y = 556
HAND_X0, HAND_X1 = 238, 758
OWN_X = 768
OWN_Y = 584
OWN_LABEL_Y = OWN_Y - 38  # the 「桌上的牌」 label: clear of a lifted, highlighted blind card
DEAL_STAGGER = 0.012  # seconds between two cards dealt from the deck
SLOT_LIFT = 8  # how far a hovered or selected table card rises
BOTTOM_PLATE = pygame.Rect(24, 552, 200, 150)
PILE_SHOWN = 5  # how many of the pile's top cards are drawn (the privacy test counts faces)
TIP_WRAP = 240  # a card tooltip's text width: narrow enough to fit beside the value ring


def _rect_at(center: tuple[int, int], size: tuple[int, int]) -> pygame.Rect:
    r = pygame.Rect(0, 0, *size)
    r.center = center
    return r


def value_text(value2: int) -> str:
    """A pile value as shown: 15 -> "7½", 1 -> "½" (not "0½")."""
    return "½" if value2 == 1 else format_value(value2)


def cards_text(cards: tuple[str, ...] | list[str]) -> str:
    return " ".join(cardart.card_label(GAME, c) for c in cards)


class EightHalfTableScene(TableScene):
    game_id = GAME

    def __init__(self, app: Any, link: Any, demo: bool = False, watch: bool = False,
                 **kw: Any) -> None:
        self.pick: list[int] = []        # indices into the sorted hand of the bottom seat
        self._blind_slot: int | None = None
        self.deal_info: dict[str, Any] | None = None
        self._layer_parts = PartLayer()
        self._tip_place: tuple[Any, pygame.Rect] | None = None
        self.tip_rect: pygame.Rect | None = None  # the card tooltip drawn last frame
        super().__init__(app, link, demo, watch, **kw)

    def prewarm(self) -> None:
        """Every face at every size the table draws (about 15 ms), so that no frame of play
        has to paint one for the first time."""
        from cardtable.games.eight_half.cards import FACES
        from cardtable.ui.tables.table_scene import FLIGHT_SIZE
        for face in FACES:
            for size in (TABLE_CARD, HAND_CARD, OWN_SLOT, OPP_SLOT, OPP_HAND, OPP_SHOWN,
                         FLIGHT_SIZE):
                cardart.prepare(GAME, face, size)
        for size in (TABLE_CARD, HAND_CARD, OWN_SLOT, OPP_SLOT, OPP_HAND, STACK_MINI,
                     FLIGHT_SIZE):
            art_eight_half.back(size)

    # ---------------------------------------------------------------- truth
    def snap(self) -> None:
        self.pick = []
        super().snap()

    def zones_from_view(self, view: EightHalfView) -> Zones:
        n = view.num_players
        z: Zones = {"deck": [], "pile": list(view.pile)}
        me = view.viewer
        for i in range(n):
            z[f"hand:{i}"] = seen_cards(view.all_hands, view.hand, me, i, view.hand_counts[i])
            z[f"bank:{i}"] = [None] * view.bank_counts[i]
            z[f"open:{i}"] = [c if c is not None else EMPTY for c in view.open_cards[i]]
            blind: list[str | None] = []
            for s, present in enumerate(view.blind_slots[i]):
                if not present:
                    blind.append(EMPTY)
                elif view.all_blind is not None:
                    blind.append(view.all_blind[i][s])
                else:
                    blind.append(None)
            z[f"blind:{i}"] = blind
            z[f"set_aside:{i}"] = list(view.set_aside[i])
        return z

    def opening_zones(self) -> Zones | None:
        zones: Zones = {z: [] for z in self.zones}
        zones["deck"] = [None] * DECK_SIZE
        self.disp.update(value2=0, le5=False, wanted=None, current=None, deal=0,
                         points=[0] * self.info.num_players)
        return zones

    def sync_disp(self, view: EightHalfView) -> None:
        self.disp.update(value2=view.value2, le5=view.le5, wanted=view.wanted,
                         current=view.current, deal=view.deal_no, points=list(view.points),
                         reached=list(view.reached), pulse=0.0, wanted_anim=0.0)

    # ---------------------------------------------------------------- layout
    def seat_order(self) -> list[int]:
        """Opponents left to right along the top, starting from the bottom seat's left."""
        return others_from(self.bottom_seat, self.info.num_players)

    def seat_rect(self, seat: int) -> pygame.Rect:
        if seat == self.bottom_seat:
            return BOTTOM_PLATE
        order = self.seat_order()
        k = len(order)
        gap = 10
        w = min(230, (FELT.w - 20 - (k - 1) * gap) // k)
        total = k * w + (k - 1) * gap
        x0 = FELT.centerx - total // 2
        i = order.index(seat)
        return pygame.Rect(x0 + i * (w + gap), SEAT_Y, w, SEAT_H)

    def sorted_hand(self, seat: int) -> list[str | None]:
        hand = self.zones.get(f"hand:{seat}", [])
        if any(c is None for c in hand):
            return list(hand)
        return list(sort_faces([c for c in hand if c is not None]))

    def hand_rects(self, count: int) -> list[pygame.Rect]:
        return fan_rects(count, (HAND_X0 + HAND_X1) // 2, HAND_Y, HAND_CARD, HAND_X1 - HAND_X0,
                         gap=10)

    def _open_face(self, seat: int, slot: int) -> str:
        opens = self.zones.get(f"open:{seat}", [])
        return (opens[slot] or EMPTY) if 0 <= slot < len(opens) else EMPTY

    def slot_rect(self, seat: int, kind: str, slot: int) -> pygame.Rect:
        """The rect of blind or open slot `slot` of `seat` (open cards lie lower, on top)."""
        if seat == self.bottom_seat:
            x = OWN_X + slot * (OWN_SLOT[0] + 6)
            y = OWN_Y + (26 if kind == "open" else 0)
            return pygame.Rect(x, y, *OWN_SLOT)
        box = self.seat_rect(seat)
        x = box.x + 10 + slot * (OPP_SLOT[0] + 4)
        y = box.y + 86 + (14 if kind == "open" else 0)
        return pygame.Rect(x, y, *OPP_SLOT)

    def on_table(self, seat: int) -> bool:
        """`seat` is playing its table cards, as drawn: the rules' `on_table` (E8H-T1: hand and
        bank empty) with table cards left. A pile taken after the table cards were reached
        goes to the hand, and the hand is played out before the table cards again."""
        z = self.zones
        if z.get(f"hand:{seat}") or z.get(f"bank:{seat}"):
            return False
        return any(c != EMPTY for name in ("blind", "open") for c in z.get(f"{name}:{seat}", []))

    def own_label_rect(self) -> pygame.Rect:
        """The 「桌上的牌」 label over the bottom seat's table cards (drawn bold while they are
        being played: measured bold)."""
        w, h = self.app.text.size(tr("ui.eight_half.table_cards"), theme.SIZE_TINY, True)
        return pygame.Rect(OWN_X, OWN_LABEL_Y, w, h)

    def opp_hand_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """The opponent's hand backs, as many as fit left of the pile column with the count
        badge and the 「手牌」 label (at most 8). With every hand shown (the demo), larger
        faces side by side (overlapping only when many), the count badge beside them."""
        box = self.seat_rect(seat)
        if self.shows_hand(seat):
            room = self._pile_column_left(seat) - 6 - SHOWN_BADGE_W - (box.x + 10)
            w = OPP_SHOWN[0]
            step = w + 2 if count <= 1 else max(SHOWN_STEP_MIN, min(w + 2, (room - w) //
                                                                    (count - 1)))
            shown = min(count, 1 + max(0, room - w) // step)
            return [pygame.Rect(box.x + 10 + i * step, box.y + 36, *OPP_SHOWN)
                    for i in range(shown)]
        label_w = self.app.text.size(tr("ui.eight_half.hand"), theme.SIZE_TINY)[0]
        room = self._pile_column_left(seat) - 6 - (box.x + 10) - 14 - label_w
        most = max(1, min(8, 1 + (room - OPP_HAND[0]) // 9))
        shown = min(count, most)
        return [pygame.Rect(box.x + 10 + i * 9, box.y + 40, *OPP_HAND) for i in range(shown)]

    def shows_hand(self, seat: int) -> bool:
        """An opponent's hand is drawn face up (the demo's 顯示所有手牌)."""
        hand = self.zones.get(f"hand:{seat}", [])
        return self.eff_viewer == OMNISCIENT and bool(hand) and all(hand)

    def _hand_badge_label(self, seat: int, rects: list[pygame.Rect], n: int
                          ) -> tuple[pygame.Rect, pygame.Rect | None]:
        """The hand's count badge and 「手牌」 label (None: no room for it beside faces)."""
        t = self.app.text
        last = rects[-1]
        lw, lh = t.size(tr("ui.eight_half.hand"), theme.SIZE_TINY)
        if not self.shows_hand(seat):
            label = pygame.Rect(last.right + 14, last.centery - lh // 2, lw, lh)
            return _badge_rect(t, (last.right, last.y + 6), n), label
        badge = _badge_rect(t, (0, 0), n)
        badge.midleft = (last.right + 4, last.centery)
        label = pygame.Rect(badge.right + 6, last.centery - lh // 2, lw, lh)
        if label.right > self._pile_column_left(seat) - 6:
            return badge, None
        return badge, label

    def _pile_column_left(self, seat: int) -> int:
        """The left edge of an opponent's bank / set-aside column (the stack's drawn offset
        included): the name, points and hand stay left of it."""
        return self.bank_rect(seat).x - 4

    def set_aside_rect(self, seat: int) -> pygame.Rect:
        if seat == self.bottom_seat:
            return pygame.Rect(BOTTOM_PLATE.right - 44, BOTTOM_PLATE.y + 74, *STACK_MINI)
        box = self.seat_rect(seat)
        return pygame.Rect(box.right - 14 - STACK_MINI[0], box.y + 80, *STACK_MINI)

    def bank_rect(self, seat: int) -> pygame.Rect:
        if seat == self.bottom_seat:
            return pygame.Rect(BOTTOM_PLATE.x + 14, BOTTOM_PLATE.y + 74, *STACK_MINI)
        box = self.seat_rect(seat)
        return pygame.Rect(box.right - 14 - STACK_MINI[0], box.y + 12, *STACK_MINI)

    def plate_layout(self, seat: int) -> dict[str, pygame.Rect]:
        """Where an opponent's plate draws its pieces (name, points, hand with its badge and
        label, bank and set-aside stacks with their badges and captions): drawn from here, and
        checked for overlaps by the tests."""
        t = self.app.text
        box = self.seat_rect(seat)
        col = self._pile_column_left(seat)
        out: dict[str, pygame.Rect] = {}
        pts = tr("ui.eight_half.points_short", n=self._points(seat))
        pw, ph = t.size(pts, theme.SIZE_TINY, True)
        out["points"] = pygame.Rect(col - 8 - pw, box.y + 10, pw, ph)
        name = self.name_of(seat)
        room = out["points"].x - 8 - (box.x + 10)
        name, size = _fit_clipped(t, name, theme.SIZE_SMALL, room)
        nw, nh = t.size(name, size, True)
        out["name"] = pygame.Rect(box.x + 10, box.y + 8, nw, nh)
        hand = self.zones.get(f"hand:{seat}", [])
        rects = self.opp_hand_rects(seat, len(hand))
        if rects:
            out["hand"] = rects[0].unionall(rects)
            out["hand_badge"], label = self._hand_badge_label(seat, rects, len(hand))
            if label is not None:
                out["hand_label"] = label
        for key, rect, caption in (
                ("bank", self.bank_rect(seat), tr("ui.eight_half.bank")),
                ("aside", self.set_aside_rect(seat), tr("ui.eight_half.aside"))):
            n = len(self.zones.get(f"{'bank' if key == 'bank' else 'set_aside'}:{seat}", []))
            out[key] = pygame.Rect(rect.x - 4, rect.y - 4, rect.w + 4, rect.h + 4)
            out[f"{key}_badge"] = _badge_rect(t, (rect.right, rect.y + 6), n)
            cw, ch = t.size(caption, theme.SIZE_TINY)
            out[f"{key}_caption"] = pygame.Rect(rect.centerx - cw // 2, rect.bottom + 1, cw, ch)
        cards = [self.slot_rect(seat, kind, s) for kind in ("blind", "open") for s in range(SLOTS)
                 if (lst := self.zones.get(f"{kind}:{seat}", [])) and s < len(lst)
                 and lst[s] != EMPTY]
        if cards:
            out["table_cards"] = cards[0].unionall(cards[1:])
        if self.on_table(seat):
            out["on_table_badge"] = self.on_table_badge_rect(seat)
        return out

    def on_table_area(self, seat: int) -> pygame.Rect:
        """The gold frame around an opponent's table cards while they are being played."""
        box = self.seat_rect(seat)
        return pygame.Rect(box.x + 5, box.y + 80, 3 * OPP_SLOT[0] + 18, 70)

    def on_table_badge_rect(self, seat: int) -> pygame.Rect:
        """The 「出桌牌中」 pill on the top edge of that frame."""
        area = self.on_table_area(seat)
        w, h = self.app.text.size(tr("ui.eight_half.on_table"), theme.SIZE_TINY, True)
        pill = pygame.Rect(0, 0, w + 12, h)
        pill.center = (area.centerx, area.y)
        return pill

    def stamp_rect(self, seat: int) -> pygame.Rect:
        """Where the 通緝 stamp of a wanted opponent lies, covering no piece of the plate (play
        test item 14; play test 5b item 9: not the 「出桌牌中」 badge either): right of the
        「手牌」 label, or right of the 「出桌牌中」 badge, when the plate has room for it there,
        else just under the plate (its right end, else its left end), clear of the header, the
        value dial and the turn marker."""
        img = _stamp_img(self.app.text, tr("ui.eight_half.wanted"))
        w, h = img.get_size()
        box = self.seat_rect(seat)
        lay = self.plate_layout(seat)
        y = box.y + 57 - h // 2
        lefts = [lay["hand_label"].right if "hand_label" in lay else box.x + 10]
        if "on_table_badge" in lay:
            lefts.append(lay["on_table_badge"].right)
        pieces = list(lay.values())
        for left in lefts:
            inside = pygame.Rect(left + 6, y, w, h)
            if inside.right <= self._pile_column_left(seat) - 2 and box.contains(inside) and \
                    inside.collidelist(pieces) < 0:
                return inside
        avoid = self.stamp_avoid(seat)
        y = box.bottom + 2
        for x in (box.right - 4 - w, box.x + 4):
            below = pygame.Rect(x, y, w, h)
            if below.collidelist(avoid) < 0:
                return below
        return below

    def stamp_avoid(self, seat: int) -> list[pygame.Rect]:
        """What a stamp under the plate of `seat` must not cover: the header, the value dial,
        the seat's turn marker."""
        box = self.seat_rect(seat)
        t = self.app.text
        v = self.v
        deal = self.disp.get("deal", v.deal_no)
        head = (tr("ui.eight_half.deal_of", deal=deal, total=v.num_deals) if v.num_deals else
                tr("ui.eight_half.deal_target", deal=deal, target=v.options.get("target_points")))
        y0 = SEAT_Y + SEAT_H + 10
        header = pygame.Rect(30, y0, max(t.size(tr("game.eight_half.name"), theme.SIZE_SMALL,
                                                True)[0], t.size(head, theme.SIZE_TINY)[0]) + 8,
                             50)
        dial = pygame.Rect(0, 0, 2 * VALUE_R + 12, 2 * VALUE_R + 12)
        dial.center = VALUE_C
        marker = pygame.Rect(box.centerx - 14, box.bottom, 28, 24)
        return [header, dial, marker]

    def stamp_center(self, seat: int) -> tuple[int, int]:
        """Where the 通緝 stamp of `seat` rests (its centre)."""
        if seat == self.bottom_seat:
            return (BOTTOM_PLATE.centerx, BOTTOM_PLATE.y + 96)
        return self.stamp_rect(seat).center

    def stamp_landing(self) -> bool:
        """The 通緝 stamp is landing now (drawn by the animation, not on the plate)."""
        return float(self.disp.get("wanted_anim", 0.0)) > 0 and \
            self.disp.get("wanted") is not None

    def _landing_stamp(self) -> list[tuple[int, pygame.Rect, gfx.Image]]:
        """The landing stamp: big and faint, then small and solid, onto its resting place."""
        if not self.stamp_landing():
            return []
        anim = float(self.disp["wanted_anim"])
        seat = int(self.disp["wanted"])
        img = _stamp_img(self.app.text, tr("ui.eight_half.wanted"))
        big = gfx.rotozoom(img, 0, 1 + 1.5 * anim)
        big.set_alpha(int(255 * (1 - anim * 0.7)))
        return [(seat, big.get_rect(center=self.stamp_center(seat)), big)]

    def stamps(self) -> list[tuple[int, pygame.Rect]]:
        """Every 通緝 stamp drawn now: (seat, rect) — at most one, landing or at rest."""
        landing = self._landing_stamp()
        if landing:
            return [(seat, rect) for seat, rect, _ in landing]
        wanted = self.disp.get("wanted")
        if wanted is None:
            return []
        img = _stamp_img(self.app.text, tr("ui.eight_half.wanted"))
        return [(int(wanted), img.get_rect(center=self.stamp_center(int(wanted))))]

    def zone_rect(self, zone: str) -> pygame.Rect:
        return self.card_rect(zone, None, leaving=False)

    def lesson_zone_rect(self, name: str) -> pygame.Rect | None:
        """The zones a lesson's callout points at beyond the kit's card zones (see
        cardtable.ui.scenes.lesson): "buttons" (the play / catch / take buttons shown now),
        "value" (the value ring with its badges), the own hand as the rect the table keeps
        free for it (with room for a lifted card) and the own open cards as one row."""
        if name == "buttons":
            specs = self.button_specs()
            rects = self.button_rects(len(specs))
            return rects[0].unionall(rects) if rects else None
        if name == "value":
            pieces = list(self.value_layout().values())
            return pieces[0].unionall(pieces) if pieces else None
        b = self.bottom_seat
        if name == f"hand:{b}":
            hand = self.hand_rects(max(1, len(self.sorted_hand(b))))
            whole = hand[0].unionall(hand[1:])
            return whole.inflate(8, 30).union(whole.move(0, -18))
        if name in (f"open:{b}", f"blind:{b}"):
            kind = zone_name(name)
            slots = [self.slot_rect(b, kind, i) for i in range(SLOTS)]
            return slots[0].unionall(slots[1:])
        return None

    def card_rect(self, zone: str, card: str | None, leaving: bool) -> pygame.Rect:
        name, owner = zone_name(zone), zone_owner(zone)
        if name == "deck":
            return _rect_at(DECK_C, TABLE_CARD)
        if name == "pile":
            return _rect_at(PILE_C, TABLE_CARD)
        assert owner is not None
        lst = self.zones.get(zone, [])
        if name in ("open", "blind"):
            slot = None
            if leaving:
                if name == "blind" and self._blind_slot is not None:
                    slot = self._blind_slot
                elif card is not None and card in lst:
                    slot = lst.index(card)
                else:
                    slot = next((i for i, c in enumerate(lst) if c != EMPTY), 0)
            else:
                slot = lst.index(EMPTY) if EMPTY in lst else len(lst)
            return self.slot_rect(owner, name, min(slot, SLOTS - 1))
        if name == "hand":
            if owner == self.bottom_seat:
                hand = self.sorted_hand(owner)
                if leaving:
                    rects = self.hand_rects(len(hand))
                    if card is not None and card in hand:
                        return rects[hand.index(card)]
                    return rects[-1] if rects else _rect_at((500, HAND_Y + 73), HAND_CARD)
                return self.hand_rects(len(hand) + 1)[-1]
            rects = self.opp_hand_rects(owner, len(lst) + (0 if leaving else 1))
            return rects[-1] if rects else self.opp_hand_rects(owner, 1)[0]
        if name == "set_aside":
            return self.set_aside_rect(owner)
        return self.bank_rect(owner)

    # ---------------------------------------------------------------- events
    # the shared card-move animation (TableScene._card_moved), with 8½'s zones: open and blind
    # cards keep their slots, bank cards are backs, and a deal flies fast
    def move_rects(self, ev: Event) -> tuple[pygame.Rect, pygame.Rect]:
        card = ev.data.get("card")
        return (self.card_rect(ev.data["src"], card, leaving=True),
                self.card_rect(ev.data["dst"], card, leaving=False))

    def move_updates(self, ev: Event) -> tuple[Callable[[], None], Callable[[], None]]:
        src, dst = ev.data["src"], ev.data["dst"]
        card = ev.data.get("card")
        sn, dn = zone_name(src), zone_name(dst)
        zones = self.zones
        slot: int | None = None
        if sn in ("open", "blind"):
            lst0 = zones.get(src, [])
            if sn == "blind" and self._blind_slot is not None:
                slot = self._blind_slot
            elif card is not None and card in lst0:
                slot = lst0.index(card)
            else:
                slot = next((i for i, c in enumerate(lst0) if c != EMPTY), None)
        if sn == "blind":
            self._blind_slot = None

        def take() -> None:
            lst = zones.setdefault(src, [])
            if slot is not None and slot < len(lst):
                lst[slot] = EMPTY  # a table card leaves its slot empty
            else:
                take_from(lst, card)

        def land() -> None:
            lst = zones.setdefault(dst, [])
            if dn == "bank":
                lst.append(None)
            elif dn in ("open", "blind") and EMPTY in lst:
                lst[lst.index(EMPTY)] = card
            else:
                lst.append(card)
        return take, land

    def move_pace(self, ev: Event) -> tuple[float, float, str | None]:
        sn, dn = zone_name(ev.data["src"]), zone_name(ev.data["dst"])
        dealing = sn == "deck" or (sn == "bank" and (dn != "hand" or self._dealing()))
        duration = 0.22 if dealing else 0.32
        if sn == "deck":  # a deal card on its own (the deal itself flies as a group)
            return duration, DEAL_STAGGER, None
        if dealing:
            return duration, 0.03, None
        if sn == "bank":  # refilling the hand after a play
            return duration, 0.1, None
        return duration, 0.3, "play"

    def _dealing(self) -> bool:
        """True while the deal's first hands are being dealt (before anything is played)."""
        return not self.zones.get("pile") and int(self.disp.get("turns", 0)) == 0

    def _deal_group(self, director: Director) -> float:
        """The deck dealt out (the run of deck -> bank moves after the shuffle) as one group
        flight with a stagger, a deal sound every sixth card; returns the wait until the last
        card has landed. Each card is the shared card move (its rects, its zone updates)."""
        run: list[Event] = []
        queue = director.queue
        while queue and queue[0].kind == ev_kinds.CARD_MOVED and \
                zone_name(queue[0].data["src"]) == "deck" and \
                zone_name(queue[0].data["dst"]) == "bank":
            run.append(queue.popleft())
        specs = []
        for i, e in enumerate(run):
            src, dst = self.move_rects(e)
            take, land = self.move_updates(e)
            if i % 6 == 0:
                def take(take: Any = take) -> None:
                    take()
                    self.app.play_sound("deal")
            specs.append(FlightSpec(e.data.get("card"), src, dst, on_start=take, on_land=land))
        return director.fly_group(specs, 0.22, stagger=DEAL_STAGGER)

    def game_event(self, ev: Event, director: Director) -> float:
        k = ev.kind
        d = ev.data
        if k == ev_kinds.SHUFFLED and d.get("zone") == "deck":
            return self._deal_group(director)
        if k == ev_kinds.ROUND_STARTED:
            n = self.info.num_players
            for z in list(self.zones):
                self.zones[z] = []
            self.zones["deck"] = [None] * DECK_SIZE
            for i in range(n):
                for name in ("hand", "bank", "open", "blind", "set_aside"):
                    self.zones[f"{name}:{i}"] = []
            self.disp.update(value2=0, le5=False, wanted=None, deal=d["round"], turns=0,
                             reached=[False] * n)
            self.banner = (tr("ui.eight_half.banner.deal", deal=d["round"]), 1.1, theme.ACCENT_DARK)
            return 0.6
        if k == ev_kinds.TURN_STARTED:
            self.disp["current"] = d["player"]
            return 0.12
        if k == "pile_value":
            old, new = int(self.disp.get("value2", 0)), int(d["value2"])
            self.disp["le5"] = bool(d["le5"])
            self.disp["turns"] = int(self.disp.get("turns", 0)) + 1

            def upd(t: float) -> None:
                self.disp["pulse"] = 1.0 - t
            self.disp["value2"] = new
            self.disp["wanted"] = None
            director.add(Tween(0.45, upd, ease=ease_out_cubic))
            return 0.2 if new == old else 0.35
        if k == "wanted":
            self.disp["wanted"] = d["player"]

            def stamp(t: float) -> None:
                self.disp["wanted_anim"] = 1.0 - t
            director.add(Tween(0.6, stamp, ease=ease_out_cubic))
            return 0.35
        if k == "caught":
            self.app.play_sound("bust")
            self.banner = (tr("ui.eight_half.banner.caught", catcher=self.name_of(d["catcher"]),
                              player=self.name_of(d["player"])), 1.5, theme.DANGER)
            return 1.1
        if k == "pile_taken":
            return self._sweep(d, director)
        if k == "blind_revealed":
            if d["outcome"] == "illegal":
                self.banner = (tr("ui.eight_half.banner.blind_illegal",
                                  player=self.name_of(d["player"]),
                                  card=cardart.card_label(GAME, d["card"])), 1.4, theme.DANGER)
            self._blind_slot = int(d["slot"])
            return 0.2
        if k == "table_cards_reached":
            reached = list(self.disp.get("reached") or [False] * self.info.num_players)
            reached[d["player"]] = True
            self.disp["reached"] = reached
            self.banner = (tr("ui.eight_half.banner.table_cards",
                              player=self.name_of(d["player"])), 1.2, theme.ACCENT_DARK)
            return 0.8
        if k == ev_kinds.SCORE_CHANGED:
            pts = list(self.disp.get("points") or [0] * self.info.num_players)
            pts[d["player"]] = d["total"]
            self.disp["points"] = pts
            return 0.1
        if k == "deal_scored":
            # every deal's breakdown, the last one's too (then the match result follows)
            self.deal_info = dict(d)
            self.app.push(EightHalfResultsScene(self.app, self, final=False, deal=dict(d)))
            return 0.3
        if k == ev_kinds.PHASE_CHANGED and d.get("phase") == "swap":
            self.disp["current"] = d["player"]
            self.banner = (tr("ui.eight_half.banner.swap_offer",
                              player=self.name_of(d["player"])), 1.3, theme.ACCENT_DARK)
            return 0.9
        if k == "swap":
            self._fix_swap(d)
            self.banner = (tr("ui.eight_half.banner.swap", player=self.name_of(d["player"]),
                              target=self.name_of(d["target"])), 1.2, theme.ACCENT_DARK)
            return 0.9
        return 0.0

    def _fix_swap(self, d: dict[str, Any]) -> None:
        """After the two open-card flights of a swap, put each card in the slot it took."""
        for seat in (d["player"], d["target"]):
            lst = self.zones.get(f"open:{seat}", [])
            while len(lst) > SLOTS and EMPTY in lst:
                lst[lst.index(EMPTY)] = lst.pop()

    def _sweep(self, d: dict[str, Any], director: Director) -> float:
        """A taken pile sweeps into the taker's set-aside stack or hand."""
        dst = d["dst"]
        p = d["player"]
        zones = self.zones
        cards: list[str] = list(d["cards"])
        visible = zone_name(dst) == "set_aside" or p == self.eff_viewer or \
            self.eff_viewer == OMNISCIENT
        zones["pile"] = []
        self.disp.update(value2=0, le5=False, wanted=None)
        base = _rect_at(PILE_C, TABLE_CARD)
        dst_rect = self.card_rect(dst, None, leaving=False)
        flying = cards[-8:]
        for c in cards[:-8]:
            zones.setdefault(dst, []).append(c if visible else None)
        specs = []
        for i, c in enumerate(flying):
            def land(c: str = c) -> None:
                zones.setdefault(dst, []).append(c if visible else None)
            specs.append(FlightSpec(c, base.move((i - len(flying) // 2) * 6, -i * 2), dst_rect,
                                    on_land=land))
        director.fly_group(specs, 0.42, stagger=0.035)
        self.app.play_sound("shuffle")
        return 0.75

    # ---------------------------------------------------------------- input
    def hand_actions(self) -> list[Action]:
        return [a for a in self.legal if a.kind in ("play", "catch")]

    def pick_faces(self) -> list[str]:
        hand = self.sorted_hand(self.bottom_seat)
        return [c for i in self.pick if i < len(hand) and (c := hand[i]) is not None]

    def exact_actions(self) -> list[Action]:
        """The legal plays/catches whose cards are exactly the selected cards."""
        sel = Counter(self.pick_faces())
        if not sel:
            return []
        return [a for a in self.hand_actions() if Counter(a.cards) == sel]

    def addable(self, face: str) -> list[Action]:
        """Legal hand actions that contain the selection plus one more `face`."""
        want = Counter(self.pick_faces())
        want[face] += 1
        return [a for a in self.hand_actions() if not want - Counter(a.cards)]

    def button_specs(self) -> list[tuple[str, list[Action]]]:
        """The action buttons below the pile: (key, actions), for the current selection."""
        legal = self.legal
        out: list[tuple[str, list[Action]]] = []
        v: EightHalfView = self.v
        if v.phase == "swap":
            out.append(("btn:no_swap", [a for a in legal if a.kind == "no_swap"]))
            return out
        exact = self.exact_actions()
        if not self.pick and self.selected is None:
            # a catch on offer is a highlighted choice even before any card is picked
            exact = [a for a in legal if a.kind == "catch"][:1]
        catches = [a for a in exact if a.kind == "catch"]
        plays = [a for a in exact if a.kind == "play"]
        if catches:
            out.append(("btn:catch", catches[:1]))
        if plays:
            out.append(("btn:play_no_catch" if catches else "btn:play", plays[:1]))
        slot = slot_of(self.selected, "open")
        if slot is not None:
            face = self._open_face(self.bottom_seat, slot)
            acts = [a for a in legal if a.card == face and a.kind in ("play_open", "catch_open")]
            c = [a for a in acts if a.kind == "catch_open"]
            p = [a for a in acts if a.kind == "play_open"]
            if c:
                out.append(("btn:catch", c))
            if p:
                out.append(("btn:play_no_catch" if c else "btn:play", p))
        take = [a for a in legal if a.kind == "take"]
        if take:
            out.append(("btn:take", take))
        return [(k, a) for k, a in out if a]

    def button_rects(self, n: int) -> list[pygame.Rect]:
        w, gap = 178, 14
        total = n * w + (n - 1) * gap
        x0 = (HAND_X0 + HAND_X1) // 2 - total // 2
        return [pygame.Rect(x0 + i * (w + gap), BUTTON_Y, w, 48) for i in range(n)]

    def table_hits(self) -> list[Hit]:
        me = self.viewer
        if me is None or me < 0:
            return []
        v: EightHalfView = self.v
        legal = self.legal
        hits: list[Hit] = []
        if v.phase == "swap":
            swaps = [a for a in legal if a.kind == "swap"]
            mine = slot_of(self.selected, "swapmine")
            mine_sel = self._open_face(me, mine) if mine is not None else None
            # one hit per open card (slot keys): two equal open cards are each reachable
            opens = self.zones.get(f"open:{me}", [])
            for s, face in enumerate(opens):
                acts = [a for a in swaps if face and a.cards[0] == face]
                if acts:
                    hits.append(Hit(self.slot_rect(me, "open", s), acts, f"swapmine:{s}"))
            if mine_sel is not None:
                for q in v.swap_targets:
                    for s, face in enumerate(self.zones.get(f"open:{q}", [])):
                        acts = [a for a in swaps if a.target == q and a.cards[0] == mine_sel
                                and a.cards[1] == face]
                        if acts:
                            hits.append(Hit(self.slot_rect(q, "open", s), acts[:1],
                                            f"swaptheirs:{q}:{s}"))
            for (key, acts), rect in zip(self.button_specs(), self.button_rects(1),
                                         strict=False):
                hits.append(Hit(rect, acts, key))
            return hits
        hand = self.sorted_hand(me)
        # overlapping cards: only the visible strip is a hit; one hit per slot (`hand:i`)
        rects = visible_strips(self.hand_rects(len(hand)))
        for i, (face, rect) in enumerate(zip(hand, rects, strict=False)):
            if face is None:
                continue
            if i in self.pick:
                acts = [a for a in self.hand_actions() if face in a.cards]
                hits.append(Hit(rect, acts, f"hand:{i}"))
                continue
            acts = self.addable(face)
            if acts:
                hits.append(Hit(rect, acts, f"hand:{i}"))
        opens = self.zones.get(f"open:{me}", [])
        for s, face in enumerate(opens):  # slot keys: two equal open cards each reachable
            if not face:
                continue
            acts = [a for a in legal if a.card == face and a.kind in ("play_open", "catch_open")]
            if acts:
                hits.append(Hit(self.slot_rect(me, "open", s), acts, slot_key("open", s)))
        for a in legal:
            if a.kind == "play_blind" and isinstance(a.value, int):
                hits.append(Hit(self.slot_rect(me, "blind", a.value), [a], f"blind:{a.value}"))
        specs = self.button_specs()
        for (key, acts), rect in zip(specs, self.button_rects(len(specs)), strict=False):
            hits.append(Hit(rect, acts, key))
        take = [a for a in legal if a.kind == "take"]
        if take:
            hits.append(Hit(_rect_at(PILE_C, TABLE_CARD), take, "pile"))
        return hits

    def choose(self, hit: Hit) -> None:
        key = hit.key
        if key.startswith("hand:"):
            i = int(key.partition(":")[2])
            self.selected = None
            if i in self.pick:
                self.pick.remove(i)
                self._refocus(key)
                return
            self.pick.append(i)
            self._refocus(key)
            exact = self.exact_actions()
            sel = Counter(self.pick_faces())
            more = [a for a in self.hand_actions()
                    if not sel - Counter(a.cards) and len(a.cards) > len(self.pick)]
            # a complete play with no bigger group possible and no catch-or-not question: go
            if len(exact) == 1 and not more and len(self.pick) == 1 and not any(
                    a.kind == "catch" for a in self.hand_actions()):
                # the attempt uses up the pick even when the move is refused (a lesson turns
                # a wrong card down): the hand is whole again for the next try
                self.pick = []
                self.submit(exact[0])
            return
        if key.startswith("btn:") or key == "pile" or key.startswith("blind:") or \
                key.startswith("swaptheirs:"):
            self.pick = []
            self.submit(hit.actions[0])
            self.focus_model.reset()
            return
        if key.startswith("swapmine:"):
            self.selected = None if self.selected == key else key
            self.focus_model.reset()
            return
        if key.startswith("open:"):
            self.pick = []
            if len(hit.actions) == 1:
                self.submit(hit.actions[0])
            else:
                self.selected = None if self.selected == key else key
            self.focus_model.reset()
            return
        super().choose(hit)

    def _refocus(self, key: str, prefixes: tuple[str, ...] = ()) -> None:
        """Keep the keyboard focus on the hit `key` after the hits changed (picking a card
        adds buttons and drops cards that no longer fit), or move it to the first hit whose
        key starts with one of `prefixes`, when there is one."""
        hits = self.current_hits()
        keys = [h.key for h in hits]
        fm = self.focus_model
        step = self.hint_step(hits)
        if step is not None:  # a hint shown: its next step (picking 2 of 2 cards, its button)
            fm.focus_on(hits, step)
            return
        for want in prefixes:
            got = next((k for k in keys if k.startswith(want)), None)
            if got is not None:
                fm.index, fm.focus_key = keys.index(got), got
                return
        if key in keys:
            fm.index, fm.focus_key = keys.index(key), key
        else:
            fm.reset()

    def key_choose(self, hit: Hit) -> None:
        """Enter on the focused hit (play test 5b item 10: Enter never played a card held
        twice). Enter on a card not picked yet does what a click does (picks it, or plays a
        lone card that nothing else can join). Enter on a picked hand card confirms the
        selection: plays it when exactly one legal play or catch is made of those cards; when
        there are two (catch, or play without catching) it moves the focus to the first of
        their buttons, and the next Enter chooses; when the selection is no legal play by
        itself the card is put back, as a click does. Enter on a chosen open card (catch or
        play) moves the focus to its buttons; on the own open card chosen for a swap, to the
        other player's cards. Nothing is ever played that the engine does not list."""
        key = hit.key
        if key.startswith("hand:") and int(key.partition(":")[2]) in self.pick:
            exact = self.exact_actions()
            if not exact:
                self.choose(hit)
                return
            specs = [(k, acts) for k, acts in self.button_specs()
                     if k in ("btn:catch", "btn:play", "btn:play_no_catch")]
            if len(specs) == 1:
                self.submit(specs[0][1][0])
            else:
                self._refocus(key, tuple(k for k, _ in specs))
            return
        if key.startswith("open:") and self.selected == key:
            self._refocus(key, ("btn:catch", "btn:play"))
            return
        if key.startswith("swapmine:") and self.selected == key:
            self._refocus(key, ("swaptheirs:",))
            return
        self.choose(hit)
        if key.startswith("swapmine:") and self.selected == key:
            self._refocus(key, ("swaptheirs:",))
        elif key.startswith("open:") and self.selected == key:
            self._refocus(key)

    def hint_step_taken(self, hit: Hit) -> bool:
        """A picked hand card is a step taken towards a hinted play of several cards."""
        slot = slot_of(hit.key, "hand")
        return (slot is not None and slot in self.pick) or super().hint_step_taken(hit)

    def drop_choice(self) -> bool:
        """The picked cards are put back too (they lead to another play than the hint's)."""
        dropped = bool(self.pick)
        self.pick = []
        return super().drop_choice() or dropped

    @staticmethod
    def _ident(hit: Hit) -> Any:
        """A table button's identity for the misclick guard: the play button is one button
        while the picked cards under it change (4, then 4 + 4): picking a second card must
        not make the button the player is about to press ignore the click."""
        if hit.key == "btn:play":
            return hit.key
        return TableScene._ident(hit)

    def submit(self, action: Action) -> None:
        self.pick = []
        self.focus_model.reset()
        super().submit(action)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.note_input(event)
        if self.pick and ((event.type == pygame.MOUSEBUTTONDOWN and event.button == 3) or
                          (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)):
            self.pick = []
            self.selected = None
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and not self.demo and not self.read_only:
            cur = self.focus_model.current(self.current_hits())
            if cur is not None:
                self.key_choose(cur)
                return None
        return super().handle_event(event)

    # ---------------------------------------------------------------- drawing
    def card_back(self, size: tuple[int, int]) -> gfx.Image:
        return art_eight_half.back(size)

    def static_signature(self) -> tuple[Any, ...]:
        d = self.disp
        return (*super().static_signature(), tuple(self.pick), d.get("current"), d.get("deal"),
                d.get("wanted"), tuple(d.get("points") or ()), tuple(d.get("reached") or ()),
                d.get("value2"), d.get("le5"))

    def draw_table(self, surf: gfx.Image) -> None:
        """The table as parts (header, deck, pile, each seat, the bottom seat, its table cards
        and hand, the prompt, the buttons); only the parts whose inputs changed are repainted."""
        draw_parts(self, surf, _felt())

    def _parts(self) -> list[Part]:
        t = self.app.text
        v: EightHalfView = self.v
        z = self.zones
        d = self.disp
        hits = self.hits
        hit_keys = frozenset(h.key for h in hits)
        active_key = self.active_key(hits)
        cur = d.get("current")
        # what the highlights depend on: the hits (and which are catches), focus, selection
        picks = (tuple((h.key, self._is_catch_key(h.key)) for h in hits), active_key,
                 self.selected, tuple(self.pick))
        parts: list[Part] = []

        # header
        deal = d.get("deal", v.deal_no)
        head = (tr("ui.eight_half.deal_of", deal=deal, total=v.num_deals) if v.num_deals else
                tr("ui.eight_half.deal_target", deal=deal, target=v.options.get("target_points")))
        name = tr("game.eight_half.name")
        y0 = SEAT_Y + SEAT_H + 10
        rect = pygame.Rect((30, y0), t.size(name, theme.SIZE_SMALL, True)).union(
            pygame.Rect((30, y0 + 26), t.size(head, theme.SIZE_TINY)))
        rect.w += TEXT_SLACK

        def header(surf: gfx.Image) -> None:
            t.blit(surf, name, (30, y0), theme.SIZE_SMALL, theme.ACCENT, True)
            t.blit(surf, head, (30, y0 + 26), theme.SIZE_TINY, theme.TEXT_DIM)
        parts.append(Part("header", rect, (name, head), header))

        # deck (while dealing) and pile
        deck = len(z.get("deck", []))
        backs = min(4, 1 + deck // 16) if deck else 0
        if backs:
            r = _rect_at(DECK_C, TABLE_CARD)
            parts.append(Part("deck", pygame.Rect(r.x - 7, r.y - 7, r.w + 15, r.h + 17), backs,
                              lambda surf: self._deck(surf, backs)))
        pile = z.get("pile", [])
        label = tr("ui.eight_half.pile", n=len(pile))
        lw, lh = t.size(label, theme.SIZE_TINY)
        rect = _PILE_AREA.union(pygame.Rect(PILE_C[0] - lw // 2 - 1, PILE_C[1] + 81 - lh // 2 - 1,
                                            lw + 2 + TEXT_SLACK, lh + 2))
        parts.append(Part("pile", rect, (tuple(pile[-PILE_SHOWN:]), label, "pile" in hit_keys,
                                         active_key == "pile"),
                          lambda surf: self._pile(surf, hit_keys, active_key)))

        # seats
        swap = v.phase == "swap"
        for seat in self.seat_order():
            box = self.seat_rect(seat)
            hand = z.get(f"hand:{seat}", [])
            wanted = d.get("wanted") == seat
            rect = pygame.Rect(box.x - 5, box.y - 5, box.w + 13, box.h + 15)
            if wanted:
                rect.union_ip(self.stamp_rect(seat))
            sig = (box, seat == cur, wanted, self.stamp_landing(), self._points(seat),
                   tuple(hand),
                   len(z.get(f"bank:{seat}", ())), len(z.get(f"set_aside:{seat}", ())),
                   self.on_table(seat), tuple(z.get(f"blind:{seat}", ())),
                   tuple(z.get(f"open:{seat}", ())), swap and seat in v.swap_targets, picks)
            parts.append(Part(f"seat:{seat}", rect, sig,
                              lambda surf, seat=seat: self._seat(surf, seat, cur, hit_keys,
                                                                 active_key)))
        b = self.bottom_seat
        wanted = d.get("wanted") == b
        sig = (b == cur, wanted, self.stamp_landing(), self._points(b),
               len(z.get(f"bank:{b}", ())),
               len(z.get(f"set_aside:{b}", ())))
        rect = pygame.Rect(BOTTOM_PLATE.x - 3, BOTTOM_PLATE.y - 3, BOTTOM_PLATE.w + 11,
                           BOTTOM_PLATE.h + 13)
        if wanted:
            img = _stamp_img(t, tr("ui.eight_half.wanted"))
            rect.union_ip(img.get_rect(center=(BOTTOM_PLATE.centerx, BOTTOM_PLATE.y + 96)))
        parts.append(Part("bottom", rect, sig, lambda surf: self._bottom(surf, cur)))
        sig = (self.on_table(b), tuple(z.get(f"blind:{b}", ())),
               tuple(z.get(f"open:{b}", ())), picks)
        parts.append(Part("own_table", _OWN_AREA, sig,
                          lambda surf: self._own_table(surf, hit_keys, active_key)))
        hand = self.sorted_hand(b)
        rects = self.hand_rects(len(hand))
        if rects:
            rect = pygame.Rect(rects[0].x - 4, rects[0].y - 26, 0, rects[0].h + 36)
            rect.w = rects[-1].right + 8 - rect.x
        else:
            rect = pygame.Rect(HAND_X0 + 40, HAND_Y + 20, HAND_X1 - HAND_X0 - 80,
                               HAND_CARD[1] - 40)
        my_turn = self.human_turn() and v.phase == "play"
        sig = (tuple(hand), self.eff_viewer in (OMNISCIENT, b), my_turn,
               self.on_table(b), v.phase == GAME_OVER_PHASE, picks,
               tuple(a.cards for a in self.legal if a.kind == "catch") if my_turn else ())
        parts.append(Part("hand", rect, sig,
                          lambda surf: self._hand(surf, hit_keys, active_key)))

        # the prompt and the buttons
        status = self._status_layout(v, cur)
        if status is not None:
            msg, color, size, rect = status
            parts.append(Part("status", rect, (msg, color, size),
                              lambda surf: self._status(surf, msg, color, size)))
        if self.human_turn():
            specs = self.button_specs()
            brects = self.button_rects(len(specs))
            if brects:
                rect = brects[0].unionall(brects[1:])
                # the shadow, and the focus ring 4 px round a button
                rect = pygame.Rect(rect.x - 5, rect.y - 5, rect.w + 13, rect.h + 15)
                sig = (tuple((k, tuple(a)) for k, a in specs), active_key, v.wanted,
                       self.name_of(v.wanted) if v.wanted is not None else None)
                parts.append(Part("buttons", rect, sig,
                                  lambda surf: self._buttons(surf, active_key)))
        return parts

    def _deck(self, surf: gfx.Image, backs: int) -> None:
        rect = _rect_at(DECK_C, TABLE_CARD)
        for i in range(backs):
            r = rect.move(-i * 2, -i * 2)
            if i == 0:
                draw.shadow(surf, r, 10, 60)
            surf.blit(art_eight_half.back(TABLE_CARD), r)

    def on_scale_changed(self) -> None:
        self._layer_parts.reset()
        super().on_scale_changed()

    def _pile(self, surf: gfx.Image, hit_keys: AbstractSet[str], active_key: str | None) -> None:
        t = self.app.text
        pile = self.zones.get("pile", [])
        rect = _rect_at(PILE_C, TABLE_CARD)
        if not pile:
            gfx.rect(surf, theme.FELT_DARK, rect, 2, border_radius=10)
            t.blit(surf, tr("ui.eight_half.pile_empty"), rect.center, theme.SIZE_TINY,
                   theme.TEXT_DIM, False, "center")
        else:
            top = pile[-PILE_SHOWN:]
            n = len(top)
            for i, face in enumerate(top):
                off = i - (n - 1)
                r = rect.move(off * 18, off * 2)
                if i == 0:
                    draw.shadow(surf, r, 10, 60)
                if face is not None:
                    img = cardart.face(GAME, face, TABLE_CARD)
                    if i < n - 1:
                        img = _turned(img, (i - n + 1) * 3)
                    surf.blit(img, img.get_rect(center=r.center))
                else:
                    surf.blit(art_eight_half.back(TABLE_CARD), r)
        label = tr("ui.eight_half.pile", n=len(pile))
        t.blit(surf, label, (PILE_C[0], rect.bottom + 14), theme.SIZE_TINY, theme.TEXT_DIM,
               False, "center")
        if "pile" in hit_keys:
            glow = active_key == "pile"
            gfx.rect(surf, theme.DANGER, rect.inflate(12, 12), 4 if glow else 2,
                     border_radius=12)

    def _seat(self, surf: gfx.Image, seat: int, cur: int | None, hit_keys: AbstractSet[str],
              active_key: str | None) -> None:
        v: EightHalfView = self.v
        t = self.app.text
        box = self.seat_rect(seat)
        wanted = self.disp.get("wanted") == seat
        plate_panel(surf, box, seat == cur, wanted)
        lay = self.plate_layout(seat)
        room = lay["points"].x - 8 - (box.x + 10)
        name, size = _fit_clipped(t, self.name_of(seat), theme.SIZE_SMALL, room)
        t.blit(surf, name, lay["name"].topleft, size, theme.TEXT, True)
        pts = tr("ui.eight_half.points_short", n=self._points(seat))
        t.blit(surf, pts, lay["points"].topleft, theme.SIZE_TINY, theme.GOLD, True)
        # hand (backs, or faces when everything is shown)
        hand = self.zones.get(f"hand:{seat}", [])
        faces = self.shows_hand(seat)
        shown = sort_faces([c for c in hand if c]) if faces else hand
        rects = self.opp_hand_rects(seat, len(hand))
        for face, r in zip(shown, rects, strict=False):
            if faces and face:
                if r is not rects[0]:
                    draw.shadow(surf, r, 4, 60, (-2, 0))
                surf.blit(cardart.face(GAME, face, OPP_SHOWN), r)
            else:
                surf.blit(art_eight_half.back(OPP_HAND), r)
        if rects:
            badge, label = self._hand_badge_label(seat, rects, len(hand))
            _badge(t, surf, badge.center, len(hand), theme.PANEL_EDGE)
            if label is not None:
                t.blit(surf, tr("ui.eight_half.hand"), label.midleft, theme.SIZE_TINY,
                       theme.TEXT_DIM, False, "midleft")
        # bank, set-aside pile, table cards
        bank = len(self.zones.get(f"bank:{seat}", []))
        self._mini_stack(surf, self.bank_rect(seat), bank, tr("ui.eight_half.bank"), None)
        aside = len(self.zones.get(f"set_aside:{seat}", []))
        self._mini_stack(surf, self.set_aside_rect(seat), aside, tr("ui.eight_half.aside"),
                         theme.DANGER)
        if self.on_table(seat):
            gfx.rect(surf, theme.GOLD, self.on_table_area(seat), 2, border_radius=8)
            img = t.render(tr("ui.eight_half.on_table"), theme.SIZE_TINY, theme.TEXT_DARK, True)
            pill = lay.get("on_table_badge") or self.on_table_badge_rect(seat)
            gfx.rect(surf, theme.GOLD, pill, border_radius=pill.h // 2)
            surf.blit(img, img.get_rect(center=pill.center))
        self._slots(surf, seat, OPP_SLOT, hit_keys, active_key)
        if wanted and not self.stamp_landing():  # one stamp: the landing one, then this
            surf.blit(_stamp_img(t, tr("ui.eight_half.wanted")), self.stamp_rect(seat))
        if seat in v.swap_targets and v.phase == "swap":
            gfx.rect(surf, theme.HIGHLIGHT, box.inflate(10, 10), 2, border_radius=18)

    def _slots(self, surf: gfx.Image, seat: int, size: tuple[int, int], hit_keys: AbstractSet[str],
               active_key: str | None) -> None:
        blind = self.zones.get(f"blind:{seat}", [])
        opens = self.zones.get(f"open:{seat}", [])
        me = seat == self.bottom_seat
        for s in range(SLOTS):
            br = self.slot_rect(seat, "blind", s)
            b = blind[s] if s < len(blind) else EMPTY
            if b == EMPTY and (s >= len(opens) or opens[s] == EMPTY):
                gfx.rect(surf, theme.FELT_DARK, br.move(0, br.h // 4 if me else 7), 2,
                         border_radius=6)
            if b != EMPTY:
                key = f"blind:{s}"
                lifted = me and key == active_key
                r = br.move(0, -SLOT_LIFT if lifted else 0)
                draw.shadow(surf, r, 6, 50, (2, 3))
                if b is not None and self.eff_viewer == OMNISCIENT:
                    surf.blit(cardart.face(GAME, b, size), r)
                    surf.blit(draw.dim_card(size, 120), r)
                else:
                    surf.blit(art_eight_half.back(size), r)
                if me and key in hit_keys:
                    gfx.rect(surf, theme.HIGHLIGHT, r.inflate(6, 6), 3, border_radius=9)
            o = opens[s] if s < len(opens) else EMPTY
            if o:
                orr = self.slot_rect(seat, "open", s)
                key = (f"open:{s}" if me else f"swaptheirs:{seat}:{s}")
                mine_key = f"swapmine:{s}"
                lifted = key == active_key or (me and (mine_key == active_key or
                                                       self.selected in (key, mine_key)))
                r = orr.move(0, -SLOT_LIFT if lifted else 0)
                draw.shadow(surf, r, 6, 50, (2, 3))
                surf.blit(cardart.face(GAME, o, size), r)
                hot = key in hit_keys or (me and mine_key in hit_keys)
                if hot or (me and self.selected in (key, mine_key)):
                    color = theme.DANGER if self._is_catch_key(key) else theme.HIGHLIGHT
                    gfx.rect(surf, color, r.inflate(6, 6), 3, border_radius=9)

    def _is_catch_key(self, key: str) -> bool:
        hit = next((h for h in self.hits if h.key == key), None)
        return hit is not None and any(a.kind.startswith("catch") for a in hit.actions)

    def _mini_stack(self, surf: gfx.Image, rect: pygame.Rect, n: int, caption: str,
                    tint: tuple[int, int, int] | None) -> None:
        """A small face-down stack with its count on a badge and a caption below."""
        t = self.app.text
        if n <= 0:
            gfx.rect(surf, theme.PANEL_EDGE, rect, 1, border_radius=5)
        else:
            for i in range(min(3, 1 + n // 6)):
                surf.blit(art_eight_half.back(STACK_MINI), rect.move(-i * 2, -i * 2))
        _badge(t, surf, (rect.right, rect.y + 6), n, tint if tint and n else theme.PANEL_EDGE)
        t.blit(surf, caption, (rect.centerx, rect.bottom + 1), theme.SIZE_TINY,
               theme.TEXT_DIM, False, "midtop")

    def _stamp(self, surf: gfx.Image, pos: tuple[int, int]) -> None:
        t = self.app.text
        img = _stamp_img(t, tr("ui.eight_half.wanted"))
        surf.blit(img, img.get_rect(center=pos))

    def _points(self, seat: int) -> int:
        pts = self.disp.get("points") or self.v.points
        return int(pts[seat]) if seat < len(pts) else 0

    def _bottom(self, surf: gfx.Image, cur: int | None) -> None:
        t = self.app.text
        b = self.bottom_seat
        box = BOTTOM_PLATE
        wanted = self.disp.get("wanted") == b
        plate_panel(surf, box, b == cur, wanted)
        name, size = t.fit_line(self.name_of(b), theme.SIZE_BODY, box.w - 90, True)
        t.blit(surf, name, (box.x + 14, box.y + 10), size, theme.TEXT, True)
        t.blit(surf, tr("ui.eight_half.points", n=self._points(b)), (box.right - 14, box.y + 14),
               theme.SIZE_SMALL, theme.GOLD, True, "topright")
        t.blit(surf, seat_tag(self.info.seats[b]), (box.x + 14, box.y + 44), theme.SIZE_TINY,
               theme.TEXT_DIM)
        bank = len(self.zones.get(f"bank:{b}", []))
        aside = len(self.zones.get(f"set_aside:{b}", []))
        self._mini_stack(surf, self.bank_rect(b), bank, tr("ui.eight_half.bank"), None)
        self._mini_stack(surf, self.set_aside_rect(b), aside, tr("ui.eight_half.aside"),
                         theme.DANGER)
        if wanted and not self.stamp_landing():  # one stamp: the landing one, then this
            self._stamp(surf, self.stamp_center(b))

    def _own_table(self, surf: gfx.Image, hit_keys: AbstractSet[str], active_key: str | None
                   ) -> None:
        t = self.app.text
        b = self.bottom_seat
        on = self.on_table(b)
        label = tr("ui.eight_half.table_cards")
        col = theme.GOLD if on else theme.TEXT_DIM
        t.blit(surf, label, self.own_label_rect().topleft, theme.SIZE_TINY, col, on)
        self._slots(surf, b, OWN_SLOT, hit_keys, active_key)

    def _hand(self, surf: gfx.Image, hit_keys: AbstractSet[str], active_key: str | None) -> None:
        b = self.bottom_seat
        hand = self.sorted_hand(b)
        if not hand:
            area = pygame.Rect(HAND_X0 + 40, HAND_Y + 20, HAND_X1 - HAND_X0 - 80, HAND_CARD[1] - 40)
            gfx.rect(surf, theme.FELT_DARK, area, 2, border_radius=14)
            # once the game is over nothing is played any more: no arrow to the table cards
            key = ("ui.eight_half.hand_empty_table"
                   if self.on_table(b) and self.v.phase != GAME_OVER_PHASE
                   else "ui.eight_half.hand_empty")
            self.app.text.blit(surf, tr(key), area.center, theme.SIZE_SMALL, theme.TEXT_DIM,
                               False, "center")
        show_faces = self.eff_viewer in (OMNISCIENT, b)
        my_turn = self.human_turn() and self.v.phase == "play"
        catch_faces = {c for a in self.legal if a.kind == "catch" for c in a.cards} \
            if my_turn else set()
        for i, (face, rect) in enumerate(zip(hand, self.hand_rects(len(hand)), strict=False)):
            key = f"hand:{i}"
            picked = i in self.pick
            lifted = picked or key == active_key
            r = rect.move(0, -22 if picked else (-10 if lifted else 0))
            draw.shadow(surf, r, 10, 70)
            if show_faces and face is not None:
                surf.blit(cardart.face(GAME, face, HAND_CARD), r)
                if my_turn and key not in hit_keys:
                    surf.blit(draw.dim_card(HAND_CARD, 120), r)
                if picked:
                    gfx.rect(surf, theme.OK, r.inflate(8, 8), 4, border_radius=13)
                elif key in hit_keys:
                    color = theme.DANGER if face in catch_faces else theme.HIGHLIGHT
                    gfx.rect(surf, color, r.inflate(6, 6), 3, border_radius=12)
            else:
                surf.blit(art_eight_half.back(HAND_CARD), r)

    def _buttons(self, surf: gfx.Image, active_key: str | None) -> None:
        if not self.human_turn():
            return
        t = self.app.text
        specs = self.button_specs()
        v: EightHalfView = self.v
        for (key, acts), rect in zip(specs, self.button_rects(len(specs)), strict=False):
            focused = key == active_key
            kind = key.partition(":")[2]
            if kind == "catch":
                color = (196, 60, 54) if not focused else (230, 86, 74)
                edge = theme.HIGHLIGHT
            elif kind == "take":
                color = (120, 64, 52) if not focused else (150, 84, 66)
                edge = theme.HIGHLIGHT if focused else theme.PANEL_EDGE
            else:
                color = theme.BUTTON_HOVER if focused else theme.ACCENT_DARK
                edge = theme.HIGHLIGHT if focused else theme.PANEL_EDGE
            draw.shadow(surf, rect, 12, 70)
            draw.panel(surf, rect, color, 250, 12, edge)
            if focused:  # a ring as on the cards (the catch button's edge is always lit)
                gfx.rect(surf, theme.HIGHLIGHT, rect.inflate(8, 8), 3, border_radius=15)
            a = acts[0]
            cards = a.cards or ((a.card,) if a.card else ())
            if kind == "catch":
                label = tr("ui.eight_half.btn.catch", player=self.name_of(v.wanted)
                           if v.wanted is not None else "")
            else:
                label = tr(f"ui.eight_half.btn.{kind}")
            size = t.fit(label, theme.SIZE_BODY, rect.w - 20, True)
            if cards and kind != "no_swap":
                t.blit(surf, label, (rect.centerx, rect.centery - 9), size, theme.TEXT, True,
                       "center")
                t.blit(surf, cards_text(cards), (rect.centerx, rect.centery + 13),
                       theme.SIZE_TINY, theme.TEXT_DIM, True, "center")
            else:
                t.blit(surf, label, rect.center, size, theme.TEXT, True, "center")

    def _status_text(self, v: EightHalfView, cur: int | None
                     ) -> tuple[str, tuple[int, int, int]] | None:
        if cur is None or self.over:
            return None
        return status_text(self.name_of(cur), self.human_turn(), self.thinking(),
                           lambda: self._prompt(v))

    def _status_layout(self, v: EightHalfView, cur: int | None
                       ) -> tuple[str, tuple[int, int, int], int, pygame.Rect] | None:
        """The prompt / status line: text, colour, font size and the rect of its pill."""
        status = self._status_text(v, cur)
        if status is None:
            return None
        msg, color = status
        t = self.app.text
        size = t.fit(msg, theme.SIZE_BODY, HAND_X1 - HAND_X0 + 60, True)
        rect = t.render(msg, size, color, True).get_rect(
            center=((HAND_X0 + HAND_X1) // 2, STATUS_Y)).inflate(28, 10)
        return msg, color, size, rect

    def tooltip_avoid(self) -> list[pygame.Rect]:
        """The action buttons and the prompt line stay uncovered by a card's tooltip."""
        out = super().tooltip_avoid()
        if self.human_turn():
            out += self.button_rects(len(self.button_specs()))
        status = self._status_layout(self.v, self.disp.get("current"))
        if status is not None:
            out.append(status[3])
        return out

    def _status(self, surf: gfx.Image, msg: str, color: tuple[int, int, int], size: int
                ) -> None:
        s = self.app.text.render(msg, size, color, True)
        rect = s.get_rect(center=((HAND_X0 + HAND_X1) // 2, STATUS_Y)).inflate(28, 10)
        draw.panel(surf, rect, (10, 30, 40), 200, rect.h // 2, None)
        surf.blit(s, s.get_rect(center=rect.center))

    def _prompt(self, v: EightHalfView) -> str:
        legal = self.legal
        if v.phase == "swap":
            if self.selected and self.selected.startswith("swapmine:"):
                targets = tr("ui.list_sep").join(self.name_of(q) for q in v.swap_targets)
                return tr("ui.eight_half.prompt.swap_theirs", targets=targets)
            return tr("ui.eight_half.prompt.swap_mine")
        if any(a.kind == "take" for a in legal) and len(legal) == 1:
            return tr("ui.eight_half.prompt.take")
        if any(a.kind.startswith("catch") for a in legal) and v.wanted is not None:
            return tr("ui.eight_half.prompt.catch", player=self.name_of(v.wanted),
                      card=str((v.value2 + 1) // 2))
        if any(a.kind == "play_blind" for a in legal):
            return tr("ui.eight_half.prompt.blind")
        if any(a.kind == "play_open" for a in legal):
            return tr("ui.eight_half.prompt.open")
        if self.pick:
            if self.exact_actions():  # the picked cards are a play: its button is there
                return tr("ui.eight_half.prompt.more")
            # no play yet, so no button: say what completes it (an 8 on 8½ needs its ½)
            if self.addable("h"):
                return tr("ui.eight_half.prompt.add_half")
            return tr("ui.eight_half.prompt.more_needed")
        if any(a.kind == "play" and len(set(a.cards)) == 2 for a in legal):
            return tr("ui.eight_half.prompt.combo")
        return tr("ui.eight_half.prompt.play")

    def draw_dynamic(self, surf: gfx.Image) -> None:
        self._value_widget(surf)
        cur = self.disp.get("current")
        if cur is not None and self.shown.acting is not None:
            box = self.seat_rect(cur)
            if cur == self.bottom_seat:
                _turn_marker(surf, (box.centerx, box.y - 12), self.clock, up=False)
            else:
                _turn_marker(surf, (box.centerx, box.bottom + 10), self.clock)
        for _seat, rect, img in self._landing_stamp():
            surf.blit(img, rect)
        super().draw_dynamic(surf)
        if not self.director.busy:
            self._tooltip(surf)

    # ---------------------------------------------------------------- tooltips
    def _tooltip_thing(self) -> tuple[str, str, pygame.Rect] | None:
        """The card under the pointer that has a tooltip (own hand, or any open card): its key
        (`hand:i`, `open:seat:slot`), its face and its rect. A hand card is hit on its visible
        strip, as its click is, so the tooltip names the card the pointer is on."""
        mouse = self.mouse
        if not FELT.collidepoint(mouse):  # asked every frame: nothing to find off the felt
            return None
        b = self.bottom_seat
        found: tuple[str, str, pygame.Rect] | None = None
        if self.eff_viewer in (b, OMNISCIENT) and mouse[1] >= HAND_Y:
            hand = self.sorted_hand(b)
            rects = self.hand_rects(len(hand))
            for i, (f, strip) in enumerate(zip(hand, visible_strips(rects), strict=False)):
                if f and strip.collidepoint(mouse):
                    found = (f"hand:{i}", f, rects[i])
        for seat in range(self.info.num_players):
            area = _OWN_AREA if seat == b else self.seat_rect(seat)
            if not area.collidepoint(mouse):  # open cards lie on their seat's plate
                continue
            for s, f in enumerate(self.zones.get(f"open:{seat}", [])):
                r = self.slot_rect(seat, "open", s)
                if f and r.collidepoint(mouse):
                    found = (f"open:{seat}:{s}", f, r)
        if found is None or not has_key(f"eight_half.card.{found[1]}.desc"):
            return None
        return found

    def tooltip_target(self) -> tuple[str, pygame.Rect] | None:
        got = self._tooltip_thing()
        return (got[0], got[2]) if got is not None else None

    def tooltip_card(self) -> tuple[str, pygame.Rect] | None:
        """The face whose tooltip is shown now (after the pointer rested on it) and its rect."""
        got = self._tooltip_thing()
        if got is None or self.tooltip_ready() is None:
            return None
        return got[1], got[2]

    def protected_rects(self) -> list[pygame.Rect]:
        """What a card's tooltip never covers: the action buttons and the prompt line, the
        pile with its label, the value ring with the restriction and 通緝犯 badges, the own
        hand, table cards and plate, and the opponents' plates (their 通緝 stamps too)."""
        out = self.tooltip_avoid()
        pile = self.zones.get("pile", [])
        lw, lh = self.app.text.size(tr("ui.eight_half.pile", n=len(pile)), theme.SIZE_TINY)
        out.append(_PILE_AREA.union(pygame.Rect(PILE_C[0] - lw // 2, PILE_C[1] + 81 - lh // 2,
                                                lw, lh)))
        out += list(self.value_layout().values())
        hand = self.hand_rects(len(self.sorted_hand(self.bottom_seat)))
        if hand:
            out.append(hand[0].unionall(hand[1:]).inflate(8, 30))
        out += [_OWN_AREA, BOTTOM_PLATE]
        for seat in self.seat_order():
            out.append(self.seat_rect(seat))
            if self.disp.get("wanted") == seat:
                out.append(self.stamp_rect(seat))
        return out

    def key_rects(self) -> list[pygame.Rect]:
        """The value ring (the pile's value, what every play is measured against) and the
        prompt line (what the person may do now: a lesson's callout hid it on this crowded
        felt)."""
        out = [self.value_layout()["ring"]]
        status = self._status_layout(self.v, self.disp.get("current"))
        if status is not None:
            out.append(status[3])
        return out

    def tooltip_rect(self, size: tuple[int, int], card: pygame.Rect) -> pygame.Rect:
        """Above the card in the bottom half (below it in the top half), outside every
        protected rect; where nothing is free, over the emptiest felt. Kept while the same
        tooltip shows over an unchanged table (the search for the emptiest place is not
        repeated every frame)."""
        bounds = FELT.inflate(-16, -16)
        avoid = self.tip_avoid()
        key = (size, tuple(card), tuple(tuple(r) for r in avoid))
        if self._tip_place is not None and self._tip_place[0] == key:
            return self._tip_place[1]
        rect = place_tooltip(size, card, avoid, bounds, gap=12, above=card.centery > CENTER_Y)
        self._tip_place = (key, rect)
        return rect

    def _tooltip(self, surf: gfx.Image) -> None:
        """What the card under the pointer does (own hand, or any open card), once the
        pointer has rested on it."""
        hovered = self.tooltip_card()
        self.tip_rect = None
        if hovered is None:
            return
        face, card = hovered
        key = f"eight_half.card.{face}.desc"
        t = self.app.text
        title = cardart.card_label(GAME, face)
        lines = t.wrap(tr(key), theme.SIZE_SMALL, TIP_WRAP)
        rect = self.tooltip_rect(tip_size(t, title, lines), card)
        self.tip_rect = rect
        draw_tip(surf, t, rect, title, lines)

    def _value_widget(self, surf: gfx.Image) -> None:
        value2 = int(self.disp.get("value2", 0))
        le5 = bool(self.disp.get("le5", False))
        wanted = self.disp.get("wanted")
        pulse = round(float(self.disp.get("pulse", 0.0)) * 8) / 8
        empty = not self.zones.get("pile")
        wname = self.name_of(wanted) if wanted is not None else ""
        over = self.v.phase == GAME_OVER_PHASE
        key = (self.app.text.locale, value2, le5, wname, pulse, empty, over)
        img = _VALUES.get(key)
        if img is None:
            img = self._make_value(value2, le5, wname, pulse, empty, over)
            if len(_VALUES) > 300:
                _VALUES.clear()
            _VALUES[key] = img
        surf.blit(img, img.get_rect(center=VALUE_C))

    def value_font(self, value2: int, pulse: float) -> int:
        """The size of the value's digits: the pulse's size, smaller when that would not fit
        inside the ring (10½ at full size ran over it). Kept per value and pulse step:
        measuring renders the digits, at every size tried."""
        t = self.app.text
        key = (t.locale, value2, pulse)
        fsize = _VALUE_FONTS.get(key)
        if fsize is None:
            fsize = int(theme.SIZE_HUGE * (1 + 0.22 * pulse))
            while fsize > theme.SIZE_H1 and _number_width(t, value2, fsize) > VALUE_FIT:
                fsize -= 2
            _VALUE_FONTS[key] = fsize
        return fsize

    def value_layout(self) -> dict[str, pygame.Rect]:
        """Where the value widget draws its pieces, on the screen: the ring, the restriction
        badge and (while someone is wanted) the 通緝犯 badge."""
        value2 = int(self.disp.get("value2", 0))
        wanted = self.disp.get("wanted")
        wname = self.name_of(wanted) if wanted is not None else ""
        lay = _value_pieces(self.app.text, value2, bool(self.disp.get("le5", False)), wname,
                            not self.zones.get("pile"), self.v.phase == GAME_OVER_PHASE)
        ox = VALUE_C[0] - VALUE_SURF[0] // 2
        oy = VALUE_C[1] - VALUE_SURF[1] // 2
        return {k: r.move(ox, oy) for k, r in lay.items()}

    def _make_value(self, value2: int, le5: bool, wanted: str, pulse: float, empty: bool,
                    over: bool = False) -> gfx.Image:
        t = self.app.text
        r = VALUE_R
        cx, cy = VALUE_SURF[0] // 2, r + 20
        half = value2 % 2 == 1
        hot = wanted != ""
        ring = theme.DANGER if hot else (theme.GOLD if value2 >= 17 else theme.ACCENT)
        # the ring and its arc come from a cache of their own, copied (a copy keeps the
        # display's pixel format): each step of the pulse and each new value is then a copy
        # and a few blits, not a new image converted (2.5 ms at 2560×1440, in the frames that
        # also repaint the table)
        surf = _value_ring(ring, min(value2, 19)).copy()
        whole = value2 // 2
        fsize = self.value_font(value2, pulse)
        color = theme.DANGER if hot else theme.TEXT
        if empty:
            t.blit(surf, "–", (cx, cy - 4), fsize, theme.TEXT_DIM, True, "center")
        elif half and whole == 0:
            t.blit(surf, "½", (cx, cy - 4), fsize, color, True, "center")
        elif half:
            big = t.render(str(whole), fsize, color, True)
            small_size = int(fsize * 0.5)
            frac_img = t.render("½", small_size, color, True)
            w = big.get_width() + frac_img.get_width() - 4
            x = cx - w // 2
            surf.blit(big, big.get_rect(midleft=(x, cy - 4)))
            surf.blit(frac_img, frac_img.get_rect(bottomleft=(x + big.get_width() - 4,
                                                              cy - 4 + big.get_height() // 3)))
        else:
            t.blit(surf, str(whole), (cx, cy - 4), fsize, color, True, "center")
        t.blit(surf, tr("ui.eight_half.value"), (cx, cy + 50), theme.SIZE_TINY,
               theme.TEXT_DIM, False, "center")
        lay = _value_pieces(t, value2, le5, wanted, empty, over)
        if not over:  # the restriction badge: what may be played next (nothing once over)
            rule = self._rule_key(value2, le5, empty)
            badge = t.render(tr(rule), theme.SIZE_SMALL, theme.TEXT_DARK, True)
            br = lay["rule"]
            fill = {"le5": (140, 190, 255), "eight_half": theme.GOLD, "nine": (255, 150, 130),
                    "above_nine": (255, 150, 130)}.get(rule.rpartition(".")[2],
                                                        (220, 236, 250))
            gfx.rect(surf, fill, br, border_radius=br.h // 2)
            surf.blit(badge, badge.get_rect(center=br.center))
        if hot:
            stamp = _stamp_img(t, tr("ui.eight_half.wanted_player", player=wanted))
            surf.blit(stamp, lay["wanted"])
        return surf

    @staticmethod
    def _rule_key(value2: int, le5: bool, empty: bool) -> str:
        if empty or value2 == 0:
            return "ui.eight_half.rule.free"
        if le5:
            return "ui.eight_half.rule.le5"
        if value2 == 17:
            return "ui.eight_half.rule.eight_half"
        if value2 == 18:
            return "ui.eight_half.rule.nine"
        if value2 > 18:
            return "ui.eight_half.rule.above_nine"
        return "ui.eight_half.rule.at_least"

    # ---------------------------------------------------------------- results
    def results_scene(self) -> Scene:
        return EightHalfResultsScene(self.app, self, final=True)

    def on_locale_changed(self) -> None:
        self._layer_parts.reset()
        _VALUES.clear()
        _STAMPS.clear()
        super().on_locale_changed()


class EightHalfResultsScene(ResultsScene):
    """A deal's scoring (2 points out first, 1 point fewest set aside) or the match standings
    with every deal's points."""

    def __init__(self, app: Any, table: Any, final: bool,
                 deal: dict[str, Any] | None = None) -> None:
        super().__init__(app, table, final)
        self.deal = deal
        n = self.info.num_players
        self.panel = pygame.Rect(0, 0, 760, min(680, 290 + 42 * n))
        self.panel.center = (FELT.centerx, 360)  # over the felt, clear of the log panel
        by = self.panel.bottom - 76
        if final:
            self.menu.widgets[0].rect.topleft = (self.panel.x + 60, by)
            self.menu.widgets[1].rect.topleft = (self.panel.right - 60 - 250, by)
        else:
            w = self.menu.widgets[0]
            w.rect.topleft = (self.panel.centerx - w.rect.w // 2, by)
            w.label = lambda: tr("ui.eight_half.results.to_match" if self.last_deal()
                                 else "ui.eight_half.results.next_deal")

    def last_deal(self) -> bool:
        """This breakdown is the match's last deal's: the match result comes next."""
        return bool(self.deal) and self.table.over and \
            self.deal.get("deal") == self.table.spectator_view().deal_no

    def swap_note(self) -> str:
        """E8H-X1 under a deal's rows: THIS deal's winner may swap an open card with the holder
        of the most cards before the next deal ("" when there is nothing to swap)."""
        d = self.deal
        if self.final or not d or d.get("winner") is None or not d.get("biggest_losers") \
                or self.last_deal():
            return ""
        if not self.info.options.get("winner_swap"):
            return ""
        names = tr("ui.list_sep").join(self.name_of(q) for q in sorted(d["biggest_losers"]))
        return tr("ui.eight_half.results.biggest_loser", players=names,
                  winner=self.name_of(d["winner"]))

    def draw(self, surf: gfx.Image) -> None:
        p = self.panel
        dialog_panel(surf, p)
        t = self.app.text
        n = self.info.num_players
        view = self.table.spectator_view()
        if self.final or self.deal is None:
            winners = list(view.winners or [])
            title = tr("ui.results.game_over")
            sub = tr("ui.results.winners", players=tr("ui.list_sep").join(
                self.name_of(w) for w in winners))
            sub_color = theme.GOLD
        else:
            d = self.deal
            winners = [d["winner"]] if d["winner"] is not None else []
            title = tr("ui.eight_half.results.deal_over", deal=d["deal"])
            sub = (tr("ui.eight_half.results.out_first", player=self.name_of(d["winner"]))
                   if d["winner"] is not None else tr("ui.eight_half.results.no_winner"))
            sub_color = theme.TEXT
        t.blit(surf, title, (p.centerx, p.y + 44), theme.SIZE_H1, theme.TEXT, True, "center")
        t.blit(surf, sub, (p.centerx, p.y + 92), theme.SIZE_BODY, sub_color, True, "center")
        y = p.y + 132
        cols: list[tuple[str, int]]
        if self.final or self.deal is None:
            deals = [list(x) for x in view.deal_points]
            shown = deals[-6:]
            first = len(deals) - len(shown)
            cols = [(tr("ui.eight_half.results.deal_col", deal=first + i + 1), 0)
                    for i in range(len(shown))]
            cols.append((tr("ui.eight_half.results.total"), 0))
            rows = []
            for s in range(n):
                vals = [str(dp[s]) if dp[s] else "·" for dp in shown]
                rows.append((s, [*vals, str(view.points[s])]))
            order = sorted(range(n), key=lambda s: (-view.points[s], s))
        else:
            d = self.deal
            cols = [(tr("ui.eight_half.results.set_aside"), 0),
                    (tr("ui.eight_half.results.cards_left"), 0),
                    (tr("ui.eight_half.results.this_deal"), 0),
                    (tr("ui.eight_half.results.total"), 0)]
            rows = []
            for s in range(n):
                gained = d["points"][s]
                rows.append((s, [str(d["set_aside"][s]), str(d["cards_left"][s]),
                                 f"+{gained}" if gained else "0", str(d["totals"][s])]))
            order = list(range(n))
        name_w = 200
        col_w = min(110, (p.w - 100 - name_w) // max(1, len(cols)))
        x0 = p.x + 50 + name_w
        t.blit(surf, tr("ui.results.player"), (p.x + 64, y), theme.SIZE_SMALL, theme.TEXT_DIM)
        for j, (label, _) in enumerate(cols):
            size = t.fit(label, theme.SIZE_SMALL, col_w - 8)
            t.blit(surf, label, (x0 + j * col_w + col_w // 2, y), size, theme.TEXT_DIM, False,
                   "midtop")
        y += 34
        losers = set(self.deal.get("biggest_losers", [])) if self.deal and not self.final else set()
        for s in order:
            row = pygame.Rect(p.x + 50, y, p.w - 100, 36)
            if s in winners:
                draw.panel(surf, row, theme.ACCENT_DARK, 200, 10, None)
            elif s in losers:
                draw.panel(surf, row, (90, 40, 40), 160, 10, None)
            name, size = t.fit_line(self.name_of(s), theme.SIZE_BODY, name_w - 20, True)
            t.blit(surf, name, (row.x + 14, row.centery), size, theme.TEXT, True, "midleft")
            vals = dict(rows)[s]
            for j, val in enumerate(vals):
                last = j == len(vals) - 1
                t.blit(surf, val, (x0 + j * col_w + col_w // 2, row.centery), theme.SIZE_BODY,
                       theme.GOLD if last or val.startswith("+") else theme.TEXT, last,
                       "center")
            y += 42
        note = self.swap_note()
        if note:
            t.blit(surf, note, (p.centerx, y + 4), t.fit(note, theme.SIZE_TINY, p.w - 60),
                   theme.TEXT_DIM, False, "midtop")
        self.menu.draw(surf, t)


# ---------------------------------------------------------------- cached art
# what the pile part may paint: the top card, four more fanned to the left and turned up to
# 12 degrees, the first one's shadow, the take highlight (the label is added where it is drawn)
_PILE_AREA = pygame.Rect(PILE_C[0] - 48 - 4 * 18 - 20, PILE_C[1] - 67 - 8 - 14,
                         48 + 4 * 18 + 20 + 48 + 10, 67 + 8 + 14 + 67 + 12)
# the bottom seat's table cards: the label above, three slots (lifted, ringed, shadowed)
_OWN_AREA = pygame.Rect(OWN_X - 4, OWN_LABEL_Y - 2, 3 * (OWN_SLOT[0] + 6) + 6,
                        OWN_Y + 26 + OWN_SLOT[1] + 10 - (OWN_LABEL_Y - 2))
_TURNED: dict[tuple[int, int], tuple[gfx.Image, gfx.Image]] = gfx.SurfaceCache()



def _turned(img: gfx.Image, angle: int) -> gfx.Image:
    """`img` rotated by `angle` degrees, kept while `img` is the same image (the pile's
    fanned cards are turned once, not on every redraw)."""
    key = (id(img), angle)
    got = _TURNED.get(key)
    if got is None or got[0] is not img:
        if len(_TURNED) > 400:
            _TURNED.clear()
        got = _TURNED[key] = (img, gfx.rotate(img, angle))
    return got[1]
_VALUES: dict[tuple[Any, ...], gfx.Image] = gfx.SurfaceCache()
_VALUE_FONTS: dict[tuple[Any, ...], int] = gfx.SurfaceCache()  # (locale, value2, pulse)
_STAMPS: dict[tuple[str, str], gfx.Image] = gfx.SurfaceCache()


@gfx.cached(maxsize=1)
def _felt() -> gfx.Image:
    s = draw.felt_table(FELT, ((18, 28, 48), (10, 16, 30)), (38, 78, 70), (0.75, 0.35))

    def ring(lay: gfx.Image) -> None:  # a faint ring around the pile and the value
        r = pygame.Rect(0, 0, 560, 250)
        r.center = ((PILE_C[0] + VALUE_C[0]) // 2 - FELT.x, CENTER_Y - FELT.y)
        gfx.ellipse(lay, (255, 255, 255, 14), r)
        gfx.ellipse(lay, (255, 230, 160, 40), r, 2)
    draw.on_felt(s, FELT, ring)
    return draw.fast(s)


@gfx.cached(maxsize=64)
def _value_ring(ring: tuple[int, int, int], value2: int) -> gfx.Image:
    """The value widget's ring in colour `ring` with its progress arc for `value2` (capped at
    19, the full circle), on the widget's whole surface."""
    r = VALUE_R
    surf = gfx.Surface(VALUE_SURF, pygame.SRCALPHA)
    cx, cy = VALUE_SURF[0] // 2, r + 20
    gfx.circle(surf, (28, 14, 44), (cx, cy + 4), r + 6)
    gfx.circle(surf, (52, 30, 78), (cx, cy), r + 4)
    gfx.circle(surf, ring, (cx, cy), r + 4, 4)
    frac = min(1.0, value2 / 19)
    if frac > 0:
        arc = pygame.Rect(0, 0, 2 * r - 8, 2 * r - 8)
        arc.center = (cx, cy)
        gfx.arc(surf, ring, arc, math.pi / 2 - 2 * math.pi * frac, math.pi / 2, 6)
    return draw.fast(surf)


def _number_width(t: Any, value2: int, fsize: int) -> int:
    """How wide the value widget draws `value2` at `fsize` (a half as a smaller ½)."""
    whole, half = value2 // 2, value2 % 2 == 1
    if half and whole == 0:
        return int(t.size("½", fsize, True)[0])
    if half:
        return int(t.size(str(whole), fsize, True)[0] + t.size("½", int(fsize * 0.5), True)[0]
                   - 4)
    return int(t.size(str(whole), fsize, True)[0])


def _value_pieces(t: Any, value2: int, le5: bool, wanted: str, empty: bool,
                  over: bool = False) -> dict[str, pygame.Rect]:
    """The value widget's pieces on its own surface: ring, restriction badge (not once the
    game is over), 通緝犯 badge."""
    r = VALUE_R
    cx, cy = VALUE_SURF[0] // 2, r + 20
    out = {"ring": pygame.Rect(cx - r - 6, cy - r - 6, 2 * r + 12, 2 * r + 16)}
    if not over:
        lab = tr(EightHalfTableScene._rule_key(value2, le5, empty))
        w, h = t.size(lab, theme.SIZE_SMALL, True)
        out["rule"] = pygame.Rect(0, 0, w, h).inflate(22, 8)
        out["rule"].center = (cx, cy + r + 6)
    if wanted:
        stamp = _stamp_img(t, tr("ui.eight_half.wanted_player", player=wanted))
        out["wanted"] = stamp.get_rect(center=(cx, cy + r + 44))
    return out


def _stamp_img(t: Any, label: str) -> gfx.Image:
    key = (t.locale, label)
    img = _STAMPS.get(key)
    if img is None:
        txt = t.render(label, theme.SIZE_SMALL, (255, 255, 255), True)
        rect = txt.get_rect().inflate(20, 8)
        base = gfx.Surface(rect.size, pygame.SRCALPHA)
        gfx.rect(base, (*theme.DANGER, 235), base.get_rect(), border_radius=8)
        gfx.rect(base, (255, 230, 220), base.get_rect(), 2, border_radius=8)
        base.blit(txt, txt.get_rect(center=base.get_rect().center))
        img = draw.fast(gfx.rotate(base, 6))
        _STAMPS[key] = img
    return img


def _fit_clipped(t: Any, s: str, size: int, width: int) -> tuple[str, int]:
    """`s` at the largest size <= `size` that fits `width`; cut with "…" when even the
    smallest size is too wide."""
    got = t.fit(s, size, width, True)
    if t.size(s, got, True)[0] <= width:
        return s, got
    cut = s
    while len(cut) > 1 and t.size(cut + "…", got, True)[0] > width:
        cut = cut[:-1]
    return cut + "…", got


def _badge_rect(t: Any, center: tuple[int, int], n: int) -> pygame.Rect:
    """The pill of a count badge centred on `center`."""
    w = t.size(str(n), theme.SIZE_TINY, True)[0]
    pill = pygame.Rect(0, 0, max(22, w + 10), 20)
    pill.center = center
    return pill


def _badge(t: Any, surf: gfx.Image, center: tuple[int, int], n: int,
           color: tuple[int, int, int]) -> None:
    """A count on a small round badge."""
    img = t.render(str(n), theme.SIZE_TINY, theme.TEXT, True)
    pill = _badge_rect(t, center, n)
    gfx.rect(surf, color, pill, border_radius=10)
    gfx.rect(surf, (230, 236, 250), pill, 1, border_radius=10)
    surf.blit(img, img.get_rect(center=pill.center))


def _turn_marker(surf: gfx.Image, pos: tuple[int, int], clock: float, up: bool = True
                 ) -> None:
    bob = 3 * math.sin(clock * 5)
    x, y = pos[0], pos[1] + bob
    pts = [(x, y - 9), (x - 10, y + 7), (x + 10, y + 7)] if up else [
        (x, y + 9), (x - 10, y - 7), (x + 10, y - 7)]
    gfx.polygon(surf, theme.GOLD, pts)


# ---------------------------------------------------------------- sample states (--scene)
SAMPLE_SCENES = ("eight_half_wanted", "eight_half_table_cards", "eight_half_swap",
                 "eight_half_deal", "eight_half_last_deal", "eight_half_results")
def open_sample_scene(app: Any, name: str, seed: int | None = None) -> Scene:
    """Open one of SAMPLE_SCENES (`cardtable --scene eight_half_wanted`)."""
    from cardtable.samples.eight_half import sample_match
    kind = name.removeprefix("eight_half_")
    last = kind == "last_deal"  # the last deal's breakdown, before the match result
    match, deal = sample_match("results" if last else kind, seed if seed is not None else 1)
    table = push_sample(app, EightHalfTableScene, match)
    if kind == "deal" or last:
        if last:
            table._finished_shown = True
        return app.push(EightHalfResultsScene(app, table, final=False, deal=deal))
    if kind == "results":
        table._finished_shown = True
        return app.push(EightHalfResultsScene(app, table, final=True))
    return table
