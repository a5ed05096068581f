"""Wizard (神機妙算) card art drawn in code: number cards in four suit colours, the Wizard and the
Jester with emblems of our own (a starry hat, a belled cap), and the game's own card back.

Importing the module registers the face painter with `cardart.PAINTERS["wizard"]`, so every face
still goes through `cardart.face()` (which the hot-seat privacy test watches).
"""

from __future__ import annotations

import math

import pygame

from cardtable.games.wizard.cards import BACK, JESTER, WIZARD
from cardtable.ui import cardart, draw, gfx
from cardtable.ui.text import Text

GAME = "wizard"
Color = tuple[int, int, int]

# the seed's four suits as colours (red, blue, green, yellow)
SUIT_COLORS: dict[str, Color] = {
    "r": (206, 62, 58),
    "b": (44, 104, 206),
    "g": (38, 150, 86),
    "y": (226, 172, 36),
}
SUIT_INK: dict[str, Color] = {  # darker tone for outlines and numbers on white
    "r": (140, 30, 30),
    "b": (22, 56, 132),
    "g": (18, 92, 50),
    "y": (150, 96, 8),
}
WIZARD_BG: Color = (64, 44, 128)
JESTER_BG: Color = (96, 112, 128)
BACK_BG: Color = (38, 30, 84)
GOLD: Color = (250, 208, 96)


def suit_color(suit: str | None) -> Color:
    return SUIT_COLORS.get(suit or "", (120, 130, 150))


# ---------------------------------------------------------------- emblems
def star(surf: gfx.Image, c: tuple[float, float], r: float, color: tuple[int, ...],
         points: int = 5, inner: float = 0.45, rot: float = -90.0) -> None:
    pts = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = math.radians(rot + i * 180 / points)
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    gfx.polygon(surf, color, pts)


def wizard_emblem(surf: gfx.Image, c: tuple[float, float], r: float) -> None:
    """A pointed hat with a wide brim and stars, over a soft halo."""
    cx, cy = c
    halo = gfx.Surface((int(r * 3), int(r * 3)), pygame.SRCALPHA)
    gfx.circle(halo, (255, 240, 200, 50), (r * 1.5, r * 1.5), r * 1.45)
    gfx.circle(halo, (255, 240, 200, 40), (r * 1.5, r * 1.5), r * 1.1)
    surf.blit(halo, (cx - r * 1.5, cy - r * 1.5))
    tip = (cx + r * 0.55, cy - r * 1.15)
    hat = [(cx - r * 0.62, cy + r * 0.45), tip, (cx + r * 0.16, cy - r * 0.55),
           (cx + r * 0.66, cy + r * 0.45)]
    gfx.polygon(surf, (34, 26, 88), hat)
    gfx.polygon(surf, GOLD, hat, max(1, int(r * 0.07)))
    brim = pygame.Rect(0, 0, int(r * 2.1), int(r * 0.5))
    brim.center = (int(cx), int(cy + r * 0.5))
    gfx.ellipse(surf, (34, 26, 88), brim)
    gfx.ellipse(surf, GOLD, brim, max(1, int(r * 0.07)))
    band = [(cx - r * 0.6, cy + r * 0.3), (cx + r * 0.64, cy + r * 0.3),
            (cx + r * 0.6, cy + r * 0.12), (cx - r * 0.55, cy + r * 0.12)]
    gfx.polygon(surf, GOLD, band)
    star(surf, (cx - r * 0.05, cy - r * 0.22), r * 0.22, (255, 246, 210))
    star(surf, (cx + r * 0.3, cy - r * 0.62), r * 0.11, (255, 246, 210))
    star(surf, tip, r * 0.16, GOLD)
    star(surf, (cx - r * 0.95, cy - r * 0.7), r * 0.14, (255, 246, 210), 4, 0.35)
    star(surf, (cx + r * 1.0, cy - r * 0.15), r * 0.1, (255, 246, 210), 4, 0.35)


