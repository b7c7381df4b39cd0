"""Episode 6 — Fleet Battle: the project's own stage between the sources' episodes 5 and 7 (a
fleet battle decided by source 004's Battle Orders and Victory Points, RB.1–RB.7).

``schema.py`` the ``fleet_battle:`` section; ``model.py`` fleets, models and their states (token
attributes and ``game.state.attrs``); ``combat.py`` movement, fire, boarding, crews abandoning
and trophies (D6.x); ``orders.py`` the six battle orders (RB.1–RB.3); ``score.py`` victory
points and tiers (RB.5, RB.6); ``phases.py`` the turn phases (RB.7); ``actions.py`` the
players' verbs; ``bots.py`` the planner shared by the ``fleet`` bot and the Aborigine AI;
``view.py`` the board, the prompt and event lines; ``checks.py`` the scenario checks;
``plugin.py`` the hooks; ``orders_plugin.py`` the Battle Orders option (a plugin of its own)."""
