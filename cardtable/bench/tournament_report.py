"""The tournament report: Markdown with tables and verdicts, and a PNG chart per game (plus
Wizard's bid accuracy), from the `results.json` that `cardtable.bench.tournament` writes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable.bench.charts import Bar, bar_chart
from cardtable.bench.tournament import runs_of, table_key
from cardtable.games import GAME_IDS, registration


def game_title(game: str) -> str:
    """The game's name in the report (`BenchPlan.title`; the id of a game no longer known)."""
    return registration(game).bench.title if game in GAME_IDS else game


def report_metrics(game: str) -> tuple[str, ...]:
    """The simulator metrics shown under each of the game's tables (per game and seat, tested
    / field): `BenchPlan.report_metrics`."""
    return registration(game).bench.report_metrics if game in GAME_IDS else ()


def _verdict(row: dict[str, Any]) -> str:
    if row["better_with_confidence"]:
        return "better"
    if row["worse_with_confidence"]:
        return "worse"
    return "not established"


def _chain_text(v: dict[str, Any]) -> str:
    parts = []
    for link, ok in v["links"].items():
        hi, lo = link.split(">")
        parts.append(f"{hi} > {lo}: " + ("yes" if ok else "not with confidence"
                                         if ok is False else "not run"))
    return ("**holds**" if v["holds"] else "**not shown**") + " (" + "; ".join(parts) + ")"


def bid_accuracy(rows: list[dict[str, Any]]
                 ) -> dict[tuple[str, int, str], tuple[float, int]]:
    """Wizard: mean bid accuracy per agent, table size and opponent over every seat it played
    there (games-weighted): table sizes apart, since a hand of up to 20 cards at 3 players is
    harder to bid exactly than one of up to 10 at 6; opponents apart, since bidding exactly
    against random players is another task than against normal ones (the opponent of the
    tested seat is its field, that of a field seat the tested agent)."""
    total: dict[tuple[str, int, str], list[float]] = {}
    for r in rows:
        if r["game"] != "wizard":
            continue
        for name, against, metrics, seats in (
                (r["agent"], r["field"], r["agent_metrics"], r["games"]),
                (r["field"], r["agent"], r["field_metrics"], r["games"] * (r["players"] - 1))):
            if "bid_accuracy" in metrics:
                acc = total.setdefault((name, r["players"], against), [0.0, 0])
                acc[0] += metrics["bid_accuracy"] * seats
                acc[1] += seats
    return {k: (v[0] / v[1], int(v[1])) for k, v in total.items() if v[1]}


