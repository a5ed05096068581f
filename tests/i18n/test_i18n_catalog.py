"""The catalog: loading, lookup, fallback, placeholders."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from cardtable import i18n, paths
from cardtable.i18n import catalog


def _write(root: Path, locale: str, name: str, data: dict[str, str]) -> None:
    folder = root / locale
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


@pytest.fixture
def fake_locales(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "locales"
    _write(root, "zh-TW", "a.json", {"greet": "你好，{name}！", "only_tw": "臺灣"})
    _write(root, "zh-TW", "b.json", {"plain": "沒有參數"})
    _write(root, "zh-CN", "a.json", {"greet": "你好，{name}！", "only_cn": "大陆"})
    monkeypatch.setattr(paths, "locales_dir", lambda: root)
    i18n.reload()
    return root


def test_locales_constant() -> None:
    assert i18n.LOCALES == ("zh-TW", "zh-CN")


def test_set_and_get_locale() -> None:
    i18n.set_locale("zh-CN")
    assert i18n.get_locale() == "zh-CN"
    with pytest.raises(ValueError):
        i18n.set_locale("en")
    assert i18n.get_locale() == "zh-CN"


def test_every_file_in_the_folder_is_loaded(fake_locales: Path) -> None:
    assert i18n.all_keys("zh-TW") == {"greet", "only_tw", "plain"}
    assert i18n.tr("plain") == "沒有參數"


def test_named_placeholders_are_filled(fake_locales: Path) -> None:
    assert i18n.tr("greet", name="小明") == "你好，小明！"


def test_missing_parameter_keeps_the_placeholder(fake_locales: Path) -> None:
    assert i18n.tr("greet") == "你好，{name}！"


def test_fallback_to_the_other_chinese_locale(fake_locales: Path) -> None:
    i18n.set_locale("zh-CN")
    assert i18n.tr("only_tw") == "臺灣"
    i18n.set_locale("zh-TW")
    assert i18n.tr("only_cn") == "大陆"


def test_unknown_key_shows_the_key_and_is_logged_once(
        fake_locales: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="cardtable.i18n.catalog"):
        assert i18n.tr("no.such.key") == "⟦no.such.key⟧"
        assert i18n.tr("no.such.key") == "⟦no.such.key⟧"
    hits = [r for r in caplog.records if "no.such.key" in r.getMessage()]
    assert len(hits) == 1


def test_has_key(fake_locales: Path) -> None:
    assert i18n.has_key("greet")
    assert not i18n.has_key("only_cn")
    assert i18n.has_key("only_cn", "zh-CN")


def test_a_key_defined_in_two_files_is_an_error(tmp_path: Path) -> None:
    _write(tmp_path, "zh-TW", "one.json", {"dup": "一"})
    _write(tmp_path, "zh-TW", "two.json", {"dup": "二"})
    with pytest.raises(i18n.CatalogError, match="dup"):
        catalog.load_catalog("zh-TW", tmp_path)


def test_non_string_values_and_bad_json_are_errors(tmp_path: Path) -> None:
    _write(tmp_path, "zh-TW", "one.json", {"n": 3})  # type: ignore[dict-item]
    with pytest.raises(i18n.CatalogError):
        catalog.load_catalog("zh-TW", tmp_path)
    (tmp_path / "zh-CN").mkdir()
    (tmp_path / "zh-CN" / "x.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(i18n.CatalogError):
        catalog.load_catalog("zh-CN", tmp_path)


def test_placeholders_helper() -> None:
    assert i18n.placeholders("{a} 和 {b}，{{literal}}") == {"a", "b"}


def test_font_spec_points_at_existing_single_face_files() -> None:
    tw, tw_index = i18n.font_spec("zh-TW")
    cn, cn_index = i18n.font_spec("zh-CN")
    assert tw.is_file() and cn.is_file() and tw != cn
    assert tw_index == 0 and cn_index == 0
    i18n.set_locale("zh-CN")
    assert i18n.font_spec() == (cn, cn_index)


def test_real_catalogs_load_in_both_locales() -> None:
    for locale in i18n.LOCALES:
        keys = i18n.all_keys(locale)
        assert "app.title" in keys
        assert "rules.cirno.title" in keys
