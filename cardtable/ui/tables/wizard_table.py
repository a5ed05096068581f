"""Wizard (神機妙算) at the table: the trick in the middle (lead marked, the card winning so far
outlined), the trump indicator (turned-up card, no trump, or the dealer's choice after a Wizard),
every seat's bid, tricks won, total and the dealer badge, the bidding panel (0..r, values the
+-1 rule forbids disabled), the trump-suit choice, the trick sweep to its winner, a round
summary between rounds, and a button that opens the score pad.

Variants: hidden / secret bids show "?" for bids the viewer may not see yet (the view says which);
in the forehead round the viewer's own card is a back and the others' cards are face up.

Zones (rules.py events, with the trick split per seat so each card lies in front of its player):
deck (or deck:i in single colour), trump, hand:i, trick:i, won:i.
"""

from __future__ import annotations

import math
from collections.abc import Set as AbstractSet
from typing import Any

import pygame

from cardtable.core.events import (
    CARD_MOVED,
    PHASE_CHANGED,
    ROUND_STARTED,
    SCORE_CHANGED,
    TURN_STARTED,
    Event,
    zone_name,
    zone_owner,
)
from cardtable.core.game import OMNISCIENT
from cardtable.games.wizard.cards import (
    BACK,
    JESTER,
    SUITS,
    WIZARD,
    suit_of,
    trick_winner,
)
from cardtable.games.wizard.rules import WizardView
from cardtable.i18n import tr
from cardtable.ui import art_wizard, cardart, draw, gfx, theme
from cardtable.ui.anim import Director, Flight, FlightSpec
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.tables.kit.dialog import dialog_panel, game_over_heading
from cardtable.ui.tables.kit.fan import fan_hits, fan_rects, slot_key
from cardtable.ui.tables.kit.parts import draw_parts, highlights
from cardtable.ui.tables.kit.prompt import turn_line
from cardtable.ui.tables.kit.sample import push_table
from cardtable.ui.tables.kit.seats import others_from, seat_tag
from cardtable.ui.tables.layer_parts import TEXT_SLACK, Part, PartLayer
from cardtable.ui.tables.table_scene import Hit, TableScene, Zones
from cardtable.ui.widgets import Button

GAME = "wizard"
FELT = pygame.Rect(12, 12, 960, 696)
HAND_CARD = (96, 134)
TRICK_CARD = (80, 112)
TABLE_CARD = (80, 112)
MINI = (32, 45)
FOREHEAD_CARD = (36, 50)  # an opponent's one card in the forehead round (plate space allows)
CHIP, CHIP_GAP, CHIP_STEP = (22, 22), 4, 17  # show-all hands: rank chips (art_wizard)
CENTER = (500, 318)
DECK_C = (78, 352)
TRUMP_C = (172, 352)
HAND_Y = 552
HAND_X0, HAND_X1 = 214, 962
SEAT_BOX = (206, 112)
BOTTOM_PLATE = pygame.Rect(22, 548, 182, 150)
PAD_BUTTON = pygame.Rect(818, 24, 140, 40)
STATUS_Y = 500
TRICK_RX, TRICK_RY = 208, 102  # the ellipse the trick cards lie on (clear of every plate)
SWEEP_DELAY = 0.65  # a finished trick is held this long (the winning card outlined)
SWEEP_FLIGHT, SWEEP_STAGGER = 0.4, 0.04  # then its cards are gathered, one after another
DEAL_FLIGHT, DEAL_STAGGER = 0.32, 0.09  # the deal: each card this long after the previous


def _readable(color: tuple[int, int, int]) -> tuple[int, int, int]:
    """A suit colour lightened enough to read as text on a dark plate."""
    return tuple(int(c + (255 - c) * 0.35) for c in color[:3])  # type: ignore[return-value]


def _shadowed(r: pygame.Rect) -> pygame.Rect:
    """`r` with the shadow `draw.shadow` casts under it (3 px right, 5 down, 4 px wider)."""
    return r.union(pygame.Rect(r.x - 1, r.y + 1, r.w + 8, r.h + 8))


def _text_rect(t: Any, text: str, pos: tuple[int, int], size: int, bold: bool = False,
               anchor: str = "topleft") -> pygame.Rect:
    """Where `t.blit(…, text, pos, size, …, bold, anchor)` paints (with the slack of text
    rasterized at another density)."""
    r = pygame.Rect((0, 0), t.size(text, size, bold))
    setattr(r, anchor, pos)
    r.w += TEXT_SLACK
    return r


def _rect_at(center: tuple[float, float], size: tuple[int, int]) -> pygame.Rect:
    r = pygame.Rect(0, 0, *size)
    r.center = (int(center[0]), int(center[1]))
    return r


def _is_deal(ev: Event) -> bool:
    """A card dealt from a deck (the shared one, or single colour's own) into a hand."""
    return ev.kind == CARD_MOVED and zone_name(ev.data["src"]) == "deck" and \
        zone_name(ev.data["dst"]) == "hand"


def suit_name(suit: str | None) -> str:
    return tr(f"wizard.suit.{suit}") if suit else tr("wizard.trump.none")


def play_prompt(v: WizardView) -> str:
    """What the viewer may play to the trick in progress (WIZ-F1), in words: lead anything;
    after a led Wizard anything; after Jesters only, anything (the first other card sets the
    suit); after a suit, that suit if held (Wizards and Jesters always), else anything.
    Single colour has no suit to follow."""
    if v.options.get("single_colour"):
        return tr("wizard.prompt.play")
    faces = [c for _, c in v.trick]
    if not faces:
        return tr("wizard.prompt.play_lead")
    first = next((f for f in faces if f != JESTER), None)
    if first is None:
        return tr("wizard.prompt.play_after_jesters")
    if first == WIZARD:
        return tr("wizard.prompt.play_after_wizard")
    suit = v.led_suit
    if suit is not None and any(suit_of(f) == suit for f in v.hand or ()):
        return tr("wizard.prompt.play_follow", suit=suit_name(suit))
    return tr("wizard.prompt.play_void", suit=suit_name(suit))


