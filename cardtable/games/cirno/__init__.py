"""Cirno's arithmetic game (seeds 000/001): the rules (`rules.SPEC`), its AI and its
registration (everything the app knows about the game, in one place)."""

from cardtable.games.registration import BenchPlan, Coverage, GameRegistration, Sample, Variant

_LESSON = "cardtable.ui.scenes.lesson:open_lesson_sample"

REGISTRATION = GameRegistration(
    id="cirno",
    rules="cardtable.games.cirno.rules:SPEC",
    agents="cardtable.games.cirno.ai:AGENTS",
    measurement_agents="cardtable.games.cirno.ai:MEASUREMENT_AGENTS",
    hidden="cardtable.games.cirno.hidden:reshuffle_hidden",
    describer="cardtable.history.describers.cirno:DESCRIBER",
    hints="cardtable.coach.hint_wording.cirno:WORDING",
    lessons="cardtable.coach.lessons.cirno:LESSONS",
    table="cardtable.ui.tables.cirno_table:CirnoTableScene",
    art="cardtable.ui.cardart:_paint_cirno",
    samples=(
        Sample("cirno_hint", "cardtable.ui.hint_samples:open_cirno_hint", "cirno_hint"),
        Sample("lesson_cirno", _LESSON, "lesson_cirno"),
        Sample("lesson_cirno_wrong", _LESSON, "lesson_cirno_wrong"),
        Sample("lesson_cirno_companions", _LESSON, "lesson_cirno_companions"),
    ),
    coverage=Coverage(
        variants=(Variant(2), Variant(4), Variant(5, {"advanced": True}),
                  Variant(3, {"advanced": True, "double_reading": "first"}),
                  Variant(8, {"limit": 15})),
        table_players=3, hotseat_players=(3, 4), quick_games=15),
    bench=BenchPlan(
        title="Cirno", latency_players=4, demo_players=4, tournament_players=2,
        tournament_rank=1, tournament_options=({"advanced": True},),
        report_metrics=("companions_taken", "companions_used", "companions_used_per_taken",
                        "rounds")),
)
