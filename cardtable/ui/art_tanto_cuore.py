"""Tanto Cuore (女僕咖啡廳) card art drawn in code — no publisher art.

A clean frame per kind (Love pink, maid chief green, general maid blue, private maid black with
gold, events violet), the employ cost (a heart coin, top left) and the VP (a star, top right),
a simple emblem (a heart for Love, a maid portrait with her own hair colour for maids, a pill
for Illness, a storm cloud for a Bad Habit), the card's name from the locale and, on larger
faces, the serving bonuses as chips and our short card text. Plus the game's own back.

Importing the module registers the painter with `cardart.PAINTERS["tanto_cuore"]`, so every
face still goes through `cardart.face()` (which the hot-seat privacy test watches).
"""

from __future__ import annotations

import math

import pygame

from cardtable.games.tanto_cuore.cards import CARDS, CardDef
from cardtable.i18n import has_key, tr
from cardtable.ui import cardart, draw, gfx
from cardtable.ui.text import Text

GAME = "tanto_cuore"
Color = tuple[int, int, int]
Size = tuple[int, int]

KIND_COLORS: dict[str, Color] = {
    "love": (224, 92, 138),
    "chief": (46, 140, 98),
    "general": (52, 102, 190),
    "private": (52, 46, 64),
    "event": (118, 66, 158),
}
KIND_INK: dict[str, Color] = {
    "love": (150, 30, 76),
    "chief": (16, 80, 50),
    "general": (22, 50, 116),
    "private": (24, 20, 30),
    "event": (64, 26, 96),
}
GOLD: Color = (244, 202, 92)
WHITE: Color = (255, 255, 255)
SKIN: Color = (252, 226, 206)
BACK_BG: Color = (120, 36, 70)

# each maid's hair colour (her emblem's accent)
HAIR: dict[str, Color] = {
    "marianne": (236, 214, 150), "colette": (214, 120, 70), "anise": (120, 190, 110),
    "ophelia": (240, 232, 214), "sainsbury": (150, 96, 60), "tenalys": (190, 170, 230),
    "natsumi": (40, 40, 52), "nena": (240, 150, 60), "esquine": (110, 130, 150),
    "genevieve": (226, 186, 96), "moine": (90, 60, 50), "eliza": (70, 90, 160),
    "kagari": (30, 30, 40), "claire": (246, 246, 250), "safran": (246, 180, 40),
    "azure": (70, 140, 230), "viola": (150, 90, 210), "rouge": (214, 60, 70),
    "amber": (200, 130, 40), "nord": (60, 60, 80), "sora": (110, 190, 240),
    "fay": (40, 36, 44), "lalande": (230, 210, 170), "milly": (170, 120, 200),
    "eugenie": (190, 110, 70), "lucienne": (230, 200, 120), "rosa": (226, 120, 150),
    "tanya": (236, 236, 236),
}
BONUS_COLORS: dict[str, Color] = {
    "draw": (70, 150, 230), "love": (226, 84, 130), "serving": (236, 160, 48),
    "employ": (60, 170, 110),
}


def kind_of(face: str) -> str:
    return CARDS[face].kind


def frame_color(face: str) -> Color:
    if face == "bad_habit":
        return (150, 56, 120)
    return KIND_COLORS[kind_of(face)]


def card_name(face: str) -> str:
    return cardart.card_label(GAME, face)


def short_name(face: str) -> str:
    """The given name only (before "・"), for the small town cards."""
    name = card_name(face)
    return name.split("・")[0] if "・" in name else name


TEXT_SUFFIXES = (".desc", ".text", ".effect")


def card_text(face: str) -> str:
    """Our short card text from the game's locale (whatever suffix it uses), or ''."""
    for suf in TEXT_SUFFIXES:
        k = f"{GAME}.card.{face}{suf}"
        if has_key(k):
            return tr(k)
    k = f"ui.{GAME}.card_text.{face}"
    return tr(k) if has_key(k) else ""


def vp_label(card: CardDef) -> str | None:
    """The printed VP as shown in the star ("?" for the cards whose value is a rule)."""
    if card.id in ("safran", "ophelia"):
        return "?"
    if card.vp == 0:
        return None
    return str(card.vp)


