"""Wizard (神機妙算): trick-taking with bids; the rules (`rules.SPEC`), variants, AI, the score
pad and its registration (everything the app knows about the game, in one place)."""

from cardtable.games.registration import BenchPlan, Coverage, GameRegistration, Sample, Variant

_PAD_SAMPLE = "cardtable.ui.scenes.scorepad:open_sample_scene"
_HINT = "cardtable.ui.hint_samples:open_wizard_hint"
_LESSON = "cardtable.ui.scenes.lesson:open_lesson_sample"

REGISTRATION = GameRegistration(
    id="wizard",
    rules="cardtable.games.wizard.rules:SPEC",
    agents="cardtable.games.wizard.ai:AGENTS",
    measurement_agents="cardtable.games.wizard.ai:MEASUREMENT_AGENTS",
    hidden="cardtable.games.wizard.hidden:reshuffle_hidden",
    describer="cardtable.history.describers.wizard:DESCRIBER",
    hints="cardtable.coach.hint_wording.wizard:WORDING",
    lessons="cardtable.coach.lessons.wizard:LESSONS",
    table="cardtable.ui.tables.wizard_table:WizardTableScene",
    art="cardtable.ui.art_wizard:_paint_wizard",
    samples=(
        Sample("scorepad", _PAD_SAMPLE, "scorepad"),
        Sample("scorepad_setup", _PAD_SAMPLE),
        Sample("scorepad_hidden", _PAD_SAMPLE),
        Sample("scorepad_draft", _PAD_SAMPLE),
        Sample("scorepad_export", _PAD_SAMPLE),
        Sample("scorepad_exported", _PAD_SAMPLE),
        Sample("wizard_trick", _PAD_SAMPLE, "wizard-trick"),
        Sample("wizard_trump", _PAD_SAMPLE, "wizard-trump"),
        Sample("wizard_forehead", _PAD_SAMPLE, "wizard-forehead"),
        Sample("wizard_hidden", _PAD_SAMPLE),
        Sample("wizard_single_colour", _PAD_SAMPLE),
        Sample("wizard_round", _PAD_SAMPLE, "wizard-round"),
        Sample("wizard_results", _PAD_SAMPLE),
        Sample("wizard_hint", _HINT, "wizard_hint"),
        Sample("wizard_bid_hint", _HINT, "wizard_bid_hint"),
        Sample("lesson_wizard", _LESSON, "lesson_wizard"),
        Sample("lesson_wizard_wrong", _LESSON, "lesson_wizard_wrong"),
    ),
    coverage=Coverage(
        # (±1 with hidden or secret bids is not offered, WIZ-V2: the refused bid tells the sum)
        variants=(Variant(3), Variant(4, {"hidden_bids": True}),
                  Variant(5, {"secret_bids": True, "forehead": True}),
                  Variant(4, {"plus_minus_one": True, "bid_order": "left_of_dealer"}),
                  Variant(4, {"single_colour": True}), Variant(6)),
        table_players=3, hotseat_players=(3, 4), quick_games=6),
    bench=BenchPlan(
        title="Wizard", latency_players=4, demo_players=4, tournament_players=4,
        tournament_rank=2, report_metrics=("bid_accuracy",)),
)
