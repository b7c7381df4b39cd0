"""Safe YAML loading that remembers where every value came from.

This module owns the first step of reading an author's file: YAML text becomes plain JSON-like data
(dicts, lists, str, int, float, bool, None) together with a table of 1-based line and column
positions, so that every later check can point at ``file:line:col``.

Safety rules (every violation is a :class:`~distant_galaxy.errors.ScenarioError` at the offending place):

* only a :class:`yaml.SafeLoader` subclass composes the node graph; Python objects are never built,
  and any ``!!python/...`` tag is refused ("python tags are not allowed"), as is any other tag that
  is not a plain JSON type;
* anchors and aliases are bounded: at most :data:`MAX_ALIASES` aliases, and the size of the fully
  expanded tree is computed on the shared node graph *before* anything is built, so a
  "billion laughs" file is refused at once and never expanded;
* files larger than :data:`MAX_BYTES` are refused, as is nesting deeper than :data:`MAX_DEPTH`;
* duplicate keys are refused at the second key; keys must be strings (``"1": ...`` for digits).

Where PyYAML has its C parser (libyaml), it reads the text and the same Python code composes its
events, so the data, the positions and every check above are the same (tests/loader/test_libyaml.py
compares the two on every YAML file of the repository and on random texts); any refusal is
reported by the pure-Python parser, in its words and at its position.

Scalars follow YAML 1.2 (the core schema, as editors do): only ``true``/``false`` are booleans
(``on``, ``yes``, ``no`` stay strings), ``012`` is twelve, dates stay strings. Where 1.1 and 1.2
disagree on numbers (``0o17``, ``1e5``) the text stays a string, so ``yaml.safe_dump`` output
always reads back unchanged.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import yaml
from yaml.events import AliasEvent, Event
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from distant_galaxy.errors import ScenarioError, SourcePos
from distant_galaxy.limits import MAX_INT_BITS, MAX_INT_DIGITS
from distant_galaxy.loader.document import MAX_BYTES, Document, JsonPath, decode, read_file

try:  # (``yaml.cyaml`` re-exports it from here: the C extension itself)
    from yaml._yaml import CParser as _CParser
except ImportError:  # PyYAML built without libyaml
    _CParser = None  # type: ignore[assignment,misc]  # no C parser: the class is absent

__all__ = [
    "LIBYAML",
    "MAX_ALIASES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "Document",
    "JsonPath",
    "libyaml_reads_alike",
    "load_yaml",
    "load_yaml_file",
]

MAX_ALIASES = 100
"""Most ``*alias`` references a file may use."""
MAX_NODES = 100_000
"""Most values the fully expanded document may hold."""
MAX_DEPTH = 100
"""Deepest nesting of lists and mappings."""

_TAG = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_TAG + t for t in ("str", "int", "float", "bool", "null"))
_MAP, _SEQ, _MERGE = _TAG + "map", _TAG + "seq", _TAG + "merge"
_SCALAR_TAGS = {_STR, _INT, _FLOAT, _BOOL, _NULL}

# Numbers are the common ground of YAML 1.1 and 1.2, so that yaml.safe_dump output reads back
# unchanged: 0o17 and 1e5 (no dot) stay strings.
_INT_RE = re.compile(r"^(?:[-+]?[0-9]+|0x[0-9a-fA-F]+)$")
_FLOAT_RE = re.compile(
    r"^(?:[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
)
_BOOL_RE = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_NULL_RE = re.compile(r"^(?:~|null|Null|NULL|)$")
_HEADER_COMMENT = re.compile(r"[|>][-+0-9]*#")  # see libyaml_reads_alike
_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")  # as PyYAML counts lines


class _Composer(yaml.composer.Composer, yaml.resolver.BaseResolver):
    """Composes nodes only; YAML 1.2 core scalars; counts aliases and nesting as it goes.

    The same Python code composes the events of both parsers below, so every check here holds
    whichever parser read the text.
    """

    if TYPE_CHECKING:  # given by the parser each loader below mixes in (Parser or CParser)
        def check_event(self, *choices: type[Event]) -> bool: ...
        def peek_event(self) -> Any: ...  # an event of any kind, its marks set
        def dispose(self) -> None: ...

    def __init__(self, doc: _Builder):
        yaml.composer.Composer.__init__(self)
        yaml.resolver.BaseResolver.__init__(self)
        self.builder = doc
        self.aliases = 0
        self.depth = 0
        self.nodes = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if self.check_event(AliasEvent):
            self.aliases += 1
            if self.aliases > MAX_ALIASES:
                mark = self.peek_event().start_mark
                raise self.builder.error(
                    "too many aliases (billion-laughs protection)",
                    mark.line,
                    mark.column,
                    hint=f"a file may use at most {MAX_ALIASES} aliases",
                )
        self.nodes += 1
        if self.nodes > MAX_NODES:
            mark = self.peek_event().start_mark
            raise self.builder.error(
                f"document too large: more than {MAX_NODES} values", mark.line, mark.column
            )
        self.depth += 1
        if self.depth > MAX_DEPTH:
            mark = self.peek_event().start_mark
            raise self.builder.error(
                f"nesting deeper than {MAX_DEPTH} levels", mark.line, mark.column
            )
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


_Composer.yaml_implicit_resolvers = {}  # its own, empty: none of PyYAML's YAML 1.1 resolvers
_Composer.add_implicit_resolver(_BOOL, _BOOL_RE, list("tTfF"))
_Composer.add_implicit_resolver(_INT, _INT_RE, list("-+0123456789"))
_Composer.add_implicit_resolver(_FLOAT, _FLOAT_RE, list("-+0123456789."))
_Composer.add_implicit_resolver(_NULL, _NULL_RE, ["~", "n", "N", ""])
_Composer.add_implicit_resolver(_MERGE, re.compile(r"^<<$"), ["<"])


class _SafeLoader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, _Composer):
    """PyYAML's pure-Python reader, scanner and parser: the reference, whose errors are reported."""

    def __init__(self, text: str, doc: _Builder):
        yaml.reader.Reader.__init__(self, text)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        _Composer.__init__(self, doc)


