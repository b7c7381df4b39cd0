"""Compiling calls of registered functions and the comprehensions.

Comprehensions (one syntax per purpose, both with an optional ``where`` filter):

* ``count(u in units where COND)``, ``any(...)``, ``all(...)`` — how many / whether some /
  whether every element satisfies COND (without ``where``: size, non-empty, true);
* ``sum(EXPR for u in units where COND)``, ``min(...)``, ``max(...)`` — EXPR aggregated over the
  elements that satisfy COND (``min``/``max`` of nothing is a RuleRuntimeError).

``min``/``max`` with ordinary arguments are the registered built-ins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from distant_galaxy.errors import EngineError
from distant_galaxy.limits import MAX_LOOP_STEPS
from distant_galaxy.rules import codegen, ops
from distant_galaxy.rules.defines import compile_use
from distant_galaxy.rules.hints import suggest
from distant_galaxy.rules.ops import Node
from distant_galaxy.rules.reasons import reason
from distant_galaxy.rules.syntax import Where
from distant_galaxy.rules.tree import Token, Tree
from distant_galaxy.rules.views import NUMERIC, element_type

if TYPE_CHECKING:
    from distant_galaxy.rules.compiler import Compiler

AGGREGATES = ("sum", "min", "max")
_MISSING = object()


def compile_call(comp: Compiler, tree: Tree, allow_effect: bool) -> Node:
    """A call ``name(args)`` of a registered function (or effect, if allowed) or an aggregate."""
    token, arguments = tree.children
    assert isinstance(token, Token)
    name = comp.check_name(token, "function")
    item = comp.env.defines.get(name)
    if item is not None:
        if arguments is not None and (arguments.data == "gen" or any(
                isinstance(a, Tree) and a.data == "kwarg" for a in arguments.children)):
            raise comp.error(f"{name}() is a define: give its arguments in order, "
                             f"{item.signature}", token)
        return compile_use(comp, token, item, list(arguments.children) if arguments else [])
    if arguments is not None and arguments.data == "gen":
        return _compile_aggregate(comp, token, arguments, tree)
    spec = comp.env.registry.get(name)
    if spec is None:
        known = comp.env.registry.names() + list(AGGREGATES) + list(comp.env.defines)
        hint = None
        if name in comp.env.names or name in comp.scope:
            hint = f"'{name}' is a value, not a function"
        plugin = comp.env.elsewhere(name) if comp.env.elsewhere is not None else None
        if plugin is not None:
            hint = f"'{name}' comes with a plugin: add it to the scenario, plugins: [{plugin}]"
        raise comp.error(f"unknown function '{name}'{suggest(name, known)}", token, hint=hint)
    if spec.effect and not allow_effect:
        raise comp.error(f"'{name}' is an effect; effects can only be used as statements of an "
                         "effect, not inside an expression", token)
    positional: list[Node] = []
    keywords: dict[str, Node] = {}
    trees: list[Tree | Token] = []  # where each argument is written, for type errors
    for arg in arguments.children if arguments is not None else ():
        if arg is None:
            continue
        if isinstance(arg, Tree) and arg.data == "kwarg":
            key_token, value = arg.children
            key = comp.check_name(key_token, "keyword")
            if key in keywords:
                raise comp.error(f"keyword '{key}' given twice", key_token)
            keywords[key] = comp.node(value)
            trees.append(value)
        else:
            if keywords:
                raise comp.error("positional argument after a keyword argument", arg)
            positional.append(comp.node(arg))
            trees.append(arg)
    _check_arity(comp, spec, token, len(positional), list(keywords))
    _check_types(comp, spec, positional, keywords, trees)
    _check_names(comp, spec, positional, keywords, trees)
    where = comp.where_of(tree)
    for node in (*positional, *keywords.values()):  # each argument evaluated on its own
        node.fn = comp.generated(node)
    texts = [comp.where_of(t).part for t in trees]
    run = _caller(spec, positional, keywords, comp.text, where, texts)
    run.spec = spec  # a rule that is this call alone: its function's spec (``Expr.call``)
    # a call of a ``seat_cells`` function on the evaluated seat, with constants otherwise:
    # a function of that seat's cells (``Expr.own_call``, see ``FunctionSpec``)
    run.own_call = (spec.fn, spec.params.index(spec.seat_cells),
                    tuple(p.value if p.kind == ops.CONST else None for p in positional)) \
        if spec.seat_cells is not None and _own_cells(comp, spec, positional, trees,
                                                      keywords) else None
    # every argument a constant: (the function, their values) (``Expr.const_call``)
    run.const_call = (spec.fn, tuple(p.value for p in positional)) \
        if not keywords and all(p.kind == ops.CONST for p in positional) else None
    # ... of a ``seat_cells`` function: its value is a function of that constant seat's cells
    run.const_seat = run.const_call[1][spec.params.index(spec.seat_cells)] \
        if run.const_call is not None and spec.seat_cells is not None \
        and len(positional) == len(spec.params) else None
    return Node(ops.GEN, run, spec.returns)


def _own_cells(comp: Compiler, spec: Any, positional: list[Node], trees: list[Any],
               keywords: dict[str, Node]) -> bool:
    """Whether the call's ``seat_cells`` argument is written ``seat`` or ``player.seat`` (names
    that no comprehension variable shadows) and every other argument is a constant."""
    if keywords or len(positional) != len(spec.params):
        return False
    index = spec.params.index(spec.seat_cells)
    for i, node in enumerate(positional):
        if i != index and node.kind != ops.CONST:
            return False
    tree = trees[index]
    if isinstance(tree, Tree) and tree.data == "getattr":
        base, attr = tree.children
        if str(attr) != "seat":
            return False
        tree, wanted = base, "player"
    else:
        wanted = "seat"
    return (isinstance(tree, Tree) and tree.data == "name" and str(tree.children[0]) == wanted
            and wanted not in comp.scope)


#: For a declared parameter type, the static types of an argument that cannot be right.
_WRONG = {"int": {"str", "none", "float"}, "float": {"str", "none"}, "number": {"str", "none"},
          "str": {"int", "float", "number", "bool", "none"}, "bool": {"str", "none"},
          "collection": NUMERIC | {"none"}}
_ARTICLE = {"int": "a whole number", "float": "a number", "number": "a number", "str": "a string",
            "bool": "true or false", "none": "none", "collection": "a list or a string"}
#: Parameters whose name says they take a game object of a view type (``pool(player, …)``):
#: a text or a number given to one is refused at load (the game author's trial gave
#: ``pool(next_seat(seat), …)`` a seat's name and met "a string has no attribute 'pools'").
_PARAM_VIEWS = {"player": "player", "unit": "unit", "site": "site"}
_SCALARS = frozenset({"str", "int", "float", "number", "bool"})
_VIEW_HINTS = {
    "player": "a seat's name is not its player: player_of(SEAT) is the player of a seat "
              "(player is the one deciding, players all of them)",
    "unit": "a unit's id is not the unit: unit_at(x, y), or a loop over units",
    "site": "a site's id is not the site: a loop over sites where s.id == ..."}
#: The values a parameter of each declared type takes at run time.
_RUNTIME: dict[str, type | tuple[type, ...]] = {
    "int": int, "float": (int, float), "number": (int, float), "str": str, "bool": bool,
    "collection": (str, list, tuple, dict, set, frozenset)}


def _check_types(comp: Compiler, spec: Any, positional: list[Node], keywords: dict[str, Node],
                 trees: list[Any]) -> None:
    """Refuse an argument whose static type cannot be the parameter's declared type."""
    named = [(i, node) for i, node in enumerate(positional)]
    named += [(spec.params.index(k), node) for k, node in keywords.items() if k in spec.params]
    for n, (index, node) in enumerate(named):
        want = spec.param_type(index)
        view = _PARAM_VIEWS.get(spec.params[index]) if index < len(spec.params) else None
        if view in comp.env.views and want == "any" and node.type in _SCALARS:
            raise comp.error(  # (a parameter named for a game object takes one, not its name)
                f"{spec.name}(): argument '{spec.params[index]}' must be a {view}, got "
                f"{_ARTICLE.get(node.type, 'a ' + node.type)}"
                + (f" {node.value!r}" if node.kind == ops.CONST else ""), trees[n],
                hint=_VIEW_HINTS.get(view, f"expected {spec.signature()}; example: "
                                           f"{spec.example}"))
        wrong = node.type in _WRONG.get(want, ()) or (
            want in ("int", "float", "number", "str", "collection")
            and node.type in comp.env.views)  # a game object is none of these
        if wrong:
            shown = f" {node.value!r}" if node.kind == ops.CONST else ""
            raise comp.error(
                f"{spec.name}(): argument '{spec.params[index]}' must be {_ARTICLE[want]}, got "
                f"{_ARTICLE.get(node.type, 'a ' + node.type)}{shown}", trees[n],
                hint=f"expected {spec.signature()}; example: {spec.example}")


