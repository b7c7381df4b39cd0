"""Issue 33 item 3: crafted saves with recomputed hashes never crash the engine.

A fuzz of 140 saves (fields set to null, a list, a dict, huge integers, then both hashes
recomputed) gave tracebacks in 8 of 55 usable cases (``TypeError: unhashable type: 'list'`` in
``saves._state_problems`` for a token ``owner: [0,0]``; ``TypeError: sequence item 1: expected str
instance, NoneType found`` from ``Action.__str__`` for an Asteroid Belt site id set to null or
2**63). Now every save and campaign save is checked against a JSON Schema of its content
(``schemas/save.schema.json``, ``schemas/campaign-save.schema.json``) before any use, and the
state against the scenario; here 1,000 crafted saves and campaign saves meet ``dg show``,
``dg resume`` (or 10 to 40–100 varied actions of the loaded game) and ``dg campaign status``/``resume``,
and none may give a traceback.

Two crafted fields in three are values of the state's open mappings (``attrs``, ``markers``):
the fuzz of before changed any field alike and played the same thirty actions after every load,
so it never set Asteroid Belt's ``state.attrs.cargo`` to ``[[0, 0]]`` and never listed a raid:
``dg resume`` then ended in ``TypeError: unhashable type`` (``shuttles.cargo_portal``). Each
load now plays its own actions (its own seed and count, every other one a verb first, so rare
verbs are played), and each plugin declares the shapes of what it keeps
(``dg_state_schema``): such a save is refused at load, naming the field.
"""

from __future__ import annotations

import functools
import json
import random
import subprocess
import sys
import traceback
from pathlib import Path
from typing import Any

import pytest

from distant_galaxy import Game, Scenario, load_scenario
from distant_galaxy.errors import EngineError
from distant_galaxy.play.runner import logged_game
from distant_galaxy.play.saves import load_game, read_save, save_payload
from tests.conformance.crafted import craft_campaign, craft_save, pick_action, probe, write

#: (scenario, variant, options, random actions before the save, crafted saves, the most actions
#: played after a load: the classic games are resumed by ``dg resume`` to their end instead)
CASES = [
    ("tic-tac-toe", None, (), 3, 150, 0),
    ("connect-four", "small", (), 5, 100, 0),
    ("asteroid-belt", "quick", (), 20, 250, 100),
    ("aborigine-clash", None, ("space-domain", "leaders"), 12, 200, 40),
    ("fleet-battle", None, ("secret-orders",), 6, 150, 60),
]
CLASSIC = {"tic-tac-toe", "connect-four"}


def base_save(scenario_id: str, variant: str | None, options: tuple[str, ...], steps: int
              ) -> dict[str, Any]:
    """A real save of a game some random actions in."""
    scenario = load_scenario(scenario_id, variant, options)
    seats = scenario.seat_ids(len(scenario.seats))
    game, header = logged_game(scenario, seats, 11, lambda record: None,
                               {s: "random" for s in seats})
    rng = random.Random(5)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return save_payload(game, header)


@functools.lru_cache(maxsize=8)
def _scenario(scenario_id: str, variant: str | None, options: tuple[str, ...]) -> Scenario:
    """The scenario a save names, loaded once for all the crafted saves (a refusal is an
    EngineError, not kept)."""
    return load_scenario(scenario_id, variant, options)


def play_on(path: Path, rng: random.Random, most: int = 60) -> str | None:
    """Load the save as ``dg resume`` does and play 10 to ``most`` actions drawn with ``rng`` (every
    other game a verb first: :func:`pick_action`), each seat's view built at every step: the
    traceback of an error that is not the engine's clean one, or None."""
    try:
        payload = read_save(path)
        header = payload["header"]
        scenario = _scenario(header["scenario"], header.get("variant"),
                             tuple(header.get("options") or ()))
        game: Game = load_game(path, payload, scenario)
        by_verb = rng.random() < 0.5
        for _ in range(rng.randint(min(10, most), most)):
            legal = [] if game.over else game.legal_actions()
            if not legal:
                break
            for seat in game.state.seats:
                game.view(seat)
            game.apply(pick_action(legal, rng, by_verb))
    except EngineError:
        return None
    except Exception:
        return traceback.format_exc(limit=-6)
    return None


