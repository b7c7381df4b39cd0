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


#: The most characters of a person's input that a message quotes (:func:`shorten`).
SHOWN_TEXT = 80


def shorten(text: str, limit: int = SHOWN_TEXT) -> str:
    """``text`` as a message may quote it: at most ``limit`` characters, a cut one ending in
    ``…`` and its length (``'xxxx…' (6000 characters)``-style, without the quotes). Every
    message that echoes what a person typed or wrote (a name, a parameter, a value of a file)
    passes it through here, so no message grows with its input."""
    if len(text) <= limit:
        return text
    return f"{text[:max(limit - 1, 1)]}… ({len(text)} characters)"


def quoted(value: object, limit: int = SHOWN_TEXT) -> str:
    """``repr(value)`` shortened as :func:`shorten` does (a text keeps its opening quote)."""
    return shorten(repr(value), limit)
