"""The plugin object of Episode 6 — Fleet Battle (the project's own scenario): the hook
implementations, each delegating to the modules of the package (``__init__.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import hookimpl
from distant_galaxy_episodes.fleet_battle import (
    actions,
    checks,
    facts,
    orders,
    phases,
    saved,
    score,
    secret,
    view,
)
from distant_galaxy_episodes.fleet_battle.bots import FleetBot, compile_rows
from distant_galaxy_episodes.fleet_battle.model import OK, fleet_names
from distant_galaxy_episodes.fleet_battle.schema import SECTION
from distant_galaxy_episodes.fleet_battle.start import deploy

if TYPE_CHECKING:
    from distant_galaxy import Game, Scenario, ScenarioRules, SourceError, Verb

#: The fleets of the shipped scenario that are no seat (docs/plugins.md, "Results"); in the
#: hot-seat variant the fleets are the seats themselves.
DG_SIDES = ("civilizations", "aborigines")


@hookimpl
def dg_schema_sections() -> dict[str, Any]:
    """The ``fleet_battle:`` section (schema.py)."""
    return {"fleet_battle": SECTION}


@hookimpl
def dg_state_schema(scenario: Scenario) -> dict[str, Any]:
    """What the episode keeps in a game's state, checked when a save loads (saved.py)."""
    return saved.state_schema()


@hookimpl
def dg_compile_rules(scenario: Scenario, rules: ScenarioRules) -> None:
    """The priority table ``fleet_battle.ai`` of the planner (bots.py)."""
    compile_rows(scenario, rules)


@hookimpl
def dg_validate_scenario(scenario: Scenario) -> list[SourceError]:
    """Point limits, even costs, complete unit types (checks.py)."""
    return checks.validate(scenario)


@hookimpl
def dg_action_kinds(scenario: Scenario) -> list[Verb]:
    """``move``, ``fire``, ``board`` (actions.py)."""
    return actions.action_kinds()


@hookimpl
def dg_setup(game: Game) -> None:
    """Deployment of both fleets (D6.1)."""
    deploy(game)


@hookimpl
def dg_run_phase(game: Game, phase: dict[str, Any]) -> bool | None:
    """Reveal, initiative, the AI fleet's activation, the end phase (RB.7)."""
    return phases.run(game, str(phase.get("auto"))) or None


@hookimpl
def dg_phase_applies(game: Game, phase: dict[str, Any], seat: str) -> bool | None:
    """Which activation decisions open this turn (phases.py)."""
    return phases.phase_applies(game, phase, seat)


@hookimpl
def dg_decision_reason(game: Game, phase: dict[str, Any], seat: str) -> str | None:
    """The activation prompt with the fleet's order."""
    if phase["id"] in actions.PHASES:
        return view.decision_reason(game, seat)
    return None


@hookimpl
def dg_check_victory(game: Game) -> dict[str, Any] | None:
    """RB.3: a fleet that fulfils its order wins at once — a crushing defeat for the enemy."""
    done = orders.check(game)
    if done is None:
        return None
    secret.reveal_orders(game, winner=done["fleet"])  # RB.3, then RB.4: every order is shown
    return {"winner": done["fleet"], "reason": done["reason"], "rule": "RB.3",
            "tier": "crushing defeat", "sides": score.all_tallies(game)}


@hookimpl
def dg_limit_result(game: Game) -> dict[str, Any] | None:
    """RB.6: after the last turn the victory points decide, by their margin."""
    secret.reveal_orders(game)  # RB.4: every order still secret is shown as the battle ends
    return score.final_result(game)


@hookimpl
def dg_bots() -> dict[str, Any]:
    """The ``fleet`` bot (D6.9)."""
    return {"fleet": FleetBot}


@hookimpl
def dg_describe_event(game: Game, event: dict[str, Any]) -> str | None:
    """One line per event of the episode (view.py)."""
    return view.describe_event(game, event)


@hookimpl
def dg_status_lines(game: Game) -> list[str]:
    """Each fleet's order and victory points, and its models hit, taken or lost (view.py)."""
    return view.status_lines(game)


@hookimpl
def dg_legend_lines(game: Game) -> list[str]:
    """What the models' letters mean, fleet by fleet (view.py)."""
    return [view.legend(game)]


@hookimpl
def dg_invariants(game: Game) -> list[str]:
    """Hull within 0..start, every model of a known fleet and state, prizes held by the enemy."""
    bad = []
    fleets = set(fleet_names(game.scenario))
    for tok in game.state.tokens.values():
        fleet = tok.attrs.get("fleet")
        if fleet is None:
            continue
        hull = game.token_counter(tok, "hull")
        start = int(game.scenario.unit_types[tok.type]["hull"])
        if not 0 < hull <= start:
            bad.append(f"{tok.id}: hull {hull} outside 1..{start}")
        if fleet not in fleets:
            bad.append(f"{tok.id}: unknown fleet {fleet}")
        state = tok.attrs.get("state", OK)
        if state in ("prize", "trophy") and tok.attrs.get("held_by") in (None, fleet):
            bad.append(f"{tok.id}: a {state} not held by the enemy")
    return bad


@hookimpl
def dg_campaign_facts(game: Game) -> dict[str, dict[str, Any]]:
    """For a campaign's points (docs/campaign.md): each seat's squadron — ``squadron`` (its
    models' cost), ``lost`` (the victory points they give the enemy, RB.5) and ``kept`` (the
    percent of its cost the enemy has not taken) — facts.py."""
    return facts.squadron_facts(game)
