"""Hand fans: where the cards of a hand go, which strip of each can be clicked, and one hit per
card slot (so two identical cards are two hits, each reachable by mouse and keyboard)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame


def fan_rects(count: int, center_x: int, top: int, card: tuple[int, int], max_width: int,
              gap: int = 12) -> list[pygame.Rect]:
    """`count` cards side by side, `gap` apart, centred on `center_x`; when that is wider than
    `max_width` they overlap evenly so the fan fits."""
    if count <= 0:
        return []
    w = card[0]
    step = w + gap if count == 1 else min(w + gap, (max_width - w) // (count - 1))
    step = max(1, step)
    width = step * (count - 1) + w
    x0 = center_x - width // 2
    return [pygame.Rect(x0 + i * step, top, *card) for i in range(count)]


def visible_strips(rects: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """The part of each card that is not covered by the next one (each later card is drawn on
    top): what a click on that card may hit. The last card is whole."""
    out: list[pygame.Rect] = []
    for i, r in enumerate(rects):
        if i + 1 < len(rects):
            nxt = rects[i + 1]
            if nxt.colliderect(r) and nxt.x > r.x:
                out.append(pygame.Rect(r.x, r.y, max(1, nxt.x - r.x), r.h))
                continue
        out.append(pygame.Rect(r))
    return out


def slot_key(prefix: str, i: int) -> str:
    return f"{prefix}:{i}"


def slot_of(key: str | None, prefix: str) -> int | None:
    """The slot index of a hit key made by `slot_key` (None for another prefix)."""
    if key is None:
        return None
    p, _, rest = key.partition(":")
    if p != prefix or not rest.isdigit():
        return None
    return int(rest)


def fan_hits(hit_cls: Callable[..., Any], prefix: str, cards: Sequence[str | None],
             rects: Sequence[pygame.Rect], actions_for: Callable[[str], list[Any]]) -> list[Any]:
    """One hit per card slot that has legal actions: key `prefix:i`, rect the card's visible
    strip. Identical cards get identical actions, each reachable."""
    hits = []
    for i, (card, rect) in enumerate(zip(cards, visible_strips(rects), strict=False)):
        if card is None:
            continue
        acts = actions_for(card)
        if acts:
            hits.append(hit_cls(rect, acts, slot_key(prefix, i)))
    return hits
