"""The "did you mean …?" part of load-time rule errors, shared by the compiler and the calls."""

from __future__ import annotations

from collections.abc import Iterable

from distant_galaxy.text import close_matches


def suggest(word: str, choices: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` for the closest choice, or ``""``."""
    close = close_matches(word, sorted(set(choices)))
    return f"; did you mean '{close[0]}'?" if close else ""
