"""The app's scenes (one module each)."""
