"""Numbers a game would trip over: dice tables a roll could fall through, and counters that
start outside their own bounds — checked when the scenario loads.

A dice table — a mapping with ``die: N`` and ``rows:`` whose items each have a ``roll`` (a face,
or ``[lo, hi]``), in ``tables:`` or in a plugin's section (episode 5's reinforcements) — is read
by :func:`distant_galaxy.core.dice.table_lookup`, which stops the game when no row covers the
roll. A mod that writes one row of a table replaces the whole list (the rows have no ids), and the
episode modder's trial met that only when the die came up: ``dg run: no row of the table covers
the roll 1``, with no file or line. :func:`dice_table_errors` names each face no row covers, and
each row outside the die, at the table's ``rows:``; :func:`counter_errors` each counter whose
``initial`` is outside its ``min``..``max`` (the trial's ``resources: {initial: -10}`` with
``min: 0`` validated, and the game stopped on the first income: "-2 needed").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from distant_galaxy.errors import SourceError

if TYPE_CHECKING:
    from distant_galaxy.scenario.model import Scenario

__all__ = ["counter_errors", "dice_table_errors", "dice_tables", "player_count_errors"]

#: Sections that hold examples, not tables (a rule test's expected events name rolls).
SKIPPED = frozenset({"tests"})


def dice_table_errors(scenario: Scenario) -> list[SourceError]:
    """Every face of a dice table's die that no row covers, and every row outside the die."""
    out: list[SourceError] = []
    for path, die, spans in dice_tables(scenario.data):
        where = ".".join(str(p) for p in path)
        covered = {v for lo, hi in spans for v in range(max(lo, 1), min(hi, die) + 1)}
        missing = [v for v in range(1, die + 1) if v not in covered]
        if missing:
            faces = ", ".join(map(str, missing))
            out.append(scenario.error(
                f"{where}: no row covers the roll{'s' if len(missing) > 1 else ''} {faces} of its "
                f"d{die}: the game would stop when the die shows {'them' if len(missing) > 1 else 'it'}",
                *path, "rows", hint="give every face from 1 to the die's a row; in a mod, rows: "
                                    "replaces the base's whole list: write every row"))
        for i, (lo, hi) in enumerate(spans):
            if lo < 1 or hi > die or lo > hi:
                out.append(scenario.error(f"{where}: row {i + 1}'s roll {lo}..{hi} is not a face "
                                          f"of its d{die} (1..{die})", *path, "rows", i, "roll"))
    return out


def dice_tables(data: Any, path: tuple[Any, ...] = ()
                ) -> Iterator[tuple[tuple[Any, ...], int, list[tuple[int, int]]]]:
    """Each dice table of ``data``: its path, its die and each row's ``(lo, hi)``."""
    if isinstance(data, dict):
        spans = _spans(data)
        if spans is not None:
            yield path, data["die"], spans
            return
        for key, value in data.items():
            if key not in SKIPPED or path:
                yield from dice_tables(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from dice_tables(value, (*path, i))


def _spans(table: dict[str, Any]) -> list[tuple[int, int]] | None:
    """A dice table's rows as ``(lo, hi)``, or None when ``table`` is not one."""
    die, rows = table.get("die"), table.get("rows")
    if not isinstance(die, int) or isinstance(die, bool) or not isinstance(rows, list) or not rows:
        return None
    spans = []
    for row in rows:
        roll = row.get("roll") if isinstance(row, dict) else None
        if isinstance(roll, int) and not isinstance(roll, bool):
            spans.append((roll, roll))
        elif (isinstance(roll, list) and len(roll) == 2
              and all(isinstance(v, int) and not isinstance(v, bool) for v in roll)):
            spans.append((roll[0], roll[1]))
        else:
            return None
    return spans


def counter_errors(scenario: Scenario) -> list[SourceError]:
    """Each counter (``counters:``) whose whole-number ``initial`` is below its ``min`` or above
    its ``max``."""
    out: list[SourceError] = []
    for name, spec in (scenario.data.get("counters") or {}).items():
        if not isinstance(spec, dict):
            continue
        start, lo, hi = spec.get("initial", 0), spec.get("min"), spec.get("max")
        if not _whole(start):
            continue
        if _whole(lo) and start < lo:
            out.append(scenario.error(f"counters.{name}: initial {start} is below its min {lo}",
                                      "counters", name, "initial"))
        if _whole(hi) and start > hi:
            out.append(scenario.error(f"counters.{name}: initial {start} is above its max {hi}",
                                      "counters", name, "initial"))
    return out


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def player_count_errors(scenario: Scenario) -> list[SourceError]:
    """``players: {min, max}`` that no game can have: a ``min`` above the ``max`` (``dg run``
    then played every seat, ``--players 2`` said "for 3 to 2 players"), or a ``max`` above the
    seats there are (``--players 3`` of two seats played two) — the game author's trial."""
    declared = scenario.data.get("players")
    if not isinstance(declared, dict):
        return []
    lo, hi, seats = declared.get("min"), declared.get("max"), len(scenario.seats)
    errors: list[SourceError] = []
    if isinstance(lo, int) and isinstance(hi, int) and lo > hi:
        errors.append(scenario.error(f"players: min {lo} is more than max {hi}", "players",
                                     "min"))
    if isinstance(hi, int) and hi > seats:
        errors.append(scenario.error(
            f"players: max {hi} is more than the {seats} seats of the scenario (a game of "
            f"{hi} players needs {hi} seats: add them to seats:)", "players", "max"))
    if isinstance(lo, int) and lo < 1:
        errors.append(scenario.error(f"players: min must be at least 1, not {lo}", "players",
                                     "min"))
    return errors
