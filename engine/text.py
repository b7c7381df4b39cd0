"""Small helpers for the words shown to people, shared by the engine's features and its read-outs
(public: ``distant_galaxy.article`` and ``distant_galaxy.count_of``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import json
    from collections.abc import Iterable


def article(word: str) -> str:
    """``word`` with its indefinite article: "an engineer", "a scout"."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def close_matches(word: str, known: Iterable[str], n: int = 1, cutoff: float = 0.6) -> list[str]:
    """The ``n`` names of ``known`` closest to ``word`` (best first, only those at least
    ``cutoff`` alike), for a "did you mean" hint: ``difflib.get_close_matches``, with difflib
    imported only when a name is wrong (it costs a millisecond of every start-up otherwise)."""
    import difflib
    return difflib.get_close_matches(word, known, n=n, cutoff=cutoff)


def count_of(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless n is 1 or -1: "1 ship", "2 ships", "+1 point", "3 men"
    (:func:`plural`)."""
    if abs(n) == 1:
        return f"{n} {word}"
    return f"{n} {plural(word)}"


#: English plurals that add no -s, for the names of pieces a scenario may give (the last word
#: of a name: "3 merchant men").
_IRREGULAR = {"man": "men", "woman": "women", "goose": "geese", "mouse": "mice",
              "foot": "feet", "tooth": "teeth", "child": "children", "person": "people",
              "die": "dice", "ox": "oxen", "sheep": "sheep", "fish": "fish", "deer": "deer"}


def plural(word: str) -> str:
    """The plural of a piece's name as English writes it: "ship" → "ships", "man" → "men",
    "goose" → "geese", "army" → "armies", "match" → "matches"; a word ending in s is taken as
    plural already ("seeds", "fighters")."""
    head, _, last = word.rpartition(" ")
    lower = last.lower()
    if lower in _IRREGULAR:
        made = _IRREGULAR[lower]
        last = made if last.islower() else made.capitalize()
    elif last.endswith("s"):
        return word
    elif lower.endswith(("x", "z", "ch", "sh")):
        last += "es"
    elif lower.endswith("y") and lower[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        last = last[:-1] + "ies"
    else:
        last += "s"
    return f"{head} {last}" if head else last


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
    """``value`` in quotes, as a message quotes a person's input: ``'orange'``, or for a long
    one its beginning and its length (``'xxxx…' (6000 characters)``)."""
    text = str(value)
    if len(text) <= limit:
        return f"'{text}'"
    return f"'{text[:max(limit - 1, 1)]}…' ({len(text)} characters)"


#: A run of more characters than this without a space is a quoted input, cut by :func:`bounded`.
LONG_RUN = 160
#: The most characters of one line of a message (:func:`bounded` cuts the middle of a longer one).
SHOWN_MESSAGE = 1000
_RUN = re.compile(rf"\S{{{LONG_RUN + 1},}}")


def bounded(message: str) -> str:
    """``message`` as it may be shown: every run of more than :data:`LONG_RUN` characters
    without a space (a name, a path, a value a person typed) cut by :func:`shorten`, and a line
    still longer than :data:`SHOWN_MESSAGE` cut in its middle. Every engine error's message
    passes through here (:class:`distant_galaxy.errors.EngineError`), and so do the command
    line's own, so no message grows with the input it quotes."""
    if len(message) <= LONG_RUN:
        return message
    message = _RUN.sub(lambda m: shorten(m.group()), message)
    return "\n".join(_cut_middle(line) for line in message.split("\n"))


def _cut_middle(line: str, width: int = SHOWN_MESSAGE) -> str:
    if len(line) <= width:
        return line
    cut = len(line) - width * 2 // 3
    return f"{line[:width // 2]} … ({cut} characters cut) … {line[-width // 6:]}"


def json_fault(exc: json.JSONDecodeError, line: bool = True) -> str:
    """What is wrong with a JSON text, and where: ``Expecting value at line 3, column 9``
    (``line=False``: the column alone, for a one-line record); Python's own words for an
    unfinished string end in "at" already, so none is added there."""
    where = f"line {exc.lineno}, column {exc.colno}" if line else f"column {exc.colno}"
    return f"{exc.msg} {where}" if exc.msg.endswith(" at") else f"{exc.msg} at {where}"