LIBYAML = _CParser is not None
"""Whether PyYAML's C parser (libyaml) is installed: then :func:`load_yaml` reads the events of a
valid file from it (the shipped scenarios load about five times faster), composed by the same
code with the same positions; a file it refuses is read again by the pure-Python parser, which
reports the error."""


if _CParser is not None:

    class _FastLoader(_Composer, _CParser):
        """libyaml's events (PyYAML's ``CParser``) composed by :class:`_Composer`."""

        def __init__(self, text: str, doc: _Builder):
            _CParser.__init__(self, text)
            _Composer.__init__(self, doc)

        def compose_scalar_node(self, anchor: Any) -> ScalarNode:
            # (``anchor`` is the anchor's name or None; typeshed's stub says a dict)
            event = self.peek_event()
            if event.tag == "!":  # PyYAML resolves `! x` as a plain scalar, libyaml as a string
                event.implicit = (True, False)
            return super().compose_scalar_node(anchor)


class _Builder:
    """Turns a composed node graph into plain data, recording positions."""

    def __init__(self, text: str, file: str):
        self.doc = Document(None, file, _LINE_BREAK.split(text))
        self.nodes = 0

    def error(self, message: str, line0: int, col0: int, hint: str | None = None) -> ScenarioError:
        """A ScenarioError at a 0-based yaml mark."""
        return ScenarioError(message, self.doc.source_pos(line0 + 1, col0 + 1), hint=hint)

    def node_error(self, message: str, node: Node, hint: str | None = None) -> ScenarioError:
        """A ScenarioError at a node's start mark."""
        return self.error(message, node.start_mark.line, node.start_mark.column, hint)

    # -- positions -------------------------------------------------------------------------

    def _skip_props(self, line: int, col: int) -> tuple[int, int]:
        """Skip ``!tag`` and ``&anchor`` properties starting at a 0-based position."""
        lines = self.doc.lines
        while line < len(lines):
            text = lines[line]
            while col < len(text) and text[col] in " \t":
                col += 1
            if col >= len(text):
                line, col = line + 1, 0
                continue
            if text[col] not in "!&":
                break
            while col < len(text) and text[col] not in " \t":
                col += 1
        return line, col

    def value_pos(self, node: Node) -> tuple[int, int]:
        """1-based position of a node; for strings, of the first character of the content."""
        mark = node.start_mark
        line, col = mark.line, mark.column
        style = getattr(node, "style", None)
        if isinstance(node, ScalarNode) and style in ("|", ">"):
            for i in range(line + 1, min(node.end_mark.line + 1, len(self.doc.lines))):
                text = self.doc.lines[i]
                if text.strip():
                    return i + 1, len(text) - len(text.lstrip(" ")) + 1
            return line + 1, col + 1
        line, col = self._skip_props(line, col)
        if isinstance(node, ScalarNode) and style in ("'", '"'):
            return line + 1, col + 2
        return line + 1, col + 1

    # -- construction ----------------------------------------------------------------------

    def check_size(self, node: Node) -> None:
        """Refuse a graph whose expansion is too big or recursive, before building anything."""
        memo: dict[int, int] = {}
        active: set[int] = set()

        def size(n: Node, depth: int) -> int:
            key = id(n)
            if key in memo:
                return memo[key]
            if key in active:
                raise self.node_error("recursive alias (an anchor that contains itself)", n)
            if depth > MAX_DEPTH:
                raise self.node_error(f"nesting deeper than {MAX_DEPTH} levels", n)
            active.add(key)
            total = 1
            if isinstance(n, SequenceNode):
                for child in n.value:
                    total += size(child, depth + 1)
                    if total > MAX_NODES:
                        break
            elif isinstance(n, MappingNode):
                for k, v in n.value:
                    total += size(k, depth + 1) + size(v, depth + 1)
                    if total > MAX_NODES:
                        break
            active.discard(key)
            memo[key] = total
            if total > MAX_NODES:
                raise self.node_error(
                    "too many aliases (billion-laughs protection)",
                    n,
                    hint=f"the expanded document would exceed {MAX_NODES} values",
                )
            return total

        size(node, 0)

    def build(self, node: Node, path: JsonPath) -> Any:
        """Plain data for ``node`` at ``path``; records positions."""
        self.nodes += 1
        if self.nodes > MAX_NODES:  # pragma: no cover - check_size refuses first
            raise self.node_error("document too large", node)
        self.check_tag(node)
        self.doc.value_places[path] = self.value_pos(node)
        if isinstance(node, ScalarNode):
            value = self.scalar(node)
            if isinstance(value, str):
                self.doc.string_ends[path] = (node.end_mark.line + 1, value)
            return value
        if isinstance(node, SequenceNode):
            return [self.build(child, (*path, i)) for i, child in enumerate(node.value)]
        return self.mapping(cast(MappingNode, node), path)  # (the composer's third kind)

    def check_tag(self, node: Node) -> None:
        """Refuse python tags and any tag that is not a plain JSON type."""
        tag = node.tag or ""
        if "python" in tag.lower():
            raise self.node_error(
                "python tags are not allowed",
                node,
                hint=f"remove the tag {tag.replace(_TAG, '!!')}",
            )
        allowed = _SCALAR_TAGS if isinstance(node, ScalarNode) else {_MAP, _SEQ}
        if tag not in allowed and not (isinstance(node, ScalarNode) and tag == _MERGE):
            raise self.node_error(
                f"unsupported YAML tag {tag.replace(_TAG, '!!')}",
                node,
                hint="scenario files use plain YAML: strings, numbers, true/false, lists, mappings",
            )

    def scalar(self, node: ScalarNode) -> Any:
        """Construct a scalar of a JSON type from its resolved (or explicit) tag."""
        tag, text = node.tag, node.value
        if tag == _STR or tag == _MERGE:
            return text
        if tag == _NULL:
            if node.style is None and not _NULL_RE.match(text):
                raise self.node_error(f"not a null value: {text!r}", node)
            return None
        if tag == _BOOL:
            if not _BOOL_RE.match(text):
                raise self.node_error(f"not a boolean: {text!r} (use true or false)", node)
            return text.lower() == "true"
        if tag == _INT:
            if not _INT_RE.match(text):
                raise self.node_error(f"not an integer: {text!r}", node)
            return self.integer(node, text)
        if not _FLOAT_RE.match(text):
            raise self.node_error(f"not a number: {text!r}", node)
        value = float(text.lower().replace(".inf", "inf").replace(".nan", "nan"))
        if not math.isfinite(value):
            raise self.node_error(f"{text} is not allowed (numbers must be finite)", node)
        return value

    def integer(self, node: ScalarNode, text: str) -> int:
        """An integer literal, refused beyond :data:`~distant_galaxy.limits.MAX_INT_DIGITS` decimal
        digits or :data:`~distant_galaxy.limits.MAX_INT_BITS` bits of hex (Python itself refuses
        to read more than 4,300 digits)."""
        if text.startswith("0x"):
            if (len(text) - 2) * 4 > MAX_INT_BITS:
                raise self.node_error(f"integer too large: {len(text) - 2} hex digits, at most "
                                      f"{MAX_INT_BITS // 4}", node)
            return int(text, 16)
        digits = len(text.lstrip("+-"))
        if digits > MAX_INT_DIGITS:
            raise self.node_error(f"integer too large: {digits} digits, at most {MAX_INT_DIGITS}",
                                  node, hint="quote it if it is meant as text")
        return int(text, 10)

    def mapping(self, node: MappingNode, path: JsonPath) -> dict[str, Any]:
        """A dict from a mapping node: string keys, no duplicates, ``<<`` merge keys honoured."""
        result: dict[str, Any] = {}
        explicit: list[tuple[Node, Node]] = []
        merges: list[Node] = []
        for key_node, value_node in node.value:
            if isinstance(key_node, ScalarNode) and key_node.tag == _MERGE:
                if isinstance(value_node, SequenceNode):
                    merges.extend(value_node.value)
                else:
                    merges.append(value_node)
            else:
                explicit.append((key_node, value_node))
        for source in reversed(merges):
            if not isinstance(source, MappingNode):
                raise self.node_error(
                    "a << merge key needs a mapping or a list of mappings", source
                )
            result.update(self.mapping(source, path))
        seen: set[str] = set()
        for key_node, value_node in explicit:
            key = self.key(key_node)
            if key in seen:
                raise self.node_error(f"duplicate key '{key}'", key_node)
            seen.add(key)
            self.doc.key_places[(*path, key)] = self.value_pos(key_node)
            result[key] = self.build(value_node, (*path, key))
            if (
                isinstance(value_node, ScalarNode)
                and value_node.value == ""
                and not value_node.style
            ):
                # an empty value's mark is the next token; point just after the key's colon
                end = key_node.end_mark
                self.doc.value_places[(*path, key)] = (end.line + 1, end.column + 2)
        self.doc.value_places[path] = self.value_pos(node)
        return result

    def key(self, node: Node) -> str:
        """A mapping key, which must be a string."""
        self.nodes += 1
        if not isinstance(node, ScalarNode):
            raise self.node_error("a mapping key must be a string, not a list or mapping", node)
        self.check_tag(node)
        if node.tag == _BOOL and node.style is None:
            return node.value  # `on:` and `true:` as keys are the words themselves
        value = self.scalar(node)
        if not isinstance(value, str):
            raise self.node_error(
                f"a mapping key must be a string, got {node.value!r}",
                node,
                hint=f'quote it: "{node.value}":',
            )
        return value