def jester_emblem(surf: gfx.Image, c: tuple[float, float], r: float) -> None:
    """A three-pointed cap with bells, over a band of diamonds."""
    cx, cy = c
    halo = gfx.Surface((int(r * 3), int(r * 3)), pygame.SRCALPHA)
    gfx.circle(halo, (255, 255, 255, 45), (r * 1.5, r * 1.5), r * 1.4)
    surf.blit(halo, (cx - r * 1.5, cy - r * 1.5))
    base_y = cy + r * 0.35
    colors = [(206, 62, 58), (226, 172, 36), (44, 104, 206)]
    tips = [(cx - r * 1.05, cy - r * 0.55), (cx, cy - r * 1.1), (cx + r * 1.05, cy - r * 0.55)]
    roots = [(cx - r * 0.75, cx - r * 0.15), (cx - r * 0.3, cx + r * 0.3),
             (cx + r * 0.15, cx + r * 0.75)]
    lw = max(1, int(r * 0.06))
    for (x0, x1), tip, col in zip(roots, tips, colors, strict=True):
        mid = ((x0 + x1) / 2, base_y - r * 0.55)
        pts = [(x0, base_y), (mid[0] - r * 0.15, mid[1]), tip, (mid[0] + r * 0.2, mid[1] + r * 0.1),
               (x1, base_y)]
        gfx.polygon(surf, col, pts)
        gfx.polygon(surf, (40, 36, 52), pts, lw)
    for tip in tips:
        gfx.circle(surf, GOLD, tip, r * 0.17)
        gfx.circle(surf, (120, 80, 10), tip, r * 0.17, lw)
    band = pygame.Rect(0, 0, int(r * 1.7), int(r * 0.42))
    band.midtop = (int(cx), int(base_y - r * 0.05))
    gfx.rect(surf, (250, 250, 252), band, border_radius=int(r * 0.12))
    gfx.rect(surf, (40, 36, 52), band, lw, border_radius=int(r * 0.12))
    for i in range(4):
        dx = band.x + band.w * (i + 0.5) / 4
        dy = band.centery
        d = r * 0.13
        gfx.polygon(surf, colors[i % 3], [(dx, dy - d), (dx + d, dy), (dx, dy + d),
                                          (dx - d, dy)])


# ---------------------------------------------------------------- rank chips
CHIP_MAX = 26  # a face no larger than this either way is a rank chip (show-all hands)
CHIP_INDEX_W = 14  # the chip's rank fits this width at its left: in sight when chips overlap


def chip_label(card: str) -> str:
    """A chip's rank: the number, or the Wizard's / Jester's one-character name."""
    if card in (WIZARD, JESTER):
        from cardtable.i18n import tr
        return tr(f"ui.wizard.chip.{card}")
    return card[1:]


def chip_label_size(text: Text, label: str) -> tuple[int, int]:
    """The size a chip's rank is drawn at and its width (logical px)."""
    size = text.fit(label, 14, CHIP_INDEX_W, True, min_size=10)
    return size, text.size(label, size, True)[0]


