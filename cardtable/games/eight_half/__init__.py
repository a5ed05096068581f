"""8½ (8又1/2, `eight_half`): a climbing card game with half values, catches and table cards:
the rules (`rules.SPEC`), its AI and its registration (everything the app knows about the game,
in one place)."""

from cardtable.games.registration import BenchPlan, Coverage, GameRegistration, Sample, Variant

_TABLE_SAMPLE = "cardtable.ui.tables.eight_half_table:open_sample_scene"
_LESSON = "cardtable.ui.scenes.lesson:open_lesson_sample"

REGISTRATION = GameRegistration(
    id="eight_half",
    rules="cardtable.games.eight_half.rules:SPEC",
    agents="cardtable.games.eight_half.ai:AGENTS",
    hidden="cardtable.games.eight_half.hidden:reshuffle_hidden",
    describer="cardtable.history.describers.eight_half:DESCRIBER",
    hints="cardtable.coach.hint_wording.eight_half:WORDING",
    lessons="cardtable.coach.lessons.eight_half:LESSONS",
    table="cardtable.ui.tables.eight_half_table:EightHalfTableScene",
    art="cardtable.ui.art_eight_half:paint",
    samples=(
        Sample("eight_half_wanted", _TABLE_SAMPLE, "eight_half-wanted"),
        Sample("eight_half_table_cards", _TABLE_SAMPLE, "eight_half-table_cards"),
        Sample("eight_half_swap", _TABLE_SAMPLE, "eight_half-swap"),
        Sample("eight_half_deal", _TABLE_SAMPLE, "eight_half-deal"),
        Sample("eight_half_last_deal", _TABLE_SAMPLE, "eight_half-last_deal"),
        Sample("eight_half_results", _TABLE_SAMPLE, "eight_half-results"),
        Sample("eight_half_hint", "cardtable.ui.hint_samples:open_eight_half_hint",
               "eight_half_hint"),
        Sample("lesson_eight_half", _LESSON, "lesson_eight_half"),
        Sample("lesson_eight_half_wrong", _LESSON, "lesson_eight_half_wrong"),
    ),
    coverage=Coverage(
        variants=(Variant(2), Variant(4), Variant(3, {"half_catches": True}),
                  Variant(6, {"deals": 2, "winner_swap": False}),
                  Variant(5, {"target_points": 6})),
        table_players=3, hotseat_players=(3, 4), quick_games=8),
    bench=BenchPlan(
        title="8 1/2", latency_players=4, demo_players=4, tournament_players=2,
        tournament_rank=3),
)
