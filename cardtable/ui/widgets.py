"""Menu widgets: buttons, choice steppers, sliders, toggles and an IME-aware text field.

Labels are callables so they are translated when drawn (a language switch needs no restart).
A `Menu` owns a list of widgets and gives them keyboard focus (Up/Down/Tab, Enter/Space,
Left/Right) and mouse hover/click.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardtable.ui import draw, gfx, theme
from cardtable.ui.text import Text

Label = Callable[[], str]

# every widget drawn since the app's frame began (App.step empties it): notices and toasts
# are placed clear of them
drawn: list[pygame.Rect] = []


def seen(rect: pygame.Rect) -> None:
    """Note a button-like thing drawn this frame."""
    if len(drawn) > 1000:  # drawn outside the app's frames (a test drawing a scene directly)
        del drawn[:500]
    drawn.append(pygame.Rect(rect))


class Widget:
    focusable = True

    def __init__(self, rect: pygame.Rect, label: Label, enabled: Callable[[], bool] | None = None
                 ) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self._enabled = enabled

    @property
    def enabled(self) -> bool:
        return self._enabled() if self._enabled is not None else True

    def activate(self) -> None: ...

    def adjust(self, step: int) -> None: ...

    def click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Extra events for a focused widget (text input). True when consumed."""
        return False

    def draw(self, surf: gfx.Image, text: Text, focused: bool) -> None: ...


def _button_bg(surf: gfx.Image, rect: pygame.Rect, focused: bool, enabled: bool,
               primary: bool = False) -> None:
    if not enabled:
        color = theme.BUTTON_DISABLED
    elif focused:
        color = theme.BUTTON_HOVER
    else:
        color = theme.ACCENT_DARK if primary else theme.BUTTON
    draw.shadow(surf, rect, 12, 50, (2, 4))
    edge = theme.HIGHLIGHT if focused and enabled else theme.PANEL_EDGE
    draw.panel(surf, rect, color, 245, 12, edge)


class Button(Widget):
    def __init__(self, rect: pygame.Rect, label: Label, on_click: Callable[[], Any],
                 enabled: Callable[[], bool] | None = None, size: int = theme.SIZE_BODY,
                 primary: bool = False, sublabel: Label | None = None,
                 on_disabled: Callable[[], Any] | None = None) -> None:
        super().__init__(rect, label, enabled)
        self.on_click = on_click
        self.size = size
        self.primary = primary
        self.sublabel = sublabel
        self.on_disabled = on_disabled  # a click on the greyed-out button (e.g. say why)

    def activate(self) -> None:
        if self.enabled:
            self.on_click()
        elif self.on_disabled is not None:
            self.on_disabled()

    def draw(self, surf: gfx.Image, text: Text, focused: bool) -> None:
        seen(self.rect)
        _button_bg(surf, self.rect, focused, self.enabled, self.primary)
        color = theme.TEXT if self.enabled else theme.TEXT_DIM
        s = self.label()
        size = text.fit(s, self.size, self.rect.w - 24, bold=True)
        sub = self.sublabel() if self.sublabel is not None else ""
        if not sub:
            text.blit(surf, s, self.rect.center, size, color, True, "center")
        elif "\n" in sub:  # two lines under the label (the title's 「繼續上一局」)
            h = self.rect.h
            text.blit(surf, s, (self.rect.centerx, self.rect.y + int(h * 0.26)), size, color,
                      True, "center")
            for line, at in zip(sub.split("\n")[:2], (0.55, 0.79), strict=False):
                ssize = text.fit(line, 15, self.rect.w - 20, min_size=12)
                text.blit(surf, line, (self.rect.centerx, self.rect.y + int(h * at)), ssize,
                          theme.TEXT_DIM, False, "center")
        else:
            h = self.rect.h
            size = min(size, max(12, int(h * 0.4)))
            text.blit(surf, s, (self.rect.centerx, self.rect.y + int(h * 0.36)), size, color,
                      True, "center")
            # 13 px at the least: a 44-px button (the title's "continue") drew it at 11 px
            ssize = text.fit(sub, max(13, int(h * 0.3)), self.rect.w - 20, min_size=12)
            # a greyed-out button's second line often says why it is off: readable either way
            text.blit(surf, sub, (self.rect.centerx, self.rect.y + int(h * 0.76)), ssize,
                      theme.TEXT_DIM, False, "center")


