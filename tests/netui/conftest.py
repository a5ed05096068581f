"""Headless app fixtures for the online tables (the UI's, plus a loopback server)."""

from __future__ import annotations

from tests.ui.conftest import app, home  # noqa: F401 - fixtures shared with the UI tests
