"""Sample games for screenshots, docs and tests (pure, above the host: they play through it):
each game's representative moments (`<game_id>.py`, named by its registration's sample
openers), and sample records and statistics (`records.py`)."""