#: Parameters whose name says what kind of scenario name they take: a constant string given
#: to one must be a name of that kind (``RuleEnv.known``): ``pieces("blak")`` is refused at load.
PARAM_KINDS = {"seat": "seat", "owner": "seat", "unit_type": "unit type", "pool": "pool"}


def _check_names(comp: Compiler, spec: Any, positional: list[Node], keywords: dict[str, Node],
                 trees: list[Any]) -> None:
    """Refuse a constant string argument that is not a name of the scenario its parameter
    takes (a seat, a unit type, a pool)."""
    known = comp.env.known
    if not known:
        return
    named = [(i, node) for i, node in enumerate(positional)]
    named += [(spec.params.index(k), node) for k, node in keywords.items() if k in spec.params]
    for n, (index, node) in enumerate(named):
        if index >= len(spec.params) or node.kind != ops.CONST or not isinstance(node.value, str):
            continue
        kind = PARAM_KINDS.get(spec.params[index])
        names = known.get(kind) if kind is not None else None
        if names is not None and node.value not in names:
            raise comp.error(
                f"{spec.name}(): '{node.value}' is not a {kind} of this scenario"
                f"{suggest(node.value, names)}", trees[n],
                hint=f"{kind}s: {', '.join(sorted(names)) or 'none'}")


