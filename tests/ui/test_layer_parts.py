"""The part-by-part table layer (cardtable/ui/tables/layer_parts.py): a change repaints only
the dirty rectangles, every part under them is drawn again in order (so overlapping parts come
out as in a full redraw), unchanged parts are not drawn, and a part that paints outside its rect
is caught by the same comparison the table tests make."""

from __future__ import annotations

import pygame

from cardtable.ui.tables.layer_parts import Part, PartLayer

SIZE = (200, 120)


def _bg() -> pygame.Surface:
    bg = pygame.Surface(SIZE)
    for y in range(SIZE[1]):
        pygame.draw.line(bg, (y, 40, 120 - y // 2), (0, y), (SIZE[0], y))
    return bg


def _parts(state: dict[str, int], calls: list[str], spill: bool = False) -> list[Part]:
    def box(name: str, rect: pygame.Rect, color: tuple[int, int, int, int]):
        def draw(surf: pygame.Surface) -> None:
            calls.append(name)
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            layer.fill(color)
            surf.blit(layer, rect)
            if spill and name == "c":  # paints far left of its rect, where a lies
                pygame.draw.rect(surf, (255, 255, 255), (rect.x - 70, rect.y + 5, 6, 6))
        return draw
    a = pygame.Rect(10 + state["a"], 10, 80, 60)
    b = pygame.Rect(60, 40, 80 + state["b"], 50)  # overlaps a
    c = pygame.Rect(160, 10, 30, 30)
    return [Part("a", a, state["a"], box("a", a, (200, 60, 60, 160))),
            Part("b", b, state["b"], box("b", b, (60, 200, 90, 120))),
            Part("c", c, 0, box("c", c, (250, 250, 250, 255)))]


def _full(state: dict[str, int], spill: bool = False) -> bytes:
    surf = pygame.Surface(SIZE)
    PartLayer().draw(surf, _bg(), _parts(state, [], spill), key="k")
    return pygame.image.tobytes(surf, "RGB")


def test_changed_part_repaints_only_what_it_covers_and_matches_a_full_redraw():
    surf, bg, layer = pygame.Surface(SIZE), _bg(), PartLayer()
    state = {"a": 0, "b": 0}
    calls: list[str] = []
    layer.draw(surf, bg, _parts(state, calls), key="k")
    assert layer.last_full and calls == ["a", "b", "c"]
    calls.clear()
    layer.draw(surf, bg, _parts(state, calls), key="k")  # nothing changed: nothing drawn
    assert calls == [] and not layer.last_full
    for change in ({"a": 6, "b": 0}, {"a": 6, "b": 14}, {"a": 0, "b": 3}):
        state = change
        calls.clear()
        layer.draw(surf, bg, _parts(state, calls), key="k")
        assert not layer.last_full
        assert "c" not in calls  # far from the change
        assert calls == sorted(calls) and len(calls) == len(set(calls))  # in order, once each
        assert pygame.image.tobytes(surf, "RGB") == _full(state)
    calls.clear()
    layer.draw(surf, bg, _parts(state, calls), key="other")  # a new key: everything
    assert layer.last_full and calls == ["a", "b", "c"]


def test_a_part_painting_outside_its_rect_shows_as_a_difference():
    surf, bg, layer = pygame.Surface(SIZE), _bg(), PartLayer()
    layer.draw(surf, bg, _parts({"a": 0, "b": 0}, [], spill=True), key="k")
    layer.draw(surf, bg, _parts({"a": 8, "b": 0}, [], spill=True), key="k")
    # a's repaint wiped c's stray pixels (outside c's rect, so c was not drawn again)
    assert pygame.image.tobytes(surf, "RGB") != _full({"a": 8, "b": 0}, spill=True)
