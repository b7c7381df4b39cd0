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
from importlib.metadata import entry_points
from types import SimpleNamespace

from distant_galaxy.plugins import GROUP, make_plugin_manager
from distant_galaxy.rules import Registry, ViewType
from distant_galaxy.rules.docgen import render_reference
from distant_galaxy.scenario.bindings import build_views, engine_registry
from distant_galaxy.scenario.events import event_catalogue

#: The command that regenerates ``docs/rules.md``.
COMMAND = "python -m distant_galaxy.scenario.reference > docs/rules.md"
#: Entry points whose module is in this package are the shipped plugins.
BUILTIN_PLUGIN_PACKAGE = "distant_galaxy_episodes."


def shipped_plugins() -> list[str]:
    """The names of the installed plugins that ship with the engine, sorted."""
    return sorted(ep.name for ep in entry_points(group=GROUP)
                  if ep.value.startswith(BUILTIN_PLUGIN_PACKAGE))


def reference_sources() -> tuple[Registry, dict[str, ViewType]]:
    """What docs/rules.md documents: every function a shipped scenario can use, and the views."""
    stub = SimpleNamespace(counters={}, unit_types={}, site_kinds={}, params={},
                           pm=make_plugin_manager(shipped_plugins()))
    return engine_registry(stub), build_views(stub)  # type: ignore[arg-type]


_TRIGGERS = """
## Triggers and events

A trigger runs an effect after every action whose events include one of the type it names:

```yaml
triggers:
  - id: drop-bonus
    on: place                      # an event type of the table below (checked at load)
    if: "event.to[1] == 0"         # the event's fields: event.to, event.seat, event["to"]...
    do: "player.drops += 1"        # player: the seat that acted; next_player: who decides next
```

In a trigger, `event` is the event (a mapping: `event.to` or `event["to"]`), `seat` and `player`
are the seat that made the action (even when the action ended its turn), and `next_player` the
player who decides next (the seat whose decision is pending, or the seat after the acting one when
the action ended the decision). The other names are those of every rule (`units`, `sites`,
`players`, `round`, `turn`, `params`). `on:` must name one of these event types (the engine's and
the shipped plugins'; a plugin declares its own under `x-events` in its section schema):

| event | what it is and its fields |
| --- | --- |
"""


def render_triggers() -> str:
    """The "Triggers and events" section: the event catalogue of the engine and shipped plugins."""
    pm = make_plugin_manager(shipped_plugins())
    sections: dict = {}
    for group in pm.hook.dg_schema_sections():
        sections.update(group)
    rows = [f"| `{name}` | {text} |" for name, text in event_catalogue(sections).items()]
    return _TRIGGERS + "\n".join(rows) + "\n"


def render_shipped_reference() -> str:
    """The whole markdown of ``docs/rules.md``."""
    return render_reference(*reference_sources()) + render_triggers()


def main() -> None:
    """Print the reference to standard output."""
    sys.stdout.write(render_shipped_reference())


if __name__ == "__main__":
    main()
