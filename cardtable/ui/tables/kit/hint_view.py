"""The hint on the table: a ring around what plays the hinted move, the reason's line, and the
keyboard focus on the hinted move (Enter takes it; a choice in steps is focused step by step).

The hint itself comes from the host (computed from the acting person's view only); here it is
drawn: the hinted hits get a pulsing ring of their own and the reason a line on the felt, placed
outside everything the table protects (a table may ring a card as drawn, `hint_rect`, or keep
more of its own areas clear, `hint_keep_clear`). Mixed into `TableScene`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardtable.coach.hints import Hint, hint_text
from cardtable.core.events import Msg
from cardtable.i18n import tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.tables.kit.focus import FocusModel
from cardtable.ui.tables.kit.hit import Hit
from cardtable.ui.tables.kit.layout import FELT
from cardtable.ui.tables.kit.tooltip import emptiest, free_spot, place_tooltip

# the hint line's wrap widths, widest first: a narrower box on more lines fits more places
HINT_LINE_WIDTHS = (560, 440, 330, 250)
HINT_BOUNDS = FELT.inflate(-12, -12)  # inside the felt's rim


class HintView:
    """Mix in before `TableScene` (it is one of its bases)."""

    # supplied by TableScene
    app: Any
    hits: list[Any]
    clock: float
    director: Any
    info: Any
    hint: Hint | None
    seq: int
    focus_model: FocusModel
    current_hits: Callable[[], list[Hit]]  # (TableInput's)

    def msg_text(self, msg: Msg) -> str:
        raise NotImplementedError

    def seat_names(self) -> list[str]:
        raise NotImplementedError

    def protected_rects(self) -> list[pygame.Rect]:
        raise NotImplementedError

    def hint_line(self) -> str:
        """The hint's reason as text (cards and seats translated by the describer)."""
        assert self.hint is not None
        key = (id(self.hint), self.app.text.locale, tuple(self.seat_names()))
        cached = getattr(self, "_hint_text", None)
        if cached is None or cached[0] != key:  # worded once, not every frame
            cached = (key, tr("coach.hint.line", text=hint_text(self.hint, self.msg_text)))
            self._hint_text = cached
        return cached[1]

    def hinted_hits(self) -> list[Hit]:
        """The hits now whose actions include the hinted action: a card or button that plays
        it, or the first step of a choice that leads to it (a card before its target)."""
        if self.hint is None:
            return []
        return [h for h in self.hits if self.hint.action in h.actions]

    def hint_step(self, hits: Sequence[Hit]) -> Hit | None:
        """Of `hits` (in keyboard order), the one that takes the hinted move's next step: one
        that plays it outright (it is its only action), else the first that leads to it and
        was not chosen already on the way (`hint_step_taken`: the card of a card-then-target
        choice). None when nothing on offer leads to it (the person went another way)."""
        if self.hint is None:
            return None
        want = self.hint.action
        leads = [h for h in hits if want in h.actions and not self.hint_step_taken(h)]
        return next((h for h in leads if h.actions == [want]), leads[0] if leads else None)

    def hint_step_taken(self, hit: Hit) -> bool:
        """`hit` was chosen already on the way to the hinted move (the selected card while its
        target is asked); a table that collects several picks says which are taken."""
        return hit.key == getattr(self, "selected", None)

    def follow_hint(self, hits: Sequence[Hit]) -> None:
        """The keyboard focus goes to the hinted move's next step (`hint_step`) whenever the
        hint or what is on offer changes: when the hint comes, and after each step of a choice
        in steps, so Enter takes the hinted move and Enter again its next step. In between,
        the person's own ← → stand (nothing is pulled back while the offer is the same)."""
        hint = self.hint
        sig = None if hint is None else (self.seq, hint,
                                         tuple((h.key, tuple(h.actions)) for h in hits))
        if sig == getattr(self, "_hint_focus_sig", None):
            return
        self._hint_focus_sig = sig
        step = self.hint_step(hits)
        if step is not None:
            self.focus_model.focus_on(hits, step)

    def refocus_hint(self) -> None:
        """H (or 提示) again while the hint shows: the focus goes back to the hinted move's next
        step, wherever the person's ← → took it meanwhile (issue 33: the ring stayed on 紅12,
        the focus on 紅2, and Enter played 紅2). A first step of another move that the person
        chose meanwhile is put back (`drop_choice`), so the hinted one can be focused."""
        self._hint_focus_sig = None
        if self.hint is None:
            return
        hits = self.current_hits()  # focuses the hinted step when one is on offer
        if hits and self.hint_step(hits) is None and self.drop_choice():
            self._hint_focus_sig = None
            self.current_hits()

    def drop_choice(self) -> bool:
        """Put back a first step chosen on the way to a move (the selected card whose target
        is asked), as Esc does; True when something was put back. A table that collects
        several picks puts those back too."""
        if getattr(self, "selected", None) is None:
            return False
        self.selected = None
        return True

    def draw_over_hint_ring(self, surface: gfx.Image, hinted: Sequence[Hit]) -> None:
        """What a hinted thing shows that its ring must not cover, drawn again on top of the
        ring (hook; e.g. a pile's count badge on its corner)."""

    def hint_rect(self, hit: Hit) -> pygame.Rect:
        """Where the ring around a hinted hit goes (a table may ring the whole card rather
        than its visible strip)."""
        return hit.rect

    def hint_avoid(self) -> list[pygame.Rect]:
        """What the hint's line must not cover: everything the table protects, every hit
        (the things to click) and the seats' plates."""
        out = [*self.protected_rects(), *(h.rect for h in self.hits), *self.hint_keep_clear()]
        plate = getattr(self, "seat_rect", None) or getattr(self, "plate_rect", None)
        if plate is not None:
            for seat in range(self.info.num_players):
                try:
                    out.append(plate(seat))
                except (KeyError, IndexError, ValueError):
                    continue
        return out

    def hint_keep_clear(self) -> list[pygame.Rect]:
        """More that the hint's line should leave readable (a table's own areas)."""
        return []

    def place_hint_line(self, size: tuple[int, int], anchor: pygame.Rect
                        ) -> pygame.Rect | None:
        """Above (else below) the hinted thing when that covers nothing of `hint_avoid`,
        else the free place on the felt nearest to it; None when no place is free."""
        avoid = self.hint_avoid()
        rect: pygame.Rect | None = place_tooltip(size, anchor, avoid, HINT_BOUNDS)
        if (rect is None or not HINT_BOUNDS.contains(rect) or rect.collidelist(avoid) >= 0
                or rect.colliderect(anchor)):
            rect = free_spot(size, [*avoid, anchor], HINT_BOUNDS, anchor.center)
        return rect

    def hint_box(self, text: str, anchor: pygame.Rect
                 ) -> tuple[pygame.Rect, list[str]] | None:
        """The hint line's box and its lines: as wide as it needs up to the widest of
        HINT_LINE_WIDTHS, narrower and on more lines when that finds a free place (where
        none is free, the place covering least)."""
        # the search for a free place runs once per layout, not every frame
        key = (text, tuple(anchor), tuple(tuple(r) for r in self.hint_avoid()),
               self.app.text.locale)
        cached = getattr(self, "_hint_box", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        box = self._find_hint_box(text, anchor)
        self._hint_box = (key, box)
        return box

    def _find_hint_box(self, text: str, anchor: pygame.Rect
                       ) -> tuple[pygame.Rect, list[str]] | None:
        t = self.app.text
        lh = t.line_height(theme.SIZE_SMALL)
        full = t.size(text, theme.SIZE_SMALL, True)[0]
        fallback: tuple[tuple[int, int], list[str]] | None = None
        for width in HINT_LINE_WIDTHS:
            lines = phrase_wrap(t, text, theme.SIZE_SMALL, min(width, full + 2))
            if len(lines) > 4:
                continue
            size = (max(t.size(x, theme.SIZE_SMALL, True)[0] for x in lines) + 36,
                    lh * len(lines) + 16)
            rect = self.place_hint_line(size, anchor)
            if rect is not None:
                return rect, lines
            fallback = fallback or (size, lines)
        if fallback is None:
            return None
        # nowhere free: over the place that covers least of what the table protects
        size, lines = fallback
        return emptiest(size, self.hint_avoid(), HINT_BOUNDS, anchor), lines

    def draw_hint(self, surface: gfx.Image) -> None:
        """The hinted hits get a ring of their own (pulsing, mint green: not the gold of
        the current seat nor the yellow of the focus) and the reason a line on the felt,
        placed outside everything the table protects."""
        if self.hint is None or self.director.busy:
            return
        hinted = self.hinted_hits()
        rings = [self.hint_rect(h) for h in hinted]
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5.0)
        color = (int(60 + 110 * pulse), int(220 + 35 * pulse), int(150 + 60 * pulse))
        for r in rings:
            gfx.rect(surface, theme.TEXT_DARK, r.inflate(16, 16), 2, border_radius=16)
            gfx.rect(surface, color, r.inflate(12, 12), 4, border_radius=14)
        self.draw_over_hint_ring(surface, hinted)
        t = self.app.text
        lh = t.line_height(theme.SIZE_SMALL)
        anchor = rings[0].unionall(rings) if rings else pygame.Rect(FELT.centerx, FELT.centery,
                                                                    1, 1)
        box = self.hint_box(self.hint_line(), anchor.inflate(16, 16))
        self.hint_rect_drawn = box[0] if box is not None else None
        if box is None:
            return
        rect, lines = box
        draw.shadow(surface, rect, 12, 80)
        draw.panel(surface, rect, theme.PANEL, 240, 12, color)
        y = rect.y + 8
        for line in lines:
            t.blit(surface, line, (rect.x + 18, y), theme.SIZE_SMALL, theme.TEXT, True)
            y += lh


def phrase_wrap(t: Any, text: str, size: int, width: int) -> list[str]:
    """Bold `text` in lines no wider than `width`, broken between its phrases where it can
    (after 「：」 and 「，」, before 「（」), so a card's name is not cut in two."""
    lines: list[str] = []
    cur = ""
    for part in re.split(r"(?<=[：，])|(?=（)", text):
        if not part:
            continue
        if t.size(cur + part, size, True)[0] <= width:
            cur += part
            continue
        if cur:
            lines.append(cur)
            cur = ""
        if t.size(part, size, True)[0] <= width:
            cur = part
        else:
            pieces = t.wrap(part, size, width, True)
            lines += pieces[:-1]
            cur = pieces[-1] if pieces else ""
    if cur:
        lines.append(cur)
    return lines
