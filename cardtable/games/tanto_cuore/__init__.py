"""Tanto Cuore (base set): card data, rules engine and AI. `rules.SPEC` is the game spec."""
