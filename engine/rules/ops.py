"""Run-time building blocks: the closures compiled rules are made of.

Compiled operands come in four kinds (:class:`Node`): a constant, a context name, an attribute
of a context name with a getter bound at compile time, or any other closure. Binary operators
and comparisons fuse their two operands into one closure per kind pair (:func:`binary`, written
out by hand for the sixteen pairs), so that ``unit.speed > 1`` costs one Python call (plus the
C-level getter and operator) instead of three. Every closure turns Python failures into
:class:`~distant_galaxy.errors.RuleRuntimeError` naming the rule (``try`` costs nothing in
Python 3.11 until something raises), so a node's ``fn`` can be called from anywhere.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from distant_galaxy.errors import RuleRuntimeError
from distant_galaxy.limits import LimitExceeded, checked_add, checked_mul, checked_pow, checked_sub
from distant_galaxy.rules.reasons import reason

if TYPE_CHECKING:
    from distant_galaxy.rules.syntax import Where

Fn = Callable[[dict], Any]
CONST, NAME, NATTR, GEN = "const", "name", "nattr", "gen"
#: Failures of operators, lookups and getters turned into RuleRuntimeError.
CATCH = (ArithmeticError, TypeError, KeyError, IndexError, AttributeError)
MAX_EXPONENT = 10_000


class Node:
    """A compiled operand: its kind, closure, static type and kind-specific value.

    ``value`` is the constant (CONST), the name (NAME), ``(name, getter)`` (NATTR), or for
    other closures (GEN) None, or the constant tuple of a list literal (``x in [...]``).
    ``code`` says what an operator node computes, for :mod:`distant_galaxy.rules.codegen`: a
    tuple whose first item is its form (``"op"``, ``"attr"``, ``"unary"``, ``"not"``, ``"and"``,
    ``"or"``, ``"if"``, ``"chain"``) followed by the operator and operand nodes; None for the
    nodes that generated code calls as they are (calls, dice, comprehensions, lists).
    ``where`` is the node's place and text in the rule (set by the compiler), named by a
    failure that its closures cannot pin on a smaller part.
    """

    __slots__ = ("code", "fn", "kind", "rolls", "type", "value", "where")

    def __init__(self, kind: str, fn: Fn, type: str = "any", value: Any = None,
                 code: tuple | None = None) -> None:
        self.kind = kind
        self.fn = fn
        self.type = type
        self.value = value
        self.code = code
        self.where: Where | None = None
        #: whether evaluating it may roll dice (set by the compiler)
        self.rolls = False


def fail(source: str, exc: BaseException, where: Where | None = None) -> RuleRuntimeError:
    """The RuleRuntimeError for ``exc`` raised while evaluating the rule ``source``: the place
    and text of the part at fault (``where``) and why, in words (:func:`~distant_galaxy.rules.
    reasons.reason`), never Python's exception."""
    return failure(source, reason(exc), where)


def failure(source: str, why: str, where: Where | None) -> RuleRuntimeError:
    """``file:line:col: rule '…' failed in 'part': why`` (the part left out when it is the whole
    rule; the place and part left out when ``where`` is None)."""
    if where is None:
        return RuleRuntimeError(f"rule {shorten(source)!r} failed: {why}")
    part = where.part
    inside = "" if part.strip() == source.strip() else f" in {shorten(part, 60)!r}"
    return located(f"{where.at}: rule {shorten(source)!r} failed{inside}: {why}")


def located(message: str) -> RuleRuntimeError:
    """A RuleRuntimeError whose ``message`` starts with the place at fault."""
    error = RuleRuntimeError(message)
    error.located = True
    return error


class NoRealValue(ArithmeticError):
    """``base ** exponent`` of a negative base and a fractional exponent: the rule language has
    no complex numbers (Python would make one, which no comparison takes)."""


def safe_pow(base: Any, exponent: Any) -> Any:
    """``base ** exponent`` refusing exponents and results so large they would hang the game
    (:func:`distant_galaxy.limits.checked_pow`), and a negative base with a fractional exponent
    (:class:`NoRealValue`: ``(-8) ** 0.5`` has no real value)."""
    if isinstance(exponent, int) and abs(exponent) > MAX_EXPONENT and base not in (0, 1, -1):
        raise LimitExceeded(f"exponent {exponent} is too large")
    if isinstance(exponent, float) and not exponent.is_integer() \
            and isinstance(base, (int, float)) and base < 0:
        raise NoRealValue(f"{base} to the power {exponent} has no real value (a negative number "
                          "to a fractional power; the rule language has no complex numbers)")
    return checked_pow(base, exponent)


