"""Victory conditions that can never be true, where the text shows it: a conjunction of
comparisons of one sub-expression with numbers whose ranges do not meet (``x >= 100 and x < 0``).
Such a condition is not an error (the game plays), so ``dg validate`` warns about it."""

from __future__ import annotations

from distant_galaxy.errors import RuleError, SourcePos
from distant_galaxy.rules.syntax import parse
from distant_galaxy.rules.tree import Tree

_FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "=="}


def _number(tree: object) -> float | None:
    """The value of a number literal (or a negated one), else None."""
    if isinstance(tree, Tree) and tree.data == "number":
        return float(str(tree.children[0]))
    if isinstance(tree, Tree) and tree.data == "unary" and str(tree.children[0]) == "-":
        inner = _number(tree.children[1])
        return -inner if inner is not None else None
    return None


def _conjuncts(tree: Tree) -> list[Tree]:
    if tree.data == "and_":
        return [c for child in tree.children if isinstance(child, Tree)
                for c in _conjuncts(child)]
    return [tree]


def never_true(text: str, pos: SourcePos | None = None) -> str | None:
    """Which sub-expression's comparisons exclude each other in ``text``, or None."""
    try:
        root = parse(text, "start_expr", pos).children[0]
    except RuleError:
        return None
    bounds: dict[str, list[tuple[str, float]]] = {}
    for part in _conjuncts(root) if isinstance(root, Tree) else []:
        if part.data != "comparison" or len(part.children) != 3:
            continue
        left, op_tree, right = part.children
        op = " ".join(str(t) for t in op_tree.children)
        if op not in _FLIP:
            continue
        for side, other, how in ((left, right, op), (right, left, _FLIP[op])):
            value = _number(other)
            if value is not None and _number(side) is None and not getattr(side.meta, "empty", True):
                key = text[side.meta.start_pos:side.meta.end_pos]
                bounds.setdefault(key, []).append((how, value))
                break
    for key, found in bounds.items():
        lo, lo_in, hi, hi_in = float("-inf"), True, float("inf"), True
        for op, v in found:
            if op in (">", ">=", "==") and (v > lo or (v == lo and op == ">")):
                lo, lo_in = v, op != ">"
            if op in ("<", "<=", "==") and (v < hi or (v == hi and op == "<")):
                hi, hi_in = v, op != "<"
        if lo > hi or (lo == hi and not (lo_in and hi_in)):
            return key
    return None
