"""The game core: state, dice, grid, actions, the game object and its turn loop.

Nothing here reads YAML or knows a scenario's file: a :class:`~distant_galaxy.core.game.Game` is
made from a loaded scenario (:mod:`distant_galaxy.scenario`).
"""
