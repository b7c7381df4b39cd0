"""Compiling parsed rules into closures, with every name, attribute and call checked at load.

:class:`Compiler` walks the Lark tree of one rule once and returns :class:`~distant_galaxy.rules.ops.Node`
values whose closures evaluate the rule; nothing walks a tree at evaluation time. Load-time
mistakes raise :class:`~distant_galaxy.errors.RuleError` pointing at the offending token. Calls and
comprehensions live in :mod:`distant_galaxy.rules.calls`, statements in :mod:`distant_galaxy.rules.effects`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from distant_galaxy.errors import RuleError, RuleRuntimeError, SourcePos
from distant_galaxy.limits import MAX_INT_DIGITS, LimitExceeded
from distant_galaxy.rules import codegen, logic, ops
from distant_galaxy.rules.calls import compile_call, compile_select
from distant_galaxy.rules.defines import compile_use
from distant_galaxy.rules.env import RuleEnv
from distant_galaxy.rules.hints import suggest
from distant_galaxy.rules.ops import CONST, Fn, Node
from distant_galaxy.rules.syntax import Where, token_pos
from distant_galaxy.rules.tree import Token, Tree
from distant_galaxy.rules.views import DYNAMIC, NUMERIC, element_type

MAX_DEPTH = 80
MAX_DICE = 1000
_CONSTANTS = {"true": True, "True": True, "false": False, "False": False, "none": None,
              "None": None}
#: Words an author may write for "no winner" (``winner: nobody``): the rule language's is none.
_DRAW_WORDS = frozenset({"nobody", "noone", "no_one", "draw", "tie", "nil", "null"})
_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'"}
_NUMBERS = (int, float, bool)
_FOLDABLE = (*_NUMBERS, str)
_MAX_DICE_DIGITS = 9


def unescape(literal: str) -> str:
    """The value of a quoted string literal (escapes: ``\\n \\t \\\\ \\" \\'``)."""
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(0)), literal[1:-1])


def _arith_type(a: str, b: str, op: str) -> str:
    if a in NUMERIC and b in NUMERIC:
        if op == "/" or "float" in (a, b):
            return "float"
        return "int" if op != "**" and "number" not in (a, b) else "number"
    if op == "+" and a == b == "str":
        return "str"
    return "any"


#: The static types whose values an operator can be checked against at load.
_CHECKED = NUMERIC | {"str", "none"}
_WORDS = {"int": "a whole number", "float": "a number", "number": "a number", "bool": "true or "
          "false", "str": "a string", "none": "none"}
_VERBS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "//": "divide",
          "%": "take the remainder of", "**": "raise", "<": "compare", ">": "compare",
          "<=": "compare", ">=": "compare", "==": "compare", "!=": "compare"}
_ARITHMETIC = frozenset({"+", "-", "*", "/", "//", "%", "**"})
_ORDERS = frozenset({"<", ">", "<=", ">="})
#: The static types that are never a list or a string (looping over, indexing, ``in``).
_NOT_COLLECTION = NUMERIC | {"none"}


def words(type_name: str) -> str:
    """A static type as an author says it (``int`` → ``a whole number``, ``unit`` → ``a
    unit``)."""
    if type_name in _WORDS:
        return _WORDS[type_name]
    if type_name.startswith("list"):
        return "a list"
    return f"a {type_name}"


def type_clash(op: str, a: str, b: str, views: frozenset[str] | dict = frozenset()) -> bool:
    """Whether ``a OP b`` fails (or, for ``==``/``!=``, is always the same) for every value of
    the static types ``a`` and ``b``: a string with a number, none in arithmetic or an order,
    a string or a list multiplied by a fraction, a game object (a type of ``views``: a token,
    a player) in arithmetic or an order, a list with a number."""
    if op in _ARITHMETIC or op in _ORDERS:
        if a in views or b in views:
            return True
        if a.startswith("list") or b.startswith("list"):
            return _list_clash(op, a, b)
    if a not in _CHECKED or b not in _CHECKED:
        return False
    one_str = (a == "str") != (b == "str")
    if op in ("==", "!="):
        return one_str and "none" not in (a, b)
    if "none" in (a, b):
        return True
    if op == "*":
        return a == b == "str" or (one_str and "float" in (a, b))
    if op in ("+", "<", ">", "<=", ">="):
        return one_str
    return "str" in (a, b)


