"""Compiling effect statements: assignments, effect calls, loops and conditions.

A statement is ``target = value``, ``target op= value`` (``+= -= *= /= //= %=``) where target is
an attribute with a setter, ``name = value`` (a local name, read by the statements after it in
its block), a call of a registered effect such as ``set_owner(unit, seat)``, a loop ``for VAR in
COLLECTION [where COND]: BODY`` or a condition ``if COND: BODY``; a body is one statement or a
block ``{ s1; s2 }``. A loop runs over a list that exists before it starts (a board's cells, a
``range(a, b)``), so every effect ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from distant_galaxy.errors import EngineError
from distant_galaxy.rules import ops
from distant_galaxy.rules.calls import (
    check_collection,
    compile_call,
    enter_loop,
    leave_loop,
    loop_items,
)
from distant_galaxy.rules.compiler import words
from distant_galaxy.rules.tree import Token, Tree
from distant_galaxy.rules.views import NUMERIC, Attr, element_type

if TYPE_CHECKING:
    from distant_galaxy.rules.compiler import Compiler
    from distant_galaxy.rules.syntax import Where

Stmt = Callable[[dict], Any]
#: What a setter may raise on a value it cannot take (``int("x")``), besides ops.CATCH.
_SET_FAILS = (*ops.CATCH, ValueError)
_CONSTANT_WORDS = frozenset({"true", "True", "false", "False", "none", "None"})


def compile_statement(comp: Compiler, tree: Tree) -> Stmt:
    """One statement tree (``assign``, ``augassign``, ``exprstmt``, ``for_stmt``, ``if_stmt``
    or ``block``) into a closure."""
    if tree.data == "exprstmt":
        return _expression_statement(comp, tree.children[0])
    if tree.data == "for_stmt":
        return _loop_statement(comp, tree)
    if tree.data == "if_stmt":
        return _if_statement(comp, tree)
    if tree.data == "block":
        return compile_block(comp, tree.children)
    if tree.data == "assign":
        target, value_tree = tree.children
        if isinstance(target, Tree) and target.data == "name" \
                and isinstance(name := target.children[0], Token):
            return _local(comp, name, value_tree)
        op = None
    else:
        target, op_token, value_tree = tree.children
        symbol = str(op_token)[:-1]
        op = ops.BINARY[symbol]
    base, attr, owner = _target(comp, target)
    get, setter = attr.get, attr.set
    assert setter is not None  # (_target refuses a read-only attribute)
    source, where = comp.text, comp.where_of(tree)
    value_node = comp.node(value_tree)
    if op is not None:
        comp.check_operands(symbol, ops.Node(ops.GEN, get, attr.type), value_node,
                            target, value_tree, tree)
    elif attr.type in NUMERIC and (value_node.type in ("str", "none") or value_node.type
                                   in comp.env.views or value_node.type.startswith("list")):
        raise comp.error(f"cannot assign {words(value_node.type)} "
                         f"({comp.where_of(value_tree).part}) to '{target.children[1]}', which "
                         f"holds {words(attr.type)}", value_tree)
    value = comp.generated(value_node)
    if op is None:
        def run(ctx: dict) -> None:
            obj = base(ctx)
            new = value(ctx)
            if obj is None:
                raise _target_fail(source, None, obj, owner, where)
            try:
                setter(obj, new, ctx)
            except EngineError:
                raise
            except _SET_FAILS as exc:
                raise _target_fail(source, exc, obj, owner, where) from exc
        return run

    def run_aug(ctx: dict) -> None:
        obj = base(ctx)
        if obj is None:
            raise _target_fail(source, None, obj, owner, where)
        try:
            old = get(obj)
        except ops.CATCH as exc:
            raise _target_fail(source, exc, obj, owner, where) from exc
        try:
            new = op(old, value(ctx))
            setter(obj, new, ctx)
        except EngineError:
            raise
        except _SET_FAILS as exc:
            raise ops.fail(source, exc, where) from exc

    return run_aug


def _target_fail(source: str, exc: BaseException | None, obj: Any, owner: Where, where: Where
                 ) -> Exception:
    """The error of an assignment whose target could not be read or written: its owner is none
    (``unit_at(9, 9).seeds = 1``), else :func:`~distant_galaxy.rules.ops.fail`'s."""
    if obj is None:
        return ops.located(f"{owner.at}: {owner.part!r} is none here, so it has no attributes "
                           f"to assign (in the rule {ops.shorten(source)!r})")
    assert exc is not None
    return ops.fail(source, exc, where)


