"""Every character a person may type in a name has a real glyph in the face chain the app uses
for each locale (issue 19): the fonts' cmaps are read with fontTools, and the regional face
(Noto Sans CJK TC for zh-TW, SC for zh-CN) is the one that draws what it has."""

from __future__ import annotations

import os
import unicodedata
from functools import cache

import pytest

from cardtable import i18n

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ttLib = pytest.importorskip("fontTools.ttLib")

URO = range(0x4E00, 0x9FFF + 1)  # CJK Unified Ideographs
EXT_A = range(0x3400, 0x4DBF + 1)  # CJK Unified Ideographs Extension A
FULL_WIDTH = [*range(0xFF01, 0xFF60 + 1), *range(0xFFE0, 0xFFE6 + 1)]
# CJK punctuation, kana, bopomofo, enclosed numbers and CJK letters, box drawing, the symbols the
# app itself prints (suits, arrows, fractions, ×, ÷, ⟦⟧ of a missing key)
SYMBOL_BLOCKS = [range(0x3000, 0x303F + 1), range(0x3041, 0x30FF + 1),
                 range(0x3105, 0x312F + 1), range(0x2460, 0x24FF + 1),
                 range(0x3200, 0x32FF + 1), range(0x2500, 0x259F + 1)]
SYMBOLS = ("♠♥♦♣♤♡♢♧★☆●○◆◇■□▲△▼▽◀▶←↑→↓↔↕「」『』【】〔〕〈〉《》（）［］｛｝½¼¾×÷±−–—…‧·•"
           "′″°‰№※〃々〇～！？，。、；：＋－＝＜＞％＃＆＊＠￥＄ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩ①②③④⑤⑥⑦⑧⑨⑩✓♪♫"
           "♀♂∞≤≥≠≈√∑∏∫∀∃∅∈∪∩⟦⟧“”‘’")
EMOTICONS = range(0x1F600, 0x1F64F + 1)  # 😀 … 🙏, the whole block
NAME_EMOJI = "😀😂🥰😎🤔👍👋🙏💪❤💕💖✨⭐🌟🌸🌹🍀🍓🍰🎉🎲🃏🐱🐶🐻🐼🦊🐰🔥🌈☀🌙⚡🎵🏀⚽🚀"


def _printable(cps: object) -> list[int]:
    return [cp for cp in cps  # type: ignore[attr-defined]
            if unicodedata.category(chr(cp)) not in ("Cn", "Cc", "Cs", "Co")]


def hkscs_compatibility_ideographs() -> list[int]:
    """The CJK Compatibility Ideographs (BMP block and supplement) that Big5-HKSCS maps to."""
    out = set()
    for lead in range(0x81, 0xFF):
        for trail in [*range(0x40, 0x7F), *range(0xA1, 0xFF)]:
            try:
                text = bytes((lead, trail)).decode("big5hkscs")
            except UnicodeDecodeError:
                continue
            out.update(ord(c) for c in text
                       if 0xF900 <= ord(c) <= 0xFAFF or 0x2F800 <= ord(c) <= 0x2FA1F)
    return sorted(out)


@cache
def _cmap(path: str, index: int) -> frozenset[int]:
    font = ttLib.TTFont(path, fontNumber=index, lazy=True)
    return frozenset(font.getBestCmap())


def _chain_cmaps(locale: str) -> list[frozenset[int]]:
    return [_cmap(str(path), index) for path, index in i18n.font_chain(locale)]


def _not_covered(locale: str, cps: object) -> list[str]:
    cmaps = _chain_cmaps(locale)
    return [f"U+{cp:04X}" for cp in cps  # type: ignore[attr-defined]
            if not any(cp in cmap for cmap in cmaps)]


REQUIRED = {
    "CJK Unified Ideographs": URO,
    "Extension A": EXT_A,
    "Big5-HKSCS compatibility ideographs": hkscs_compatibility_ideographs(),
    "full-width forms": FULL_WIDTH,
    "CJK symbols, kana, bopomofo, enclosed": [cp for block in SYMBOL_BLOCKS
                                              for cp in _printable(block)],
    "app symbols": [ord(c) for c in SYMBOLS],
    "emoticons": EMOTICONS,
    "common name emoji": [ord(c) for c in NAME_EMOJI],
}


@pytest.mark.parametrize("locale", i18n.LOCALES)
@pytest.mark.parametrize("what", sorted(REQUIRED))
def test_every_code_point_has_a_glyph_in_the_locales_face_chain(locale: str, what: str) -> None:
    assert _not_covered(locale, REQUIRED[what]) == []


def test_the_hkscs_compatibility_ideographs_are_the_ones_the_issue_means() -> None:
    # a guard on the helper: HKSCS-2008 maps to 3 BMP and 11 supplement compatibility ideographs
    got = hkscs_compatibility_ideographs()
    assert len(got) == 14 and 0xF907 in got and 0x2F825 in got


@pytest.mark.parametrize(("locale", "codec", "leads", "trails"), [
    ("zh-TW", "big5", range(0xA4, 0xFA), [range(0x40, 0x7F), range(0xA1, 0xFF)]),
    ("zh-CN", "gb2312", range(0xB0, 0xF8), [range(0xA1, 0xFF)]),
])
def test_the_regional_face_holds_its_regions_characters(locale, codec, leads, trails) -> None:
    """Big5's ideographs for zh-TW and GB2312's for zh-CN, and every locale string, are drawn by
    the regional face (its own glyph forms), never by the shared fallback."""
    regional = _chain_cmaps(locale)[0]
    chars = set()
    for lead in leads:
        for trail_range in trails:
            for trail in trail_range:
                try:
                    chars.add(ord(bytes((lead, trail)).decode(codec)))
                except UnicodeDecodeError:
                    pass
    chars |= {ord(c) for text in i18n.load_catalog(locale).values() for c in text
              if c.isprintable()}
    assert len(chars) > 6000
    assert sorted(f"U+{cp:04X}" for cp in chars if cp not in regional) == []


def test_the_chain_starts_with_the_regional_face_and_shares_the_fallbacks() -> None:
    tw, cn = (i18n.font_chain(locale) for locale in ("zh-TW", "zh-CN"))
    assert tw[0] == i18n.font_spec("zh-TW") and cn[0] == i18n.font_spec("zh-CN")
    assert tw[0] != cn[0] and tw[1:] == cn[1:]
    for path, _ in tw + cn:
        assert path.is_file(), path
