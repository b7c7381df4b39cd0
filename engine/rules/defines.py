"""Named expressions with parameters, defined once per scenario (``define:``) and used anywhere.

A scenario's ``define:`` section maps ``name(a, b)`` (or a bare ``name``) to an expression::

    define:
      owner_at(x, y): 'unit_at(x, y).owner if unit_at(x, y) != none else none'
      dirs: '[[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]]'

A rule calls ``owner_at(3, 4)`` (or names ``dirs``) as it would a function. The compiler compiles
the body at each place it is used (:func:`compile_use`), with the parameters bound to the
arguments' values (each argument is evaluated once, before the body) and the names of that place
visible too (``seat``, ``player``, a ``where:``'s ``x``/``y``…; a parameter hides a name of
the place that it shares), so every name and attribute is
checked where it is used, with the define's own file, line and column. A define may call other
defines, but never itself, directly or through another: such a cycle is refused at load
(:func:`check_defines`), pointing at the call that closes it. Every define therefore ends.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from distant_galaxy.errors import RuleError, SourcePos
from distant_galaxy.rules import ops
from distant_galaxy.rules.ops import Node
from distant_galaxy.rules.registry import RESERVED
from distant_galaxy.rules.syntax import locate, parse, token_pos
from distant_galaxy.rules.tree import Token, Tree

if TYPE_CHECKING:
    from distant_galaxy.rules.compiler import Compiler

__all__ = ["Define", "check_defines", "compile_use", "read_defines"]

_KEY = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_]*)\s*(?:\((.*)\))?\s*$")
_USES = itertools.count(1)


@dataclass
class Define:
    """One named expression: its name, parameters, text and where the text was written."""

    name: str
    params: tuple[str, ...]
    text: str
    pos: SourcePos | None = None
    _tree: Tree | None = field(default=None, repr=False, compare=False)

    def tree(self) -> Tree:
        """The parsed expression (parsed once; RuleError pointing into the text if wrong)."""
        if self._tree is None:
            self._tree = parse(self.text, "start_expr", self.pos)
        return self._tree

    @property
    def signature(self) -> str:
        """``name(a, b)`` as an author writes it (``name`` without parameters)."""
        return f"{self.name}({', '.join(self.params)})" if self.params else self.name


def read_defines(section: Any, pos_of: Callable[[str], SourcePos | None],
                 taken: Callable[[str], str | None]) -> tuple[dict[str, Define], list[RuleError]]:
    """The defines of a ``define:`` section and the mistakes found in it (each with its place):
    a malformed key, a parameter that is not a name or repeats, a name that ``taken`` says is
    already something else (a function, a name of the rules), a text that is not a string or
    does not parse, a define that calls itself (:func:`check_defines`)."""
    defines: dict[str, Define] = {}
    errors: list[RuleError] = []
    if not isinstance(section, dict):
        return defines, errors
    for key, text in section.items():
        pos = pos_of(str(key))
        found = _KEY.match(str(key))
        params = [p.strip() for p in found.group(2).split(",")] if found and found.group(2) \
            and found.group(2).strip() else []
        bad = [p for p in params if not p.isidentifier() or p.startswith("_") or p in RESERVED]
        if found is None or bad:
            what = f"parameter '{bad[0]}' is not a name" if bad else "not NAME or NAME(a, b)"
            errors.append(RuleError(f"define '{key}': {what}", pos=pos,
                                    hint="write e.g. flips(x, y, dx, dy): 'EXPRESSION'"))
            continue
        name = found.group(1)
        why = "a reserved word" if name in RESERVED else taken(name)
        if why is None and len(set(params)) != len(params):
            why = "given the same parameter twice"
        if why is None and name in defines:
            why = "defined twice"
        if why is not None:
            errors.append(RuleError(f"define '{name}' is {why}", pos=pos))
            continue
        if not isinstance(text, str):
            errors.append(RuleError(f"define '{name}': the value must be an expression in a "
                                    f"string, not {type(text).__name__}", pos=pos))
            continue
        item = Define(name, tuple(params), text, pos)
        try:
            item.tree()
        except RuleError as exc:
            errors.append(exc)
            continue
        defines[name] = item
    errors.extend(check_defines(defines))
    return defines, errors


def _uses(tree: Tree, defines: dict[str, Define]) -> Iterator[Token]:
    """The tokens in ``tree`` that name a define (calls and bare names)."""
    for sub in tree.iter_subtrees_topdown():
        if sub.data in ("call", "name") and isinstance(sub.children[0], Token) \
                and sub.children[0].value in defines:
            yield sub.children[0]


def check_defines(defines: dict[str, Define]) -> list[RuleError]:
    """A RuleError for each define that calls itself, directly or through others, pointing at
    the call in its own text that starts the cycle."""
    errors: list[RuleError] = []
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done

    def walk(name: str, path: list[str]) -> None:
        state[name] = 1
        item = defines[name]
        for token in _uses(item.tree(), defines):
            callee = token.value
            if state.get(callee) == 1:
                chain = [*path, name]  # the defines being walked: the callee is one of them
                cycle = [*chain[chain.index(callee):], callee]
                errors.append(RuleError(
                    f"define '{name}' calls '{callee}', which leads back to it "
                    f"({' → '.join(cycle)}): a define may not call itself, directly or through "
                    "another", pos=token_pos(token, item.text, item.pos),
                    hint="loop over a list instead (for c in cells(): ..., "
                         "count(k in range(1, 8) where ...))"))
            elif callee not in state:
                walk(callee, [*path, name])
        state[name] = 2

    for name in defines:
        if name not in state:
            walk(name, [])
    return errors


def compile_use(comp: Compiler, token: Token, item: Define, arg_trees: list[Any]) -> Node:
    """A use of ``item`` at ``token``: ``name(args)`` (``arg_trees``) or a bare ``name``."""
    if item.name in comp.defining:
        raise comp.error(f"define '{item.name}' may not call itself", token)
    if len(arg_trees) != len(item.params):
        given = len(arg_trees)
        raise comp.error(f"{item.name}() takes {len(item.params)} argument"
                         f"{'s' if len(item.params) != 1 else ''}, got {given}; defined as "
                         f"{item.signature}", token)
    args = [comp.node(t) for t in arg_trees]
    sub = type(comp)(item.text, comp.env, item.pos)  # (the compiler imports this module)
    sub.defining = (*comp.defining, item.name)
    sub.depth = comp.depth
    sub.scope = {p: a.type for p, a in zip(item.params, args, strict=True)}
    # each parameter is read from a key of this use alone ("$name#n:param"), which nothing else
    # writes: no value is saved or restored around the body (a define never calls itself)
    use = next(_USES)
    keys = [f"${item.name}#{use}:{p}" for p in item.params]
    sub.aliases = dict(zip(item.params, keys, strict=True))
    try:
        body_node = sub.node(item.tree().children[0])
    except RecursionError:
        raise RuleError(f"define '{item.name}' is too deeply nested",
                        pos=locate(item.text, 1, 1, item.pos)) from None
    comp.names |= sub.names
    comp.dice += sub.dice
    if not args:
        return body_node
    body = sub.generated(body_node)
    return Node(ops.GEN, _binder(keys, args, [comp.generated(a) for a in args], body),
                body_node.type)


def _binder(keys: list[str], args: list[Node], fns: list[Callable[[dict], Any]],
            body: Callable[[dict], Any]) -> Callable[[dict], Any]:
    """``run(ctx)``: each argument's value stored under its key, then the body evaluated — one
    generated function (a constant argument pasted in as its value, a name read from the
    context directly); a name without a value falls back to the closures, whose error says so."""
    pairs = tuple(zip(keys, fns, strict=True))

    def slow(ctx: dict) -> Any:
        for key, f in pairs:
            ctx[key] = f(ctx)
        return body(ctx)

    space: dict[str, Any] = {"body": body, "slow": slow}
    lines = ["def run(ctx):", "    try:"]
    for i, (key, node) in enumerate(zip(keys, args, strict=True)):
        if node.kind == ops.CONST:
            space[f"v{i}"] = node.value
            value = f"v{i}"
        elif node.kind == ops.NAME:
            value = f"ctx[{node.value!r}]"
        else:
            space[f"f{i}"] = fns[i]
            value = f"f{i}(ctx)"
        lines.append(f"        ctx[{key!r}] = {value}")
    lines += ["    except KeyError:", "        return slow(ctx)", "    return body(ctx)"]
    exec(compile("\n".join(lines), "<generated define>", "exec"), space)
    run: Callable[[dict], Any] = space["run"]
    return run
