"""The pygame desktop app: scenes, tables, card art, animation. Only this package imports pygame."""
