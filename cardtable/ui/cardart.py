"""Card art drawn in code: faces per game and a shared back, cached per size and locale.

Every card face the app shows goes through `face()` — the hot-seat privacy test wraps it to
record which faces were drawn. Faces are built once per (game, card, size, locale) and cached.
A game's faces are painted by the painter its registration names (`GameRegistration.art`, kept
in `PAINTERS` once loaded); a game without one gets plain labelled cards.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from cardtable import i18n
from cardtable.history.describer import NUMBER_LABELS, card_text
from cardtable.ui import draw, gfx, theme
from cardtable.ui.text import Text

Size = tuple[int, int]
Painter = Callable[[gfx.Image, str, Text], None]

_text: Text | None = None
_faces: dict[tuple[str, str, Size, str], gfx.Image] = gfx.SurfaceCache(512, 64 << 20)
_backs: dict[tuple[Size, bool], gfx.Image] = gfx.SurfaceCache()
PAINTERS: dict[str, Painter] = {}


def init(text: Text) -> None:
    global _text
    _text = text
    clear_cache()


def clear_cache() -> None:
    _faces.clear()


def _txt() -> Text:
    global _text
    if _text is None:
        _text = Text()
    return _text


def face(game: str, card: str, size: Size) -> gfx.Image:
    """The face of `card` of `game` at `size` (cached)."""
    key = (game, card, size, i18n.get_locale())
    surf = _faces.get(key)
    if surf is None:
        surf = draw.fast(_make_face(game, card, size))
        _faces[key] = surf
    return surf


def prepare(game: str, card: str, size: Size) -> None:
    """Fill the cache for a face without drawing it anywhere (tables pre-warm with this; the
    hot-seat privacy test watches `face()`, which is only called to draw)."""
    key = (game, card, size, i18n.get_locale())
    if key not in _faces:
        _faces[key] = draw.fast(_make_face(game, card, size))


def back(size: Size, small: bool = False) -> gfx.Image:
    key = (size, small)
    surf = _backs.get(key)
    if surf is None:
        surf = draw.fast(_make_back(size))
        _backs[key] = surf
    return surf


def card_label(game: str, card: str) -> str:
    """A short printable name of a card, for logs and buttons (locale key when one exists)."""
    return card_text(game, card)


# ---------------------------------------------------------------- shared drawing
def _blank(size: Size, color: tuple[int, int, int], radius_frac: float = 0.09
           ) -> gfx.Image:
    w, h = size
    surf = gfx.Surface(size, pygame.SRCALPHA)
    r = max(4, int(w * radius_frac))
    gfx.rect(surf, (250, 250, 252), surf.get_rect(), border_radius=r)
    inset = max(3, w // 18)
    inner = surf.get_rect().inflate(-2 * inset, -2 * inset)
    grad = gfx.Surface(inner.size, pygame.SRCALPHA)
    top = tuple(min(255, c + 40) for c in color)
    for y in range(inner.h):
        t = y / max(1, inner.h - 1)
        c = tuple(int(a + (b - a) * t) for a, b in zip(top, color, strict=True))
        gfx.rect(grad, c, (0, y, inner.w, 1))  # a rect: the rows meet at any density
    mask = gfx.Surface(inner.size, pygame.SRCALPHA)
    gfx.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(3, r - 2))
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(grad, inner.topleft)
    gfx.rect(surf, (40, 44, 60), surf.get_rect(), 1, border_radius=r)
    return surf


def _outlined(text: Text, s: str, size: int, fg: tuple[int, int, int],
              outline: tuple[int, int, int], width: int = 2) -> gfx.Image:
    base = text.render(s, size, fg, True)
    edge = text.render(s, size, outline, True)
    out = gfx.Surface((base.get_width() + 2 * width, base.get_height() + 2 * width),
                      pygame.SRCALPHA)
    for dx in range(-width, width + 1):
        for dy in range(-width, width + 1):
            if dx * dx + dy * dy <= width * width + 1:
                out.blit(edge, (width + dx, width + dy))
    out.blit(base, (width, width))
    return out


def corner_index(text: Text, label: str, size: int, fg: tuple[int, int, int],
                 outline: tuple[int, int, int], width: int) -> gfx.Image:
    """A corner index: the outlined label, underlined when it holds a 6 or a 9, which read
    alike in the upside-down corner (as on playing cards; a play test misread +6 as 9+)."""
    s = _outlined(text, label, size, fg, outline, width)
    if any(c in "69" for c in label):
        w, h = s.get_size()
        thick = max(2, size // 9)
        y = h - thick - 1
        gfx.line(s, outline, (width, y), (w - width - 1, y), thick + 2)
        gfx.line(s, fg, (width + 1, y), (w - width - 2, y), thick)
    return s


def _corners(surf: gfx.Image, text: Text, label: str, color: tuple[int, int, int]) -> None:
    w, h = surf.get_size()
    size = max(10, int(w * 0.17))
    s = corner_index(text, label, size, (255, 255, 255), color, 1)
    surf.blit(s, (int(w * 0.09), int(h * 0.05)))
    s2 = gfx.rotate(s, 180)
    surf.blit(s2, (w - int(w * 0.09) - s2.get_width(), h - int(h * 0.05) - s2.get_height()))


def _oval(surf: gfx.Image, color: tuple[int, int, int, int]) -> None:
    w, h = surf.get_size()
    ov = gfx.Surface((int(w * 0.78), int(h * 0.5)), pygame.SRCALPHA)
    gfx.ellipse(ov, color, ov.get_rect())
    ov = gfx.rotozoom(ov, 28, 1)
    surf.blit(ov, ov.get_rect(center=(w // 2, h // 2)))


def painter_for(game: str) -> Painter:
    """The game's face painter: `PAINTERS[game]`, loaded from its registration on first use."""
    painter = PAINTERS.get(game)
    if painter is None:
        from cardtable.games import GAME_IDS, registration
        from cardtable.games.registration import resolve
        ref = registration(game).art if game in GAME_IDS else None
        if ref is None:
            return _paint_generic
        painter = PAINTERS[game] = resolve(ref)
    return painter


