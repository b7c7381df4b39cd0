"""The plugin object of Episode 7 — Asteroid Belt: the plugin's hooks: the hook implementations,
each delegating to the modules of the package (``asteroid_belt/__init__.py`` says what each holds)."""

from __future__ import annotations

from distant_galaxy import hookimpl
from distant_galaxy_episodes.asteroid_belt import (
    actions,
    attacks,
    checks,
    defenders,
    describe,
    model,
    removal,
    saved,
    shuttles,
    view,
)

#: The play hooks below edit tokens, sites and players only through the engine's methods or
#: after ``game.will_edit`` (with the kinds' ``journaled``: undo by a journal, core/journal.py).
DG_JOURNALED = True


@hookimpl
def dg_schema_sections():
    """The ``asteroid_belt:`` section."""
    return {model.SECTION: checks.SECTION_SCHEMA}


@hookimpl
def dg_state_schema(scenario):
    """What the episode keeps in a game's state, checked when a save loads (saved.py)."""
    return saved.state_schema()


@hookimpl
def dg_compile_rules(scenario, rules):
    """The attack patterns of ``asteroid_belt.attack_patterns`` (R7.20, R7.21)."""
    attacks.compile_attack_patterns(scenario, rules)


@hookimpl
def dg_validate_scenario(scenario):
    """Class counts, start bases in corners, every asteroid reachable (D7.8, R7.2)."""
    if model.SECTION not in scenario.data:
        return []
    return checks.validate(scenario)


@hookimpl
def dg_action_kinds(scenario):
    """Every verb of the episode (and an ``end`` that waits for the defenders' placement)."""
    return [actions.Move(), actions.Attack(scenario), actions.Target(scenario),
            actions.Mine(scenario), actions.Deploy(), actions.Create(), actions.EliteCreate(),
            actions.Liquidate(), actions.Use(), actions.Reinforce(scenario),
            shuttles.Activate(scenario), shuttles.Board(scenario), shuttles.Unload(scenario),
            shuttles.Roll(scenario), shuttles.Fly(), shuttles.Raid(), defenders.Place(scenario),
            defenders.Strike(), defenders.End()]


@hookimpl
def dg_setup(game):
    """Start bases with their mines (R7.2), asteroid defenders, elite tokens, the cargo shuttle."""
    st = game.state
    sec = model.cfg(game)
    labels = {s.attrs.get("label"): s for s in st.sites.values() if s.attrs.get("label")}
    bases = {}
    for seat in st.seats:
        site = labels[sec["start_bases"][seat]]
        bases[seat] = site.id
        site.owner = seat
        site.attrs["base"] = seat
        model.set_marker(game, site, "mine", seat, "R7.2", f"start base of {seat}")
    st.attrs["bases"] = bases
    for site in model.asteroids(game):
        if site.id not in bases.values():
            site.attrs["reserve_defenders"] = list(model.kind(game, site).get("defenders", []))
    abilities = []
    for unit in model.civ_types(game):
        abilities = abilities or list(model.utype(game, unit).get("abilities", []))
    for seat in st.seats:
        st.players[seat].attrs["abilities"] = list(abilities)
    if sec.get("cargo_shuttle", True) and "cargo_raid" in game.scenario.tables:
        shuttles.relocate_cargo(game, "cargo shuttle's portal at setup", "R7.44")
    else:
        st.attrs["cargo"] = None
        game.emit("note", message="no Aborigine cargo shuttle in this game", rule="R7.63")


@hookimpl
def dg_run_phase(game, phase):
    """income (D7.2), resolve (R7.13) and cleanup (R7.13, R7.42) of the active seat's turn."""
    auto = phase.get("auto")
    seat = game.state.active_seat
    if auto == "asteroid_income":
        for site in model.asteroids(game):
            inc = int(model.kind(game, site).get("income", 0))
            if inc and site.owner == seat:
                game.change_counter(seat, "resources", inc, f"class-5 income of {site.id}",
                                    rule="D7.2")
        return True
    if auto in ("asteroid_resolve", "asteroid_cleanup"):
        for site in defenders.targets_of(game, seat):
            removal.check_capture(game, site)
        if auto == "asteroid_resolve":
            defenders.hand_over_defence(game)
        else:
            defenders.hand_back_defence(game)
            for sh in model.shuttles_of(game, seat):
                shuttles.leave_if_empty(game, sh)
        return True
    return None


@hookimpl
def dg_phase_applies(game, phase, seat):
    """The defence happens only when the attacker has targets with defenders left (R7.12)."""
    if phase.get("id") == "defence":
        return defenders.needs_defence(game)
    return None


@hookimpl
def dg_decision_reason(game, phase, seat):
    """The defence prompt says whose targets and which defenders to place (R7.12, R7.52)."""
    if phase.get("id") == "defence":
        return defenders.announce(game, phase, seat)
    return None


@hookimpl
def dg_limit_result(game):
    """At the round limit: most points, then most resources (asteroid_belt.limit_rank)."""
    sec = model.cfg(game)
    keys = sec.get("limit_rank") or ["points"]
    st = game.state
    scores = sorted(((tuple(st.players[s].counters.get(k, 0) for k in keys), s) for s in st.seats),
                    reverse=True)
    reason = sec.get("limit_reason", "round limit reached")
    detail = ", ".join(f"{s}: " + "/".join(str(v) for v in sc) for sc, s in scores)
    if len(scores) > 1 and scores[0][0] == scores[1][0]:
        return {"winner": None, "reason": f"{reason}; tie ({detail})", "rule": "limits"}
    return {"winner": scores[0][1], "reason": f"{reason} ({'/'.join(keys)}: {detail})",
            "rule": "limits"}


@hookimpl
def dg_bots():
    """The greedy bot (the random bot is built in; imported when asked for: loading or checking
    the scenario does not import the bots' play machinery)."""
    from distant_galaxy_episodes.asteroid_belt.bots import GreedyBot

    return {"greedy": GreedyBot}


@hookimpl
def dg_cell_glyph(game, pos):
    """Asteroids show class + marker + owner; a portal with the cargo shuttle shows '@$'."""
    return view.cell_glyph(game, pos)


@hookimpl
def dg_describe_event(game, event):
    """One line per event of the episode for people (combats, markers, mines, shuttles…)."""
    return describe.describe(game, event)


@hookimpl
def dg_status_lines(game):
    """Track, resources, elite tokens, shuttles and the cargo shuttle."""
    return view.status_lines(game)


@hookimpl
def dg_legend_lines(game):
    """The asteroid, marker and unit glyphs, portals and lanes, and how asteroids are named."""
    return view.legend(game)


@hookimpl
def dg_invariants(game):
    """Markers are exclusive, mines have owners, shuttles respect capacity, units within limits."""
    out = []
    for site in model.asteroids(game):
        if len(site.markers) > 1:
            out.append(f"{site.id} has several markers {site.markers}")
        if "mine" in site.markers and site.owner != site.markers["mine"]:
            out.append(f"{site.id}: mine of {site.markers['mine']} but owner {site.owner}")
    for seat in game.state.seats:
        for sh in model.shuttles_of(game, seat):
            cap = int(model.utype(game, sh.type)["capacity"])
            if len(game.state.carried_by(sh.id)) > cap:
                out.append(f"{sh.id} carries more than {cap}")
        for unit in model.civ_types(game):
            lim = model.utype(game, unit).get("limit")
            if lim is not None and model.owned_count(game, seat, unit) > int(lim):
                out.append(f"{seat} owns more than {lim} {unit}")
    return out
