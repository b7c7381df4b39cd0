"""Generic bots that play any scenario from its legal actions alone: the search bot (``mcts``).

``budget`` parses a bot's parameters (``mcts:200``, ``mcts:0.5s,depth=80``), ``mcts`` holds the
open-loop Monte Carlo tree search and its controller, ``rollout`` the playouts and their scoring;
``plugin`` is the built-in plugin ``builtin.bots`` that offers them with ``random`` and ``first``.
"""
