"""Compiling effect statements: assignments to settable view attributes and effect calls.

A statement is ``target = value``, ``target op= value`` (``+= -= *= /= //= %=``) where target is
an attribute with a setter, or a call of a registered effect such as ``emit("bonus", amount=2)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lark import Token, Tree

from distant_galaxy.rules import ops
from distant_galaxy.rules.calls import compile_call

if TYPE_CHECKING:
    from distant_galaxy.rules.compiler import Compiler

Stmt = Callable[[dict], Any]


def compile_statement(comp: Compiler, tree: Tree) -> Stmt:
    """One statement tree (``assign``, ``augassign`` or ``exprstmt``) into a closure."""
    if tree.data == "exprstmt":
        return _expression_statement(comp, tree.children[0])
    if tree.data == "assign":
        target, value_tree = tree.children
        op = None
    else:
        target, op_token, value_tree = tree.children
        op = ops.BINARY[op_token.value[:-1]]
    base, get, setter = _target(comp, target)
    source = comp.text
    value = comp.generated(comp.node(value_tree))
    if op is None:
        def run(ctx: dict) -> None:
            setter(base(ctx), value(ctx), ctx)
        return run

    def run_aug(ctx: dict) -> None:
        obj = base(ctx)
        try:
            new = op(get(obj), value(ctx))
        except ops.CATCH as exc:
            raise ops.fail(source, exc) from exc
        setter(obj, new, ctx)

    return run_aug


def _target(comp: Compiler, target: Tree) -> tuple[Stmt, Any, Any]:
    """The base closure, getter and setter of an assignment target ``x.attr``."""
    if target.data != "getattr":
        what = f"name '{target.children[0].value}'" if target.data == "name" else "this"
        raise comp.error(f"cannot assign to {what}; only attributes such as "
                         "player.resources can be assigned", target)
    base_tree, token = target.children
    attr_name = comp.check_name(token, "attribute")
    base = comp.node(base_tree)
    view = comp.env.views.get(base.type)
    if view is None:
        raise comp.error(f"cannot assign to '{attr_name}': the type of its owner is not known "
                         f"({base.type})", token)
    comp.resolve_attr(base, base_tree, token)  # unknown attribute → error with suggestion
    attr = view.attrs[attr_name]
    if attr.set is None:
        raise comp.error(f"attribute '{base.type}.{attr_name}' is read-only", token,
                         hint="only attributes the engine marks settable may be assigned")
    return base.fn, attr.get, attr.set


def _expression_statement(comp: Compiler, tree: Tree) -> Stmt:
    if isinstance(tree, Tree) and tree.data == "call":
        spec = comp.env.registry.get(tree.children[0].value)
        if spec is not None and not spec.effect:
            raise comp.error(f"'{spec.name}' is a function, not an effect: calling it as a "
                             "statement does nothing", tree,
                             hint="a statement is an assignment or an effect call")
        return compile_call(comp, tree, allow_effect=True).fn
    hint = "a statement is an assignment (x.a = v, x.a += v) or an effect call"
    if isinstance(tree, Tree) and tree.data == "comparison" and any(
        isinstance(op, Tree) and op.children and isinstance(op.children[0], Token)
        and op.children[0].value == "==" for op in tree.children[1::2]
    ):
        hint = "did you mean '=' (assignment) instead of '=='?"
    raise comp.error("this statement has no effect", tree, hint=hint)