def _wrong_value(spec: Any, values: list[Any]) -> str | None:
    """Which argument value has the wrong type for its declared parameter, if one has."""
    for index, value in enumerate(values):
        want = spec.param_type(index)
        kind = _RUNTIME.get(want)
        if kind is not None and (not isinstance(value, kind) or (
                want != "bool" and isinstance(value, bool))):
            return (f"argument '{spec.params[index]}' must be {_ARTICLE[want]}, got "
                    f"{_shown(value)}")
    return None


def _check_arity(comp: Compiler, spec: Any, token: Token, n_pos: int, keys: list[str]) -> None:
    params = spec.params
    bound = params[:n_pos]
    problem = None
    if n_pos > len(params) and not spec.varargs:
        problem = f"takes {len(params)} argument{'s' if len(params) != 1 else ''}, got {n_pos}"
    for key in keys:
        if key in bound:
            problem = f"got argument '{key}' twice"
        elif key not in params and not spec.kwargs:
            problem = f"has no parameter '{key}'"
    if problem is None:
        missing = [p for p in params[n_pos:] if p not in keys]
        if missing:
            problem = "is missing " + ", ".join(f"'{p}'" for p in missing)
    if problem is not None:
        raise comp.error(f"{spec.name}() {problem}; expected {spec.signature()}", token,
                         hint=f"example: {spec.example}" if spec.example else None)