class Choice(Widget):
    """A labelled value stepped with Left/Right or by clicking the arrows."""

    def __init__(self, rect: pygame.Rect, label: Label, options: Sequence[Any],
                 get: Callable[[], Any], set_: Callable[[Any], None],
                 show: Callable[[Any], str], enabled: Callable[[], bool] | None = None,
                 label_w: int = 220, wrap: bool = True) -> None:
        super().__init__(rect, label, enabled)
        self.options = list(options)
        self.get = get
        self.set = set_
        self.show = show
        self.label_w = label_w
        # a counter (a number of players, of deals) stops at its ends; a list of named choices
        # goes round
        self.wrap = wrap

    def _index(self) -> int:
        try:
            return self.options.index(self.get())
        except ValueError:
            return 0

    def adjust(self, step: int) -> None:
        if self.enabled and self.options:
            i = self._index() + step
            if not self.wrap and not 0 <= i < len(self.options):
                return
            self.set(self.options[i % len(self.options)])

    def activate(self) -> None:
        self.adjust(1)

    def click(self, pos: tuple[int, int]) -> None:
        value_rect = self.value_rect
        self.adjust(-1 if pos[0] < value_rect.centerx else 1)

    @property
    def value_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + self.label_w, self.rect.y,
                           self.rect.w - self.label_w, self.rect.h)

    def draw(self, surf: gfx.Image, text: Text, focused: bool) -> None:
        seen(self.rect)
        if self.label_w:
            _row_label(surf, text, self, focused)
        vr = self.value_rect
        _button_bg(surf, vr, focused, self.enabled)
        color = theme.TEXT if self.enabled else theme.TEXT_DIM
        s = self.show(self.get())
        size = text.fit(s, theme.SIZE_BODY, vr.w - 80, True)
        text.blit(surf, s, vr.center, size, color, True, "center")
        _arrow(surf, (vr.x + 22, vr.centery), -1, color)
        _arrow(surf, (vr.right - 22, vr.centery), 1, color)


def _arrow(surf: gfx.Image, c: tuple[int, int], d: int, color: tuple[int, int, int]
           ) -> None:
    x, y = c
    gfx.polygon(surf, color, [(x + 7 * d, y), (x - 5 * d, y - 9), (x - 5 * d, y + 9)])


def _row_label(surf: gfx.Image, text: Text, w: Any, focused: bool) -> None:
    label = w.label()
    size = text.fit(label, theme.SIZE_BODY, w.label_w - 16)
    color = theme.HIGHLIGHT if focused else theme.TEXT
    text.blit(surf, label, (w.rect.x, w.rect.centery), size, color, False, "midleft")


class Slider(Widget):
    def __init__(self, rect: pygame.Rect, label: Label, lo: float, hi: float, step: float,
                 get: Callable[[], float], set_: Callable[[float], None],
                 show: Callable[[float], str], label_w: int = 220) -> None:
        super().__init__(rect, label)
        self.lo, self.hi, self.step = lo, hi, step
        self.get, self.set, self.show = get, set_, show
        self.label_w = label_w
        self.dragging = False

    @property
    def track(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + self.label_w + 10, self.rect.centery - 4,
                           self.rect.w - self.label_w - 110, 8)

    def adjust(self, step: int) -> None:
        v = self.get() + step * self.step
        self.set(round(min(self.hi, max(self.lo, v)), 4))

    def activate(self) -> None:
        pass

    def click(self, pos: tuple[int, int]) -> None:
        self.dragging = True
        self._set_from_x(pos[0])

    def _set_from_x(self, x: int) -> None:
        t = self.track
        frac = min(1.0, max(0.0, (x - t.x) / max(1, t.w)))
        raw = self.lo + frac * (self.hi - self.lo)
        steps = round((raw - self.lo) / self.step)
        self.set(round(min(self.hi, max(self.lo, self.lo + steps * self.step)), 4))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            self.dragging = False
        return False

    def draw(self, surf: gfx.Image, text: Text, focused: bool) -> None:
        seen(self.rect)
        _row_label(surf, text, self, focused)
        t = self.track
        gfx.rect(surf, theme.PANEL_LIGHT, t, border_radius=4)
        frac = (self.get() - self.lo) / max(1e-9, self.hi - self.lo)
        fill = pygame.Rect(t.x, t.y, int(t.w * frac), t.h)
        gfx.rect(surf, theme.ACCENT, fill, border_radius=4)
        knob = (t.x + int(t.w * frac), t.centery)
        gfx.circle(surf, theme.HIGHLIGHT if focused else theme.TEXT, knob, 12)
        gfx.circle(surf, theme.ACCENT_DARK, knob, 12, 2)
        text.blit(surf, self.show(self.get()), (self.rect.right, self.rect.centery),
                  theme.SIZE_BODY, theme.TEXT, True, "midright")


