"""The statistics scene: per game and per opponent kind (games, wins, win rate, mean score and
the game's own figures), the latest games, and two charts drawn in the app: the win rate over
time and the score distribution. The numbers are `StatsDB().report()`, the same object
`cardtable stats --json` prints."""

from __future__ import annotations

import logging
from typing import Any

import pygame

from cardtable.i18n import has_key, tr
from cardtable.ui import charts, draw, gfx, theme
from cardtable.ui.scenes.common import MenuScene, title_bar
from cardtable.ui.widgets import Button, Choice

log = logging.getLogger(__name__)

SUMMARY = pygame.Rect(40, 150, 640, 250)
HISTORY = pygame.Rect(40, 414, 640, 236)
LINE = pygame.Rect(700, 96, 540, 272)
HIST = pygame.Rect(700, 380, 540, 270)
MAX_ROWS = 4  # summary rows shown: all opponents and three kinds


def load_report(db_path: Any = None, player: str | None | object = ...) -> dict[str, Any]:
    """The report for `player` (a name, "" for unnamed seats, None for every human seat); by
    default the name with the most games when people played under several names (a hot-seat
    game would otherwise count once for every person at the table)."""
    from cardtable.history.stats import StatsDB
    with StatsDB(db_path) as db:
        if player is ...:
            names = db.players()
            player = names[0]["name"] if len(names) > 1 else None
        return db.report(history_limit=200, player=player)  # type: ignore[arg-type]


def opponents_text(kind: str) -> str:
    if kind == "all":
        return tr("ui.history.stats.vs_all")
    parts = []
    for part in kind.split("+"):
        text = tr(f"stats.opponent.{part}")
        parts.append(part if text.startswith("⟦") else text)
    return tr("ui.list_sep").join(parts)


