"""Compiled rules as generated Python functions: one function per rule, operators inline.

:func:`function` turns the compiled tree of one expression (:class:`~distant_galaxy.rules.ops.Node`
values, built by :class:`~distant_galaxy.rules.compiler.Compiler`) into the text of one Python
function, compiles it once with :func:`compile` (or takes its code from the user's cache
folder, :mod:`~distant_galaxy.rules.code_cache`, when an earlier process compiled the same
text) and returns it; a Python lambda written by hand
for the same rule would look the same. It evaluates exactly as the closures do:

* the text is made from the tree alone, never from the rule's text: names of the context are
  pasted as ``ctx['key']`` with ``repr`` of the (validated) key, attributes read by
  :meth:`Attr.field <distant_galaxy.rules.views.Attr.field>` getters as ``.name`` (an ASCII
  identifier), constants of type int, bool, None, str and finite float as their ``repr``;
  every other value (other getters, operators with limits, frozensets, the closures of calls,
  dice and comprehensions) is passed in as a variable of the function, never as text;
* operators the closures run as plain Python operators (``operator.add`` of two numbers,
  comparisons, ``//``, ``/``, indexing) are written inline; ``*`` is inline for integers
  small enough that the product stays within :data:`~distant_galaxy.limits.MAX_INT_BITS`, and
  goes through :func:`~distant_galaxy.limits.checked_mul` otherwise; the other operators that
  check sizes (``+`` of non-numbers, ``%``, ``**``) are called as in the closures;
* ``and``, ``or``, ``if ... else`` and comparison chains are Python's own, with the same
  short circuits;
* one ``try`` around the body turns the same exceptions
  (:data:`~distant_galaxy.rules.ops.CATCH`) into the same RuleRuntimeError
  (:func:`~distant_galaxy.rules.ops.fail`); a name read on its own (``flag and ...``) goes
  through its closure, which says "'flag' has no value here" as before.

A rule whose root has nothing to inline (a constant, a name, a call, a comprehension) keeps its
closure; so does one Python refuses to compile (nesting too deep for its parser).
:data:`ENABLED` (or :func:`closures_only`) switches generation off, for tests and benches.
"""

from __future__ import annotations

import functools
import keyword
import math
import operator
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from distant_galaxy.errors import EngineError
from distant_galaxy.limits import MAX_INT_BITS, checked_mul
from distant_galaxy.rules import code_cache, ops
from distant_galaxy.rules.ops import CONST, NAME, Fn, Node

if TYPE_CHECKING:
    from distant_galaxy.rules.syntax import Where