class Toggle(Widget):
    """An on/off row. While `enabled` says no it is greyed out and cannot be switched, and
    `note` (a one-line reason, e.g. the other option it does not combine with) is drawn under
    its label."""

    def __init__(self, rect: pygame.Rect, label: Label, get: Callable[[], bool],
                 set_: Callable[[bool], None], label_w: int = 220,
                 enabled: Callable[[], bool] | None = None,
                 note: Callable[[], str] | None = None) -> None:
        super().__init__(rect, label, enabled)
        self.get, self.set = get, set_
        self.label_w = label_w
        self.note = note

    def activate(self) -> None:
        if self.enabled:
            self.set(not self.get())

    def adjust(self, step: int) -> None:
        self.activate()

    def draw(self, surf: gfx.Image, text: Text, focused: bool) -> None:
        seen(self.rect)
        enabled = self.enabled
        note = self.note() if self.note is not None and not enabled else ""
        if note:
            # the label a little higher, the reason in small print under it, both greyed
            label = self.label()
            size = text.fit(label, theme.SIZE_BODY, self.label_w - 16)
            text.blit(surf, label, (self.rect.x, self.rect.centery - 10), size, theme.TEXT_DIM,
                      False, "midleft")
            line, small = text.fit_line(note, theme.SIZE_TINY, self.label_w - 8)
            text.blit(surf, line, (self.rect.x, self.rect.centery + 13), small, theme.GOLD,
                      False, "midleft")
        elif enabled:
            _row_label(surf, text, self, focused)
        else:
            label = self.label()
            size = text.fit(label, theme.SIZE_BODY, self.label_w - 16)
            text.blit(surf, label, (self.rect.x, self.rect.centery), size, theme.TEXT_DIM,
                      False, "midleft")
        on = self.get()
        box = pygame.Rect(self.rect.x + self.label_w + 10, self.rect.centery - 16, 64, 32)
        fill = (theme.OK if on else theme.PANEL_LIGHT) if enabled else theme.BUTTON_DISABLED
        gfx.rect(surf, fill, box, border_radius=16)
        if focused and enabled:
            gfx.rect(surf, theme.HIGHLIGHT, box, 2, border_radius=16)
        knob_x = box.right - 16 if on else box.x + 16
        gfx.circle(surf, theme.TEXT if enabled else theme.TEXT_DIM, (knob_x, box.centery), 12)


