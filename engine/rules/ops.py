"""Run-time building blocks: the closures compiled rules are made of.

Compiled operands come in four kinds (:class:`Node`): a constant, a context name, an attribute
of a context name with a getter bound at compile time, or any other closure. Binary operators
and comparisons fuse their two operands into one closure per kind pair, so that
``unit.speed > 1`` costs one Python call (plus the C-level getter and operator) instead of four.
Arithmetic and comparisons use the bare inline-operator closures of :mod:`distant_galaxy.rules.inline`
(:func:`fused`), which let Python exceptions through: such a node is *unsafe*. Every other closure
turns Python failures into :class:`~distant_galaxy.errors.RuleRuntimeError` naming the rule (``try`` costs
nothing in Python 3.11 until something raises), and wherever a value leaves the compiled tree (the
root of a rule, a call argument, a comprehension part, a statement) :func:`guarded` gives the
checked closure: for a fused node the same operation rebuilt with its try (no extra call).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from distant_galaxy.errors import RuleRuntimeError
from distant_galaxy.rules.inline import TABLE

Fn = Callable[[dict], Any]
CONST, NAME, NATTR, KATTR, LATTR, GEN = "const", "name", "nattr", "kattr", "lattr", "gen"
_LETTER = {CONST: "C", NAME: "N", NATTR: "A", KATTR: "K", LATTR: "L", GEN: "F"}
#: Arithmetic operators folded with a constant into a name's attribute (a KATTR operand).
FOLDS = frozenset({"+", "-", "*", "/", "//", "%"})
#: Comparisons whose fused nodes ``and``/``or`` may fuse in turn (see :mod:`distant_galaxy.rules.shapes`).
SIMPLE_COMPARE = frozenset({"==", "!=", "<", "<=", ">", ">="})
#: Failures of operators, lookups and getters turned into RuleRuntimeError.
CATCH = (ArithmeticError, TypeError, KeyError, IndexError, AttributeError)
MAX_EXPONENT = 10_000


class Node:
    """A compiled operand: its kind, closure, static type and kind-specific value.

    ``value`` is the constant (CONST), the name (NAME), ``(name, getter)`` (NATTR), or
    ``(name, getter, operator, constant)`` (KATTR: ``name.attr <op> constant``, e.g.
    ``player.points + 2``, which a fused parent evaluates inline, see :mod:`distant_galaxy.rules.shapes`)
    or the same with a second ``operator, constant`` (LATTR: ``(unit.speed + 1) * 2``).
    ``compare`` is ``(operator, left, right)`` for a fused simple comparison (used to fuse
    ``and``/``or`` of two of them).
    ``checked`` is None when ``fn`` converts its own failures (the node is *safe*), else a
    function building the closure that does (see :func:`guarded`).
    """

    __slots__ = ("checked", "compare", "fn", "kind", "type", "value")

    def __init__(self, kind: str, fn: Fn, type: str = "any", value: Any = None,
                 checked: Callable[[], Fn] | None = None) -> None:
        self.kind = kind
        self.fn = fn
        self.type = type
        self.value = value
        self.checked = checked
        self.compare: tuple[Any, Node, Node] | None = None


def guarded(node: Node, source: str) -> Fn:
    """``node``'s closure, turning Python failures into RuleRuntimeError like every safe one."""
    if node.checked is None:
        return node.fn
    return node.checked()


def _args(node: Node) -> tuple[Any, ...]:
    """The operands an inline closure of :mod:`distant_galaxy.rules.inline` takes for ``node``."""
    if node.kind in (NATTR, KATTR, LATTR):
        return node.value
    if node.kind in (CONST, NAME):
        return (node.value,)
    return (node.fn,)


def fused(symbol: str, a: Node, b: Node, source: str, type: str) -> Node:
    """``a <symbol> b`` as one bare inline closure (an unsafe node), or a checked op closure."""
    from distant_galaxy.rules.shapes import WITH_K

    table = TABLE.get(symbol)
    op = BINARY.get(symbol) or COMPARE[symbol]
    if table is None or (a.kind == CONST and b.kind == CONST):
        return Node(GEN, binary(op, a, b, source), type)
    letters = _LETTER[a.kind] + _LETTER[b.kind]
    if "K" in letters or "L" in letters:  # folded operands: one checked closure, inline
        node = Node(GEN, WITH_K[letters](op, *_args(a), *_args(b), source), type)
        if letters == "KC" and symbol in FOLDS:  # (name.attr <op> c) <op> c: foldable again
            node.kind, node.value = LATTR, (*a.value, op, b.value)
    else:
        fn = table[letters](*_args(a), *_args(b))
        node = Node(GEN, fn, type, checked=lambda: binary(op, a, b, source))
        if letters == "AC" and symbol in FOLDS:  # name.attr <op> constant: foldable in a parent
            node.kind, node.value = KATTR, (*a.value, op, b.value)
    if symbol in SIMPLE_COMPARE and letters[0] in "NAK" and letters[1] in "CNA":
        node.compare = (op, a, b)
    return node


def logic_shape(word: str, a: Node, b: Node, source: str) -> Fn | None:
    """``a and b`` / ``a or b`` as one checked closure when both are simple comparisons."""
    from distant_galaxy.rules.shapes import LOGIC

    if a.compare is None or b.compare is None:
        return None
    p, la, ra = a.compare
    q, lb, rb = b.compare
    key = f"{_LETTER[la.kind]}{_LETTER[ra.kind]}.{_LETTER[lb.kind]}{_LETTER[rb.kind]}"
    return LOGIC[word][key](p, *_args(la), *_args(ra), q, *_args(lb), *_args(rb), source)


