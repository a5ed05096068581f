"""Agents: they see only `(view, legal_actions, rng)`, never the game state.

- agent.py: the `Agent` protocol and `RandomAgent`.
- ismcts.py: a reusable information-set Monte Carlo tree search over determinized states.
- registry.py: `make_agent(game_id, name, seed)` for every game's levels.
"""
