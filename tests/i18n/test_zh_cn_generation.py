"""zh-CN is generated from zh-TW and kept in step with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable import i18n
from tests.script_modules import load_script

from .conftest import ROOT

make_zh_cn = load_script("make_zh_cn")


def test_generated_zh_cn_is_not_stale() -> None:
    stale = make_zh_cn.stale_files(ROOT / "locales")
    assert stale == [], f"run `python scripts/make_zh_cn.py`; stale: {stale}"


def test_same_files_in_both_locales() -> None:
    tw = sorted(p.name for p in (ROOT / "locales" / "zh-TW").glob("*.json"))
    cn = sorted(p.name for p in (ROOT / "locales" / "zh-CN").glob("*.json"))
    assert tw == cn


def test_identical_key_sets() -> None:
    assert i18n.all_keys("zh-TW") == i18n.all_keys("zh-CN")


def test_identical_placeholders_per_key() -> None:
    tw = i18n.load_catalog("zh-TW")
    cn = i18n.load_catalog("zh-CN")
    diff = {k: (i18n.placeholders(tw[k]), i18n.placeholders(cn[k]))
            for k in tw if k in cn and i18n.placeholders(tw[k]) != i18n.placeholders(cn[k])}
    assert diff == {}


def test_conversion_uses_regional_vocabulary() -> None:
    conv = make_zh_cn.Converter(make_zh_cn.load_overrides(ROOT / "locales" /
                                                          "zh-CN.overrides.json")[0])
    assert conv.convert("全螢幕設定") == "全屏设置"
    assert conv.convert("遊戲說明") == "游戏说明"
    assert conv.convert("接著出牌") == "接着出牌"


def test_check_mode_detects_a_stale_file(tmp_path: Path) -> None:
    (tmp_path / "zh-TW").mkdir()
    (tmp_path / "zh-CN").mkdir()
    (tmp_path / "zh-TW" / "ui.json").write_text('{"k": "遊戲"}', encoding="utf-8")
    assert make_zh_cn.stale_files(tmp_path) == ["zh-CN/ui.json"]
    for path, text in make_zh_cn.generate(tmp_path).items():
        path.write_text(text, encoding="utf-8")
    assert json.loads((tmp_path / "zh-CN" / "ui.json").read_text(encoding="utf-8")) == {
        "k": "游戏"}
    assert make_zh_cn.stale_files(tmp_path) == []
    (tmp_path / "zh-CN" / "old.json").write_text("{}", encoding="utf-8")
    assert make_zh_cn.stale_files(tmp_path) == ["zh-CN/old.json"]


def test_key_override_replaces_the_whole_text(tmp_path: Path) -> None:
    (tmp_path / "zh-TW").mkdir()
    (tmp_path / "zh-TW" / "ui.json").write_text('{"k": "遊戲", "j": "設定"}', encoding="utf-8")
    (tmp_path / "zh-CN.overrides.json").write_text(
        '{"phrases": {"設定": "设置"}, "keys": {"k": "玩吧"}}', encoding="utf-8")
    out = make_zh_cn.generate(tmp_path)
    assert json.loads(out[tmp_path / "zh-CN" / "ui.json"]) == {"k": "玩吧", "j": "设置"}
    (tmp_path / "zh-CN.overrides.json").write_text('{"keys": {"gone": "x"}}', encoding="utf-8")
    with pytest.raises(SystemExit):
        make_zh_cn.generate(tmp_path)
