"""What rules see of a game (distant_galaxy.scenario.bindings): the lazily filled RuleContext, the
views of players, units, sites and params with the scenario's own stats, counters set by effects,
and the engine's rule functions."""

from __future__ import annotations

from typing import Any

import pytest

from distant_galaxy import Game, IllegalAction, RuleContext, ScenarioErrors

BELT = """\
seats: [{id: x, faction: red}, {id: o}]
factions: {red: {title: Red}}
params: {reach: 2, label: hi}
counters: {gold: {initial: 3, min: 0, max: 10}}
pools: {reserve: {}}
map:
  topology: square8
  rows: |
    ..a
    ~..
  legend:
    ".": {cell: space}
    "~": {cell: lane}
    "a": {cell: space, site: rock}
cell_types: {space: {stop: ["*"]}, lane: {stop: ["*"]}}
site_kinds: {rock: {points: 4}}
unit_types: {ship: {speed: 3}, probe: {speed: 1, range: 5}}
setup:
  pools: {x: {reserve: {ship: 2}}}
  tokens:
    - {type: ship, owner: x, at: "0,0"}
    - {type: probe, owner: o, at: "0,1"}
"""


@pytest.fixture
def game(make_scenario) -> Game:
    return Game(make_scenario(BELT), seed=3)


def _eval(game: Game, text: str, ctx: RuleContext | None = None, **names: tuple[str, Any]) -> Any:
    """Compile ``text`` with the scenario's rules (extra names as (type, value)) and evaluate it
    in ``ctx``, or in a new context of the game."""
    rules = game.scenario.rules
    expr = rules.expr(text, names={k: t for k, (t, _) in names.items()})
    assert expr is not None, rules.errors
    if ctx is None:
        ctx = RuleContext(game)
    ctx.update({k: v for k, (_, v) in names.items()})
    return expr(ctx)


def _run(game: Game, text: str, reason: str | None = None) -> None:
    effect = game.scenario.rules.effect(text)
    assert effect is not None, game.scenario.rules.errors
    ctx = RuleContext(game)
    if reason is not None:
        ctx["$reason"] = reason
    effect(ctx)


def test_a_context_computes_a_name_when_a_rule_first_reads_it(game):
    ctx = RuleContext(game, event={"type": "probe"})
    assert set(ctx) == {"$game", "event"}  # nothing computed yet
    assert [u.id for u in ctx["units"]] == ["T1", "T2"]
    assert set(ctx) == {"$game", "event", "units"}
    game.state.remove_token(game.state.tokens["T2"])
    game.state_changed()
    assert len(ctx["units"]) == 2  # computed once: a context belongs to one moment
    assert len(RuleContext(game)["units"]) == 1


def test_the_context_names_follow_the_game(game):
    ctx = RuleContext(game)
    assert (ctx["seat"], ctx["player"].seat) == ("x", "x")  # the pending seat
    assert (ctx["round"], ctx["turn"]) == (1, 0)
    assert [p.seat for p in ctx["players"]] == ["x", "o"]
    assert [s.id for s in ctx["sites"]] == ["rock-1"]
    assert ctx["params"] == {"reach": 2, "label": "hi"}
    with pytest.raises(KeyError):
        ctx["nothing"]
    game.hand_over("o", "answer", "reply")
    assert RuleContext(game)["seat"] == "o"  # the pending seat, not the active one
    assert RuleContext(game)["player"].seat == "o" and game.state.active_seat == "x"


def test_the_caller_may_fix_the_seat_and_player(game):
    game.change_counter("o", "gold", 4, "test")
    ctx = RuleContext(game, seat="o", player=game.state.players["o"])
    assert _eval(game, "player.gold + 1", ctx) == 8
    assert _eval(game, "seat", ctx) == "o"
    assert _eval(game, "player.gold + 1") == 4  # a new context: x, the pending seat


