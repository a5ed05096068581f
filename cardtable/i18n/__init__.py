"""Translated UI text: ``tr(key, **params)`` over JSON catalogs in ``locales/<code>/*.json``.

zh-TW is the source language; zh-CN is generated from it by ``scripts/make_zh_cn.py``.
Lookup falls back: requested locale -> the other Chinese locale -> ``⟦key⟧`` (each missing key is
logged once).
"""

from cardtable.i18n.catalog import (
    DEFAULT_LOCALE,
    LOCALES,
    CatalogError,
    all_keys,
    font_chain,
    font_spec,
    get_locale,
    has_key,
    load_catalog,
    placeholders,
    reload,
    set_locale,
    tr,
)

__all__ = [
    "DEFAULT_LOCALE",
    "LOCALES",
    "CatalogError",
    "all_keys",
    "font_chain",
    "font_spec",
    "get_locale",
    "has_key",
    "load_catalog",
    "placeholders",
    "reload",
    "set_locale",
    "tr",
]
