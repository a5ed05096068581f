"""settings.json under faults: corrupt, nested, wrong-shape, newer, BOM, read-only, full."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from cardtable import i18n, persist
from tests.faults.conftest import NESTED


def _write(home: Path, text: str | bytes) -> Path:
    path = persist.settings_path()
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    return path


def _aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.corrupt-*"))


@pytest.mark.parametrize("content", ["{not json", NESTED, "[]", '{"volume": "loud"}',
                                     '{"language": "fr"}'],
                         ids=["corrupt", "nested", "wrong-shape", "bad-value", "unknown-lang"])
def test_bad_settings_give_defaults_a_notice_and_keep_the_file(home: Path, content: str) -> None:
    path = _write(home, content)
    settings, notice = persist.load_settings()
    assert settings == persist.Settings()
    assert notice == persist.SETTINGS_CORRUPT_KEY
    kept = _aside(path)
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == content
    assert not path.exists()


def test_a_utf8_bom_is_accepted(home: Path) -> None:
    """Notepad on Windows writes a BOM; the settings in the file still count."""
    path = _write(home, b"\xef\xbb\xbf" + json.dumps({"language": "zh-CN", "volume": 0.2}
                                                     ).encode())
    settings, notice = persist.load_settings()
    assert (settings.language, settings.volume, notice) == ("zh-CN", 0.2, None)
    assert path.exists() and not _aside(path)


def test_a_newer_apps_settings_keep_what_this_version_knows(home: Path) -> None:
    _write(home, json.dumps({"language": "zh-CN", "future_option": {"x": 1}}))
    settings, notice = persist.load_settings()
    assert (settings.language, notice) == ("zh-CN", None)


@pytest.mark.parametrize("code, key", [(errno.ENOSPC, "notice.write_failed_full"),
                                       (errno.EROFS, "notice.write_failed_denied")],
                         ids=["full", "read-only"])
def test_a_settings_change_that_cannot_be_saved_is_told(app, fail_writes, code: int,
                                                        key: str) -> None:
    fail_writes(code)
    app.update_settings(volume=0.3)
    assert [str(n) for n, _ in app.toasts] == [key]
    shown = app.toast_texts()[0]
    assert str(persist.settings_path()) in shown and "⟦" not in shown and "{" not in shown
    app.step(1 / 60)  # drawn over the scene without trouble
    assert not list(persist.settings_path().parent.glob(".settings.json.*.tmp"))
    assert app.settings.volume == 0.3  # still applied for this run


def test_the_notice_is_in_both_scripts(app, fail_writes) -> None:
    fail_writes(errno.ENOSPC)
    app.update_settings(volume=0.3)
    tw = app.toast_texts()[0]
    app.set_language("zh-CN")
    cn = app.toast_texts()[0]
    assert tw != cn and "磁碟" in tw and "磁盘" in cn
    i18n.set_locale("zh-TW")
