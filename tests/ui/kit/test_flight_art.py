"""A card in flight: its size snapped between its two ends, its scaled art and shadow reused."""

from __future__ import annotations

import pygame

from cardtable.ui import draw, gfx
from cardtable.ui.tables.kit import flight_art


def _img(color: tuple[int, int, int], size: tuple[int, int] = (92, 129)) -> gfx.Image:
    s = gfx.Surface(size)
    s.fill(color)
    return s


def _bytes(img: gfx.Image) -> bytes:
    return pygame.image.tobytes(gfx.pixels(img), "RGB")


def test_a_flight_leaves_and_lands_at_its_zones_sizes_and_snaps_between():
    ends = ((92, 129), (27, 37))
    assert flight_art.snapped_size((92, 129), ends) == (92, 129)
    assert flight_art.snapped_size((27, 37), ends) == (27, 37)
    for w, h in ((61, 85), (60, 86), (33, 47)):
        sw, sh = flight_art.snapped_size((w, h), ends)
        assert sw % 2 == 0 and sh % 2 == 0
        assert abs(sw - w) <= 1 and abs(sh - h) <= 1


def test_scaled_art_is_the_scaled_image_and_is_reused():
    red = _img((200, 0, 0))
    a = flight_art.scaled(red, (40, 56))
    assert a.get_size() == (40, 56)
    assert _bytes(a) == _bytes(gfx.scale(red, (40, 56)))
    assert flight_art.scaled(red, (40, 56)) is a  # the second card through that size
    assert flight_art.scaled(red, red.get_size()) is red


def test_another_image_never_gets_an_earlier_images_scaled_art():
    """The cache is keyed by the source image's id; an entry for a dropped image must not
    answer for a new image that happens to get the same id."""
    for i in range(50):
        img = _img((i * 5, 100, 0))
        out = flight_art.scaled(img, (30, 42))
        assert _bytes(out) == _bytes(gfx.scale(img, (30, 42)))
        del img, out


def test_the_flight_shadow_is_the_tables_shadow():
    assert _bytes(flight_art.shadow((50, 70))) == _bytes(draw.shadow_image((50, 70), 8, 50))
    assert flight_art.shadow((50, 70)) is flight_art.shadow((50, 70))
