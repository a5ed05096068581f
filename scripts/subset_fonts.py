"""Build the app's fonts: regional CJK subsets, one CJK fallback face, a newest-ideographs face
and a monochrome emoji face (all SIL OFL 1.1).

    python scripts/subset_fonts.py [--source NotoSansCJK-Regular.ttc | noto_cjk_sans_otc-*.whl]
        [--emoji 'NotoEmoji[wght].ttf' | manimgx_fonts-*.whl] [--newest LXGWWenKai-Regular.ttf]

Writes into assets/fonts/ the face chain that cardtable.i18n.font_chain() names:

- NotoSansCJKtc-subset.otf / NotoSansCJKsc-subset.otf: the regional faces (Noto Sans CJK TC for
  zh-TW, SC for zh-CN). Each covers every character in locales/**/*.json, all of GB2312 and Big5,
  printable ASCII, Latin-1 and EXTRA_SYMBOLS: nearly all text the app shows or a person types.
- NotoSansCJKtc-fallback.otf: Noto Sans CJK TC for everything else in FALLBACK_RANGES that
  Noto has (the rest of CJK Unified Ideographs and Extension A, all Big5-HKSCS characters
  including its compatibility ideographs and its Extension B ones, full-width forms, kana,
  bopomofo, CJK symbols): one face shared by both locales, so the rare characters cost their
  bytes once.
- LXGWWenKai-newest.ttf: the few ideographs of those ranges that Noto Sans CJK 2.004 predates
  (U+9FF0–9FFF, U+4DB6–4DBF, Unicode 13–14), from LXGW WenKai (Debian fonts-lxgw-wenkai).
- NotoEmoji-subset.ttf: Noto Emoji (monochrome outlines), instanced at Regular weight, without
  its shaping tables (pygame.freetype draws code point by code point).

Sources: the PyPI packages ``noto-cjk-sans-otc`` (Noto Sans CJK collection) and
``manimgx-fonts`` (ships NotoEmoji[wght].ttf), both in the ``dev`` extra, and
/usr/share/fonts/truetype/lxgw-wenkai/LXGWWenKai-Regular.ttf (``apt-get install
fonts-lxgw-wenkai``); a path or the wheel can be passed instead. Re-run it after adding strings
with new characters (the font-coverage tests in tests/i18n tell you when). The output is the
same on every run (timestamps kept from the sources). Needs fontTools (``dev`` extra).
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
NEWEST_SOURCE = Path("/usr/share/fonts/truetype/lxgw-wenkai/LXGWWenKai-Regular.ttf")

# regional output file -> family name of the face in the collection
FACES = {
    "NotoSansCJKtc-subset.otf": "Noto Sans CJK TC",
    "NotoSansCJKsc-subset.otf": "Noto Sans CJK SC",
}
FALLBACK = ("NotoSansCJKtc-fallback.otf", "Noto Sans CJK TC")
NEWEST = "LXGWWenKai-newest.ttf"
EMOJI = "NotoEmoji-subset.ttf"

EXTRA_SYMBOLS = (
    "♠♥♦♣♤♡♢♧★☆●○◆◇■□▲△▼▽◀▶←↑→↓↔↕⇄⇆「」『』【】〔〕〈〉《》（）［］｛｝"
    "½¼¾×÷±−–—…‧·•′″°‰№※〃々〇～！？，。、；：＋－＝＜＞％＃＆＊＠￥＄"
    "ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩ①②③④⑤⑥⑦⑧⑨⑩⓪✓♪♫♀♂∞≤≥≠≈√∑∏∫∀∃∅∈∪∩"
    "０１２３４５６７８９"
    "ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ"
    "ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ"
    "\u3000\u2018\u2019\u201c\u201d"
)

# what the fallback face adds (where Noto Sans CJK has it and the regional faces do not)
FALLBACK_RANGES = (
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0x3400, 0x4DBF),  # Extension A
    (0xF900, 0xFAFF),  # CJK Compatibility Ideographs
    (0x2F800, 0x2FA1F),  # CJK Compatibility Ideographs Supplement (Big5-HKSCS uses 11)
    (0xFF00, 0xFFEF),  # half-width and full-width forms
    (0x2000, 0x206F), (0x2070, 0x209F), (0x20A0, 0x20CF),  # punctuation, super/subscripts, currency
    (0x2100, 0x214F), (0x2150, 0x218F), (0x2190, 0x21FF),  # letterlike, number forms, arrows
    (0x2200, 0x22FF), (0x2300, 0x23FF), (0x2460, 0x24FF),  # maths, technical, enclosed numbers
    (0x2500, 0x257F), (0x2580, 0x259F), (0x25A0, 0x25FF),  # box drawing, blocks, shapes
    (0x2600, 0x26FF), (0x2700, 0x27BF),  # miscellaneous symbols, dingbats
    (0x2E80, 0x2EFF), (0x2F00, 0x2FDF), (0x2FF0, 0x2FFF),  # radicals, description characters
    (0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF),  # CJK punctuation, hiragana, katakana
    (0x3100, 0x312F), (0x3190, 0x31FF),  # bopomofo, kanbun, extended bopomofo, strokes, kana ext.
    (0x3200, 0x32FF), (0x3300, 0x33FF),  # enclosed CJK letters, CJK compatibility (㎡ ㏄ …)
    (0xFE10, 0xFE1F), (0xFE30, 0xFE4F), (0xFE50, 0xFE6F),  # vertical, compatibility, small forms
)
# code points the newest-ideographs face must supply when Noto lacks them
IDEOGRAPH_RANGES = ((0x4E00, 0x9FFF), (0x3400, 0x4DBF))

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
                    chars.update(bytes((lead, trail)).decode(codec))
                except UnicodeDecodeError:
                    continue
    return chars


def gb2312_chars() -> set[str]:
    return charset_from_codec("gb2312", range(0xA1, 0xF8), [range(0xA1, 0xFF)])


def big5_chars() -> set[str]:
    return charset_from_codec("big5", range(0xA1, 0xFA), [range(0x40, 0x7F), range(0xA1, 0xFF)])


def big5hkscs_chars() -> set[str]:
    """Every character of Big5-HKSCS (2008), compatibility ideographs and Extension B included
    (a few byte pairs decode to a base letter plus a combining mark: both count)."""
    return charset_from_codec("big5hkscs", range(0x81, 0xFF),
                              [range(0x40, 0x7F), range(0xA1, 0xFF)])


def locale_chars(root: Path = LOCALES) -> set[str]:
    chars: set[str] = set()
    for file in sorted(root.rglob("*.json")):
        data = json.loads(file.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            for key, value in data.items():
                chars.update(str(key))
                chars.update(str(value))
    return chars


def _printable(chars: set[str]) -> set[str]:
    return {c for c in chars if c.isprintable() or c == "\u3000"}


def wanted_chars() -> set[str]:
    """The regional faces' characters."""
    chars = set(map(chr, range(0x20, 0x7F))) | set(map(chr, range(0xA0, 0x100)))
    chars |= set(EXTRA_SYMBOLS) | set(ALIASES.values()) | gb2312_chars() | big5_chars() | locale_chars()
    return _printable(chars)


