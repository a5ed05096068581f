"""The coach at the table: hints (`hints`) — the hard AI's move with a reason from its own
figures — and guided first games (`lesson`, `lessons`)."""
