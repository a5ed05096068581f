"""Build the app's single-face CJK subset fonts from Noto Sans CJK (SIL OFL 1.1).

    python scripts/subset_fonts.py [--source NotoSansCJK-Regular.ttc | noto_cjk_sans_otc-*.whl]

Writes assets/fonts/NotoSansCJKtc-subset.otf (Traditional Chinese face, for zh-TW) and
assets/fonts/NotoSansCJKsc-subset.otf (Simplified Chinese face, for zh-CN). Each covers:
every character in locales/**/*.json, all of GB2312 and Big5, printable ASCII, Latin-1, and the
symbols listed in EXTRA_SYMBOLS. Re-run it after adding strings with new characters (the
font-coverage test in tests/i18n tells you when). The source collection comes from the PyPI
package ``noto-cjk-sans-otc`` (in the ``dev`` extra); a .ttc path or the wheel also works.
Needs fontTools (``dev`` extra).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import tempfile
import zipfile
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "assets" / "fonts"
LOCALES = ROOT / "locales"

# output file -> family name of the face in the collection
FACES = {
    "NotoSansCJKtc-subset.otf": "Noto Sans CJK TC",
    "NotoSansCJKsc-subset.otf": "Noto Sans CJK SC",
}

EXTRA_SYMBOLS = (
    "♠♥♦♣♤♡♢♧★☆●○◆◇■□▲△▼▽◀▶←↑→↓↔↕⇄⇆「」『』【】〔〕〈〉《》（）［］｛｝"
    "½¼¾×÷±−–—…‧·•′″°‰№※〃々〇～！？，。、；：＋－＝＜＞％＃＆＊＠￥＄"
    "ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩ①②③④⑤⑥⑦⑧⑨⑩⓪✓♪♫♀♂∞≤≥≠≈√∑∏∫∀∃∅∈∪∩"
    "０１２３４５６７８９"
    "ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ"
    "ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ"
    "\u3000\u2018\u2019\u201c\u201d"
)

# characters the font lacks, drawn with the glyph of a look-alike it has: the missing-key marker
# ⟦key⟧ of cardtable.i18n uses the mathematical white square brackets
ALIASES = {"\u27e6": "\u301a", "\u27e7": "\u301b"}  # ⟦ -> 〚, ⟧ -> 〛

log = logging.getLogger("subset_fonts")


def charset_from_codec(codec: str, leads: range, trails: list[range]) -> set[str]:
    chars: set[str] = set()
    for lead in leads:
        for trail_range in trails:
            for trail in trail_range:
                try:
                    chars.add(bytes((lead, trail)).decode(codec))
                except UnicodeDecodeError:
                    continue
    return chars


def gb2312_chars() -> set[str]:
    return charset_from_codec("gb2312", range(0xA1, 0xF8), [range(0xA1, 0xFF)])


def big5_chars() -> set[str]:
    return charset_from_codec("big5", range(0xA1, 0xFA), [range(0x40, 0x7F), range(0xA1, 0xFF)])


def locale_chars(root: Path = LOCALES) -> set[str]:
    chars: set[str] = set()
    for file in sorted(root.rglob("*.json")):
        data = json.loads(file.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            for key, value in data.items():
                chars.update(str(key))
                chars.update(str(value))
    return chars


def wanted_chars() -> set[str]:
    chars = set(map(chr, range(0x20, 0x7F))) | set(map(chr, range(0xA0, 0x100)))
    chars |= set(EXTRA_SYMBOLS) | set(ALIASES.values()) | gb2312_chars() | big5_chars() | locale_chars()
    return {c for c in chars if c.isprintable() or c == "\u3000"}


def find_source(arg: str | None, workdir: Path) -> Path:
    if arg:
        path = Path(arg)
        if path.suffix == ".whl":
            with zipfile.ZipFile(path) as zf:
                name = next(n for n in zf.namelist() if n.endswith(".ttc"))
                zf.extract(name, workdir)
            return workdir / name
        return path
    try:
        import noto_cjk_sans_otc  # type: ignore[import-not-found]
    except ImportError:
        sys.exit("noto-cjk-sans-otc is not installed; pip install it or pass --source")
    return Path(str(noto_cjk_sans_otc.FONT_PATH))


def face_index(ttc: Path, family: str) -> int:
    coll = TTCollection(str(ttc), lazy=True)
    for i, font in enumerate(coll.fonts):
        if font["name"].getDebugName(1) == family:
            return i
    raise SystemExit(f"no face named {family!r} in {ttc}")


def build(ttc: Path, family: str, out: Path, chars: set[str]) -> None:
    index = face_index(ttc, family)
    options = subset.Options()
    options.font_number = index
    # pygame.freetype does no OpenType shaping: keep only kerning, drop vertical layout
    options.layout_features = ["kern", "palt", "halt"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False  # FreeType renders CJK well unhinted; saves ~15%
    options.drop_tables += ["DSIG", "VORG", "vhea", "vmtx", "BASE"]
    font = subset.load_font(str(ttc), options, lazy=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in chars))
    subsetter.subset(font)
    add_aliases(font)
    font.recalcTimestamp = False  # keep the source's date: identical output on every run
    out.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(out), options)
    cmap = font.getBestCmap()
    missing = sorted(c for c in chars | set(ALIASES) if ord(c) not in cmap)
    log.info("%s: face %d (%s), %d glyphs, %d bytes; %d wanted characters not in the font",
             out.name, index, family, len(font.getGlyphOrder()), out.stat().st_size,
             len(missing))
    if missing:
        log.info("  not in %s: %s", family, "".join(missing[:200]))


def add_aliases(font: TTFont) -> None:
    """Map each ALIASES key to the glyph of its look-alike in every Unicode cmap subtable."""
    for table in font["cmap"].tables:
        if not table.isUnicode():
            continue
        for alias, target in ALIASES.items():
            glyph = table.cmap.get(ord(target))
            if glyph is not None and (table.format != 4 or ord(alias) <= 0xFFFF):
                table.cmap[ord(alias)] = glyph


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", help="NotoSansCJK-Regular.ttc or the noto_cjk_sans_otc wheel")
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    logging.getLogger("fontTools").setLevel(logging.WARNING)
    chars = wanted_chars()
    log.info("%d characters wanted", len(chars))
    with tempfile.TemporaryDirectory() as tmp:
        ttc = find_source(args.source, Path(tmp))
        for name, family in FACES.items():
            build(ttc, family, args.out / name, chars)
    return 0


if __name__ == "__main__":
    sys.exit(main())
