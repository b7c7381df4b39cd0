"""The rule language's parser: Lark's LALR parser of ``grammar.lark`` and the translation of
its errors.

:func:`parse_tree` parses a rule text with the one parser (:func:`parser`) and gives its tree as
:class:`~distant_galaxy.rules.tree.Tree` and :class:`~distant_galaxy.rules.tree.Token` (the same
shape, names and positions), or raises a :class:`~distant_galaxy.errors.RuleError` whose
position points inside the string, with the expected tokens in human words. Only
:func:`~distant_galaxy.rules.syntax.parse` calls it, for a text it has no kept tree of: this is
the one module of the language that imports Lark (issue 35: ``dg validate`` of a scenario whose
rules were parsed before does not import it).
"""

from __future__ import annotations

import functools
import sys
from typing import Any

from lark import Lark
from lark import Token as LarkToken
from lark import Tree as LarkTree
from lark.exceptions import (
    LarkError,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)
from lark.lexer import PatternStr

from distant_galaxy.cache import cache_file
from distant_galaxy.errors import RuleError, SourcePos
from distant_galaxy.rules.syntax import end_of, grammar_text, locate
from distant_galaxy.rules.tree import Token, Tree

__all__ = ["describe_terminal", "parse_tree", "parser"]

_WORDS = {
    "$END": "end of text",
    "NAME": "a name",
    "NUMBER": "a number",
    "STRING": "a string",
    "DICE": "dice such as 2d6",
    "AUGOP": "'+=' (or -=, *=, /=, //=, %=)",
}
_MAX_EXPECTED = 12


@functools.cache
def parser() -> Lark:
    """The one LALR parser of the rule language, built on first use in a process; its tables are
    kept in the user's cache folder (Lark's ``cache=``, checked against the grammar, the options
    and the Lark and Python versions), so later processes load them instead of building them."""
    return Lark(
        grammar_text(),
        parser="lalr",
        start=["start_expr", "start_effect"],
        propagate_positions=True,
        maybe_placeholders=True,
        cache=cache_file(f"rule-parser-py{sys.version_info[0]}{sys.version_info[1]}.lark") or False,
    )


def parse_tree(text: str, start: str, pos: SourcePos | None = None) -> Tree:
    """The tree of ``text`` from ``start`` (``start_expr`` or ``start_effect``), or a RuleError
    at the place of the syntax error (``pos``: where the text starts in its file)."""
    try:
        return _ours(parser().parse(text, start=start))
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text, start, pos) from None
    except LarkError as exc:  # pragma: no cover - defensive: any other parser failure
        raise RuleError(f"syntax error: {exc}", pos=locate(text, 1, 1, pos)) from None


def _ours(node: Any) -> Any:
    """Lark's tree (or token) as the language's :class:`Tree` and :class:`Token`: the same rule
    names, children, token types, values and every position."""
    if isinstance(node, LarkToken):
        return Token(node.type, node.value, node.start_pos, node.line, node.column,
                     node.end_line, node.end_column, node.end_pos)
    if isinstance(node, LarkTree):
        data = _ours(node.data) if isinstance(node.data, LarkToken) else node.data
        tree = Tree(data, [_ours(child) for child in node.children])
        vars(tree.meta).update(vars(node.meta))
        return tree
    return node


def describe_terminal(name: str) -> str:
    """A terminal name of the grammar in human words (``RPAR`` → ``')'``)."""
    if name in _WORDS:
        return _WORDS[name]
    try:
        pattern = parser().get_terminal(name).pattern
    except KeyError:
        return name.lower()
    if isinstance(pattern, PatternStr):
        return f"'{pattern.value}'"
    return name.lower()


_EFFECT_ONLY = frozenset({"AUGOP", "EQUAL", "SEMICOLON"})


def _expected(names: set[str] | frozenset[str] | None, start: str = "start_effect") -> str:
    names = set(names or ())
    if start == "start_expr":  # LALR shares states between the two entry points
        names -= _EFFECT_ONLY
    words = sorted({describe_terminal(n) for n in names})
    if not words:
        return ""
    if len(words) > _MAX_EXPECTED:
        words = [*words[:_MAX_EXPECTED], "…"]
    return "; expected " + ("one of: " if len(words) > 1 else "") + ", ".join(words)


def _describe_token(token: LarkToken) -> str:
    if token.type == "$END":
        return "end of text"
    if token.type == "NAME":
        return f"name '{token.value}'"
    return f"'{token.value}'"


def _syntax_error(exc: UnexpectedInput, text: str, start: str, pos: SourcePos | None
                  ) -> RuleError:
    hint = None
    if isinstance(exc, UnexpectedEOF):
        where = locate(text, *end_of(text), pos)
        message = "unexpected end of text" + _expected(set(exc.expected), start)
    elif isinstance(exc, UnexpectedToken):
        token = exc.token
        if token.type == "$END" or token.line in (None, -1):
            where = locate(text, *end_of(text), pos)
        else:
            where = locate(text, token.line, token.column, pos)
        message = f"unexpected {_describe_token(token)}" + _expected(exc.expected, start)
        if start == "start_expr" and token.value in ("=", "+=", "-=", "*=", "/=", "//=", "%="):
            message = f"assignment '{token.value}' is not allowed in an expression"
            hint = "assignments such as 'player.points += 1' belong in effects; compare with '=='"
        elif start == "start_expr" and token.value == ";":
            message = "';' is not allowed in an expression"
            hint = "';' separates the statements of an effect; an expression is one value"
    elif isinstance(exc, UnexpectedCharacters):
        where = locate(text, exc.line, exc.column, pos)
        message = f"unexpected character {exc.char!r}" + _expected(exc.allowed, start)
    else:  # pragma: no cover - other UnexpectedInput kinds are not produced by LALR
        where = locate(text, *end_of(text), pos)
        message = str(exc)
    return RuleError(f"syntax error: {message}", pos=where, hint=hint)
