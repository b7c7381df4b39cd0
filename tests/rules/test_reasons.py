"""Why a rule failed, in an author's words (issue 31's audit): no Python exception's name, type
name or raw tuple reaches an author."""

from __future__ import annotations

import pytest

from distant_galaxy.limits import LimitExceeded
from distant_galaxy.rules.reasons import PYTHON_NAMES, reason


@pytest.mark.parametrize("exc, words", [
    (ZeroDivisionError("division by zero"), "division by zero"),
    (OverflowError(34, "Numerical result out of range"), "a number too large"),
    (LimitExceeded("integer too large (5000 bits)"), "integer too large"),
    (KeyError("missing"), "no value for 'missing'"),
    (IndexError("list index out of range"), "the index is past the end of the list"),
    (TypeError("'int' object is not subscriptable"), "a whole number cannot be indexed"),
    (TypeError("'int' object is not iterable"), "a whole number is not a list"),
    (TypeError("argument of type 'int' is not iterable"), "a whole number is not a list"),
    (TypeError("object of type 'int' has no len()"), "a whole number has no length"),
    (TypeError("unsupported operand type(s) for +: 'NoneType' and 'int'"),
     "cannot add none and a whole number with '+'"),
    (TypeError("unsupported operand type(s) for ** or pow(): 'str' and 'int'"),
     "cannot raise a string and a whole number with '**'"),
    (TypeError("'<' not supported between instances of 'str' and 'int'"),
     "cannot compare a string with a whole number ('<')"),
    (TypeError('can only concatenate str (not "int") to str'),
     "cannot add a string and a whole number with '+'"),
    (TypeError("can't multiply sequence by non-int of type 'float'"),
     "cannot multiply a string or a list by a number"),
    (TypeError("bad operand type for unary -: 'str'"), "cannot put '-' before a string"),
    (AttributeError("'NoneType' object has no attribute 'attrs'"),
     "the value is none, so it has no attributes"),
    (TypeError("list indices must be integers or slices, not str"),
     "an index must be a whole number, not a string"),
    (TypeError("type NoneType doesn't define __round__ method"), "cannot round none"),
    (TypeError("unsupported operand type(s) for -: 'TokenView' and 'int'"),
     "cannot subtract a token view and a whole number"),
    (ValueError("range(0, 9999999) has more than 100,000 numbers"), "more than 100,000"),
])
def test_each_failure_is_said_in_words(exc: BaseException, words: str) -> None:
    said = reason(exc)
    assert words in said
    assert not any(name in said for name in PYTHON_NAMES)
