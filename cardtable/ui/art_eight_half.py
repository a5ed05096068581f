"""8½ card art drawn in code: the number cards 0-9, the ½ card, the Ghost, and an 8½ back.

The plain cards the rules call "yellow" (1-4, 6-8) are yellow. The special cards each have a
look of their own: 0 green with a reset ring, 5 blue with a "≤" arrow, 9 red with stars, ½
violet with a drawn fraction, the Ghost pale lilac with a little ghost.

Importing this module registers the painter with `cardart` (every face still goes through
`cardart.face`, which the hot-seat privacy test watches).
"""

from __future__ import annotations

import math

import pygame

from cardtable.ui import cardart, draw, gfx
from cardtable.ui.text import Text

GAME = "eight_half"
Color = tuple[int, int, int]

YELLOW_FACES = frozenset({"1", "2", "3", "4", "6", "7", "8"})

# body colour, ink (outline / corner) colour
COLOURS: dict[str, tuple[Color, Color]] = {
    "yellow": ((246, 196, 48), (150, 92, 10)),
    "0": ((52, 164, 96), (18, 84, 44)),
    "5": ((48, 120, 210), (20, 56, 120)),
    "9": ((212, 62, 58), (110, 20, 24)),
    "h": ((140, 84, 196), (64, 30, 104)),
    "g": ((196, 190, 222), (80, 70, 120)),
}
BACK_BODY: Color = (58, 34, 92)
BACK_INK: Color = (250, 204, 86)
WHITE: Color = (255, 255, 255)


def colours(card: str) -> tuple[Color, Color]:
    return COLOURS["yellow"] if card in YELLOW_FACES else COLOURS[card]


def corner_label(card: str) -> str:
    if card == "h":
        return "½"
    if card == "g":
        return "鬼"
    return card


def paint(surf: gfx.Image, card: str, text: Text) -> None:
    """The face of one 8½ card, filling `surf`."""
    w, h = surf.get_size()
    body, ink = colours(card)
    surf.blit(cardart._blank((w, h), body), (0, 0))
    small = w < 56
    if card == "h":
        _half(surf, text, ink, small)
    elif card == "g":
        _ghost(surf, ink, (w / 2, h * (0.5 if small else 0.47)), w * (0.30 if small else 0.26))
    else:
        _number(surf, text, card, body, ink, small)
    if not small:
        cardart._corners(surf, text, corner_label(card), ink)


