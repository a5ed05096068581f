"""Cirno's arithmetic game (seeds 000/001)."""
