"""Writes out the closure tables :mod:`distant_galaxy.rules.inline` and :mod:`distant_galaxy.rules.shapes`.

Rules are compiled to closures only — never with eval/exec or code generated at run time — so
the closures for every operator and operand shape are written out as ordinary source. This
dev-time module renders both files (the engine never imports it), and
``tests/rules/test_tablegen.py`` checks that the committed files equal its output. After changing
it, regenerate them (:data:`COMMANDS`)::

    python -m distant_galaxy.rules.tablegen --write inline
    python -m distant_galaxy.rules.tablegen shapes > engine/rules/shapes.py

``inline`` needs ``--write``: the shell would empty ``inline.py`` for a ``>`` redirect before
``python -m`` loads the ``distant_galaxy.rules`` package, which imports it (``shapes`` is imported
lazily, so either form works for it).

Operands are named by one letter (see the docstrings below) and a variable name ``x``: the
closure factory takes the parameters :data:`OPERANDS` lists and the closure (over the context
``c``) reads the operand with its expression.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

#: Operand letter → (factory parameters, expression reading the operand), ``{x}`` its name.
OPERANDS: dict[str, tuple[tuple[str, ...], str]] = {
    "C": (("{x}",), "{x}"),
    "N": (("{x}",), "c[{x}]"),
    "A": (("{x}", "g{x}"), "g{x}(c[{x}])"),
    "F": (("{x}",), "{x}(c)"),
    "K": (("{x}", "g{x}", "o{x}", "v{x}"), "o{x}(g{x}(c[{x}]), v{x})"),
    "L": (("{x}", "g{x}", "o{x}", "v{x}", "p{x}", "w{x}"), "p{x}(o{x}(g{x}(c[{x}]), v{x}), w{x})"),
}

#: The operators written inline in :data:`distant_galaxy.rules.inline.TABLE`, in table order.
INLINE_OPS = ("+", "-", "*", "/", "//", "%", "==", "!=", "<", "<=", ">", ">=", "in", "not in")

#: Operand pairs of :mod:`distant_galaxy.rules.inline` (two constants are folded at compile time).
INLINE_PAIRS = [x + y for x in "CNAF" for y in "CNAF" if x + y != "CC"]

#: Operand pairs of :data:`distant_galaxy.rules.shapes.WITH_K`: those with a folded ``K``/``L`` operand.
WITH_K_PAIRS = [x + y for x in "CNAFKL" for y in "CNAFKL" if {"K", "L"} & {x, y}]

#: Sides ``left + right`` of the simple comparisons joined in :data:`distant_galaxy.rules.shapes.LOGIC`.
LOGIC_SIDES = [left + right for left in "NAK" for right in "CNA"]

#: The command that regenerates each table, named in its first line.
COMMANDS = {
    "inline": "python -m distant_galaxy.rules.tablegen --write inline",
    "shapes": "python -m distant_galaxy.rules.tablegen shapes > engine/rules/shapes.py",
}

_TYPE = "Callable[..., Callable[[dict], Any]]"

_IMPORTS = """\
from __future__ import annotations

from collections.abc import Callable
from typing import Any
"""

_INLINE_DOC = '''\
"""Inline-operator closures: one bare closure per (operator, operand kinds), without any try.

``TABLE[op][kinds](*operands)`` returns ``lambda ctx: <left> op <right>`` with the operator
written inline (no :mod:`operator` call) and each operand read in place: a constant (``C``), a
context name (``N``: ``ctx[key]``), a name's attribute (``A``: ``get(ctx[key])``, two values
``key, get``) or any other closure (``F``: ``fn(ctx)``). The two kinds form the key, e.g.
``"AC"`` for ``unit.speed > 1``. Pairs of two constants are folded at compile time instead.

These closures let Python exceptions through: the node using them is marked unsafe, and
:func:`distant_galaxy.rules.ops.guarded` turns it into a checked closure where the value leaves the
compiled tree (see :mod:`distant_galaxy.rules.ops`). The entries are written out by
:mod:`distant_galaxy.rules.tablegen` (rules may not be compiled with eval/exec), one line each.
"""
'''

_SHAPES_DOC = '''\
"""Closures for a few fixed shapes of simple operations, each evaluated in one Python call.

Written out by :mod:`distant_galaxy.rules.tablegen` (rules may not be compiled with eval/exec/codegen);
each entry is an ordinary function returning a closure with its own ``try`` (free in Python 3.11
until something raises), so the nodes using them are *safe*. Operand letters as in
:mod:`distant_galaxy.rules.inline`: ``C`` constant, ``N`` context name (``c[a]``), ``A`` a name's attribute
(``ga(c[a])``), ``F`` any other closure (``a(c)``), plus ``K``: a name's attribute combined with a
constant by an arithmetic operator (``oa(ga(c[a]), va)``, e.g. ``player.points + 2``), the
operator being the C function of :mod:`operator`, and ``L``: a ``K`` combined with a second
constant (``pa(oa(ga(c[a]), va), wa)``, e.g. ``(unit.speed + 1) * 2``).

* :data:`WITH_K` — ``o(x, y)`` for operand pairs where at least one is ``K`` or ``L`` (``o``: the C
  function of the operator): ``player.points + 2 >= limit`` is one call.
