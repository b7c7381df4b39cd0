"""The compile-time environment of rules: which names exist, their types, and the functions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from distant_galaxy.errors import PluginError
from distant_galaxy.rules.registry import Registry, check_identifier
from distant_galaxy.rules.views import ViewType, is_known_type

if TYPE_CHECKING:
    from collections.abc import Callable

    from distant_galaxy.rules.defines import Define


@dataclass(frozen=True)
class RuleEnv:
    """What a rule may refer to.

    ``names`` maps each free name (``player``, ``units``...) to its type name; ``views`` maps view
    type names to :class:`ViewType`; ``registry`` holds the callable functions and effects.
    Unknown type names raise PluginError here, so a typo in the engine's wiring fails loudly.
    ``constants`` maps some of the names to their value when it is the same for every evaluation
    (a scenario's ``params``): the compiler uses it as a constant and folds what it can with it
    (``params.rows - 1`` becomes a number at load time). ``defines`` are the scenario's named
    expressions (``define:``, :mod:`distant_galaxy.rules.defines`), called like functions.
    ``known`` maps a kind of name (``seat``, ``unit type``, ``pool``) to the names a scenario
    has of it: a constant string given to a parameter of that kind
    (:data:`~distant_galaxy.rules.calls.PARAM_KINDS`, ``pieces("blak")``) must be one of them.
    ``elsewhere(name)``, when given, names the plugin a function the registry lacks comes
    with (an unknown function's error then says which ``plugins:`` entry brings it).
    """

    registry: Registry
    names: dict[str, str]
    views: dict[str, ViewType] = field(default_factory=dict)
    constants: dict[str, object] = field(default_factory=dict)
    defines: dict[str, Define] = field(default_factory=dict)
    known: dict[str, frozenset[str]] = field(default_factory=dict)
    elsewhere: Callable[[str], str | None] | None = None

    def __post_init__(self) -> None:
        for view_name, view in self.views.items():
            if view.name != view_name:
                raise PluginError(f"view type registered as {view_name!r} is named {view.name!r}")
            for attr_name, attr in view.attrs.items():
                check_identifier(attr_name, f"attribute of view {view_name!r}:")
                self._check_type(attr.type, f"attribute {view_name}.{attr_name}")
        for name, type_name in self.names.items():
            check_identifier(name, "rule name")
            self._check_type(type_name, f"rule name {name!r}")

    def _check_type(self, type_name: str, what: str) -> None:
        if not is_known_type(type_name, self.views):
            known = ", ".join(sorted(self.views)) or "none"
            raise PluginError(f"{what} has unknown type {type_name!r} (view types: {known})")

    def extended(self, names: dict[str, str]) -> RuleEnv:
        """A copy of this environment with more (or retyped) names."""
        constants = {k: v for k, v in self.constants.items() if k not in names}
        return RuleEnv(self.registry, {**self.names, **names}, self.views, constants,
                       self.defines, self.known, self.elsewhere)
