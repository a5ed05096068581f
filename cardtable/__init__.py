"""cardtable: a desktop card table for four tabletop card games."""

__version__ = "0.1.0"
