"""Set up a match: player count, each seat human or AI (easy/normal/hard) with a name typed with
IME support, and the game's options (built from its pydantic options model)."""

from __future__ import annotations

import typing
from typing import Any

import pygame

from cardtable.core.match import NAME_MAX_LEN, Seat
from cardtable.games import get_spec
from cardtable.i18n import has_key, tr
from cardtable.ui import draw, gfx, theme
from cardtable.ui.scenes.common import MenuScene, key, title_bar
from cardtable.ui.widgets import Button, Choice, TextField, Toggle, Widget

KINDS = ("human", "easy", "normal", "hard")
ROW_H = 50
TOP = 172


# An option value that means something other than its number (8½'s deals = 0: "as many deals as
# players", target_points = 0: "no target"): after `<game>.option.<name>.<value>` the setup looks
# for these locale keys, in this order, and shows the first that exists instead of the bare value.
SPECIAL_VALUE_KEYS: dict[Any, tuple[str, ...]] = {0: ("auto", "off", "none"),
                                                  None: ("auto", "off", "none")}


def option_value_label(game_id: str, name: str, value: Any) -> str:
    """How the setup shows `value` of option `name`: its locale label when there is one (a
    Literal's choice, or the meaning of a special value such as 0), else the value itself."""
    suffixes = [str(value)]
    if not isinstance(value, bool):
        suffixes += SPECIAL_VALUE_KEYS.get(value, ())
    for suffix in suffixes:
        k = f"{game_id}.option.{name}.{suffix}"
        if has_key(k):
            return tr(k)
    return str(value)


def option_description(game_id: str, name: str) -> str | None:
    """The help text of option `name` (`<game>.option.<name>.desc`), None when it has none."""
    k = f"{game_id}.option.{name}.desc"
    return tr(k) if has_key(k) else None


def blocked_by(model: Any, values: dict[str, Any], name: str) -> str | None:
    """The option that keeps `name` off now, or None: the options model's `EXCLUSIVE` pairs
    (e.g. WIZ-V2: ±1 and hidden or secret bids) are never both on in a new game, so while one
    of a pair is on the other is disabled. (Both on, which only an older remembered setup could
    hold, disables neither: either may be switched off.)"""
    if values.get(name):
        return None
    for a, b in getattr(model, "EXCLUSIVE", ()):
        other = b if name == a else a if name == b else None
        if other is not None and values.get(other):
            return other
    return None


def blocked_reason(game_id: str, name: str) -> str:
    """The one-line reason shown on the disabled row of option `name`."""
    k = f"{game_id}.option.{name}.blocked"
    return tr(k) if has_key(k) else ""


def option_rows(game_id: str, model: Any, values: dict[str, Any], x: int, y: int, w: int
                ) -> list[tuple[str, Widget]]:
    """(option name, widget) per option field: bool -> toggle, Literal -> choice, bounded int
    -> stepper; fields of other types (e.g. Tanto Cuore's explicit `kinds`) get no row. A
    toggle one of the model's `EXCLUSIVE` pairs keeps off is disabled, with its reason."""
    out: list[tuple[str, Widget]] = []
    for name, field in model.model_fields.items():
        label_key = f"{game_id}.option.{name}"

        def label(k: str = label_key, d: str = field.description or name) -> str:
            return tr(k) if has_key(k) else d

        def get(n: str = name) -> Any:
            return values[n]

        def set_(v: Any, n: str = name) -> None:
            values[n] = v

        def show(v: Any, n: str = name) -> str:
            return option_value_label(game_id, n, v)

        rect = pygame.Rect(x, y + len(out) * (ROW_H + 8), w, ROW_H)
        ann = field.annotation
        if ann is bool:
            out.append((name, Toggle(
                rect, label, get, set_, label_w=w - 90,
                enabled=lambda n=name: blocked_by(model, values, n) is None,
                note=lambda n=name: blocked_reason(game_id, n))))
            continue
        if typing.get_origin(ann) is typing.Literal:
            opts = list(typing.get_args(ann))
            out.append((name, Choice(rect, label, opts, get, set_, show, label_w=w - 240)))
            continue
        if ann is int:
            lo, hi = 0, 99
            for m in field.metadata:
                lo = getattr(m, "ge", lo) if getattr(m, "ge", None) is not None else lo
                hi = getattr(m, "le", hi) if getattr(m, "le", None) is not None else hi
            out.append((name, Choice(rect, label, list(range(lo, hi + 1)), get, set_, show,
                                     label_w=w - 240, wrap=False)))
    return out


