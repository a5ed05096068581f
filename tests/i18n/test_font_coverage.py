"""Every string of every locale renders with real glyphs in that locale's font."""

from __future__ import annotations

import os

import pytest

from cardtable import i18n

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
freetype = pytest.importorskip("pygame.freetype")


@pytest.fixture(scope="module", autouse=True)
def _freetype() -> None:
    freetype.init()


def _missing_glyphs(locale: str) -> dict[str, str]:
    path, index = i18n.font_spec(locale)
    font = freetype.Font(str(path), 20, font_index=index)
    chars = sorted({c for text in i18n.load_catalog(locale).values() for c in text
                    if c.isprintable()})
    metrics = font.get_metrics("".join(chars))
    assert len(metrics) == len(chars)
    return {c: f"U+{ord(c):04X}" for c, m in zip(chars, metrics, strict=True) if m is None}


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_every_catalog_character_has_a_glyph(locale: str) -> None:
    assert _missing_glyphs(locale) == {}


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_every_string_renders(locale: str) -> None:
    path, index = i18n.font_spec(locale)
    font = freetype.Font(str(path), 18, font_index=index)
    for key, text in i18n.load_catalog(locale).items():
        for line in text.splitlines() or [""]:
            if line:
                surface, rect = font.render(line, (0, 0, 0))
                assert rect.width > 0, key


def test_the_two_faces_draw_regional_forms_differently() -> None:
    # 骨 and 直 have different standard shapes in Taiwan and mainland China
    shapes = {}
    for locale in i18n.LOCALES:
        path, index = i18n.font_spec(locale)
        font = freetype.Font(str(path), 48, font_index=index)
        surface, _ = font.render("骨直", (0, 0, 0), (255, 255, 255))
        shapes[locale] = _pixels(surface)
    assert shapes["zh-TW"] != shapes["zh-CN"]


def _pixels(surface: object) -> bytes:
    import pygame

    assert isinstance(surface, pygame.Surface)
    return pygame.image.tobytes(surface, "RGB")


def test_common_symbols_are_covered() -> None:
    for locale in i18n.LOCALES:
        path, index = i18n.font_spec(locale)
        font = freetype.Font(str(path), 20, font_index=index)
        symbols = "♠♥♦♣½×÷→←↑↓①⑨「」“”…—⟦⟧"  # ⟦⟧: the missing-key marker
        assert None not in font.get_metrics(symbols), locale