def _paint_chip(surf: gfx.Image, card: str, text: Text) -> None:
    """A small rounded tile in the card's colour with its rank at the left, white (dark on
    yellow): the others' hands under 顯示所有手牌, readable where a 32x45 card was not."""
    w, h = surf.get_size()
    suit = card[0] if card not in (WIZARD, JESTER) else None
    bg = SUIT_COLORS.get(suit or "", WIZARD_BG if card == WIZARD else JESTER_BG)
    r = pygame.Rect(0, 0, w, h)
    gfx.rect(surf, bg, r, border_radius=5)
    gfx.rect(surf, (245, 245, 250), r, 1, border_radius=5)
    label = chip_label(card)
    size, lw = chip_label_size(text, label)
    ink = (28, 24, 20) if suit == "y" else (255, 255, 255)
    s = text.render(label, size, ink, True)
    surf.blit(s, s.get_rect(midleft=(2 + max(0, (CHIP_INDEX_W - lw) // 2) + 1, h // 2)))


# ---------------------------------------------------------------- faces
def _paint_wizard(surf: gfx.Image, card: str, text: Text) -> None:
    w, h = surf.get_size()
    if max(w, h) <= CHIP_MAX and card != BACK:
        _paint_chip(surf, card, text)
        return
    if card == WIZARD:
        _special(surf, text, WIZARD_BG, "Z", wizard_emblem, GOLD)
        return
    if card == JESTER:
        _special(surf, text, JESTER_BG, "N", jester_emblem, (250, 250, 252))
        return
    if card == BACK or len(card) < 2 or card[0] not in SUIT_COLORS:
        surf.blit(back_face((w, h)), (0, 0))
        return
    suit, num = card[0], card[1:]
    color, ink = SUIT_COLORS[suit], SUIT_INK[suit]
    surf.blit(cardart._blank((w, h), color), (0, 0))
    # a soft white medallion with the number in the middle
    med = gfx.Surface((w, h), pygame.SRCALPHA)
    rr = int(w * 0.34)
    gfx.circle(med, (255, 255, 255, 235), (w // 2, int(h * 0.53)), rr)
    gfx.circle(med, (*ink, 255), (w // 2, int(h * 0.53)), rr, max(1, w // 40))
    surf.blit(med, (0, 0))
    for i in range(8):  # a ring of small dots around the medallion
        a = math.radians(i * 45 + 22.5)
        p = (w / 2 + (rr + w * 0.07) * math.cos(a), h * 0.53 + (rr + w * 0.07) * math.sin(a))
        gfx.circle(surf, (255, 255, 255), p, max(1, w // 36))
    size = int(w * (0.44 if len(num) == 1 else 0.38))
    big = cardart._outlined(text, num, size, color, ink, max(1, w // 50))
    surf.blit(big, big.get_rect(center=(w // 2, int(h * 0.53))))
    _index(surf, text, num, ink)


def _index(surf: gfx.Image, text: Text, label: str, ink: Color) -> None:
    """Top-left and bottom-right indices (readable when cards overlap in a hand)."""
    w, h = surf.get_size()
    size = max(10, int(w * 0.2))
    s = cardart.corner_index(text, label, size, (255, 255, 255), ink, max(1, w // 60))
    surf.blit(s, (int(w * 0.07), int(h * 0.03)))
    s2 = gfx.rotate(s, 180)
    surf.blit(s2, (w - int(w * 0.07) - s2.get_width(), h - int(h * 0.03) - s2.get_height()))


def _special(surf: gfx.Image, text: Text, bg: Color, letter: str, emblem: object,
             letter_color: Color) -> None:
    w, h = surf.get_size()
    surf.blit(cardart._blank((w, h), bg), (0, 0))
    layer = gfx.Surface((w, h), pygame.SRCALPHA)
    for i in range(9):  # faint rays from the centre
        a = math.radians(i * 40)
        gfx.line(layer, (255, 255, 255, 26), (w / 2, h * 0.5),
                 (w / 2 + w * math.cos(a), h * 0.5 + w * math.sin(a)), max(1, w // 16))
    surf.blit(layer, (0, 0))
    emblem(surf, (w / 2, h * 0.47), w * 0.27)  # type: ignore[operator]
    dark = tuple(max(0, c - 60) for c in bg)
    _index(surf, text, letter, dark)  # type: ignore[arg-type]
    name = cardart.card_label(GAME, letter)
    size = text.fit(name, max(10, int(w * 0.17)), int(w * 0.7), True, min_size=9)
    lab = cardart._outlined(text, name, size, letter_color, dark, 1)  # type: ignore[arg-type]
    surf.blit(lab, lab.get_rect(center=(w // 2, int(h * 0.8))))


# ---------------------------------------------------------------- back
_BACKS: dict[tuple[int, int], gfx.Image] = gfx.SurfaceCache()


def back_face(size: tuple[int, int]) -> gfx.Image:
    """The Wizard card back: night violet, a lattice of small stars, a crescent moon."""
    got = _BACKS.get(size)
    if got is not None:
        return got
    w, h = size
    surf = cardart._blank(size, BACK_BG)
    inset = max(5, w // 10)
    inner = surf.get_rect().inflate(-2 * inset, -2 * inset)
    layer = gfx.Surface(size, pygame.SRCALPHA)
    step = max(7, w // 6)
    for j, y in enumerate(range(inner.top + step // 2, inner.bottom, step)):
        for x in range(inner.left + (step // 2 if j % 2 else step), inner.right, step):
            star(layer, (x, y), max(1.5, w / 40), (210, 200, 255, 70), 4, 0.4)
    surf.blit(layer, (0, 0))
    gfx.rect(surf, GOLD, inner, max(1, w // 45), border_radius=max(3, w // 14))
    c = (w / 2, h / 2)
    r = min(w, h) * 0.27
    gfx.circle(surf, (24, 18, 60), c, r * 1.12)
    gfx.circle(surf, GOLD, c, r * 1.12, max(1, w // 45))
    moon = gfx.Surface((int(r * 2), int(r * 2)), pygame.SRCALPHA)
    gfx.circle(moon, (*GOLD, 255), (r, r), r * 0.72)
    gfx.circle(moon, (0, 0, 0, 0), (r + r * 0.34, r - r * 0.18), r * 0.62)
    surf.blit(moon, (c[0] - r * 1.08, c[1] - r))
    star(surf, (c[0] + r * 0.42, c[1] - r * 0.05), r * 0.26, (255, 246, 210))
    surf = draw.fast(surf)
    _BACKS[size] = surf
    return surf


cardart.PAINTERS[GAME] = _paint_wizard