def _make_face(game: str, card: str, size: Size) -> gfx.Image:
    painter = painter_for(game)
    surf = gfx.Surface(size, pygame.SRCALPHA)
    painter(surf, card, _txt())
    return surf


def _paint_generic(surf: gfx.Image, card: str, text: Text) -> None:
    base = _blank(surf.get_size(), theme.PANEL_LIGHT)
    surf.blit(base, (0, 0))
    w, h = surf.get_size()
    text.blit(surf, card, (w // 2, h // 2), max(10, w // 5), theme.TEXT, True, "center")


def _make_back(size: Size) -> gfx.Image:
    w, h = size
    surf = _blank(size, theme.CARD_BACK)
    inset = max(6, w // 9)
    inner = surf.get_rect().inflate(-2 * inset, -2 * inset)
    layer = gfx.Surface(size, pygame.SRCALPHA)
    # diamond lattice
    step = max(8, w // 6)
    for x in range(-h, w + h, step):
        gfx.line(layer, (120, 170, 240, 60), (x, inner.top), (x + inner.h, inner.bottom))
        gfx.line(layer, (120, 170, 240, 60), (x + inner.h, inner.top), (x, inner.bottom))
    clip = gfx.Surface(size, pygame.SRCALPHA)
    gfx.rect(clip, (255, 255, 255, 255), inner, border_radius=max(3, w // 14))
    layer.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(layer, (0, 0))
    gfx.rect(surf, (170, 210, 255), inner, max(1, w // 40), border_radius=max(3, w // 14))
    r = min(w, h) * 0.26
    gfx.circle(surf, (24, 40, 84), (w // 2, h // 2), int(r * 1.15))
    gfx.circle(surf, (170, 210, 255), (w // 2, h // 2), int(r * 1.15), max(1, w // 45))
    draw.snowflake(surf, (w / 2, h / 2), r * 0.9, (200, 230, 255), max(1, w // 36))
    return surf


# ---------------------------------------------------------------- Cirno's cards
def _over(surf: gfx.Image, paint: Callable[[gfx.Image], None]) -> None:
    """Paint see-through colours OVER the card (blended): drawn straight onto the card's
    SRCALPHA image, a colour with alpha replaces the card's pixels and punches a hole through
    which whatever lies under the card shows (DOUBLE's disc showed SHOT's crosshair)."""
    layer = gfx.Surface(surf.get_size(), pygame.SRCALPHA)
    paint(layer)
    surf.blit(layer, (0, 0))


def _cirno_colour(card: str) -> tuple[int, int, int]:
    from cardtable.games.cirno.cards import colour
    return {
        "blue": theme.CARD_BLUE, "green": theme.CARD_GREEN, "red": theme.CARD_RED,
        "cirno": theme.CARD_CIRNO, "function": theme.CARD_FUNCTION,
        "companion": theme.CARD_COMPANION,
    }[colour(card)]


def _paint_cirno(surf: gfx.Image, card: str, text: Text) -> None:
    from cardtable.games.cirno.cards import COMPANIONS, FUNCTION_CARDS
    w, h = surf.get_size()
    color = _cirno_colour(card)
    surf.blit(_blank((w, h), color), (0, 0))
    dark = tuple(max(0, c - 70) for c in color)
    if card in COMPANIONS:
        _paint_companion(surf, card, text, dark)
        return
    if card in FUNCTION_CARDS:
        _paint_function(surf, card, text)
        return
    label = NUMBER_LABELS.get(card, card)
    if card == "9":
        _over(surf, lambda lay: draw.snowflake(lay, (w / 2, h / 2), w * 0.36,
                                               (255, 255, 255, 150), max(2, w // 30)))
        big = _outlined(text, "9", int(w * 0.58), (255, 255, 255), (30, 90, 160), max(2, w // 30))
        surf.blit(big, big.get_rect(center=(w // 2, h // 2)))
        _corners(surf, text, "9", (30, 90, 160))
        return
    _oval(surf, (255, 255, 255, 235))
    size = int(w * (0.42 if len(label) <= 2 else 0.34))
    big = _outlined(text, label, size, color, dark, max(1, w // 50))
    surf.blit(big, big.get_rect(center=(w // 2, h // 2)))
    _corners(surf, text, label, dark)


def _paint_function(surf: gfx.Image, card: str, text: Text) -> None:
    w, h = surf.get_size()
    c = (w / 2, h * 0.44)
    r = w * 0.28
    lw = max(2, w // 22)
    white = (255, 255, 255)
    gold = theme.GOLD
    # a dark disc, so the white and gold icon stands out (as it did when the disc was a hole
    # showing the dark felt)
    _over(surf, lambda lay: gfx.circle(lay, (12, 40, 48, 150), c, r * 1.25))
    if card == "PASS":
        for dx in (-r * 0.45, r * 0.25):
            pts = [(c[0] + dx - r * 0.3, c[1] - r * 0.6), (c[0] + dx + r * 0.35, c[1]),
                   (c[0] + dx - r * 0.3, c[1] + r * 0.6)]
            gfx.lines(surf, white, False, pts, lw + 2)
    elif card == "TURN":
        rect = pygame.Rect(0, 0, int(r * 1.8), int(r * 1.8))
        rect.center = (int(c[0]), int(c[1]))
        gfx.arc(surf, white, rect, math.radians(20), math.radians(160), lw + 1)
        gfx.arc(surf, gold, rect, math.radians(200), math.radians(340), lw + 1)
        for ang, col, d in ((20, white, -1), (200, gold, -1)):
            a = math.radians(ang)
            px, py = c[0] + r * 0.9 * math.cos(a), c[1] - r * 0.9 * math.sin(a)
            tang = a + d * math.pi / 2
            tip = (px + r * 0.35 * math.cos(tang), py - r * 0.35 * math.sin(tang))
            side = (px + r * 0.25 * math.cos(a), py - r * 0.25 * math.sin(a))
            side2 = (px - r * 0.25 * math.cos(a), py + r * 0.25 * math.sin(a))
            gfx.polygon(surf, col, [tip, side, side2])
    elif card == "SHOT":
        gfx.circle(surf, white, c, r, lw)
        gfx.circle(surf, theme.DANGER, c, r * 0.45, 0)
        gfx.circle(surf, white, c, r * 0.45, max(1, lw - 1))
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            gfx.line(surf, white, (c[0] + dx * r * 0.6, c[1] + dy * r * 0.6),
                     (c[0] + dx * r * 1.25, c[1] + dy * r * 1.25), lw)
    elif card == "DOUBLE":
        cw, ch = r * 0.9, r * 1.25
        for i, col in enumerate(((200, 210, 240), white)):
            rr = pygame.Rect(0, 0, int(cw), int(ch))
            rr.center = (int(c[0] - r * 0.3 + i * r * 0.55), int(c[1] - r * 0.15 + i * r * 0.3))
            gfx.rect(surf, col, rr, border_radius=max(2, w // 30))
            gfx.rect(surf, (60, 50, 100), rr, max(1, lw // 2), border_radius=max(2,
                                                                                        w // 30))
        two = text.render("2", int(r * 0.9), gold, True)
        surf.blit(two, two.get_rect(center=(int(c[0] + r * 0.25), int(c[1] + r * 0.15))))
    size = text.fit(card, int(w * 0.2), int(w * 0.84), True)
    lab = _outlined(text, card, size, white, (40, 30, 70), 1)
    surf.blit(lab, lab.get_rect(center=(w // 2, int(h * 0.8))))


def _paint_companion(surf: gfx.Image, card: str, text: Text,
                     dark: tuple[int, ...]) -> None:
    w, h = surf.get_size()
    # the picture in the upper part, the card's English name (as printed on the real cards,
    # the name players know them by) large below it
    c = (w / 2, h * 0.35)
    r = w * 0.22
    lw = max(2, w // 28)
    ink = (70, 40, 120)
    white = (255, 255, 255)
    _over(surf, lambda lay: gfx.circle(lay, (255, 255, 255, 120), c, r * 1.35))
    if card == "melting":
        pts = [(c[0], c[1] - r * 1.1), (c[0] + r * 0.7, c[1] + r * 0.1),
               (c[0] - r * 0.7, c[1] + r * 0.1)]
        gfx.polygon(surf, theme.CARD_CIRNO, pts)
        gfx.circle(surf, theme.CARD_CIRNO, (c[0], c[1] + r * 0.25), r * 0.72)
        gfx.circle(surf, white, (c[0] - r * 0.25, c[1] + r * 0.1), r * 0.16)
    elif card == "scoop":
        rect = pygame.Rect(0, 0, int(r * 2.2), int(r * 1.2))
        rect.center = (int(c[0]), int(c[1]))
        gfx.ellipse(surf, white, rect)
        gfx.ellipse(surf, ink, rect, lw)
        gfx.circle(surf, ink, c, r * 0.42)
        gfx.circle(surf, white, (c[0] + r * 0.12, c[1] - r * 0.12), r * 0.12)
    elif card in ("pick_out", "all_draw", "draw"):
        n = 3 if card != "draw" else 1
        cw, ch = r * 0.75, r * 1.05
        for i in range(n):
            dx = (i - (n - 1) / 2) * r * 0.8
            lift = -r * 0.35 if (card == "pick_out" and i == 1) else 0
            rr = pygame.Rect(0, 0, int(cw), int(ch))
            rr.center = (int(c[0] + dx), int(c[1] + lift))
            gfx.rect(surf, white, rr, border_radius=max(2, w // 30))
            gfx.rect(surf, ink, rr, max(1, lw // 2), border_radius=max(2, w // 30))
        if card != "pick_out":
            ax = c[0] + (r * 1.0 if card == "draw" else 0)
            ay = c[1] + r * 0.75
            gfx.line(surf, ink, (ax, ay - r * 0.45), (ax, ay + r * 0.2), lw)
            gfx.polygon(surf, ink, [(ax - r * 0.22, ay), (ax + r * 0.22, ay),
                                    (ax, ay + r * 0.3)])
        else:
            draw.snowflake(surf, (c[0], c[1] - r * 0.35), r * 0.25, theme.CARD_BLUE, 2)
    elif card in ("change", "l_or_r"):
        for sgn, y in ((1, -r * 0.35), (-1, r * 0.35)):
            if card == "l_or_r":
                sgn = -sgn
            x0, x1 = c[0] - sgn * r, c[0] + sgn * r
            gfx.line(surf, ink, (x0, c[1] + y), (x1, c[1] + y), lw + 1)
            gfx.polygon(surf, ink, [(x1, c[1] + y - r * 0.28), (x1, c[1] + y + r * 0.28),
                                    (x1 + sgn * r * 0.35, c[1] + y)])
    elif card == "twenty":
        big = _outlined(text, "20", int(r * 1.5), white, ink, 2)
        surf.blit(big, big.get_rect(center=(int(c[0]), int(c[1]))))
    name = card_label("cirno", card)
    top, room, width = int(h * 0.58), int(h * 0.37), int(w * 0.9)
    size = max(10, int(w * 0.21))  # 17 px on the table's 84 px card (was 12)
    lines = text.wrap(name, size, width, True)
    while size > 9 and (len(lines) > 2 or len(lines) * (text.line_height(size) - 2) > room):
        size -= 1
        lines = text.wrap(name, size, width, True)
    step = text.line_height(size) - 2
    y = top + (room - step * len(lines)) // 2
    for line in lines:
        s = _outlined(text, line, size, white, ink, max(1, w // 60))
        surf.blit(s, s.get_rect(midtop=(w // 2, y)))
        y += step


PAINTERS["cirno"] = _paint_cirno