#: Whether :func:`function` generates code (False: every rule keeps its closures).
ENABLED = True
#: The operators the closures run that Python writes inline, by their function.
INLINE = {
    operator.add: "+", operator.sub: "-", operator.truediv: "/", operator.floordiv: "//",
    operator.eq: "==", operator.ne: "!=", operator.lt: "<", operator.gt: ">", operator.le: "<=",
    operator.ge: ">=", ops.op_in: "in", ops.op_not_in: "not in",
}
_PASTED = (int, bool, str, type(None))
_BOUND = 1 << MAX_INT_BITS
_HALF = 1 << (MAX_INT_BITS // 2)
_FILENAME = "<generated rule>"
_CACHED_CHARS = 2000


@contextmanager
def closures_only() -> Iterator[None]:
    """Compile rules without generated code inside this block (every rule keeps its closures)."""
    global ENABLED
    saved, ENABLED = ENABLED, False
    try:
        yield
    finally:
        ENABLED = saved


def is_generated(fn: Any) -> bool:
    """Whether ``fn`` (a compiled rule or part of one) is generated code, not a closure."""
    code = getattr(fn, "__code__", None)
    return code is not None and code.co_filename == _FILENAME


def function(node: Node, source: str) -> Fn:
    """The generated function computing ``node`` (the rule ``source``), else ``node.fn``."""
    if not ENABLED or node.code is None:
        return node.fn
    writer = _Writer()
    body = writer.expr(node)
    params = ", ".join(["fail", "CATCH", "src", "type", "int", "recorder", *writer.cells])
    start, end = _recording(node.rolls)
    text = (f"def make({params}):\n"
            f"    def rule(ctx):\n{start}"
            f"        try:\n"
            f"            return {body}\n"
            f"        except CATCH as exc:\n"
            f"            raise fail(src, exc, ctx, {'rolled' if node.rolls else 'None'}) "
            f"from exc\n{end}"
            f"    return rule\n")
    make = _maker(text)
    if make is None:
        return node.fn
    return make(_explainer(node.fn, node.where), ops.CATCH, source, type, int, _recorder,
                **writer.cells)


def _recording(rolls: bool) -> tuple[str, str]:
    """The lines a generated function starts and ends with: for a part that may roll dice,
    the dice it rolls are recorded (``rolled``) while it runs, so that its failure is explained
    by its closures on the same dice (:func:`_explainer`); else ``rolled`` is None."""
    if not rolls:  # (``rolled`` is read only when a failure is explained)
        return "", ""
    return ("        roller = ctx['$roll'] if '$roll' in ctx else None\n"
            "        rolled = None if roller is None else []\n"
            "        if roller is not None:\n"
            "            ctx['$roll'] = recorder(roller, rolled)\n",
            "        finally:\n"
            "            if roller is not None:\n"
            "                ctx['$roll'] = roller\n")


def _recorder(roller: Callable[[int, int, str], int], rolled: list[int]
              ) -> Callable[[int, int, str], int]:
    """``roller`` writing down each roll in ``rolled``."""

    def roll(count: int, sides: int, text: str) -> int:
        value = roller(count, sides, text)
        rolled.append(value)
        return value

    return roll


def _explainer(closure: Fn, where: Where | None = None
               ) -> Callable[[str, BaseException, dict, list[int] | None], EngineError]:
    """How a generated function reports a failure: the rule's closures, run again on this
    failure path only (on the dice the generated function rolled, rolling none again:
    :func:`~distant_galaxy.rules.ops.again`), say which part failed and where (``unit_at(4,
    0)`` is none); else :func:`~distant_galaxy.rules.ops.fail`'s message at ``where`` (the
    generated part's own place)."""

    def explain(source: str, exc: BaseException, ctx: dict, rolled: list[int] | None = None
                ) -> EngineError:
        precise: list[EngineError] = []

        def run(ctx: dict) -> None:
            try:
                closure(ctx)
            except EngineError as error:
                precise.append(error)

        ops.again(run, ctx, rolled)
        return precise[0] if precise else ops.fail(source, exc, where)

    return explain


def _maker(text: str) -> Callable[..., Any] | None:
    """The function ``make`` defined by generated ``text`` (made from the tree only: module
    docstring), run with empty builtins; None when Python cannot compile it (too deep)."""
    try:
        with warnings.catch_warnings():  # Python's remarks on the text (``1[0]``) are not an
            warnings.simplefilter("ignore")  # author's: the rule fails as its closures would
            code = _compiled(text) if len(text) <= _CACHED_CHARS \
                else code_cache.compiled(text, _FILENAME)
    except (SyntaxError, RecursionError, MemoryError, ValueError):  # too deep for Python
        return None
    namespace: dict[str, Any] = {"__builtins__": {}}
    exec(code, namespace)
    return namespace["make"]


def call(fn: Any, wrap: Any, args: list[Node], source: str) -> Fn | None:
    """The generated function calling the registered function ``fn`` with the values of the
    positional ``args``, which are written inline (the call's closure would call one function
    per argument); None when generation is off or no argument has code to inline. Same
    evaluation as the closure: arguments from left to right, an argument's failure reported as
    its own generated function reports it, the function's own failures (an
    :class:`~distant_galaxy.errors.EngineError` too, which it places) through ``wrap``
    (:mod:`distant_galaxy.rules.calls`)."""
    if not ENABLED or not any(a.code is not None for a in args):
        return None
    writer = _Writer()
    names = [f"a{i}" for i in range(len(args))]
    rolls = any(arg.rolls for arg in args)
    lines = ""
    for name, arg in zip(names, args, strict=True):
        value = writer.expr(arg)
        if arg.code is None:  # a constant, or a closure that reports its own failures
            lines += f"            {name} = {value}\n"
            continue
        # what the argument's own generated function would do: explain its failure (on the
        # dice it rolled, when the call rolls some)
        explain = writer.cell(_explainer(arg.fn, arg.where), "e")
        mark, dice = ("            k = 0 if rolled is None else len(rolled)\n",
                      "None if rolled is None else rolled[k:]") if rolls else ("", "None")
        lines += (f"{mark}            try:\n"
                  f"                {name} = {value}\n"
                  f"            except CATCH as exc:\n"
                  f"                raise {explain}(src, exc, ctx, {dice}) from exc\n")
    params = ", ".join(["fail", "CATCH", "src", "type", "int", "EngineError", "Exception", "fn",
                        "wrap", "recorder", "len", *writer.cells])
    start, end = _recording(rolls)
    text = (f"def make({params}):\n"
            f"    def run(ctx):\n{start}"
            f"        try:\n{lines}"
            f"            return fn(ctx, {', '.join(names)})\n"
            f"        except EngineError as exc:\n"
            f"            raise wrap(exc, ctx) from None\n"
            f"        except Exception as exc:\n"
            f"            raise wrap(exc, ctx) from exc\n{end}"
            f"    return run\n")
    make = _maker(text)
    if make is None:
        return None
    return make(ops.fail, ops.CATCH, source, type, int, EngineError, Exception,
                fn, wrap, _recorder, len, **writer.cells)


@functools.lru_cache(maxsize=1024)
def _compiled(text: str) -> Any:
    """The code of a generated text, kept in the process for texts of at most
    :data:`_CACHED_CHARS` (so this cache stays small whatever a scenario holds): the same rule
    in a scenario's variants, or rules that differ only in values passed in as variables, are
    looked up once. Every text's code comes from :mod:`~distant_galaxy.rules.code_cache`: kept
    between runs in the user's cache folder, compiled only the first time."""
    return code_cache.compiled(text, _FILENAME)


class _Writer:
    """Writes the Python expression of a node, collecting the values passed in as variables."""

    def __init__(self) -> None:
        self.cells: dict[str, Any] = {}
        self.temps = 0

    def cell(self, value: Any, prefix: str) -> str:
        """A new variable of the function holding ``value``."""
        name = f"{prefix}{len(self.cells)}"
        self.cells[name] = value
        return name

    def temp(self) -> str:
        """A new local variable of the function (for ``*``'s guard)."""
        self.temps += 1
        return f"t{self.temps}"

    def constant(self, value: Any) -> str:
        if type(value) in _PASTED or (type(value) is float and math.isfinite(value)):
            return f"({value!r})"
        return self.cell(value, "k")

    def expr(self, node: Node, fused: bool = False) -> str:
        """The expression computing ``node``; a name is read in place when ``fused``."""
        if node.kind == CONST:
            return self.constant(node.value)
        if node.kind == NAME and fused:
            return f"ctx[{node.value!r}]"
        if node.code is None:  # a name on its own, a call, dice, a comprehension, a list
            return f"{self.cell(node.fn, 'f')}(ctx)"
        form, *parts = node.code
        return getattr(self, f"w_{form}")(*parts)

    def w_op(self, op: Any, a: Node, b: Node) -> str:
        x, y = self.expr(a, fused=True), self.expr(b, fused=True)
        if op is operator.getitem:
            return f"({x}[{y}])"
        symbol = INLINE.get(op)
        if symbol is not None:
            return f"({x} {symbol} {y})"
        if op is checked_mul:
            return self.product(a, b, x, y)
        return f"{self.cell(op, 'o')}({x}, {y})"

    def product(self, a: Node, b: Node, x: str, y: str) -> str:
        """``x * y``: inline for integers whose product stays within the size limit, else
        :func:`~distant_galaxy.limits.checked_mul` (which also refuses the larger ones)."""
        if any(n.kind == CONST and type(n.value) is float for n in (a, b)):
            return f"({x} * {y})"  # checked_mul does nothing more with a float
        mul = self.cell(checked_mul, "o")
        for const, side in ((b, "left"), (a, "right")):
            if const.kind == CONST and type(const.value) is int and const.value != 0:
                t, (low, high) = self.temp(), self.bounds(_BOUND // abs(const.value))
                other = x if side == "left" else y
                pair = f"{t} * {y}" if side == "left" else f"{x} * {t}"
                call = f"{mul}({t}, {y})" if side == "left" else f"{mul}({x}, {t})"
                return (f"({pair} if type({t} := {other}) is int and {low} < {t} < {high} "
                        f"else {call})")
        s, t, (low, high) = self.temp(), self.temp(), self.bounds(_HALF)
        return (f"({s} * {t} if type({s} := {x}) is type({t} := {y}) is int "
                f"and {low} < {s} < {high} and {low} < {t} < {high} else {mul}({s}, {t}))")

    def bounds(self, limit: int) -> tuple[str, str]:
        """Variables holding ``-limit`` and ``limit`` (not computed at each evaluation)."""
        return self.cell(-limit, "k"), self.cell(limit, "k")

    def w_attr(self, base: Node, get: Any) -> str:
        x = self.expr(base, fused=True)
        path = _field_path(get)
        if path is not None:
            return f"({x}.{path})"
        return f"{self.cell(get, 'g')}({x})"

    def w_unary(self, sign: str, a: Node) -> str:
        return f"({sign}{self.expr(a)})"

    def w_not(self, a: Node) -> str:
        return f"(not {self.expr(a)})"

    def w_and(self, a: Node, b: Node) -> str:
        return f"({self.expr(a)} and {self.expr(b)})"

    def w_or(self, a: Node, b: Node) -> str:
        return f"({self.expr(a)} or {self.expr(b)})"

    def w_if(self, cond: Node, yes: Node, no: Node) -> str:
        return f"({self.expr(yes)} if {self.expr(cond)} else {self.expr(no)})"

    def w_chain(self, compare: list[Any], operands: list[Node]) -> str:
        parts = [self.expr(operands[0])]
        for op, operand in zip(compare, operands[1:], strict=True):
            parts += [INLINE[op], self.expr(operand)]
        return f"({' '.join(parts)})"


def _field_path(get: Any) -> str | None:
    """``name`` (or ``a.b``) if ``get`` is ``operator.attrgetter`` of plain ASCII identifiers."""
    if type(get) is not operator.attrgetter:
        return None
    reduced = get.__reduce__()  # (attrgetter, (path,))
    if not isinstance(reduced, tuple):
        return None
    args = reduced[1]
    if len(args) != 1 or not isinstance(args[0], str):
        return None
    parts = args[0].split(".")
    if all(p.isascii() and p.isidentifier() and not keyword.iskeyword(p) for p in parts):
        return args[0]
    return None