def write_report(report: dict[str, Any], out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, Any]] = report["matchups"]
    games = list(dict.fromkeys(r["game"] for r in rows))
    made = []
    for run in runs_of(report):
        m0, m1 = run.get("machine_at_start", {}), run.get("machine_at_end", {})
        covers = ", ".join(game_title(g) for g in run["games_played"])
        if run.get("players"):
            covers += " (" + ", ".join(f"{n} players" for n in run["players"]) + " only)"
        when = f"{run['date']}, " if run.get("date") else ""
        cores = f" on {m0['cpus']} cores" if m0.get("cpus") else ""
        loads = [f"{m['load_average']} at the {end}"
                 for m, end in ((m0, "start"), (m1, "end")) if m.get("load_average")]
        load = "; load average " + ", ".join(loads) if loads else ""
        made.append(f"- `{run['command']}` — {covers} ({when}{run.get('seconds', 0) / 60:.0f} "
                    f"min{cores}{load})")
    lines = [
        "# AI tournament",
        "",
        "Made by:",
        "",
        *made,
        "",
        "**Method.** A matchup *X vs Y* seats one X against a field of Y (the rest of the table); "
        "the simulator (`cardtable.sim.runner`) rotates the seats game by game, so X sits in "
        "every seat equally. X's fair share of wins is 1/players (ties share the win). X is "
        "*better* than Y with confidence when the lower bound of the 95 % Wilson interval of X's "
        "win rate lies above the fair share, *worse* when the upper bound lies below it. "
        "Matchups with a `hard` agent may play fewer games than the others (its search takes "
        "up to about a second per decision; the games column says how many). "
        "Default rules everywhere except in a table whose heading names options (Cirno's "
        "advanced game). The mean score is each game's own score (in Cirno the "
        "cards taken, lower is better).",
        "",
        "## hard > normal > random?",
        "",
        "| game | verdict |",
        "|---|---|",
    ]
    verdicts = report.get("verdicts", {})
    for g in games:
        if g in verdicts:
            lines.append(f"| {game_title(g)} | {_chain_text(verdicts[g])} |")
    # each game's tables together: its main table first, then more players, then options
    tables = sorted(dict.fromkeys(table_key(r) for r in rows),
                    key=lambda k: (games.index(k[0]), k[1], k[2]))
    for key in tables:
        g, players, opts = key
        grows = [r for r in rows if table_key(r) == key]
        title = game_title(g)
        heading = f"{title} ({players} players{', ' + opts if opts else ''})"
        main = key == tables[[k[0] for k in tables].index(g)]  # the game's first table
        stem = g if main else f"{g}_{players}p" + ("_" + opts.replace("=", "-").replace(
            ", ", "_").replace("True", "on") if opts else "")
        chart = out / f"{stem}.png"
        bar_chart(chart, f"{heading}: win rate of the tested seat",
                  [Bar(f"{r['agent']} vs {r['field']}", r["win_rate"], r["ci95"][0],
                       r["ci95"][1], r["fair_share"]) for r in grows],
                  note=f"{players} players; whiskers: 95 % Wilson interval; "
                       "orange tick: fair share; green/red: better/worse with confidence")
        lines += ["", f"## {heading}", "",
                  f"![{heading} win rates]({chart.name})", "",
                  "| matchup | games | win rate | 95 % CI | fair share | verdict | "
                  "mean score (tested / field) |",
                  "|---|---:|---:|---|---:|---|---|"]
        for r in grows:
            lines.append(
                f"| {r['agent']} vs {r['field']} | {r['games']} | {r['win_rate']:.3f} | "
                f"[{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}] | {r['fair_share']:.3f} | "
                f"{_verdict(r)} | {r['agent_mean_score']:.2f} / {r['field_mean_score']:.2f} |")
        keys = [k for k in report_metrics(g) if any(k in r["agent_metrics"] for r in grows)]
        if keys:
            lines += ["", "Per game and seat (tested / field):", "",
                      "| matchup | " + " | ".join(keys) + " |",
                      "|---|" + "---:|" * len(keys)]
            for r in grows:
                cells = [f"{r['agent_metrics'].get(k, 0.0):.2f} / "
                         f"{r['field_metrics'].get(k, 0.0):.2f}" for k in keys]
                lines.append(f"| {r['agent']} vs {r['field']} | " + " | ".join(cells) + " |")
    acc = bid_accuracy(rows)
    if acc:
        levels = ("random", "easy", "normal", "hard")
        def rank(name: str) -> int:
            return levels.index(name) if name in levels else len(levels)

        order = sorted(acc, key=lambda k: (k[1], rank(k[0]), k[0], rank(k[2]), k[2]))
        chart = out / "wizard_bid_accuracy.png"
        bar_chart(chart, "Wizard: bid accuracy (share of rounds with tricks = bid)",
                  [Bar(f"{n} {p}p vs {v}", acc[n, p, v][0]) for n, p, v in order],
                  note="by agent, players and opponent, over every seat it played in the "
                  "Wizard matchups")
        lines += ["", "## Wizard bid accuracy", "",
                  f"![Wizard bid accuracy]({chart.name})", "",
                  "| agent | players | against | seats | bid accuracy |",
                  "|---|---:|---|---:|---:|"]
        lines += [f"| {n} | {p} | {v} | {acc[n, p, v][1]} | {acc[n, p, v][0]:.3f} |"
                  for n, p, v in order]
    if report.get("notes"):
        lines += ["", "## Notes", ""] + [f"- {n}" for n in report["notes"]]
    lines += ["", "Raw figures: [results.json](results.json).", ""]
    md = out / "report.md"
    md.write_text("\n".join(lines), encoding="utf-8")
    return md
