"""The plugin object of Episode 5 — Clash with the Aborigines: the hook implementations,
each delegating to the modules of the package (``aborigines/__init__.py`` says what each holds)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import count_of, hookimpl
from distant_galaxy_episodes.aborigines import checks, civ, hookspecs, saved, view
from distant_galaxy_episodes.aborigines.bots import CivBot
from distant_galaxy_episodes.aborigines.describe import describe_event
from distant_galaxy_episodes.aborigines.episode_effects import register_episode_effects
from distant_galaxy_episodes.aborigines.explain import event_lines
from distant_galaxy_episodes.aborigines.model import ABORIGINES, CENTRE, CIVS, model_of
from distant_galaxy_episodes.aborigines.priorities import compile_tables, register_functions
from distant_galaxy_episodes.aborigines.schema import SECTION
from distant_galaxy_episodes.aborigines.start import set_up
from distant_galaxy_episodes.aborigines.turn import aborigine_turn

if TYPE_CHECKING:
    import pluggy

    from distant_galaxy import Game, Registry, Scenario, ScenarioRules, SourceError, Verb

#: The winners that are no seat (the engine checks every result's winner against the seats and
#: these: docs/plugins.md, "Results").
DG_SIDES = (ABORIGINES, CIVS)


@hookimpl
def dg_add_hookspecs(pm: pluggy.PluginManager) -> None:
    """The hooks the episode calls and its options answer (hookspecs.py)."""
    pm.add_hookspecs(hookspecs)


@hookimpl
def dg_schema_sections() -> dict[str, Any]:
    """The ``aborigines:`` section (schema.py)."""
    return {"aborigines": SECTION}


@hookimpl
def dg_state_schema(scenario: Scenario) -> dict[str, Any]:
    """What the episode keeps in a game's state, checked when a save loads (saved.py)."""
    return saved.state_schema()


@hookimpl
def dg_rule_functions(registry: Registry) -> None:
    """The functions and intents of the priority rows; the effects options may use."""
    register_functions(registry)
    register_episode_effects(registry)


@hookimpl
def dg_compile_rules(scenario: Scenario, rules: ScenarioRules) -> None:
    """The priority tables (R5.53), compiled into ``scenario.stash``."""
    compile_tables(scenario, rules)


@hookimpl
def dg_validate_scenario(scenario: Scenario) -> list[SourceError]:
    """Portal labels, the reinforcement table, the numbers read from other sections."""
    return checks.validate(scenario)


@hookimpl
def dg_action_kinds(scenario: Scenario) -> list[Verb]:
    """The civilizations' verbs (D5.1)."""
    return civ.action_kinds(scenario)


@hookimpl
def dg_setup(game: Game) -> None:
    """The central area, home systems, Chaos and Monarchy planets, the first Aborigines."""
    set_up(game)


@hookimpl
def dg_run_phase(game: Game, phase: dict[str, Any]) -> bool | None:
    """``auto: aborigine_turn``: the Aborigine turn (R5.50–R5.53)."""
    if phase.get("auto") != "aborigine_turn":
        return None
    aborigine_turn(game)
    return True


@hookimpl
def dg_turn_start(game: Game, seat: str) -> None:
    """A new turn of ``seat``: its ships may move and act again; its cruisers' shots expire."""
    for t in game.state.tokens.values():
        if t.owner == seat and t.attrs:
            t.attrs = {}


@hookimpl
def dg_check_victory(game: Game) -> dict[str, Any] | None:
    """R5.1: ``victory.closed_portals`` closed portals; R5.2: ``victory.held_zones`` held zones."""
    m = model_of(game)
    st = game.state
    closed = m.closed_count(st)
    if closed >= m.param("victory", "closed_portals"):
        return {"winner": ABORIGINES, "reason": f"the Aborigines closed {count_of(closed, 'portal')}",
                "rule": "R5.1"}
    held = m.held_count(st)
    if held >= m.param("victory", "held_zones"):
        return {"winner": CIVS, "reason": f"the civilizations hold {count_of(held, 'portal zone')}",
                "rule": "R5.2"}
    return None


@hookimpl
def dg_limit_result(game: Game) -> dict[str, Any] | None:
    """R5.3: at the turn limit the civilizations win."""
    m = model_of(game)
    return {"winner": CIVS, "rule": "R5.2",
            "reason": f"turn limit {game.scenario.limits.get('rounds')} reached: the Aborigines "
                      f"closed only {count_of(m.closed_count(game.state), 'portal')} (R5.3)"}


@hookimpl
def dg_progress(game: Game) -> dict[str, float]:
    """How far each side is from its victory (for search bots' graded cut-offs): the
    civilizations' held zones of ``victory.held_zones`` (R5.2), the Aborigines' closed portals of
    ``victory.closed_portals`` (R5.1)."""
    m = model_of(game)
    st = game.state
    return {CIVS: min(1.0, m.held_count(st) / m.param("victory", "held_zones")),
            ABORIGINES: min(1.0, m.closed_count(st) / m.param("victory", "closed_portals"))}


@hookimpl
def dg_bots() -> dict[str, Any]:
    """The ``civ`` bot."""
    return {"civ": CivBot}


@hookimpl
def dg_describe_event(game: Game, event: dict[str, Any]) -> str | None:
    """One line per event of the episode for the human prompt (describe.py)."""
    return describe_event(game, event)


@hookimpl
def dg_explain_event(game: Game, event: dict[str, Any]) -> list[str] | None:
    """The Aborigine decisions with the row that fired, as ``dg explain`` prints them
    (explain.py); the replay viewer shows them under each step."""
    return event_lines(event) or None


@hookimpl
def dg_cell_glyph(game: Game, pos: tuple[int, int]) -> str | None:
    """Portal numbers, owners' letters on planets (view.py)."""
    return view.cell_glyph(game, pos)


@hookimpl
def dg_status_lines(game: Game) -> list[str]:
    """Portals, the central area and the victory counts, seats (view.py)."""
    return view.status_lines(game)


@hookimpl
def dg_legend_lines(game: Game) -> list[str]:
    """What the board's portal numbers and letters mean (view.py)."""
    return view.legend(game)


@hookimpl
def dg_invariants(game: Game) -> list[str]:
    """Aborigine ships stay in portal zones; the central area never goes negative."""
    m = model_of(game)
    bad = []
    for t in game.state.tokens.values():
        if m.is_aborigine(t) and m.portal_of(t) is None:
            bad.append(f"Aborigine ship {t.id} at {t.pos} is outside every portal zone")
    if any(v < 0 for v in game.state.attrs.get(CENTRE, {}).values()):
        bad.append("negative count in the central area")
    return bad


@hookimpl
def dg_campaign_facts(game: Game) -> dict[str, dict[str, Any]]:
    """For a campaign's points (docs/campaign.md): each civilization seat's ``planets`` (the
    planets it holds at the end) and ``ships`` (its ships left)."""
    st = game.state
    return {seat: {"planets": sum(1 for s in st.sites.values() if s.owner == seat),
                   "ships": sum(1 for t in st.tokens.values() if t.owner == seat)}
            for seat in st.seats}