def remainder(a: Any, b: Any) -> Any:
    """``a % b`` of numbers (Python's string formatting ``"%999999999d" % 1`` is not a rule)."""
    if isinstance(a, str):
        raise TypeError("'%' needs numbers, not a string")
    return a % b


def op_in(item: Any, collection: Any) -> bool:
    """``item in collection``."""
    return item in collection


def op_not_in(item: Any, collection: Any) -> bool:
    """``item not in collection``."""
    return item not in collection


#: The operators, each checking the size of its result (:mod:`distant_galaxy.limits`).
BINARY = {
    "+": checked_add, "-": checked_sub, "*": checked_mul, "/": operator.truediv,
    "//": operator.floordiv, "%": remainder, "**": safe_pow, "[]": operator.getitem,
}
#: ``+`` and ``-`` of two numbers, which grow by one bit at most: the plain operators.
NUMERIC_BINARY = {"+": operator.add, "-": operator.sub}
COMPARE = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
    "<=": operator.le, ">=": operator.ge, "in": op_in, "not in": op_not_in,
}


def const(value: Any, type: str) -> Node:
    """A constant operand."""
    return Node(CONST, lambda ctx: value, type, value)


def name(key: str, source: str, type: str, where: Where | None = None) -> Node:
    """The value of ``key`` in the context."""

    def run(ctx: dict) -> Any:
        try:
            return ctx[key]
        except KeyError:
            shown = key.rpartition(":")[2] if key.startswith("$") else key
            raise failure(source, f"{shown!r} has no value here", where) from None

    return Node(NAME, run, type, key)


def attribute(base: Node, get: Callable[[Any], Any], source: str, type: str,
              where: Where | None = None, whole: Where | None = None) -> Node:
    """``base.attr`` read by ``get``, fused with the base if it is a name or a name's attribute.

    ``where`` (the base's place and text) lets a failure name the part at fault: a base that is
    none is reported as ``unit_at(4, 0)`` being none, not as Python's ``'NoneType' object has
    no attribute``; another failure names ``whole`` (the attribute read)."""
    if base.kind == NAME:
        key = base.value

        def run(ctx: dict) -> Any:
            try:
                return get(ctx[key])
            except CATCH as exc:
                raise attribute_fail(source, exc, base, ctx, where, whole) from exc

        return Node(NATTR, run, type, (key, get), ("attr", base, get))
    if base.kind == NATTR:
        key, inner = base.value

        def run(ctx: dict) -> Any:
            try:
                return get(inner(ctx[key]))
            except CATCH as exc:
                raise attribute_fail(source, exc, base, ctx, where, whole) from exc

    else:
        f = base.fn

        def run(ctx: dict) -> Any:
            try:
                return get(f(ctx))
            except CATCH as exc:
                raise attribute_fail(source, exc, base, ctx, where, whole) from exc

    return Node(GEN, run, type, code=("attr", base, get))


UNSET = object()


def attribute_fail(source: str, exc: BaseException, base: Node, ctx: dict,
                   where: Where | None, whole: Where | None = None) -> RuleRuntimeError:
    """The error of an attribute read that failed: when its base is none (evaluated again, on
    this failure path only, rolling no die), the base's place and text; else :func:`fail`'s at
    the attribute read (``whole``)."""
    if isinstance(exc, RuleRuntimeError):
        return exc
    if where is not None and again(base.fn, ctx) is None:
        return located(f"{where.at}: {where.part!r} is none here, so it has no attributes "
                       f"(in the rule {shorten(source)!r})")
    return fail(source, exc, whole or where)


class NoDice(BaseException):
    """A rule part evaluated again to explain a failure reached dice: it is not explained
    further (a BaseException, so that no call's ``except Exception`` turns it into an error)."""


def _no_dice(count: int, sides: int, text: str) -> int:
    raise NoDice(text)


def _replay(rolled: list[int]) -> Callable[[int, int, str], int]:
    """A roller giving the values ``rolled`` in order, then none."""
    values = iter(rolled)

    def roll(count: int, sides: int, text: str) -> int:
        for value in values:
            return value
        raise NoDice(text)

    return roll


