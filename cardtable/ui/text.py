"""Fonts (pygame.freetype, one face per locale) and a cache of rendered text surfaces.

Widgets keep message keys and translate when they draw, so a language switch needs no restart:
`Text.set_locale` swaps the font and drops the cache.
"""

from __future__ import annotations

import logging
import math
from collections import OrderedDict

import pygame
import pygame.freetype

from cardtable import i18n
from cardtable.ui import gfx

log = logging.getLogger(__name__)

Color = tuple[int, int, int]

_NO_BREAK_BEFORE = set("，。、；：？！」』）》〉】〕〗〙〛｝］〞”’…‥・·〜～,.;:?!)]}%％")
_NO_BREAK_AFTER = set("「『（《〈【〔〖〘〚｛［〝“‘([{")
_SIGNS = set("+-−±")  # a sign leading a number: "+20" stays one word
_DASHES = set("—―─…")  # a run of one of these is never split
_INNER = set(".,/:%-")  # inside a word or number: "3.5", "2/0", "12:30", "1,000", "3-5"
_WRAPS: OrderedDict[tuple[object, ...], list[str]] = OrderedDict()
_WRAPS_MAX = 4000


def _is_word_char(ch: str) -> bool:
    """A letter or digit of a Latin-like script (CJK ideographs and kana break anywhere)."""
    return ch.isalnum() and ord(ch) < 0x1100


def _wrap_units(para: str) -> list[str]:
    """`para` cut into the pieces a line may not split: a Latin word or number (with a leading
    sign and inner . , / : % -), a single CJK character or other mark, or a space; closing
    punctuation sticks to the piece before it and opening punctuation to the piece after it."""
    atoms: list[str] = []
    i, n = 0, len(para)
    while i < n:
        ch = para[i]
        j = i + 1
        if ch in _DASHES:  # a "——" (or "……") run is never split across lines
            while j < n and para[j] == ch:
                j += 1
        elif _is_word_char(ch) or (ch in _SIGNS and j < n and _is_word_char(para[j])):
            while j < n and (_is_word_char(para[j]) or (
                    para[j] in _INNER and (j + 1 < n and _is_word_char(para[j + 1])
                                           or para[j] == "%"))):
                j += 1
        atoms.append(para[i:j])
        i = j
    units: list[str] = []
    glue_next = False
    for atom in atoms:
        if units and (glue_next or (atom[0] in _NO_BREAK_BEFORE and units[-1] != " ")):
            units[-1] += atom
        else:
            units.append(atom)
        glue_next = atom in _NO_BREAK_AFTER
    return units


