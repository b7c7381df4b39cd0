"""Seeded random play and illegal-input probes: the core of the conformance harness.

Owns the cases (:class:`Case`, one per scenario and variant that ``dg list`` shows, each option
alone and all compatible options together — with no variant and with each variant —, plus extra
files), the per-process scenario cache, :class:`Tally` (what a run tried and every failure, with
the scenario, seed and action to re-run it alone), the illegal inputs (malformed texts, and
well-formed actions made by mutating legal ones or played by the wrong seat, each of which must be
refused with an :class:`~distant_galaxy.errors.ActionError` and change nothing), and
:func:`random_game` (uniform choice among the legal actions, invariants of
:mod:`distant_galaxy.harness.invariants` after every action, undo probes, the game's JSONL log
kept in memory). Checks on saves and logs are in :mod:`distant_galaxy.harness.faults`; the report
and the ``dg reliability`` command in :mod:`distant_galaxy.harness.reliability`.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from distant_galaxy.core.actions import Action
from distant_galaxy.core.game import Game
from distant_galaxy.core.verbs import Verb
from distant_galaxy.errors import ActionError
from distant_galaxy.harness.invariants import check_invariants
from distant_galaxy.hookguard import watching_questions
from distant_galaxy.loader import checked_option_sets
from distant_galaxy.play.log import LogWriter, dumps
from distant_galaxy.play.runner import logged_game, replay_log
from distant_galaxy.scenario.catalog import catalog, variant_players
from distant_galaxy.scenario.events import scenario_events
from distant_galaxy.scenario.load import load_scenario, read_scenario
from distant_galaxy.scenario.model import Scenario

DEFAULT_MAX_ACTIONS = 20_000
"""Random games of a scenario without a round limit must end within this many actions."""


# -- the cases: every scenario and variant ----------------------------------------------------
@dataclass(frozen=True)
class Case:
    """One scenario file, variant and set of options; ``players`` is the (min, max) seat
    count. The label is ``id``, ``id[variant]``, ``id[+opt1+opt2]`` (options, no variant) or
    ``id[variant+opt1+opt2]``."""

    label: str
    path: str
    variant: str | None
    players: tuple[int, int] | None = None
    load_error: str | None = None
    options: tuple[str, ...] = ()

    def seat_count(self, seed: int) -> int | None:
        """The seat count used with ``seed`` (seeds cycle through min..max players)."""
        if self.players is None:
            return None
        lo, hi = self.players
        return lo + seed % (hi - lo + 1)


def shipped_cases(extra: list[str | Path] | None = None) -> list[Case]:
    """A case per scenario and variant of ``dg list`` (distant_galaxy.scenario.catalog: the
    engine's and every installed package's) and per set of options (:func:`option_sets` of the
    catalogue's ``option_sets``), plus ``extra`` files."""
    out: list[Case] = []
    for entry in catalog():
        path = Path(entry["path"])
        players = _players(entry.get("players"))
        error = entry["title"] if str(entry["title"]).startswith("(does not load") else None
        own = entry.get("variant_players", {})  # a variant may change the seat counts
        for variant, options in option_sets(entry["variants"], entry.get("option_sets", [])):
            span = _players(own[variant]) if variant in own else players
            out.append(Case(case_label(entry["id"], variant, options), str(path), variant,
                            span, error, options))
    for p in extra or []:
        out.extend(file_cases(p))
    return out


def option_sets(variants: list[str], alone_and_all: list[tuple[str, ...]]
                ) -> list[tuple[str | None, tuple[str, ...]]]:
    """(variant, options) of the cases of one scenario: the base and every variant without
    options, then each of ``alone_and_all`` (every option alone, then all compatible ones
    together) without a variant, then the last of them (all together) with every variant."""
    out: list[tuple[str | None, tuple[str, ...]]] = [(v, ()) for v in [None, *variants]]
    out += [(None, opts) for opts in alone_and_all]
    if alone_and_all:
        out += [(v, alone_and_all[-1]) for v in variants]
    return out


def case_label(scenario_id: str, variant: str | None, options: tuple[str, ...]) -> str:
    """``id``, ``id[variant]``, ``id[+opt1+opt2]`` or ``id[variant+opt1+opt2]``."""
    if not variant and not options:
        return scenario_id
    return f"{scenario_id}[{variant or ''}{''.join('+' + o for o in options)}]"


def file_cases(path: str | Path) -> list[Case]:
    """The cases (base, every variant, the options as in :func:`shipped_cases`) of one scenario
    file (a mod's ``extends:`` resolved: its seats, variants and options may come from the
    scenario it extends)."""
    data = read_scenario(path)[1].data
    players = data.get("players", {})
    n = len(data.get("seats", []))
    span = (int(players.get("min", n)), int(players.get("max", n)))
    sets = option_sets(sorted(data.get("variants", {})), checked_option_sets(data))
    own = variant_players(data)
    return [Case(case_label(data["id"], v, opts), str(path), v,
                 _players(own[v]) if v in own else span, None, opts) for v, opts in sets]



def _players(text: Any) -> tuple[int, int] | None:
    try:
        lo, hi = str(text).split("-")
        return int(lo), int(hi)
    except ValueError:
        return None


_SCENARIOS: dict[tuple[str, str | None, tuple[str, ...]], Scenario] = {}


def scenario_of(case: Case) -> Scenario:
    """The loaded scenario of a case (cached per process)."""
    key = (case.path, case.variant, case.options)
    if key not in _SCENARIOS:
        _SCENARIOS[key] = load_scenario(case.path, case.variant, case.options)
    return _SCENARIOS[key]


def seats_for(case: Case, seed: int) -> list[str]:
    return scenario_of(case).seat_ids(case.seat_count(seed))


# -- counts and failures ----------------------------------------------------------------------
@dataclass
class Tally:
    """What a run tried, and every failure (with what it takes to reproduce it)."""

    games: int = 0
    actions: int = 0
    decisions_checked: int = 0
    illegal_tried: int = 0
    illegal_rejected: int = 0
    undos: int = 0
    saves_interrupted: int = 0
    saves_recovered: int = 0
    restores_checked: int = 0
    logs_replayed: int = 0
    logs_tampered: int = 0
    tampering_detected: int = 0
    failures: list[str] = field(default_factory=list)

    def fail(self, case: Case, seed: int, message: str) -> None:
        self.failures.append(f"{case.label} seed {seed}: {message}")

    def add(self, other: Tally) -> None:
        for k, v in asdict(other).items():
            if k == "failures":
                self.failures.extend(v)
            else:
                setattr(self, k, getattr(self, k) + v)

    def counts(self) -> dict[str, int]:
        return {k: v for k, v in asdict(self).items() if k != "failures"}


# -- illegal input ------------------------------------------------------------------------------
GARBAGE = ["", "   ", "\t", "!!!", "@#$ 1,2", "42", "-", "é∂ƒ", "move\x00E1", "end end end",
           "fly E1 1,1", "teleport", "x" * 5000, "move E1 a,b", "move E1 1,", "move E1 ,1",
           "move E1 1;2", "place 9999999999999999999999,1", "undo", "quit", "__class__",
           "{}", "null", "END 1"]


def malformed_inputs(game: Game, rng: random.Random, k: int = 4) -> list[str]:
    """A few texts that are not actions of this game (garbage, unknown verbs, bad arguments)."""
    legal = {str(a) for a in game.legal_actions()}
    out = rng.sample(GARBAGE, k)
    out.append("".join(chr(rng.randrange(33, 127)) for _ in range(rng.randrange(1, 20))))
    verbs = sorted(game.kinds)
    verb = rng.choice(verbs)
    out.append(f"{verb} {rng.choice(['??', '1,2,3', 'x,y', '-1,-1', '', '99999,99999 extra'])}")
    return [t for t in out if t.strip() not in legal]


def mutated_actions(game: Game, rng: random.Random, k: int = 6) -> list[Action]:
    """Well-formed actions made by mutating legal ones, that are not in the legal list."""
    legal = game.legal_actions()
    if not legal:
        return []
    legal_set = set(legal)
    tokens = sorted(game.state.tokens)
    grid = game.scenario.grid
    out: list[Action] = []
    for _ in range(k * 4):
        if len(out) >= k:
            break
        base = rng.choice(legal)
        args = list(base.args)
        choice = rng.randrange(4)
        if args and choice < 3:
            i = rng.randrange(len(args))
            args[i] = _mutate_arg(args[i], rng, tokens, grid.width, grid.height)
        elif choice == 3 and args:
            args.pop(rng.randrange(len(args)))
        else:
            args.append(rng.choice(["1,1", "E1", "0", "extra"]))
        cand = Action(base.verb, tuple(args))
        if cand not in legal_set and cand not in out:
            out.append(cand)
    return out


def _mutate_arg(arg: str, rng: random.Random, tokens: list[str], width: int, height: int) -> str:
    bits = arg.split(",")
    if len(bits) == 2 and all(b.lstrip("-").isdigit() for b in bits):
        x, y = int(bits[0]), int(bits[1])
        dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (2, -1), (-3, 2)])
        far = rng.choice([None, (-1, y), (x, -1), (width, y), (x, height), (width + 7, height + 7)])
        nx, ny = far if far is not None else (x + dx, y + dy)
        return f"{nx},{ny}"
    if arg in tokens or (tokens and arg[:1].isalpha() and arg[1:].isdigit()):
        others = [t for t in tokens if t != arg] or ["T999999"]
        return rng.choice([rng.choice(others), "T999999", arg + "0"])
    if arg.lstrip("-").isdigit():
        return str(int(arg) + rng.choice([1, -1, 7, 10**6, -(10**6)]))
    return rng.choice([arg + "x", arg.upper() + "_", "nothing", arg[:-1] or "x"])


