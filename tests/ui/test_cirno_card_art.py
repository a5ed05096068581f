"""Cirno's card art is opaque where the card is: the function and companion icons' discs and
the ⑨ snowflake are painted over the card, not into it (they punched see-through holes: DOUBLE
over SHOT showed SHOT's crosshair; on the title, ⑨ showed through DOUBLE)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.games.cirno.cards import ARITHMETIC, COMPANIONS
from cardtable.ui import cardart, gfx


def _opaque(img: gfx.Image) -> pygame.mask.Mask:
    return pygame.mask.from_surface(gfx.pixels(img), 254)


@pytest.mark.parametrize("density", [1.0, 1.5])
@pytest.mark.parametrize("size", [(104, 146), (84, 118), (44, 62), (34, 48)])
def test_every_cirno_face_is_as_opaque_as_a_blank_card(app, size, density):
    gfx.set_density(density)
    try:
        blank = _opaque(cardart._blank(size, (120, 120, 120)))
        holes = {}
        for card in [*ARITHMETIC, *COMPANIONS]:
            face = _opaque(cardart._make_face("cirno", card, size))
            missing = blank.count() - blank.overlap_area(face, (0, 0))
            if missing:
                holes[card] = missing
        assert holes == {}, f"see-through pixels per card: {holes}"
    finally:
        gfx.set_density(1.0)


def test_a_card_over_another_hides_it_completely(app):
    """DOUBLE laid over SHOT looks exactly like DOUBLE laid over the felt (inside its shape)."""
    size = (96, 134)
    double = cardart._make_face("cirno", "DOUBLE", size)
    pics = []
    for under in ("SHOT", None):
        s = gfx.Surface(size, pygame.SRCALPHA)
        s.fill((20, 90, 80, 255))
        if under:
            s.blit(cardart._make_face("cirno", under, size), (0, 0))
        s.blit(double, (0, 0))
        pics.append(gfx.pixels(s))
    inside = _opaque(cardart._blank(size, (120, 120, 120)))
    differ = [(x, y) for x in range(size[0]) for y in range(size[1])
              if inside.get_at((x, y)) and pics[0].get_at((x, y)) != pics[1].get_at((x, y))]
    assert differ == []
