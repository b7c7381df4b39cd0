"""Episode 7 — Asteroid Belt: the plugin's hooks (procedures only; every number is in
``scenarios/asteroid-belt.yaml``). Rules: docs/asteroid-belt.md.

Modules: ``model`` (reading the scenario, state queries), ``movement``, ``combat``, ``actions``
(a player's verbs), ``shuttles``, ``defenders`` (the Aborigines played by the next seat),
``bots`` (the greedy bot), ``checks`` (``dg validate``), ``view`` (terminal), ``describe``
(events in words for the human prompt).
"""
