"""The table kit's parts, each tested once (issue 16): focus model, visual order, hand fans,
tooltip timing and placement, the misclick guard, the visibility policy, group flights."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from cardtable.core.events import CARD_MOVED, ROUND_ENDED, Event
from cardtable.ui.anim import Director, FlightSpec
from cardtable.ui.tables.kit.fan import fan_hits, fan_rects, slot_of, visible_strips
from cardtable.ui.tables.kit.focus import FocusModel, visual_order
from cardtable.ui.tables.kit.guard import MisclickGuard
from cardtable.ui.tables.kit.tooltip import TooltipTimer, emptiest, place_tooltip
from cardtable.ui.tables.kit.visibility import VisibilityPolicy


@dataclass
class H:
    rect: pygame.Rect
    actions: list
    key: str


def R(x, y, w=50, h=70):
    return pygame.Rect(x, y, w, h)


# ---------------------------------------------------------------- focus
def test_visual_order_is_rows_then_left_to_right():
    hits = [H(R(300, 500), [], "c"), H(R(100, 500), [], "a"), H(R(200, 505), [], "b"),
            H(R(150, 100), [], "top")]
    assert [h.key for h in visual_order(hits)] == ["top", "a", "b", "c"]


def test_the_device_used_last_decides_the_highlight():
    hits = [H(R(0, 0), [], "a"), H(R(100, 0), [], "b"), H(R(200, 0), [], "c")]
    f = FocusModel()
    f.note_mouse((110, 10))  # resting on b
    assert f.highlighted_key(hits) == "b"
    f.move(hits, 1)  # → from where the pointer is
    assert f.highlighted_key(hits) == "c" and f.keys_last
    f.note_mouse((10, 10))
    assert f.highlighted_key(hits) == "a"
    f.note_mouse((900, 900))  # the pointer on nothing offered: the focus shows
    assert f.highlighted_key(hits) == "c"


def test_the_focus_follows_its_key_when_hits_change():
    f = FocusModel()
    f.note_mouse((900, 900))
    hits = [H(R(0, 0), [], "a"), H(R(100, 0), [], "b")]
    f.move(hits, 1)
    assert f.current(hits).key == "b"
    assert f.current([H(R(0, 0), [], "x"), *hits]).key == "b"


# ---------------------------------------------------------------- fans
def test_a_fan_fits_its_width_and_strips_do_not_overlap():
    rects = fan_rects(12, 500, 550, (100, 140), 500)
    assert rects[0].left >= 250 and rects[-1].right <= 750
    strips = visible_strips(rects)
    for a, b in zip(strips, strips[1:], strict=False):
        assert not a.colliderect(b)
    assert strips[-1] == rects[-1]


def test_identical_cards_are_each_a_hit():
    cards = ["-2", "+1", "-2"]
    rects = fan_rects(3, 500, 550, (100, 140), 500)
    hits = fan_hits(H, "hand", cards, rects, lambda c: [c])
    assert [h.key for h in hits] == ["hand:0", "hand:1", "hand:2"]
    assert [slot_of(h.key, "hand") for h in hits] == [0, 1, 2]
    f = FocusModel()
    f.note_mouse((0, 0))  # the pointer on no card: the first card shows the focus
    assert f.highlighted_key(hits) == "hand:0"
    f.move(hits, 1)
    f.move(hits, 1)
    assert f.current(hits).key == "hand:2", "→ reaches the second −2"


# ---------------------------------------------------------------- tooltips
def test_a_tooltip_waits_for_a_resting_pointer_that_moved_onto_the_thing():
    t = TooltipTimer(rest=0.35)
    t.moved()
    t.update(0.016, "a")
    for _ in range(10):
        t.update(0.016, "a")
    assert not t.showing("a")
    for _ in range(20):
        t.update(0.016, "a")
    assert t.showing("a")
    # a new card slides under the resting pointer: nothing until the pointer moves
    for _ in range(60):
        t.update(0.016, "b")
    assert not t.showing("b") and not t.showing("a")
    t.moved()
    for _ in range(30):
        t.update(0.016, "b")
    assert t.showing("b")
    t.keyboard()
    t.update(0.016, "b")
    assert not t.showing("b")


def test_placement_never_covers_a_protected_rect_when_there_is_room():
    bounds = pygame.Rect(0, 0, 960, 700)
    anchor = R(400, 550, 100, 140)
    protected = [R(100, 540, 700, 160), pygame.Rect(300, 300, 300, 200)]
    r = place_tooltip((200, 120), anchor, protected, bounds)
    assert bounds.contains(r) and not any(r.colliderect(p) for p in protected)
    assert not r.colliderect(anchor)


def test_where_nothing_is_free_the_emptiest_place():
    bounds = pygame.Rect(0, 0, 400, 300)
    protected = [pygame.Rect(0, 0, 400, 150), pygame.Rect(0, 150, 250, 150)]
    r = emptiest((120, 100), protected, bounds, R(0, 0, 10, 10))
    cover = sum(r.clip(p).w * r.clip(p).h for p in protected)
    assert cover == 0 and bounds.contains(r)


def test_weights_make_the_emptiest_place_hide_the_key_thing_last():
    """Nothing is free: unweighted, the box covers the small key thing (least area);
    with the key thing weighted, it covers more of the label instead, and never the anchor."""
    bounds = pygame.Rect(0, 0, 400, 100)
    key, label = pygame.Rect(0, 0, 100, 50), pygame.Rect(250, 0, 150, 100)
    anchor = pygame.Rect(380, 0, 20, 20)
    plain = emptiest((200, 100), [key, label], bounds, step=10)
    assert plain.colliderect(key) and not plain.colliderect(label)
    weighed = emptiest((200, 100), [key, label], bounds, anchor, step=10, weights=[40, 1],
                       anchor_weight=10**6)
    assert not weighed.colliderect(key) and not weighed.colliderect(anchor)
    assert weighed.colliderect(label)


# ---------------------------------------------------------------- misclick guard
def test_a_button_appearing_where_another_was_ignores_clicks_briefly():
    g = MisclickGuard()
    spot = R(400, 600, 200, 48)
    g.observe([("end_serve", spot)], 0.0)
    g.observe([], 0.1)  # clicked: it goes, the table animates
    g.observe([("end_turn", spot)], 0.3)  # another button, the same place
    assert g.blocked("end_turn", 0.35) and g.blocked("end_turn", 0.69)
    assert not g.blocked("end_turn", 0.71)
    g.observe([("elsewhere", R(0, 0, 50, 50))], 0.3)
    assert not g.blocked("elsewhere", 0.31), "a new button elsewhere is not held"


def test_a_button_long_after_another_is_not_held():
    g = MisclickGuard()
    spot = R(400, 600, 200, 48)
    g.observe([("a", spot)], 0.0)
    g.observe([], 0.1)
    g.observe([("b", spot)], 0.9)
    assert not g.blocked("b", 0.9)


# ---------------------------------------------------------------- visibility
def test_one_person_always_sees_their_own_view_and_a_demo_the_spectators():
    assert VisibilityPolicy(["ai", "human", "ai"]).viewer() == 1
    assert VisibilityPolicy(["ai", "ai"]).viewer() is None


def test_hotseat_faces_only_between_the_curtain_and_the_end_of_the_decision():
    p = VisibilityPolicy(["human", "human", "ai"])
    assert p.viewer() is None and p.needs_curtain(0)
    p.unlock(0)
    assert p.viewer() == 0 and not p.needs_curtain(0)
    # a move that keeps the decision with them (a second card of a DOUBLE)
    assert not p.after_action(0, 0, False, [])
    assert p.viewer() == 0
    # the move that hands over to the computer: the spectator's view from then on
    assert p.after_action(0, 2, False, [])
    assert p.viewer() is None and p.anchor == 0
    assert p.needs_curtain(1) and not p.needs_curtain(2)
    # a round that ends with the same person to act next: the dialog is everyone's
    p.unlock(1)
    assert p.after_action(1, 1, False, [Event(ROUND_ENDED, {})])
    assert p.viewer() is None and p.needs_curtain(1)


def test_a_remote_seat_is_never_shown_here():
    p = VisibilityPolicy(["human", "remote", "human"])
    p.unlock(1)
    assert p.viewer() is None and not p.needs_curtain(1)


# ---------------------------------------------------------------- group flights
def test_group_flights_start_one_after_another():
    starts: list[int] = []
    d = Director(lambda ev, d: 0.0, lambda: None, lambda: 1.0)
    specs = [FlightSpec(None, R(0, 0), R(100, 100), on_start=lambda i=i: starts.append(i))
             for i in range(4)]
    wait = d.fly_group(specs, 0.3, 0.1)
    assert abs(wait - 0.6) < 1e-9
    d.update(0.05)
    assert starts == [0]
    d.update(0.1)
    assert starts == [0, 1]
    d.update(1.0)
    assert starts == [0, 1, 2, 3] and not d.flights
    assert Event(CARD_MOVED, {}).kind == CARD_MOVED