def _list_clash(op: str, a: str, b: str) -> bool:
    """:func:`type_clash` of an operator with a list on one side (``a`` or ``b``)."""
    other = b if a.startswith("list") else a
    if op == "+":
        return not other.startswith("list") and other != "any"
    if op == "*":
        return other in ("str", "float", "none") or other.startswith("list")
    if op in _ORDERS:
        return other in _CHECKED
    return True  # - / // % ** of a list


class Compiler:
    """Compiles the trees of one rule text against a :class:`RuleEnv`."""

    def __init__(self, text: str, env: RuleEnv, pos: SourcePos | None) -> None:
        self.text = text
        self.env = env
        self.pos = pos
        self.scope: dict[str, str] = {}
        self.names: set[str] = set()
        self.depth = 0
        #: the defines whose bodies are being compiled, outermost first (none calls itself)
        self.defining: tuple[str, ...] = ()
        #: names of the scope read from other context keys (a define's parameters)
        self.aliases: dict[str, str] = {}
        #: how many dice the rule has so far (a part that adds some may roll dice)
        self.dice = 0

    # -- errors -----------------------------------------------------------------------------
    def error(self, message: str, at: Token | Tree, hint: str | None = None) -> RuleError:
        """A RuleError pointing at ``at`` inside the rule text."""
        return RuleError(message, pos=token_pos(at, self.text, self.pos), hint=hint)

    def check_name(self, token: Token, what: str) -> str:
        """Refuse names starting with an underscore."""
        if token.value.startswith("_"):
            raise self.error(f"{what} '{token.value}' starts with '_', which rules may not use",
                             token)
        return token.value

    def generated(self, node: Node) -> Fn:
        """The function evaluating ``node`` on its own: generated code where the node has
        operators to inline (:mod:`distant_galaxy.rules.codegen`), else its closure."""
        return codegen.function(node, self.text)

    # -- dispatch ---------------------------------------------------------------------------
    def node(self, tree: Tree) -> Node:
        """Compile one expression tree into a Node."""
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise self.error("rule is too deeply nested", tree)
            method: Callable[[Tree], Node] | None = getattr(self, f"c_{tree.data}", None)
            if method is None:  # pragma: no cover - every grammar rule has a method
                raise self.error(f"unsupported construct {tree.data!r}", tree)
            dice = self.dice
            node = method(tree)
            if node.where is None:
                node.where = self.where_of(tree)
            node.rolls = node.rolls or self.dice > dice
            return node
        finally:
            self.depth -= 1

    # -- atoms ------------------------------------------------------------------------------
    def c_number(self, tree: Tree) -> Node:
        token = tree.children[0]
        text = token.value
        if len(text.partition(".")[0]) > MAX_INT_DIGITS:
            raise self.error(f"number too large: {len(text.partition('.')[0])} digits, at most "
                             f"{MAX_INT_DIGITS}", token)
        if "." in text:
            value = float(text)
            if not math.isfinite(value):
                raise self.error("number too large", token)
            return ops.const(value, "float")
        return ops.const(int(text), "int")

    def c_string(self, tree: Tree) -> Node:
        return ops.const(unescape(tree.children[0].value), "str")

    def c_dice(self, tree: Tree) -> Node:
        token = tree.children[0]
        if any(len(part) > _MAX_DICE_DIGITS for part in token.value.split("d")):
            raise self.error(f"bad dice '{token.value[:20]}…': too many digits", token)
        count, sides = (int(part) for part in token.value.split("d"))
        self.dice += 1
        if not 1 <= count <= MAX_DICE or sides < 1:
            raise self.error(f"bad dice '{token.value}': roll 1 to {MAX_DICE} dice of 1+ sides",
                             token)
        text, source = token.value, self.text

        def roll(ctx: dict) -> Any:
            try:
                roller = ctx["$roll"]
            except KeyError:
                raise RuleRuntimeError(
                    f"rule {source!r} failed: no dice roller ('$roll') in the context") from None
            return roller(count, sides, text)

        return Node(ops.GEN, roll, "int")

    def c_name(self, tree: Tree) -> Node:
        token = tree.children[0]
        key = self.check_name(token, "name")
        if key in self.scope:
            return ops.name(self.aliases.get(key, key), self.text, self.scope[key],
                            self.where_of(tree))
        if key in self.env.names:
            self.names.add(key)
            if key in self.env.constants:  # the same value at every evaluation
                return ops.const(self.env.constants[key], self.env.names[key])
            return ops.name(key, self.text, self.env.names[key], self.where_of(tree))
        if key in _CONSTANTS:
            value = _CONSTANTS[key]
            return ops.const(value, "none" if value is None else "bool")
        item = self.env.defines.get(key)
        if item is not None and isinstance(token, Token):
            if item.params:
                raise self.error(f"'{key}' is a define with parameters; call it as "
                                 f"{item.signature}", token)
            return compile_use(self, token, item, [])
        if key in self.env.registry:
            raise self.error(f"'{key}' is a function; call it as {key}(...)", token)
        known = [*self.scope, *self.env.names, *self.env.defines]
        kinds = [kind for kind, names in sorted(self.env.known.items()) if key in names]
        if kinds:  # a seat's (unit type's…) id written bare: a rule writes it as a string
            raise self.error(f"unknown name '{key}': '{key}' is a {kinds[0]} of this scenario; "
                             f"a rule writes it as a string, \"{key}\"", token,
                             hint=self._quoted_hint(key, token))
        if key.lower() in _DRAW_WORDS:  # `winner: nobody`
            raise self.error(f"unknown name '{key}'; did you mean 'none' (no one: a draw)?",
                             token, hint="a victory with `winner: none` ends the game in a draw")
        constant = suggest(key, ["true", "false", "none"])  # `ends_turn: ture`
        raise self.error(f"unknown name '{key}'{constant or suggest(key, known)}", token,
                         hint="known names: " + (", ".join(sorted(set(known))) or "none"))

    def _quoted_hint(self, key: str, token: Token) -> str:
        """How to write a bare id as a string: the whole rule quoted in YAML when the rule is the
        id alone (``winner: black``), else the id quoted within the rule, the rule then in single
        quotes in YAML (``'pieces("geese") > 0'``)."""
        if self.text.strip() == key or not isinstance(token, Token):
            return f"in YAML, quote the whole rule: '\"{key}\"'"
        fixed = f'{self.text[:token.start_pos]}"{key}"{self.text[token.end_pos:]}'
        return f"quote it within the rule, and the rule in single quotes in YAML: '{fixed}'"

    def c_list(self, tree: Tree) -> Node:
        items = [self.node(child) for child in tree.children if child is not None]
        types = {item.type for item in items}
        type_name = f"list[{types.pop()}]" if len(types) == 1 else "list"
        if all(item.kind == CONST for item in items):
            values = tuple(item.value for item in items)
            node = Node(ops.GEN, lambda ctx: list(values), type_name)
            node.value = values  # lets `x in [...]` test against the constant tuple
            return node
        fns = [item.fn for item in items]
        return Node(ops.GEN, lambda ctx: [f(ctx) for f in fns], type_name)

    # -- attribute access ---------------------------------------------------------------------
    def c_getattr(self, tree: Tree) -> Node:
        base_tree, token = tree.children
        base = self.node(base_tree)
        self.check_name(token, "attribute")
        get, type_name = self.resolve_attr(base, base_tree, token)
        if base.kind == CONST and base.type in self.env.views:  # a constant's view: fold it
            try:
                value = get(base.value)
                return ops.const(value, _type_of(value) if type_name == "any" else type_name)
            except ops.CATCH:
                pass  # left to fail when evaluated, as it did before
        return ops.attribute(base, get, self.text, type_name, self.where_of(base_tree),
                             self.where_of(tree))

    def where_of(self, tree: Tree | Token) -> Where:
        """The place and text of a sub-expression: what a run-time failure of it names
        (``unit_at(4, 0)`` is none, ``round / 0`` divides by zero) instead of the whole rule."""
        return Where(tree, self.text, self.pos)

    def resolve_attr(self, base: Node, base_tree: Tree, token: Token) -> tuple[Any, str]:
        """The getter and type of ``base.<token>``, checked when the base's type is known."""
        attr_name = token.value
        view = self.env.views.get(base.type)
        if view is not None:
            attr = view.attrs.get(attr_name)
            if attr is None:
                raise self.error(
                    f"unknown attribute '{attr_name}' of {base.type}"
                    f"{suggest(attr_name, view.attrs)}",
                    token,
                    hint=f"{base.type} has: {', '.join(sorted(view.attrs)) or 'nothing'}",
                )
            return attr.get, attr.type
        if base.type not in DYNAMIC:
            raise self.error(f"a value of type {base.type} has no attribute '{attr_name}'", token)
        return _dynamic_getter(attr_name), "any"

    def c_getitem(self, tree: Tree) -> Node:
        base, index = (self.node(child) for child in tree.children)
        self.check_index(base, index, tree)
        type_name = element_type(base.type) if base.type.startswith("list") else (
            "str" if base.type == "str" else "any")
        return self.binary_node(ops.BINARY["[]"], base, index, type_name, tree, fold=False)

    def check_index(self, base: Node, index: Node, tree: Tree) -> None:
        """Refuse at load ``x[i]`` where ``x`` is never a list, a string or a mapping (a
        number, none, a game object), or ``i`` can never index one (a string into a list…)."""
        base_tree, index_tree = tree.children
        if base.type in _NOT_COLLECTION or base.type in self.env.views:
            raise self.error(f"cannot index {words(base.type)} ({self.where_of(base_tree).part}) "
                             "with [...]: only a list or a string has items", tree,
                             hint="index a list such as [1, 2][k] or units[0]")
        if (base.type.startswith("list") or base.type == "str") and (
                index.type in ("str", "float", "none") or index.type in self.env.views):
            raise self.error(f"cannot index {words(base.type)} with {words(index.type)} "
                             f"({self.where_of(index_tree).part}): an index is a whole number",
                             index_tree)

    # -- operators ----------------------------------------------------------------------------
    def binary_node(self, op: Callable[[Any, Any], Any], a: Node, b: Node, type_name: str,
                    at: Tree, fold: bool = True) -> Node:
        """``op(a, b)``, folded to a constant when both are constant numbers or strings.

        A fold that divides by zero or breaks a size limit (:mod:`distant_galaxy.limits`) would
        fail at every evaluation: it is a load-time error at ``at``.
        """
        if fold and a.kind == CONST and b.kind == CONST and isinstance(a.value, _FOLDABLE) \
                and isinstance(b.value, _FOLDABLE):
            try:
                return ops.const(op(a.value, b.value), type_name)
            except ZeroDivisionError:
                raise self.error("division by zero", at) from None
            except LimitExceeded as exc:
                raise self.error(f"value too large: {exc}", at) from None
            except ops.NoRealValue as exc:
                raise self.error(str(exc), at) from None
            except OverflowError:
                raise self.error("value too large: beyond the largest number a rule can hold",
                                 at) from None
            except (ArithmeticError, TypeError):
                pass  # left to fail when evaluated, as the same rule would at runtime
        return Node(ops.GEN, ops.binary(op, a, b, self.text, self.where_of(at)), type_name,
                    code=("op", op, a, b))

    def check_operands(self, op: str, a: Node, b: Node, left: Tree, right: Tree,
                       at: Tree) -> None:
        """Refuse at load an operator whose operands' types cannot go together (``"a" + 1``,
        ``player.score >= "100"``), naming both operands."""
        if not type_clash(op, a.type, b.type, self.env.views):
            return
        hint = "str(x) turns a number into text; write numbers without quotes" \
            if "str" in (a.type, b.type) else "test for none first: x != none and ..."
        if "str" not in (a.type, b.type) and "none" not in (a.type, b.type):
            hint = "arithmetic and orders take numbers: read a number of it (such as .x)"
        raise self.error(
            f"cannot {_VERBS.get(op, 'combine')} {words(a.type)} ({self.where_of(left).part}) "
            f"{'and' if op in ('+', '<', '>', '<=', '>=', '==', '!=') else 'by'} "
            f"{words(b.type)} ({self.where_of(right).part}) with '{op}'", at, hint=hint)

    def check_names(self, op: str, a: Node, b: Node, left: Tree, right: Tree) -> None:
        """Refuse at load a constant compared with an attribute that holds one of the
        scenario's names (:attr:`Attr.names <distant_galaxy.rules.views.Attr.names>`) when it
        is none of them: ``u.type == "cruser"``, ``u.type in ["cruser", "scout"]`` — a rule
        that could never hold."""
        if op not in ("==", "!=", "in", "not in") or not self.env.known:
            return
        pairs = [(a, b, right)] if op.endswith("in") else [(a, b, right), (b, a, left)]
        for attr_node, other, other_tree in pairs:
            kind = self.names_kind(attr_node)
            names = self.env.known.get(kind) if kind is not None else None
            if names is None:
                continue
            for value in _constant_texts(other, single=not op.endswith("in")):
                if value not in names:
                    raise self.error(f"'{value}' is not a {kind} of this scenario"
                                     f"{suggest(value, names)}", _item_at(other_tree, value),
                                     hint=f"{kind}s: {', '.join(sorted(names)) or 'none'}")

    def names_kind(self, node: Node) -> str | None:
        """The kind of scenario names ``node`` holds when it reads such an attribute
        (``u.type``: ``"unit type"``), else None."""
        code = node.code
        if not code or code[0] != "attr":
            return None
        view = self.env.views.get(code[1].type)
        if view is None:
            return None
        return next((attr.names for attr in view.attrs.values() if attr.get is code[2]), None)

    def c_binop(self, tree: Tree) -> Node:
        left, op_token, right = tree.children
        a, b = self.node(left), self.node(right)
        op = op_token.value
        self.check_operands(op, a, b, left, right, tree)
        fn = ops.BINARY[op]
        if op in ops.NUMERIC_BINARY and a.type in NUMERIC and b.type in NUMERIC:
            fn = ops.NUMERIC_BINARY[op]  # a number grows by one bit at most: no check needed
        return self.binary_node(fn, a, b, _arith_type(a.type, b.type, op), tree)

    def c_pow(self, tree: Tree) -> Node:
        a, b = (self.node(child) for child in tree.children)
        self.check_operands("**", a, b, tree.children[0], tree.children[1], tree)
        return self.binary_node(ops.safe_pow, a, b, _arith_type(a.type, b.type, "**"), tree)

    def c_unary(self, tree: Tree) -> Node:
        op_token, operand_tree = tree.children
        a = self.node(operand_tree)
        negate = op_token.value == "-"
        if a.type in ("str", "none") or a.type.startswith("list") or a.type in self.env.views:
            raise self.error(f"cannot put '{op_token}' before {words(a.type)} "
                             f"({self.where_of(operand_tree).part}): it takes a number", tree)
        type_name = a.type if a.type in NUMERIC - {"bool"} else ("int" if a.type == "bool"
                                                                  else "any")
        if a.kind == CONST and isinstance(a.value, _NUMBERS):
            return ops.const(-a.value if negate else +a.value, type_name)
        f, source, where = a.fn, self.text, self.where_of(tree)
        if negate:
            def run(ctx: dict) -> Any:
                try:
                    return -f(ctx)
                except ops.CATCH as exc:
                    raise ops.fail(source, exc, where) from exc
        else:
            def run(ctx: dict) -> Any:
                try:
                    return +f(ctx)
                except ops.CATCH as exc:
                    raise ops.fail(source, exc, where) from exc
        return Node(ops.GEN, run, type_name, code=("unary", op_token.value, a))

    def c_not_(self, tree: Tree) -> Node:
        a = self.node(tree.children[0])
        if a.kind == CONST:
            return ops.const(not a.value, "bool")
        return Node(ops.GEN, logic.negation(a, self.text, self.where_of(tree)), "bool", code=("not", a))

    def c_and_(self, tree: Tree) -> Node:
        a, b = (self.node(child) for child in tree.children)
        type_name = a.type if a.type == b.type else "any"
        return Node(ops.GEN, logic.conjunction(a, b, self.text, self.where_of(tree), want=False), type_name,
                    code=("and", a, b))

    def c_or_(self, tree: Tree) -> Node:
        a, b = (self.node(child) for child in tree.children)
        type_name = a.type if a.type == b.type else "any"
        return Node(ops.GEN, logic.conjunction(a, b, self.text, self.where_of(tree), want=True), type_name,
                    code=("or", a, b))

    def c_ternary(self, tree: Tree) -> Node:
        yes, cond, no = (self.node(child) for child in tree.children)
        type_name = yes.type if yes.type == no.type else "any"
        return Node(ops.GEN, logic.choice(cond, yes, no, self.text, self.where_of(tree)), type_name,
                    code=("if", cond, yes, no))

    def c_comparison(self, tree: Tree) -> Node:
        children = tree.children
        operands = [self.node(child) for child in children[0::2]]
        names = [" ".join(tok.value for tok in op.children) for op in children[1::2]]
        for k, op_name in enumerate(names):
            self.check_operands(op_name, operands[k], operands[k + 1], children[2 * k],
                                children[2 * k + 2], tree)
            self.check_names(op_name, operands[k], operands[k + 1], children[2 * k],
                             children[2 * k + 2])
            right = operands[k + 1]
            if op_name.endswith("in") and (right.type in _NOT_COLLECTION
                                           or right.type in self.env.views):
                raise self.error(f"cannot look in {words(right.type)} "
                                 f"({self.where_of(children[2 * k + 2]).part}) with '{op_name}':"
                                 " it takes a list or a string", tree)
        for op_name, right in zip(names, operands[1:], strict=False):
            if op_name.endswith("in") and right.kind == ops.GEN and right.value is not None:
                values = right.value
                try:
                    frozen: Any = frozenset(values)
                except TypeError:
                    frozen = values
                right.kind, right.value = CONST, frozen
        if len(operands) == 2:
            return self.binary_node(ops.COMPARE[names[0]], operands[0], operands[1], "bool",
                                    tree)
        fns = [operand.fn for operand in operands]
        compare = [ops.COMPARE[n] for n in names]
        return Node(ops.GEN, ops.chain(compare, fns, self.text, self.where_of(tree)), "bool",
                    code=("chain", compare, operands))

    # -- calls and comprehensions (see distant_galaxy.rules.calls) ---------------------------
    def c_call(self, tree: Tree) -> Node:
        return compile_call(self, tree, allow_effect=False)

    def c_select(self, tree: Tree) -> Node:
        return compile_select(self, tree)