def probe_illegal(game: Game, rng: random.Random, tally: Tally, case: Case, seed: int) -> bool:
    """Try malformed and illegal inputs; each must raise ActionError and change nothing.

    Returns False when an illegal input was accepted (the game must then stop: it has diverged).
    """
    before = game.state.hash(fresh=True)
    n_events = len(game.events)
    legal_before = [str(a) for a in game.legal_actions()]
    pend = game.pending
    tries: list[tuple[Action | str, str | None]] = [(t, None) for t in malformed_inputs(game, rng)]
    tries += [(a, None) for a in mutated_actions(game, rng)]
    others = [s for s in game.state.seats if pend is not None and s != pend.seat]
    if others and legal_before:
        tries.append((rng.choice(game.legal_actions()), rng.choice(others)))
    for what, seat in tries:
        tally.illegal_tried += 1
        try:
            game.apply(what, seat=seat)
        except ActionError as exc:
            if not str(exc).strip():
                tally.fail(case, seed, f"illegal input {str(what)[:80]!r} refused without a message")
            elif game.state.hash(fresh=True) != before or len(game.events) != n_events:
                tally.fail(case, seed, f"illegal input {str(what)[:80]!r} changed the state")
                return False
            else:
                tally.illegal_rejected += 1
            continue
        except Exception as exc:
            tally.fail(case, seed, f"illegal input {str(what)[:80]!r} (seat {seat}) raised "
                                   f"{type(exc).__name__}: {exc}")
            if game.state.hash(fresh=True) != before:
                return False
            continue
        tally.fail(case, seed, f"illegal input {str(what)[:80]!r} (seat {seat}) was accepted at "
                               f"action {len(game.history) - 1} (legal: {legal_before[:8]}…)")
        return False
    if [str(a) for a in game.legal_actions()] != legal_before:
        tally.fail(case, seed, "the legal actions changed after refused inputs")
        return False
    return True