# ---------------------------------------------------------------- emblems
def heart(surf: gfx.Image, c: tuple[float, float], r: float, color: tuple[int, ...]
          ) -> None:
    """A heart centred on c, about 2r wide."""
    cx, cy = c
    rr = r * 0.52
    gfx.circle(surf, color, (cx - rr * 0.92, cy - rr * 0.35), rr)
    gfx.circle(surf, color, (cx + rr * 0.92, cy - rr * 0.35), rr)
    pts = [(cx - r * 0.98, cy - rr * 0.1), (cx + r * 0.98, cy - rr * 0.1), (cx, cy + r * 0.95)]
    gfx.polygon(surf, color, pts)


def star(surf: gfx.Image, c: tuple[float, float], r: float, color: tuple[int, ...]
         ) -> None:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.48
        a = math.radians(-90 + i * 36)
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    gfx.polygon(surf, color, pts)


def portrait(surf: gfx.Image, c: tuple[float, float], r: float, face: str) -> None:
    """A small maid: hair, face, a white frilled headdress and a collar (dress by kind)."""
    card = CARDS[face]
    hair = HAIR.get(face, (120, 90, 70))
    dark_hair = tuple(max(0, x - 50) for x in hair)
    cx, cy = c
    dress = {"chief": (30, 70, 52), "private": (26, 22, 32)}.get(card.kind, (36, 44, 80))
    # shoulders and apron collar
    body = pygame.Rect(0, 0, int(r * 2.1), int(r * 1.3))
    body.midtop = (int(cx), int(cy + r * 0.62))
    gfx.ellipse(surf, dress, body)
    gfx.polygon(surf, WHITE, [(cx - r * 0.45, cy + r * 0.72), (cx + r * 0.45,
                                                                        cy + r * 0.72),
                                      (cx, cy + r * 1.2)])
    gfx.circle(surf, (214, 60, 90) if card.kind != "private" else GOLD,
               (cx, cy + r * 0.86), max(1.5, r * 0.12))
    # hair behind, face, bangs
    gfx.circle(surf, dark_hair, (cx, cy + r * 0.05), r * 0.86)
    gfx.ellipse(surf, dark_hair, pygame.Rect(int(cx - r * 0.95), int(cy),
                                             int(r * 1.9), int(r * 0.95)))
    gfx.circle(surf, SKIN, (cx, cy + r * 0.12), r * 0.62)
    bang = pygame.Rect(0, 0, int(r * 1.36), int(r * 0.9))
    bang.midtop = (int(cx), int(cy - r * 0.56))
    gfx.ellipse(surf, hair, bang)
    gfx.rect(surf, SKIN, pygame.Rect(int(cx - r * 0.4), int(cy - r * 0.02),
                                     int(r * 0.8), int(r * 0.6)))
    gfx.circle(surf, SKIN, (cx, cy + r * 0.2), r * 0.5)
    # eyes and a smile
    ew = max(1.2, r * 0.09)
    for dx in (-0.22, 0.22):
        gfx.circle(surf, (60, 50, 70), (cx + dx * r, cy + r * 0.14), ew)
    if r >= 14:
        arc = pygame.Rect(0, 0, int(r * 0.3), int(r * 0.2))
        arc.center = (int(cx), int(cy + r * 0.38))
        gfx.arc(surf, (190, 90, 100), arc, math.pi * 1.1, math.pi * 1.9,
                max(1, int(r * 0.05)))
    # the headdress: a white frilled band
    band = pygame.Rect(0, 0, int(r * 1.5), int(r * 0.36))
    band.center = (int(cx), int(cy - r * 0.58))
    gfx.ellipse(surf, WHITE, band)
    n = 5
    for i in range(n):
        x = band.x + band.w * (i + 0.5) / n
        gfx.circle(surf, WHITE, (x, band.y + band.h * 0.2), band.h * 0.42)
    gfx.ellipse(surf, (210, 200, 220), band, max(1, int(r * 0.04)))
    if card.kind == "chief":  # a small ribbon of office
        gfx.polygon(surf, GOLD, [(cx - r * 0.25, cy - r * 0.9), (cx + r * 0.25,
                                                                          cy - r * 0.9),
                                         (cx, cy - r * 0.68)])


