"""Tanto Cuore (base set): card data, the rules engine (`rules.SPEC`), its AI and its
registration (everything the app knows about the game, in one place)."""

from cardtable.games.registration import BenchPlan, Coverage, GameRegistration, Sample, Variant

_TABLE_SAMPLE = "cardtable.ui.tables.tanto_cuore_table:open_tanto_sample"
_LESSON = "cardtable.ui.scenes.lesson:open_lesson_sample"

REGISTRATION = GameRegistration(
    id="tanto_cuore",
    rules="cardtable.games.tanto_cuore.rules:SPEC",
    agents="cardtable.games.tanto_cuore.ai:AGENTS",
    hidden="cardtable.games.tanto_cuore.hidden:reshuffle_hidden",
    describer="cardtable.history.describers.tanto_cuore:DESCRIBER",
    hints="cardtable.coach.hint_wording.tanto_cuore:WORDING",
    lessons="cardtable.coach.lessons.tanto_cuore:LESSONS",
    table="cardtable.ui.tables.tanto_cuore_table:TantoCuoreTableScene",
    art="cardtable.ui.art_tanto_cuore:paint",
    samples=(
        Sample("tanto_town", _TABLE_SAMPLE, "tanto_cuore-town"),
        Sample("tanto_choice", _TABLE_SAMPLE, "tanto_cuore-choice"),
        Sample("tanto_results", _TABLE_SAMPLE, "tanto_cuore-results"),
        Sample("tanto_why_not", _TABLE_SAMPLE),
        Sample("tanto_hint", "cardtable.ui.hint_samples:open_tanto_hint", "tanto_hint"),
        Sample("lesson_tanto_cuore", _LESSON, "lesson_tanto_cuore"),
        Sample("lesson_tanto_cuore_wrong", _LESSON, "lesson_tanto_cuore_wrong"),
    ),
    coverage=Coverage(
        variants=(Variant(2), Variant(3), Variant(4, {"finish_turn": True}),
                  Variant(3, {"town": "recommended", "events": False,
                              "private_maids": False})),
        table_players=2, hotseat_players=(3,), quick_games=6),
    bench=BenchPlan(
        title="Tanto Cuore", latency_players=2, demo_players=4, tournament_players=2,
        tournament_rank=0,
        report_metrics=("mean_turns", "mean_vp", "chambermaids", "chambermaids_crescent",
                        "chambermaids_safran", "chambermaids_colette", "private_maids_employed",
                        "events_played", "illness_cured")),
)
