"""The rule-language reference of the shipped game: ``docs/rules.md``, generated so it cannot drift.

:mod:`distant_galaxy.rules.docgen` renders a reference for any registry and view types (the
language package knows nothing of the game); this module wires in what a shipped scenario can use:
the built-ins, the engine's game functions, the shipped plugins' functions, and the game's view
types. ``tests/rules/test_docs.py`` compares the file with :func:`render_shipped_reference`.
Regenerate it with::

    python -m distant_galaxy.scenario.reference > docs/rules.md
"""

from __future__ import annotations

import sys

from distant_galaxy.plugins import make_plugin_manager
from distant_galaxy.rules import Registry, ViewType
from distant_galaxy.rules.docgen import render_reference
from distant_galaxy.scenario.bindings import build_views, engine_registry
from distant_galaxy.scenario.events import ENGINE_EVENTS, declared_events
from distant_galaxy.scenario.origins import function_origins, registry_stub, shipped_plugins

#: The command that regenerates ``docs/rules.md``.
COMMAND = "python -m distant_galaxy.scenario.reference > docs/rules.md"


def reference_sources() -> tuple[Registry, dict[str, ViewType]]:
    """What docs/rules.md documents: every function a shipped scenario can use, and the views."""
    stub = registry_stub(shipped_plugins())
    return engine_registry(stub), build_views(stub)  # type: ignore[arg-type]


_NAMES = """
### The names a rule starts from

Every rule starts from these top-level names; each context adds its own:

| name | type | what |
| --- | --- | --- |
| `units` | `list[unit]` | the tokens on the board |
| `sites` | `list[site]` | the sites of the map |
| `players` | `list[player]` | the players, in turn order |
| `round` | `int` | the round (from 1) |
| `turn` | `int` | the index of the active seat in the round |
| `params` | `params` | the scenario's parameters (constants: folded at load) |
| `seat` | `str` | the seat the rule is about (see the table below) |
| `player` | `player` | that seat's player |
| `x`, `y` | `int` | the cell a rule is asked about (`where:`, `setup.fill`) |
| `unit` | `unit` | the piece an action moves or runs with (`where:` of a move; a `do` action with `piece:`) |
| `event` | `dict` | the event a trigger runs on: its fields as `event.to`, `event.seat`… (or `event["to"]`) |
| `next_player` | `player` | in a trigger: the player who decides next |

{contexts}
"""

#: Each context of a rule: who ``seat``/``player`` are there, and the names it adds.
_CONTEXTS = [
    ("context", "`seat` / `player`", "also"),
    ("`victory:` `if` and `winner`", "with `player` in the condition: each player in turn order "
     "from the active seat (that player wins); else the pending seat (the active one between "
     "decisions)", "—"),
    ("`triggers:` `if` and `do`", "the seat whose action made the event, even when the action "
     "ended its turn", "`event`, `next_player`"),
    ("`actions:` `where:`", "the seat deciding", "`x`, `y` (the target cell); a move also `unit` "
     "(the piece moved); a `do` action `unit` (with `piece:`)"),
    ("`actions:` `do:`", "the seat acting", "`unit` (with `piece:`)"),
    ("`setup.fill` `where`", "the active seat (nobody has acted yet)",
     "`x`, `y` (each cell in turn)"),
    ("`tests:` `facts`", "the pending seat at the end of the test", "—"),
    ("a plugin's rules (episode 5's priority rows…)", "as the plugin's docs say",
     "the plugin's names"),
]


def _names() -> str:
    rows = [f"| {a} | {b} | {c} |" for a, b, c in _CONTEXTS]
    rows.insert(1, "| --- | --- | --- |")
    return _NAMES.format(contexts="\n".join(rows))


_TRIGGERS = """
## Triggers and events

A trigger runs an effect after every action whose events include one of the type it names:

```yaml
triggers:
  - id: drop-bonus
    on: place                      # an event type of the tables below (checked at load)
    if: "event.to[1] == 0"         # the event's fields: event.to, event.seat, event["to"]...
    do: "player.drops += 1"        # player: the seat that acted; next_player: who decides next
  - id: sweep                      # effects reach tokens: a capture also clears the cell below
    on: capture
    if: "unit_at(event.at[0], event.at[1] + 1) != none"
    do: "remove_token(unit_at(event.at[0], event.at[1] + 1))"
```

In a trigger, `event` is the event (a mapping: `event.to` or `event["to"]`; reading a field the
event lacks stops the action with an error naming the rule, so test an optional one first:
`"rule" in event and event.rule == "R7.50"`), `seat` and `player` are the seat that made the action
(even when the action ended its turn), and `next_player` the player who decides next (the seat
whose decision is pending, or the seat after the acting one when the action ended the decision).
The other names are those of every rule (`units`, `sites`, `players`, `round`, `turn`,
`params`). A trigger runs once per matching event of the action, in the order of the events; the
changes its effect makes are events too (`counter`, `move`, `place`, `remove`, `token_counter`,
with `reason: trigger ID`), but they fire no further trigger. The events a trigger sees are those
made while the action is applied: what the action did, and `turn_end`/`turn_start` when the action
itself ends the decision (`ends_turn: true`, `end`). The events the turn loop makes after the
action — automatic phases (episode 5's Aborigine turn), skipped decisions, hand-backs that follow,
`game_over` — and `setup` and `undo` fire no trigger.

`on:` must name an event type of the scenario's catalogue: the engine's (every scenario), and
those the scenario's plugins declare under `x-events` in their section schema (the one table
that `on:` and these docs read, and that the plugins' tests hold their describe hooks to: every
type declared is worded for people, every type a game emits is declared). Every event also has
`type`, and may have `rule` (the rule id applied).

### The engine's events

| event | what it is and its fields |
| --- | --- |
"""


def _sections(plugins: list[str]) -> dict:
    pm = make_plugin_manager(plugins)
    sections: dict = {}
    for group in pm.hook.dg_schema_sections():
        sections.update(group)
    return sections


def render_triggers() -> str:
    """The "Triggers and events" section: the event catalogue of the engine, then one table per
    shipped plugin (its section schema's ``x-events``)."""
    rows = [f"| `{name}` | {text} |" for name, text in ENGINE_EVENTS.items()]
    out = [_TRIGGERS + "\n".join(rows) + "\n"]
    for plugin in shipped_plugins():
        declared = declared_events(_sections([plugin]))
        if not declared:
            continue
        out.append(f"\n### The events of the `{plugin}` plugin\n\nIn a scenario that names "
                   f"`plugins: [{plugin}]` (where a type repeats an engine event's name, these "
                   "are its fields there):\n\n| event | what it is and its fields |\n"
                   "| --- | --- |\n"
                   + "\n".join(f"| `{name}` | {text} |" for name, text in declared.items())
                   + "\n")
    return "".join(out)


def render_shipped_reference() -> str:
    """The whole markdown of ``docs/rules.md``."""
    return render_reference(*reference_sources(), function_origins()) + _names() \
        + render_triggers()


def main() -> None:
    """Print the reference to standard output."""
    sys.stdout.write(render_shipped_reference())


if __name__ == "__main__":
    main()
