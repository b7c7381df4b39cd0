"""The parse tree of a rule: :class:`Tree` and :class:`Token`, of the shape Lark gives them.

:func:`~distant_galaxy.rules.syntax.parse` turns Lark's tree into these classes (the same rule
names, children, tokens and positions: ``meta.line``, ``meta.start_pos`` …), so that the rule
compiler, and a tree kept from an earlier run (:mod:`~distant_galaxy.rules.tree_cache`), need
no import of Lark: a process whose rules were all parsed before never imports it (``dg validate``
starts about 15 ms sooner, issue 35). They behave as Lark's ``Tree`` and ``Token`` do where the
engine uses them: equality, hashing, ``repr``, :meth:`Tree.iter_subtrees` and
:meth:`Tree.iter_subtrees_topdown` in Lark's orders.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__all__ = ["Meta", "Token", "Tree"]


class Meta:
    """Where a tree's text is (Lark's ``propagate_positions``): ``line``, ``column``,
    ``start_pos``, ``end_line``, ``end_column``, ``end_pos`` (and Lark's ``container_*``), and
    ``empty`` (True when it has none)."""

    empty: bool = True
    line: int
    column: int
    start_pos: int
    end_line: int
    end_column: int
    end_pos: int


class Tree:
    """A rule of the grammar (``data``: its name) and what it matched (``children``: trees,
    tokens, and None for an optional part left out)."""

    __slots__ = ("_meta", "children", "data")

    def __init__(self, data: str, children: list[Any], meta: Meta | None = None) -> None:
        self.data = data
        self.children = children
        self._meta = meta

    @property
    def meta(self) -> Meta:
        """The tree's positions (an empty :class:`Meta` when it has none)."""
        if self._meta is None:
            self._meta = Meta()
        return self._meta

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"

    def __eq__(self, other: object) -> bool:
        try:
            return self.data == other.data and self.children == other.children  # type: ignore[attr-defined]
        except AttributeError:
            return False

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.data, tuple(self.children)))

    def iter_subtrees(self) -> Iterator[Tree]:
        """Every subtree, each once, children before their parents (Lark's order)."""
        queue = [self]
        subtrees: dict[int, Tree] = {}
        for subtree in queue:
            subtrees[id(subtree)] = subtree
            queue += [c for c in reversed(subtree.children)
                      if isinstance(c, Tree) and id(c) not in subtrees]
        return reversed(list(subtrees.values()))

    def iter_subtrees_topdown(self) -> Iterator[Tree]:
        """Every subtree, parents before their children, in the text's order (Lark's order)."""
        stack: list[Any] = [self]
        while stack:
            node = stack.pop()
            if not isinstance(node, Tree):
                continue
            yield node
            stack.extend(reversed(node.children))


class Token(str):
    """A terminal of the grammar as written in the rule: the text itself (a ``str``), its
    ``type`` (``NAME``, ``NUMBER`` …) and its place (1-based ``line`` and ``column``, 0-based
    ``start_pos`` … ``end_pos``)."""

    __slots__ = ("column", "end_column", "end_line", "end_pos", "line", "start_pos", "type",
                 "value")

    type: str
    value: Any
    start_pos: int | None
    line: int | None
    column: int | None
    end_line: int | None
    end_column: int | None
    end_pos: int | None

    def __new__(cls, type: str, value: Any, start_pos: int | None = None,
                line: int | None = None, column: int | None = None, end_line: int | None = None,
                end_column: int | None = None, end_pos: int | None = None) -> Token:
        token = super().__new__(cls, value)
        token.type = type
        token.value = value
        token.start_pos = start_pos
        token.line = line
        token.column = column
        token.end_line = end_line
        token.end_column = end_column
        token.end_pos = end_pos
        return token

    def __reduce__(self) -> tuple[Any, ...]:  # (as Lark's: the end of the place is dropped)
        return (self.__class__, (self.type, self.value, self.start_pos, self.line, self.column))

    def __deepcopy__(self, memo: dict[int, Any]) -> Token:
        return Token(self.type, self.value, self.start_pos, self.line, self.column)

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Token) and self.type != other.type:
            return False
        return str.__eq__(self, other)

    __hash__ = str.__hash__
