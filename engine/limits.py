"""Size limits of the values that scenario files and rules may make, checked where they are made.

A rule or a file could otherwise ask the engine for a number, a string or a list so large that
it hangs or exhausts memory (``(10 ** 9999) ** 9999``, ``"ab" * 1000000000``). Every operator of
the rule language checks its result's size *before* computing it (:mod:`distant_galaxy.rules.ops`)
and raises :class:`LimitExceeded`; constant folding turns that into a load-time error with the
rule's file:line:col, evaluation into a :class:`~distant_galaxy.errors.RuleRuntimeError`. The YAML
loader refuses integer literals over :data:`MAX_INT_DIGITS` digits, the rule compiler literals and
rule texts over these limits.
"""

from __future__ import annotations

from typing import Any

MAX_INT_BITS = 4096
"""Largest integer a rule may make, in bits (about 1,233 decimal digits)."""
MAX_INT_DIGITS = 1000
"""Most digits of an integer literal (in a scenario file or a rule; hex digits count four bits
each against :data:`MAX_INT_BITS`)."""
MAX_STR = 100_000
"""Longest string a rule may make, in characters."""
MAX_ITEMS = 100_000
"""Most elements of a list a rule may make."""
MAX_LOOP_STEPS = 100_000
"""Most steps of a rule's loops (``for``, ``count(… in …)``, ``sum(… for …)``) in one run of the
rule, the steps of loops inside loops added up: a rule's loop ends, and soon."""
MAX_RULE_CHARS = 20_000
"""Longest rule text, in characters."""
MAX_BRACKETS = 100
"""Deepest nesting of brackets (``(``, ``[``) in a rule text."""


class LimitExceeded(OverflowError):
    """A value would break a size limit (an :class:`ArithmeticError`, so rules report it)."""


def _length(value: Any) -> int | None:
    if isinstance(value, (str, list, tuple)):
        return len(value)
    return None


def check_int(value: int) -> int:
    """``value`` itself, or LimitExceeded if it has more than :data:`MAX_INT_BITS` bits."""
    if value.bit_length() > MAX_INT_BITS:
        raise LimitExceeded(f"integer too large (more than {MAX_INT_BITS} bits)")
    return value


def check_length(n: int, value: Any) -> None:
    """Refuse a string longer than :data:`MAX_STR` or a list longer than :data:`MAX_ITEMS`."""
    if isinstance(value, str):
        if n > MAX_STR:
            raise LimitExceeded(f"string too long ({n} characters, at most {MAX_STR})")
    elif n > MAX_ITEMS:
        raise LimitExceeded(f"list too long ({n} elements, at most {MAX_ITEMS})")


def checked_add(a: Any, b: Any) -> Any:
    """``a + b`` within the limits (numbers, strings, lists)."""
    la, lb = _length(a), _length(b)
    if la is not None and lb is not None:
        check_length(la + lb, a)
    result = a + b
    if type(result) is int and result.bit_length() > MAX_INT_BITS:
        check_int(result)
    return result


def checked_sub(a: Any, b: Any) -> Any:
    """``a - b`` within the limits."""
    result = a - b
    if type(result) is int and result.bit_length() > MAX_INT_BITS:
        check_int(result)
    return result


def checked_mul(a: Any, b: Any) -> Any:
    """``a * b`` within the limits, refused before a huge repetition or product is computed."""
    if isinstance(a, int) and isinstance(b, int):
        if a.bit_length() + b.bit_length() - 1 > MAX_INT_BITS:
            raise LimitExceeded(f"integer too large (more than {MAX_INT_BITS} bits)")
        return check_int(a * b)
    for seq, times in ((a, b), (b, a)):
        n = _length(seq)
        if n is not None and isinstance(times, int):
            check_length(n * max(times, 0), seq)
    return a * b


def checked_pow(base: Any, exponent: Any) -> Any:
    """``base ** exponent`` refused before the result could exceed :data:`MAX_INT_BITS` (an
    integer whose bit length, less one, times the exponent is over the limit)."""
    if isinstance(base, int) and isinstance(exponent, int) and exponent > 0 \
            and base not in (0, 1, -1):
        if (abs(base).bit_length() - 1) * exponent > MAX_INT_BITS:
            raise LimitExceeded(f"integer too large (more than {MAX_INT_BITS} bits)")
        return check_int(base**exponent)
    return base**exponent
