"""Fonts (pygame.freetype, one face per locale) and a cache of rendered text surfaces.

Widgets keep message keys and translate when they draw, so a language switch needs no restart:
`Text.set_locale` swaps the font and drops the cache.
"""

from __future__ import annotations

import logging
from collections import OrderedDict

import pygame
import pygame.freetype

from cardtable import i18n
from cardtable.ui import gfx

log = logging.getLogger(__name__)

Color = tuple[int, int, int]

_NO_BREAK_BEFORE = set("，。、；：？！」』）》〉…,.;:?!)]%")


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
            # its logical size is the size at 1x, so text anchors the same at every density
            surf = raw if density == 1.0 else gfx.ScaledSurface(
                raw, density, self.font.get_rect(s, style=style, size=size).size)
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
        """Break `s` into lines no wider than `width` (CJK breaks anywhere; Latin at spaces)."""
        lines: list[str] = []
        for para in s.split("\n"):
            line = ""
            for ch in para:
                trial = line + ch
                if line and self._width(trial, size, bold) > width:
                    if ch in _NO_BREAK_BEFORE and len(line) > 1:
                        # carry the last character (and closing marks before it) down
                        k = 1
                        while k < len(line) - 1 and line[-k] in _NO_BREAK_BEFORE:
                            k += 1
                        lines.append(line[:-k])
                        line = line[-k:] + ch
                        continue
                    # keep a Latin word together when possible
                    cut = line.rfind(" ") if ch.isascii() and ch.isalnum() else -1
                    if cut > 0 and line[cut + 1:].isascii():
                        lines.append(line[:cut])
                        line = line[cut + 1:] + ch
                    else:
                        lines.append(line)
                        line = ch.lstrip() if ch == " " else ch
                else:
                    line = trial
            lines.append(line)
        return lines

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
