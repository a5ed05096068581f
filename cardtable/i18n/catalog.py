"""Locale catalogs: loading, the current locale, lookup with fallback, fonts per locale."""

from __future__ import annotations

import json
import logging
import string
from pathlib import Path
from typing import Any

from cardtable import paths

log = logging.getLogger(__name__)

LOCALES: tuple[str, ...] = ("zh-TW", "zh-CN")
DEFAULT_LOCALE = "zh-TW"

# font file (under assets/fonts) and face index, per locale: the regional face (Big5, GB2312 and
# the app's strings in the locale's own glyph forms)
_FONTS: dict[str, tuple[str, int]] = {
    "zh-TW": ("NotoSansCJKtc-subset.otf", 0),
    "zh-CN": ("NotoSansCJKsc-subset.otf", 0),
}
# asked in this order for a character the regional face lacks (scripts/subset_fonts.py makes
# them): the rest of the CJK ideographs, Big5-HKSCS, full-width forms and symbols (Noto Sans CJK
# TC, shared by both locales); the ideographs newer than Noto Sans CJK; emoji (monochrome)
_FALLBACK_FONTS: tuple[tuple[str, int], ...] = (
    ("NotoSansCJKtc-fallback.otf", 0),
    ("LXGWWenKai-newest.ttf", 0),
    ("NotoEmoji-subset.ttf", 0),
)


class CatalogError(ValueError):
    """A locale folder is malformed (bad JSON, non-string value, a key defined twice)."""


_current = DEFAULT_LOCALE
_catalogs: dict[str, dict[str, str]] = {}
_missing_logged: set[tuple[str, str]] = set()


def load_catalog(locale: str, root: Path | None = None) -> dict[str, str]:
    """Read every ``*.json`` in ``<root>/<locale>/`` into one flat key -> text dict."""
    folder = (root or paths.locales_dir()) / locale
    merged: dict[str, str] = {}
    origin: dict[str, str] = {}
    if not folder.is_dir():
        log.warning("locale folder %s does not exist", folder)
        return merged
    for file in sorted(folder.glob("*.json")):
        try:
            data: Any = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise CatalogError(f"{file}: {exc}") from exc
        if not isinstance(data, dict):
            raise CatalogError(f"{file}: top level must be an object of key -> string")
        for key, text in data.items():
            if not isinstance(text, str):
                raise CatalogError(f"{file}: value of {key!r} is not a string")
            if key in merged:
                raise CatalogError(f"{file}: key {key!r} already defined in {origin[key]}")
            merged[key] = text
            origin[key] = file.name
    return merged


def _catalog(locale: str) -> dict[str, str]:
    cat = _catalogs.get(locale)
    if cat is None:
        cat = load_catalog(locale)
        _catalogs[locale] = cat
    return cat


def reload() -> None:
    """Forget loaded catalogs (they are read again on next use)."""
    _catalogs.clear()
    _missing_logged.clear()


def set_locale(code: str) -> None:
    global _current
    if code not in LOCALES:
        raise ValueError(f"unknown locale {code!r}; expected one of {LOCALES}")
    _current = code


def get_locale() -> str:
    return _current


def _other(locale: str) -> str:
    return "zh-CN" if locale == "zh-TW" else "zh-TW"


class _KeepMissing(dict[str, Any]):
    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


def _lookup(key: str, locale: str) -> str | None:
    text = _catalog(locale).get(key)
    if text is not None:
        return text
    fallback = _catalog(_other(locale)).get(key)
    if (locale, key) not in _missing_logged:
        _missing_logged.add((locale, key))
        if fallback is not None:
            log.warning("key %r missing in %s; using %s", key, locale, _other(locale))
        else:
            log.warning("key %r missing in every locale", key)
    return fallback


def tr(key: str, **params: Any) -> str:
    """The text for ``key`` in the current locale with ``{name}`` placeholders filled in."""
    text = _lookup(key, _current)
    if text is None:
        return f"⟦{key}⟧"
    if not params and "{" not in text:
        return text
    try:
        return text.format_map(_KeepMissing(params))
    except (ValueError, IndexError, AttributeError, KeyError) as exc:
        log.warning("cannot format %r (%s): %s", key, _current, exc)
        return text


def has_key(key: str, locale: str | None = None) -> bool:
    return key in _catalog(locale or _current)


def all_keys(locale: str) -> set[str]:
    return set(_catalog(locale))


def placeholders(text: str) -> set[str]:
    """Named ``{field}`` placeholders used in a catalog string."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def font_spec(locale: str | None = None) -> tuple[Path, int]:
    """Font file and face index for ``pygame.freetype.Font(path, index=...)``."""
    name, index = _FONTS[locale or _current]
    return paths.assets_dir() / "fonts" / name, index


def font_chain(locale: str | None = None) -> list[tuple[Path, int]]:
    """The faces text of `locale` is drawn with, first choice first: the regional face
    (`font_spec`), then the fallback faces for characters it lacks."""
    folder = paths.assets_dir() / "fonts"
    return [font_spec(locale), *((folder / name, index) for name, index in _FALLBACK_FONTS)]
