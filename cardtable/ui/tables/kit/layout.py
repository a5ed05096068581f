"""The table's fixed 1280×720 layout, shared by every game: the felt, left of the side panel."""

from __future__ import annotations

import pygame

FELT = pygame.Rect(12, 12, 960, 696)