class WizardTableScene(TableScene):
    game_id = GAME

    def __init__(self, app: Any, link: Any, demo: bool = False, watch: bool = False,
                 **kw: Any) -> None:
        self._layer_parts = PartLayer()
        self._zoom_at: tuple[Any, pygame.Rect] | None = None  # the forehead zoom's place
        self.pad_button = Button(PAD_BUTTON, lambda: tr("ui.wizard.pad_button"), self.open_pad,
                                 size=theme.SIZE_SMALL)
        super().__init__(app, link, demo, watch, **kw)
        # keyboard bids of two digits (play test item 6): the digits typed so far, the move
        # count they were typed at (a stale entry from an earlier turn is dropped), and a
        # refusal shown in the bid dialog until the table clock passes its end
        self._typed: tuple[str, int] = ("", -1)
        self._bid_refusal: tuple[str, float] = ("", 0.0)

    @staticmethod
    def seat_choice_look(suit: str) -> tuple[tuple[int, int, int], str]:
        """The setup's swatch of a single-colour suit (WIZ-V1): its colour and its name."""
        return art_wizard.suit_color(suit), tr(f"wizard.suit.{suit}.short")

    def seat_colour(self, seat: int) -> str | None:
        """WIZ-V1 single colour: the suit `seat` plays (from the view), None otherwise."""
        suits = self.v.seat_suits
        return suits[seat] if suits is not None and seat < len(suits) else None

    def colour_chip_rect(self, seat: int) -> pygame.Rect | None:
        """Where `seat`'s plate shows its single-colour suit (None: no suit to show): a
        swatch with the suit's name, left of the seat's name."""
        if self.seat_colour(seat) is None:
            return None
        box = self.seat_rect(seat)
        if seat == self.bottom_seat:
            return pygame.Rect(box.x + 12, box.y + 12, 26, 26)
        # clear of the dealer badge that sits over the plate's top edge
        return pygame.Rect(box.x + 10, box.y + 11, 20, 20)

    def _colour_chip(self, surf: gfx.Image, seat: int) -> int:
        """Draw `seat`'s suit swatch; the x where its name starts after it."""
        r = self.colour_chip_rect(seat)
        suit = self.seat_colour(seat)
        if r is None or suit is None:
            return self.seat_rect(seat).x + (14 if seat == self.bottom_seat else 12)
        gfx.rect(surf, art_wizard.suit_color(suit), r, border_radius=5)
        gfx.rect(surf, (240, 240, 240), r, 1, border_radius=5)
        ink = theme.TEXT_DARK if suit == "y" else theme.TEXT  # legible on the yellow too
        self.app.text.blit(surf, tr(f"wizard.suit.{suit}.short"), r.center, theme.SIZE_TINY
                           if r.h >= 26 else 13, ink, True, "center")
        return r.right + 6

    @staticmethod
    def options_error(options: dict[str, Any], num_players: int) -> str | None:
        """Why the setup's options cannot start a game (None when they can): WIZ-V1 single
        colour is for 3-4 players and does not combine with forehead."""
        if options.get("single_colour") and num_players > 4:
            return tr("wizard.option.error.single_colour_players")
        if options.get("single_colour") and options.get("forehead"):
            return tr("wizard.option.error.forehead_single_colour")
        return None

    # ---------------------------------------------------------------- truth
    def zones_from_view(self, view: WizardView) -> Zones:
        n = view.num_players
        z: Zones = {}
        if view.options.get("single_colour"):
            for q in range(n):
                z[f"deck:{q}"] = [None] * view.deck_counts[q]
        else:
            z["deck"] = [None] * view.deck_counts[0]
        z["trump"] = [view.trump_card] if view.trump_card is not None else []
        me = view.viewer
        for q in range(n):
            if view.all_hands is not None:
                hand: list[str | None] = list(view.all_hands[q])
            elif me == q and view.hand is not None:
                hand = [None if c == BACK else c for c in view.hand]
            elif view.seen_hands[q] is not None:
                hand = list(view.seen_hands[q] or ())
            else:
                hand = [None] * view.hand_counts[q]
            z[f"hand:{q}"] = hand
            z[f"trick:{q}"] = []
            z[f"won:{q}"] = [None] * view.tricks[q]
        for q, face in view.trick:
            z[f"trick:{q}"] = [face]
        if view.phase == "game_over" and not view.trick:
            # the final board: the game's last trick stays where it was played
            for q, face in self._last_trick():
                z[f"trick:{q}"] = [face]
        return z

    def _last_trick(self) -> list[tuple[int, str]]:
        """The cards of the last trick won in the match (public), with their players."""
        for ev in reversed(self.logs.get(self.eff_viewer, ())):
            if ev.kind == "trick_won":
                return [(int(q), str(c)) for q, c in ev.data["cards"]]
        return []

    def opening_zones(self) -> Zones | None:
        """A fresh match starts with every card in the deck(s) (the opening deal animates)."""
        v: WizardView = self.v
        z = self.zones_from_view(v)
        for k in list(z):
            if zone_name(k) != "deck":
                z[k] = []
        total = sum(len(z[k]) for k in z if zone_name(k) == "deck")
        dealt = sum(v.hand_counts) + (1 if v.trump_card is not None else 0)
        if "deck" in z:
            z["deck"] = [None] * (total + dealt)
        else:
            for q in range(v.num_players):
                z[f"deck:{q}"] = [None] * (len(z[f"deck:{q}"]) + v.hand_counts[q])
        self.disp.update(bids=[None] * v.num_players, made=[False] * v.num_players,
                         tricks=[0] * v.num_players, trump=None, trump_card=None,
                         trump_reason=None, phase="deal")
        return z

    def sync_disp(self, view: WizardView) -> None:
        trick_order = [q for q, _ in view.trick]
        reason = None
        if view.options.get("single_colour"):
            reason = "single_colour"
        elif view.trump_card is None:
            reason = "last_round"
        elif view.phase == "trump":
            reason = "choosing"
        elif view.trump_card == "N":
            reason = "jester"
        elif view.trump_card == "Z":
            reason = "wizard_choice"
        else:
            reason = "card"
        self.disp.update(
            round=view.round_no, rounds=view.num_rounds, dealer=view.dealer, cards=view.cards,
            trump=view.trump, trump_card=view.trump_card, trump_reason=reason,
            phase=view.phase, current=view.current, bids=list(view.bids),
            made=list(view.bid_made), tricks=list(view.tricks), totals=list(view.totals),
            lead=view.trick[0][0] if view.trick else view.leader, order=trick_order,
            winner=None)
        if view.phase == "game_over" and not view.trick:
            last = self._last_trick()  # the final board shows the last trick and its winner
            won = next((ev.data["winner"] for ev in reversed(self.logs.get(self.eff_viewer, ()))
                        if ev.kind == "trick_won"), None)
            self.disp.update(order=[q for q, _ in last], lead=last[0][0] if last else None,
                             winner=won)

    # ---------------------------------------------------------------- layout
    def seat_order(self) -> list[int]:
        return others_from(self.bottom_seat, self.info.num_players)

    def name_rects(self) -> list[pygame.Rect]:
        """Each plate's name and who sits there, as drawn (flights pass under them)."""
        t = self.app.text
        out = []
        for q in self.seat_order():
            box = self.seat_rect(q)
            tw, th = t.size(self._seat_tag(q), theme.SIZE_TINY)
            tag_x = box.right - 10 - tw
            name, size = t.fit_line(self.name_of(q), theme.SIZE_SMALL,
                                    tag_x - 8 - (box.x + 12), True)
            w, h = t.size(name, size, True)
            out.append(pygame.Rect(box.x + 9, box.y + 6, w + 6, h + 4))
            out.append(pygame.Rect(tag_x - 3, box.y + 8, tw + 6, th + 4))  # who sits there
        b, box = self.bottom_seat, BOTTOM_PLATE
        name, size = t.fit_line(self.name_of(b), theme.SIZE_BODY, box.w - 28, True)
        w, h = t.size(name, size, True)
        return [*out, pygame.Rect(box.x + 11, box.y + 8, w + 6, h + 4)]

    def seat_rect(self, seat: int) -> pygame.Rect:
        if seat == self.bottom_seat:
            return BOTTOM_PLATE
        k = len(self.seat_order())
        i = self.seat_order().index(seat)
        a = math.radians(self.seat_angle(seat))
        cx = CENTER[0] + 370 * math.cos(a)
        cy = 276 - 204 * math.sin(a)
        if k >= 4 and i in (0, k - 1):
            cy += 14
        return _rect_at((cx, cy), SEAT_BOX)

    def seat_angle(self, seat: int) -> float:
        """The seat's direction from the table centre, degrees (bottom seat 270)."""
        if seat == self.bottom_seat:
            return 270.0
        order = self.seat_order()
        k = len(order)
        return 90.0 if k == 1 else 166 - order.index(seat) * (152 / (k - 1))

    def trick_rect(self, seat: int) -> pygame.Rect:
        """Each card of the trick lies in front of its player, on an ellipse round the centre."""
        a = math.radians(self.seat_angle(seat))
        if seat == self.bottom_seat:
            return _rect_at((CENTER[0], CENTER[1] + 100), TRICK_CARD)
        return _rect_at((CENTER[0] + TRICK_RX * math.cos(a), CENTER[1] - TRICK_RY * math.sin(a)),
                        TRICK_CARD)

    def sweep_rect(self, winner: int) -> pygame.Rect:
        """Where a won trick's cards fly: gathered, small, on the winner's own trick spot, so
        that no card crosses a plate on its way (the count on the plate goes up as they land)."""
        return _rect_at(self.trick_rect(winner).center, MINI)

    def hand_rects(self, count: int) -> list[pygame.Rect]:
        """The own hand: side by side (10 px apart) between HAND_X0 and HAND_X1, overlapping
        evenly when they do not fit."""
        return fan_rects(count, (HAND_X0 + HAND_X1) // 2, HAND_Y, HAND_CARD, HAND_X1 - HAND_X0,
                         gap=10)

    def mini_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        box = self.seat_rect(seat)
        width = box.w - 24 - 64
        step = min(MINI[0] + 3, (width - MINI[0]) // max(1, count - 1)) if count > 1 else 0
        return [pygame.Rect(box.x + 12 + i * step, box.y + 35, *MINI) for i in range(count)]

    def forehead_card(self, seat: int) -> tuple[str, pygame.Rect] | None:
        """The face-up card on an opponent's plate in the forehead round (their only card,
        which the viewer sees and they do not) and where it is drawn; None otherwise."""
        if seat == self.bottom_seat or not self.v.forehead_round:
            return None
        hand = self.zones.get(f"hand:{seat}", [])
        if len(hand) != 1 or hand[0] is None:
            return None
        box = self.seat_rect(seat)
        return hand[0], pygame.Rect(box.x + 12, box.y + 33, *FOREHEAD_CARD)

    def zone_rect(self, zone: str, coming: int = 0) -> pygame.Rect:
        """Where a card lands in `zone` (after `coming` cards already on their way there)."""
        name, owner = zone_name(zone), zone_owner(zone)
        if name == "deck" and owner is None:
            return _rect_at(DECK_C, TABLE_CARD)
        if name == "trump":
            return _rect_at(TRUMP_C, TABLE_CARD)
        assert owner is not None
        if name == "trick":
            return self.trick_rect(owner)
        if owner == self.bottom_seat:
            if name == "hand":
                return self.hand_rects(len(self.zones.get(zone, [])) + coming + 1)[-1]
            return _rect_at(BOTTOM_PLATE.center, MINI)
        if name == "hand":
            rects = self.mini_rects(owner, len(self.zones.get(zone, [])) + coming + 1)
            return rects[-1]
        box = self.seat_rect(owner)
        return _rect_at((box.right - 30, box.centery), MINI)

    # ---------------------------------------------------------------- events
    def _card_moved(self, ev: Event, director: Director) -> float:
        """Cards played to the trick land in front of their player (trick:i)."""
        if ev.data.get("dst") == "trick":
            owner = zone_owner(ev.data["src"])
            ev = Event(ev.kind, {**ev.data, "dst": f"trick:{owner}"}, ev.secret, ev.audience)
        return super()._card_moved(ev, director)

    def move_stream(self, ev: Event) -> str | None:
        """A round's deal flies as one group stream, every card to the slot it will take in
        its hand."""
        return "deal" if _is_deal(ev) else None

    def stream_pace(self, run: Any) -> tuple[float, float, str | None]:
        return DEAL_FLIGHT, DEAL_STAGGER, "deal"

    def game_event(self, ev: Event, director: Director) -> float:
        k = ev.kind
        d = ev.data
        disp = self.disp
        n = self.info.num_players
        if k == CARD_MOVED:
            if d["dst"] == "trick" or zone_name(d["dst"]) == "trick":
                p = zone_owner(d["src"])
                order = disp.setdefault("order", [])
                if not order:
                    disp["lead"] = p
                order.append(p)
            if d["dst"] == "trump":
                disp["trump_card"] = d.get("card")
            return 0.0
        if k == "trick_won":
            return self._sweep(ev, director)
        if k == TURN_STARTED:
            disp["current"] = d["player"]
            if not disp.get("order"):
                if disp.get("phase") == "play":
                    disp["lead"] = d["player"]
            return 0.12
        if k == PHASE_CHANGED:
            disp["phase"] = d["phase"]
            if d["phase"] == "trump":
                disp["trump_reason"] = "choosing"
            return 0.1
        if k == "trump_set":
            disp["trump"] = d.get("trump")
            disp["trump_reason"] = d.get("reason")
            if d.get("reason") == "wizard_choice":
                self.banner = (tr("ui.wizard.banner.trump_chosen",
                                  player=self.name_of(d.get("player", 0)),
                                  suit=suit_name(d.get("trump"))), 1.3, theme.ACCENT_DARK)
                return 1.0
            return 0.4
        if k == "bid_placed":
            p = d["player"]
            bids = disp.setdefault("bids", [None] * n)
            made = disp.setdefault("made", [False] * n)
            bids[p] = d.get("value")
            made[p] = True
            if all(made):
                # WIZ-B1: the last bid is in, so the first bidder leads; say so now, not after
                # the reveal and the phase change (their turn_started comes last)
                # (the view is this batch's end, still in this round: its bid_start)
                disp["current"] = self.v.bid_start
            self.app.play_sound("play")
            return 0.35
        if k == "bids_revealed":
            disp["bids"] = list(d["bids"])
            disp["made"] = [True] * n
            return 0.6
        if k == SCORE_CHANGED:
            totals = disp.setdefault("totals", [0] * n)
            totals[d["player"]] = d["total"]
            return 0.0
        if k == "round_scored":
            disp["bids"] = list(d["bids"])
            if not self.over or d["round"] < self.disp.get("rounds", 0):
                # over the round's last trick; the next round's deal waits until it is closed
                # (and no wait after it: the held trick and its 「X 贏得這一墩」 go at once)
                self.push_dialog(WizardRoundScene(self.app, self, d))
            disp["current"] = None  # the round is over: nobody's turn until the next one's
            return 0.0
        if k == ROUND_STARTED:
            disp.update(round=d["round"], dealer=d["dealer"], cards=d["cards"],
                        bids=[None] * n, made=[False] * n, tricks=[0] * n, trump=None,
                        trump_card=None, trump_reason=None, order=[], winner=None,
                        phase="deal", current=None)  # nobody's turn while the cards are dealt
            return 0.3
        if k == "cards_collected":
            disp.update(winner=None, order=[], current=None, lead=None)
            deck = d["zone"]
            if not any(zone_name(z) in ("hand", "trick", "won", "trump") and self.zones[z]
                       for z in self.zones):
                self.zones[deck] = [None] * d["count"]
                return 0.0
            for z in list(self.zones):
                if zone_name(z) in ("hand", "trick", "won", "trump"):
                    self.zones[z] = []
            self.zones[deck] = [None] * d["count"]
            return 0.2
        return 0.0

    def _sweep(self, ev: Event, director: Director) -> float:
        """Hold the finished trick a moment (winning card outlined), then sweep it to the
        winner's spot as one group flight; the winner's count goes up as the first lands.
        A round's last trick is not swept: it stays until the next round collects it."""
        d = ev.data
        winner = d["winner"]
        self.disp["winner"] = winner
        n = self.info.num_players
        dst = self.sweep_rect(winner)
        tricks = self.disp.setdefault("tricks", [0] * n)
        if d.get("trick_no", 0) >= self.disp.get("cards", 0) > 0:
            # the round's last trick stays on the table (winner outlined) under the round
            # dialog, which can be put aside to look at it; the next round collects it
            tricks[winner] += 1
            self.zones.setdefault(f"won:{winner}", []).extend([None] * len(d["cards"]))
            return SWEEP_DELAY
        specs = []
        for i, (q, face) in enumerate(d["cards"]):
            def take(z: str = f"trick:{q}") -> None:
                self.zones[z] = []
                self.disp["winner"] = None
                self.disp["order"] = []

            def land(w: int = winner, first: bool = i == 0) -> None:
                self.zones.setdefault(f"won:{w}", []).append(None)
                if first:
                    tricks[w] += 1
            specs.append(FlightSpec(face, self.trick_rect(q), dst, take, land))
        self.app.play_sound("deal")
        return director.fly_group(specs, SWEEP_FLIGHT, SWEEP_STAGGER, SweepFlight,
                                  delay=SWEEP_DELAY) + 0.1

    # ---------------------------------------------------------------- input
    def table_hits(self) -> list[Hit]:
        me = self.viewer
        if me is None or me < 0:
            return []
        legal = self.legal
        hits: list[Hit] = []
        bids = [a for a in legal if a.kind == "bid"]
        if bids:
            rects = self.bid_rects(self.disp.get("cards", 0) + 1)
            for a in bids:
                assert isinstance(a.value, int)
                hits.append(Hit(rects[a.value], [a], f"bid:{a.value}"))
            return hits
        trumps = [a for a in legal if a.kind == "trump"]
        if trumps:
            rects = self.suit_rects()
            for a in trumps:
                hits.append(Hit(rects[SUITS.index(str(a.value))], [a], f"trump:{a.value}"))
            return hits
        plays = [a for a in legal if a.kind == "play"]
        hand = self.zones.get(f"hand:{me}", [])
        rects = self.hand_rects(len(hand))
        if hand and all(f is None for f in hand):
            # forehead round: the own card is unseen; the one legal play names it
            if plays:
                hits.append(Hit(rects[0], plays[:1], slot_key("hand", 0)))
            return hits
        # one hit per card slot (two Wizards are two hits), on the strip of it in sight
        return fan_hits(Hit, "hand", hand, rects,
                        lambda face: [a for a in plays if a.card == face][:1])

    def lesson_zone_rect(self, name: str) -> pygame.Rect | None:
        """The zones a lesson's callout points at beyond the kit's card zones (see
        cardtable.ui.scenes.lesson): "bids" (the bid panel: its buttons, title and the +-1
        rule's line) and "scores" (the score pad's button)."""
        if name == "bids":
            cards = int(self.disp.get("cards", 0))
            return self._bid_box(cards, frozenset(h.key for h in self.hits))
        if name == "scores":
            return pygame.Rect(self.pad_button.rect)
        return None

    def bid_rects(self, count: int) -> list[pygame.Rect]:
        per_row = count if count <= 11 else (count + 1) // 2
        size, gap = 48, 8
        out = []
        for i in range(count):
            row, col = divmod(i, per_row)
            in_row = min(per_row, count - row * per_row)
            w = in_row * size + (in_row - 1) * gap
            x0 = CENTER[0] - w // 2
            out.append(pygame.Rect(x0 + col * (size + gap), CENTER[1] - 10 + row * (size + gap),
                                   size, size))
        return out

    def suit_rects(self) -> list[pygame.Rect]:
        w, gap = 104, 12
        x0 = CENTER[0] - (4 * w + 3 * gap) // 2
        return [pygame.Rect(x0 + i * (w + gap), CENTER[1] - 4, w, 58) for i in range(4)]

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                PAD_BUTTON.collidepoint(event.pos):
            self.open_pad()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                not self.director.busy:
            bids = self.bid_hits()
            if bids:
                rects = self.bid_rects(self.disp.get("cards", 0) + 1)
                value = next((k for k, r in enumerate(rects) if r.collidepoint(event.pos)), None)
                if value is not None and f"bid:{value}" not in bids:
                    self.refuse_bid(value)
                    return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_t:
                self.open_pad()
                return None
            digit = _digit(event.key)
            if not self.director.busy and (digit is not None or self.typed_bid):
                bids = self.bid_hits()
                if not bids:
                    self._typed = ("", -1)
                elif digit is not None:
                    self.type_bid_digit(digit, bids)
                    return None
                elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    self.commit_bid(int(self.typed_bid), bids)
                    return None
                elif event.key in (pygame.K_BACKSPACE, pygame.K_ESCAPE):
                    self._typed = ("", -1)
                    return None
        return super().handle_event(event)

    # ---------------------------------------------------------------- bids by keyboard
    @property
    def typed_bid(self) -> str:
        """The digits of a two-digit bid typed so far ("" when none is pending)."""
        digits, at = self._typed
        return digits if at == self.seq else ""

    def bid_hits(self) -> dict[str, Hit]:
        """The bid dialog's choices by key ("bid:3"), empty when no bid is asked for."""
        return {h.key: h for h in self.current_hits() if h.key.startswith("bid:")}

    def type_bid_digit(self, digit: int, bids: dict[str, Hit]) -> None:
        """A digit key in the bid dialog. With 10 or more cards a first digit that can start a
        larger legal value (digit * 10 <= cards) waits for a second one; Enter commits it
        alone, Backspace / Esc clear it. Any other digit commits at once."""
        cards = int(self.disp.get("cards", 0))
        typed = self.typed_bid
        if typed:
            value = int(typed + str(digit))
            if value > cards:
                self.refuse_bid(value)
                return
            self._typed = ("", -1)
            self.commit_bid(value, bids)
            return
        if cards >= 10 and 0 < digit and digit * 10 <= cards:
            self._typed = (str(digit), self.seq)
            return
        self.commit_bid(digit, bids)

    def commit_bid(self, value: int, bids: dict[str, Hit]) -> None:
        self._typed = ("", -1)
        hit = bids.get(f"bid:{value}")
        if hit is None:
            self.refuse_bid(value)
            return
        self._bid_refusal = ("", 0.0)
        self.choose(hit)

    def refuse_bid(self, value: int) -> None:
        """Say in the bid dialog why `value` cannot be bid (WIZ +-1 rule, or out of range)."""
        cards = int(self.disp.get("cards", 0))
        msg = (tr("ui.wizard.bid_out_of_range", cards=cards) if value > cards else
               tr("wizard.prompt.bid_forbidden", value=value))
        self._bid_refusal = (msg, self.clock + 2.5)

    def timer_due(self) -> float | None:
        """The bid refusal goes away after its time."""
        until = self._bid_refusal[1]
        return until - self.clock if self._bid_refusal[0] and self.clock < until else None

    def bid_refusal(self) -> str:
        msg, until = self._bid_refusal
        return msg if self.clock < until else ""

    def open_pad(self) -> None:
        from cardtable.games.wizard.scorepad import pad_from_view
        from cardtable.ui.scenes.scorepad import ScorePadScene
        names = [self.name_of(p) for p in range(self.info.num_players)]
        view = self.view()
        pad = pad_from_view(view, names)
        self.app.push(ScorePadScene(self.app, pad, editable=False,
                                    bids_hidden=not view.bids_public))

    def results_scene(self) -> WizardResultsScene:
        return WizardResultsScene(self.app, self, final=True)

    # ---------------------------------------------------------------- what is shown
    def shown_bid(self, seat: int) -> int | None:
        """The bid drawn for `seat` (None: not placed, or not visible to this viewer)."""
        bids = self.disp.get("bids") or []
        return bids[seat] if seat < len(bids) else None

    def bid_text(self, seat: int) -> str:
        made = self.disp.get("made") or []
        b = self.shown_bid(seat)
        if b is not None:
            return tr("wizard.hud.bid", bid=b)
        if seat < len(made) and made[seat]:
            return tr("wizard.hud.bid_unknown")
        return tr("wizard.hud.bid_waiting")

    # ---------------------------------------------------------------- drawing
    def static_signature(self) -> tuple[Any, ...]:
        d = self.disp
        return (*super().static_signature(), d.get("round"), d.get("current"), d.get("phase"),
                d.get("trump"), d.get("trump_card"), d.get("trump_reason"), d.get("lead"),
                d.get("winner"), tuple(d.get("bids") or ()), tuple(d.get("made") or ()),
                tuple(d.get("tricks") or ()), tuple(d.get("totals") or ()),
                tuple(d.get("order") or ()), self.human_turn(), self.typed_bid,
                self.bid_refusal())

    def draw_table(self, surf: gfx.Image) -> None:
        """The table as parts (header, deck and trump, bid sum, each seat, the bottom seat, the
        trick, the led suit, the hand, the prompt, the bid or trump panel); only the parts
        whose inputs changed are repainted (layer_parts)."""
        draw_parts(self, surf, _felt())

    def _parts(self) -> list[Part]:
        t = self.app.text
        v: WizardView = self.v
        hit_keys, active_key = highlights(self)
        d, z = self.disp, self.zones
        cur = d.get("current") if self.shown.acting is not None else None
        parts: list[Part] = []

        lines = self._header_lines(v)
        rect = _text_rect(t, *lines[0][:4])
        for line in lines[1:]:
            rect.union_ip(_text_rect(t, *line[:4]))
        parts.append(Part("header", rect, tuple(lines),
                          lambda surf: self._header(surf, lines)))

        deck = z.get("deck")
        reason = d.get("trump_reason")
        sig = (None if deck is None else len(deck), tuple(z.get("trump", [])), reason,
               d.get("trump"), d.get("dealer") if reason == "choosing" else None)
        parts.append(Part("deck_trump", self._deck_and_trump_rect(), sig,
                          self._deck_and_trump))
        sig = (tuple(d.get("made") or ()), tuple(d.get("bids") or ()), d.get("cards", 0))
        parts.append(Part("bid_sum", pygame.Rect(958 - 190, 392, 190 + TEXT_SLACK, 58), sig,
                          self._bid_sum))
        for seat in self.seat_order():
            parts.append(Part(f"seat:{seat}", self._plate_rect(seat), self._plate_sig(seat, cur),
                              lambda surf, seat=seat: self._seat(surf, seat, cur)))
        b = self.bottom_seat
        parts.append(Part("bottom", self._plate_rect(b), self._plate_sig(b, cur),
                          lambda surf: self._bottom(surf, cur)))

        # the trick: a part per spot (a card played repaints its spot, and the spot of the
        # card it beats), then the winner's pill over them
        n = self.info.num_players
        lead, best = d.get("lead"), self._trick_best()
        waiting = d.get("phase") == "play" and not self._trick_order()
        for q in range(n):
            top = tuple(z.get(f"trick:{q}", ()))[-1:]
            sig = (self.trick_rect(q), top, q == lead, q == best, waiting)
            parts.append(Part(f"trick:{q}", self._trick_spot_rect(q), sig,
                              lambda surf, q=q, best=best, waiting=waiting:
                              self._trick_spot(surf, q, best, waiting)))
        pill = self._takes_pill()
        if pill is not None:
            parts.append(Part("takes", pill[1], pill, lambda surf, pill=pill:
                              self._takes(surf, *pill)))
        suit = self._led_suit()
        if suit is not None:
            parts.append(Part("led", pygame.Rect(958 - 190, 384 - 36, 190 + TEXT_SLACK, 36),
                              suit, lambda surf: self._led(surf, suit)))

        hand = z.get(f"hand:{b}", [])
        hand_keys = tuple(sorted(k for k in hit_keys if k.startswith("hand:")))
        hint = self.v.forehead_round and b == self.viewer and bool(hand)
        sig = (tuple(hand), hand_keys, active_key if active_key in hand_keys else None, hint)
        parts.append(Part("hand", self._hand_area(len(hand), hint), sig,
                          lambda surf: self._hand(surf, hit_keys, active_key)))

        status = self._status_layout(v, cur)
        if status is not None:
            msg, color, size, rect = status
            parts.append(Part("status", rect, (msg, color, size),
                              lambda surf: self._status(surf, msg, color, size, rect)))
        if any(k.startswith("bid:") for k in hit_keys):
            cards = self.disp.get("cards", 0)
            sig = ("bid", cards, hit_keys, active_key, self.typed_bid, self.bid_refusal())
            box = self._bid_box(cards, hit_keys)
            parts.append(Part("panel", _shadowed(box), sig,
                              lambda surf: self._bid_panel(surf, hit_keys, active_key)))
        elif any(k.startswith("trump:") for k in hit_keys):
            sig = ("trump", hit_keys, active_key)
            parts.append(Part("panel", _shadowed(self._trump_box()), sig,
                              lambda surf: self._trump_panel(surf, hit_keys, active_key)))
        return parts

    def on_scale_changed(self) -> None:
        self._layer_parts.reset()
        super().on_scale_changed()

    def _header_lines(self, v: WizardView
                      ) -> list[tuple[str, tuple[int, int], int, bool, tuple[int, int, int]]]:
        """The game's name, the round, the cards each and the variants in play: (text, pos,
        size, bold, colour) each."""
        d = self.disp
        lines = [(tr("game.wizard.name"), (34, 24), theme.SIZE_SMALL, True, theme.ACCENT),
                 (tr("wizard.hud.round", round=d.get("round", v.round_no),
                     rounds=d.get("rounds", v.num_rounds)), (34, 50), theme.SIZE_TINY, False,
                  theme.TEXT_DIM),
                 (tr("wizard.hud.cards", cards=d.get("cards", v.cards)), (34, 70),
                  theme.SIZE_TINY, False, theme.TEXT_DIM)]
        variants = [tr(f"wizard.option.{o}") for o in ("plus_minus_one", "hidden_bids",
                                                         "secret_bids", "forehead",
                                                         "single_colour")
                    if v.options.get(o)]
        for i, name in enumerate(variants):
            lines.append((name, (34, 92 + 20 * i), theme.SIZE_TINY, False, theme.GOLD))
        return lines

    def _header(self, surf: gfx.Image, lines: list[Any]) -> None:
        t = self.app.text
        for text, pos, size, bold, color in lines:
            t.blit(surf, text, pos, size, color, bold)

    def _deck_and_trump_rect(self) -> pygame.Rect:
        """Everything `_deck_and_trump` may paint: the deck's stack and count, the trump card,
        the indicator box and the reason under it."""
        t = self.app.text
        d = self.disp
        r = _rect_at(DECK_C, TABLE_CARD)
        trump = _rect_at(TRUMP_C, TABLE_CARD)
        rect = _shadowed(r).union(r.move(-6, -6)).union(_shadowed(trump))
        deck = self.zones.get("deck")
        if deck is not None:
            rect.union_ip(_text_rect(t, tr("ui.wizard.deck", n=len(deck)),
                                     (DECK_C[0], r.bottom + 14), theme.SIZE_TINY, False,
                                     "center"))
        box = pygame.Rect(0, 0, 176 + TEXT_SLACK, 58)
        box.x = int((DECK_C[0] + TRUMP_C[0]) / 2) - 88
        box.y = trump.bottom + 30
        rect.union_ip(box)
        reason = d.get("trump_reason")
        if reason in ("wizard_choice", "jester", "last_round", "single_colour"):
            rect.union_ip(_text_rect(t, tr(f"ui.wizard.trump_reason.{reason}"),
                                     (box.x + 88, box.bottom + 12), theme.SIZE_TINY, False,
                                     "center"))
        return rect

    def _plate_rect(self, seat: int) -> pygame.Rect:
        """A seat's plate with its shadow and, on the dealer's, the dealer badge."""
        box = self.seat_rect(seat)
        rect = _shadowed(box)
        if seat == self.disp.get("dealer"):
            w, h = self.app.text.size(tr("wizard.hud.dealer"), theme.SIZE_TINY, True)
            if seat == self.bottom_seat:
                pos = (box.right - 30, box.y - 2)
            else:
                pos = (box.x + 30, box.y - 2 if box.y > 40 else box.bottom + 9)
            badge = pygame.Rect(0, 0, w, h)
            badge.center = pos
            rect.union_ip(badge.inflate(16, 6))
        return rect

    def _plate_sig(self, seat: int, cur: int | None) -> tuple[Any, ...]:
        d = self.disp
        shown = self.forehead_card(seat)
        return (seat == cur, seat == d.get("dealer"), self.bid_text(seat), self.shown_bid(seat),
                (d.get("tricks") or [0] * (seat + 1))[seat],
                (d.get("totals") or [0] * (seat + 1))[seat],
                tuple(self.zones.get(f"hand:{seat}", [])), shown[0] if shown else None)

    def _hand_area(self, count: int, hint: bool) -> pygame.Rect:
        """Everything the hand part may paint: each card raised or not, with its shadow and
        highlight, and the forehead round's hint right of it."""
        rects = self.hand_rects(count)
        if not rects:
            return pygame.Rect(HAND_X0, HAND_Y, 1, 1)
        first, last = rects[0], rects[-1]
        span = first.union(last)
        rect = _shadowed(span).union(span.move(0, -18).inflate(6, 6)).union(span.inflate(6, 6))
        if hint:
            t = self.app.text
            text = tr("ui.wizard.forehead_own")
            pos = self.forehead_hint_pos(count)
            size = t.fit(text, theme.SIZE_TINY, HAND_X1 - pos[0], True)
            rect.union_ip(_text_rect(t, text, pos, size, True, "midleft"))
        return rect

    def _deck_and_trump(self, surf: gfx.Image) -> None:
        t = self.app.text
        d = self.disp
        deck = self.zones.get("deck")
        if deck is not None:
            rect = _rect_at(DECK_C, TABLE_CARD)
            if deck:
                for i in range(min(4, 1 + len(deck) // 12)):
                    r = rect.move(-i * 2, -i * 2)
                    if i == 0:
                        draw.shadow(surf, r, 10, 60)
                    surf.blit(art_wizard.back_face(TABLE_CARD), r)
            else:
                gfx.rect(surf, theme.FELT_DARK, rect, 2, border_radius=10)
            t.blit(surf, tr("ui.wizard.deck", n=len(deck)), (DECK_C[0], rect.bottom + 14),
                   theme.SIZE_TINY, theme.TEXT_DIM, False, "center")
        rect = _rect_at(TRUMP_C, TABLE_CARD)
        trump_zone = self.zones.get("trump", [])
        reason = d.get("trump_reason")
        if trump_zone and trump_zone[-1] is not None:
            draw.shadow(surf, rect, 10, 60)
            surf.blit(cardart.face(GAME, trump_zone[-1], TABLE_CARD), rect)
        elif reason != "single_colour":  # single colour turns no card up: no empty place
            gfx.rect(surf, theme.FELT_DARK, rect, 2, border_radius=10)
        # the indicator under the card: trump suit, no trump, or the dealer choosing
        trump = d.get("trump")
        box = pygame.Rect(0, 0, 176, 58)
        box.midtop = (int((DECK_C[0] + TRUMP_C[0]) / 2), rect.bottom + 30)
        draw.panel(surf, box, (10, 30, 40), 215, 12, None)
        t.blit(surf, tr("ui.wizard.trump_title"), (box.x + 12, box.y + 6), theme.SIZE_TINY,
               theme.TEXT_DIM)
        if reason == "choosing":
            label = tr("ui.wizard.trump_choosing", player=self.name_of(d.get("dealer", 0)))
            color = theme.GOLD
        elif trump:
            label = suit_name(trump)
            color = art_wizard.suit_color(trump)
        elif reason is None:
            label = "…"
            color = theme.TEXT_DIM
        else:
            label = tr("wizard.trump.none")
            color = theme.TEXT
        if trump:
            chip = pygame.Rect(box.x + 12, box.y + 32, 16, 16)
            gfx.rect(surf, color, chip, border_radius=4)
            gfx.rect(surf, (240, 240, 240), chip, 1, border_radius=4)
            t.blit(surf, label, (box.x + 36, box.y + 40), theme.SIZE_SMALL, theme.TEXT, True,
                   "midleft")
        else:
            size = t.fit(label, theme.SIZE_SMALL, box.w - 24, True)
            t.blit(surf, label, (box.x + 12, box.y + 40), size, color, True, "midleft")
        if reason in ("wizard_choice", "jester", "last_round", "single_colour"):
            key = f"ui.wizard.trump_reason.{reason}"
            t.blit(surf, tr(key), (box.centerx, box.bottom + 12), theme.SIZE_TINY,
                   theme.TEXT_DIM, False, "center")

    def _bid_sum(self, surf: gfx.Image) -> None:
        d = self.disp
        made = d.get("made") or []
        if not any(made):
            return
        bids = d.get("bids") or []
        known = [b for b in bids if b is not None]
        t = self.app.text
        cards = d.get("cards", 0)
        if len(known) == len(made) and all(made):
            s = sum(known)
            text = tr("wizard.hud.bid_sum", sum=s, cards=cards)
            diff = s - cards
            extra = (tr("wizard.pad.over_bid", n=diff) if diff > 0 else
                     tr("wizard.pad.under_bid", n=-diff) if diff < 0 else
                     tr("ui.wizard.even_bid"))
        else:
            text = tr("ui.wizard.bids_so_far", made=sum(1 for m in made if m), n=len(made))
            extra = ""
        box = pygame.Rect(0, 0, 190, 58 if extra else 36)
        box.topright = (958, 392)
        draw.panel(surf, box, (10, 30, 40), 215, 12, None)
        t.blit(surf, text, (box.x + 12, box.y + 8), t.fit(text, theme.SIZE_SMALL, box.w - 20,
                                                          True), theme.TEXT, True)
        if extra:
            t.blit(surf, extra, (box.x + 12, box.y + 34), theme.SIZE_TINY, theme.TEXT_DIM)

    def _seat_tag(self, seat: int) -> str:
        return seat_tag(self.info.seats[seat])

    def _dealer_badge(self, surf: gfx.Image, pos: tuple[int, int]) -> None:
        t = self.app.text
        s = t.render(tr("wizard.hud.dealer"), theme.SIZE_TINY, theme.TEXT_DARK, True)
        r = s.get_rect(center=pos).inflate(14, 4)
        gfx.rect(surf, theme.GOLD, r, border_radius=r.h // 2)
        surf.blit(s, s.get_rect(center=r.center))

    def _bid_line(self, surf: gfx.Image, seat: int, x: int, y: int, right: int) -> None:
        t = self.app.text
        d = self.disp
        bid = self.shown_bid(seat)
        tricks = (d.get("tricks") or [0] * (seat + 1))[seat]
        text = self.bid_text(seat)
        color = theme.TEXT if bid is not None else theme.TEXT_DIM
        t.blit(surf, text, (x, y), theme.SIZE_TINY, color, True)
        won = tr("wizard.hud.tricks", tricks=tricks)
        hit = bid is not None and tricks == bid
        over = bid is not None and tricks > bid
        wcolor = theme.OK if hit else (theme.DANGER if over else theme.TEXT)
        t.blit(surf, won, (right, y), theme.SIZE_TINY, wcolor, True, "topright")

    def _seat(self, surf: gfx.Image, seat: int, cur: int | None) -> None:
        t = self.app.text
        d = self.disp
        box = self.seat_rect(seat)
        is_cur = seat == cur
        draw.shadow(surf, box, 14, 60)
        draw.panel(surf, box, theme.PANEL_LIGHT if is_cur else theme.PANEL, 240, 14,
                   theme.GOLD if is_cur else theme.PANEL_EDGE)
        total = (d.get("totals") or [0] * (seat + 1))[seat]
        tt = tr("ui.wizard.points", total=total)
        chips = self.face_chips(seat)
        if chips is not None:
            # every face shown (show all): the chips take the plate's width, the total goes
            # where the seat's kind was
            tag = t.blit(surf, tt, (box.right - 12, box.y + 8), theme.SIZE_SMALL, theme.GOLD,
                         True, "topright")
        else:
            tag = t.blit(surf, self._seat_tag(seat), (box.right - 10, box.y + 10),
                         theme.SIZE_TINY, theme.TEXT_DIM, False, "topright")
        nx = self._colour_chip(surf, seat)
        name, size = t.fit_line(self.name_of(seat), theme.SIZE_SMALL, tag.x - 8 - nx, True)
        t.blit(surf, name, (nx, box.y + 8), size, theme.TEXT, True)
        hand = self.zones.get(f"hand:{seat}", [])
        shown = self.forehead_card(seat)
        if chips is not None:
            self._chips(surf, chips)
            self._bid_line(surf, seat, box.x + 12, box.bottom - 26, box.right - 12)
            if seat == d.get("dealer"):
                self._dealer_badge(surf, (box.x + 30, box.y - 2 if box.y > 40 else
                                          box.bottom + 9))
            return
        if shown is not None:
            # the forehead round: this card is all the viewer knows before bidding, so it is
            # drawn larger and named in words beside it (a play test: 32x45 was unreadable)
            face, r = shown
            surf.blit(cardart.face(GAME, face, FOREHEAD_CARD), r)
            label = cardart.card_label(GAME, face)
            suit = suit_of(face)
            color = art_wizard.suit_color(suit) if suit else theme.TEXT
            lx = r.right + 10
            size = t.fit(label, theme.SIZE_BODY, box.right - 64 - lx, True)
            t.blit(surf, label, (lx, r.centery), size, _readable(color), True, "midleft")
        else:
            for face, r in zip(hand, self.mini_rects(seat, len(hand)), strict=False):
                if face is not None:
                    surf.blit(cardart.face(GAME, face, MINI), r)
                else:
                    surf.blit(art_wizard.back_face(MINI), r)
        t.blit(surf, tt, (box.right - 12, box.y + 40), theme.SIZE_SMALL, theme.GOLD, True,
               "topright")
        self._bid_line(surf, seat, box.x + 12, box.bottom - 26, box.right - 12)
        if seat == d.get("dealer"):
            y = box.y - 2 if box.y > 40 else box.bottom + 9  # clear of the bid line
            self._dealer_badge(surf, (box.x + 30, y))

    def face_chips(self, seat: int) -> list[tuple[str, pygame.Rect]] | None:
        """An opponent's hand as rank chips when every face of it may be drawn (show all, a
        watched replay): one or two rows across the plate, each chip's rank in sight at
        ≥ 13 px (32x45 thumbnails were unreadable, a play test). None: backs, or the
        forehead round's card."""
        if seat == self.bottom_seat or self.forehead_card(seat) is not None:
            return None
        hand = self.zones.get(f"hand:{seat}", [])
        if not hand or any(f is None for f in hand):
            return None
        box = self.seat_rect(seat)
        area = pygame.Rect(box.x + 12, box.y + 36, box.w - 24, 2 * CHIP[1] + CHIP_GAP)
        n = len(hand)
        fits = n == 1 or (area.w - CHIP[0]) // (n - 1) >= CHIP_STEP
        per_row = n if fits else -(-n // 2)
        step = min(CHIP[0] + CHIP_GAP, (area.w - CHIP[0]) // max(1, per_row - 1))
        y0 = area.centery - CHIP[1] // 2 if fits else area.y
        return [(face, pygame.Rect(area.x + (i % per_row) * step,
                                   y0 + (i // per_row) * (CHIP[1] + CHIP_GAP), *CHIP))
                for i, face in enumerate(hand)]

    def chip_label(self, face: str) -> str:
        return art_wizard.chip_label(face)

    def chip_strip(self, chips: list[tuple[str, pygame.Rect]], i: int) -> pygame.Rect:
        """The part of chip `i` in sight (a later chip lies over its right)."""
        r = chips[i][1]
        nxt = chips[i + 1][1] if i + 1 < len(chips) else None
        if nxt is not None and nxt.y == r.y and nxt.x < r.right:
            return pygame.Rect(r.x, r.y, nxt.x - r.x, r.h)
        return r

    def _chips(self, surf: gfx.Image, chips: list[tuple[str, pygame.Rect]]) -> None:
        for face, r in chips:  # faces through cardart.face (the privacy spies watch it)
            surf.blit(cardart.face(GAME, face, CHIP), r)

    def _bottom(self, surf: gfx.Image, cur: int | None) -> None:
        t = self.app.text
        d = self.disp
        b = self.bottom_seat
        box = BOTTOM_PLATE
        is_cur = b == cur
        draw.shadow(surf, box, 14, 60)
        draw.panel(surf, box, theme.PANEL_LIGHT if is_cur else theme.PANEL, 240, 14,
                   theme.GOLD if is_cur else theme.PANEL_EDGE)
        nx = self._colour_chip(surf, b)
        name, size = t.fit_line(self.name_of(b), theme.SIZE_BODY, box.right - 14 - nx, True)
        t.blit(surf, name, (nx, box.y + 10), size, theme.TEXT, True)
        t.blit(surf, self._seat_tag(b), (box.x + 14, box.y + 42), theme.SIZE_TINY,
               theme.TEXT_DIM)
        total = (d.get("totals") or [0] * (b + 1))[b]
        t.blit(surf, tr("wizard.hud.total", total=total), (box.x + 14, box.y + 68),
               theme.SIZE_SMALL, theme.GOLD, True)
        self._bid_line(surf, b, box.x + 14, box.y + 102, box.right - 14)
        if b == d.get("dealer"):
            self._dealer_badge(surf, (box.right - 30, box.y - 2))

    def _trick_order(self) -> list[int]:
        return [q for q in (self.disp.get("order") or []) if self.zones.get(f"trick:{q}")]

    def _trick_best(self) -> int | None:
        """The seat whose card takes the trick so far (outlined), or the trick's winner."""
        d = self.disp
        if d.get("winner") is not None:
            return int(d["winner"])
        order = self._trick_order()
        faces = [self.zones[f"trick:{q}"][-1] for q in order]
        if faces and all(f is not None for f in faces):
            return order[trick_winner([f for f in faces if f is not None], d.get("trump"),
                                      bool(self.v.options.get("single_colour")))]
        return None

    def _trick_spot(self, surf: gfx.Image, q: int, best: int | None, waiting: bool) -> None:
        """Seat `q`'s spot of the trick: its card (outlined while it takes the trick) and
        the lead badge, or the empty lead spot outlined while the lead is awaited."""
        t = self.app.text
        lead = self.disp.get("lead")
        r = self.trick_rect(q)
        cards = self.zones.get(f"trick:{q}", [])
        if not cards:
            if q == lead and waiting:
                gfx.rect(surf, theme.GOLD, r, 2, border_radius=10)
                t.blit(surf, tr("wizard.hud.lead"), r.center, theme.SIZE_SMALL, theme.GOLD,
                       True, "center")
            return
        face = cards[-1]
        draw.shadow(surf, r, 10, 70)
        if face is not None:
            surf.blit(cardart.face(GAME, face, TRICK_CARD), r)
        else:
            surf.blit(art_wizard.back_face(TRICK_CARD), r)
        if q == best:
            gfx.rect(surf, theme.HIGHLIGHT, r.inflate(8, 8), 3, border_radius=12)
        if q == lead:
            s = t.render(tr("wizard.hud.lead"), theme.SIZE_TINY, theme.TEXT_DARK, True)
            if r.centery < CENTER[1]:  # the badge goes on the side facing the centre
                br = s.get_rect(midtop=(r.centerx, r.bottom + 4)).inflate(12, 2)
            else:
                br = s.get_rect(midbottom=(r.centerx, r.y - 4)).inflate(12, 2)
            gfx.rect(surf, theme.ACCENT, br, border_radius=br.h // 2)
            surf.blit(s, s.get_rect(center=br.center))

    def _takes(self, surf: gfx.Image, msg: str, rr: pygame.Rect) -> None:
        s = self.app.text.render(msg, theme.SIZE_BODY, theme.TEXT, True)
        draw.panel(surf, rr, theme.ACCENT_DARK, 235, rr.h // 2, theme.HIGHLIGHT)
        surf.blit(s, s.get_rect(center=rr.center))

    def _takes_pill(self) -> tuple[str, pygame.Rect] | None:
        """「X 贏得這一墩」 over the centre while a finished trick is held: text and rect."""
        winner = self.disp.get("winner")
        if winner is None:
            return None
        msg = tr("ui.wizard.takes_trick", player=self.name_of(winner))
        w, h = self.app.text.size(msg, theme.SIZE_BODY, True)
        rr = pygame.Rect(0, 0, w, h)
        rr.center = (CENTER[0], CENTER[1] + 12)
        return msg, rr.inflate(28, 12)

    def _led_suit(self) -> str | None:
        """The suit led in the trick on the table (None: none yet, or single colour)."""
        from cardtable.games.wizard.cards import led_suit
        order = [q for q in (self.disp.get("order") or []) if self.zones.get(f"trick:{q}")]
        led = [f for q in order if (f := self.zones[f"trick:{q}"][-1]) is not None]
        suit = led_suit(led) if led else None
        return None if self.v.options.get("single_colour") else suit

    def _led(self, surf: gfx.Image, suit: str) -> None:
        text = tr("wizard.hud.led_suit", suit=suit_name(suit))
        s = self.app.text.render(text, theme.SIZE_SMALL, theme.TEXT, True)
        box = pygame.Rect(0, 0, 190, 36)
        box.bottomright = (958, 384)
        draw.panel(surf, box, (10, 30, 40), 215, 12, None)
        chip = pygame.Rect(box.x + 12, box.centery - 8, 16, 16)
        gfx.rect(surf, art_wizard.suit_color(suit), chip, border_radius=4)
        surf.blit(s, s.get_rect(midleft=(chip.right + 10, box.centery)))

    def _trick_spot_rect(self, q: int) -> pygame.Rect:
        """Everything seat `q`'s trick spot may paint: the card, its shadow and winner
        outline, the lead badge on either side."""
        t = self.app.text
        bw, bh = t.size(tr("wizard.hud.lead"), theme.SIZE_TINY, True)
        r = self.trick_rect(q)
        got = _shadowed(r).union(r.inflate(8, 8))
        for y in (r.bottom + 4, r.y - 4 - bh):
            got.union_ip(pygame.Rect(r.centerx - bw // 2 - 6, y - 1, bw + 12 + TEXT_SLACK,
                                     bh + 2))
        return got

    def hint_rect(self, hit: Hit) -> pygame.Rect:
        """A hinted hand card is ringed where it is drawn (lifted while highlighted)."""
        if hit.key.startswith("hand:") and hit.key == self.active_key(self.hits):
            return hit.rect.move(0, -18)
        return hit.rect

    def _hand(self, surf: gfx.Image, hit_keys: AbstractSet[str], active_key: str | None
              ) -> None:
        b = self.bottom_seat
        hand = self.zones.get(f"hand:{b}", [])
        show = self.eff_viewer in (b, OMNISCIENT)
        my_turn = bool(hit_keys) and any(k.startswith("hand:") for k in hit_keys)
        for i, (face, rect) in enumerate(zip(hand, self.hand_rects(len(hand)), strict=False)):
            key = slot_key("hand", i)
            lifted = key == active_key
            r = rect.move(0, -18 if lifted else 0)
            draw.shadow(surf, r, 10, 70)
            if show and face is not None:
                surf.blit(cardart.face(GAME, face, HAND_CARD), r)
                if my_turn and key not in hit_keys:
                    surf.blit(draw.dim_card(HAND_CARD, 130), r)
            else:
                surf.blit(art_wizard.back_face(HAND_CARD), r)
            if key in hit_keys:
                gfx.rect(surf, theme.HIGHLIGHT, r.inflate(6, 6), 3, border_radius=12)
        if self.v.forehead_round and b == self.viewer and hand:
            t = self.app.text
            text = tr("ui.wizard.forehead_own")
            pos = self.forehead_hint_pos(len(hand))
            size = t.fit(text, theme.SIZE_TINY, HAND_X1 - pos[0], True)
            t.blit(surf, text, pos, size, theme.GOLD, True, "midleft")

    def forehead_hint_pos(self, count: int) -> tuple[int, int]:
        """Where the forehead round's hint starts (its left middle): right of the hand, level
        with the middle of an unraised card, so no card, raised (-18 px) or not, reaches it."""
        last = self.hand_rects(count)[-1]
        return last.right + 24, HAND_Y + HAND_CARD[1] // 2

    def _status_layout(self, v: WizardView, cur: int | None
                       ) -> tuple[str, tuple[int, int, int], int, pygame.Rect] | None:
        """The prompt line (whose turn, what to do): text, colour, size and its pill."""
        if cur is None or self.disp.get("winner") is not None:
            return None
        t = self.app.text
        msg, color = turn_line(self, cur, lambda: tr(
            "ui.table.prompt_for", player=self.name_of(cur), prompt=self._prompt(v)))
        size = t.fit(msg, theme.SIZE_BODY, 700, True)
        rect = pygame.Rect((0, 0), t.size(msg, size, True))
        rect.center = (CENTER[0] + 60, STATUS_Y)
        return msg, color, size, rect.inflate(28, 10)

    def _status(self, surf: gfx.Image, msg: str, color: tuple[int, int, int], size: int,
                rect: pygame.Rect) -> None:
        s = self.app.text.render(msg, size, color, True)
        draw.panel(surf, rect, (10, 30, 40), 200, rect.h // 2, None)
        surf.blit(s, s.get_rect(center=rect.center))

    def _prompt(self, v: WizardView) -> str:
        if v.phase == "trump":
            return tr("ui.wizard.prompt.trump")
        if v.phase == "bid":
            return tr("wizard.prompt.bid")
        if v.forehead_round:
            return tr("ui.wizard.prompt.forehead_play")
        return play_prompt(v)

    def bid_panel_lines(self, cards: int, hit_keys: AbstractSet[str]
                        ) -> tuple[tuple[str, tuple[int, int, int]], tuple[str, Any]]:
        """The bid dialog's two lines of words, (text, colour) each: the +-1 rule's note at
        its foot, and the keyboard line (a refusal, the pending first digit, or how to type
        two digits). Pressing the value the note forbids turns the note red instead of
        saying it a second time in the keyboard line (it was printed twice)."""
        note = self._bid_note(cards, hit_keys)
        note_color = theme.GOLD
        typed = self.typed_bid
        refusal = self.bid_refusal()
        if refusal and refusal == note:
            note_color = theme.DANGER
            refusal = ""
        if refusal:
            line, color = refusal, theme.DANGER
        elif typed:
            line, color = tr("ui.wizard.bid_typed", typed=typed), theme.GOLD
        elif cards >= 10:
            line, color = tr("ui.wizard.bid_two_digits"), theme.TEXT_DIM
        else:
            line, color = "", theme.TEXT_DIM
        return (note, note_color), (line, color)

    def _modal(self, surf: gfx.Image, rect: pygame.Rect, title: str, note: str = "",
               note_color: tuple[int, int, int] = theme.GOLD) -> None:
        t = self.app.text
        draw.shadow(surf, rect, 16, 90)
        draw.panel(surf, rect, theme.PANEL, 245, 16, theme.ACCENT)
        t.blit(surf, title, (rect.centerx, rect.y + 24), t.fit(title, theme.SIZE_BODY,
                                                               rect.w - 30, True),
               theme.TEXT, True, "center")
        if note:
            t.blit(surf, note, (rect.centerx, rect.bottom - 20), theme.SIZE_TINY, note_color,
                   False, "center")

    def _bid_panel(self, surf: gfx.Image, hit_keys: AbstractSet[str],
                   active_key: str | None) -> None:
        t = self.app.text
        cards = self.disp.get("cards", 0)
        rects = self.bid_rects(cards + 1)
        box = self._bid_box(cards, hit_keys)
        (note, note_color), (line, color) = self.bid_panel_lines(cards, hit_keys)
        self._modal(surf, box, tr("ui.wizard.bid_title", cards=cards), note, note_color)
        typed = self.typed_bid
        if line:
            y = rects[-1].bottom + 16
            t.blit(surf, line, (box.centerx, y), t.fit(line, theme.SIZE_TINY, box.w - 30, True),
                   color, True, "center")
        for k, r in enumerate(rects):
            key = f"bid:{k}"
            ok = key in hit_keys
            focused = key == active_key
            if typed and k == int(typed):
                pend = r.inflate(10, 10)
                gfx.rect(surf, theme.GOLD, pend, 3, border_radius=13)
                t.blit(surf, f"{typed}_", (r.centerx, r.y - 10), theme.SIZE_TINY, theme.GOLD,
                       True, "center")
            color = (theme.BUTTON_HOVER if focused else theme.BUTTON) if ok else \
                theme.BUTTON_DISABLED
            draw.panel(surf, r, color, 250, 10,
                       theme.HIGHLIGHT if focused else (theme.PANEL_EDGE if ok else None))
            t.blit(surf, str(k), r.center, theme.SIZE_BODY, theme.TEXT if ok else
                   (90, 96, 110), True, "center")
            if not ok:
                gfx.line(surf, theme.DANGER, (r.x + 8, r.bottom - 8),
                         (r.right - 8, r.y + 8), 2)

    def _bid_note(self, cards: int, hit_keys: AbstractSet[str]) -> str:
        """The +-1 rule's line under the bid buttons ("" when no value is forbidden)."""
        banned = [k for k in range(cards + 1) if f"bid:{k}" not in hit_keys]
        return tr("wizard.prompt.bid_forbidden", value=banned[0]) if banned else ""

    def _bid_box(self, cards: int, hit_keys: AbstractSet[str]) -> pygame.Rect:
        rects = self.bid_rects(cards + 1)
        box = rects[0].unionall(rects).inflate(60, 0)
        box.w = max(box.w, 460)
        box.centerx = CENTER[0]
        box.y -= 62
        box.h += 62 + 24 + (40 if self._bid_note(cards, hit_keys) else 20)
        return box

    def _trump_box(self) -> pygame.Rect:
        rects = self.suit_rects()
        box = rects[0].unionall(rects).inflate(48, 0)
        box.y -= 66
        box.h += 66 + 22
        return box

    def _trump_panel(self, surf: gfx.Image, hit_keys: AbstractSet[str],
                     active_key: str | None) -> None:
        t = self.app.text
        rects = self.suit_rects()
        box = self._trump_box()
        self._modal(surf, box, tr("ui.wizard.prompt.trump_title"))
        for s, r in zip(SUITS, rects, strict=True):
            key = f"trump:{s}"
            focused = key == active_key
            col = art_wizard.suit_color(s)
            draw.shadow(surf, r, 10, 70)
            gfx.rect(surf, col, r, border_radius=12)
            gfx.rect(surf, theme.HIGHLIGHT if focused else (245, 245, 250), r,
                     4 if focused else 2, border_radius=12)
            label = suit_name(s)
            t.blit(surf, label, r.center, theme.SIZE_BODY, (255, 255, 255), True, "center")

    def card_back(self, size: tuple[int, int]) -> gfx.Image:
        return art_wizard.back_face(size)

    def draw_dynamic(self, surface: gfx.Image) -> None:
        """Flights (with the Wizard back, `card_back`), the turn marker, the score pad button,
        the banner."""
        self.draw_flights(surface)
        cur = self.disp.get("current")
        if cur is not None and self.shown.acting is not None and \
                self.disp.get("winner") is None:
            box = self.seat_rect(cur)
            bob = 3 * math.sin(self.clock * 5)
            if cur == self.bottom_seat:
                x, y = box.centerx, box.y - 12 + bob
                pts = [(x, y + 9), (x - 10, y - 7), (x + 10, y - 7)]
            else:
                x, y = box.centerx, box.bottom + 10 + bob
                pts = [(x, y - 9), (x - 10, y + 7), (x + 10, y + 7)]
            gfx.polygon(surface, theme.GOLD, pts)
        self.pad_button.draw(surface, self.app.text, PAD_BUTTON.collidepoint(self.mouse))
        self._forehead_zoom(surface)
        if self.banner is not None:
            self.draw_banner(surface)

    # ---------------------------------------------------------------- tooltips
    def tooltip_target(self) -> tuple[str, pygame.Rect] | None:
        """An opponent's card in the forehead round under the pointer (`forehead:<seat>`)."""
        if not self.v.forehead_round:  # (asked every frame: nothing has a tooltip then)
            return None
        for seat in self.seat_order():
            shown = self.forehead_card(seat)
            if shown is not None and shown[1].collidepoint(self.mouse):
                return f"forehead:{seat}", shown[1]
        return None

    def key_rects(self) -> list[pygame.Rect]:
        """The trick on the table and the trump."""
        return [self._deck_and_trump_rect(),
                *(self.trick_rect(q).inflate(8, 8) for q in range(self.info.num_players)
                  if self.zones.get(f"trick:{q}"))]

    def protected_rects(self) -> list[pygame.Rect]:
        """What the forehead zoom never covers: every plate (name, card named beside it, bid,
        tricks, total), the hand, the cards of the trick, the prompt line, the bid or trump
        panel, the deck and trump, the bid sum and led suit, the round and variants in the
        corner, the score pad button."""
        lines = self._header_lines(self.v)
        out = [*super().protected_rects(), PAD_BUTTON, self._deck_and_trump_rect(),
               *(_text_rect(self.app.text, *line[:4]) for line in lines)]
        out += [self._plate_rect(q) for q in range(self.info.num_players)]
        b = self.bottom_seat
        hand = self.zones.get(f"hand:{b}", [])
        if hand:
            out.append(self._hand_area(len(hand), self.v.forehead_round and b == self.viewer))
        out += [self.trick_rect(q).inflate(8, 8) for q in range(self.info.num_players)
                if self.zones.get(f"trick:{q}")]
        cur = self.disp.get("current") if self.shown.acting is not None \
            else None
        status = self._status_layout(self.v, cur)
        if status is not None:
            out.append(status[3])
        hit_keys = frozenset(h.key for h in self.hits)
        if any(k.startswith("bid:") for k in hit_keys):
            out.append(self._bid_box(self.disp.get("cards", 0), hit_keys))
        elif any(k.startswith("trump:") for k in hit_keys):
            out.append(self._trump_box())
        if any(self.disp.get("made") or ()):
            out.append(pygame.Rect(958 - 190, 392, 190, 58))
        if self._led_suit() is not None:
            out.append(pygame.Rect(958 - 190, 384 - 36, 190, 36))
        return out

    def forehead_zoom(self) -> tuple[str, pygame.Rect] | None:
        """The forehead card the pointer rests on (the kit's tooltip timer) and where its
        enlargement goes: trick-card size, beside or below that plate, outside every protected
        rect (on the plate it covered the card's name beside it, a play test), else on the
        emptiest felt nearest to it."""
        target = self.tooltip_ready() if self.v.forehead_round else None
        if target is None or not target[0].startswith("forehead:"):
            return None
        shown = self.forehead_card(int(target[0].partition(":")[2]))
        if shown is None:
            return None
        key = (target[0], self._layer_sig)
        if self._zoom_at is None or self._zoom_at[0] != key:
            # placed once per target and table picture (the search for the emptiest felt is
            # not for every frame)
            plate = self.seat_rect(int(target[0].partition(":")[2]))
            self._zoom_at = (key, self.place_tip(TRICK_CARD, plate, FELT.inflate(-16, -16),
                                                 gap=10, above=False, beside=True))
        return shown[0], self._zoom_at[1]

    def _forehead_zoom(self, surf: gfx.Image) -> None:
        zoom = self.forehead_zoom()
        if zoom is None:
            return
        face, big = zoom
        draw.shadow(surf, big, 12, 110)
        surf.blit(cardart.face(GAME, face, TRICK_CARD), big)
        gfx.rect(surf, theme.HIGHLIGHT, big.inflate(4, 4), 3, border_radius=12)


def dialog_rect(num_players: int) -> pygame.Rect:
    """The round and final dialogs: centred over the felt, so they never cover the log panel
    right of it (centred on the window they overlapped it by 14 px, a play test)."""
    r = pygame.Rect(0, 0, 720, 250 + 40 * num_players)
    r.center = (FELT.centerx, 350)
    return r


def _row(panel: pygame.Rect, specs: list[tuple[Any, Any]], width: int) -> list[Button]:
    """The dialog's buttons side by side at its bottom, the first one primary."""
    gap = 16 if len(specs) > 2 else 20
    x0 = panel.centerx - (len(specs) * width + (len(specs) - 1) * gap) // 2
    by = panel.bottom - 74
    return [Button(pygame.Rect(x0 + i * (width + gap), by, width, 54), label, fn,
                   primary=i == 0) for i, (label, fn) in enumerate(specs)]


class WizardDialog(ResultsScene):
    """A Wizard dialog over the table (a round's summary, the final ranking): the shared
    results dialog (Esc opens the menu, 看牌桌 / V puts it aside to look at the table — the
    round's last trick, the final board), drawn as Wizard's panel. Backspace opens the menu
    too (it advanced to the next round)."""

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.open_menu()
            return None
        return super().handle_event(event)

    def draw(self, surf: gfx.Image) -> None:
        dialog_panel(surf, self.panel)
        self.draw_body(surf, self.panel, self.app.text)
        self.menu.draw(surf, self.app.text)

    def draw_body(self, surf: gfx.Image, p: pygame.Rect, t: Any) -> None:
        raise NotImplementedError

    def named(self, surf: gfx.Image, t: Any, q: int, pos: tuple[int, int]) -> None:
        """Seat `q`'s name at `pos` (midleft), after its suit swatch in single colour."""
        table = self.table
        suit = table.seat_colour(q) if isinstance(table, WizardTableScene) else None
        x, y = pos
        if suit is not None:
            chip = pygame.Rect(x, y - 11, 22, 22)
            gfx.rect(surf, art_wizard.suit_color(suit), chip, border_radius=5)
            gfx.rect(surf, (240, 240, 240), chip, 1, border_radius=5)
            ink = theme.TEXT_DARK if suit == "y" else theme.TEXT
            t.blit(surf, tr(f"wizard.suit.{suit}.short"), chip.center, 14, ink, True, "center")
            x = chip.right + 8
        t.blit(surf, self.name_of(q), (x, y), theme.SIZE_BODY, theme.TEXT, True, "midleft")


class WizardRoundScene(WizardDialog):
    """Between rounds: every seat's bid, tricks, the round's score and the new total."""

    def __init__(self, app: Any, table: WizardTableScene, data: dict[str, Any]) -> None:
        super().__init__(app, table, final=False, round_no=data["round"])
        self.data = data
        n = self.info.num_players
        self.panel = dialog_rect(n)
        self.menu.widgets = _row(self.panel, [
            (lambda: tr("ui.wizard.next_round"), self.back),
            (lambda: tr("ui.wizard.pad_button"), table.open_pad)], 280)

    def resume(self) -> None:
        """Back from the score pad: Enter means 下一輪 again (the focus had stayed on 記分板,
        so Enter reopened the pad, a play test)."""
        super().resume()
        self.menu.focus = 0

    def draw_body(self, surf: gfx.Image, p: pygame.Rect, t: Any) -> None:
        d = self.data
        t.blit(surf, tr("ui.wizard.round_over", round=d["round"]), (p.centerx, p.y + 40),
               theme.SIZE_H1, theme.TEXT, True, "center")
        sub = tr("ui.wizard.round_info", cards=d["cards"], trump=suit_name(d.get("trump")),
                 dealer=self.name_of(d["dealer"]))
        t.blit(surf, sub, (p.centerx, p.y + 84), theme.SIZE_SMALL, theme.TEXT_DIM, False,
               "center")
        _score_rows(t, surf, p, p.y + 116, self.named, d["bids"], d["tricks"], d["deltas"],
                    d["totals"])


class WizardResultsScene(WizardDialog):
    """The end of the game: the ranking by total (highest first) with each player's record."""

    def __init__(self, app: Any, table: Any, final: bool = True) -> None:
        super().__init__(app, table, final=True)
        n = self.info.num_players
        self.panel = dialog_rect(n)
        self.menu.widgets = _row(self.panel, [
            (lambda: tr("ui.results.again"), self.again),
            (lambda: tr("ui.wizard.pad_button"), self.pad),
            (lambda: tr("ui.results.to_title"), self.to_title)], 200)

    def pad(self) -> None:
        if self.table is not None:
            self.table.open_pad()

    def draw_body(self, surf: gfx.Image, p: pygame.Rect, t: Any) -> None:
        summary = self.table.shown.summary
        view = self.table.spectator_view()
        totals = [int(s) for s in (summary.scores if summary is not None else view.totals)]
        winners = list(summary.winners) if summary is not None else []
        game_over_heading(t, surf, p, winners, self.name_of, 40, 84)
        history = list(view.history)
        n = self.info.num_players
        hits = [sum(1 for r in history if r.bids[q] == r.tricks[q]) for q in range(n)]
        y = p.y + 122
        cols = (p.x + 60, p.x + 110, p.right - 250, p.right - 70)
        t.blit(surf, tr("ui.wizard.place"), (cols[0], y), theme.SIZE_SMALL, theme.TEXT_DIM)
        t.blit(surf, tr("ui.results.player"), (cols[1], y), theme.SIZE_SMALL, theme.TEXT_DIM)
        t.blit(surf, tr("ui.wizard.exact_rounds"), (cols[2], y), theme.SIZE_SMALL,
               theme.TEXT_DIM, False, "topright")
        t.blit(surf, tr("wizard.pad.total"), (cols[3], y), theme.SIZE_SMALL, theme.TEXT_DIM,
               False, "topright")
        y += 32
        order = sorted(range(n), key=lambda q: (-totals[q], q))
        place = 0
        for i, q in enumerate(order):
            if i == 0 or totals[q] != totals[order[i - 1]]:
                place = i + 1
            row = pygame.Rect(p.x + 44, y, p.w - 88, 36)
            if q in winners:
                draw.panel(surf, row, theme.ACCENT_DARK, 200, 10, None)
            t.blit(surf, str(place), (cols[0] + 8, row.centery), theme.SIZE_BODY,
                   theme.TEXT_DIM, True, "center")
            self.named(surf, t, q, (cols[1], row.centery))
            t.blit(surf, f"{hits[q]}/{len(history)}", (cols[2], row.centery), theme.SIZE_BODY,
                   theme.TEXT, False, "midright")
            t.blit(surf, str(totals[q]), (cols[3], row.centery), theme.SIZE_BODY, theme.GOLD,
                   True, "midright")
            y += 40


def _score_rows(t: Any, surf: gfx.Image, p: pygame.Rect, y: int, named: Any,
                bids: list[int], tricks: list[int], deltas: list[int], totals: list[int]
                ) -> None:
    cols = (p.x + 60, p.x + 330, p.x + 440, p.x + 560, p.right - 60)
    heads = (tr("ui.results.player"), tr("wizard.pad.bid"), tr("wizard.pad.tricks"),
             tr("wizard.pad.score"), tr("wizard.pad.total"))
    for i, (x, h) in enumerate(zip(cols, heads, strict=True)):
        t.blit(surf, h, (x, y), theme.SIZE_SMALL, theme.TEXT_DIM, False,
               "topleft" if i == 0 else "topright")
    y += 32
    for q in range(len(bids)):
        row = pygame.Rect(p.x + 44, y, p.w - 88, 36)
        exact = bids[q] == tricks[q]
        draw.panel(surf, row, (30, 70, 60) if exact else (70, 40, 46), 160, 10, None)
        named(surf, t, q, (cols[0], row.centery))
        t.blit(surf, str(bids[q]), (cols[1], row.centery), theme.SIZE_BODY, theme.TEXT, False,
               "midright")
        t.blit(surf, str(tricks[q]), (cols[2], row.centery), theme.SIZE_BODY, theme.TEXT, False,
               "midright")
        t.blit(surf, f"{deltas[q]:+d}", (cols[3], row.centery), theme.SIZE_BODY,
               theme.OK if deltas[q] > 0 else theme.DANGER, True, "midright")
        t.blit(surf, str(totals[q]), (cols[4], row.centery), theme.SIZE_BODY, theme.GOLD, True,
               "midright")
        y += 40


class SweepFlight(Flight):
    """A trick card gathered to the winner's spot: a straight path (no arc), so that a card
    from an upper spot never rises over the plate behind it."""

    def rect(self) -> pygame.Rect:
        t = self.t
        x = self.src.x + (self.dst.x - self.src.x) * t
        y = self.src.y + (self.dst.y - self.src.y) * t
        w = self.src.w + (self.dst.w - self.src.w) * t
        h = self.src.h + (self.dst.h - self.src.h) * t
        return pygame.Rect(int(x), int(y), int(w), int(h))


@gfx.cached(maxsize=1)
def _felt() -> gfx.Image:
    """The table: a deep violet-teal felt with a faint ring of stars around the trick area."""
    s = draw.felt_table(FELT, ((22, 20, 46), (10, 10, 26)), (34, 70, 96), (0.72, 0.38))

    def stars(lay: gfx.Image) -> None:
        cx, cy = CENTER[0] - FELT.x, CENTER[1] - FELT.y
        ring = pygame.Rect(0, 0, 440, 300)
        ring.center = (cx, cy)
        gfx.ellipse(lay, (220, 210, 255, 22), ring, 2)
        for i in range(16):
            a = math.radians(i * 22.5)
            art_wizard.star(lay, (cx + 220 * math.cos(a), cy + 150 * math.sin(a)), 6,
                            (230, 220, 255, 40), 4, 0.4)
    draw.on_felt(s, FELT, stars)
    return draw.fast(s)


SAMPLE_SCENES = ("wizard_trick", "wizard_trump", "wizard_forehead", "wizard_hidden",
                 "wizard_round", "wizard_results")


def _digit(key: int) -> int | None:
    """The digit of a number key (top row or keypad), None for any other key."""
    if pygame.K_0 <= key <= pygame.K_9:
        return key - pygame.K_0
    pads = (pygame.K_KP0, pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4,
            pygame.K_KP5, pygame.K_KP6, pygame.K_KP7, pygame.K_KP8, pygame.K_KP9)
    return pads.index(key) if key in pads else None


def open_wizard_sample(app: Any, name: str, seed: int | None = None) -> Any:
    """`--scene wizard_trick | wizard_trump | wizard_forehead | wizard_hidden | wizard_round |
    wizard_results`: a Wizard table in a representative state (for screenshots and tests)."""
    from cardtable.samples import wizard as samples

    def table(match: Any) -> WizardTableScene:
        scene: WizardTableScene = push_table(app, WizardTableScene, match)
        return scene
    if name == "wizard_round":
        match = samples.sample(name, seed)
        scene = table(match)
        return app.push(WizardRoundScene(app, scene, samples.last_round(match)))
    if name == "wizard_results":
        scene = table(samples.finished(seed))
        scene._finished_shown = True
        return app.push(WizardResultsScene(app, scene, final=True))
    if name in samples.SAMPLES:
        return table(samples.sample(name, seed))
    raise ValueError(f"unknown scene {name!r}")