def _number(surf: gfx.Image, text: Text, card: str, body: Color, ink: Color,
            small: bool) -> None:
    w, h = surf.get_size()
    c = (w // 2, h // 2)
    if not small:
        cardart._oval(surf, (255, 255, 255, 225))
        if card == "0":
            rr = pygame.Rect(0, 0, int(w * 0.62), int(w * 0.62))
            rr.center = c
            gfx.arc(surf, (*ink, 150), rr, math.radians(110), math.radians(420),
                    max(2, w // 26))
            tip = (rr.centerx + rr.w / 2 * math.cos(math.radians(110)),
                   rr.centery - rr.h / 2 * math.sin(math.radians(110)))
            a = max(4, w // 14)
            gfx.polygon(surf, (*ink, 150), [(tip[0] - a, tip[1] - a),
                                            (tip[0] + a * 0.6, tip[1] - a * 0.2),
                                            (tip[0] - a * 0.4, tip[1] + a)])
        elif card == "9":
            for dx in (-0.3, 0.3):
                _star(surf, (w / 2 + dx * w, h * 0.24), w * 0.06, ink)
                _star(surf, (w / 2 + dx * w, h * 0.76), w * 0.06, ink)
    size = int(w * (0.62 if small else 0.52))
    big = cardart._outlined(text, card, size, WHITE if small else body, ink,
                            max(1, w // (30 if small else 34)))
    surf.blit(big, big.get_rect(center=c))
    if card == "5" and not small:
        lab = text.render("≤ 5", max(10, int(w * 0.15)), WHITE, True)
        pill = lab.get_rect(center=(w // 2, int(h * 0.8))).inflate(w // 8, 2)
        gfx.rect(surf, ink, pill, border_radius=pill.h // 2)
        surf.blit(lab, lab.get_rect(center=pill.center))


def _half(surf: gfx.Image, text: Text, ink: Color, small: bool) -> None:
    """A drawn fraction ½ (the font's glyph is too small to read at card size)."""
    w, h = surf.get_size()
    if not small:
        glow = gfx.Surface((w, h), pygame.SRCALPHA)
        gfx.circle(glow, (255, 255, 255, 60), (w / 2, h / 2), w * 0.36)
        surf.blit(glow, (0, 0))
    lw = max(2, w // 18)
    x0, y0 = w * 0.30, h * 0.68
    x1, y1 = w * 0.70, h * 0.32
    gfx.line(surf, ink, (x0 + 1, y0 + 1), (x1 + 1, y1 + 1), lw + 2)
    gfx.line(surf, WHITE, (x0, y0), (x1, y1), lw)
    size = int(w * (0.46 if small else 0.36))
    one = cardart._outlined(text, "1", size, WHITE, ink, max(1, w // 40))
    two = cardart._outlined(text, "2", size, WHITE, ink, max(1, w // 40))
    surf.blit(one, one.get_rect(center=(int(w * 0.34), int(h * 0.36))))
    surf.blit(two, two.get_rect(center=(int(w * 0.66), int(h * 0.64))))


def _ghost(surf: gfx.Image, ink: Color, c: tuple[float, float], r: float) -> None:
    """A friendly sheet ghost: round head, wavy hem, two eyes."""
    cx, cy = c
    body = gfx.Surface(surf.get_size(), pygame.SRCALPHA)
    top = cy - r * 0.9
    gfx.circle(body, WHITE, (cx, top + r), r)
    rect = pygame.Rect(int(cx - r), int(top + r), int(2 * r), int(r * 1.2))
    gfx.rect(body, WHITE, rect)
    hem_y = top + r * 2.2
    bumps = 4
    bw = 2 * r / bumps
    for i in range(bumps):
        gfx.circle(body, WHITE, (cx - r + bw * (i + 0.5), hem_y), bw / 2)
    # outline: draw the mask edge in ink by blitting a slightly larger ink copy underneath
    outline = gfx.mask_outline(body)
    if len(outline) > 2:
        shadow = gfx.Surface(surf.get_size(), pygame.SRCALPHA)
        gfx.polygon(shadow, (*ink, 90), [(x + 2, y + 3) for x, y in outline])
        surf.blit(shadow, (0, 0))
    surf.blit(body, (0, 0))
    if len(outline) > 2:
        gfx.lines(surf, ink, True, outline, max(1, int(r / 14)))
    er = max(1.5, r * 0.16)
    for dx in (-0.36, 0.36):
        gfx.ellipse(surf, ink, pygame.Rect(int(cx + dx * r - er), int(top + r * 0.75),
                                           int(2 * er), int(2.6 * er)))
    gfx.ellipse(surf, (*ink, 200), pygame.Rect(int(cx - er * 0.8), int(top + r * 1.35),
                                               int(1.6 * er), int(1.8 * er)))


def _star(surf: gfx.Image, c: tuple[float, float], r: float, color: Color) -> None:
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    gfx.polygon(surf, color, pts)


_BACKS: dict[tuple[int, int], gfx.Image] = gfx.SurfaceCache()


def back(size: tuple[int, int]) -> gfx.Image:
    """The 8½ back: deep violet, a gold lattice and an "8½" medallion (cached per size)."""
    s = _BACKS.get(size)
    if s is None:
        s = draw.fast(_make_back(size))
        _BACKS[size] = s
    return s


def _make_back(size: tuple[int, int]) -> gfx.Image:
    w, h = size
    surf = cardart._blank(size, BACK_BODY)
    inset = max(4, w // 10)
    inner = surf.get_rect().inflate(-2 * inset, -2 * inset)
    layer = gfx.Surface(size, pygame.SRCALPHA)
    step = max(6, w // 6)
    for x in range(-h, w + h, step):
        gfx.line(layer, (*BACK_INK, 46), (x, inner.top), (x + inner.h, inner.bottom))
        gfx.line(layer, (*BACK_INK, 46), (x + inner.h, inner.top), (x, inner.bottom))
    clip = gfx.Surface(size, pygame.SRCALPHA)
    gfx.rect(clip, (255, 255, 255, 255), inner, border_radius=max(3, w // 14))
    layer.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(layer, (0, 0))
    gfx.rect(surf, BACK_INK, inner, max(1, w // 45), border_radius=max(3, w // 14))
    if w >= 30:
        r = min(w, h) * 0.3
        gfx.circle(surf, (36, 18, 60), (w // 2, h // 2), int(r))
        gfx.circle(surf, BACK_INK, (w // 2, h // 2), int(r), max(1, w // 40))
        text = cardart._txt()
        size8 = max(9, int(r * 1.05))
        eight = text.render("8", size8, BACK_INK, True)
        half = text.render("½", max(8, int(r * 0.62)), BACK_INK, True)
        total = eight.get_width() + half.get_width()
        x = w // 2 - total // 2
        surf.blit(eight, eight.get_rect(midleft=(x, h // 2)))
        surf.blit(half, half.get_rect(midleft=(x + eight.get_width(), h // 2 + r * 0.12)))
    return surf


cardart.PAINTERS[GAME] = paint
