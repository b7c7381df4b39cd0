"""Why a rule failed when it ran, in an author's words: never a Python exception's name.

:func:`reason` turns the exception a compiled rule met (``TypeError: 'int' object is not
subscriptable``, ``OverflowError: (34, 'Numerical result out of range')``…) into a sentence about
the rule's values (``a whole number cannot be indexed with [...]``, ``a number too large``); the
caller adds the place and the part of the rule at fault (:func:`distant_galaxy.rules.ops.fail`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from distant_galaxy.limits import LimitExceeded

__all__ = ["PYTHON_NAMES", "reason", "type_words"]

#: Words that must never reach an author (the fuzz tests look for them).
PYTHON_NAMES = ("Traceback", "TypeError", "AttributeError", "IndexError", "KeyError",
                "ValueError", "ZeroDivisionError", "OverflowError", "NoneType",
                "RecursionError", "ArithmeticError")

_TYPES = {
    "int": "a whole number", "float": "a number", "bool": "true or false", "str": "a string",
    "NoneType": "none", "None": "none", "list": "a list", "tuple": "a list", "dict": "a mapping",
    "set": "a set", "frozenset": "a set", "complex": "a complex number", "range": "a list",
}
_OPS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "//": "divide",
        "%": "take the remainder of", "** or pow()": "raise", "**": "raise", "<": "compare",
        ">": "compare", "<=": "compare", ">=": "compare", "@": "combine"}
_T = r"'?([\w.]+)'?"
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"unsupported operand type\(s\) for (.+?): " + _T + " and " + _T),
     "binary"),
    (re.compile(r"'(.+?)' not supported between instances of " + _T + " and " + _T),
     "compare"),
    (re.compile(r'can only concatenate (\w+) \(not "(\w+)"\) to \w+'), "concat"),
    (re.compile(r"can't multiply sequence by non-int of type " + _T), "repeat"),
    (re.compile(r"bad operand type for unary (.): " + _T), "unary"),
    (re.compile(_T + r" object is not subscriptable"), "index"),
    (re.compile(_T + r" object is not iterable"), "iterate"),
    (re.compile(r"argument of type " + _T + r" is not iterable"), "iterate"),
    (re.compile(r"object of type " + _T + r" has no len\(\)"), "len"),
    (re.compile(_T + r" object has no attribute '(\w+)'"), "attr"),
    (re.compile(r"(?:list|tuple|string|str) indices must be integers(?: or slices)?, not " + _T),
     "key"),
    (re.compile(r"(?:list|tuple|string) index out of range"), "range"),
    (re.compile(r"type " + _T + r" doesn't define __round__ method"), "round"),
    (re.compile(r"unhashable type: " + _T), "hash"),
]


def type_words(name: str) -> str:
    """A Python type's name as an author says it (``NoneType`` → ``none``)."""
    if name in _TYPES:
        return _TYPES[name]
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name.rsplit(".", 1)[-1]).lower()
    return f"a {words}"


def _binary(op: str, a: str, b: str) -> str:
    symbol = "**" if op.startswith("**") else op
    return f"cannot {_OPS.get(op, 'combine')} {type_words(a)} and {type_words(b)} with '{symbol}'"


def _attribute(kind: str, name: str) -> str:
    if kind in ("NoneType", "None"):
        return "the value is none, so it has no attributes"
    return f"{type_words(kind)} has no attribute '{name}'"


#: Each pattern's sentence, from the type names (and operator) it found.
_SENTENCES: dict[str, Callable[..., str]] = {
    "binary": _binary,
    "compare": lambda op, a, b: f"cannot compare {type_words(a)} with {type_words(b)} ('{op}')",
    "concat": lambda a, b: f"cannot add {type_words(a)} and {type_words(b)} with '+'",
    "repeat": lambda a: f"cannot multiply a string or a list by {type_words(a)} (only by a "
                        "whole number)",
    "unary": lambda op, a: f"cannot put '{op}' before {type_words(a)}",
    "index": lambda a: f"{type_words(a)} cannot be indexed with [...]",
    "iterate": lambda a: f"{type_words(a)} is not a list: there is nothing in it to go through",
    "len": lambda a: f"{type_words(a)} has no length",
    "attr": _attribute,
    "key": lambda a: f"an index must be a whole number, not {type_words(a)}",
    "range": lambda: "the index is past the end of the list (or before its start)",
    "round": lambda a: f"cannot round {type_words(a)}",
    "hash": lambda a: f"{type_words(a)} cannot be used as a key",
}


def _plain(text: str) -> str:
    """A message with Python's type names in quotes replaced by words."""
    return re.sub(r"'(\w+)'", lambda m: type_words(m.group(1)) if m.group(1) in _TYPES
                  or m.group(1)[:1].isupper() else m.group(0), text)


def reason(exc: BaseException) -> str:
    """Why a rule failed, in words, from the exception it met."""
    if isinstance(exc, ZeroDivisionError):
        return "division by zero"
    if isinstance(exc, LimitExceeded) or type(exc).__name__ == "NoRealValue":
        return str(exc)
    if isinstance(exc, OverflowError):
        return "a number too large (beyond the largest number a rule can hold)"
    if isinstance(exc, KeyError):
        return f"no value for {exc.args[0]!r}" if exc.args else "a missing value"
    if isinstance(exc, RecursionError):
        return "the rule nests too deeply"
    text = str(exc)
    for pattern, kind in _PATTERNS:
        found = pattern.search(text)
        if found is not None:
            return _SENTENCES[kind](*found.groups())
    text = _plain(text) or "the values do not fit this operation"
    for name in PYTHON_NAMES:
        text = text.replace(name, "value")
    return text
