"""The plugin object of the Leaders option (RL.1–RL.10): hooks delegating to the modules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import hookimpl
from distant_galaxy_episodes.leaders import effects, fate, moves, rescue, saved, words
from distant_galaxy_episodes.leaders.model import leaders, place_all, section
from distant_galaxy_episodes.leaders.schema import SECTION

if TYPE_CHECKING:
    from distant_galaxy import Action, ActionKind, Game, Scenario, Site, Token


@hookimpl
def dg_schema_sections() -> dict[str, Any]:
    """The ``leaders:`` section (schema.py)."""
    return {"leaders": SECTION}


@hookimpl
def dg_state_schema(scenario: Scenario) -> dict[str, Any]:
    """What the option keeps in a game's state, checked when a save loads (saved.py)."""
    return saved.state_schema(scenario)


@hookimpl
def dg_action_kinds(scenario: Scenario) -> list[ActionKind]:
    """``board`` and ``land`` (RL.2, moves.py); ``free`` (RL.10's choice, rescue.py)."""
    return [*moves.action_kinds(scenario), rescue.Free()]


@hookimpl
def dg_turn_start(game: Game, seat: str) -> None:
    """RL.2: the seat's ships' moves of this turn begin (moves.py)."""
    moves.start_turn(game, seat)


@hookimpl
def dg_after_action(game: Game, seat: str, action: Action) -> None:
    """RL.2: where the seat's ships have been during their moves this turn (moves.py); RL.10:
    the rescuer's choice among several captives (rescue.py)."""
    moves.note_moves(game, seat)
    rescue.after_action(game)


@hookimpl(trylast=True)
def dg_setup(game: Game) -> None:
    """RL.2: the leaders start in their home systems (after the episode gave out the homes)."""
    place_all(game)


@hookimpl(optionalhook=True)  # episode 5's hook (its hookspecs.py): called only where it plays
def dg_roll_adjustments(game: Game, roll: str, context: dict[str, Any]) -> list[dict[str, Any]]:
    """The leaders' effects on the episode's rolls (effects.py; RL.1, RL.5–RL.7)."""
    return effects.adjustments(game, roll, context)


@hookimpl(optionalhook=True)  # episode 5's hook (its hookspecs.py): called only where it plays
def dg_ship_lost(game: Game, token: Token, battle: bool, by: str | None) -> None:
    """RL.3: the fate of the leaders aboard."""
    fate.ship_lost(game, token.id, token.owner, battle, by)


@hookimpl(optionalhook=True)  # episode 5's hook (its hookspecs.py): called only where it plays
def dg_site_taken(game: Game, site: Site, previous_owner: str | None, invasion: bool) -> None:
    """RL.4 for the leaders on the planet; RL.10 when the loser held captives."""
    if previous_owner is None:
        return
    fate.planet_taken(game, site.id, site.owner, invasion)
    if invasion and site.owner is not None:
        fate.rescue(game, site.id, site.owner, previous_owner)


@hookimpl
def dg_describe_event(game: Game, event: dict[str, Any]) -> str | None:
    """The leaders' events in words for the human prompt (words.py)."""
    return words.describe(game, event)


@hookimpl
def dg_status_lines(game: Game) -> list[str]:
    """Every seat's leaders and where each is, the deciding seat first; the captives (words.py)."""
    return words.status_lines(game)


@hookimpl
def dg_invariants(game: Game) -> list[str]:
    """A leader is aboard a ship its holder owns, on a planet its holder owns, or a captive; the
    captives a rescuer is choosing among (RL.10) are captives of the holder named."""
    st = game.state
    bad = []
    for lid, rec in leaders(game).items():
        if rec["ship"] and (rec["ship"] not in st.tokens
                            or st.tokens[rec["ship"]].owner != rec["holder"]):
            bad.append(f"leader {lid} is aboard {rec['ship']}, no ship of {rec['holder']}")
        if rec["planet"] and st.sites[rec["planet"]].owner != rec["holder"]:
            bad.append(f"leader {lid} is on {rec['planet']}, not held by {rec['holder']}")
        if rec["kind"] not in section(game)["kinds"]:
            bad.append(f"leader {lid} is of an unknown kind")
    choice: dict[str, Any] = st.attrs.get(rescue.CHOICE) or {}
    for lid in choice.get("captives", ()):
        if leaders(game).get(lid, {}).get("holder") != choice["holder"]:
            bad.append(f"leader {lid} to be freed is no captive of {choice['holder']}")
    return bad


@hookimpl
def dg_campaign_facts(game: Game) -> dict[str, dict[str, Any]]:
    """For a campaign's carry-over (docs/campaign.md): each seat's ``leaders``, the kinds of
    the leaders it holds at the end (neither killed nor captive; a rescued one counts for its
    rescuer)."""
    held = {seat: sorted(rec["kind"] for rec in leaders(game).values() if rec["holder"] == seat)
            for seat in game.state.seats}
    return {seat: {"leaders": kinds} for seat, kinds in held.items()}
