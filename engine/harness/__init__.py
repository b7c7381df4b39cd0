"""Checks every scenario must pass (like ``pettingzoo.test``): invariants, conformance cases,
faults on saves and logs, the reliability run and perft counts."""
