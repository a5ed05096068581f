"""The statistics scene: per game and per opponents (games, wins, win rate, mean score), the
game's own figures, the latest games, and two charts drawn in the app: the win rate over time
and the score distribution. The numbers are `StatsDB().report()`, the same object `cardtable
stats --json` prints.

Choices along the top: the game, the variant (the options the games were played with: every
variant, the standard rules, or one set of options; `cardtable.history.variants`) and, with
several names, whose figures. Other people are named (「困難、小美」), counts are said as
counts (「2 局中用過 1 局」), rates are pooled over rounds, and every figure says which way is
better: ↑ higher, ↓ lower, · neither (a plain record); so do the win rate and the score
(Cirno's score, companion cards taken, is better low).
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from cardtable.core.events import Msg
from cardtable.history import variants
from cardtable.i18n import has_key, tr
from cardtable.ui import charts, draw, gfx, theme
from cardtable.ui.scenes.common import MenuScene, title_bar
from cardtable.ui.widgets import Button, Choice

log = logging.getLogger(__name__)

SUMMARY = pygame.Rect(40, 140, 640, 180)
FIGURES = pygame.Rect(40, 330, 640, 142)
HISTORY = pygame.Rect(40, 482, 640, 172)
LINE = pygame.Rect(700, 140, 540, 250)
HIST = pygame.Rect(700, 400, 540, 254)
MAX_ROWS = 4  # summary rows shown: all opponents and three kinds
ARROWS = {"higher": "↑", "lower": "↓", None: "·"}


def load_report(db_path: Any = None, player: str | None | object = ...,
                variant: str | None = None) -> dict[str, Any]:
    """The report for `player` (a name, "" for unnamed seats, None for every human seat); by
    default the name with the most games when people played under several names (a hot-seat
    game would otherwise count once for every person at the table). `variant`: only the games
    of that variant (None: every game)."""
    from cardtable.history.stats import StatsDB
    with StatsDB(db_path) as db:
        if player is ...:
            names = db.players()
            player = names[0]["name"] if len(names) > 1 else None
        return db.report(history_limit=200, player=player,  # type: ignore[arg-type]
                         variant=variant)


def _msg(m: Msg) -> str:
    if has_key(m.key):
        return tr(m.key, **{k: v for k, v in m.params.items() if k != "token"})
    return str(m.params.get("token", m.key))


def variant_text(game_id: str, variant: str | None) -> str:
    """A variant as the screen says it: 「全部玩法」, 「標準規則」, 「進階規則」, 「加減 1 墩・隱藏預言」."""
    if variant is None:
        return tr("history.variant.all")
    return "・".join(_msg(m) for m in variants.variant_msgs(game_id, variant))


def opponents_text(kind: str, parts: list[dict[str, str]] | None = None) -> str:
    """Who the games were against: AI levels by their names, other people by theirs."""
    if kind == "all":
        return tr("ui.history.stats.vs_all")
    if parts is None:  # (a report without the parts: the kinds of the key)
        parts = [{"kind": "human", "name": k.partition(":")[2]} if k.startswith("human")
                 else {"kind": "ai", "agent": k} for k in kind.split("+")]
    out = []
    for part in parts:
        if part["kind"] == "human":
            out.append(part.get("name") or tr("ui.history.stats.unnamed"))
            continue
        agent = part.get("agent", "ai")
        text = tr(f"stats.opponent.{agent}")
        out.append(agent if text.startswith("⟦") else text)
    return tr("ui.list_sep").join(out)


def metric_text(name: str, game_id: str | None = None) -> str:
    """A metric's label: the game's own wording where it has one (Wizard counts 輪, not 局),
    else the shared one."""
    if game_id is not None and has_key(f"stats.metric.{game_id}.{name}"):
        return tr(f"stats.metric.{game_id}.{name}")
    text = tr(f"stats.metric.{name}")
    return name if text.startswith("⟦") else text


def figure_value(f: dict[str, Any], game_id: str | None = None) -> str:
    """A figure's value as said on screen: a count of games as a count, a pooled rate with
    what it was pooled over where that says more (「15%（4／27 輪）」)."""
    if f["kind"] == "games":
        return tr("stats.figure.games", count=f["count"], of=f["of"])
    value = _num(f["value"], pct=f["pct"])
    detail = next((k for k in (f"stats.figure.{game_id}.{f['name']}",
                               f"stats.figure.{f['name']}") if has_key(k)), None)
    if f["kind"] == "pooled" and detail is not None:
        return value + tr(detail, count=round(f["count"]), of=round(f["of"]))
    return value


def _num(v: Any, pct: bool = False) -> str:
    if v is None:
        return tr("ui.history.stats.none")
    if pct:
        return f"{v:.0%}"
    return f"{v:.1f}" if abs(v - round(v)) > 1e-9 else f"{v:.0f}"


class StatsScene(MenuScene):
    name = "stats"

    def __init__(self, app: Any, report: dict[str, Any] | None = None,
                 db_path: Any = None) -> None:
        super().__init__(app)
        self.db_path = db_path
        self.sample_folder: object | None = None  # keeps `open_history_sample`'s database
        self.report = report if report is not None else load_report(db_path)
        if self.report.get("notice") and self.report["notice"] not in self.app.notices:
            self.app.notices.append(self.report["notice"])
        self.player: str | None = self.report.get("player")
        self.variant: str | None = self.report.get("variant")
        # people who played under several names choose whose figures these are, and every
        # one the variant (a report handed in without a database to ask again has no choice)
        self.live = report is None
        names = [p["name"] for p in self.report.get("players", [])]
        self.player_choices: list[str | None] = (
            [*names, None] if len(names) > 1 and self.live else [])
        self._pick_game()
        self.mouse = (0, 0)
        self.row = 0  # the summary row whose game figures are shown
        self.row_rects: list[pygame.Rect] = []
        widgets: list[Any] = []
        self.variant_choice: Choice | None = None
        if self.games:  # (several names means games were counted)
            y, h = 84, 44
            game_w = 330
            widgets.append(Choice(pygame.Rect(40, y, game_w, h), lambda: tr("stats.game"),
                                  self.games, lambda: self.game, self._set_game,
                                  lambda g: tr(f"game.{g}.name"), label_w=80))
            var_w = 470 if self.player_choices else 560
            self.variant_choice = Choice(
                pygame.Rect(40 + game_w + 10, y, var_w, h), lambda: tr("stats.variant"),
                self.variant_options(), lambda: self.variant, self._set_variant,
                lambda v: self._fit(self.variant_label(v), var_w - 80 - 80),
                enabled=lambda: self.live, label_w=80)
            widgets.append(self.variant_choice)
            if self.player_choices:
                x = 40 + game_w + 10 + var_w + 10
                pw = 1240 - x
                widgets.append(Choice(pygame.Rect(x, y, pw, h), lambda: "",
                                      self.player_choices, lambda: self.player,
                                      self._set_player,
                                      lambda n: self._fit(self.player_text(n), pw - 80),
                                      label_w=0))
        widgets.append(Button(pygame.Rect(1080, 664, 160, 44), lambda: tr("ui.history.back"),
                              self.back, size=theme.SIZE_SMALL))
        self.menu.widgets = widgets
        self.menu.focus = 0

    def _fit(self, text: str, width: int) -> str:
        """A choice's value cut with … rather than shrunk away (a long name or variant)."""
        return self.app.text.fit_line(text, theme.SIZE_BODY, width, True, min_size=16)[0]

    def _pick_game(self) -> None:
        """The games counted (whatever the variant); the current one kept, else the one with
        most games."""
        found = self.report.get("variants") or {}
        summary = self.report.get("summary", [])
        self.games = sorted(set(found) | {row["game"] for row in summary})
        counts = {g: sum(v["games"] for v in vs) for g, vs in found.items()}
        for r in summary:
            if r["opponents"] == "all":
                counts.setdefault(r["game"], r["games"])
        if getattr(self, "game", None) not in self.games:
            self.game = max(self.games, key=lambda g: counts.get(g, 0)) if self.games else ""

    def variant_options(self) -> list[str | None]:
        """Every variant, then those of the chosen game's counted games (most played first)."""
        found = (self.report.get("variants") or {}).get(self.game, [])
        return [None, *(v["variant"] for v in found)]

    def variant_label(self, variant: str | None) -> str:
        text = variant_text(self.game, variant)
        found = {v["variant"]: v["games"]
                 for v in (self.report.get("variants") or {}).get(self.game, [])}
        if variant is not None and variant in found:
            text += tr("stats.variant_games", n=found[variant])
        return text

    def _reload(self) -> None:
        self.report = load_report(self.db_path, self.player, self.variant)
        self._pick_game()
        if self.variant_choice is not None:
            self.variant_choice.options = self.variant_options()
        self.row = 0

    def _set_game(self, g: str) -> None:
        self.game = g
        self.row = 0
        if self.variant_choice is not None:
            self.variant_choice.options = self.variant_options()
        if self.variant is not None and self.variant not in self.variant_options():
            self._set_variant(None)  # that game was not played so: every variant of it

    def _set_variant(self, variant: str | None) -> None:
        if not self.live:
            return
        self.variant = variant
        self._reload()

    def _set_player(self, name: str | None) -> None:
        self.player = name
        self._reload()
        if self.variant is not None and self.variant not in self.variant_options():
            self._set_variant(None)

    @staticmethod
    def player_text(name: str | None) -> str:
        if name is None:
            return tr("ui.history.stats.everyone")
        return tr("ui.history.stats.player", name=name or tr("ui.history.stats.unnamed"))

    def rows(self) -> list[dict[str, Any]]:
        """The summary rows of the chosen game: all opponents first, then each kind."""
        rows = [r for r in self.report.get("summary", []) if r["game"] == self.game]
        rows.sort(key=lambda r: (r["opponents"] != "all", r["opponents"]))
        return rows[:MAX_ROWS]

    def score_better(self) -> str:
        from cardtable.history.stats import score_better
        return (self.report.get("score_better") or {}).get(self.game, score_better(self.game))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.row_rects):
                if rect.collidepoint(event.pos):
                    self.row = i
                    return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and \
                self.games:
            n = len(self.rows())
            self.row = (self.row + (1 if event.key == pygame.K_DOWN else -1)) % max(1, n)
            return None
        return super().handle_event(event)

    # ------------------------------------------------------------ drawing
    def draw(self, surf: gfx.Image) -> None:
        surf.blit(draw.background(surf.get_size()), (0, 0))
        t = self.app.text
        title_bar(surf, self.app, tr("stats.title"), 36)
        if not self.games:
            t.blit(surf, tr("stats.empty"), (640, 360), theme.SIZE_H2, theme.TEXT_DIM, True,
                   "center")
            self.menu.draw(surf, t)
            return
        self._summary(surf)
        self._figures(surf)
        self._history(surf)
        chart = self.report.get("charts", {}).get(self.game, {})
        series = chart.get("win_rate", [])
        charts.line_chart(surf, t, LINE, tr("stats.chart.win_rate") + " " + ARROWS["higher"],
                          [p["win_rate"] for p in series], marks=[p["won"] for p in series],
                          x_note=tr("ui.history.chart.games"),
                          no_data=tr("ui.history.chart.no_data"))
        dist = chart.get("scores", {})
        better = self.score_better()
        charts.histogram(surf, t, HIST, tr("stats.chart.scores") + tr(f"stats.better.{better}"),
                         dist.get("edges", []), dist.get("counts", []),
                         x_note=tr("ui.history.chart.score"),
                         no_data=tr("ui.history.chart.no_data"))
        self.menu.draw(surf, t)
        hint = tr("ui.history.stats.hint_players" if self.player_choices
                  else "ui.history.stats.hint")
        t.blit(surf, hint, (40, 686), t.fit(hint, theme.SIZE_TINY, 1020), theme.TEXT_DIM,
               False, "midleft")

    def _summary(self, surf: gfx.Image) -> None:
        t = self.app.text
        draw.panel(surf, SUMMARY, theme.PANEL, 235)
        all_rows = [r for r in self.report["summary"] if r["game"] == self.game]
        rows = self.rows()
        self.row = min(self.row, max(0, len(rows) - 1))
        self.row_rects = []
        score = tr("stats.mean_score") + " " + ARROWS[self.score_better()]
        cols = [(tr("stats.opponents"), 14, "topleft"), (tr("stats.games"), 330, "topright"),
                (tr("stats.wins"), 410, "topright"),
                (tr("stats.win_rate") + " " + ARROWS["higher"], 500, "topright"),
                (score, 626, "topright")]
        y = SUMMARY.y + 10
        t.blit(surf, tr("ui.history.stats.summary"), (SUMMARY.x + 14, y), theme.SIZE_SMALL,
               theme.ACCENT, True)
        if not rows:
            t.blit(surf, tr("stats.variant_empty"), SUMMARY.center, theme.SIZE_SMALL,
                   theme.TEXT_DIM, False, "center")
        y += 30
        for label, x, anchor in cols[1:]:
            t.blit(surf, label, (SUMMARY.x + x, y), theme.SIZE_TINY, theme.TEXT_DIM, True,
                   anchor)
        y += 24
        for i, r in enumerate(rows):
            strong = r["opponents"] == "all"
            color = theme.GOLD if strong else theme.TEXT
            rect = pygame.Rect(SUMMARY.x + 6, y - 3, SUMMARY.w - 12, 27)
            self.row_rects.append(rect)
            if i == self.row:
                gfx.rect(surf, theme.BUTTON, rect, border_radius=6)
            elif rect.collidepoint(self.mouse):
                gfx.rect(surf, theme.PANEL_LIGHT, rect, border_radius=6)
            name, size = t.fit_line(opponents_text(r["opponents"], r.get("opponent_list")),
                                    theme.SIZE_SMALL, 270, strong, min_size=14)
            t.blit(surf, name, (SUMMARY.x + 14, y), size, color, strong)
            vals = [str(r["games"]), str(r["wins"]), _num(r["win_rate"], pct=True),
                    _num(r["mean_score"])]
            for (_, x, anchor), v in zip(cols[1:], vals, strict=True):
                t.blit(surf, v, (SUMMARY.x + x, y), theme.SIZE_SMALL, color, strong, anchor)
            y += 28
        if len(all_rows) > MAX_ROWS:  # said on the title line: below, it pushed the figures out
            t.blit(surf, tr("ui.history.stats.more_rows", n=len(all_rows) - MAX_ROWS),
                   (SUMMARY.right - 14, SUMMARY.y + 12), theme.SIZE_TINY, theme.TEXT_DIM,
                   False, "topright")

    def _figures(self, surf: gfx.Image) -> None:
        """The game's own figures against the chosen opponents (click a row, or Up/Down),
        two columns, each with the way that is better; the legend on the title line."""
        t = self.app.text
        box = FIGURES
        draw.panel(surf, box, theme.PANEL, 235)
        rows = self.rows()
        chosen = rows[self.row] if rows else None
        opponents = opponents_text(chosen["opponents"], chosen.get("opponent_list")) \
            if chosen else tr("ui.history.stats.vs_all")
        legend = tr("stats.better.legend")
        lw = t.size(legend, theme.SIZE_TINY)[0]
        title, size = t.fit_line(tr("ui.history.stats.figures", opponents=opponents),
                                 theme.SIZE_SMALL, box.w - 44 - lw, True, min_size=14)
        t.blit(surf, title, (box.x + 14, box.y + 10), size, theme.ACCENT, True)
        t.blit(surf, legend, (box.right - 14, box.y + 14), theme.SIZE_TINY, theme.TEXT_DIM,
               False, "topright")
        items = chosen["figures"] if chosen else []
        if not items:
            t.blit(surf, tr("ui.history.stats.none"), box.center, theme.SIZE_SMALL,
                   theme.TEXT_DIM, False, "center")
            return
        colw = (box.w - 28) // 2
        per_col = (box.h - 46) // 24
        for k, f in enumerate(items[: 2 * per_col]):
            x = box.x + 14 + (k // per_col) * colw
            y = box.y + 42 + (k % per_col) * 24
            value = figure_value(f, self.game)
            arrow = ARROWS[f["better"]]
            vw = t.size(value, theme.SIZE_TINY, True)[0]
            label, lsize = t.fit_line(metric_text(f["name"], self.game), theme.SIZE_TINY,
                                      colw - vw - 48, min_size=12)
            t.blit(surf, label, (x, y), lsize, theme.TEXT_DIM)
            t.blit(surf, value, (x + colw - 34, y), theme.SIZE_TINY, theme.TEXT, True,
                   "topright")
            t.blit(surf, arrow, (x + colw - 18, y), theme.SIZE_TINY,
                   theme.OK if f["better"] else theme.TEXT_DIM, True, "topright")

    def _history(self, surf: gfx.Image) -> None:
        t = self.app.text
        draw.panel(surf, HISTORY, theme.PANEL, 235)
        t.blit(surf, tr("ui.history.stats.recent"), (HISTORY.x + 14, HISTORY.y + 10),
               theme.SIZE_SMALL, theme.ACCENT, True)
        rows = [r for r in self.report["history"] if r["game"] == self.game]
        y = HISTORY.y + 40
        score = tr("stats.history.score") + " " + ARROWS[self.score_better()]
        heads = [(tr("stats.history.date"), 14, "topleft"),
                 (tr("stats.opponents"), 168, "topleft"),
                 (tr("stats.variant"), 330, "topleft"),
                 (tr("stats.history.result"), 540, "topright"),
                 (score, 626, "topright")]
        for label, x, anchor in heads:
            t.blit(surf, label, (HISTORY.x + x, y), theme.SIZE_TINY, theme.TEXT_DIM, True,
                   anchor)
        y += 24
        lh = 25
        for r in rows[: (HISTORY.bottom - y - 4) // lh]:
            when = str(r["finished_at"]).replace("T", " ")[:16]
            result = r["result"]
            if result is None or result <= 0:
                res, color = tr("stats.result.loss"), theme.TEXT_DIM
            elif result < 1:
                res, color = tr("stats.result.tie"), theme.ACCENT
            else:
                res, color = tr("stats.result.win"), theme.GOLD
            opp, osize = t.fit_line(opponents_text(r["opponents"], r.get("opponent_list")),
                                    theme.SIZE_TINY, 150, min_size=12)
            var, vsize = t.fit_line(variant_text(self.game, r.get("variant", "standard")),
                                    theme.SIZE_TINY, 170, min_size=12)
            t.blit(surf, when, (HISTORY.x + 14, y), theme.SIZE_TINY, theme.TEXT)
            t.blit(surf, opp, (HISTORY.x + 168, y), osize, theme.TEXT)
            t.blit(surf, var, (HISTORY.x + 330, y), vsize, theme.TEXT_DIM)
            t.blit(surf, res, (HISTORY.x + 540, y), theme.SIZE_TINY, color, True, "topright")
            t.blit(surf, _num(r["score"]), (HISTORY.x + 626, y), theme.SIZE_TINY, theme.TEXT,
                   False, "topright")
            y += lh