@pytest.mark.parametrize("scenario_id, variant, options, steps, count, most", CASES,
                         ids=[c[0] for c in CASES])
def test_crafted_saves_never_crash(tmp_path: Path, scenario_id: str, variant: str | None,
                                   options: tuple[str, ...], steps: int, count: int, most: int
                                   ) -> None:
    original = base_save(scenario_id, variant, options, steps)
    seats = original["header"]["seats"]
    resume = ["resume", "{}", "--quiet", "--save-to", str(tmp_path / "after.save"),
              *[a for s in seats for a in ("--seat", f"{s}=random")]]
    commands = [["show", "{}"], ["show", "{}", "--svg", str(tmp_path / "b.svg")]]
    if scenario_id in CLASSIC:
        commands.append(resume)
    rng = random.Random(scenario_id)
    crashes = []
    for i in range(count):
        data, what = craft_save(original, rng, in_attrs=i % 3 != 0)
        path = write(data, tmp_path / f"crafted-{i}.save")
        found = probe(path, commands)
        if found is None and scenario_id not in CLASSIC:
            found = play_on(path, random.Random(f"{scenario_id}-{i}"), most)
        if found:
            crashes.append(f"{what}:\n{found}")
    assert not crashes, f"{len(crashes)} of {count} crafted saves crashed; first:\n{crashes[0]}"


@pytest.fixture(scope="module")
def campaign_save(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A campaign save with its first stage played and the second under way (embedded)."""
    folder = tmp_path_factory.mktemp("campaign")
    path = folder / "c.campaign.json"
    dg = [sys.executable, "-m", "distant_galaxy", "campaign"]
    subprocess.run([*dg, "new", "global", "--seed", "4", "--save", str(path),
                    "--seat", "monarchy=human"], check=True, capture_output=True, timeout=120)
    subprocess.run([*dg, "play", "--save", str(path)], input="quit\n", capture_output=True,
                   text=True, timeout=300)
    data = json.loads(path.read_text())
    assert data["current"] and data["current"]["game"], "the second stage is under way"
    return folder, data


def test_crafted_campaign_saves_never_crash(campaign_save: tuple[Path, dict[str, Any]],
                                            tmp_path: Path) -> None:
    """Every campaign save meets ``dg campaign status --json``; one whose stage under way has
    an attrs value changed is resumed up to its human seat's prompt (no input: it quits) and
    its stage played on for varied actions (:func:`play_on`), the others meet ``dg campaign
    status`` too and are resumed with a bot."""
    folder, original = campaign_save
    rng = random.Random("campaign")
    status = [["campaign", "status", "--save", "{}"],
              ["campaign", "status", "--json", "--save", "{}"]]
    crashes = []
    for i in range(150):
        in_attrs = i % 3 != 0
        data, what = craft_campaign(original, rng, in_attrs=in_attrs)
        path = write(data, folder / f"crafted-{i}.campaign.json")
        stage = data["current"]["game"] if in_attrs else None
        found = probe(path, [status[1], ["campaign", "resume", "--save", "{}"]] if in_attrs
                      else [*status, ["campaign", "resume", "--save", "{}", "--seat",
                                      "monarchy=bot"]])
        if found is None and isinstance(stage, dict):
            found = play_on(write(stage, tmp_path / f"stage-{i}.save"),
                            random.Random(f"campaign-{i}"))
        if found:
            crashes.append(f"{what}:\n{found}")
    assert not crashes, f"{len(crashes)} of 150 crafted campaign saves crashed; first:\n{crashes[0]}"
