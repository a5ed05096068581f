"""The lesson core and the lesson files are pure: no pygame, no UI, no translator."""

from __future__ import annotations

from tests.core.test_core_layering import probe


def test_lesson_core_and_lessons_never_import_pygame_ui_or_i18n() -> None:
    result = probe("cardtable.coach.lessons")
    assert result["failed"] == {}, result["failed"]
    assert result["loaded"] == []
    imported = set(result["imported"])  # type: ignore[arg-type]
    assert {"cardtable.coach.lessons.cirno", "cardtable.coach.lessons.wizard"} <= imported
