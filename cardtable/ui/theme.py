"""Colours and sizes shared by every scene (one place to tune the look)."""

from __future__ import annotations

LOGICAL_SIZE = (1280, 720)

Color = tuple[int, int, int]

BG_TOP: Color = (24, 38, 66)
BG_BOTTOM: Color = (12, 20, 38)
FELT: Color = (30, 86, 92)
FELT_DARK: Color = (20, 60, 66)
FELT_EDGE: Color = (98, 72, 44)
PANEL: Color = (22, 30, 48)
PANEL_LIGHT: Color = (36, 48, 74)
PANEL_EDGE: Color = (74, 96, 140)
TEXT: Color = (236, 240, 248)
TEXT_DIM: Color = (160, 172, 196)
TEXT_DARK: Color = (28, 32, 44)
ACCENT: Color = (120, 200, 255)  # ice blue, Cirno's colour
ACCENT_DARK: Color = (40, 110, 170)
GOLD: Color = (250, 204, 86)
DANGER: Color = (238, 88, 80)
OK: Color = (110, 214, 140)
BUTTON: Color = (44, 62, 96)
BUTTON_HOVER: Color = (62, 98, 150)
BUTTON_DISABLED: Color = (40, 44, 56)
HIGHLIGHT: Color = (255, 226, 110)

# card colours by category (the seed's colours)
CARD_BLUE: Color = (46, 112, 214)
CARD_GREEN: Color = (40, 158, 92)
CARD_RED: Color = (214, 66, 60)
CARD_CIRNO: Color = (112, 200, 240)
CARD_FUNCTION: Color = (70, 62, 110)
CARD_COMPANION: Color = (180, 150, 220)
CARD_BACK: Color = (30, 52, 104)

# font sizes (logical pixels)
SIZE_HUGE = 96
SIZE_TITLE = 56
SIZE_H1 = 36
SIZE_H2 = 28
SIZE_BODY = 22
SIZE_SMALL = 18
SIZE_TINY = 15
