"""Fonts (pygame.freetype, a chain of faces per locale) and a cache of rendered text surfaces.

Widgets keep message keys and translate when they draw, so a language switch needs no restart:
`Text.set_locale` swaps the font and drops the cache.

Each locale draws with its regional face (Big5, GB2312 and the app's strings in the locale's own
glyph forms); a character that face lacks (a rare name character, Extension A, an emoji) comes
from the first fallback face of `i18n.font_chain` that has it: a string is drawn as runs of
characters per face, on one baseline. The fallback faces are opened only when a string needs
them, so start-up reads no more fonts than before.
"""

from __future__ import annotations

import logging
import math
import unicodedata
from collections import OrderedDict
from pathlib import Path

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
# No text reaches the fonts unbounded, whatever a file held (a name of 200,000 characters
# once made every frame take seconds): a line drawn or measured is cut to LINE_MAX_CHARS (far
# wider than the window at the smallest size), a text wrapped into lines to WRAP_MAX_CHARS.
LINE_MAX_CHARS = 400
WRAP_MAX_CHARS = 20_000


def bounded(s: str, limit: int = LINE_MAX_CHARS) -> str:
    """`s` cut to `limit` characters (with "…" when cut)."""
    return s if len(s) <= limit else s[:limit - 1] + "…"


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


class _Face:
    """One font file of a chain, opened on first use, with the answers to "has a glyph for this
    character?" remembered (pygame.freetype reports a missing glyph as metrics None)."""

    def __init__(self, path: Path | None, index: int = 0) -> None:
        self.path = path
        self.index = index
        self._font: pygame.freetype.Font | None = None
        self._has: dict[str, bool] = {}

    @property
    def font(self) -> pygame.freetype.Font:
        if self._font is None:
            try:
                self._font = pygame.freetype.Font(None if self.path is None else str(self.path),
                                                  24, font_index=self.index)
            except (OSError, FileNotFoundError) as exc:
                log.warning("font %s unavailable (%s); using the default font", self.path, exc)
                self._font = pygame.freetype.Font(None, 24)
            self._font.pad = True
            self._font.kerning = False
        return self._font

    def has_all(self, s: str) -> bool:
        """Whether every character of `s` has a glyph (asks the font once per new character)."""
        has = self._has
        new = "".join(dict.fromkeys(ch for ch in s if ch not in has))
        if new:
            metrics = self.font.get_metrics(new)
            if len(metrics) != len(new):  # never seen; ask one character at a time then
                metrics = [self.font.get_metrics(ch)[0] for ch in new]
            for ch, got in zip(new, metrics, strict=True):
                has[ch] = got is not None
        return all(has[ch] for ch in s)


# zero-width marks a face chain may not draw: left out when no face has them, so an emoji
# sequence (❤️ with its variation selector, a ZWJ family) shows its glyphs and no box
_ZERO_WIDTH = {"Mn", "Me", "Cf"}
_RUNS_MAX = 4000


