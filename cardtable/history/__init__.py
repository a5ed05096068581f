"""Game history for every game: undo, the move log, record files and statistics (no UI).

- `undo`: which of a human seat's moves may be taken back (the Board Game Arena rule), and
  undo by replaying the record minus the tail.
- `movelog`: every event and action as a message key with parameters, the view at any step.
- `records`: record files (checksummed, atomic) under the user data dir or any path.
- `stats`: the SQLite statistics database (schema versioned, migrated, corruption-safe).

Nothing here imports pygame; `movelog.format_line` imports the translator lazily.
"""