def fallback_wanted() -> set[str]:
    """What the face chain covers beyond the regional faces (before asking who has it)."""
    chars = {chr(cp) for lo, hi in FALLBACK_RANGES for cp in range(lo, hi + 1)}
    return _printable(chars | big5hkscs_chars())


def find_in_wheel(arg: str | None, module: str, member: str, workdir: Path) -> Path:
    """A font file: `arg` itself, the `member` inside the wheel `arg`, or inside the installed
    package `module`."""
    if arg:
        path = Path(arg)
        if path.suffix == ".whl":
            with zipfile.ZipFile(path) as zf:
                name = next(n for n in zf.namelist() if n.endswith(member))
                zf.extract(name, workdir)
            return workdir / name
        return path
    try:
        package = __import__(module)
    except ImportError:
        sys.exit(f"{module} is not installed; pip install it (dev extra) or pass its path")
    return Path(package.__file__).parent / member


def face_index(ttc: Path, family: str) -> int:
    coll = TTCollection(str(ttc), lazy=True)
    for i, font in enumerate(coll.fonts):
        if font["name"].getDebugName(1) == family:
            return i
    raise SystemExit(f"no face named {family!r} in {ttc}")


def _options(font_number: int = 0) -> subset.Options:
    options = subset.Options()
    options.font_number = font_number
    # pygame.freetype does no OpenType shaping: keep only kerning, drop vertical layout
    options.layout_features = ["kern", "palt", "halt"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False  # FreeType renders CJK well unhinted; saves ~15%
    options.drop_tables += ["DSIG", "VORG", "vhea", "vmtx", "BASE", "STAT", "HVAR", "VVAR",
                            "MVAR"]
    return options


def _save(font: TTFont, out: Path, options: subset.Options, chars: set[str], label: str) -> None:
    font.recalcTimestamp = False  # keep the source's date: identical output on every run
    out.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(out), options)
    cmap = font.getBestCmap()
    missing = sorted(c for c in chars if ord(c) not in cmap)
    log.info("%s: %s, %d glyphs, %d bytes; %d wanted characters not in the font",
             out.name, label, len(font.getGlyphOrder()), out.stat().st_size, len(missing))
    if missing:
        log.info("  not in %s: %s", out.name, "".join(missing[:120]))


