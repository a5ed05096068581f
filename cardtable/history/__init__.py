"""Game history for every game: undo, the move log, records, replays and statistics (no UI).

Modules:
- `undo`: which of a human seat's moves may be taken back (UNDO-1 with one person against
  computers: back to the start of the round, a game's `GameSpec.undo_barrier`; UNDO-2 with
  two or more people: the Board Game Arena rule, decided from events), and undo by replaying
  the record minus the tail (`undo_to`, over `Match.truncated`).
- `movelog`: every event and action as a message key with parameters (`describe`), the log of a
  match for a viewer (`log_entries`), the view at any step (`state_at`), text (`format_line`).
- `records`: record files (checksummed, atomic) under the user data dir or any path; a bad file
  is refused with a `RecordError` carrying a message key.
- `stats`: the SQLite statistics database (schema versioned and migrated, corruption-safe).
- `archive`: `archive_finished(match)`, what the app calls when a game ends.

How the app uses it (the UI side):
- Undo button / Ctrl+Z for the human seat `s` whose turn it is: enabled when
  `undo.undo_points(match, s)` is not empty (cheap, cached); label with
  `movelog.describe_action(match.history[p], game_id, s)` for the move at `p = points[0]`;
  on press `match = undo.undo_to(match, p, s)` (it keeps the reach of UNDO-1 as the new
  match's `undo_floor`), then autosave the new record and redraw from its view (no animation
  needed: the view is the one the player had then). Greyed out, the button says
  `undo.why_not(match, s)` (`history.undo.why.<reason>[.<game>]`).
- Move-log panel: `log_entries(match, viewer)` (viewer = the seat whose screen it is, None for a
  spectator) and `format_line(entry.msg, game_id, names)`; clicking an entry shows
  `state_at(match, entry.step + 1, viewer)` read-only (`entry.step` None = the setup: step 0).
- Replay scene: `records.open_record(path)` (show `tr(err.key, **err.params)` on RecordError),
  then a replay feed (`cardtable.host.replay.ReplayFeed`: the host answering from the record;
  every hand only for a finished game).
- Game over: `archive.archive_finished(match)` saves the record and counts the game;
  show `result.notice` if set. Stats scene: `stats.StatsDB().report()` (same as
  `cardtable stats --json`), with `charts[game]["win_rate"]` and `["scores"]`.

Nothing here imports pygame; `movelog.format_line` imports the translator lazily.
"""
