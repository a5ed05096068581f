"""Shared pytest setup for the whole suite.

Anything that touches pygame runs headless: SDL's dummy video and audio drivers are the default
for every test process (a value already set in the environment wins).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
