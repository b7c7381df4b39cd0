"""The generic board actions (``actions:`` section): place and move pieces, with their rule
functions and ``setup.fill`` — the built-in plugin the classic games are written with."""
