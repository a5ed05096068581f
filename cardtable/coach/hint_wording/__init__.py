"""Each game's hint wording (`cardtable.coach.hints.HintWording` subclasses): the module
`<game_id>.py` exports an instance as `WORDING`, which the game's registration names."""