def fail(source: str, exc: BaseException) -> RuleRuntimeError:
    """The RuleRuntimeError for ``exc`` raised while evaluating the rule ``source``."""
    if isinstance(exc, ZeroDivisionError):
        why = "division by zero"
    elif isinstance(exc, KeyError):
        why = f"no value for {exc.args[0]!r}" if exc.args else "missing value"
    else:
        why = f"{type(exc).__name__}: {exc}"
    return RuleRuntimeError(f"rule {source!r} failed: {why}")


def safe_pow(base: Any, exponent: Any) -> Any:
    """``base ** exponent`` refusing integer exponents so large they would hang the game."""
    if isinstance(exponent, int) and abs(exponent) > MAX_EXPONENT and base not in (0, 1, -1):
        raise OverflowError(f"exponent {exponent} is too large")
    return base**exponent


def op_in(item: Any, collection: Any) -> bool:
    """``item in collection``."""
    return item in collection


def op_not_in(item: Any, collection: Any) -> bool:
    """``item not in collection``."""
    return item not in collection


BINARY = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "**": safe_pow, "[]": operator.getitem,
}
COMPARE = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
    "<=": operator.le, ">=": operator.ge, "in": op_in, "not in": op_not_in,
}


def const(value: Any, type: str) -> Node:
    """A constant operand."""
    return Node(CONST, lambda ctx: value, type, value)


def name(key: str, source: str, type: str) -> Node:
    """The value of ``key`` in the context."""

    def run(ctx: dict) -> Any:
        try:
            return ctx[key]
        except KeyError:
            raise RuleRuntimeError(f"rule {source!r} failed: {key!r} has no value here") from None

    return Node(NAME, run, type, key)


def attribute(base: Node, get: Callable[[Any], Any], source: str, type: str) -> Node:
    """``base.attr`` read by ``get``, fused with the base if it is a name or a name's attribute."""
    if base.kind == NAME:
        key = base.value

        def run(ctx: dict) -> Any:
            try:
                return get(ctx[key])
            except CATCH as exc:
                raise fail(source, exc) from exc

        return Node(NATTR, run, type, (key, get))
    if base.kind == NATTR:
        key, inner = base.value

        def run(ctx: dict) -> Any:
            try:
                return get(inner(ctx[key]))
            except CATCH as exc:
                raise fail(source, exc) from exc

    else:
        f = base.fn

        def run(ctx: dict) -> Any:
            try:
                return get(f(ctx))
            except CATCH as exc:
                raise fail(source, exc) from exc

    return Node(GEN, run, type)


def binary(op: Callable[[Any, Any], Any], a: Node, b: Node, source: str) -> Fn:
    """One closure computing ``op(a, b)``, specialised on the kinds of both operands."""
    ka, kb = a.kind, b.kind
    if ka == CONST:
        x = a.value
        if kb == NAME:
            kb2 = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(x, ctx[kb2])
                except CATCH as exc:
                    raise fail(source, exc) from exc
        elif kb == NATTR:
            kb2, gb = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(x, gb(ctx[kb2]))
                except CATCH as exc:
                    raise fail(source, exc) from exc
        else:
            fb = b.fn
            def run(ctx: dict) -> Any:
                try:
                    return op(x, fb(ctx))
                except CATCH as exc:
                    raise fail(source, exc) from exc
        return run
    if ka == NAME:
        na = a.value
        if kb == CONST:
            y = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(ctx[na], y)
                except CATCH as exc:
                    raise fail(source, exc) from exc
        elif kb == NAME:
            nb = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(ctx[na], ctx[nb])
                except CATCH as exc:
                    raise fail(source, exc) from exc
        elif kb == NATTR:
            nb, gb = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(ctx[na], gb(ctx[nb]))
                except CATCH as exc:
                    raise fail(source, exc) from exc
        else:
            fb = b.fn
            def run(ctx: dict) -> Any:
                try:
                    return op(ctx[na], fb(ctx))
                except CATCH as exc:
                    raise fail(source, exc) from exc
        return run
    if ka == NATTR:
        na, ga = a.value
        if kb == CONST:
            y = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(ga(ctx[na]), y)
                except CATCH as exc:
                    raise fail(source, exc) from exc
        elif kb == NAME:
            nb = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(ga(ctx[na]), ctx[nb])
                except CATCH as exc:
                    raise fail(source, exc) from exc
        elif kb == NATTR:
            nb, gb = b.value
            def run(ctx: dict) -> Any:
                try:
                    return op(ga(ctx[na]), gb(ctx[nb]))
                except CATCH as exc:
                    raise fail(source, exc) from exc
        else:
            fb = b.fn
            def run(ctx: dict) -> Any:
                try:
                    return op(ga(ctx[na]), fb(ctx))
                except CATCH as exc:
                    raise fail(source, exc) from exc
        return run
    fa = a.fn
    if kb == CONST:
        y = b.value
        def run(ctx: dict) -> Any:
            try:
                return op(fa(ctx), y)
            except CATCH as exc:
                raise fail(source, exc) from exc
    elif kb == NAME:
        nb = b.value
        def run(ctx: dict) -> Any:
            try:
                return op(fa(ctx), ctx[nb])
            except CATCH as exc:
                raise fail(source, exc) from exc
    elif kb == NATTR:
        nb, gb = b.value
        def run(ctx: dict) -> Any:
            try:
                return op(fa(ctx), gb(ctx[nb]))
            except CATCH as exc:
                raise fail(source, exc) from exc
    else:
        fb = b.fn
        def run(ctx: dict) -> Any:
            try:
                return op(fa(ctx), fb(ctx))
            except CATCH as exc:
                raise fail(source, exc) from exc
    return run


def chain(ops: list[Callable[[Any, Any], Any]], operands: list[Fn], source: str) -> Fn:
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
            raise fail(source, exc) from exc

    return run
