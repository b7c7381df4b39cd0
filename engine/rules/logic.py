"""Closures for ``not``, ``and``/``or`` and ``a if c else b``.

They call their operands' closures directly inside one ``try`` that turns Python failures into
RuleRuntimeError, like every closure of :mod:`distant_galaxy.rules.ops`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy.rules.ops import CATCH, Fn, Node, fail

if TYPE_CHECKING:
    from distant_galaxy.rules.syntax import Where


def negation(a: Node, source: str, where: Where | None = None) -> Fn:
    """``not a``."""
    f = a.fn

    def run(ctx: dict) -> Any:
        try:
            return not f(ctx)
        except CATCH as exc:
            raise fail(source, exc, where) from exc

    return run


def conjunction(a: Node, b: Node, source: str, where: Where | None, want: bool) -> Fn:
    """``a or b`` if ``want`` else ``a and b``, short-circuiting like Python."""
    fa, fb = a.fn, b.fn
    if want:
        def run(ctx: dict) -> Any:
            try:
                return fa(ctx) or fb(ctx)
            except CATCH as exc:
                raise fail(source, exc, where) from exc
    else:
        def run(ctx: dict) -> Any:
            try:
                return fa(ctx) and fb(ctx)
            except CATCH as exc:
                raise fail(source, exc, where) from exc
    return run


def choice(cond: Node, yes: Node, no: Node, source: str, where: Where | None = None) -> Fn:
    """``yes if cond else no``."""
    fc, fy, fn = cond.fn, yes.fn, no.fn

    def run(ctx: dict) -> Any:
        try:
            return fy(ctx) if fc(ctx) else fn(ctx)
        except CATCH as exc:
            raise fail(source, exc, where) from exc

    return run
