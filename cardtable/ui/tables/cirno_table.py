"""Cirno's arithmetic game at the table: the running total, the limit, direction, DOUBLE duty,
hands, pile, discard, deck, companion cards, target choices, and the log.

Zones (from rules.py events): deck, pile, discard, companion_deck, hand:i, companions:i, used:i,
pick_out:i, passing:i.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from cardtable.core.events import (
    ROUND_STARTED,
    SCORE_CHANGED,
    TURN_STARTED,
    Event,
    zone_name,
    zone_owner,
)
from cardtable.core.game import OMNISCIENT
from cardtable.games.cirno.rules import CirnoView
from cardtable.i18n import has_key, tr
from cardtable.ui import cardart, draw, gfx, theme
from cardtable.ui.anim import Director, FlightSpec, Tween, ease_out_cubic
from cardtable.ui.tables.kit.fan import fan_hits, slot_key, visible_strips
from cardtable.ui.tables.kit.layout import FELT
from cardtable.ui.tables.kit.parts_table import PartsTable
from cardtable.ui.tables.kit.plate import own_plate, plate_panel
from cardtable.ui.tables.kit.seats import seat_tag
from cardtable.ui.tables.kit.shown_hands import layout_shown_hands
from cardtable.ui.tables.kit.tipbox import draw_tip, tip_size
from cardtable.ui.tables.kit.zones import seen_cards
from cardtable.ui.tables.layer_parts import Part
from cardtable.ui.tables.table_scene import Hit, TableScene, Zones

GAME = "cirno"
HAND_CARD = (104, 146)
TABLE_CARD = (96, 134)
MINI = (34, 48)
COMP_CARD = (84, 118)
CENTER_Y = 352
STATUS_Y = 470  # the prompt line's centre
STATUS_BOTTOM = STATUS_Y + 22  # its pill's lower edge (one line of SIZE_BODY)
DECK_C = (140, CENTER_Y)
PILE_C = (290, CENTER_Y)
TOTAL_C = (488, CENTER_Y - 8)
# the prompt line is centred under the total; it may be as wide as the felt allows
STATUS_MAX_W = 2 * min(TOTAL_C[0] - FELT.x, FELT.right - TOTAL_C[0]) - 40
DISCARD_C = (686, CENTER_Y)
CDECK_C = (850, CENTER_Y)
HAND_Y = 548
HAND_CX = 500
SEAT_BOX = (200, 100)
SEAT_BOX_U = (176, 90)
BOTTOM_PLATE = pygame.Rect(26, 560, 170, 128)
# every hand shown: card sizes and steps tried in turn for a hand's strip (side by side, then
# overlapping by a third), and the strip's padding
SHOW_SIZES = (((44, 62), 48), ((40, 56), 44), ((40, 56), 28), ((34, 48), 24))
SHOW_PAD = 6


def _mini_y(box: pygame.Rect) -> int:
    """Top of the mini cards inside a seat box (the narrow boxes of a big table are lower)."""
    return 42 if box.h >= 100 else 38


def _rect_at(center: tuple[int, int], size: tuple[int, int]) -> pygame.Rect:
    r = pygame.Rect(0, 0, *size)
    r.center = center
    return r


class CirnoTableScene(PartsTable, TableScene):
    game_id = GAME
    tip_rect: pygame.Rect | None = None  # where the tooltip went last frame (tests, profiling)

    # ---------------------------------------------------------------- truth
    def zones_from_view(self, view: CirnoView) -> Zones:
        n = view.num_players
        z: Zones = {
            "deck": [None] * view.deck_count,
            "pile": list(view.pile),
            "discard": list(view.discard),
            "companion_deck": [None] * view.companion_deck_count,
        }
        me = view.viewer
        for i in range(n):
            z[f"hand:{i}"] = seen_cards(view.all_hands, view.hand, me, i, view.hand_counts[i])
            z[f"companions:{i}"] = seen_cards(view.all_companions, view.companions, me, i,
                                              view.companion_counts[i])
            z[f"used:{i}"] = list(view.companions_used[i])
        if view.pending_user is not None and view.drawn_count:
            u = view.pending_user
            z[f"pick_out:{u}"] = list(view.drawn) if view.drawn is not None else (
                [None] * view.drawn_count)
        return z

    def prewarm(self) -> None:
        from cardtable.games.cirno.cards import COMPANIONS, ORDER
        from cardtable.ui.tables.table_scene import FLIGHT_SIZE
        sizes = [HAND_CARD, TABLE_CARD, FLIGHT_SIZE] + ([MINI] if self.demo else [])
        for face in ORDER:
            for size in sizes:
                cardart.prepare(GAME, face, size)
            if face in COMPANIONS:
                cardart.prepare(GAME, face, COMP_CARD)
        for size in (HAND_CARD, TABLE_CARD, FLIGHT_SIZE, MINI):
            cardart.back(size)
        _comp_back(COMP_CARD)
        for d in (1, -1):
            _total_base(d, self.app.text)

    def opening_zones(self) -> Zones | None:
        from cardtable.games.cirno.cards import ARITHMETIC, COMPANIONS
        zones: Zones = {z: [] for z in self.zones}
        zones["deck"] = [None] * sum(ARITHMETIC.values())
        zones["companion_deck"] = [None] * sum(COMPANIONS.values())
        self.disp.update(total=0.0, total_int=0, round=0, current=None)
        return zones

    def sync_disp(self, view: CirnoView) -> None:
        self.disp.update(total=float(view.total), total_int=view.total, limit=view.limit,
                         direction=view.direction, current=view.current, duty=view.duty,
                         played=view.played_in_turn, round=view.round_no, pulse=0.0,
                         taken=list(view.taken))

    def taken(self, seat: int) -> int:
        """The companion cards `seat` has taken, as the table shows them now (a loser's count
        goes up as the event is shown, not before)."""
        shown = self.disp.get("taken")
        return shown[seat] if shown is not None and seat < len(shown) else self.v.taken[seat]

    # ---------------------------------------------------------------- layout
    def seat_order(self) -> list[int]:
        """Opponents from the bottom seat's left, over the top, to its right."""
        n = self.info.num_players
        b = self.bottom_seat
        return [(b + i) % n for i in range(1, n)]

    def seat_rect(self, seat: int) -> pygame.Rect:
        """Opponents sit on an arc (up to 4) or, with more, in a U: two up the left side,
        the rest across the top, two down the right side."""
        if seat == self.bottom_seat:
            return BOTTOM_PLATE
        order = self.seat_order()
        k = len(order)
        i = order.index(seat)
        if k <= 4:
            theta = 90.0 if k == 1 else 166 - i * (152 / (k - 1))
            a = math.radians(theta)
            return _rect_at((int(485 + 370 * math.cos(a)), int(266 - 200 * math.sin(a))),
                            SEAT_BOX)
        top = k - 4
        if i < 2:
            return _rect_at((104, 221 - 108 * i), SEAT_BOX_U)
        if i >= 2 + top:
            return _rect_at((868, 113 + 108 * (i - 2 - top)), SEAT_BOX_U)
        x = 485 + int((i - 2 - (top - 1) / 2) * 190)
        return _rect_at((x, 56), SEAT_BOX_U)

    def name_rects(self) -> list[pygame.Rect]:
        """Each plate's name and who sits there, as drawn (flights pass under them)."""
        t = self.app.text
        out = []
        for q in self.seat_order():
            box = self.seat_rect(q)
            tag = seat_tag(self.info.seats[q])
            tag_w = t.size(tag, theme.SIZE_TINY)[0] if tag else 0
            name, size = t.fit_line(self.name_of(q), theme.SIZE_SMALL, box.w - tag_w - 32, True)
            w, h = t.size(name, size, True)
            out.append(pygame.Rect(box.x + 9, box.y + 8, w + 6, h + 4))
            if tag:  # who sits there (電腦（簡單）), right of the name
                th = t.size(tag, theme.SIZE_TINY)[1]
                out.append(pygame.Rect(box.right - 13 - tag_w, box.y + 10, tag_w + 6, th + 4))
        b, box = self.bottom_seat, BOTTOM_PLATE
        name, size = t.fit_line(self.name_of(b), theme.SIZE_BODY, box.w - 28, True)
        w, h = t.size(name, size, True)
        return [*out, pygame.Rect(box.x + 11, box.y + 10, w + 6, h + 4)]

    def marker_side(self, seat: int) -> str:
        """Where the turn marker goes for a seat: below it, or beside it on a U side."""
        if seat == self.bottom_seat:
            return "above"
        box = self.seat_rect(seat)
        if box.size == SEAT_BOX_U and box.centerx < 200:
            return "right"
        if box.size == SEAT_BOX_U and box.centerx > 780:
            return "left"
        return "below"

    # every hand shown (the demo's 顯示所有手牌): each opponent's hand is laid out readably in a
    # strip beside its plate, toward the table's middle, clear of every plate, pile and the
    # running total (the plate's own 34 px fan would overlap to a 6 px sliver)
    def show_all_strips(self) -> dict[int, tuple[pygame.Rect, list[pygame.Rect]]]:
        """seat -> (the strip, its card rects) when every hand is shown, else {}."""
        if self.eff_viewer != OMNISCIENT:
            return {}
        v: CirnoView = self.v
        counts = tuple(len(self.zones.get(f"hand:{s}", [])) if v.active[s] else 0
                       for s in range(self.info.num_players))
        # laid out again only when a strip would change (a strip holds three cards at least)
        counts = tuple(max(3, n) if n else 0 for n in counts)
        key = (self.bottom_seat, counts)
        got = getattr(self, "_strips", None)
        if got is None or got[0] != key:
            got = self._strips = (key, self._layout_strips(counts))
        return got[1]

    def _layout_strips(self, counts: tuple[int, ...]
                       ) -> dict[int, tuple[pygame.Rect, list[pygame.Rect]]]:
        r = TOTAL_R + 34  # the disc with its arrows, and the direction word above it
        keep_free = [BOTTOM_PLATE.inflate(8, 8), _rect_at(TOTAL_C, (2 * r, 2 * r)),
                     _rect_at((TOTAL_C[0], TOTAL_C[1] - TOTAL_R - 38), (110, 24)),
                     pygame.Rect(20, 14, 180, 50),  # the header
                     pygame.Rect(FELT.x, 279, FELT.w, FELT.bottom - 279)]  # piles, prompt, hand
        boxes = {q: self.seat_rect(q) for q in self.seat_order()}
        return layout_shown_hands(boxes, dict(enumerate(counts)), SHOW_SIZES, keep_free,
                                  FELT.inflate(-8, -8), FELT.centerx, SHOW_PAD)

    def hand_rects(self, count: int) -> list[pygame.Rect]:
        if count <= 0:
            return []
        step = min(HAND_CARD[0] + 12, 500 // max(1, count))
        width = step * (count - 1) + HAND_CARD[0]
        x0 = HAND_CX - width // 2
        return [pygame.Rect(x0 + i * step, HAND_Y, *HAND_CARD) for i in range(count)]

    def comp_rects(self, count: int) -> list[pygame.Rect]:
        x0 = 772
        step = min(COMP_CARD[0] + 8, (184 - COMP_CARD[0]) // max(1, count - 1))
        return [pygame.Rect(x0 + i * step, HAND_Y + 30, *COMP_CARD) for i in range(count)]

    def zone_rect(self, zone: str) -> pygame.Rect:
        name, owner = zone_name(zone), zone_owner(zone)
        if name == "deck":
            return _rect_at(DECK_C, TABLE_CARD)
        if name == "pile":
            return _rect_at(PILE_C, TABLE_CARD)
        if name == "discard":
            return _rect_at(DISCARD_C, TABLE_CARD)
        if name == "companion_deck":
            return _rect_at(CDECK_C, COMP_CARD)
        assert owner is not None
        if owner == self.bottom_seat:
            if name == "hand":
                rects = self.hand_rects(len(self.zones.get(zone, [])) + 1)
                return rects[-1]
            if name in ("companions", "used"):
                return pygame.Rect(772, HAND_Y + 30, *COMP_CARD)
            return _rect_at((TOTAL_C[0], CENTER_Y), TABLE_CARD)
        strip = self.show_all_strips().get(owner) if name == "hand" else None
        if strip is not None:  # every hand shown: where the card lands in the strip
            rects = strip[1]
            step = rects[1].x - rects[0].x if len(rects) > 1 else rects[0].w + 4
            return rects[-1].move(step, 0) if rects else strip[0]
        box = self.seat_rect(owner)
        return pygame.Rect(box.x + 12, box.y + _mini_y(box), *MINI)

    # ---------------------------------------------------------------- events
    def game_event(self, ev: Event, director: Director) -> float:
        k = ev.kind
        d = ev.data
        if k == "total_changed":
            old, new = float(d["old"]), float(d["new"])

            def upd(t: float) -> None:
                self.disp["total"] = old + (new - old) * t
                self.disp["pulse"] = 1.0 - t

            def done() -> None:
                self.disp["total_int"] = int(new)
            director.add(Tween(0.45, upd, done, ease=ease_out_cubic))
            return 0.4
        if k == "direction_changed":
            self.disp["direction"] = d["direction"]
            return 0.35
        if k == "limit_changed":
            self.disp["limit"] = d["limit"]
            self.banner = (tr("ui.cirno.banner.twenty", limit=d["limit"]), 1.4, theme.GOLD)
            return 0.9
        if k == "duty_changed":
            self.disp["duty"] = d["duty"]
            self.disp["played"] = d.get("played", 0)
            return 0.1
        if k == TURN_STARTED:
            self.disp.update(current=d["player"], duty=d.get("duty", 1), played=0)
            return 0.15
        if k == "bust":
            self.app.play_sound("bust")
            self.banner = (tr("ui.cirno.banner.bust", player=self.name_of(d["player"]),
                              total=d["total"], limit=d["limit"]), 1.8, theme.DANGER)
            # the round is over: nobody's turn, and no DOUBLE duty left to announce
            self.disp.update(current=None, duty=1, played=0)
            return 1.5
        if k == "round_ended":
            self.disp.update(current=None, duty=1, played=0)
            if not self.over:
                from cardtable.ui.scenes.results import ResultsScene
                # CIRNO-G2: in the sudden death the loser drops out instead of taking a card.
                # The dialog comes once the table has shown the round's end (CIRNO-L1: the
                # loser's companion card has landed and their count went up), so the plate
                # and the dialog say the same; the next round's deal waits under it
                self.hold_dialog(ResultsScene(self.app, self, final=False,
                                              loser=d.get("loser"), round_no=d.get("round"),
                                              loser_key="ui.results.loser.sudden_death"
                                              if d.get("sudden_death") else "ui.results.loser"))
            return 0.2
        if k == SCORE_CHANGED:  # companion cards taken (the plates' 同伴卡 N)
            taken = self.disp.setdefault("taken", [0] * self.info.num_players)
            taken[d["player"]] = d["total"]
            return 0.0
        if k == ROUND_STARTED:
            self.disp.update(round=d["round"], limit=d.get("limit", self.disp.get("limit")),
                             total=0.0, total_int=0, direction=1, current=None, duty=1,
                             played=0)
            return 0.3
        if k == "cards_collected":
            return self._sweep_to_deck(director)
        if k == "companion_used":
            self.app.play_sound("play")
            return 0.3
        return 0.0

    def _sweep_to_deck(self, director: Director) -> float:
        """A new round: every arithmetic card on the table (hands, pile, discard) flies back to
        the deck (as it lay: face up from the piles, as the viewer sees a hand), one group
        flight with a stagger. Returns the wait until the last
        one has landed."""
        zones = self.zones
        deck = self.zone_rect("deck")
        specs: list[FlightSpec] = []
        for z in [z for z in zones if zone_name(z) in ("hand", "pile", "discard")]:
            cards = zones[z]
            if not cards:
                continue
            owner = zone_owner(z)
            if zone_name(z) == "hand" and owner == self.bottom_seat:
                srcs = self.hand_rects(len(cards))
            else:
                srcs = [self.zone_rect(z)] * len(cards)

            def take(z: str = z) -> None:
                if zones[z]:
                    zones[z].pop()

            def land() -> None:
                zones["deck"].append(None)
            # the top card leaves first (the last one is drawn on top)
            specs += [FlightSpec(face, src, deck, take, land)
                      for face, src in reversed(list(zip(cards, srcs, strict=True)))]
        if not specs:
            return 0.2
        return director.fly_group(specs, 0.3, min(0.03, 0.5 / len(specs)))

    # ---------------------------------------------------------------- input
    def table_hits(self) -> list[Hit]:
        me, legal = self.viewer, self.legal
        if me is None or me < 0:
            return []
        hits: list[Hit] = []
        if self.selected is not None:
            face = self.selected_face()
            acts = [a for a in legal if a.card == face and a.kind in ("play", "companion")]
            for a in acts:
                if a.target is not None:
                    hits.append(Hit(self.seat_rect(a.target), [a], f"target:{a.target}"))
            values = [a for a in acts if a.value is not None]
            for i, a in enumerate(values):
                hits.append(Hit(self.choice_rect(i, len(values)), [a], f"value:{a.value}"))
            return hits
        hand = self.zones.get(f"hand:{me}", [])
        hand_kinds = ("play", "give", "discard", "pass")
        # one hit per card: two identical cards are two places to click (and to focus)
        hits += fan_hits(Hit, "hand", hand, self.hand_rects(len(hand)), lambda face: [
            a for a in legal if a.card == face and a.kind in hand_kinds])
        comps = self.zones.get(f"companions:{me}", [])
        hits += fan_hits(Hit, "comp", comps, self.comp_rects(len(comps)), lambda face: [
            a for a in legal if a.card == face and a.kind == "companion"])
        popup = self.popup_cards()
        if popup:
            faces, kind = popup
            hits += fan_hits(Hit, "popup", faces, self.popup_rects(len(faces)), lambda face: [
                a for a in legal if a.card == face and a.kind == kind][:1])
        return hits

    def selected_face(self) -> str | None:
        """The card of the selected hit (`hand:i` / `comp:i` name a slot of the own zones)."""
        if self.selected is None:
            return None
        prefix, _, rest = self.selected.partition(":")
        zone = {"hand": "hand", "comp": "companions"}.get(prefix)
        if zone is None or not rest.isdigit():
            return rest
        cards = self.zones.get(f"{zone}:{self.bottom_seat}", [])
        i = int(rest)
        return cards[i] if i < len(cards) else None

    def popup_cards(self) -> tuple[list[str], str] | None:
        v: CirnoView = self.v
        if v.viewer is None or v.viewer < 0 or v.pending_user != v.viewer:
            return None
        if v.phase == "scoop_take" and v.target_hand is not None:
            return list(v.target_hand), "take"
        if v.phase == "pick_out_keep" and v.drawn is not None:
            return list(v.drawn), "keep"
        return None

    def popup_rects(self, n: int) -> list[pygame.Rect]:
        step = HAND_CARD[0] + 16
        x0 = TOTAL_C[0] - (step * (n - 1) + HAND_CARD[0]) // 2
        # high enough that the popup's panel ends above the prompt line
        return [pygame.Rect(x0 + i * step, CENTER_Y - 84, *HAND_CARD) for i in range(n)]

    def popup_panel(self, n: int) -> pygame.Rect:
        """The panel behind `n` popup cards, with room for its title."""
        rects = self.popup_rects(n)
        return rects[0].unionall(rects).inflate(40, 80).move(0, -10)

    def lesson_zone_rect(self, name: str) -> pygame.Rect | None:
        """The zones a lesson's callout points at beyond the kit's card zones (see
        cardtable.ui.scenes.lesson): "total" (the running total with its arrows and limit),
        "popup" (Scoop's look at a hand, Pick Out's three cards) and the own companion cards
        with their label."""
        if name == "total":
            return _total_rect()
        if name == "popup":
            popup = self.popup_cards()
            return self.popup_panel(len(popup[0]) if popup else 3)
        if zone_name(name) == "companions" and zone_owner(name) == self.bottom_seat:
            rects = self.comp_rects(max(1, len(self.zones.get(name, []))))
            # the cards (with room for a lifted one) and their label above them
            return rects[0].unionall(rects).union(rects[0].move(0, -12)).union(
                pygame.Rect(rects[0].x, HAND_Y, rects[0].w, 1))
        return None

    def choice_rect(self, i: int, n: int) -> pygame.Rect:
        """L or R's direction buttons: under the prompt line (not over it) and above the hand."""
        w = 180
        x0 = TOTAL_C[0] - (n * w + (n - 1) * 20) // 2
        return pygame.Rect(x0 + i * (w + 20), STATUS_BOTTOM + 6, w, 42)

    # ---------------------------------------------------------------- drawing
    # The table layer is made of parts (layer_parts.PartLayer): only the parts whose inputs
    # changed are repainted, with every part they overlap.
    def _parts(self) -> list[Part]:
        v: CirnoView = self.v
        z = self.zones
        hits = self.hits
        hit_keys = frozenset(h.key for h in hits)
        active_key = self.active_key(hits)
        my_turn = bool(hits) or self.selected is not None
        cur = self.disp.get("current")
        b = self.bottom_seat
        show = self.eff_viewer == OMNISCIENT or self.eff_viewer == b
        # (round 0 is the display's state before the opening deal is shown: say round 1)
        shown_round = self.disp.get("round") or v.round_no
        rounds = (tr("ui.cirno.sudden_death") if v.sudden_death else
                  tr("ui.cirno.round", round=shown_round, total=v.num_players)
                  if not v.options.get("advanced") else
                  tr("ui.cirno.round_adv", round=shown_round))
        deck = len(z.get("deck", []))
        cdeck = len(z.get("companion_deck", []))
        pile = z.get("pile", [])
        discard = z.get("discard", [])
        # out of the sudden death: no hand (at the game's end its cards were never collected)
        hand = z.get(f"hand:{b}", []) if v.active[b] else []
        comps = z.get(f"companions:{b}", [])
        status = self._status_text(v, cur)
        out = [Part(*p) for p in [
            ("header", pygame.Rect(20, 14, 180, 50), (rounds,),
             lambda s: self._header(s, rounds)),
            ("deck", pygame.Rect(DECK_C[0] - 62, 279, 124, 166), (deck,),
             lambda s: self._stack(s, DECK_C, deck, TABLE_CARD, None,
                                   tr("cirno.hud.deck", count=deck))),
            ("pile", pygame.Rect(PILE_C[0] - 70, 279, 132, 166), tuple(pile[-3:]),
             lambda s: self._pile(s, PILE_C, pile, tr("ui.cirno.pile"))),
            ("discard", pygame.Rect(DISCARD_C[0] - 70, 279, 132, 166), tuple(discard[-3:]),
             lambda s: self._pile(s, DISCARD_C, discard, tr("ui.cirno.discard"))),
            ("cdeck", pygame.Rect(CDECK_C[0] - 60, 279, 120, 166), (cdeck,),
             lambda s: self._stack(s, CDECK_C, cdeck, COMP_CARD, "companion",
                                   tr("ui.cirno.companion_deck", n=cdeck))),
            ("bottom", BOTTOM_PLATE.inflate(16, 16).move(2, 2), self._bottom_sig(cur),
             lambda s: self._bottom(s, cur)),
            ("hand", pygame.Rect(208, 522, 558, 188),
             (tuple(hand), show, hit_keys, active_key, self.selected, my_turn),
             lambda s: self._hand(s, hand, show, hit_keys, active_key, my_turn)),
            ("comps", pygame.Rect(766, 548, 200, 162),
             (tuple(comps), show, hit_keys, active_key, self.selected),
             lambda s: self._comps(s, comps, show, hit_keys, active_key)),
            ("status", pygame.Rect(TOTAL_C[0] - STATUS_MAX_W // 2, 447, STATUS_MAX_W, 48), status,
             lambda s: self._status(s, status)),
        ]]
        omni = self.eff_viewer == OMNISCIENT
        for seat in self.seat_order():
            h = z.get(f"hand:{seat}", [])
            sig = (tuple(h) if omni else len(h), len(z.get(f"companions:{seat}", [])),
                   len(z.get(f"used:{seat}", [])), self.taken(seat), seat == cur,
                   v.active[seat])
            box = self.seat_rect(seat)
            rect = pygame.Rect(box.x - 2, box.y - 2, box.w + 11, box.h + 12)  # with its shadow
            strip = self.show_all_strips().get(seat)
            if strip is not None:
                rect = rect.union(strip[0].inflate(2, 2))
            out.append(Part(f"seat:{seat}", rect, (*sig, strip[0] if strip else None),
                            lambda s, seat=seat: self._seat(s, seat, cur)))
        return out

    def _felt_image(self) -> gfx.Image:
        return _felt()

    def _header(self, surf: gfx.Image, rounds: str) -> None:
        t = self.app.text
        name = tr("game.cirno.name")
        t.blit(surf, name, (30, 18), t.fit(name, theme.SIZE_SMALL, 166, True), theme.ACCENT, True)
        t.blit(surf, rounds, (30, 42), t.fit(rounds, theme.SIZE_TINY, 166), theme.TEXT_DIM)

    def _hand(self, surf: gfx.Image, hand: list[str | None], show: bool,
              hit_keys: frozenset[str], active_key: str | None, my_turn: bool) -> None:
        for i, (face, rect) in enumerate(zip(hand, self.hand_rects(len(hand)), strict=False)):
            key = slot_key("hand", i)
            lifted = key == active_key or key == self.selected
            r = rect.move(0, -18 if lifted else 0)
            draw.shadow(surf, r, 10, 70)
            if show and face is not None:
                surf.blit(cardart.face(GAME, face, HAND_CARD), r)
                if my_turn and key not in hit_keys and key != self.selected:
                    surf.blit(draw.dim_card(HAND_CARD, 120), r)
                if key in hit_keys or key == self.selected:
                    gfx.rect(surf, theme.HIGHLIGHT, r.inflate(6, 6), 3, border_radius=12)
            else:
                surf.blit(cardart.back(HAND_CARD), r)

    def _comps(self, surf: gfx.Image, comps: list[str | None], show: bool,
               hit_keys: frozenset[str], active_key: str | None) -> None:
        # in the basic game a companion card only counts a failure: shown face down, so its
        # power does not look usable
        advanced = bool(self.v.options.get("advanced"))
        if comps:
            self.app.text.blit(surf, tr("ui.cirno.your_companions" if advanced
                                        else "ui.cirno.your_companions.basic"),
                               (772, HAND_Y + 4), theme.SIZE_TINY, theme.TEXT_DIM)
        for i, (face, rect) in enumerate(zip(comps, self.comp_rects(len(comps)), strict=False)):
            key = slot_key("comp", i)
            lifted = key == active_key or key == self.selected
            r = rect.move(0, -12 if lifted else 0)
            if show and advanced and face is not None:
                surf.blit(cardart.face(GAME, face, COMP_CARD), r)
                if key in hit_keys or key == self.selected:
                    gfx.rect(surf, theme.HIGHLIGHT, r.inflate(6, 6), 3, border_radius=10)
            else:
                surf.blit(_comp_back(COMP_CARD), r)

    def _bottom_sig(self, cur: int | None) -> tuple[Any, ...]:
        v: CirnoView = self.v
        b = self.bottom_seat
        return (b, self.taken(b), v.active[b], b == cur,
                len(self.zones.get(f"companions:{b}", [])), len(self.zones.get(f"used:{b}", [])))

    def _draw_choices(self, surf: gfx.Image) -> None:
        """Popups (Scoop's look at a hand, Pick Out's three cards), L-or-R buttons and target
        highlights: drawn every frame above the total."""
        t = self.app.text
        v: CirnoView = self.v
        hits = self.hits
        hit_keys = {h.key for h in hits}
        active_key = self.active_key(hits)
        popup = self.popup_cards() if self.human_turn() else None
        if popup:
            faces, kind = popup
            rects = self.popup_rects(len(faces))
            box = self.popup_panel(len(faces))
            draw.shadow(surf, box, 16, 90)
            draw.panel(surf, box, theme.PANEL, 245)
            title = (tr("ui.cirno.prompt.take", player=self.name_of(v.pending_target or 0))
                     if kind == "take" else tr("ui.cirno.prompt.keep"))
            t.blit(surf, title, (box.centerx, box.y + 22), theme.SIZE_SMALL, theme.TEXT, True,
                   "center")
            for i, (face, rect) in enumerate(zip(faces, rects, strict=False)):
                key = slot_key("popup", i)
                r = rect.move(0, -10 if key == active_key else 0)
                surf.blit(cardart.face(GAME, face, HAND_CARD), r)
                if key in hit_keys:
                    gfx.rect(surf, theme.HIGHLIGHT, r.inflate(6, 6), 3, border_radius=12)
        if self.selected is not None:
            for h in hits:
                if h.key.startswith("target:"):
                    # the focused / hovered seat stands out from the other offered seats
                    if h.key == active_key:
                        gfx.rect(surf, theme.GOLD, h.rect.inflate(16, 16), 6,
                                 border_radius=18)
                    gfx.rect(surf, theme.HIGHLIGHT, h.rect.inflate(8, 8), 2, border_radius=16)
                elif h.key.startswith("value:"):
                    val = h.key.partition(":")[2]
                    focused = h.key == active_key
                    draw.shadow(surf, h.rect, 12, 70)
                    draw.panel(surf, h.rect, theme.BUTTON_HOVER if focused else theme.BUTTON, 250,
                               12, theme.HIGHLIGHT if focused else theme.PANEL_EDGE)
                    t.blit(surf, tr(f"cirno.prompt.{val}"), h.rect.center, theme.SIZE_BODY,
                           theme.TEXT, True, "center")


    def _stack(self, surf: gfx.Image, c: tuple[int, int], n: int, size: tuple[int, int],
               kind: str | None, label: str) -> None:
        rect = _rect_at(c, size)
        t = self.app.text
        if n <= 0:
            gfx.rect(surf, theme.FELT_DARK, rect, 2, border_radius=10)
        else:
            for i in range(min(4, 1 + n // 8)):
                r = rect.move(-i * 2, -i * 2)
                if i == 0:
                    draw.shadow(surf, r, 10, 60)
                surf.blit(_comp_back(size) if kind == "companion" else cardart.back(size), r)
        t.blit(surf, label, (c[0], rect.bottom + 16), theme.SIZE_TINY, theme.TEXT_DIM, False,
               "center")

    def _pile(self, surf: gfx.Image, c: tuple[int, int], cards: list[str | None],
              label: str) -> None:
        rect = _rect_at(c, TABLE_CARD)
        t = self.app.text
        if not cards:
            gfx.rect(surf, theme.FELT_DARK, rect, 2, border_radius=10)
        else:
            under = cards[-3:]
            for i, face in enumerate(under):
                off = (len(under) - 1 - i)
                r = rect.move(-off * 7, -off * 3)
                if i == 0:
                    draw.shadow(surf, r, 10, 60)
                if face is not None:
                    surf.blit(cardart.face(GAME, face, TABLE_CARD), r)
                else:
                    surf.blit(cardart.back(TABLE_CARD), r)
        t.blit(surf, label, (c[0], rect.bottom + 16), theme.SIZE_TINY, theme.TEXT_DIM, False,
               "center")

    def static_signature(self) -> tuple[Any, ...]:
        return (*super().static_signature(), self.disp.get("round"), self.disp.get("current"),
                self.disp.get("duty"), self.disp.get("played"), self.disp.get("limit"),
                tuple(self.disp.get("taken") or ()))

    def draw_dynamic(self, surf: gfx.Image) -> None:
        self._draw_total(surf)
        cur = self.disp.get("current")
        if cur is not None and self.shown.acting is not None:
            box = self.seat_rect(cur)
            strips = self.show_all_strips()
            if cur in strips and strips[cur][0].top >= box.bottom:
                box = box.union(strips[cur][0])  # pointing at the plate from past its strip
            side = self.marker_side(cur)
            pos = {"above": (box.centerx, box.y - 12), "below": (box.centerx, box.bottom + 10),
                   "right": (box.right + 12, box.centery), "left": (box.x - 12, box.centery)}
            mark = _rect_at(pos[side], (24, 28))
            # (every hand shown: where that would cover a hand, the plate's and its strip's
            # gold edges alone say whose turn it is)
            if not any(mark.colliderect(r) for r, _ in strips.values()):
                self._turn_marker(surf, pos[side], side)
        self._draw_choices(surf)
        super().draw_dynamic(surf)
        self._tooltip(surf)

    # ---------------------------------------------------------------- tooltips
    def _own_cards(self) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
        """The bottom seat's cards that have a tooltip, as (key, the strip the pointer may be
        on, the whole card as drawn): its hand, and its companion cards in the advanced game
        (face down in the basic one, without a power). The strips are the hits' strips."""
        b = self.bottom_seat
        if self.eff_viewer not in (b, OMNISCIENT):
            return []
        out = []
        active = self.active_key(self.hits)
        comps = self.zones.get(f"companions:{b}", []) if self.v.options.get("advanced") else []
        hand = self.zones.get(f"hand:{b}", []) if self.v.active[b] else []
        for prefix, cards, rects, lift in (("hand", hand, self.hand_rects(len(hand)), 18),
                                           ("comp", comps, self.comp_rects(len(comps)), 12)):
            for i, (face, strip, rect) in enumerate(zip(cards, visible_strips(rects), rects,
                                                        strict=False)):
                key = slot_key(prefix, i)
                if face is None or not has_key(f"cirno.card.{face}.desc"):
                    continue
                lifted = key == active or key == self.selected
                out.append((f"{key}:{face}", strip, rect.move(0, -lift if lifted else 0)))
        return out

    def hint_rect(self, hit: Hit) -> pygame.Rect:
        """A hinted own card is ringed whole, as drawn (its hit is the visible strip)."""
        for key, _, card in self._own_cards():
            if key.rsplit(":", 1)[0] == hit.key:
                return card
        return hit.rect

    def tooltip_target(self) -> tuple[str, pygame.Rect] | None:
        """The own card under the pointer (its slot and face: a new card in the same slot is a
        new thing) and the card's rect as drawn."""
        for key, strip, card in self._own_cards():
            if strip.collidepoint(self.mouse):
                return key, card
        return None

    def key_rects(self) -> list[pygame.Rect]:
        """The running total (ring, arrows, limit)."""
        return [_total_rect()]

    def protected_rects(self) -> list[pygame.Rect]:
        """A tooltip never covers the own hand and companion cards, the running total (ring,
        arrows, limit), the prompt line, the last played cards, a popup or the action
        buttons."""
        b = self.bottom_seat
        hand = self.zones.get(f"hand:{b}", [])
        comps = self.zones.get(f"companions:{b}", [])
        out = [*super().protected_rects(),
               *(r.inflate(6, 0).union(r.move(0, -18)) for r in self.hand_rects(len(hand))),
               *(r.union(r.move(0, -12)) for r in self.comp_rects(len(comps))),
               _total_rect(),
               _rect_at(PILE_C, TABLE_CARD).inflate(20, 10),
               _rect_at(DISCARD_C, TABLE_CARD).inflate(20, 10)]
        text, _ = self._status_text(self.v, self.disp.get("current"))
        if text:
            out.append(self._status_rect(text))
        popup = self.popup_cards() if self.human_turn() else None
        if popup:
            out.append(self.popup_panel(len(popup[0])))
        out += [h.rect for h in self.hits if h.key.startswith(("value:", "target:"))]
        # every seat's plate: a card's text over another seat's plate reads as if it were
        # about that seat (and SHOT's or a companion's targets are the plates themselves)
        out += [self.seat_rect(q).inflate(8, 8) for q in self.seat_order()]
        out.append(BOTTOM_PLATE.inflate(8, 8))
        return out

    def _tooltip(self, surf: gfx.Image) -> None:
        """The rule text of the own card the pointer moved onto and rests on (hand or
        companion), placed clear of everything `protected_rects` names."""
        self.tip_rect = None
        target = self.tooltip_ready()
        if target is None:
            return
        key, card = target
        face = key.split(":", 2)[2]
        t = self.app.text
        title = cardart.card_label(GAME, face)
        lines = _wrap_tip(t, tr(f"cirno.card.{face}.desc"))
        self.tip_rect = self.place_tip(tip_size(t, title, lines), card, FELT.inflate(-16, -16),
                                       gap=12)
        draw_tip(surf, t, self.tip_rect, title, lines)

    def _draw_total(self, surf: gfx.Image) -> None:
        """The running total: ring, progress arc, number (pulsing when it changes), limit badge
        and direction arrows. Each part is a cached surface, so a frame only blits."""
        t = self.app.text
        shown = int(round(self.disp.get("total", 0.0)))
        limit = int(self.disp.get("limit", 12))
        d = self.disp.get("direction", 1)
        pulse = round(self.disp.get("pulse", 0.0) * 8) / 8
        twenty = limit == 20 and self.v.options.get("limit", 12) != 20
        danger = shown > limit
        near = not danger and shown >= limit - 3
        ring = theme.DANGER if danger else (theme.GOLD if near else theme.ACCENT)
        cx, cy = TOTAL_C
        surf.blit(_total_base(d, t), _total_base(d, t).get_rect(center=TOTAL_C))
        gfx.circle(surf, ring, TOTAL_C, TOTAL_R + 4, 4)
        arc = _progress_arc(min(1.0, shown / max(1, limit)), ring)
        if arc is not None:
            surf.blit(arc, arc.get_rect(center=TOTAL_C))
        fsize = int(theme.SIZE_HUGE * (1 + 0.25 * pulse))
        color = theme.DANGER if danger else (theme.GOLD if near else theme.TEXT)
        t.blit(surf, str(shown), (cx, cy - 6), fsize, color, True, "center")
        badge = _limit_badge(t, limit, twenty)
        surf.blit(badge, badge.get_rect(center=(cx, cy + TOTAL_R - 4)))

    def _seat(self, surf: gfx.Image, seat: int, cur: int | None) -> None:
        v: CirnoView = self.v
        t = self.app.text
        box = self.seat_rect(seat)
        active = v.active[seat] if seat < len(v.active) else True
        is_cur = seat == cur
        plate_panel(surf, box, is_cur, alpha=240 if active else 140)
        tag = seat_tag(self.info.seats[seat])
        tag_w = t.size(tag, theme.SIZE_TINY)[0] if tag else 0
        if tag:
            t.blit(surf, tag, (box.right - 10, box.y + 12), theme.SIZE_TINY, theme.TEXT_DIM,
                   False, "topright")
        name, size = t.fit_line(self.name_of(seat), theme.SIZE_SMALL, box.w - tag_w - 32, True)
        t.blit(surf, name, (box.x + 12, box.y + 10), size, theme.TEXT if active else
               theme.TEXT_DIM, True)
        advanced = bool(v.options.get("advanced"))
        held = self.zones.get(f"companions:{seat}", [])
        used = self.zones.get(f"used:{seat}", [])
        x = box.right - 12
        # the same words as the own plate's (it said 失分 N here, 同伴卡 N 張 there)
        star = t.blit(surf, tr("ui.cirno.taken", n=self.taken(seat)),
                      (x, box.y + _mini_y(box) + 2),
                      theme.SIZE_TINY, theme.GOLD, True, "topright")
        text_w = star.w
        if advanced:
            s = tr("ui.cirno.held_used", held=len(held), used=len(used))
            # as wide as the hand's fan allows at its tightest (three cards 6 px apart)
            hs = t.fit(s, theme.SIZE_TINY, box.w - 24 - 8 - MINI[0] - 12)
            r = t.blit(surf, s, (x, box.y + _mini_y(box) + 27), hs, theme.TEXT_DIM, False,
                       "topright")
            text_w = max(text_w, r.w)
        # out of the sudden death: "out" where the hand would be (a hand still on its way back
        # to the deck is not drawn under it)
        strip = self.show_all_strips().get(seat)
        # every hand shown: the hand is in its strip, not in the plate's small fan
        hand = self.zones.get(f"hand:{seat}", [])[:6] if active and strip is None else []
        room = box.w - 24 - text_w - 8 - MINI[0]  # the cards fan into what the text leaves
        step = max(6, min(16, room // max(1, len(hand) - 1)))
        omni = self.eff_viewer == OMNISCIENT
        for i, face in enumerate(hand):
            r = pygame.Rect(box.x + 12 + i * step, box.y + _mini_y(box), *MINI)
            if omni and face is not None:
                surf.blit(cardart.face(GAME, face, MINI), r)
            else:
                surf.blit(cardart.back(MINI), r)
        if not active:  # out of the sudden death: no hand, so where the hand would be
            t.blit(surf, tr("ui.cirno.out"), (box.x + 12, box.y + _mini_y(box) + MINI[1] // 2),
                   theme.SIZE_SMALL, theme.DANGER, True, "midleft")
        if strip is not None:
            self._shown_hand(surf, seat, *strip, is_cur)

    def _shown_hand(self, surf: gfx.Image, seat: int, strip: pygame.Rect,
                    rects: list[pygame.Rect], is_cur: bool) -> None:
        """An opponent's hand in its strip when every hand is shown: faces big enough to read,
        side by side (or overlapping by a third at most)."""
        draw.panel(surf, strip, theme.PANEL, 200, 10, theme.GOLD if is_cur else theme.PANEL_EDGE)
        for face, r in zip(self.zones.get(f"hand:{seat}", []), rects, strict=False):
            art = cardart.face(GAME, face, r.size) if face is not None else cardart.back(r.size)
            surf.blit(art, r)

    def _bottom(self, surf: gfx.Image, cur: int | None) -> None:
        t = self.app.text
        v: CirnoView = self.v
        b = self.bottom_seat
        box = BOTTOM_PLATE
        own_plate(surf, t, box, self.name_of(b), seat_tag(self.info.seats[b]), b == cur, 12, 46)
        t.blit(surf, tr("ui.cirno.taken", n=self.taken(b)), (box.x + 14, box.y + 72),
               theme.SIZE_SMALL, theme.GOLD, True)
        if not v.active[b]:
            t.blit(surf, tr("ui.cirno.out"), (box.x + 14, box.y + 98), theme.SIZE_SMALL,
                   theme.DANGER, True)
        elif v.options.get("advanced"):
            held = len(self.zones.get(f"companions:{b}", []))
            used = len(self.zones.get(f"used:{b}", []))
            t.blit(surf, tr("ui.cirno.held_used", held=held, used=used), (box.x + 14, box.y + 100),
                   theme.SIZE_TINY, theme.TEXT_DIM)

    def _turn_marker(self, surf: gfx.Image, pos: tuple[int, int], side: str) -> None:
        """A bobbing gold triangle pointing at the seat whose turn it is."""
        bob = 3 * math.sin(self.clock * 5)
        x, y = pos
        if side in ("above", "below"):
            y += bob
            d = 1 if side == "below" else -1  # the tip points back at the box
            pts = [(x, y - 9 * d), (x - 10, y + 7 * d), (x + 10, y + 7 * d)]
        else:
            x += bob
            d = 1 if side == "right" else -1
            pts = [(x - 9 * d, y), (x + 7 * d, y - 10), (x + 7 * d, y + 10)]
        gfx.polygon(surf, theme.GOLD, pts)

    def _status_text(self, v: CirnoView, cur: int | None) -> tuple[str, tuple[int, int, int]]:
        if cur is None:
            return ("", theme.TEXT)
        name = self.name_of(cur)
        if self.human_turn():
            msg, color = self._prompt(v), theme.HIGHLIGHT
        elif self.thinking():
            msg, color = tr("ui.table.thinking", player=name), theme.TEXT
        else:
            msg, color = tr("ui.table.turn_of", player=name), theme.TEXT
        parts = [msg]
        if self.disp.get("duty") == 2 and v.phase == "play":
            parts.append(tr("ui.cirno.duty", n=int(self.disp.get("played", 0)) + 1))
        return ("　".join(parts), color)

    def _status_size(self, text: str) -> int:
        """The prompt line's text size: smaller when a long name would push it off the felt."""
        return self.app.text.fit(text, theme.SIZE_BODY, STATUS_MAX_W - 28, True)

    def _status_rect(self, text: str) -> pygame.Rect:
        w, h = self.app.text.size(text, self._status_size(text), True)
        return pygame.Rect(0, 0, w, h).inflate(28, 10).move_to(center=(TOTAL_C[0], STATUS_Y))

    def _status(self, surf: gfx.Image, status: tuple[str, tuple[int, int, int]]) -> None:
        text, color = status
        if not text:
            return
        s = self.app.text.render(text, self._status_size(text), color, True)
        rect = self._status_rect(text)
        draw.panel(surf, rect, (10, 30, 40), 200, rect.h // 2, None)
        surf.blit(s, s.get_rect(center=rect.center))

    def _prompt(self, v: CirnoView) -> str:
        if self.selected is not None:
            face = self.selected_face()
            if face == "l_or_r":
                key = "cirno.prompt.l_or_r_direction"
            elif face == "SHOT":
                key = "cirno.prompt.shot_target"
            else:
                key = "cirno.prompt.companion_target"
            return tr("ui.table.prompt_cancel", prompt=tr(key))
        if v.phase == "play" and v.duty == 2 and v.played_in_turn == 1:
            key = "cirno.prompt.play_second"
        else:
            key = f"cirno.prompt.{v.phase}"
        return tr("ui.table.prompt_for", player=self.name_of(v.current or 0), prompt=tr(key))


_TIPS: dict[tuple[str, str], list[str]] = gfx.SurfaceCache(1024)


def _wrap_tip(t: Any, text: str) -> list[str]:
    key = (t.locale, text)
    got = _TIPS.get(key)
    if got is None:
        got = _TIPS[key] = t.wrap(text, theme.SIZE_SMALL, 320)
    return got
TOTAL_R = 82
_BASES: dict[tuple[int, str], gfx.Image] = gfx.SurfaceCache()
_ARCS: dict[tuple[float, tuple[int, int, int]], gfx.Image] = gfx.SurfaceCache()
_BADGES: dict[tuple[int, bool, str], gfx.Image] = gfx.SurfaceCache()


def _total_rect() -> pygame.Rect:
    """The running total with its direction arrows, direction word and limit badge."""
    r = TOTAL_R
    return pygame.Rect(TOTAL_C[0] - r - 36, TOTAL_C[1] - r - 50, 2 * r + 72, 2 * r + 76)


def _total_base(d: int, t: Any) -> gfx.Image:
    """Disc, direction arrows and the direction word (per direction and locale)."""
    key = (d, t.locale)
    got = _BASES.get(key)
    if got is not None:
        return got
    r = TOTAL_R
    size = 2 * (r + 60)
    surf = gfx.Surface((size, size), pygame.SRCALPHA)
    cx = cy = size // 2
    gfx.circle(surf, (12, 36, 50), (cx, cy + 4), r + 6)
    gfx.circle(surf, (20, 52, 72), (cx, cy), r + 4)
    arc = pygame.Rect(0, 0, 2 * r + 44, 2 * r + 44)
    arc.center = (cx, cy)
    for start in (math.radians(200), math.radians(20)):
        end = start + math.radians(110)
        gfx.arc(surf, (150, 220, 250), arc, start, end, 3)
        a = start if d == 1 else end  # the arrowhead at the end of travel (screen clockwise
        px, py = cx + (r + 22) * math.cos(a), cy - (r + 22) * math.sin(a)  # for direction +1)
        tang = a - math.pi / 2 if d == 1 else a + math.pi / 2
        tip = (px + 12 * math.cos(tang), py - 12 * math.sin(tang))
        b1 = (px + 7 * math.cos(a), py - 7 * math.sin(a))
        b2 = (px - 7 * math.cos(a), py + 7 * math.sin(a))
        gfx.polygon(surf, (150, 220, 250), [tip, b1, b2])
    word = tr("cirno.hud.direction.cw") if d == 1 else tr("cirno.hud.direction.ccw")
    t.blit(surf, word, (cx, cy - r - 38), theme.SIZE_TINY, (150, 220, 250), False, "center")
    got = _BASES[key] = draw.fast(surf)
    return got


def _progress_arc(frac: float, color: tuple[int, int, int]) -> gfx.Image | None:
    if frac <= 0:
        return None
    key = (round(frac, 3), color)
    got = _ARCS.get(key)
    if got is None:
        r = TOTAL_R
        surf = gfx.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        rect = pygame.Rect(0, 0, 2 * r - 6, 2 * r - 6)
        rect.center = (r, r)
        gfx.arc(surf, color, rect, math.pi / 2 - 2 * math.pi * frac, math.pi / 2, 6)
        if len(_ARCS) > 300:
            _ARCS.clear()
        got = _ARCS[key] = draw.fast(surf)
    return got


def _limit_badge(t: Any, limit: int, twenty: bool) -> gfx.Image:
    key = (limit, twenty, t.locale)
    got = _BADGES.get(key)
    if got is None:
        lab = tr("ui.cirno.limit_twenty" if twenty else "cirno.hud.limit", limit=limit)
        text = t.render(lab, theme.SIZE_SMALL, theme.TEXT_DARK, True)
        rect = text.get_rect().inflate(22, 8)
        surf = gfx.Surface(rect.size, pygame.SRCALPHA)
        gfx.rect(surf, theme.GOLD if limit == 20 else (220, 236, 250), surf.get_rect(),
                 border_radius=rect.h // 2)
        surf.blit(text, text.get_rect(center=surf.get_rect().center))
        got = _BADGES[key] = draw.fast(surf)
    return got


@gfx.cached(maxsize=1)
def _felt() -> gfx.Image:
    s = draw.felt_table(FELT, ((18, 28, 48), (10, 16, 30)), theme.FELT, (0.75, 0.35))
    draw.on_felt(s, FELT, lambda lay: draw.snowflake(
        lay, (TOTAL_C[0] - FELT.x, TOTAL_C[1] - FELT.y), 150, (200, 240, 255, 18), 6))
    return draw.fast(s)


_CBACK: dict[tuple[int, int], gfx.Image] = gfx.SurfaceCache()


def _comp_back(size: tuple[int, int]) -> gfx.Image:
    """The back of a companion card (lavender with a snowflake)."""
    s = _CBACK.get(size)
    if s is None:
        s = cardart._blank(size, (120, 96, 170))
        w, h = size
        draw.snowflake(s, (w / 2, h / 2), min(w, h) * 0.3, (240, 230, 255), max(1, w // 30))
        s = draw.fast(s)
        _CBACK[size] = s
    return s