def metric_text(name: str, game_id: str | None = None) -> str:
    """A metric's label: the game's own wording where it has one (Wizard counts 輪, not 局),
    else the shared one."""
    if game_id is not None and has_key(f"stats.metric.{game_id}.{name}"):
        return tr(f"stats.metric.{game_id}.{name}")
    text = tr(f"stats.metric.{name}")
    return name if text.startswith("⟦") else text


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
        # people who played under several names choose whose figures these are (a report
        # handed in without a database to ask again has no choice)
        names = [p["name"] for p in self.report.get("players", [])]
        self.player_choices: list[str | None] = (
            [*names, None] if len(names) > 1 and report is None else [])
        self._pick_game()
        self.mouse = (0, 0)
        self.row = 0  # the summary row whose game figures are shown
        self.row_rects: list[pygame.Rect] = []
        widgets: list[Any] = []
        if self.games:  # (several names means games were counted)
            game_w = 400 if self.player_choices else 640
            widgets.append(Choice(pygame.Rect(40, 96, game_w, 44), lambda: tr("stats.game"),
                                  self.games, lambda: self.game, self._set_game,
                                  lambda g: tr(f"game.{g}.name"),
                                  label_w=90 if self.player_choices else 120))
        if self.player_choices:
            def shown(name: str | None) -> str:  # a long name is cut, not shrunk away
                return self.app.text.fit_line(self.player_text(name), theme.SIZE_BODY,
                                              230 - 80, True, min_size=16)[0]

            widgets.append(Choice(pygame.Rect(450, 96, 230, 44), lambda: "",
                                  self.player_choices, lambda: self.player, self._set_player,
                                  shown, label_w=0))
        widgets.append(Button(pygame.Rect(1080, 664, 160, 44), lambda: tr("ui.history.back"),
                              self.back, size=theme.SIZE_SMALL))
        self.menu.widgets = widgets
        self.menu.focus = 0

    def _pick_game(self) -> None:
        """The games of the report; the current one kept, else the one with most games."""
        self.games = sorted({row["game"] for row in self.report.get("summary", [])})
        counts = {r["game"]: r["games"] for r in self.report.get("summary", [])
                  if r["opponents"] == "all"}
        if getattr(self, "game", None) not in self.games:
            self.game = max(self.games, key=lambda g: counts.get(g, 0)) if self.games else ""

    def _set_game(self, g: str) -> None:
        self.game = g
        self.row = 0

    def _set_player(self, name: str | None) -> None:
        self.player = name
        self.report = load_report(self.db_path, name)
        self._pick_game()
        self.row = 0

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
        self._history(surf)
        chart = self.report.get("charts", {}).get(self.game, {})
        series = chart.get("win_rate", [])
        charts.line_chart(surf, t, LINE, tr("stats.chart.win_rate"),
                          [p["win_rate"] for p in series], marks=[p["won"] for p in series],
                          x_note=tr("ui.history.chart.games"),
                          no_data=tr("ui.history.chart.no_data"))
        dist = chart.get("scores", {})
        charts.histogram(surf, t, HIST, tr("stats.chart.scores"), dist.get("edges", []),
                         dist.get("counts", []), x_note=tr("ui.history.chart.score"),
                         no_data=tr("ui.history.chart.no_data"))
        self.menu.draw(surf, t)
        hint = tr("ui.history.stats.hint_players" if self.player_choices
                  else "ui.history.stats.hint")
        t.blit(surf, hint, (40, 676), t.fit(hint, theme.SIZE_TINY, 1020), theme.TEXT_DIM,
               False, "midleft")

    def _summary(self, surf: gfx.Image) -> None:
        t = self.app.text
        draw.panel(surf, SUMMARY, theme.PANEL, 235)
        all_rows = [r for r in self.report["summary"] if r["game"] == self.game]
        rows = self.rows()
        self.row = min(self.row, max(0, len(rows) - 1))
        self.row_rects = []
        cols = [(tr("stats.opponents"), 14, "topleft"), (tr("stats.games"), 300, "topright"),
                (tr("stats.wins"), 380, "topright"), (tr("stats.win_rate"), 470, "topright"),
                (tr("stats.mean_score"), 620, "topright")]
        y = SUMMARY.y + 12
        t.blit(surf, tr("ui.history.stats.summary"), (SUMMARY.x + 14, y), theme.SIZE_SMALL,
               theme.ACCENT, True)
        y += 32
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
            name = opponents_text(r["opponents"])
            size = t.fit(name, theme.SIZE_SMALL, 240)
            t.blit(surf, name, (SUMMARY.x + 14, y), size, color, strong)
            vals = [str(r["games"]), str(r["wins"]), _num(r["win_rate"], pct=True),
                    _num(r["mean_score"])]
            for (_, x, anchor), v in zip(cols[1:], vals, strict=True):
                t.blit(surf, v, (SUMMARY.x + x, y), theme.SIZE_SMALL, color, strong, anchor)
            y += 28
        if len(all_rows) > MAX_ROWS:  # said on the title line: below, it pushed the figures out
            t.blit(surf, tr("ui.history.stats.more_rows", n=len(all_rows) - MAX_ROWS),
                   (SUMMARY.right - 14, SUMMARY.y + 14), theme.SIZE_TINY, theme.TEXT_DIM, False,
                   "topright")
        # the game's own figures against the chosen opponents (click a row, or Up/Down)
        overall = rows[self.row] if rows else None
        if overall and overall["metrics"]:
            y = max(y + 4, SUMMARY.bottom - 82)
            gfx.line(surf, theme.PANEL_LIGHT, (SUMMARY.x + 14, y - 6),
                     (SUMMARY.right - 14, y - 6), 1)
            t.blit(surf, tr("ui.history.stats.figures",
                            opponents=opponents_text(overall["opponents"])),
                   (SUMMARY.x + 14, y), theme.SIZE_TINY, theme.ACCENT, True)
            y += 24
            items = list(overall["metrics"].items())[:6]
            colw = (SUMMARY.w - 28) // 3
            for k, (name, value) in enumerate(items):
                x = SUMMARY.x + 14 + (k % 3) * colw
                yy = y + (k // 3) * 24
                pct = "accuracy" in name or "share" in name
                label = metric_text(name, self.game)
                val = _num(value, pct=pct)
                size = t.fit(label, theme.SIZE_TINY, colw - 60)
                t.blit(surf, label, (x, yy), size, theme.TEXT_DIM)
                t.blit(surf, val, (x + colw - 14, yy), theme.SIZE_TINY, theme.TEXT, True,
                       "topright")

    def _history(self, surf: gfx.Image) -> None:
        t = self.app.text
        draw.panel(surf, HISTORY, theme.PANEL, 235)
        t.blit(surf, tr("ui.history.stats.recent"), (HISTORY.x + 14, HISTORY.y + 12),
               theme.SIZE_SMALL, theme.ACCENT, True)
        rows = [r for r in self.report["history"] if r["game"] == self.game]
        y = HISTORY.y + 44
        heads = [(tr("stats.history.date"), 14, "topleft"), (tr("stats.opponents"), 200,
                                                              "topleft"),
                 (tr("stats.history.result"), 470, "topright"),
                 (tr("stats.history.score"), 620, "topright")]
        for label, x, anchor in heads:
            t.blit(surf, label, (HISTORY.x + x, y), theme.SIZE_TINY, theme.TEXT_DIM, True,
                   anchor)
        y += 24
        lh = 26
        for r in rows[: (HISTORY.bottom - y - 8) // lh]:
            when = str(r["finished_at"]).replace("T", " ")[:16]
            result = r["result"]
            if result is None or result <= 0:
                res, color = tr("stats.result.loss"), theme.TEXT_DIM
            elif result < 1:
                res, color = tr("stats.result.tie"), theme.ACCENT
            else:
                res, color = tr("stats.result.win"), theme.GOLD
            opp = opponents_text(r["opponents"])
            t.blit(surf, when, (HISTORY.x + 14, y), theme.SIZE_TINY, theme.TEXT)
            t.blit(surf, opp, (HISTORY.x + 200, y), t.fit(opp, theme.SIZE_TINY, 200),
                   theme.TEXT)
            t.blit(surf, res, (HISTORY.x + 470, y), theme.SIZE_TINY, color, True, "topright")
            t.blit(surf, _num(r["score"]), (HISTORY.x + 620, y), theme.SIZE_TINY, theme.TEXT,
                   False, "topright")
            y += lh
