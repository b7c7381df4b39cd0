"""The examples of docs/plugins.md and docs/rules.md that issue 31 (item 8) mended work: the
Effects section's keyword call compiles, a plugin section's ``x-refers-to`` refuses a name the
scenario lacks, the example plugin's ``move`` events carry the event table's fields."""

from __future__ import annotations

import re
from pathlib import Path

from distant_galaxy.core.game import Game
from distant_galaxy.loader.references import reference_validator
from distant_galaxy.rules import compile_effect
from distant_galaxy.scenario.event_fields import event_fields
from distant_galaxy.scenario.events import ENGINE_EVENTS
from distant_galaxy.scenario.load import load_scenario

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _python_blocks(name: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", (DOCS / name).read_text(encoding="utf-8"), re.S)


def test_the_effects_section_calls_an_effect_that_exists():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    effects = text[text.index("## Effects"):]
    call = re.search(r"keyword arguments allowed:\s*`([^`]+)`", effects).group(1)
    env = load_scenario("tic-tac-toe").rules.env.extended({"unit": "unit"})
    compile_effect(call, env)  # raises a RuleError if the doc shows a refused effect


def test_the_x_refers_to_example_refuses_a_misspelt_unit_type():
    block = next(b for b in _python_blocks("plugins.md") if '"x-refers-to": "unit_types"' in b)
    namespace: dict = {"hookimpl": lambda f: f}
    exec(block, namespace)
    section = namespace["dg_schema_sections"]()["race"]
    validator = reference_validator({"unit_types": {"runner": {}}}, {})(section)
    assert not list(validator.iter_errors({"die": 6, "runner": "runner"}))
    (miss,) = validator.iter_errors({"die": 6, "runner": "runer"})
    assert "runer" in miss.message and "runner" in (miss.hint or miss.message)


def test_the_example_plugins_moves_carry_the_event_tables_fields(race):
    game = Game(race, seed=1)
    events = []
    for _ in range(8):
        if game.over:
            break
        acts = game.legal_actions()
        step = [a for a in acts if a.verb in ("step", "roll")]
        events += game.apply((step or acts)[0])
    moves = [e for e in events if e["type"] == "move"]
    assert moves
    fields = event_fields(ENGINE_EVENTS["move"])
    for ev in moves:
        assert {"seat", "token", "unit", "from", "to"} <= set(ev) and set(ev) - {"path"} <= fields


def test_the_signatures_block_of_plugins_md_is_current():
    from distant_galaxy.scenario import signatures

    text = (DOCS / "plugins.md").read_text(encoding="utf-8")
    assert signatures.current(text) == text, f"regenerate it: {signatures.COMMAND}"
    for name in ("GameState.add_token", "Action.of", "Action.pos", "GameState.tokens_of",
                 "scenario.grid"):
        assert f"| `{name}" in text


def test_the_testing_section_example_passes(race, monkeypatch):
    """docs/plugins.md, "Testing your plugin": its pytest example, run on the example plugin's
    race (which an installed package would list as ``example-race``)."""
    import distant_galaxy

    block = next(b for b in _python_blocks("plugins.md") if "def test_a_roll_of_six" in b)
    monkeypatch.setattr(distant_galaxy, "load_scenario", lambda name: race)
    namespace: dict = {}
    exec(block, namespace)
    namespace["test_a_roll_of_six_runs_six_cells"]()
