"""The engine's error types: every user mistake becomes one of these, never a traceback.

All are ``ValueError`` subclasses (as python-chess does) so that callers may catch broadly.
``SourceError`` carries a file, line and column and formats itself with the offending line and a
caret under the column.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from distant_galaxy.text import bounded


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input. Its message is
    :func:`~distant_galaxy.text.bounded`: a quoted input of any length shows as its beginning
    and its length (``'xxxx…' (6000 characters)``)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*(bounded(a) if isinstance(a, str) else a for a in args))


@dataclass(frozen=True)
class SourcePos:
    """A place in a text file: 1-based line and column, and the text of that line if known.

    The place of a string value may carry a ``locator`` (its
    :class:`~distant_galaxy.loader.strings.StringMap`): :meth:`within` then maps an offset in
    the string to its real line and column, also in a folded (``>``) or literal (``|``) block.
    It takes no part in comparisons.
    """

    file: str
    line: int
    col: int
    text: str | None = None
    locator: Any = field(default=None, compare=False, repr=False)

    def within(self, value: str, offset: int) -> SourcePos | None:
        """The place of character ``offset`` of ``value``, the string written here, when this
        place knows how the string was written (else None: count on the first line)."""
        locator = self.locator
        if locator is None or locator.value != value:
            return None
        return locator.pos(offset)

    def shifted(self, offset: int) -> SourcePos:
        """The position ``offset`` characters further on the same line (for rule strings)."""
        return SourcePos(self.file, self.line, self.col + offset, self.text)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


SHOWN_LINE = 100
"""The most characters of an offending line an error shows (cut around the caret, as compilers
do: a line holding a 5,000-digit number is not echoed whole)."""


def shown_line(text: str, col: int, width: int = SHOWN_LINE) -> tuple[str, int]:
    """The part of ``text`` shown under an error, at most ``width`` characters around the 1-based
    column ``col`` (``…`` marks a cut side), and the caret's 0-based offset in it."""
    at = max(col - 1, 0)
    if len(text) <= width:
        return text, at
    start = min(max(at - width // 2, 0), max(len(text) - width, 0))
    part = text[start:start + width]
    if start > 0:
        part, at = "…" + part[1:], at - start
    else:
        at -= start
    if start + width < len(text):
        part = part[:-1] + "…"
    return part, at


class SourceError(EngineError):
    """An error in an author's file, pointing at file, line and column."""

    def __init__(self, message: str, pos: SourcePos | None = None, hint: str | None = None):
        self.message = message
        self.pos = pos
        self.hint = hint
        super().__init__(self.format())

    def __reduce__(self) -> tuple:  # picklable across processes (parallel runs)
        return (type(self), (self.message, self.pos, self.hint))

    def format(self, caret: bool = True) -> str:
        """``file:line:col: message`` then the line and a caret under the column (a quoted
        input of any length cut: :func:`~distant_galaxy.text.bounded`)."""
        message = bounded(self.message)
        head = f"{self.pos}: {message}" if self.pos else message
        lines = [head]
        if caret and self.pos is not None and self.pos.text is not None:
            text, at = shown_line(self.pos.text.rstrip("\n"), self.pos.col)
            lines.append("    " + text)
            lines.append("    " + " " * at + "^")
        if self.hint:
            lines.append(f"  hint: {bounded(self.hint)}")
        return "\n".join(lines)


class ScenarioError(SourceError):
    """A scenario or mod file is malformed, breaks the schema or the engine's checks."""


class UnknownChoice(ScenarioError):
    """A variant or option the scenario does not declare: ``what`` is ``variant`` or
    ``option``, ``name`` the name asked for. Asked for on the command line (``--variant``,
    ``--option``), the command reports it as its own option's mistake, not the scenario file's."""

    def __init__(self, message: str, pos: SourcePos | None = None, hint: str | None = None,
                 what: str = "variant", name: str = ""):
        self.what, self.name = what, name
        super().__init__(message, pos, hint)

    def __reduce__(self) -> tuple:
        return (type(self), (self.message, self.pos, self.hint, self.what, self.name))


class RuleError(SourceError):
    """A rule-language string is malformed or refers to unknown names (reported at load)."""


class ScenarioErrors(EngineError):
    """Several source errors at once (``dg validate`` reports all of them)."""

    def __init__(self, errors: list[SourceError]):
        self.errors = list(errors)
        super().__init__("\n".join(e.format() for e in self.errors))

    def __reduce__(self) -> tuple:
        return (type(self), (self.errors,))


class RuleRuntimeError(EngineError):
    """A rule failed while it was evaluated (division by zero, a missing value...).

    ``located`` is true when the message already starts with the ``file:line:col`` of the part
    of the rule at fault (a call around that part adds nothing then)."""

    located = False


class ActionError(EngineError):
    """Base of the action errors."""


class MalformedAction(ActionError):
    """The action text does not parse (unknown verb, bad argument)."""


class IllegalAction(ActionError):
    """A well-formed action that the rules do not allow now; the message says why."""


class AmbiguousAction(ActionError):
    """An action text that matches several legal actions."""


class SaveError(EngineError):
    """A save file is corrupt, truncated, or from an unknown format version."""


class LogError(EngineError):
    """A log file is malformed."""


class PluginError(EngineError):
    """A plugin is missing, misspells a hook, or breaks its contract."""


class ScenarioPluginError(ScenarioError, PluginError):
    """A plugin a scenario names that cannot be used (not installed, failed to import, a
    misspelt hook…), reported at the place the scenario names it (``plugins:``)."""


def raised_at(exc: BaseException) -> str:
    """Where ``exc`` was raised, for a message: ``"at dg_bumpers/__init__.py:42 in perform"`` (the
    innermost frame of its traceback, the file by its last two path parts), or ``""`` when it
    carries no traceback. ``DG_TRACEBACK=1`` makes ``dg`` print the whole traceback of a fault
    it reports this way."""
    tb = exc.__traceback__
    if tb is None:
        return ""
    while tb.tb_next is not None:
        tb = tb.tb_next
    code = tb.tb_frame.f_code
    return f"at {short_path(code.co_filename)}:{tb.tb_lineno} in {code.co_name}"


def short_path(filename: str) -> str:
    """A source file as messages name it: its last two path parts (``dg_bumpers/__init__.py``)."""
    return "/".join(filename.replace("\\", "/").split("/")[-2:])


def fault_text(exc: BaseException) -> str:
    """A plugin's or the engine's fault in one line: ``KeyError: 'x' (at dg_bumpers/__init__.py:42
    in perform)``."""
    where = raised_at(exc)
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return f"{text} ({where})" if where else text