* :data:`LOGIC` — ``and``/``or`` of two simple comparisons ``p(l1, r1) and q(l2, r2)``, each
  with a left operand ``N``/``A``/``K`` and a right one ``C``/``N``/``A`` (``p``, ``q``: the C
  functions of the comparison operators), keyed by ``"LR.LR"``: ``unit.speed > 1 and x == 0`` is
  one call instead of three.
"""
'''


def params(kind: str, name: str) -> list[str]:
    """The factory parameters of operand ``name`` of kind ``kind``, e.g. ``["a", "ga"]``."""
    return [param.format(x=name) for param in OPERANDS[kind][0]]


def read(kind: str, name: str) -> str:
    """The expression reading operand ``name`` of kind ``kind`` from ``c``, e.g. ``ga(c[a])``."""
    return OPERANDS[kind][1].format(x=name)


def header(table: str) -> str:
    """The first line of ``engine/rules/<table>.py``, naming the command that regenerates it."""
    return (f"# Generated by engine/rules/tablegen.py — do not edit; run `{COMMANDS[table]}`"
            "  # noqa: E501\n")


def render_inline() -> str:
    """The source of :mod:`distant_galaxy.rules.inline`: ``TABLE[op][pair]``, one lambda per line."""
    lines = ["# fmt: off", f"TABLE: dict[str, dict[str, {_TYPE}]] = {{"]
    for op in INLINE_OPS:
        lines.append(f"    {op!r}: {{")
        for pair in INLINE_PAIRS:
            left, right = pair
            args = ", ".join(params(left, "a") + params(right, "b"))
            body = f"{read(left, 'a')} {op} {read(right, 'b')}"
            lines.append(f"        {pair!r}: lambda {args}: lambda c: {body},")
        lines.append("    },")
    lines += ["}", "# fmt: on", ""]
    return "\n".join([header("inline") + _INLINE_DOC, _IMPORTS, *lines])


def _checked(name: str, args: list[str], result: str) -> str:
    """A factory ``name(*args)`` of a closure returning ``result``, failing with source ``s``."""
    return (f"def {name}({', '.join(args)}):\n"
            "    def run(c):\n"
            "        try:\n"
            f"            return {result}\n"
            "        except CATCH as exc:\n"
            "            raise fail(s, exc) from exc\n"
            "    return run")


def _with_k(name: str, pair: str) -> str:
    """The factory ``name`` of ``o(left, right)`` for an operand pair with ``K`` or ``L``."""
    left, right = pair
    args = ["o", *params(left, "a"), *params(right, "b"), "s"]
    return _checked(name, args, f"o({read(left, 'a')}, {read(right, 'b')})")


def _logic(name: str, word: str, one: str, two: str) -> str:
    """The factory ``name`` of ``p(a, b) <word> q(d, e)``, comparisons of sides ``one``, ``two``."""
    args = ["p", *params(one[0], "a"), *params(one[1], "b"),
            "q", *params(two[0], "d"), *params(two[1], "e"), "s"]
    result = (f"(p({read(one[0], 'a')}, {read(one[1], 'b')}) {word}\n"
              f"                    q({read(two[0], 'd')}, {read(two[1], 'e')}))")
    return _checked(name, args, result)


def _entries(entries: dict[str, str], indent: str) -> list[str]:
    """The lines ``'<key>': <function name>,`` of a table."""
    return [f"{indent}{key!r}: {name}," for key, name in entries.items()]


def render_shapes() -> str:
    """The source of :mod:`distant_galaxy.rules.shapes`: the ``WITH_K`` and ``LOGIC`` factories."""
    with_k = {pair: f"_k_{pair}" for pair in WITH_K_PAIRS}
    logic = {word: {f"{one}.{two}": f"_{word}_{one}_{two}"
                    for one in LOGIC_SIDES for two in LOGIC_SIDES}
             for word in ("and", "or")}
    prelude = (header("shapes") + _SHAPES_DOC + "\n" + _IMPORTS
               + "\nfrom distant_galaxy.rules.ops import CATCH, fail\n\n\n# fmt: off\n")
    factories = [_with_k(name, pair) for pair, name in with_k.items()]
    factories.append("\n".join([f"WITH_K: dict[str, {_TYPE}] = {{",
                                *_entries(with_k, "    "), "}"]))
    table = [f"LOGIC: dict[str, dict[str, {_TYPE}]] = {{"]
    for word, entries in logic.items():
        factories += [_logic(name, word, *key.split(".")) for key, name in entries.items()]
        table += [f"    {word!r}: {{", *_entries(entries, "        "), "    },"]
    factories.append("\n".join([*table, "}", "# fmt: on", ""]))
    return prelude + "\n\n\n".join(factories)


RENDERERS: dict[str, Callable[[], str]] = {"inline": render_inline, "shapes": render_shapes}


def main(argv: list[str] | None = None) -> None:
    """Print the source of the table named on the command line, or rewrite its file."""
    parser = argparse.ArgumentParser(prog="python -m distant_galaxy.rules.tablegen",
                                     description="Render engine/rules/inline.py or shapes.py.")
    parser.add_argument("table", choices=sorted(RENDERERS))
    parser.add_argument("--write", action="store_true",
                        help="rewrite engine/rules/<table>.py instead of printing it")
    args = parser.parse_args(argv)
    source = RENDERERS[args.table]()
    if args.write:
        Path(__file__).with_name(f"{args.table}.py").write_text(source, encoding="utf-8")
    else:
        sys.stdout.write(source)


if __name__ == "__main__":
    main()
