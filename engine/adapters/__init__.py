"""Every scenario for standard research tools: PettingZoo (``pettingzoo``) and OpenSpiel
(``openspiel``), over one fixed encoding of observations and actions (``encoding``).

``encoding`` needs nothing but the engine; ``pettingzoo`` and ``openspiel`` import their libraries
(the optional extra ``.[rl]``) and are imported only by a program that asks for them — never by
``import distant_galaxy`` or ``dg``.
"""
