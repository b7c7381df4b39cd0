"""Game option: Leaders (source 003, RL.1–RL.10), a plugin any scenario can offer as an option.

``schema.py`` the ``leaders:`` section; ``model.py`` where every leader is (``game.state.attrs``);
``fate.py`` the d10 fate tables (RL.3, RL.4) and rescue (RL.10); ``effects.py`` the leaders'
effects on the episode's named rolls (RL.1, RL.5–RL.7); ``moves.py`` boarding and landing
(RL.2, D-L.7); ``words.py`` the events and status lines in words; ``plugin.py`` the hooks."""
