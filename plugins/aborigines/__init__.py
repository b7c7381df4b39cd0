"""Episode 5 — Clash with the Aborigines (rules R5.*; docs/aborigine-clash.md).

The civilizations (seats) play together against the Aborigines, whose ships the engine moves in
an automatic phase before every player's turn, by priority tables written in the scenario.

Modules: ``plugin`` (the hook implementations), ``model`` (portals, zones, planets, the section's
numbers), ``vision`` (R5.60–R5.62), ``priorities`` (the tables, their rule functions and the
choice, R5.53), ``moves`` (cells and targets, R5.52/R5.64), ``combat`` (R5.10–R5.11,
R5.30–R5.32, R5.4), ``colonization`` (R5.40–R5.42, R5.65), ``turn`` (R5.50–R5.53), ``reach``
(what a civilization ship may do now) and ``civ`` (its actions, D5.1), ``start`` (set-up),
``bots``, ``view`` (board glyphs and status lines), ``explain`` (dg explain), ``describe`` (one
line per event for the human prompt), ``checks`` and ``schema`` (the scenario's section).
"""
