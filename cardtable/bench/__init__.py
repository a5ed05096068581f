"""`cardtable bench` and `cardtable tournament`: measurements against peer engines, UI timings,
AI latencies, and AI-level tournaments with confidence intervals.

Nothing here is imported by the app; the peers (open-spiel, rlcard, pyminion) come from the
optional `bench` extra and are reported as missing when absent.
"""
