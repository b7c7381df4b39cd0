"""``dg validate``: every error of every file, variant and option, with file:line:col, never a
traceback.

The author's files are only read, never rewritten.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from distant_galaxy.errors import EngineError, ScenarioErrors, SourceError
from distant_galaxy.loader import checked_option_sets, declared_options
from distant_galaxy.loader.merge import MergedDocument
from distant_galaxy.loader.suspects import new_key_warnings, overlay_warnings
from distant_galaxy.scenario.cases import case_errors
from distant_galaxy.scenario.events import scenario_events
from distant_galaxy.scenario.find import scenario_files, scenario_problems
from distant_galaxy.scenario.load import read_scenario, scenario_from_document
from distant_galaxy.scenario.model import Scenario


@dataclass(frozen=True)
class Problem:
    """One error ``dg validate`` reports: where (file, 1-based line and column when known), what
    (``message``), how to fix it (``suggestion``, when the engine has one), under which variant or
    options (``where``: ``"variant hard"``, ``"options wide+four"``, or None for the base form),
    and ``text``: the form ``dg validate`` prints."""

    text: str
    file: str | None
    line: int | None
    column: int | None
    message: str
    suggestion: str | None = None
    where: str | None = None
    #: ``error``, or ``warning``: likely a mistake, but the scenario loads and plays
    severity: str = "error"

    @classmethod
    def of_source(cls, exc: SourceError, where: str | None = None) -> Problem:
        pos = exc.pos
        text = exc.format() if where is None else f"[{where}] " + exc.format()
        return cls(text, pos.file if pos else None, pos.line if pos else None,
                   pos.col if pos else None, exc.message, _suggestion(exc), where)

    @classmethod
    def warning(cls, exc: SourceError) -> Problem:
        """A warning (``dg validate`` prints it and still succeeds)."""
        pos = exc.pos
        return cls("warning: " + exc.format(), pos.file if pos else None,
                   pos.line if pos else None, pos.col if pos else None, exc.message,
                   _suggestion(exc), None, "warning")

    @classmethod
    def of_engine(cls, name: str, exc: EngineError, where: str | None = None) -> Problem:
        text = f"{name}: {exc}" if where is None else f"{name} [{where}]: {exc}"
        return cls(text, name, None, None, str(exc), None, where)

    def to_json(self) -> dict[str, Any]:
        """The problem as ``dg validate --json`` prints it."""
        return {"file": self.file, "line": self.line, "column": self.column,
                "message": self.message, "suggestion": self.suggestion, "where": self.where,
                **({"severity": self.severity} if self.severity != "error" else {})}


def _suggestion(exc: SourceError) -> str | None:
    """The fix the engine proposes: a "did you mean" in the message, then the hint."""
    _, sep, guess = exc.message.partition("did you mean ")
    parts = ([f"did you mean {guess.strip()}"] if sep else []) + ([exc.hint] if exc.hint else [])
    return "; ".join(parts) or None


def validate_one(name: str) -> list[str]:
    """Problems of one scenario, formatted (:func:`problems_of`)."""
    return [p.text for p in problems_of(name)]


def _mod_warnings(doc: MergedDocument) -> list[SourceError]:
    """A mod's new keys that look like misspellings of its base's (:mod:`~distant_galaxy.loader.suspects`)."""
    if len(doc.documents) < 2:
        return []
    _, parent = read_scenario(doc.documents[1].file)
    return list(new_key_warnings(doc.documents[0], parent.data))


def _doc_warnings(doc: MergedDocument) -> list[Problem]:
    """The warnings the file's text alone gives: a mod's keys that look misspelt."""
    try:
        return ([Problem.warning(w) for w in _mod_warnings(doc)]
                + [Problem.warning(w) for w in overlay_warnings(doc, doc.data)])
    except EngineError:  # (its base does not load: the errors say so)
        return []


def _failed(name: str, exc: EngineError) -> list[Problem]:
    """The problems of a scenario that does not load: its errors, each at its place."""
    if isinstance(exc, ScenarioErrors):
        return [Problem.of_source(e) for e in exc.errors]
    if isinstance(exc, SourceError):
        return [Problem.of_source(exc)]
    return [Problem.of_engine(name, exc)]


def problems_of(name: str) -> list[Problem]:
    """Problems of one scenario (its base form, every variant, every option alone, all its
    compatible options together, and each set of options a rule test names); the file is read
    once for all of them."""
    try:
        path, doc = read_scenario(name)
    except EngineError as exc:
        return _failed(name, exc)
    try:
        scenario = scenario_from_document(doc, path)
    except EngineError as exc:  # with the file's misspelling warnings: one may be the cause
        return _failed(name, exc) + _doc_warnings(doc)
    forms: list[tuple[str, str | None, tuple[str, ...]]] = [
        (f"variant {v}", v, ()) for v in scenario.variants]
    for variant, options in option_sets(scenario.data):
        label = "+".join(options) if variant is None else f"{variant}+{'+'.join(options)}"
        forms.append((f"options {label}", variant, options))
    problems: list[Problem] = [Problem.warning(w) for w in scenario.rules.warnings]
    problems += _doc_warnings(doc)
    built: dict[tuple[str | None, tuple[str, ...]], Scenario] = {(None, ()): scenario}
    for where, variant, options in forms:
        try:
            built[(variant, options)] = scenario_from_document(doc, path, variant, options)
        except ScenarioErrors as exc:
            problems.extend(Problem.of_source(e, where) for e in exc.errors)
        except EngineError as exc:
            problems.append(Problem.of_engine(name, exc, where))
    events: dict[tuple[str | None, tuple[str, ...]], list[str]] = {}  # per form, made once
    for i, case in enumerate(scenario.data.get("tests") or []):
        key = case_form(scenario.data, case)
        form = built.get(key)
        if form is not None:  # (a form that did not load: its errors are said above)
            known = events.get(key)
            if known is None:
                known = events[key] = list(scenario_events(form))
            problems.extend(Problem.of_source(e) for e in case_errors(form, case, i, known))
    return problems


def case_form(data: dict[str, Any], case: Any) -> tuple[str | None, tuple[str, ...]]:
    """(variant, options in the scenario's order) of a rule test: the form it is played in."""
    if not isinstance(case, dict):
        return (None, ())
    given = case.get("options")
    named: list[Any] = given if isinstance(given, list) else []
    declared = declared_options(data)
    order = tuple(n for n in declared if n in named) + tuple(n for n in named
                                                            if n not in declared)
    return (case.get("variant") or None, order)


def option_sets(data: dict[str, Any]) -> list[tuple[str | None, tuple[str, ...]]]:
    """(variant, options) of every option alone, of all compatible options together (when there
    are two or more), and of each rule test that names options; each once."""
    found: list[tuple[str | None, tuple[str, ...]]] = [
        (None, opts) for opts in checked_option_sets(data)]
    for case in data.get("tests") or []:
        variant, order = case_form(data, case)
        if order:
            found.append((variant, order))
    return list(dict.fromkeys(found))


def validate_paths(paths: list[str]) -> tuple[list[str], int]:
    """All problems of the named files or ids, formatted, and how many files were checked
    (:func:`validate_problems`)."""
    problems, checked = validate_problems(paths)
    return [p.text for p in problems], checked


def validate_problems(paths: list[str]) -> tuple[list[Problem], int]:
    """All problems of the named files or ids, and how many files were checked (each with all
    its variants). When none is named: every scenario of every registered folder, and the
    problems of finding them (a broken package entry point, an id in two files)."""
    names = paths or [str(p) for p in scenario_files()]
    problems = [] if paths else [Problem(text, None, None, None, text)
                                 for text in scenario_problems()]
    for name in names:
        problems.extend(problems_of(name))
    return problems, len(names)