class SwatchChoice(Widget):
    """A seat's choice drawn as a swatch (Wizard's single-colour suit: the suit's colour and
    its name), stepped with Left/Right, Enter or a click. A seat that does not choose (a
    computer: the rules choose for it) shows its value, greyed, and takes no focus."""

    def __init__(self, rect: pygame.Rect, get: Any, step: Any, look: Any,
                 enabled: Any) -> None:
        super().__init__(rect, lambda: "", enabled)
        self.get = get          # () -> the seat's value now
        self.step = step        # (+1 | -1) -> None
        self.look = look        # value -> ((r, g, b), label)

    def adjust(self, step: int) -> None:
        if self.enabled:
            self.step(step)

    def activate(self) -> None:
        self.adjust(1)

    def click(self, pos: tuple[int, int]) -> None:
        self.adjust(1)

    def draw(self, surf: gfx.Image, text: Any, focused: bool) -> None:
        color, label = self.look(self.get())
        r = self.rect
        if not self.enabled:
            color = tuple(int(c * 0.55 + 40 * 0.45) for c in color[:3])
        draw.shadow(surf, r, 12, 50, (2, 4))
        edge = theme.HIGHLIGHT if focused and self.enabled else theme.PANEL_EDGE
        draw.panel(surf, r, color, 255, 12, edge)
        ink = theme.TEXT if self.enabled else (200, 205, 215)
        size = text.fit(label, theme.SIZE_BODY, r.w - 10, True)
        text.blit(surf, label, r.center, size, ink, True, "center")


