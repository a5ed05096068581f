"""Generate locales/zh-CN/*.json from the zh-TW source catalogs.

    python scripts/make_zh_cn.py          # (re)write every locales/zh-CN/<domain>.json
    python scripts/make_zh_cn.py --check  # exit 1 when a generated file is stale or missing

zh-TW is written by hand; zh-CN is never edited by hand. Each string is converted with OpenCC
``t2s`` (package ``opencc-python-reimplemented``), after two reviewed corrections from
``locales/zh-CN.overrides.json``:

- ``phrases``: zh-TW phrase -> zh-CN phrase, for regional vocabulary that character conversion
  cannot know (螢幕 -> 屏幕, 設定 -> 设置 ...). Matched in the zh-TW text, longest first; the
  replacement is inserted as written and the text around it is converted as usual.
- ``keys``: key -> complete zh-CN text, for a whole string that needs its own wording. The key
  must exist in zh-TW and the text must keep the same {placeholders}.
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
from pathlib import Path

from opencc import OpenCC

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
SOURCE = "zh-TW"
TARGET = "zh-CN"
OVERRIDES = LOCALES / "zh-CN.overrides.json"

log = logging.getLogger("make_zh_cn")


def load_overrides(path: Path = OVERRIDES) -> tuple[dict[str, str], dict[str, str]]:
    if not path.exists():
        return {}, {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return dict(data.get("phrases", {})), dict(data.get("keys", {}))


class Converter:
    def __init__(self, phrases: dict[str, str]) -> None:
        self.cc = OpenCC("t2s")
        self.phrases = phrases
        ordered = sorted(phrases, key=len, reverse=True)
        self.pattern = re.compile("|".join(map(re.escape, ordered))) if ordered else None

    def convert(self, text: str) -> str:
        if self.pattern is None:
            return self.cc.convert(text)
        out: list[str] = []
        pos = 0
        for m in self.pattern.finditer(text):
            out.append(self.cc.convert(text[pos:m.start()]))
            out.append(self.phrases[m.group(0)])
            pos = m.end()
        out.append(self.cc.convert(text[pos:]))
        return "".join(out)


def render(data: dict[str, str]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def generate(root: Path = LOCALES, overrides: Path | None = None) -> dict[Path, str]:
    """Every zh-CN file's wanted content, keyed by its path."""
    phrases, key_texts = load_overrides(overrides or root / "zh-CN.overrides.json")
    conv = Converter(phrases)
    out: dict[Path, str] = {}
    seen: set[str] = set()
    for src in sorted((root / SOURCE).glob("*.json")):
        data = json.loads(src.read_text(encoding="utf-8"))
        converted = {}
        for key, text in data.items():
            seen.add(key)
            converted[key] = key_texts[key] if key in key_texts else conv.convert(text)
        out[root / TARGET / src.name] = render(converted)
    unknown = sorted(set(key_texts) - seen)
    if unknown:
        raise SystemExit(f"overrides name keys that zh-TW does not have: {unknown}")
    return out


def stale_files(root: Path = LOCALES) -> list[str]:
    """Paths (relative to root) whose content differs from what would be generated."""
    wanted = generate(root)
    problems = [p.relative_to(root).as_posix() for p, text in wanted.items()
                if not p.exists() or p.read_text(encoding="utf-8") != text]
    extra = [p.relative_to(root).as_posix() for p in sorted((root / TARGET).glob("*.json"))
             if p not in wanted]
    return problems + extra


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="generate zh-CN catalogs from zh-TW")
    parser.add_argument("--check", action="store_true", help="only check; exit 1 when stale")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.check:
        stale = stale_files()
        if stale:
            log.error("stale zh-CN files (run scripts/make_zh_cn.py): %s", ", ".join(stale))
            return 1
        log.info("zh-CN is up to date")
        return 0
    wanted = generate()
    (LOCALES / TARGET).mkdir(parents=True, exist_ok=True)
    for path, text in wanted.items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            log.info("wrote %s", path.relative_to(ROOT))
    for path in sorted((LOCALES / TARGET).glob("*.json")):
        if path not in wanted:
            path.unlink()
            log.info("removed %s (no zh-TW source)", path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