def _caller(spec: Any, positional: list[Node], keywords: dict[str, Node], source: str,
            where: Where, texts: list[str]):
    fn, label = spec.fn, spec.name
    args = [node.fn for node in positional]
    kwargs = [(key, node.fn) for key, node in keywords.items()]
    ordered = {p: i for i, p in enumerate(spec.params)}
    # Keywords naming declared parameters are passed positionally, in parameter order.
    if kwargs and not spec.varargs and all(key in ordered for key, _ in kwargs):
        slots: list[Callable[[dict[Any, Any]], Any] | None] = \
            [*args, *[None] * (len(spec.params) - len(args))]
        for key, f in kwargs:
            slots[ordered[key]] = f
        # every slot is filled: ``_check_arity`` refused a call missing a parameter at load
        args, kwargs = cast(list[Callable[[dict[Any, Any]], Any]], slots), []

    shown_args = args  # the argument closures, to show their values when the call fails
    # the arguments' texts, in the order of ``args``, to name one that is none
    written = [*texts[:len(positional)], *[texts[len(positional) + list(keywords).index(p)]
                                         if p in keywords else "" for p in
                                         spec.params[len(positional):len(args)]]]

    def wrap(exc: Exception, ctx: dict | None = None) -> EngineError:
        if isinstance(exc, EngineError) and _says_where(exc):
            # a failure inside, already placed: passed on as it is, its arguments not evaluated
            # again — a rule failing deep in a recursion through rule functions (an action's
            # where: listing the actions again) would be evaluated again at every level, and
            # again inside each of those: time exponential in the depth
            return exc
        values = _values(shown_args, ctx)
        if isinstance(exc, EngineError):  # the function's own refusal: where, and which none
            return _located(exc, where, values, written)
        shown = ", ".join(f"{p}={_shown(v)}" for p, v in zip(spec.params, values, strict=False))
        why = (_wrong_value(spec, values) if values else None) or reason(exc)
        return ops.located(f"{where.at}: rule {ops.shorten(source)!r} failed: {label}({shown}): "
                           f"{why}")

    # Arguments with operators to inline: one generated function (codegen.call).
    fused = codegen.call(fn, wrap, positional, source) \
        if not kwargs and len(args) == len(positional) else None
    # Constant arguments are passed as values, not through their closures.
    const = [p.kind == ops.CONST for p in positional] + [False] * (len(args) - len(positional))
    if fused is not None:
        run = fused
    elif not kwargs and args and any(const):
        run = _caller_with_constants(fn, args, const, positional, wrap)
    elif kwargs:
        def run(ctx: dict) -> Any:
            try:
                return fn(ctx, *[f(ctx) for f in args], **{k: f(ctx) for k, f in kwargs})
            except EngineError as exc:
                raise wrap(exc, ctx) from None
            except Exception as exc:
                raise wrap(exc, ctx) from exc
    elif len(args) == 0:
        def run(ctx: dict) -> Any:
            try:
                return fn(ctx)
            except EngineError as exc:
                raise wrap(exc, ctx) from None
            except Exception as exc:
                raise wrap(exc, ctx) from exc
    elif len(args) == 1:
        (a,) = args
        def run(ctx: dict) -> Any:
            try:
                return fn(ctx, a(ctx))
            except EngineError as exc:
                raise wrap(exc, ctx) from None
            except Exception as exc:
                raise wrap(exc, ctx) from exc
    elif len(args) == 2:
        a, b = args
        def run(ctx: dict) -> Any:
            try:
                return fn(ctx, a(ctx), b(ctx))
            except EngineError as exc:
                raise wrap(exc, ctx) from None
            except Exception as exc:
                raise wrap(exc, ctx) from exc
    else:
        def run(ctx: dict) -> Any:
            try:
                return fn(ctx, *[f(ctx) for f in args])
            except EngineError as exc:
                raise wrap(exc, ctx) from None
            except Exception as exc:
                raise wrap(exc, ctx) from exc
    return run


def _values(args: list[Any], ctx: dict | None) -> list[Any]:
    """The arguments' values in ``ctx`` (for a message, rolling no die; empty when one cannot
    be evaluated)."""
    if ctx is None:
        return []
    values = [ops.again(f, ctx) if callable(f) else f for f in args]
    return [] if any(v is ops.UNSET for v in values) else values


