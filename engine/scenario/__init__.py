"""Scenarios: finding the files, loading and checking them, the map, the compiled rules, the rule
bindings (what a rule sees of a game) and the rule context (built from a live game), the set-up
and the YAML rule tests.
"""
