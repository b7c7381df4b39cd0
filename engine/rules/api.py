"""The entry points: :func:`compile_expr` and :func:`compile_effect`, and what they return.

:class:`Expr` and :class:`Effect` are subclasses of :class:`functools.partial` wrapping the root
closure of the compiled rule, so calling one costs a single C-level hop on top of the closures;
they also carry the rule ``source`` and the free ``names`` it uses.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.errors import RuleError, SourcePos
from engine.rules.compiler import Compiler
from engine.rules.effects import compile_statement
from engine.rules.env import RuleEnv
from engine.rules.syntax import locate, parse

if TYPE_CHECKING:
    from typing_extensions import Self


class Expr(functools.partial):
    """A compiled expression: ``expr(ctx) -> value``; ``source``, ``names`` and static ``type``."""

    source: str
    names: frozenset[str]
    type: str

    def __new__(cls, fn: Callable[[dict], Any], source: str, names: frozenset[str],
                type: str = "any") -> Self:
        self = super().__new__(cls, fn)
        self.source, self.names, self.type = source, names, type
        return self

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.source!r})"


class Effect(functools.partial):
    """A compiled effect: ``effect(ctx) -> None`` runs its statements in order."""

    source: str
    names: frozenset[str]

    def __new__(cls, fn: Callable[[dict], Any], source: str, names: frozenset[str]) -> Self:
        self = super().__new__(cls, fn)
        self.source, self.names = source, names
        return self

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.source!r})"


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
        return Expr(node.fn, text, frozenset(comp.names), node.type)

    return _guarded(text, pos, build)


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

        return Effect(run, text, frozenset(comp.names))

    return _guarded(text, pos, build)
