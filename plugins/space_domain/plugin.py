"""The plugin object of the Space Domain option (RS.1, RS.2): hooks delegating to the modules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import bag_remaining, hookimpl
from distant_galaxy_episodes.space_domain import (
    checks,
    describe,
    functions,
    resolve,
    saved,
    values,
)
from distant_galaxy_episodes.space_domain.model import bag_name, face_down, key, on_board, systems
from distant_galaxy_episodes.space_domain.schema import SECTION

if TYPE_CHECKING:
    from distant_galaxy import Action, Game, Registry, Scenario, ScenarioRules, SourceError


@hookimpl
def dg_schema_sections() -> dict[str, Any]:
    """The ``space_domain:`` section (schema.py)."""
    return {"space_domain": SECTION}


@hookimpl
def dg_state_schema(scenario: Scenario) -> dict[str, Any]:
    """What the option keeps in a game's state, checked when a save loads (saved.py)."""
    return saved.state_schema()


@hookimpl
def dg_rule_functions(registry: Registry) -> None:
    """The functions and effects the markers' YAML uses (functions.py)."""
    functions.register(registry)


@hookimpl
def dg_compile_rules(scenario: Scenario, rules: ScenarioRules) -> None:
    """Every marker's ``if``, ``do`` and ``else``."""
    resolve.compile_markers(scenario, rules)


@hookimpl
def dg_validate_scenario(scenario: Scenario) -> list[SourceError]:
    """RS.1: the empty systems are systems without planets and not special."""
    return checks.validate(scenario)


@hookimpl(trylast=True)
def dg_setup(game: Game) -> None:
    """RS.1: after the map is set up, before play: the bag shuffled, one marker per system."""
    resolve.lay_markers(game)


@hookimpl
def dg_after_action(game: Game, seat: str, action: Action) -> None:
    """RS.2: a marker resolves when a ship has finished moving into its system."""
    if on_board(game):
        resolve.after_action(game)


@hookimpl(optionalhook=True)  # episode 5's hook (its hookspecs.py): called only where it plays
def dg_cell_values(game: Game, seat: str) -> dict[tuple[int, int], float]:
    """Face-down markers by the expected value of the unseen bag (values.py)."""
    return values.cell_values(game, seat)


@hookimpl
def dg_cell_glyph(game: Game, pos: tuple[int, int]) -> str | None:
    """``?`` on a face-down marker."""
    return describe.glyph(game, pos)


@hookimpl
def dg_status_lines(game: Game) -> list[str]:
    """How many markers lie face down and what the bag may still hold."""
    return describe.status(game)


@hookimpl
def dg_describe_event(game: Game, event: dict[str, Any]) -> str | None:
    """The marker events in words."""
    return describe.describe(game, event)


@hookimpl
def dg_invariants(game: Game) -> list[str]:
    """A marker lies only in an empty system; a face-down one is a secret of the bag."""
    allowed = {key(p) for p in systems(game.scenario)}
    bad = [f"a Space Domain marker lies at {key(p)}, no empty system" for p in face_down(game)
           if key(p) not in allowed]
    for text, ref in on_board(game).items():
        if isinstance(ref, str) and ref not in game.state.secrets:
            bad.append(f"the marker at {text} names the unknown secret {ref}")
    return bad


@hookimpl
def dg_secret_values(game: Game, sid: str) -> list[str] | None:
    """A face-down marker (RS.1) is any marker still in the bag as this copy knows it: the
    committed contents less the markers turned face up (search bots' determinization)."""
    bag = bag_name(game.scenario)
    if not sid.startswith(f"{bag}:"):
        return None
    return bag_remaining(game, bag)
