"""The pygame desktop app: scenes, tables, card art, animation. Only this package imports pygame."""

import os

# pygame prints a greeting on import; the app's terminal output is for its own messages.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
