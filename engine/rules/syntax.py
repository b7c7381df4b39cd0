"""Parsing rule text: :func:`parse`, the grammar file and the places of a rule's parts.

This module owns the grammar file (``grammar.lark``), :func:`parse` (a tree kept from an earlier
parse of the same text, :mod:`~distant_galaxy.rules.tree_cache`, else the parser of
:mod:`~distant_galaxy.rules.lark_parse`, imported with Lark only then) and the mapping of
positions inside a rule string to places in the author's YAML file (:func:`locate`). Every
syntax error leaves as a :class:`~distant_galaxy.errors.RuleError` whose position points inside
the string, with the expected tokens in human words.
"""

from __future__ import annotations

from pathlib import Path

from distant_galaxy.errors import RuleError, SourcePos
from distant_galaxy.lazy import lazy_module
from distant_galaxy.limits import MAX_BRACKETS, MAX_RULE_CHARS
from distant_galaxy.rules.tree import Token, Tree
from distant_galaxy.rules.tree_cache import kept_tree

#: The parser (:mod:`distant_galaxy.rules.lark_parse`), imported with Lark when a text is first
#: parsed: a process whose rules were all parsed before (kept trees) never imports Lark.
_lark = lazy_module("distant_galaxy.rules.lark_parse")

GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")


def grammar_text() -> str:
    """The text of the grammar file (also printed in the reference documentation)."""
    return GRAMMAR_PATH.read_text(encoding="utf-8")


def locate(text: str, line: int, col: int, pos: SourcePos | None) -> SourcePos:
    """The file position of ``line``/``col`` (1-based, inside ``text``) given where text starts.

    When ``pos`` knows how the string was written (``SourcePos.within``: a value read from a
    YAML file), the place is exact in every style, folded ``>`` blocks included. Otherwise, on
    the first line of the rule the column is shifted by ``pos.col``; on a later line ``k`` the
    line is ``pos.line + k - 1``, the column is the one inside that line, and the position's
    text is that line of the rule.
    """
    lines = text.split("\n")
    line = min(max(line, 1), len(lines))
    rule_line = lines[line - 1]
    if pos is not None and pos.locator is not None:
        offset = sum(len(part) + 1 for part in lines[:line - 1]) + max(col, 1) - 1
        found = pos.within(text, offset)
        if found is not None:
            return SourcePos(found.file, found.line, found.col, found.text)
    if pos is None:
        return SourcePos("<rule>", line, col, rule_line)
    if line == 1:
        return SourcePos(pos.file, pos.line, pos.col + col - 1, pos.text)
    return SourcePos(pos.file, pos.line + line - 1, col, rule_line)


def end_of(text: str) -> tuple[int, int]:
    """Line and column (1-based) just after the last non-blank character of ``text``."""
    body = text.rstrip()
    line = body.count("\n") + 1
    col = len(body) - (body.rfind("\n") + 1) + 1
    return line, col


def token_pos(token: Token | Tree, text: str, pos: SourcePos | None) -> SourcePos:
    """The file position of a token or tree (its first character)."""
    if isinstance(token, Tree):
        meta = token.meta
        if getattr(meta, "empty", True):
            return locate(text, *end_of(text), pos)
        return locate(text, meta.line, meta.column, pos)
    if token.line is None or token.column is None:
        return locate(text, *end_of(text), pos)
    return locate(text, token.line, token.column, pos)


class Where:
    """A part of a rule: its place in the author's file and its text, what a run-time failure
    names (``unit_at(4, 0)`` is none, ``round / 0`` divides by zero) instead of the whole rule.
    The place is computed when first shown (a rule has many parts; few ever fail)."""

    __slots__ = ("_at", "pos", "text", "tree")

    def __init__(self, tree: Token | Tree, text: str, pos: SourcePos | None) -> None:
        self.tree = tree
        self.text = text
        self.pos = pos
        self._at: SourcePos | None = None

    @property
    def at(self) -> SourcePos:
        """The file position of the part's first character."""
        if self._at is None:
            self._at = token_pos(self.tree, self.text, self.pos)
        return self._at

    @property
    def part(self) -> str:
        """The part's text as written in the rule."""
        tree = self.tree
        if isinstance(tree, Tree) and not getattr(tree.meta, "empty", True):
            return self.text[tree.meta.start_pos:tree.meta.end_pos]
        return str(tree)


def check_size(text: str, pos: SourcePos | None = None) -> None:
    """Refuse, before parsing, a rule longer than :data:`~distant_galaxy.limits.MAX_RULE_CHARS`
    or nesting brackets deeper than :data:`~distant_galaxy.limits.MAX_BRACKETS` (outside strings),
    which the parser would take seconds and much memory to accept."""
    if len(text) > MAX_RULE_CHARS:
        raise RuleError(f"rule too long: {len(text)} characters, at most {MAX_RULE_CHARS}",
                        pos=locate(text, 1, 1, pos))
    if text.count("(") + text.count("[") <= MAX_BRACKETS:
        return
    depth, quote, escaped, line, col = 0, "", False, 1, 0
    for ch in text:
        col += 1
        if ch == "\n":
            line, col = line + 1, 0
        if quote:
            escaped, quote = (not escaped and ch == "\\"), ("" if ch == quote and not escaped
                                                              else quote)
        elif ch in "\"'":
            quote = ch
        elif ch in "([":
            depth += 1
            if depth > MAX_BRACKETS:
                raise RuleError(f"rule is too deeply nested: more than {MAX_BRACKETS} brackets",
                                pos=locate(text, line, col, pos))
        elif ch in ")]":
            depth -= 1


def parse(text: str, start: str, pos: SourcePos | None = None) -> Tree:
    """Parse ``text`` from ``start`` (``start_expr`` or ``start_effect``) or raise RuleError
    (also for a text over the size limits, :func:`check_size`). A text parsed before (in this
    process or an earlier one) gives the same tree from the user's cache folder
    (:mod:`~distant_galaxy.rules.tree_cache`) without parsing it again."""
    check_size(text, pos)
    return kept_tree(text, start, lambda t, s: _lark.parse_tree(t, s, pos))
