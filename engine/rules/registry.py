"""The registry of functions and effects a rule may call.

Nothing is callable from a rule unless it is registered here: the engine registers general
built-ins (:mod:`distant_galaxy.rules.builtins`), the engine and plugins add game functions and effects.
A registered callable is called as ``fn(ctx, *args, **kwargs)`` where ``ctx`` is the evaluation
context dict.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from distant_galaxy.errors import PluginError

#: Words of the language that can be neither names, functions nor parameters.
RESERVED = frozenset(
    {
        "and", "or", "not", "in", "if", "else", "for", "where",
        "count", "any", "all", "sum",
        "true", "false", "none", "True", "False", "None",
    }
)


def check_identifier(name: str, what: str) -> None:
    """Raise PluginError unless ``name`` is a usable rule identifier."""
    if not name.isidentifier() or not name.isascii():
        raise PluginError(f"{what} {name!r} is not a valid identifier")
    if name.startswith("_"):
        raise PluginError(f"{what} {name!r} starts with '_', which rules may not use")
    if name in RESERVED:
        raise PluginError(f"{what} {name!r} is a reserved word of the rule language")


#: Annotation texts understood as parameter types (anything else is ``any``).
PARAM_TYPES = {"int": "int", "float": "float", "str": "str", "bool": "bool",
               "int | float": "number", "float | int": "number", "number": "number"}


def annotated_types(fn: Callable[..., Any], params: list[str]) -> tuple[str, ...]:
    """The types of ``params`` read from ``fn``'s annotations (as written, under ``from
    __future__ import annotations``); ``any`` where there is none or it is not a plain type."""
    notes = getattr(fn, "__annotations__", {}) or {}
    out = []
    for name in params:
        note = notes.get(name)
        text = note if isinstance(note, str) else getattr(note, "__name__", "")
        out.append(PARAM_TYPES.get(str(text).strip(), "any"))
    return tuple(out)


@dataclass(frozen=True)
class FunctionSpec:
    """A callable a rule may use: ``name(params...)``.

    ``params`` are the required positional parameters (also accepted as keywords); with
    ``varargs`` more positional arguments may follow; with ``kwargs`` any keyword arguments are
    accepted. ``effect`` functions may only be called as effect statements. ``types`` are the
    parameters' types (``int``, ``float``, ``number``, ``str``, ``bool``, ``collection`` — a
    list or a string, or ``any``), by default
    read from the function's annotations (``def line_of(ctx, n: int, seat: str)``): the compiler
    refuses at load an argument whose type is known and wrong (``line_of("four", ...)``), and a
    wrong value met at run time is reported with the rule's place and the values.
    ``needs_decision`` says that the function is false whenever no decision is pending (as
    ``no_legal_move()``): a victory condition that is a call of it alone is not evaluated then.
    ``seat_cells`` names the parameter giving a seat when all that the function reads of the
    game is the set of cells that seat's pieces occupy on the board (not their types or
    attributes), in a pure game (``line_of``, ``pieces``…): a per-player victory condition that
    is such a call alone, its seat ``seat`` or ``player.seat`` and its other arguments
    constants, is a function of those cells (``ScenarioRules.check_victory`` remembers them).
    """

    name: str
    fn: Callable[..., Any]
    params: list[str]
    doc: str
    example: str
    returns: str = "any"
    effect: bool = False
    varargs: bool = False
    kwargs: bool = False
    types: tuple[str, ...] = ()
    needs_decision: bool = False
    seat_cells: str | None = None

    def param_type(self, index: int) -> str:
        """The declared type of parameter ``index`` (``any`` when undeclared)."""
        return self.types[index] if index < len(self.types) else "any"

    def signature(self) -> str:
        """The call signature as authors write it, e.g. ``emit(kind, **kwargs)``."""
        parts = list(self.params)
        if self.varargs:
            parts.append("...")
        if self.kwargs:
            parts.append("name=value...")
        return f"{self.name}({', '.join(parts)})"


class Registry:
    """Registered functions and effects by name; iterates sorted by name."""

    def __init__(self, specs: Iterable[FunctionSpec] = ()) -> None:
        self._specs: dict[str, FunctionSpec] = {}
        for spec in specs:
            self.register(spec)

    def register(self, spec: FunctionSpec) -> FunctionSpec:
        """Add ``spec``; PluginError if the name is taken, reserved or not an identifier."""
        check_identifier(spec.name, "function")
        for param in spec.params:
            check_identifier(param, f"parameter of {spec.name}():")
        if len(set(spec.params)) != len(spec.params):
            raise PluginError(f"function {spec.name!r} repeats a parameter name")
        if spec.seat_cells is not None and spec.seat_cells not in spec.params:
            raise PluginError(f"function {spec.name!r}: seat_cells names no parameter")
        if spec.name in self._specs:
            raise PluginError(f"rule function {spec.name!r} is registered twice")
        if not spec.types:
            spec = replace(spec, types=annotated_types(spec.fn, spec.params))
        self._specs[spec.name] = spec
        return spec

    def _decorator(
        self, effect: bool, name: str, params: list[str], doc: str, example: str, **options: Any
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            self.register(FunctionSpec(name, fn, list(params), doc, example, effect=effect,
                                       **options))
            return fn

        return register

    def function(
        self,
        name: str,
        params: list[str],
        doc: str,
        example: str,
        returns: str = "any",
        varargs: bool = False,
        kwargs: bool = False,
        types: list[str] | None = None,
        needs_decision: bool = False,
        seat_cells: str | None = None,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Decorator registering ``fn(ctx, ...)`` as a rule function; returns ``fn`` unchanged.
        ``types``: the parameters' types (default: from ``fn``'s annotations);
        ``needs_decision``, ``seat_cells``: see :class:`FunctionSpec`."""
        return self._decorator(False, name, params, doc, example, returns=returns,
                               varargs=varargs, kwargs=kwargs, types=tuple(types or ()),
                               needs_decision=needs_decision, seat_cells=seat_cells)

    def effect(
        self,
        name: str,
        params: list[str],
        doc: str,
        example: str,
        varargs: bool = False,
        kwargs: bool = False,
        types: list[str] | None = None,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Decorator registering ``fn(ctx, ...)`` as an effect (usable only as a statement)."""
        return self._decorator(True, name, params, doc, example, returns="none",
                               varargs=varargs, kwargs=kwargs, types=tuple(types or ()))

    def update(self, other: Registry) -> None:
        """Register every spec of ``other`` here (PluginError on a name clash)."""
        for spec in other:
            self.register(spec)

    def get(self, name: str) -> FunctionSpec | None:
        """The spec registered as ``name``, or None."""
        return self._specs.get(name)

    def names(self) -> list[str]:
        """All registered names, sorted."""
        return sorted(self._specs)

    def __contains__(self, name: object) -> bool:
        return name in self._specs

    def __iter__(self) -> Iterator[FunctionSpec]:
        return iter([self._specs[n] for n in sorted(self._specs)])

    def __len__(self) -> int:
        return len(self._specs)
