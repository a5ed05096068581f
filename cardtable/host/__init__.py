"""The match host: one owner of every game in play, and the seats' controllers (pure: no
pygame, no translator).

- `host.MatchHost` owns the `Match`, asks each seat's controller for decisions, applies them and
  publishes per-viewer updates (`frames`); it owns autosave, archive, undo, hints.
- `controllers`: a person (here or remote), a computer, a script (a replay's record, a lesson).
- `link.LocalLink`: what a table on this screen is given (never the host or the state).
- `local`: games hosted for this app (controllers from the seats, the autosave, the archive).
"""