def load_yaml(text: str, file: str, *, libyaml: bool = True) -> Document:
    """Load YAML ``text`` (named ``file`` in messages) safely into a :class:`Document`.

    Raises :class:`ScenarioError` for anything unsafe or malformed, never another exception.
    With ``libyaml`` (and :data:`LIBYAML`), the text is first parsed by libyaml; if that fails in
    any way, the pure-Python parser reads it again and reports the error, so the messages and
    positions are those of the pure-Python parser either way. ``libyaml=False`` uses only the
    pure-Python parser.
    """
    _check_size(text, file)
    if libyaml and LIBYAML and libyaml_reads_alike(text):
        try:
            return _compose(text, _Builder(text, file), _FastLoader)
        except Exception:  # any refusal: read again below, to report it in the reference words
            pass
    builder = _Builder(text, file)
    try:
        return _compose(text, builder, _SafeLoader)
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(builder, exc) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        col = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise ScenarioError(
            f"YAML syntax error: unacceptable character #x{exc.character:04x}",
            builder.doc.source_pos(line, col),
        ) from None
    except yaml.YAMLError as exc:
        raise ScenarioError(f"YAML error: {exc}", builder.doc.source_pos(1, 1)) from None
    except RecursionError:
        raise ScenarioError("nesting too deep", builder.doc.source_pos(1, 1)) from None


