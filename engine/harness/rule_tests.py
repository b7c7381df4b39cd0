"""Rule tests written in YAML (``tests:`` in a scenario), run by ``dg test``.

A case sets up a game (seats, seed, variant, options, a ``setup`` applied on top of the start state or a
saved ``state``), forces dice, plays actions, and checks expected events (each a subset of a produced
event, in order), facts (rule expressions that must be true) and, optionally, that the last action is
refused with a given message. A failing case shows what was expected and what happened.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from distant_galaxy.core.actions import parse_pos
from distant_galaxy.core.game import Game
from distant_galaxy.core.state import Pending, Token
from distant_galaxy.errors import (
    ActionError,
    EngineError,
    RuleError,
    ScenarioErrors,
    SourceError,
    fault_text,
)
from distant_galaxy.play.runner import listing_error
from distant_galaxy.play.saves import read_save
from distant_galaxy.rules import compile_expr
from distant_galaxy.scenario.cases import case_errors
from distant_galaxy.scenario.context import RuleContext
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.scenario.model import Scenario


@dataclass
class CaseResult:
    """The outcome of one case; ``problems`` is empty when it passed."""

    name: str
    where: str
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def run_file(name: str | Path) -> list[CaseResult]:
    """Run every case of a scenario file (each in its own game); first, the scenario's bots are
    asked for (``dg_bots``: a plugin's wrong result fails every game, not only those it plays
    in), a case of its own when that fails."""
    base = load_scenario(name)
    results = []
    try:
        base.bots()
    except EngineError as exc:
        where = str(base.pos("plugins") if "plugins" in base.data else base.pos())
        results.append(CaseResult("the scenario's bots", where, [f"error: {exc}"]))
    for i, case in enumerate(base.data.get("tests", [])):
        where = str(base.pos("tests", i))
        label = case.get("name", f"case {i + 1}")
        try:
            variant, options = case.get("variant"), case.get("options") or ()
            scenario = load_scenario(name, variant, options) if variant or options else base
            results.append(run_case(scenario, case, i, label, where))
        except EngineError as exc:
            results.append(CaseResult(label, where, [f"error: {exc}"]))
    return results


def run_case(scenario: Scenario, case: dict[str, Any], index: int, label: str, where: str
             ) -> CaseResult:
    result = CaseResult(label, where)
    refused = case_errors(scenario, case, index)
    if refused:
        raise ScenarioErrors(refused)
    facts = _compile_facts(scenario, case, index)
    game = _make_game(scenario, case)
    game.dice.force(list(case.get("dice", [])))
    start = len(game.events)
    expect = case.get("expect", {})
    error: str | None = None
    actions = list(case.get("actions", []))
    for k, text in enumerate(actions):
        fault = listing_fault(game)
        if fault is not None:
            result.problems.append(f"before action {k + 1} '{text}': {fault}")
            return result
        try:
            if text.strip() == "undo":
                game.undo()
            else:
                game.apply(text)
        except ActionError as exc:
            if k == len(actions) - 1 and "error" in expect:
                error = str(exc)
                break
            result.problems.append(f"action {k + 1} '{text}' was refused: {exc}")
            return result
    fault = listing_fault(game)
    if fault is not None:
        result.problems.append(f"after the actions: {fault}")
    _check_error(result, expect, error)
    _check_events(result, expect.get("events", []), game.events[start:])
    for text, fact in facts:
        try:
            ctx = RuleContext(game)
            if not fact(ctx):
                result.problems.append(f"fact is false: {text}{fact_values(scenario, text, ctx)}")
        except EngineError as exc:
            result.problems.append(f"fact failed: {text}: {exc}")
    if game.dice.forced:
        result.problems.append(f"forced dice left unused: {game.dice.forced}")
    return result


def listing_fault(game: Game) -> str | None:
    """Why listing the legal actions of the pending decision fails now (a plugin's
    ``candidates()`` that raises, or gives values of the wrong shape), or None: a test case
    lists them before each action and at its end, as every game does, so a listing that only
    play would reach is caught by ``dg test``."""
    exc = listing_error(game)
    if exc is None:
        return None
    said = str(exc) if isinstance(exc, EngineError) else fault_text(exc)  # (the engine's words)
    return f"listing the legal actions failed: {said}"


_NAME_PATH = re.compile(r"(?<![\w.\"'])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?!\s*\()")
_WORDS = frozenset({"and", "or", "not", "in", "if", "else", "for", "where", "true", "false",
                    "none", "True", "False", "None"})


def fact_values(scenario: Scenario, text: str, ctx: RuleContext) -> str:
    """``\n    where params.track_length = 10, player.points = 3``: the values of the names and
    attributes a false fact reads (those that can be evaluated alone)."""
    shown: dict[str, str] = {}
    for name in _NAME_PATH.findall(re.sub(r"\"[^\"]*\"|'[^']*'", "", text)):
        if name in shown or name.split(".")[0] in _WORDS:
            continue
        try:
            shown[name] = repr(compile_expr(name, scenario.rules.env, None)(ctx))
        except EngineError:
            continue
    if not shown:
        return ""
    return "\n    where " + ", ".join(f"{k} = {v}" for k, v in shown.items())


def _compile_facts(scenario: Scenario, case: dict[str, Any], index: int) -> list[tuple[str, Any]]:
    out = []
    errors: list[SourceError] = []
    for j, text in enumerate(case.get("expect", {}).get("facts", [])):
        try:
            out.append((text, compile_expr(text, scenario.rules.env,
                                           scenario.pos("tests", index, "expect", "facts", j))))
        except RuleError as exc:
            errors.append(exc)
    if errors:
        raise ScenarioErrors(errors)
    return out


def _make_game(scenario: Scenario, case: dict[str, Any]) -> Game:
    seats = case.get("seats")
    if isinstance(seats, int):
        seats = scenario.seat_ids(seats)
    if case.get("state"):
        path = Path(scenario.path).parent / case["state"]
        payload = read_save(path)
        return Game(scenario, state=payload["state"], seed=payload["header"]["seed"])
    game = Game(scenario, seats=seats, seed=int(case.get("seed", 1)))
    if case.get("setup"):
        apply_test_setup(game, case["setup"])
    return game


def apply_test_setup(game: Game, setup: dict[str, Any]) -> None:
    """Change a fresh game's state as a test case's ``setup`` says (see the module docstring)."""
    st = game.state
    if setup.get("clear"):
        for tok in list(st.tokens.values()):
            st.remove_token(tok)
    for spec in setup.get("tokens", []):
        pos = parse_pos(str(spec["at"])) if spec.get("at") is not None else None
        tid = spec.get("id") or st.new_id("T")
        if tid in st.tokens:
            st.remove_token(st.tokens[tid])
        tok = Token(tid, spec["type"], spec.get("owner"), None, spec.get("carrier"),
                    dict(spec.get("attrs", {})))
        st.tokens[tid] = tok
        if pos is not None:
            st.move_token(tok, pos, spec.get("carrier"))
    for seat, counters in setup.get("counters", {}).items():
        st.players[seat].counters.update({k: int(v) for k, v in counters.items()})
    for seat, pools in setup.get("pools", {}).items():
        for pool, units in pools.items():
            st.players[seat].pools[pool] = {u: int(n) for u, n in units.items() if n}
    for sid, markers in setup.get("markers", {}).items():
        st.sites[sid].markers.update(markers)
    for sid, fields in setup.get("sites", {}).items():
        site = st.sites[sid]
        if "owner" in fields:
            site.owner = fields["owner"]
        site.attrs.update(fields.get("attrs", {}))
    st.attrs.update(setup.get("attrs", {}))
    if setup.get("pending"):
        seat = setup["pending"]
        st.turn = st.seats.index(seat)
        st.phase = 0
        st.pending = None
        game.loop.advance()
    game.state_changed()


def _check_error(result: CaseResult, expect: dict[str, Any], error: str | None) -> None:
    wanted = expect.get("error")
    if wanted is None:
        return
    if error is None:
        result.problems.append(f"expected the last action to be refused with '{wanted}', "
                               "but it was applied")
    elif wanted.lower() not in error.lower():
        result.problems.append(f"expected an error containing '{wanted}', got: {error}")


def _check_events(result: CaseResult, wanted: list[dict[str, Any]],
                  produced: list[dict[str, Any]]) -> None:
    i = 0
    for want in wanted:
        while i < len(produced) and not _matches(want, produced[i]):
            i += 1
        if i == len(produced):
            shown = "\n      ".join(_short(e) for e in produced[-15:]) or "(none)"
            result.problems.append(f"expected event not found (in order): {_short(want)}\n"
                                   f"    events produced (last 15):\n      {shown}")
            return
        i += 1


def _matches(want: dict[str, Any], ev: dict[str, Any]) -> bool:
    return all(_same(ev.get(k), v) for k, v in want.items())


def _same(actual: Any, wanted: Any) -> bool:
    if isinstance(actual, (list, tuple)) and isinstance(wanted, (list, tuple)):
        return len(actual) == len(wanted) and all(_same(a, w) for a, w in zip(actual, wanted, strict=False))
    if isinstance(actual, dict) and isinstance(wanted, dict):
        return all(_same(actual.get(k), v) for k, v in wanted.items())
    return bool(actual == wanted)


def _short(ev: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in ev.items())


__all__ = ["CaseResult", "Pending", "apply_test_setup", "run_case", "run_file"]
