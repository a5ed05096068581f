"""Each game's own describer (`cardtable.history.describer.Describer` subclasses): the module
`<game_id>.py` exports it as `DESCRIBER`."""