def libyaml_reads_alike(text: str) -> bool:
    """Whether libyaml reads ``text`` as the pure-Python parser does (differences found by
    tests/loader/test_libyaml.py are excluded here): not with a tab, a ``?`` or a block scalar
    header touching a ``#``, which PyYAML refuses where libyaml allows them (``{a?b: 1}``,
    ``>#``), nor with a byte-order mark after the start, which libyaml skips and PyYAML keeps
    as content, nor a text of one line after a byte-order mark (``\ufeff---``: libyaml puts the
    empty document's end on a line that does not exist)."""
    return ("\t" not in text and "?" not in text and "\ufeff" not in text[1:]
            and not (text[:1] == "\ufeff" and "\n" not in text and "\r" not in text)
            and _HEADER_COMMENT.search(text) is None)


def _check_size(text: str, file: str) -> None:
    """Refuse, before parsing, a text too large in bytes or in lines and list items."""
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        message = f"file too large: more than {MAX_BYTES // (1024 * 1024)} MiB"
    elif _line_count(text) + text.count(",") > MAX_NODES:
        # Cheap early refusal: every line and every flow-collection item is roughly a value, and
        # the pure-Python scanner would take seconds to reach MAX_NODES on such a file.
        message = (f"document too large: more than {MAX_NODES} lines and list items "
                   f"(a scenario may hold at most {MAX_NODES} values)")
    else:
        return
    raise ScenarioError(message, SourcePos(file, 1, 1, _LINE_BREAK.split(text, maxsplit=1)[0]))