class SetupScene(MenuScene):
    name = "setup"
    kind_choices: tuple[str, ...] = KINDS  # what a seat may be (online adds "open")

    def __init__(self, app: Any, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.spec = get_spec(game_id)
        self.n = min(max(self.spec.min_players, 4), self.spec.max_players)
        defaults = self.spec.options_model()
        self.options: dict[str, Any] = defaults.model_dump()
        self.saved_names = list(app.settings.player_names)
        self.kinds = ["human"] + ["normal"] * (self.spec.max_players - 1)
        # remembered names go to human seats only (a computer seat keeps its default name)
        self.names = [""] * self.spec.max_players
        self.names[0] = self.saved_names[0] if self.saved_names else ""
        self.filled: set[int] = {0} if self.saved_names else set()  # names filled in for us
        # the game's choice per seat (Wizard's single-colour suits, WIZ-V1): each person's
        # own (None: not chosen yet); computers never choose, the rules settle theirs
        self.picks: list[Any] = [None] * self.spec.max_players
        self._swatches_built = False
        self.recall(app.settings.setups.get(game_id))
        self.error: str | None = None
        # an unfinished game in the one autosave slot: "start" asks once more before it goes
        self.replace_armed = False
        self.build()

    def build(self) -> None:
        focus = self.menu.focus
        widgets: list[Widget] = []
        widgets.append(Choice(pygame.Rect(80, TOP, 500, ROW_H), key("ui.setup.players"),
                              list(range(self.spec.min_players, self.spec.max_players + 1)),
                              lambda: self.n, self.set_n, lambda v: tr("ui.setup.n_players", n=v),
                              label_w=260, wrap=False))
        rows = option_rows(self.game_id, self.spec.options_model, self.options, 80,
                           TOP + ROW_H + 8, 500)
        widgets += [wd for _, wd in rows]
        self.option_names: dict[int, str] = {id(wd): name for name, wd in rows}
        swatches = self._swatches_built = self.seat_choice_on()
        for i in range(self.n):
            y = TOP + i * (ROW_H + 6)
            widgets.append(TextField(pygame.Rect(700, y, 186 if swatches else 250, ROW_H),
                                     lambda: "", lambda i=i: self.names[i],
                                     lambda s, i=i: self._set_name(i, s),
                                     max_len=NAME_MAX_LEN,
                                     # a remembered name filled in for us: typing replaces it
                                     prefilled=lambda i=i: i in self.filled))
            if swatches:
                widgets.append(SwatchChoice(
                    pygame.Rect(894, y, 56, ROW_H), lambda i=i: self.settled()[i],
                    lambda step, i=i: self.step_pick(i, step), self.swatch_look,
                    lambda i=i: self.kinds[i] == "human"))
            widgets.append(Choice(pygame.Rect(962, y, 250, ROW_H), lambda: "", self.kind_choices,
                                  lambda i=i: self.kinds[i],
                                  lambda v, i=i: self._set_kind(i, v),
                                  lambda v: tr(f"ui.setup.kind.{v}"), label_w=0))
        widgets.append(Button(pygame.Rect(56, 640, 240, 54), key("menu.back"), self.back))
        widgets.append(Button(pygame.Rect(986, 640, 250, 54),
                              lambda: tr("ui.setup.start_replace" if self.replace_armed
                                         else "ui.setup.start"),
                              self.start, primary=True))
        self.menu.widgets = widgets
        self.menu.focus = min(focus, len(widgets) - 1)

    # ---------------------------------------------------------------- the seat choice
    def seat_choice_on(self) -> bool:
        """Whether the game offers each seat a choice now (Wizard: single colour on, 3-4
        players)."""
        return bool(self.spec.seat_choice_option and
                    self.spec.seat_choice_values(self.options, self.n))

    def chosen(self) -> list[Any]:
        """Each seat's own choice: the people's, None for computers (the rules choose)."""
        return [self.picks[i] if self.kinds[i] == "human" else None for i in range(self.n)]

    def settled(self) -> tuple[Any, ...]:
        """Every seat's value as the game will have it (the rules fill in the computers')."""
        return self.spec.settle_seat_choices(self.chosen())

    def step_pick(self, i: int, step: int) -> None:
        """Seat `i` takes the next (previous) value it may choose (one no other person
        chose, the rules say which)."""
        open_ = list(self.spec.seat_choices_open(self.chosen(), i))
        if not open_:
            return
        now = self.settled()[i]
        k = open_.index(now) if now in open_ else -1
        self.picks[i] = open_[(k + step) % len(open_)]

    def swatch_look(self, value: Any) -> tuple[tuple[int, int, int], str]:
        from cardtable.ui.tables import table_class
        look = getattr(table_class(self.game_id), "seat_choice_look", None)
        return look(value) if look is not None else ((90, 100, 120), str(value))

    def recall(self, last: Any) -> None:
        """Start from this game's last setup: each part is taken only if it is still valid
        (an option the game no longer has, or a value out of range, keeps its default). A
        setup remembered by an older app (`GameSetup.version`) that holds an option's former
        default (`GameSpec.changed_defaults`) takes the new one."""
        from cardtable.persist import SETUPS_VERSION
        if last is None:
            return
        if self.spec.min_players <= last.players <= self.spec.max_players:
            self.n = last.players
        old = getattr(last, "version", SETUPS_VERSION) < SETUPS_VERSION
        changed = self.spec.changed_defaults
        choice = self.spec.seat_choice_option
        for name, value in last.options.items():
            if name not in self.options:
                continue
            if name == choice:
                # the people's choices of the last game (the computers' were the rules')
                if isinstance(value, list | tuple):
                    for i, v in enumerate(value[:self.spec.max_players]):
                        if i < len(last.kinds) and last.kinds[i] == "human":
                            self.picks[i] = v
                continue
            if old and name in changed and value == changed[name]:
                continue  # the old default, remembered unchosen: the new default now
            trial = {**self.options, name: value}
            try:
                self.options = self.spec.options_model(**trial).model_dump()
            except (ValueError, TypeError):
                continue
        for i, kind in enumerate(last.kinds[:self.spec.max_players]):
            if kind in self.kind_choices:
                self.kinds[i] = kind
        for i, name in enumerate(last.names[:self.spec.max_players]):
            if self.kinds[i] == "human" and isinstance(name, str):
                self.names[i] = name[:NAME_MAX_LEN]
                self.filled.discard(i)
        for i in range(self.spec.max_players):
            if self.kinds[i] != "human" and i in self.filled:
                self.names[i] = ""
                self.filled.discard(i)

    def remember(self) -> Any:
        from cardtable.persist import SETUPS_VERSION, GameSetup
        return GameSetup(version=SETUPS_VERSION, players=self.n, options=self.game_options(),
                         kinds=list(self.kinds[:self.n]),
                         names=[self.names[i].strip() if self.kinds[i] == "human" else ""
                                for i in range(self.n)])

    def game_options(self) -> dict[str, Any]:
        """The options the new game is started with: the setup's, and the seats' choice when
        the game offers one now (unset otherwise)."""
        options = dict(self.options)
        choice = self.spec.seat_choice_option
        if choice:
            options[choice] = list(self.settled()) if self.seat_choice_on() else None
        return options

    def _set_name(self, i: int, s: str) -> None:
        self.names[i] = s
        self.filled.discard(i)  # typed: the person's own

    def _set_kind(self, i: int, v: str) -> None:
        self.kinds[i] = v
        if v == "human" and not self.names[i].strip():
            # the first remembered name no other human seat uses
            taken = {self.names[j] for j in range(self.n) if self.kinds[j] == "human"}
            self.names[i] = next((n for n in self.saved_names if n not in taken), "")
            self.filled.add(i)
        elif v != "human" and i in self.filled:
            # back to a computer: the name it was given as a person goes again
            self.names[i] = ""
            self.filled.discard(i)

    def set_n(self, n: int) -> None:
        self.n = n
        self.build()

    def default_name(self, i: int) -> str:
        if self.kinds[i] == "human":
            return tr("ui.seat.player_default", n=i + 1)
        return tr("ui.seat.ai_default", n=i + 1)

    def seats(self) -> list[Seat]:
        out = []
        for i in range(self.n):
            # a name left empty stays empty: the table shows "Player n" / "Computer n" in the
            # language of the moment (seat_name), also after a switch mid-game
            name = self.names[i].strip()
            if self.kinds[i] == "human":
                out.append(Seat(kind="human", name=name))
            else:
                out.append(Seat(kind="ai", name=name, agent=self.kinds[i]))
        return out

    def start(self) -> None:
        from cardtable.ui.tables import table_class
        # a table may refuse an option combination before the game does (e.g. Wizard's
        # single colour with 5-6 players): say why instead of failing on the error screen
        check = getattr(table_class(self.game_id), "options_error", None)
        self.error = check(self.game_options(), self.n) if check is not None else None
        if self.error:
            self.app.play_sound("bust")
            return
        unfinished = self.unfinished_save()
        if unfinished is not None and not self.replace_armed:
            self.replace_armed = True
            self.error = tr("ui.setup.replace_save", game=tr(f"game.{unfinished[0]}.name"),
                            moves=unfinished[1])
            self.app.play_sound("bust")
            return
        from cardtable.host.local import local_game, new_match
        link = local_game(new_match(self.game_id, self.n, self.game_options(), self.seats()),
                          worker=self.app.ai)
        # this game's people first, then the names remembered before (none forgotten)
        names = [self.names[i].strip() for i in range(self.n) if self.kinds[i] == "human"]
        names = [n for n in names if n]
        kept = names + [n for n in self.saved_names if n not in names]
        setups = {**self.app.settings.setups, self.game_id: self.remember()}
        self.app.update_settings(player_names=kept[:16], setups=setups)
        from cardtable.ui.scenes.title import TitleScene
        self.app.reset(TitleScene(self.app))
        self.app.push(table_class(self.game_id)(self.app, link))

    @staticmethod
    def unfinished_save() -> tuple[str, int] | None:
        """(game id, moves) of the unfinished game a new one would replace, or None."""
        from cardtable import persist
        record, _ = persist.load_autosave()
        return None if record is None else (record.game_id, len(record.actions))

    def enter(self) -> None:
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def update(self, dt: float) -> None:
        if self.seat_choice_on() != self._swatches_built:
            self.build()  # single colour switched on or off: the seat rows get their swatch
        w = self.menu.focused
        if isinstance(w, TextField):
            pygame.key.set_text_input_rect(w.rect)

    def draw(self, surf: gfx.Image) -> None:
        surf.blit(draw.background(surf.get_size()), (0, 0))
        t = self.app.text
        title_bar(surf, self.app, tr("ui.setup.title", game=tr(f"game.{self.game_id}.name")))
        draw.panel(surf, pygame.Rect(56, 116, 548, 508), theme.PANEL, 200)
        draw.panel(surf, pygame.Rect(676, 116, 560, 508), theme.PANEL, 200)
        t.blit(surf, tr("ui.setup.options"), (80, 130), theme.SIZE_SMALL, theme.ACCENT, True)
        t.blit(surf, tr("ui.setup.seats"), (700, 130), theme.SIZE_SMALL, theme.ACCENT, True)
        self.menu.draw(surf, t)
        for i in range(self.n):
            if not self.names[i]:
                w = self.menu.widgets
                field = next(x for x in w if isinstance(x, TextField) and
                             x.rect.y == TOP + i * (ROW_H + 6))
                if not (field is self.menu.focused and field.composition):
                    t.blit(surf, self.default_name(i), (field.rect.x + 12, field.rect.centery),
                           theme.SIZE_BODY, (110, 120, 140), False, "midleft")
        if self._swatches_built:
            # under the seats: what the swatches are (WIZ-V1: each chooses a suit)
            y = TOP + self.n * (ROW_H + 6) + 6
            for j, line in enumerate(t.wrap(tr(f"ui.setup.seat_choice.{self.game_id}"),
                                            theme.SIZE_TINY, 510)[:2]):
                t.blit(surf, line, (700, y + j * 22), theme.SIZE_TINY, theme.TEXT_DIM)
        if self.error:
            lines = t.wrap(self.error, theme.SIZE_SMALL, 600)[:2]
            for j, line in enumerate(lines):
                t.blit(surf, line, (640, 667 + (j - (len(lines) - 1) / 2) * 24),
                       theme.SIZE_SMALL, theme.DANGER, True, "center")
        # under the options: the focused (or hovered) option's help text, else the key hint
        desc = self.focused_description()
        text, color = (desc, theme.TEXT) if desc else (tr("ui.setup.hint"), theme.TEXT_DIM)
        for j, line in enumerate(t.wrap(text, theme.SIZE_TINY, 500)[:2]):
            t.blit(surf, line, (80, 570 + j * 22), theme.SIZE_TINY, color)

    def focused_description(self) -> str | None:
        """The help text of the option row that has the focus (the mouse moves it too)."""
        w = self.menu.focused
        name = self.option_names.get(id(w)) if w is not None else None
        return option_description(self.game_id, name) if name is not None else None
