"""Parse trees of rule texts kept between runs: a rule parsed before is not parsed again (issue 35).

Parsing a scenario's rules (:func:`~distant_galaxy.rules.syntax.parse`) needs Lark, its import
(about 15 ms), its parser's tables loaded and lexer built at the first parse of a process, and
the parse itself: about a sixth of ``dg validate``'s time, paid by every process for the same
texts. A parse tree depends only on the text, the start symbol, the grammar and Lark, so
:func:`kept_tree` keeps it in the user's cache folder (:mod:`distant_galaxy.cache`) under the
SHA-256 of the start symbol and the text, as plain data in :mod:`marshal` form — each tree's
rule name, the whole of its ``meta`` (positions) and its children, each token's type, value and
positions — and makes the same :class:`~distant_galaxy.rules.tree.Tree` from it the next time,
without importing Lark. The cache file names what
made it (the Python and engine versions, the grammar file and Lark's modules); a file of another
maker, or one that does not read, is not used. Only successful parses are kept (a syntax error is
always found, and reported, by the parser), and only trees made of those plain parts.
"""

from __future__ import annotations

import marshal
import os
from collections.abc import Callable
from importlib.util import MAGIC_NUMBER
from typing import Any

from distant_galaxy.cache import KeptBytes, content_key, kept_bytes, maker, package_files
from distant_galaxy.rules.tree import Token, Tree

NAME = "rule-trees.marshal"
LIMIT = 8192
_PLAIN = (int, bool, str, type(None))


def kept_tree(text: str, start: str, parse: Callable[[str, str], Tree]) -> Tree:
    """The tree of ``text`` from ``start``: kept from an earlier run, else ``parse(text, start)``
    (which raises what it raises), then kept."""
    kept = _kept()
    key = content_key(f"{start}\0{text}".encode("utf-8", "surrogatepass"))
    data = kept.get(key)
    if data is not None:
        tree = _tree(data)
        if tree is not None:
            return tree
    tree = parse(text, start)
    try:
        form = _form(tree)
    except (RecursionError, _NotPlain):
        return tree
    kept.put(key, marshal.dumps(form))
    return tree


class _NotPlain(Exception):
    """A tree with a part that is not plain data: not kept."""


def _form(node: Any) -> Any:
    """A tree or token as nested tuples of plain values."""
    if node is None:
        return None
    if type(node) is Token:
        parts = (node.type, node.value, node.start_pos, node.line, node.column, node.end_line,
                 node.end_column, node.end_pos)
        if not all(type(p) in _PLAIN for p in parts):
            raise _NotPlain
        return ("K", *parts)
    if type(node) is Tree:
        data = _form(node.data) if type(node.data) is Token else node.data
        if type(node.data) is not Token and type(data) is not str:
            raise _NotPlain
        meta = tuple(sorted(vars(node.meta).items()))  # (a tree without one gets its empty one)
        if not all(type(v) in _PLAIN for _, v in meta):
            raise _NotPlain
        return ("T", data, meta, tuple(_form(child) for child in node.children))
    raise _NotPlain


def _tree(data: bytes) -> Tree | None:
    """The tree kept as ``data``, or None when it does not read as one."""
    try:
        return _node(marshal.loads(data))
    except (EOFError, ValueError, TypeError, IndexError, RecursionError):
        return None


def _node(form: Any) -> Any:
    if form is None:
        return None
    if form[0] == "K":
        return Token(*form[1:])
    _, data, meta, children = form
    tree = Tree(_node(data) if type(data) is tuple else data, [_node(c) for c in children])
    for name, value in meta:
        setattr(tree.meta, name, value)
    return tree


def _made_by() -> tuple[Any, ...]:
    here = os.path.dirname(os.path.abspath(__file__))
    ours = [os.path.join(here, name) for name in ("tree_cache.py", "tree.py", "syntax.py",
                                                  "lark_parse.py", "grammar.lark")]
    library = package_files("lark", ("__init__", "lark", "lexer", "tree", "load_grammar",
                                     "parse_tree_builder", "parser_frontends"))
    return (MAGIC_NUMBER, *maker(ours + library), 1)


def _kept() -> KeptBytes:
    return kept_bytes(NAME, _made_by, LIMIT)


__all__ = ["LIMIT", "NAME", "kept_tree"]