def _line_count(text: str) -> int:
    """The line ends of ``text`` as PyYAML counts them (``\\r\\n``, ``\\r``, ``\\n``, NEL, U+2028,
    U+2029), so that no kind of line end bypasses the early refusal."""
    return (text.count("\n") + text.count("\r") - text.count("\r\n") + text.count("\x85")
            + text.count("\u2028") + text.count("\u2029"))


def _compose(text: str, builder: _Builder, make_loader: Callable[[str, _Builder], _Composer]
             ) -> Document:
    """Compose ``text`` with a loader of ``make_loader`` and build the data and positions."""
    loader = make_loader(text, builder)
    try:
        node = loader.get_single_node()
        if node is not None:
            builder.check_size(node)
            builder.doc.data = builder.build(node, ())
    finally:
        loader.dispose()
    return builder.doc


def _syntax_error(builder: _Builder, exc: yaml.MarkedYAMLError) -> ScenarioError:
    """A ScenarioError at the problem mark of a PyYAML error."""
    mark = exc.problem_mark or exc.context_mark
    problem = exc.problem or "malformed YAML"
    hint = None
    if exc.context:
        where = ""
        if exc.context_mark is not None and exc.context_mark is not mark:
            where = f" (line {exc.context_mark.line + 1})"
        hint = _unclosed_bracket(exc, problem) or f"{exc.context}{where}"
    if mark is None:
        return ScenarioError(f"YAML syntax error: {problem}", builder.doc.source_pos(1, 1), hint)
    opened = unclosed_quote(builder.doc.lines, mark.line)
    if opened is not None:  # the parser reports it where the string happens to end
        return builder.error('YAML syntax error: this " is not closed on its line, so the string '
                             f"runs on to line {mark.line + 1}", opened[0], opened[1],
                             'close the string on the same line (a rule with " inside it is '
                             "written in single quotes: if: 'pieces(\"x\") > 0')")
    cause = likely_cause(builder.doc.lines, mark.line, problem)
    if cause:
        hint = f"likely cause: {cause}" + (f" ({hint})" if hint else "")
    return builder.error(f"YAML syntax error: {problem}", mark.line, mark.column, hint)