# -- random play -------------------------------------------------------------------------------
@dataclass
class Played:
    """A finished random game: the actions in order, the log text, the final hash."""

    game: Game
    actions: list[str]
    log: str
    final_hash: str
    ok: bool


def fast_legal_differs(game: Game) -> list[str]:
    """For each verb of the pending decision that keeps a fast ``legal`` of its own, what it
    lists that the verb's rule (``Verb.derived_legal``: candidates the refusal accepts) does not,
    or the other way round; empty when they agree (as sets of texts)."""
    pend = game.state.pending
    if pend is None or game.over:
        return []
    out = []
    for kind in game.kinds_for(pend.kind):
        if not isinstance(kind, Verb) or not kind.has_fast_legal() \
                or type(kind).candidates is Verb.candidates:
            continue
        fast = {str(a) for a in kind.legal(game, pend.seat)}
        derived = {str(a) for a in kind.derived_legal(game, pend.seat)}
        if fast != derived:
            out.append(f"'{kind.verb}': its legal() lists {sorted(fast - derived)[:3]} that its "
                       f"rule refuses, and not {sorted(derived - fast)[:3]} that it allows")
    return out


def random_game(case: Case, seed: int, tally: Tally, *, probes: float = 0.0,
                undo_probes: float = 0.0, invariants: bool = True,
                max_actions: int = DEFAULT_MAX_ACTIONS, stop_after: int | None = None) -> Played:
    """Play a game choosing uniformly among the legal actions (``random.Random(seed)``).

    ``probes`` is the chance per decision to try illegal inputs, ``undo_probes`` the chance to
    apply an action, undo it (the state must come back exactly) and apply it again. Illegal
    inputs draw from their own generator, so the choices — and the log — do not depend on them.
    ``stop_after`` stops the game early (not a failure; the game is then not over). With
    ``invariants``, a plugin's question hook that changes the state is a failure naming it
    (:func:`~distant_galaxy.hookguard.watching_questions`).
    """
    if not invariants:
        return _random_game(case, seed, tally, probes, undo_probes, False, max_actions,
                            stop_after)
    with watching_questions():
        return _random_game(case, seed, tally, probes, undo_probes, True, max_actions,
                            stop_after)