class Text:
    """Renders strings with the current locale's font chain; every surface is cached."""

    MAX_CACHE = 4000  # rendered texts kept (least recently used go first)...
    MAX_CACHE_BYTES = 48 << 20  # ...and at most about this much of their pixels
    MAX_FITS = 2000  # remembered fitting sizes and cut lines

    def __init__(self, locale: str | None = None) -> None:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        self._chains: dict[str, list[_Face]] = {}
        self._runs: OrderedDict[tuple[str, str], list[tuple[pygame.freetype.Font, str]]] = \
            OrderedDict()
        self._cache: OrderedDict[tuple[object, ...], gfx.Image] = OrderedDict()
        self._fits: OrderedDict[tuple[object, ...], int | str] = OrderedDict()
        self._cache_bytes = 0  # the pixels `_cache` holds (bounded by MAX_CACHE_BYTES)
        self.locale = locale or i18n.get_locale()
        self.font = self._font(self.locale)

    def _chain(self, locale: str) -> list[_Face]:
        chain = self._chains.get(locale)
        if chain is None:
            # the fallback faces are shared by the locales: one _Face (and one open file) each
            shared = {(f.path, f.index): f for c in self._chains.values() for f in c[1:]}
            chain = [_Face(path, index) if i == 0 else shared.get((path, index))
                     or _Face(path, index)
                     for i, (path, index) in enumerate(i18n.font_chain(locale))]
            self._chains[locale] = chain
        return chain

    def _font(self, locale: str) -> pygame.freetype.Font:
        return self._chain(locale)[0].font

    def runs(self, s: str) -> list[tuple[pygame.freetype.Font, str]]:
        """`s` cut into runs of characters drawn by one face each: the regional face where it
        has the glyph, else the first fallback face that has it (else the regional face's
        missing-glyph box, or nothing for a zero-width mark)."""
        key = (self.locale, s)
        got = self._runs.get(key)
        if got is not None:
            return got
        chain = self._chain(self.locale)
        first = chain[0]
        if first.has_all(s):
            got = [(first.font, s)]
        else:
            got = []
            for ch in s:
                face = first if first.has_all(ch) else next(
                    (f for f in chain[1:] if f.has_all(ch)), None)
                if face is None:
                    if unicodedata.category(ch) in _ZERO_WIDTH:
                        continue
                    face = first
                if got and got[-1][0] is face.font:
                    got[-1] = (face.font, got[-1][1] + ch)
                else:
                    got.append((face.font, ch))
        self._runs[key] = got
        if len(self._runs) > _RUNS_MAX:
            self._runs.popitem(last=False)
        return got

    def set_locale(self, locale: str) -> None:
        if locale != self.locale:
            self.locale = locale
            self.font = self._font(locale)
            self._cache.clear()
            self._cache_bytes = 0
            self._runs.clear()
            self._fits.clear()

    def render(self, s: str, size: int, color: Color = (255, 255, 255), bold: bool = False
               ) -> gfx.Image:
        """`s` at `size` logical pixels, rasterized at the current density (so it stays sharp
        in a large window)."""
        s = bounded(s)
        density = gfx.density()
        key = (self.locale, s, size, color, bold, density)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        style = pygame.freetype.STYLE_STRONG if bold else pygame.freetype.STYLE_DEFAULT
        if s:
            raw = self._render_runs(s, color, style, size * density)
            raw = raw.convert_alpha() if pygame.display.get_surface() else raw
            if density == 1.0:
                surf = raw
            else:
                # its logical size is the size at 1x, so text anchors the same at every density
                logical = (self._width(s, size, bold),
                           self.font.get_rect(s[:1], style=style, size=size).height)
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
        self._cache_bytes += gfx.nbytes(surf)
        while len(self._cache) > self.MAX_CACHE or (
                self._cache_bytes > self.MAX_CACHE_BYTES and len(self._cache) > 1):
            self._cache_bytes -= gfx.nbytes(self._cache.popitem(last=False)[1])
        return surf

    def _render_runs(self, s: str, color: Color, style: int, px: float) -> pygame.Surface:
        runs = self.runs(s)
        if len(runs) == 1 and runs[0][0] is self.font:
            return runs[0][0].render(runs[0][1], color, style=style, size=px)[0]
        # each run at its face's own ascent below the regional face's: one shared baseline,
        # in a surface as tall as the regional face's line
        parts = [font.render(run, color, style=style, size=px) for font, run in runs]
        base = self.font.get_sized_ascender(px)
        height = self.font.render(" ", color, style=style, size=px)[0].get_height()
        out = pygame.Surface((sum(p.get_width() for p, _ in parts), height), pygame.SRCALPHA)
        x = 0
        for part, rect in parts:
            out.blit(part, (x, base - rect.y))
            x += part.get_width()
        return out

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
        s = bounded(s, WRAP_MAX_CHARS)
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
        s = bounded(s)
        style = pygame.freetype.STYLE_STRONG if bold else pygame.freetype.STYLE_DEFAULT
        return sum(int(font.get_rect(run, style=style, size=size).width)
                   for font, run in self.runs(s))

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
        s = bounded(s)
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
            self._remember(key, cut)
        return str(cut), got

    def fit(self, s: str, size: int, width: int, bold: bool = False, min_size: int = 11) -> int:
        """The largest size <= `size` at which `s` fits in `width` (remembered: measuring each
        size tried is the costly part of drawing a name or a prompt, and the answer depends only
        on the font and the text)."""
        s = bounded(s)
        key = (s, size, width, bold, min_size)
        got = self._fits.get(key)
        if got is None:
            got = size
            while got > min_size and self._width(s, got, bold) > width:
                got -= 1
            self._remember(key, got)
        else:
            self._fits.move_to_end(key)
        return int(got)

    def _remember(self, key: tuple[object, ...], value: int | str) -> None:
        self._fits[key] = value
        if len(self._fits) > self.MAX_FITS:
            self._fits.popitem(last=False)