def again(fn: Fn, ctx: dict, rolled: list[int] | None = None) -> Any:
    """``fn(ctx)`` evaluated again on a failure path, to say which part failed: no die is rolled
    twice — the dice get the values ``rolled`` (those of the failed evaluation, in order), and a
    part that needs more gives ``UNSET`` — nor does a failure escape (``UNSET`` too)."""
    had = "$roll" in ctx
    saved = dict.get(ctx, "$roll")
    ctx["$roll"] = _no_dice if not rolled else _replay(rolled)
    try:
        return fn(ctx)
    except (Exception, NoDice):
        return UNSET
    finally:
        if had:
            ctx["$roll"] = saved
        else:
            del ctx["$roll"]


def shorten(source: str, limit: int = 80) -> str:
    """The rule's text, cut to ``limit`` characters (a long effect is not repeated whole)."""
    return source if len(source) <= limit else source[:limit - 1] + "…"


def binary(op: Callable[[Any, Any], Any], a: Node, b: Node, source: str,
           where: Where | None = None) -> Fn:
    """One closure computing ``op(a, b)``, specialised on the kinds of both operands; a failure
    names ``where`` (the operation's place and text)."""
    ka, kb = a.kind, b.kind
    if ka == CONST:
        x = a.value
        if kb == NAME:
            kb2 = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(x, ctx[kb2])
                except CATCH as exc:
                    raise fail(source, exc, where) from exc
        elif kb == NATTR:
            kb2, gb = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(x, gb(ctx[kb2]))
                except CATCH as exc:
                    raise fail(source, exc, where) from exc
        else:
            fb = b.fn
            def run(ctx: dict) -> Any:
                try:
                    return op(x, fb(ctx))
                except CATCH as exc:
                    raise fail(source, exc, where) from exc
        return run
    if ka == NAME:
        na = a.value
        if kb == CONST:
            y = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(ctx[na], y)
                except CATCH as exc:
                    raise fail(source, exc, where) from exc
        elif kb == NAME:
            nb = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(ctx[na], ctx[nb])
                except CATCH as exc:
                    raise fail(source, exc, where) from exc
        elif kb == NATTR:
            nb, gb = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(ctx[na], gb(ctx[nb]))
                except CATCH as exc:
                    raise fail(source, exc, where) from exc
        else:
            fb = b.fn
            def run(ctx: dict) -> Any:
                try:
                    return op(ctx[na], fb(ctx))
                except CATCH as exc:
                    raise fail(source, exc, where) from exc
        return run
    if ka == NATTR:
        na, ga = a.value
        if kb == CONST:
            y = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(ga(ctx[na]), y)
                except CATCH as exc:
                    raise fail(source, exc, where) from exc
        elif kb == NAME:
            nb = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(ga(ctx[na]), ctx[nb])
                except CATCH as exc:
                    raise fail(source, exc, where) from exc
        elif kb == NATTR:
            nb, gb = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(ga(ctx[na]), gb(ctx[nb]))
                except CATCH as exc:
                    raise fail(source, exc, where) from exc
        else:
            fb = b.fn
            def run(ctx: dict) -> Any:
                try:
                    return op(ga(ctx[na]), fb(ctx))
                except CATCH as exc:
                    raise fail(source, exc, where) from exc
        return run
    fa = a.fn
    if kb == CONST:
        y = b.value
        def run(ctx: dict) -> Any:
            try:
                return op(fa(ctx), y)
            except CATCH as exc:
                raise fail(source, exc, where) from exc
    elif kb == NAME:
        nb = b.value
        def run(ctx: dict) -> Any:
            try:
                return op(fa(ctx), ctx[nb])
            except CATCH as exc:
                raise fail(source, exc, where) from exc
    elif kb == NATTR:
        nb, gb = b.value
        def run(ctx: dict) -> Any:
            try:
                return op(fa(ctx), gb(ctx[nb]))
            except CATCH as exc:
                raise fail(source, exc, where) from exc
    else:
        fb = b.fn
        def run(ctx: dict) -> Any:
            try:
                return op(fa(ctx), fb(ctx))
            except CATCH as exc:
                raise fail(source, exc, where) from exc
    return run


def chain(ops: list[Callable[[Any, Any], Any]], operands: list[Fn], source: str,
          where: Where | None = None) -> Fn:
    """A comparison chain ``a < b <= c`` evaluated like Python (each operand at most once)."""
    first, rest = operands[0], list(zip(ops, operands[1:], strict=False))

    def run(ctx: dict) -> Any:
        try:
            left = first(ctx)
            for op, f in rest:
                right = f(ctx)
                result = op(left, right)
                if not result:
                    return result
                left = right
            return result
        except CATCH as exc:
            raise fail(source, exc, where) from exc

    return run