def pill(surf: gfx.Image, c: tuple[float, float], r: float) -> None:
    """Illness: a two-tone capsule with a little cross."""
    w, h = r * 1.9, r * 0.8
    cap = gfx.Surface((int(w), int(h)), pygame.SRCALPHA)
    half = pygame.Rect(0, 0, int(w / 2) + 1, int(h))
    gfx.rect(cap, (240, 240, 248), pygame.Rect(0, 0, int(w), int(h)),
             border_radius=int(h / 2))
    gfx.rect(cap, (226, 84, 110), half, border_top_left_radius=int(h / 2),
             border_bottom_left_radius=int(h / 2))
    gfx.rect(cap, (60, 30, 70), pygame.Rect(0, 0, int(w), int(h)), max(1, int(r / 12)),
             border_radius=int(h / 2))
    rot = gfx.rotozoom(cap, 35, 1)
    surf.blit(rot, rot.get_rect(center=(int(c[0]), int(c[1] - r * 0.15))))
    x, y, s = c[0] + r * 0.7, c[1] + r * 0.7, r * 0.26
    gfx.rect(surf, WHITE, pygame.Rect(int(x - s), int(y - s * 0.35), int(2 * s),
                                      int(s * 0.7)))
    gfx.rect(surf, WHITE, pygame.Rect(int(x - s * 0.35), int(y - s), int(s * 0.7),
                                      int(2 * s)))


def cloud(surf: gfx.Image, c: tuple[float, float], r: float) -> None:
    """A Bad Habit: a small grey storm cloud with a zigzag."""
    cx, cy = c
    grey = (226, 222, 236)
    for dx, dy, rr in ((-0.5, 0.05, 0.42), (0.0, -0.2, 0.55), (0.5, 0.05, 0.42)):
        gfx.circle(surf, grey, (cx + dx * r, cy + dy * r), rr * r)
    gfx.rect(surf, grey, pygame.Rect(int(cx - r * 0.85), int(cy), int(r * 1.7),
                                     int(r * 0.45)), border_radius=int(r * 0.2))
    bolt = [(cx + r * 0.05, cy + r * 0.35), (cx - r * 0.25, cy + r * 0.85),
            (cx + r * 0.02, cy + r * 0.8), (cx - r * 0.18, cy + r * 1.25),
            (cx + r * 0.35, cy + r * 0.65), (cx + r * 0.08, cy + r * 0.7)]
    gfx.polygon(surf, GOLD, bolt)


# ---------------------------------------------------------------- badges and chips
def _badge(surf: gfx.Image, text: Text, c: tuple[int, int], r: int, label: str,
           shape: str, fill: Color, ink: Color) -> None:
    if shape == "heart":
        heart(surf, (c[0], c[1] + r * 0.05), r * 1.05, (*ink, 255))
        heart(surf, (c[0], c[1] + r * 0.05), r * 0.86, (*fill, 255))
        ty = c[1] - r * 0.08
    else:
        star(surf, c, r * 1.12, ink)
        star(surf, c, r * 0.94, fill)
        ty = c[1] + r * 0.04
    size = max(8, int(r * (1.05 if len(label) == 1 else 0.85)))
    s = cardart._outlined(text, label, size, WHITE, ink, 1)
    surf.blit(s, s.get_rect(center=(c[0], int(ty))))


def bonus_items(card: CardDef) -> list[tuple[str, int]]:
    b = card.bonus
    return [(k, getattr(b, k)) for k in ("draw", "love", "serving", "employ") if getattr(b, k)]


def bonus_label(kind: str, n: int) -> str:
    return tr(f"ui.{GAME}.bonus.{kind}", n=n)