#: PyYAML's context of an error inside a flow collection: its opening and closing brackets
_FLOW = {"while parsing a flow mapping": ("{", "}"), "while parsing a flow sequence": ("[", "]")}


def _unclosed_bracket(exc: yaml.MarkedYAMLError, problem: str) -> str | None:
    """What a newcomer is told of a ``{`` or ``[`` left open (PyYAML says "while parsing a
    flow mapping" or "a flow node"), or None for another error."""
    brackets = _FLOW.get(exc.context or "")
    opened = exc.context_mark
    if brackets is not None and opened is not None:
        return (f"inside the {brackets[0]} at line {opened.line + 1}, column "
                f"{opened.column + 1}: a ',' is missing between two values, or the "
                f"{brackets[1]} that closes it")
    if exc.context == "while parsing a flow node" and "<stream end>" in problem:
        return "the file ends inside a { } or [ ] that is not closed"
    return None


_STARTS_SCALAR = " \t:[{,-"


def unclosed_quote(lines: list[str], line0: int) -> tuple[int, int] | None:
    """Where (0-based line, column) a double-quoted string opens that runs from an earlier line
    on to line ``line0`` (or past it), or None: the string an unclosed ``"`` began, which
    PyYAML blames on the line where the string happens to end."""
    opened: tuple[int, int] | None = None
    for i, text in enumerate(lines[: line0 + 1]):
        j = 0
        while j < len(text):
            ch = text[j]
            if opened is not None:
                if ch == "\\":
                    j += 1
                elif ch == '"':
                    if opened[0] < i and i >= line0:
                        return opened
                    opened = None
            elif ch == "#" and (j == 0 or text[j - 1] in " \t"):
                break  # a comment
            elif ch in "'\"" and (j == 0 or text[j - 1] in _STARTS_SCALAR):
                if ch == '"':
                    opened = (i, j)
                else:  # a single-quoted string: to its closing quote ('' is a quote inside)
                    end = text.find("'", j + 1)
                    while end != -1 and text[end + 1:end + 2] == "'":
                        end = text.find("'", end + 2)
                    if end == -1:
                        break
                    j = end
            j += 1
    return opened if opened is not None and opened[0] < line0 else None


_QUOTE_INSIDE = re.compile(r'(?:^|[:\-\[,{]\s*)"[^"]*"[^\s,}\]#]')


def likely_cause(lines: list[str], line0: int, problem: str) -> str | None:
    """What an author most likely did wrong at 0-based line ``line0`` for PyYAML's ``problem``:
    a tab, a ``"`` inside a double-quoted string, an indentation that does not line up."""
    text = lines[line0] if 0 <= line0 < len(lines) else ""
    if "\t" in problem or "\t" in text[: len(text) - len(text.lstrip())]:
        return "a tab: YAML indents with spaces only; replace the tab with spaces"
    if _QUOTE_INSIDE.search(text.strip()):
        return ("a \" inside a double-quoted string ends it; write the rule in single quotes "
                "('line_of(\"x\")') or escape the inner quote as \\\"")
    indent = len(text) - len(text.lstrip(" "))
    above = next((ln for ln in reversed(lines[:line0]) if ln.strip()
                  and not ln.lstrip().startswith("#")), "")
    above_indent = len(above) - len(above.lstrip(" "))
    if "mapping values are not allowed" in problem:
        if indent > above_indent and ":" in above and not above.rstrip().endswith(":"):
            return ("indentation: this line is indented under a key that already has a value; "
                    "align it with the key above")
        return "a plain value with ': ' in it: put the value in quotes"
    if "expected <block end>" in problem or "expected <block mapping" in problem:
        return ("indentation: this line does not line up with the keys or items above it; "
                "the keys of one mapping must start in the same column")
    return None


def load_yaml_file(path: str | os.PathLike[str]) -> Document:
    """Read and :func:`load_yaml` a UTF-8 file; ``Document.file`` is ``str(path)`` as given."""
    name, raw = read_file(path)
    return load_yaml(decode(raw, name), name)