def _random_game(case: Case, seed: int, tally: Tally, probes: float, undo_probes: float,
                 invariants: bool, max_actions: int, stop_after: int | None) -> Played:
    scenario = scenario_of(case)
    seats = seats_for(case, seed)
    lines: list[str] = []
    writer = _TextLog(lines)
    choose = random.Random(f"choose:{seed}")
    probe_rng = random.Random(f"probe:{seed}")
    actions: list[str] = []
    ok = True
    try:
        game, _ = logged_game(scenario, seats, seed, writer)
    except Exception as exc:
        tally.fail(case, seed, f"set-up failed: {type(exc).__name__}: {exc}")
        raise
    tally.games += 1
    limit = scenario.limits.get("rounds")
    while not game.over:
        if invariants:
            broken = check_invariants(game)
            tally.decisions_checked += 1
            if broken:
                tally.fail(case, seed, f"after action {len(actions)} "
                                       f"({actions[-1] if actions else 'set-up'}): "
                                       + "; ".join(broken[:5]))
                ok = False
                break
        legal = game.legal_actions()
        differ = fast_legal_differs(game) if invariants else []
        if differ:
            tally.fail(case, seed, f"at action {len(actions)}: " + "; ".join(differ[:3]))
            ok = False
            break
        if not legal:
            tally.fail(case, seed, f"no legal action at action {len(actions)}")
            ok = False
            break
        if (probes and probe_rng.random() < probes
                and not probe_illegal(game, probe_rng, tally, case, seed)):
            ok = False
            break
        if stop_after is not None and len(actions) >= stop_after:
            break
        if len(actions) >= max_actions:
            tally.fail(case, seed, f"the game did not end within {max_actions} actions "
                                   f"(round {game.state.round}, limit {limit})")
            ok = False
            break
        action = choose.choice(legal)
        try:
            applied = False
            if undo_probes and probe_rng.random() < undo_probes:
                before = game.state.hash(fresh=True)
                game.apply(action)
                applied = True
                if game.can_undo():
                    game.undo()
                    tally.undos += 1
                    applied = False
                    if game.state.hash(fresh=True) != before:
                        tally.fail(case, seed, f"undo of action {len(actions)} '{action}' did "
                                               "not restore the state")
                        ok = False
                        break
            if not applied:
                game.apply(action)
        except Exception as exc:
            tally.fail(case, seed, f"legal action {len(actions)} '{action}' failed: "
                                   f"{type(exc).__name__}: {exc}")
            ok = False
            break
        actions.append(str(action))
        tally.actions += 1
    if ok and invariants:
        broken = check_invariants(game) + undeclared_events(game)
        if broken:
            tally.fail(case, seed, "at the end: " + "; ".join(broken[:5]))
            ok = False
    if ok and game.result is not None:
        writer({"kind": "result", **game.result})
    return Played(game, actions, "".join(lines), game.state.hash(fresh=True), ok)


def undeclared_events(game: Game) -> list[str]:
    """The event types ``game`` emitted that neither the engine nor a plugin declares (a
    plugin's section schema lists its own under ``x-events``: docs/plugins.md): a trigger could
    not name them, docs/rules.md does not list them, a referee cannot look them up."""
    known = scenario_events(game.scenario)
    emitted = {str(e.get("type")) for e in game.events}
    return [f"event type '{kind}' is declared by no plugin ('x-events' of its section schema) "
            "nor the engine" for kind in sorted(emitted - known.keys())]


class _TextLog(LogWriter):
    """A log writer that keeps the JSONL text in memory."""

    def __init__(self, lines: list[str]):
        super().__init__(None)
        self.lines = lines

    def __call__(self, record: dict[str, Any]) -> None:
        self.lines.append(dumps(record) + "\n")



# -- replaying a game -----------------------------------------------------------------------------
def replay_text(text: str, folder: Path) -> Any:
    """Replay a log given as text (written to ``folder``); returns the ReplayReport."""
    path = folder / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    return replay_log(path)


def play_actions(case: Case, seed: int, actions: list[str]) -> Game:
    scenario = scenario_of(case)
    game = Game(scenario, seats=seats_for(case, seed), seed=seed)
    for a in actions:
        game.apply(a)
    return game