def _chips(surf: gfx.Image, text: Text, card: CardDef, y: int, w: int) -> int:
    items = bonus_items(card)
    if not items:
        return y
    size = max(9, int(w * 0.1))
    surfs = [text.render(bonus_label(k, n), size, WHITE, True) for k, n in items]
    pad = max(3, w // 40)
    gap = max(2, w // 50)
    widths = [s.get_width() + 2 * pad for s in surfs]
    rows: list[list[int]] = [[]]
    used = 0
    for i, cw in enumerate(widths):
        if rows[-1] and used + gap + cw > w * 0.9:
            rows.append([])
            used = 0
        rows[-1].append(i)
        used += cw + (gap if used else 0)
    hgt = surfs[0].get_height() + 2
    for row in rows:
        total = sum(widths[i] for i in row) + gap * (len(row) - 1)
        x = (w - total) // 2
        for i in row:
            k = items[i][0]
            r = pygame.Rect(x, y, widths[i], hgt)
            gfx.rect(surf, BONUS_COLORS[k], r, border_radius=hgt // 2)
            gfx.rect(surf, WHITE, r, 1, border_radius=hgt // 2)
            surf.blit(surfs[i], surfs[i].get_rect(center=r.center))
            x += widths[i] + gap
        y += hgt + gap
    return y


# ---------------------------------------------------------------- faces
def paint(surf: gfx.Image, face: str, text: Text) -> None:
    card = CARDS.get(face)
    w, h = surf.get_size()
    if card is None:
        cardart._paint_generic(surf, face, text)
        return
    color = frame_color(face)
    ink = KIND_INK[card.kind]
    surf.blit(cardart._blank((w, h), color), (0, 0))
    if TOWN_FACE_WIDTHS[0] <= w < TOWN_FACE_WIDTHS[1]:
        _paint_town(surf, face, text, card, ink)
        return
    if HAND_FACE_WIDTHS[0] <= w < HAND_FACE_WIDTHS[1]:
        _paint_hand(surf, face, text, card, ink)
        return
    if card.kind == "private":  # a gold inner frame
        inset = max(3, w // 18) + 1
        gfx.rect(surf, GOLD, surf.get_rect().inflate(-2 * inset, -2 * inset),
                 max(1, w // 45), border_radius=max(3, w // 14))
    tiny = w < 48
    # the emblem window
    art_h = h * (0.5 if not tiny else 0.62)
    win = pygame.Rect(0, 0, int(w * 0.8), int(art_h))
    win.midtop = (w // 2, int(h * (0.1 if not tiny else 0.08)))
    layer = gfx.Surface((w, h), pygame.SRCALPHA)
    light = tuple(min(255, x + 150) for x in color)
    gfx.rect(layer, (*light, 235), win, border_radius=max(3, w // 12))
    c = (win.centerx, win.centery + (art_h * 0.02))
    r = min(win.w, win.h) * 0.4
    if card.kind == "love":
        heart(layer, (c[0], c[1]), r * 1.15, (*KIND_COLORS["love"], 255))
        big = cardart._outlined(text, str(card.love), max(8, int(r * 1.1)), WHITE, ink,
                                max(1, w // 50))
        layer.blit(big, big.get_rect(center=(int(c[0]), int(c[1] - r * 0.12))))
    elif card.kind == "event":
        if face == "illness":
            pill(layer, c, r)
        else:
            cloud(layer, (c[0], c[1] - r * 0.25), r)
    else:
        portrait(layer, (c[0], c[1] - r * 0.22), r * 0.95, face)
    surf.blit(layer, (0, 0))
    # cost and VP
    br = max(6, int(w * 0.12))
    if not tiny or card.kind != "love":
        _badge(surf, text, (int(w * 0.16), int(h * 0.1)), br, str(card.cost), "heart",
               KIND_COLORS["love"], (110, 20, 56))
    vp = vp_label(card)
    if vp is not None:
        fill = GOLD if not vp.startswith("-") else (150, 150, 170)
        _badge(surf, text, (int(w * 0.84), int(h * 0.1)), br, vp, "star", fill, (110, 74, 10))
    if tiny:
        return
    # the name ribbon
    name = card_name(face) if w >= 80 else short_name(face)
    y = win.bottom + max(2, h // 60)
    size = max(9, int(w * 0.15))
    size = text.fit(name, size, int(w * 0.88), True, 8)
    ribbon = pygame.Rect(int(w * 0.05), y, int(w * 0.9), text.line_height(size) + 2)
    gfx.rect(surf, (255, 255, 255), ribbon, border_radius=ribbon.h // 2)
    gfx.rect(surf, ink, ribbon, 1, border_radius=ribbon.h // 2)
    s = text.render(name, size, ink, True)
    surf.blit(s, s.get_rect(center=ribbon.center))
    y = ribbon.bottom + max(2, h // 70)
    if w >= 80:
        y = _chips(surf, text, card, y, w)
    if card.chamber is not None and w >= 60:
        tag = tr(f"ui.{GAME}.chamber_tag", n=card.chamber)
        ts = max(8, int(w * 0.09))
        s = text.render(tag, ts, WHITE, True)
        rr = s.get_rect(bottomleft=(int(w * 0.08), h - max(4, h // 28)))
        gfx.rect(surf, (*ink,), rr.inflate(8, 2), border_radius=6)
        surf.blit(s, rr)


# faces this wide (the town's piles and the play area) use the compact layout: cost, VP, name
# and every serving bonus and the chambermaid cost as icons with digits, at >= 12 px
TOWN_FACE_WIDTHS = (54, 66)
TOWN_TEXT = 12  # the smallest text on a town face (px at 1280x720)


def bonus_icon(surf: gfx.Image, kind: str, c: tuple[float, float], r: float) -> None:
    """A serving bonus as a small icon about 2r wide: draw a card, a heart (love), a tea cup
    (serving), a contract (employ)."""
    col = BONUS_COLORS[kind]
    cx, cy = c
    if kind == "love":
        heart(surf, c, r, col)
    elif kind == "draw":
        card = pygame.Rect(0, 0, int(r * 1.3), int(r * 1.8))
        card.center = (int(cx), int(cy))
        gfx.rect(surf, col, card.move(-2, 1), border_radius=2)
        gfx.rect(surf, WHITE, card, border_radius=2)
        gfx.rect(surf, col, card, max(1, int(r / 4)), border_radius=2)
    elif kind == "serving":
        cup = pygame.Rect(0, 0, int(r * 1.4), int(r))
        cup.center = (int(cx - r * 0.15), int(cy))
        gfx.rect(surf, col, cup, border_bottom_left_radius=int(r / 2),
                 border_bottom_right_radius=int(r / 2))
        gfx.circle(surf, col, (cup.right, cup.centery), max(2, r * 0.38), max(1, int(r / 4)))
        gfx.rect(surf, col, pygame.Rect(int(cx - r), cup.bottom + 1, int(r * 1.8),
                                        max(1, int(r / 4))))
    else:
        doc = pygame.Rect(0, 0, int(r * 1.3), int(r * 1.8))
        doc.center = (int(cx), int(cy))
        gfx.rect(surf, WHITE, doc, border_radius=2)
        gfx.rect(surf, col, doc, max(1, int(r / 4)), border_radius=2)
        for dy in (-0.4, 0.05, 0.5):
            y = int(cy + dy * r)
            gfx.line(surf, col, (doc.x + 2, y), (doc.right - 3, y), 1)


def sparkle(surf: gfx.Image, c: tuple[float, float], r: float, color: Color) -> None:
    """A four-pointed sparkle: the card has a serving effect or an ability (its tooltip)."""
    cx, cy = c
    q = r * 0.28
    gfx.polygon(surf, color, [(cx, cy - r), (cx + q, cy - q), (cx + r, cy), (cx + q, cy + q),
                              (cx, cy + r), (cx - q, cy + q), (cx - r, cy), (cx - q, cy - q)])


def _cell(surf: gfx.Image, text: Text, r: pygame.Rect, kind: str, label: str) -> None:
    """One effect cell of a town face: a white plate with the icon and its digit."""
    gfx.rect(surf, WHITE, r, border_radius=4)
    ink = BONUS_COLORS.get(kind, (96, 70, 130))
    gfx.rect(surf, ink, r, 1, border_radius=4)
    if kind == "effect":
        sparkle(surf, r.center, r.h * 0.4, ink)
        return
    s = text.render(label, TOWN_TEXT, (40, 30, 50), True)
    if kind in BONUS_COLORS:
        ir = r.h * 0.42
        bonus_icon(surf, kind, (r.x + 2 + ir, r.centery), ir)
        surf.blit(s, s.get_rect(midright=(r.right - 2, r.centery)))
    else:
        surf.blit(s, s.get_rect(center=r.center))


def town_cells(card: CardDef) -> list[tuple[str, str]]:
    """What a town face says about the card, in order: (kind, label) per cell — each serving
    bonus (kind, "n": the icon and its count), the chambermaid cost ("chamber", "貼n") and a sparkle for a serving
    effect or an ability that the tooltip explains ("effect")."""
    if card.kind == "love":
        return [("love", str(card.love))]
    cells = [(k, str(n)) for k, n in bonus_items(card)]
    if card.chamber is not None:
        cells.append(("chamber", tr(f"ui.{GAME}.chamber_cell", n=card.chamber)))
    if card.serve or card.ability is not None:
        cells.append(("effect", ""))
    return cells


def _town_badge(surf: gfx.Image, text: Text, c: tuple[int, int], r: int, label: str,
                shape: str, fill: Color, ink: Color, halo: bool = False) -> None:
    """A cost heart or VP star whose digits are TOWN_TEXT px (`halo`: a white rim, for a
    pink heart on a pink Love card)."""
    if halo:
        heart(surf, (c[0], c[1] + 1), r * 1.22, (*WHITE, 255))
    if shape == "heart":
        heart(surf, (c[0], c[1] + 1), r * 1.05, (*ink, 255))
        heart(surf, (c[0], c[1] + 1), r * 0.88, (*fill, 255))
    else:
        star(surf, c, r * 1.15, ink)
        star(surf, c, r * 0.98, fill)
    s = cardart._outlined(text, label, TOWN_TEXT, WHITE, ink, 1)
    surf.blit(s, s.get_rect(center=(c[0], c[1] - (1 if shape == "heart" else 0))))


LABEL_PAD = 3  # between a town label's edge and its name: the outline and two pixels of white


def town_label(face: str, text: Text, w: int) -> tuple[pygame.Rect, str, bool]:
    """The name label of a town face `w` wide: its rect, the name it shows and whether bold.
    The given name at TOWN_TEXT px, bold when it fits, else regular (a play test: 「泰娜莉絲」
    「藤川夏美」「一之宮篝」 bold ran over the ends of their name pills); never smaller than
    TEXT_FLOOR, so a name that fits neither way is cut short with "…"."""
    k = w / 58
    ribbon = pygame.Rect(2, int(24 * k), w - 4, int(16 * k))
    room = ribbon.w - 2 * LABEL_PAD
    name = short_name(face)
    for bold in (True, False):
        if text.size(name, TOWN_TEXT, bold)[0] <= room:
            return ribbon, name, bold
    return ribbon, text.fit_line(name, TOWN_TEXT, room, False, TOWN_TEXT)[0], False


def _paint_town(surf: gfx.Image, face: str, text: Text, card: CardDef, ink: Color) -> None:
    """The compact face: cost (every card, Love included) and VP badges with the portrait
    between them, the given name, then effect cells (two a row) that end above the pile's
    count badge."""
    w, h = surf.get_size()
    k = w / 58
    br = int(10 * k)
    layer = gfx.Surface((w, h), pygame.SRCALPHA)
    c = (w / 2, 12 * k)
    if card.kind == "love":
        pass  # the pink card, its name and its value say it; the cost heart leads the top
    elif face == "illness":
        pill(layer, c, 8 * k)
    elif face == "bad_habit":
        cloud(layer, (c[0], c[1] - 4 * k), 8 * k)
    else:
        portrait(layer, (c[0], c[1] - 1 * k), 8 * k, face)
    surf.blit(layer, (0, 0))
    # every pile says its cost, the Love piles too (2 Love costs 4, 3 Love costs 7)
    _town_badge(surf, text, (br + 2, br + 2), br, str(card.cost), "heart",
                KIND_COLORS["love"], (110, 20, 56), halo=card.kind == "love")
    vp = vp_label(card)
    if vp is not None:
        fill = GOLD if not vp.startswith("-") else (150, 150, 170)
        _town_badge(surf, text, (w - br - 2, br + 2), br, vp, "star", fill, (110, 74, 10))
    # the given name, inside its label (town_label)
    ribbon, name, bold = town_label(face, text, w)
    gfx.rect(surf, WHITE, ribbon, border_radius=max(3, int(4 * k)))
    gfx.rect(surf, ink, ribbon, 1, border_radius=max(3, int(4 * k)))
    s = text.render(name, TOWN_TEXT, ink, bold)
    surf.blit(s, s.get_rect(center=ribbon.center))
    # the effect cells, two a row
    cw = (w - int(8 * k)) // 2
    ch = int(15 * k)
    y0 = ribbon.bottom + int(2 * k)
    for i, (kind, label) in enumerate(town_cells(card)[:4]):
        row, col = divmod(i, 2)
        r = pygame.Rect(int(3 * k) + col * (cw + int(2 * k)), y0 + row * (ch + int(2 * k)),
                        cw, ch)
        _cell(surf, text, r, kind, label)


# faces this wide (the hand at 1280x720) use the hand layout: a shorter emblem window, the name
# at HAND_NAME px (never under TEXT_FLOOR: the full name when it fits, else the given name, as
# on the town faces) and the effect cells of the town faces (icons with digits at TOWN_TEXT)
HAND_FACE_WIDTHS = (80, 120)
HAND_NAME = 13
TEXT_FLOOR = 12  # no text on a town or hand face is smaller (px at 1280x720)


def hand_name(face: str, text: Text, width: int) -> tuple[str, int]:
    """The name a hand face shows and its size: the full name at HAND_NAME px (or a little
    smaller, down to TEXT_FLOOR) when it fits `width`, else the given name the town faces
    show, at the largest size from HAND_NAME down that fits."""
    full = card_name(face)
    size = text.fit(full, HAND_NAME, width, True, TEXT_FLOOR)
    if text.size(full, size, True)[0] <= width:
        return full, size
    short = short_name(face)
    return short, text.fit(short, HAND_NAME, width, True, TEXT_FLOOR)


def _paint_hand(surf: gfx.Image, face: str, text: Text, card: CardDef, ink: Color) -> None:
    """The hand's face: cost and VP badges with digits of TEXT_FLOOR px or more, the emblem,
    the name ribbon (`hand_name`), then the town faces' effect cells, two a row (a play test:
    the full name shrunk to 8 px and the bonus chips to 9 px, some cut by the card's edge)."""
    w, h = surf.get_size()
    color = frame_color(face)
    if card.kind == "private":  # a gold inner frame
        inset = max(3, w // 18) + 1
        gfx.rect(surf, GOLD, surf.get_rect().inflate(-2 * inset, -2 * inset),
                 max(1, w // 45), border_radius=max(3, w // 14))
    win = pygame.Rect(0, 0, int(w * 0.8), int(h * 0.43))
    win.midtop = (w // 2, int(h * 0.08))
    layer = gfx.Surface((w, h), pygame.SRCALPHA)
    light = tuple(min(255, x + 150) for x in color)
    gfx.rect(layer, (*light, 235), win, border_radius=max(3, w // 12))
    c = (win.centerx, win.centery)
    r = min(win.w, win.h) * 0.42
    if card.kind == "love":
        heart(layer, c, r * 1.15, (*KIND_COLORS["love"], 255))
        big = cardart._outlined(text, str(card.love), max(TEXT_FLOOR, int(r * 1.1)), WHITE,
                                ink, max(1, w // 50))
        layer.blit(big, big.get_rect(center=(int(c[0]), int(c[1] - r * 0.12))))
    elif face == "illness":
        pill(layer, c, r)
    elif face == "bad_habit":
        cloud(layer, (c[0], c[1] - r * 0.25), r)
    else:
        portrait(layer, (c[0], c[1] - r * 0.2), r * 0.95, face)
    surf.blit(layer, (0, 0))
    br = max(9, int(w * 0.12))
    _town_badge(surf, text, (br + 2, br + 2), br, str(card.cost), "heart",
                KIND_COLORS["love"], (110, 20, 56))
    vp = vp_label(card)
    if vp is not None:
        fill = GOLD if not vp.startswith("-") else (150, 150, 170)
        _town_badge(surf, text, (w - br - 2, br + 2), br, vp, "star", fill, (110, 74, 10))
    name, size = hand_name(face, text, int(w * 0.88) - 6)
    ribbon = pygame.Rect(int(w * 0.05), win.bottom + 3, int(w * 0.9),
                         text.line_height(size) + 1)
    gfx.rect(surf, WHITE, ribbon, border_radius=ribbon.h // 2)
    gfx.rect(surf, ink, ribbon, 1, border_radius=ribbon.h // 2)
    s = text.render(name, size, ink, True)
    surf.blit(s, s.get_rect(center=ribbon.center))
    if card.kind == "love":
        return  # its value is the emblem's digit
    gap = 4
    cw = min((w - 3 * gap - 4) // 2, int(w * 0.36))  # an icon and its digit, close together
    ch = text.line_height(TOWN_TEXT) - 1
    x0 = (w - 2 * cw - gap) // 2
    y0 = ribbon.bottom + 4
    for i, (kind, label) in enumerate(town_cells(card)[:4]):
        row, col = divmod(i, 2)
        r_ = pygame.Rect(x0 + col * (cw + gap), y0 + row * (ch + 3), cw, ch)
        _cell(surf, text, r_, kind, label)


cardart.PAINTERS[GAME] = paint


# ---------------------------------------------------------------- the back
_BACKS: dict[Size, gfx.Image] = gfx.SurfaceCache()


def back(size: Size) -> gfx.Image:
    """The game's back: wine red with a lattice of small hearts and a heart medallion."""
    s = _BACKS.get(size)
    if s is None:
        s = draw.fast(_make_back(size))
        _BACKS[size] = s
    return s


def _make_back(size: Size) -> gfx.Image:
    w, h = size
    surf = cardart._blank(size, BACK_BG)
    inset = max(5, w // 9)
    inner = surf.get_rect().inflate(-2 * inset, -2 * inset)
    layer = gfx.Surface(size, pygame.SRCALPHA)
    step = max(7, w // 6)
    for j, y in enumerate(range(inner.top + step // 2, inner.bottom, step)):
        for x in range(inner.left + (step // 2 if j % 2 else 0), inner.right, step):
            heart(layer, (x, y), step * 0.22, (255, 190, 210, 70))
    clip = gfx.Surface(size, pygame.SRCALPHA)
    gfx.rect(clip, (255, 255, 255, 255), inner, border_radius=max(3, w // 14))
    layer.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(layer, (0, 0))
    gfx.rect(surf, GOLD, inner, max(1, w // 40), border_radius=max(3, w // 14))
    r = min(w, h) * 0.26
    gfx.circle(surf, (80, 18, 44), (w // 2, h // 2), int(r * 1.15))
    gfx.circle(surf, GOLD, (w // 2, h // 2), int(r * 1.15), max(1, w // 45))
    heart(surf, (w / 2, h / 2 + r * 0.08), r * 0.75, (255, 170, 196))
    return surf


def private_back(size: Size) -> gfx.Image:
    """The face-down private-maid pile: a black back with a gold cameo."""
    key = (size[0], -size[1])
    s = _BACKS.get(key)
    if s is None:
        w, h = size
        s = cardart._blank(size, KIND_COLORS["private"])
        inset = max(4, w // 9)
        inner = s.get_rect().inflate(-2 * inset, -2 * inset)
        gfx.rect(s, GOLD, inner, max(1, w // 40), border_radius=max(3, w // 14))
        oval = pygame.Rect(0, 0, int(w * 0.46), int(h * 0.42))
        oval.center = (w // 2, h // 2)
        gfx.ellipse(s, (90, 80, 100), oval)
        gfx.ellipse(s, GOLD, oval, max(1, w // 40))
        heart(s, (w / 2, h / 2 + 2), min(w, h) * 0.13, GOLD)
        s = draw.fast(s)
        _BACKS[key] = s
    return s