def _shown(value: Any) -> str:
    """A value as a rule writes it (``none``, ``true``, ``'text'``, ``3``)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def _says_where(exc: EngineError) -> bool:
    """Whether ``exc`` is passed on as it is: it already says where (a failure inside an
    argument, a SourceError), or its class has a constructor of its own (it cannot be rebuilt
    with the call's place in front)."""
    return getattr(exc, "located", False) or type(exc).__init__ is not EngineError.__init__


def _located(exc: EngineError, where: Where, values: list[Any], written: list[str]
             ) -> EngineError:
    """``exc``, raised by a registered function itself (``set_owner(): there is no token``),
    with the call's place in front and the argument that is none named; as it is when it
    already says where (a failure inside an argument, a SourceError) or cannot be rebuilt."""
    if _says_where(exc):
        return exc
    nones = [text for text, value in zip(written, values, strict=False) if value is None and text]
    note = f" ({', '.join(repr(t) for t in nones)} is none here)" if nones else ""
    error = type(exc)(f"{where.at}: {exc}{note}")
    error.located = True  # type: ignore[attr-defined]
    return error


def _caller_with_constants(fn: Any, args: list, const: list[bool], positional: list[Node],
                           wrap: Callable[..., EngineError]) -> Any:
    """A call closure where some positional arguments are constants, passed as their values."""
    if all(const):
        values = tuple(p.value for p in positional)
        if len(values) == 1:
            (x,) = values
            def run(ctx: dict) -> Any:
                try:
                    return fn(ctx, x)
                except EngineError as exc:
                    raise wrap(exc, ctx) from None
                except Exception as exc:
                    raise wrap(exc, ctx) from exc
        elif len(values) == 2:
            x, y = values
            def run(ctx: dict) -> Any:
                try:
                    return fn(ctx, x, y)
                except EngineError as exc:
                    raise wrap(exc, ctx) from None
                except Exception as exc:
                    raise wrap(exc, ctx) from exc
        else:
            def run(ctx: dict) -> Any:
                try:
                    return fn(ctx, *values)
                except EngineError as exc:
                    raise wrap(exc, ctx) from None
                except Exception as exc:
                    raise wrap(exc, ctx) from exc
        return run
    if len(args) == 2:
        a, b = args
        if const[0]:
            x = positional[0].value
            def run(ctx: dict) -> Any:
                try:
                    return fn(ctx, x, b(ctx))
                except EngineError as exc:
                    raise wrap(exc, ctx) from None
                except Exception as exc:
                    raise wrap(exc, ctx) from exc
        else:
            y = positional[1].value
            def run(ctx: dict) -> Any:
                try:
                    return fn(ctx, a(ctx), y)
                except EngineError as exc:
                    raise wrap(exc, ctx) from None
                except Exception as exc:
                    raise wrap(exc, ctx) from exc
        return run
    parts = [(True, p.value) if c else (False, f) for c, p, f in zip(const, positional, args,
                                                                     strict=False)]
    parts += [(False, f) for f in args[len(positional):]]

    def run_mixed(ctx: dict) -> Any:
        try:
            return fn(ctx, *[v if c else v(ctx) for c, v in parts])
        except EngineError as exc:
            raise wrap(exc, ctx) from None
        except Exception as exc:
            raise wrap(exc, ctx) from exc
    return run_mixed


def _loop(comp: Compiler, var_token: Token, coll_tree: Tree, body: list[Tree | None]):
    """Compile a collection and, with ``var`` bound to its element type, the body trees."""
    var = comp.check_name(var_token, "variable")
    collection = comp.node(coll_tree)
    check_collection(comp, collection, coll_tree)
    saved, aliases = dict(comp.scope), comp.aliases
    comp.scope[var] = element_type(collection.type)
    comp.aliases = {k: v for k, v in aliases.items() if k != var}  # the variable hides it
    try:
        nodes = [comp.node(t) if t is not None else None for t in body]
        for node in nodes:  # evaluated once per element: generated code where it pays
            if node is not None:
                node.fn = comp.generated(node)
    finally:
        comp.scope, comp.aliases = saved, aliases
    return var, comp.generated(collection), nodes, collection.where


def check_collection(comp: Compiler, node: Node, tree: Tree) -> None:
    """Refuse at load a loop over a value that is never a list (a number, none, a token)."""
    if node.type in NUMERIC | {"none"} or node.type in comp.env.views:
        raise comp.error(f"cannot go through {_ARTICLE.get(node.type, 'a ' + node.type)} "
                         f"({comp.where_of(tree).part}): a loop needs a list", tree,
                         hint="loop over a list such as units, cells() or range(a, b)")


#: The key of a rule's context that counts the loop steps of the outermost loop under way.
STEPS = "$steps"


def enter_loop(ctx: dict, var: str) -> tuple[Any, bool]:
    """Before a loop over ``var``: the variable's value outside it, and whether this loop is
    the outermost one running (its steps budget ends with it: :func:`leave_loop`)."""
    return ctx.get(var, _MISSING), STEPS not in ctx


def loop_items(coll: Callable[[dict], Any], ctx: dict, source: str, where: Where | None
               ) -> Any:
    """An iterator over the loop's collection, its length charged to the steps budget of the
    outermost loop: more than :data:`~distant_galaxy.limits.MAX_LOOP_STEPS` steps in all (loops
    inside loops multiply) is a rule's run-time error naming the rule — a rule's loop ends, and
    soon (the game author's trial: two nested ``range(0, 100000)`` never ended)."""
    try:
        items = coll(ctx)
        it = iter(items)
    except TypeError as exc:
        raise ops.fail(source, exc, where) from exc
    try:
        steps = ctx.get(STEPS, 0) + len(items)
    except TypeError:  # (no length: counted as nothing)
        return it
    if steps > MAX_LOOP_STEPS:
        raise ops.failure(source, f"more than {MAX_LOOP_STEPS:,} loop steps in one run of the "
                          "rule (loops inside loops multiply their steps)", where)
    ctx[STEPS] = steps
    return it


def leave_loop(ctx: dict, var: str, old: tuple[Any, bool]) -> None:
    """After a loop: the variable as it was (:func:`enter_loop`), and the steps budget gone
    with the outermost loop."""
    value, outermost = old
    if value is _MISSING:
        ctx.pop(var, None)
    else:
        ctx[var] = value
    if outermost:
        ctx.pop(STEPS, None)




def _always(ctx: dict) -> bool:
    return True


def compile_select(comp: Compiler, tree: Tree) -> Node:
    """``count/any/all(u in coll where cond)``: the loop variable is bound in ``ctx`` meanwhile."""
    kind_token, var_token, coll_tree, cond_tree = tree.children
    var, coll, (cond_node,), at = _loop(comp, var_token, coll_tree, [cond_tree])
    kind, source = kind_token.value, comp.text
    cond = cond_node.fn if cond_node is not None else _always

    if kind == "count":
        def run(ctx: dict) -> Any:
            old = enter_loop(ctx, var)
            try:
                n = 0
                for item in loop_items(coll, ctx, source, at):
                    ctx[var] = item
                    if cond(ctx):
                        n += 1
                return n
            finally:
                leave_loop(ctx, var, old)
        return Node(ops.GEN, run, "int")
    wanted = kind == "any"  # any: stop at the first true; all: stop at the first false

    def run_until(ctx: dict) -> Any:
        old = enter_loop(ctx, var)
        try:
            for item in loop_items(coll, ctx, source, at):
                ctx[var] = item
                if bool(cond(ctx)) is wanted:
                    return wanted
            return not wanted
        finally:
            leave_loop(ctx, var, old)

    return Node(ops.GEN, run_until, "bool")


def _compile_aggregate(comp: Compiler, token: Token, gen: Tree, tree: Tree) -> Node:
    kind = token.value
    if kind not in AGGREGATES:
        raise comp.error(f"'{kind}(... for ...)' is not a comprehension; only sum, min and max "
                         "take 'EXPR for VAR in COLLECTION'", token,
                         hint="count/any/all are written count(u in units where COND)")
    value_tree, var_token, coll_tree, cond_tree = gen.children
    var, coll, (value, cond), at = _loop(comp, var_token, coll_tree, [value_tree, cond_tree])
    source, where = comp.text, comp.where_of(tree)
    f = value.fn
    cond = cond.fn if cond is not None else _always

    def collect(ctx: dict) -> list[Any]:
        old = enter_loop(ctx, var)
        try:
            values = []
            for item in loop_items(coll, ctx, source, at):
                ctx[var] = item
                if cond(ctx):
                    values.append(f(ctx))
            return values
        finally:
            leave_loop(ctx, var, old)

    if kind == "sum":
        def run(ctx: dict) -> Any:
            values = collect(ctx)
            try:
                return sum(values)
            except ops.CATCH as exc:
                raise ops.fail(source, exc, where) from exc
        return Node(ops.GEN, run, value.type)
    pick = min if kind == "min" else max

    def run_pick(ctx: dict) -> Any:
        values = collect(ctx)
        if not values:
            raise ops.failure(source, f"{kind}() of nothing (no element matched); guard it "
                              "with any(...)", where)
        try:
            return pick(values)
        except ops.CATCH as exc:
            raise ops.fail(source, exc, where) from exc

    return Node(ops.GEN, run_pick, value.type)