class Text:
    """Renders strings with the current locale's font; every surface is cached."""

    MAX_CACHE = 4000

    def __init__(self, locale: str | None = None) -> None:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        self._fonts: dict[str, pygame.freetype.Font] = {}
        self._cache: OrderedDict[tuple[object, ...], gfx.Image] = OrderedDict()
        self._fits: dict[tuple[object, ...], int] = {}
        self.locale = locale or i18n.get_locale()
        self.font = self._font(self.locale)

    def _font(self, locale: str) -> pygame.freetype.Font:
        font = self._fonts.get(locale)
        if font is None:
            path, index = i18n.font_spec(locale)
            try:
                font = pygame.freetype.Font(str(path), 24, font_index=index)
            except (OSError, FileNotFoundError) as exc:
                log.warning("font %s unavailable (%s); using the default font", path, exc)
                font = pygame.freetype.Font(None, 24)
            font.pad = True
            font.kerning = False
            self._fonts[locale] = font
        return font

    def set_locale(self, locale: str) -> None:
        if locale != self.locale:
            self.locale = locale
            self.font = self._font(locale)
            self._cache.clear()
            self._fits.clear()

    def render(self, s: str, size: int, color: Color = (255, 255, 255), bold: bool = False
               ) -> gfx.Image:
        """`s` at `size` logical pixels, rasterized at the current density (so it stays sharp
        in a large window)."""
        density = gfx.density()
        key = (self.locale, s, size, color, bold, density)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        style = pygame.freetype.STYLE_STRONG if bold else pygame.freetype.STYLE_DEFAULT
        if s:
            raw, _ = self.font.render(s, color, style=style, size=size * density)
            raw = raw.convert_alpha() if pygame.display.get_surface() else raw
            if density == 1.0:
                surf = raw
            else:
                # its logical size is the size at 1x, so text anchors the same at every density
                logical = self.font.get_rect(s, style=style, size=size).size
                # glyph advances rounded to whole pixels at the scaled size can add up to a few
                # % more width (4 % at 15 px in a 90 % window): squeeze that back, so the text
                # never runs past the box its 1x width was measured for
                room = math.ceil(logical[0] * density) + 1
                if raw.get_width() > room:
                    raw = pygame.transform.smoothscale(raw, (room, raw.get_height()))
                surf = gfx.ScaledSurface(raw, density, logical)
        else:
            surf = gfx.Surface((1, self.line_height(size)), pygame.SRCALPHA)
        self._cache[key] = surf
        if len(self._cache) > self.MAX_CACHE:
            self._cache.popitem(last=False)
        return surf

    def size(self, s: str, size: int, bold: bool = False) -> tuple[int, int]:
        return self.render(s, size, (255, 255, 255), bold).get_size()

    # Layout measures (line height, widths for wrapping and fitting) are taken at the logical
    # size whatever the density, so lines break and stack the same way in every window size.
    def line_height(self, size: int) -> int:
        return int(self.font.get_sized_height(size) or size * 1.4)

    def wrap(self, s: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Break `s` into lines no wider than `width`: CJK text breaks between any two
        characters, Latin words and numbers ("+20", "3.5", "2/0") only at spaces or next to CJK,
        and closing punctuation never starts a line. A piece wider than a whole line is cut
        where it must. Answers are remembered (callers wrap the same text every frame)."""
        key = (self.locale, s, size, width, bold)
        got = _WRAPS.get(key)
        if got is not None:
            _WRAPS.move_to_end(key)
            return list(got)
        lines: list[str] = []
        for para in s.split("\n"):
            line = ""
            first = len(lines)  # the paragraph's first line keeps its indent
            for unit in _wrap_units(para):
                if unit == " ":
                    line += unit if line or len(lines) == first else ""
                    continue
                if self._width(line + unit, size, bold) <= width:
                    line += unit
                    continue
                if line.strip():
                    lines.append(line.rstrip(" "))
                line = ""
                if self._width(unit, size, bold) <= width:
                    line = unit
                    continue
                for ch in unit:  # wider than a whole line: cut where it must
                    if line and self._width(line + ch, size, bold) > width:
                        keep = len(line) > 1 and ch in _NO_BREAK_BEFORE and \
                            self._width(line[-1] + ch, size, bold) <= width
                        lines.append(line[:-1] if keep else line)
                        line = line[-1] if keep else ""
                    line += ch
            lines.append(line)
        _WRAPS[key] = lines
        if len(_WRAPS) > _WRAPS_MAX:
            _WRAPS.popitem(last=False)
        return list(lines)

    def _width(self, s: str, size: int, bold: bool) -> int:
        style = pygame.freetype.STYLE_STRONG if bold else pygame.freetype.STYLE_DEFAULT
        return int(self.font.get_rect(s, style=style, size=size).width)

    def blit(self, target: gfx.Image, s: str, pos: tuple[int, int], size: int,
             color: Color = (255, 255, 255), bold: bool = False, anchor: str = "topleft"
             ) -> pygame.Rect:
        surf = self.render(s, size, color, bold)
        rect = surf.get_rect(**{anchor: pos})
        target.blit(surf, rect)
        return rect

    def fit_line(self, s: str, size: int, width: int, bold: bool = False, min_size: int = 11
                 ) -> tuple[str, int]:
        """`s` and the largest size <= `size` at which it fits in `width`; when it does not fit
        even at `min_size` (a name of ten W's), it is cut short with "…" at that size."""
        got = self.fit(s, size, width, bold, min_size)
        if self._width(s, got, bold) <= width:
            return s, got
        key = (s, size, width, bold, min_size, "…")
        cut = self._fits.get(key)
        if cut is None:
            n = len(s) - 1
            while n > 1 and self._width(s[:n] + "…", got, bold) > width:
                n -= 1
            cut = s[:n] + "…"
            self._fits[key] = cut
        return str(cut), got

    def fit(self, s: str, size: int, width: int, bold: bool = False, min_size: int = 11) -> int:
        """The largest size <= `size` at which `s` fits in `width` (remembered: measuring each
        size tried is the costly part of drawing a name or a prompt, and the answer depends only
        on the font and the text)."""
        key = (s, size, width, bold, min_size)
        got = self._fits.get(key)
        if got is None:
            if len(self._fits) > 2000:
                self._fits.clear()
            got = size
            while got > min_size and self._width(s, got, bold) > width:
                got -= 1
            self._fits[key] = got
        return got
