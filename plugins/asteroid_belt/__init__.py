"""Episode 7 — Asteroid Belt: the plugin's hooks (procedures only; every number is in
``scenarios/asteroid-belt.yaml``). Rules: docs/asteroid-belt.md.

Modules: ``plugin`` (the hook implementations), ``model`` (reading the scenario, state queries),
``movement``, ``attacks`` (the attack patterns of the YAML), ``combat``, ``removal`` (what becomes
of beaten tokens), ``actions`` (a player's verbs), ``shuttles``, ``defenders`` (the Aborigines
played by the next seat), ``bots`` (the greedy bot, weights in the YAML), ``checks`` (the section's
schema and ``dg validate``), ``view`` (terminal), ``describe`` (events in words for the human
prompt), ``selfplay`` (bot-only games for tests and the bench). The plugin imports only the
engine's public surface (``distant_galaxy``).
"""