class TextField(Widget):
    """Single-line text entry. Uses TEXTINPUT for committed text and TEXTEDITING for the IME
    composition string, which is drawn underlined after the caret.

    `prefilled`: the value now was filled in for the person (a remembered name): it is shown
    selected, and typing replaces it (Backspace/Delete clear it) instead of adding to it, until
    the caret is moved into it (← → Home End: the person edits it)."""

    def __init__(self, rect: pygame.Rect, label: Label, get: Callable[[], str],
                 set_: Callable[[str], None], max_len: int = 12, label_w: int = 0,
                 enabled: Callable[[], bool] | None = None,
                 prefilled: Callable[[], bool] | None = None) -> None:
        super().__init__(rect, label, enabled)
        self.get, self.set = get, set_
        self.prefilled = prefilled
        self.kept = False  # the caret was moved into a filled-in value: it is edited
        self.max_len = max_len
        self.label_w = label_w
        self.composition = ""
        self.focused = False
        self.blink = 0.0
        self.caret: int | None = None  # where typing goes; None = after the last character

    def activate(self) -> None:
        pass

    def _caret(self) -> int:
        n = len(self.get())
        return n if self.caret is None else max(0, min(self.caret, n))

    def selected(self) -> bool:
        """The whole value is selected: filled in for the person and not edited yet."""
        if self.prefilled is None or not self.prefilled():
            self.kept = False
            return False
        return not self.kept and bool(self.get())

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if self.selected():
            if event.type == pygame.TEXTINPUT:  # typing replaces the filled-in name
                added = event.text[:self.max_len]
                self.set(added)
                self.caret = len(added)
                self.composition = ""
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_BACKSPACE,
                                                                pygame.K_DELETE):
                self.set("")
                self.caret = 0
                return True
            if event.type == pygame.KEYDOWN and event.key in (
                    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                self.kept = True  # the caret goes into it: the person edits the name
        if event.type == pygame.TEXTINPUT:
            value, at = self.get(), self._caret()
            room = max(0, self.max_len - len(value))
            added = event.text[:room]
            self.set(value[:at] + added + value[at:])
            self.caret = at + len(added)
            self.composition = ""
            return True
        if event.type == pygame.TEXTEDITING:
            self.composition = event.text
            return True
        if event.type == pygame.KEYDOWN:
            if self.composition:
                return True  # the IME owns the keys while composing
            value, at = self.get(), self._caret()
            key = event.key
            if key == pygame.K_BACKSPACE:
                if at:
                    self.set(value[:at - 1] + value[at:])
                    self.caret = at - 1
                return True
            if key == pygame.K_DELETE:
                self.set(value[:at] + value[at + 1:])
                self.caret = at
                return True
            moves = {pygame.K_LEFT: at - 1, pygame.K_RIGHT: at + 1, pygame.K_HOME: 0,
                     pygame.K_END: len(value)}
            if key in moves:
                self.caret = max(0, min(moves[key], len(value)))
                return True
            if key == pygame.K_SPACE:
                return True  # a space is typed (its TEXTINPUT follows), not a "next field"
        return False

    def draw(self, surf: gfx.Image, text: Text, focused: bool) -> None:
        seen(self.rect)
        self.focused = focused
        box = pygame.Rect(self.rect.x + self.label_w, self.rect.y, self.rect.w - self.label_w,
                          self.rect.h)
        if self.label_w:
            _row_label(surf, text, self, focused)
        gfx.rect(surf, (14, 20, 34), box, border_radius=8)
        gfx.rect(surf, theme.HIGHLIGHT if focused else theme.PANEL_EDGE, box, 2,
                 border_radius=8)
        value = self.get()
        color = theme.TEXT if self.enabled else theme.TEXT_DIM
        x = box.x + 10
        at = self._caret()
        if focused and value and self.selected():  # typing will replace it: shown selected
            w, h = text.size(value, theme.SIZE_BODY)
            sel = pygame.Rect(x - 3, box.centery - h // 2 - 1, w + 6, h + 2)
            gfx.rect(surf, theme.ACCENT_DARK, sel.clip(box.inflate(-4, -4)), border_radius=4)
        head, tail = value[:at], value[at:]
        if head:
            x = text.blit(surf, head, (x, box.centery), theme.SIZE_BODY, color, False,
                          "midleft").right
        caret_x = x
        if focused and self.composition:  # the IME's unfinished text, underlined, at the caret
            cr = text.blit(surf, self.composition, (x + 2, box.centery), theme.SIZE_BODY,
                           theme.ACCENT, False, "midleft")
            gfx.line(surf, theme.ACCENT, (cr.x, cr.bottom - 2), (cr.right, cr.bottom - 2),
                     2)
            x = caret_x = cr.right
        if tail:
            tail_x = x + (2 if focused and self.composition else 0)
            text.blit(surf, tail, (tail_x, box.centery), theme.SIZE_BODY, color, False,
                      "midleft")
        if focused and self.enabled:
            gfx.line(surf, theme.HIGHLIGHT, (caret_x + 2, box.y + 8),
                     (caret_x + 2, box.bottom - 8), 2)


class Menu:
    """Keyboard and mouse navigation over a list of widgets."""

    def __init__(self, widgets: Sequence[Widget] = (), focus: int = 0) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus = focus
        self._skip_disabled(1)

    def _skip_disabled(self, step: int) -> None:
        if not self.widgets:
            return
        self.focus %= len(self.widgets)
        for _ in range(len(self.widgets)):
            if self.widgets[self.focus].enabled:
                return
            self.focus = (self.focus + step) % len(self.widgets)

    @property
    def focused(self) -> Widget | None:
        if not self.widgets:
            return None
        return self.widgets[self.focus % len(self.widgets)]

    def move(self, step: int) -> None:
        if self.widgets:
            self.focus = (self.focus + step) % len(self.widgets)
            self._skip_disabled(step)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was used by the menu."""
        w = self.focused
        if w is not None and w.handle_event(event):
            return True
        for other in self.widgets:
            if other is not w and isinstance(other, Slider):
                other.handle_event(event)
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_DOWN, pygame.K_TAB) and not (
                    key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.move(1)
                return True
            if key == pygame.K_UP or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.move(-1)
                return True
            if key in (pygame.K_LEFT, pygame.K_RIGHT) and w is not None and w.enabled:
                w.adjust(-1 if key == pygame.K_LEFT else 1)
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and w is not None:
                if isinstance(w, TextField):
                    self.move(1)
                else:
                    w.activate()
                return True
        elif event.type == pygame.MOUSEMOTION:
            for i, other in enumerate(self.widgets):
                if other.rect.collidepoint(event.pos) and other.enabled:
                    self.focus = i
                    return False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, other in enumerate(self.widgets):
                if other.rect.collidepoint(event.pos):
                    if other.enabled:
                        self.focus = i
                        other.click(event.pos)
                    return True
        return False

    def draw(self, surf: gfx.Image, text: Text) -> None:
        focused = self.focused
        for w in self.widgets:
            w.draw(surf, text, w is focused)