def compile_block(comp: Compiler, trees: list[Tree]) -> Stmt:
    """Statements run in order; the local names they assign are known until the block ends."""
    saved = dict(comp.scope)
    try:
        statements = tuple(compile_statement(comp, t) for t in trees)
    finally:
        comp.scope = saved
    if len(statements) == 1:
        return statements[0]

    def run(ctx: dict) -> None:
        for statement in statements:
            statement(ctx)

    return run


def _body(comp: Compiler, tree: Tree) -> Stmt:
    """A loop's or condition's body: a block, or one statement in a block of its own."""
    return compile_block(comp, tree.children if tree.data == "block" else [tree])


def _local(comp: Compiler, token: Token, value_tree: Tree) -> Stmt:
    """``name = value``: a local name for the statements after it (in its block)."""
    key = comp.check_name(token, "name")
    if key in comp.env.names or key in comp.env.registry or key in comp.env.defines \
            or key in _CONSTANT_WORDS:
        raise comp.error(f"cannot assign to name '{key}': it is a name of the rules, not a local "
                         "one", token, hint="choose another name for the local value, or "
                         "assign an attribute such as player.resources")
    node = comp.node(value_tree)
    value = comp.generated(node)
    comp.scope[key] = node.type

    def run(ctx: dict) -> None:
        ctx[key] = value(ctx)

    return run


def _loop_statement(comp: Compiler, tree: Tree) -> Stmt:
    """``for VAR in COLLECTION [where COND]: BODY``, the variable bound in ``ctx`` meanwhile."""
    var_token, coll_tree, cond_tree, body_tree = tree.children
    assert isinstance(var_token, Token)
    var = comp.check_name(var_token, "variable")
    coll_node = comp.node(coll_tree)
    check_collection(comp, coll_node, coll_tree)
    collection, where = comp.generated(coll_node), coll_node.where
    saved = dict(comp.scope)
    comp.scope[var] = element_type(coll_node.type)
    try:
        cond = comp.generated(comp.node(cond_tree)) if cond_tree is not None else None
        body = _body(comp, body_tree)
    finally:
        comp.scope = saved
    source = comp.text

    def run(ctx: dict) -> None:
        old = enter_loop(ctx, var)
        try:
            items = list(loop_items(collection, ctx, source, where))
            for item in items:
                ctx[var] = item
                if cond is None or cond(ctx):
                    body(ctx)
        finally:
            leave_loop(ctx, var, old)

    return run


def _if_statement(comp: Compiler, tree: Tree) -> Stmt:
    """``if COND: BODY``."""
    cond_tree, body_tree = tree.children
    cond = comp.generated(comp.node(cond_tree))
    body = _body(comp, body_tree)

    def run(ctx: dict) -> None:
        if cond(ctx):
            body(ctx)

    return run


def _target(comp: Compiler, target: Tree) -> tuple[Stmt, Attr, Where]:
    """The base closure and the attribute of an assignment target ``x.attr`` (one with a
    setter), and where its owner ``x`` is written."""
    if target.data != "getattr":
        what = f"name '{target.children[0].value}'" if target.data == "name" else "this"
        raise comp.error(f"cannot assign to {what}; only attributes such as "
                         "player.resources (and local names, n = ...) can be assigned", target)
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
    return base.fn, attr, comp.where_of(base_tree)


def _expression_statement(comp: Compiler, tree: Tree) -> Stmt:
    if isinstance(tree, Tree) and tree.data == "call":
        called = str(tree.children[0])
        if called in comp.env.defines:
            raise comp.error(f"'{called}' is a define, an expression: as a "
                             "statement it does nothing", tree,
                             hint="a statement is an assignment, an effect call, a loop or "
                                  "an if")
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
