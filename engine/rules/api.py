"""The entry points: :func:`compile_expr` and :func:`compile_effect`, and what they return.

A compiled rule is its root closure itself: a plain function (created for this rule alone) that
carries the rule ``source``, the free ``names`` it uses and, for expressions, the static ``type``;
no wrapper sits between the caller and the closures. :class:`Expr` and :class:`Effect` describe
them as protocols (usable with ``isinstance``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from distant_galaxy.errors import RuleError, SourcePos
from distant_galaxy.rules import ops
from distant_galaxy.rules.compiler import Compiler
from distant_galaxy.rules.effects import compile_statement
from distant_galaxy.rules.env import RuleEnv
from distant_galaxy.rules.syntax import locate, parse


@runtime_checkable
class Expr(Protocol):
    """A compiled expression: ``expr(ctx) -> value``, with ``source``, ``names`` and ``type``.

    At run time it is the root closure itself (a plain function carrying these attributes), so
    that calling it costs no wrapper at all.
    """

    source: str
    names: frozenset[str]
    type: str
    #: the spec of the registered function when the rule is a call of it alone, else None
    call: Any
    #: when the rule is a call alone of a ``seat_cells`` function on the seat evaluated
    #: (``seat`` or ``player.seat``), its other arguments constants — a function of that seat's
    #: cells: (the function, the seat's argument index, the arguments' values), else None
    own_call: Any
    #: when the rule is a call alone whose arguments are all constants: (the function, their
    #: values), else None
    const_call: Any
    #: when the rule is a comparison of such a call with a constant (``count(...) >= 3``):
    #: (the comparison's operator, the function, the call's values, the constant, whether the
    #: call is on the left), else None
    compare_call: Any
    #: when the rule's value depends on nothing but constants and calls of ``seat_cells``
    #: functions on constant seats (``pieces_on_row("black", 7) > 0``): those seats, sorted —
    #: its value is then a function of their cells; else None
    cell_seats: tuple[str, ...] | None

    def __call__(self, ctx: dict) -> Any: ...


@runtime_checkable
class Effect(Protocol):
    """A compiled effect: ``effect(ctx) -> None`` runs its statements in order."""

    source: str
    names: frozenset[str]
    statements: int

    def __call__(self, ctx: dict) -> None: ...


def _label(fn: Callable[..., Any], kind: str, source: str, names: frozenset[str]) -> Any:
    """Give the root closure of a rule its attributes and a readable repr."""
    fn.__name__ = kind
    fn.__qualname__ = f"{kind} {source!r}"
    fn.source = source  # type: ignore[attr-defined]
    fn.names = names  # type: ignore[attr-defined]
    return fn


def _guarded(text: str, pos: SourcePos | None, build: Callable[[], Any]) -> Any:
    try:
        return build()
    except RecursionError:
        raise RuleError("rule is too deeply nested", pos=locate(text, 1, 1, pos)) from None


def compile_expr(text: str, env: RuleEnv, pos: SourcePos | None = None) -> Expr:
    """Parse, check and compile an expression; RuleError (pointing into ``text``) if it is wrong."""
    if not isinstance(text, str):
        raise RuleError(f"a rule must be a string, not {type(text).__name__}", pos=pos)

    def build() -> Expr:
        tree = parse(text, "start_expr", pos)
        comp = Compiler(text, env, pos)
        node = comp.node(tree.children[0])
        expr = _label(comp.generated(node), "expr", text, frozenset(comp.names))
        expr.type = node.type
        # the registered function's spec when the rule is a call of it alone (``Expr.call``)
        expr.call = getattr(node.fn, "spec", None) if node.kind == ops.GEN else None
        expr.own_call = getattr(node.fn, "own_call", None) if expr.call is not None else None
        expr.const_call = getattr(node.fn, "const_call", None) if expr.call is not None else None
        expr.compare_call = _compare_call(node)
        seats = _cell_seats(node)
        expr.cell_seats = tuple(sorted(seats)) if seats else None
        return expr

    return _guarded(text, pos, build)


def _compare_call(node: ops.Node) -> tuple[Any, ...] | None:
    """``Expr.compare_call`` of the rule whose root is ``node``, or None."""
    code = node.code
    if code is None or code[0] != "op" or code[1] not in ops.COMPARE.values():
        return None
    op, a, b = code[1], code[2], code[3]
    for call, const, left in ((a, b, True), (b, a, False)):
        const_call = getattr(call.fn, "const_call", None) if call.kind == ops.GEN else None
        if const_call is not None and const.kind == ops.CONST:
            return (op, const_call[0], const_call[1], const.value, left)
    return None


def _cell_seats(node: ops.Node) -> frozenset[str] | None:
    """The seats whose cells alone ``node``'s value depends on (``Expr.cell_seats``): empty for
    a constant, the seat of a ``seat_cells`` call on constants, the union over an operator's
    operands; None as soon as a part reads anything else (a name, dice, another call)."""
    if node.kind == ops.CONST:
        return frozenset()
    if node.code is None:
        seat = getattr(node.fn, "const_seat", None)
        return frozenset((seat,)) if isinstance(seat, str) else None
    found: frozenset[str] = frozenset()
    for part in node.code[1:]:
        for sub in (part if isinstance(part, list | tuple) else (part,)):
            if isinstance(sub, ops.Node):
                seats = _cell_seats(sub)
                if seats is None:
                    return None
                found |= seats
    return found


def compile_effect(text: str, env: RuleEnv, pos: SourcePos | None = None) -> Effect:
    """Parse, check and compile effect statements separated by ``;``; RuleError if wrong."""
    if not isinstance(text, str):
        raise RuleError(f"an effect must be a string, not {type(text).__name__}", pos=pos)

    def build() -> Effect:
        tree = parse(text, "start_effect", pos)
        comp = Compiler(text, env, pos)
        statements = tuple(compile_statement(comp, child) for child in tree.children)
        if len(statements) == 1:
            (only,) = statements

            def run(ctx: dict) -> None:
                only(ctx)
        else:
            def run(ctx: dict) -> None:
                for statement in statements:
                    statement(ctx)

        effect = _label(run, "effect", text, frozenset(comp.names))
        effect.statements = len(statements)
        return effect

    return _guarded(text, pos, build)