def _constant_texts(node: Node, single: bool) -> list[str]:
    """The texts of a constant operand (``single``: one text; else a list of them, as ``in``
    takes), or none when it is not constant."""
    if node.kind not in (CONST, ops.GEN) or node.value is None:  # (a list of constants: GEN)
        return []
    value = node.value
    if single:
        return [value] if node.kind == CONST and isinstance(value, str) else []
    if isinstance(value, str) or not isinstance(value, (list, tuple, set, frozenset)):
        return []
    return [v for v in value if isinstance(v, str)]


def _item_at(tree: Tree, text: str) -> Tree:
    """The item of a list literal that is the string ``text`` (where an error points), else the
    whole ``tree``."""
    if isinstance(tree, Tree) and tree.data == "list":
        for item in tree.children:
            if isinstance(item, Tree) and item.data == "string" and item.children \
                    and str(item.children[0])[1:-1] == text:
                return item
    return tree


def _type_of(value: Any) -> str:
    """The static type of a constant value (a scenario parameter's): ``any`` for a mapping."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float, str)):
        return type(value).__name__
    if value is None:
        return "none"
    return "list" if isinstance(value, list) else "any"


def _dynamic_getter(attr_name: str) -> Callable[[Any], Any]:
    """A getter for values of unknown type: a mapping's key, else an object attribute."""

    def get(obj: Any) -> Any:
        if isinstance(obj, dict):
            if attr_name in obj:
                return obj[attr_name]
        elif hasattr(obj, attr_name):
            return getattr(obj, attr_name)
        raise AttributeError(f"{type(obj).__name__} value has no attribute {attr_name!r}")

    return get
