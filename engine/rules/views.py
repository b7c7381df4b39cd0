"""Views: the typed, read-only windows through which rules see engine objects.

A :class:`ViewType` names the attributes a rule may read on one kind of engine object (a player,
a unit...), each an :class:`Attr` with a getter, an optional setter (only effects may assign) and
a type name. Type names are ``any``, ``int``, ``float``, ``number``, ``bool``, ``str``, ``pos``,
``none``, ``dict``, ``list``, the name of another view type, or ``list[<type>]``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: Type names that are not views. ``any``, ``pos`` and ``dict`` defer attribute checks to runtime.
PRIMITIVES = frozenset(
    {"any", "int", "float", "number", "bool", "str", "pos", "none", "dict", "list"}
)
#: Types whose attributes are looked up when the rule runs (by key for dicts, else by attribute).
DYNAMIC = frozenset({"any", "pos", "dict"})
NUMERIC = frozenset({"int", "float", "number", "bool"})


@dataclass(frozen=True)
class Attr:
    """One attribute of a view type.

    ``get(obj)`` reads it; ``set(obj, value, ctx)``, if given, writes it (effects only);
    ``type`` is a type name (see the module docstring); ``doc`` appears in the reference;
    ``names``, for a text attribute, the kind of the scenario's names its value is one of (a key
    of :attr:`RuleEnv.known <distant_galaxy.rules.env.RuleEnv.known>`: ``"unit type"``): a
    constant compared with it must be such a name (``u.type == "cruser"`` is refused at load).
    """

    get: Callable[[Any], Any]
    set: Callable[[Any, Any, dict], None] | None = None
    type: str = "any"
    doc: str = ""
    names: str | None = None

    @classmethod
    def field(cls, name: str, type: str = "any", doc: str = "", settable: bool = False,
              names: str | None = None) -> Attr:
        """An attribute read (and, if ``settable``, written) as the Python attribute ``name``.

        Prefer this for plain fields: its getter is :func:`operator.attrgetter`, the fastest.
        """
        setter = None
        if settable:

            def setter(obj: Any, value: Any, ctx: dict) -> None:
                setattr(obj, name, value)

        return cls(operator.attrgetter(name), setter, type, doc, names)


@dataclass(frozen=True)
class ViewType:
    """A named set of attributes over one kind of engine object."""

    name: str
    attrs: dict[str, Attr] = field(default_factory=dict)
    doc: str = ""


def element_type(type_name: str) -> str:
    """The element type of a collection type: ``list[unit]`` → ``unit``, else ``any``."""
    if type_name.startswith("list[") and type_name.endswith("]"):
        return type_name[5:-1]
    return "any"


def is_known_type(type_name: str, views: dict[str, ViewType]) -> bool:
    """Whether ``type_name`` is a primitive, a view type, or ``list[...]`` of one."""
    if type_name in PRIMITIVES or type_name in views:
        return True
    if type_name.startswith("list[") and type_name.endswith("]"):
        return is_known_type(type_name[5:-1], views)
    return False


def has_static_attrs(type_name: str) -> bool:
    """Whether attribute access on a value of this type can be refused at load time."""
    return type_name not in DYNAMIC
