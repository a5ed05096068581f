"""Agents: they see only `(view, legal_actions, rng)`, never the game state.

Generic code only (no game is imported here; each game's agents live in its package and are
found through `cardtable.games.make_agent(game_id, name, seed)`):
- agent.py: the `Agent` protocol and `RandomAgent`.
- ismcts.py: a reusable information-set Monte Carlo tree search over determinized states.
- explain.py: what a search agent tells about its choice (the hints' figures).
"""
