"""Small helpers for the words shown to people, shared by the engine's features and its read-outs
(public: ``distant_galaxy.article`` and ``distant_galaxy.count_of``)."""

from __future__ import annotations


def article(word: str) -> str:
    """``word`` with its indefinite article: "an engineer", "a scout"."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def count_of(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless n is 1 or -1: "1 ship", "2 ships", "+1 point"."""
    if abs(n) == 1 or word.endswith("s"):
        return f"{n} {word}"
    return f"{n} {word}s"