def build(ttc: Path, family: str, out: Path, chars: set[str], aliases: bool = True) -> None:
    index = face_index(ttc, family)
    options = _options(index)
    font = subset.load_font(str(ttc), options, lazy=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in chars))
    subsetter.subset(font)
    if aliases:
        add_aliases(font)
    _save(font, out, options, chars | (set(ALIASES) if aliases else set()),
          f"face {index} ({family})")


def cmap_of(ttc: Path, family: str) -> set[str]:
    coll = TTCollection(str(ttc), lazy=True)
    return {chr(cp) for cp in coll.fonts[face_index(ttc, family)].getBestCmap()}


def build_plain(source: Path, out: Path, chars: set[str], label: str,
                weight: float | None = None) -> None:
    """A subset of a single-face font (instanced at `weight` when it is a variable font)."""
    options = _options()
    font = TTFont(str(source))
    if weight is not None and "fvar" in font:
        from fontTools.varLib import instancer

        font = instancer.instantiateVariableFont(font, {"wght": weight})
    options.layout_features = []  # emoji sequences and Kai alternates need shaping we lack
    options.drop_tables += ["GSUB", "GPOS"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in chars))
    subsetter.subset(font)
    _save(font, out, options, chars, label)


def emoji_chars(source: Path) -> set[str]:
    """Noto Emoji's own characters, less the ASCII and Latin-1 it carries for keycaps and the
    symbols: those come from the CJK faces."""
    return {chr(cp) for cp in TTFont(str(source), lazy=True).getBestCmap() if cp > 0xFF}


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
    parser.add_argument("--emoji", help="NotoEmoji[wght].ttf or the manimgx_fonts wheel")
    parser.add_argument("--newest", type=Path, default=NEWEST_SOURCE,
                        help="LXGWWenKai-Regular.ttf (for the ideographs Noto lacks)")
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    logging.getLogger("fontTools").setLevel(logging.WARNING)
    chars = wanted_chars()
    log.info("%d characters wanted in the regional faces", len(chars))
    with tempfile.TemporaryDirectory() as tmp:
        ttc = find_in_wheel(args.source, "noto_cjk_sans_otc", "NotoSansCJK-Regular.ttc",
                            Path(tmp))
        emoji = find_in_wheel(args.emoji, "manimgx_fonts", "NotoEmoji[wght].ttf", Path(tmp))
        for name, family in FACES.items():
            build(ttc, family, args.out / name, chars)
        rest = fallback_wanted() - chars
        noto = cmap_of(ttc, FALLBACK[1])
        build(ttc, FALLBACK[1], args.out / FALLBACK[0], rest & noto, aliases=False)
        newest = {c for c in rest - noto
                  if any(lo <= ord(c) <= hi for lo, hi in IDEOGRAPH_RANGES)}
        if not args.newest.is_file():
            sys.exit(f"{args.newest} not found: apt-get install fonts-lxgw-wenkai, or --newest")
        build_plain(args.newest, args.out / NEWEST, newest, "LXGW WenKai")
        build_plain(emoji, args.out / EMOJI, emoji_chars(emoji), "Noto Emoji", weight=400)
        log.info("in no face: %s", "".join(sorted(rest - noto - newest))[:200])
    return 0


if __name__ == "__main__":
    sys.exit(main())