def test_views_carry_the_scenarios_own_stats(game):
    ship = game.state.tokens["T1"]
    assert _eval(game, "unit.speed", unit=("unit", ship)) == 3
    assert _eval(game, "sum(u.speed for u in units)") == 4
    assert _eval(game, "count(u in units where u.range == none)") == 1  # ships have no range
    assert _eval(game, "sum(s.points for s in sites)") == 4
    assert _eval(game, "player.gold") == 3 and _eval(game, "player.faction") == "red"
    assert (_eval(game, "params.reach + 1"), _eval(game, "params.label")) == (3, "hi")
    assert _eval(game, "[unit.x, unit.y]", unit=("unit", game.state.tokens["T2"])) == [0, 1]


@pytest.mark.parametrize(("text", "fragment"), [
    ("unit_at(0, 0).sped", "unknown attribute 'sped' of unit; did you mean 'speed'?"),
    ("player.silver", "unknown attribute 'silver' of player"),
    ("sites[0].point", "unknown attribute 'point' of site"),
    ("params.width", "unknown attribute 'width' of params"),
])
def test_a_misspelt_stat_is_refused_at_load(make_scenario, text, fragment):
    with pytest.raises(ScenarioErrors, match=fragment):
        make_scenario(BELT, f'victory: [{{id: v, if: "{text} == 1", reason: r}}]\n')


def test_an_effect_sets_a_counter_and_logs_the_reason(game):
    _run(game, "player.gold += 2", reason="a bonus")
    assert game.state.players["x"].counters["gold"] == 5
    assert game.events[-1] == {"type": "counter", "seat": "x", "counter": "gold", "delta": 2,
                               "value": 5, "reason": "a bonus"}
    _run(game, "player.gold = 4")
    assert game.events[-1]["delta"] == -1 and game.events[-1]["reason"] == "rule"
    before = len(game.events)
    _run(game, "player.gold = 4")  # no change: nothing logged
    assert len(game.events) == before


def test_a_counter_is_kept_within_its_bounds(game):
    with pytest.raises(IllegalAction, match="x has 3 gold, 9 needed"):
        _run(game, "player.gold -= 9")
    assert game.state.players["x"].counters["gold"] == 3
    _run(game, "player.gold += 50")
    assert game.state.players["x"].counters["gold"] == 10  # the max


def test_distance_between_cells_units_and_sites(game):
    ship = game.state.tokens["T1"]
    assert _eval(game, "distance(unit, sites[0])", unit=("unit", ship)) == 2
    assert _eval(game, "distance(unit_at(0, 1), unit_at(0, 0))") == 1
    assert _eval(game, "distance([0, 0], [2, 1])") == 2


def test_cell_type_and_unit_at(game):
    assert _eval(game, "cell_type(unit_at(0, 1))") == "lane"
    assert _eval(game, "cell_type([2, 0])") == "space"
    assert _eval(game, "unit_at(0, 0).id") == "T1"
    assert _eval(game, "unit_at(2, 1) == none") is True


def test_pool_and_marker(game):
    assert _eval(game, 'pool(player, "reserve", "ship")') == 2
    assert _eval(game, 'pool(player, "reserve", "probe")') == 0
    assert _eval(game, 'marker(sites[0], "flag")') is None
    game.state.sites["rock-1"].markers["flag"] = "x"
    assert _eval(game, 'marker(sites[0], "flag") == player.seat') is True


def test_legal_count_counts_the_pending_decisions_actions(game):
    assert _eval(game, "legal_count()") == len(game.legal_actions()) == 1  # only `end`
    game.finish(None, "stopped")
    assert _eval(game, "legal_count()") == 0


def test_log_writes_a_note_event(game):
    _run(game, 'log("bonus granted")')
    assert game.events[-1] == {"type": "note", "message": "bonus granted"}
    _run(game, "log(player.gold + 1)")
    assert game.events[-1] == {"type": "note", "message": "4"}  # always text in the log
