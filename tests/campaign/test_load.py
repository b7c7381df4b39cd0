"""Campaign files: the schema, the stages' scenarios, seats and options, the rule expressions
compiled at load — every problem with file:line:col (engine/campaign/load.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from distant_galaxy.campaign.catalog import campaign_catalog
from distant_galaxy.campaign.find import campaign_ids
from distant_galaxy.campaign.load import load_campaign
from distant_galaxy.campaign.validate import validate_campaign
from distant_galaxy.errors import EngineError, ScenarioErrors
from distant_galaxy.scenario.find import found_scenarios

from .conftest import DUO


def test_the_global_campaign_has_nine_stages_in_order():
    camp = load_campaign("global")
    assert camp.id == "global" and list(camp.roster) == ["federation", "chaos", "republic",
                                                         "monarchy"]
    assert [s.episode for s in camp.stages] == list(range(1, 10))
    playable = [s.scenario for s in camp.stages if s.playable]
    assert playable[0] == "aborigine-clash" and playable[-1] == "asteroid-belt"
    assert all(s.missing for s in camp.stages if s.episode in (1, 2, 3, 4, 8, 9))
    assert camp.stage("clash").options == ("leaders",)
    assert camp.forbidden_options == ("secret-orders",)  # RB.4


def test_every_decision_dc_is_written_in_the_yaml_with_a_comment():
    text = (Path(load_campaign("global").path)).read_text(encoding="utf-8")
    ids = [d["id"] for d in load_campaign("global").data["decisions"]]
    assert ids == [f"DC.{n}" for n in range(1, len(ids) + 1)]
    comments = [line for line in text.splitlines()
                if "#" in line and "decisions:" not in line and "{id: DC." not in line]
    for did in ids:
        assert any(re.search(rf"\b{re.escape(did)}\b", c) for c in comments), did


def test_campaigns_are_found_apart_from_scenarios():
    assert "global" in campaign_ids()
    assert not any(f.path.name == "global.yaml" for f in found_scenarios())
    entry = next(e for e in campaign_catalog() if e["id"] == "global")
    assert "5 aborigine-clash" in entry["stages"] and "7 asteroid-belt" in entry["stages"]


def test_the_shipped_campaign_and_the_tutorial_are_valid():
    assert validate_campaign("global") == []
    assert validate_campaign(str(DUO)) == []


def _broken(tmp_path: Path, old: str, new: str) -> list[str]:
    text = DUO.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "broken.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(ScenarioErrors) as info:
        load_campaign(str(path))
    return [e.format(caret=False) for e in info.value.errors]


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("{league: orange, pact: purple}", "{league: orange, pact: purpel}",
     ":23:35: 'purpel' is not a seat of asteroid-belt"),
    ("{league: orange, pact: purple}", "{league: orange, pact: orange}",
     ":23:35: seat 'orange' is given to both league and pact"),
    ("stage.counters.points // 5", "stage.countrs.points // 5",
     ":24:40: unknown attribute 'countrs' of stage; did you mean 'counters'?"),
    ("stages.clash.won else 0", "stages.belt.won else 0",
     ":29:30: unknown attribute 'belt' of stages"),
    ("counter: resources", "counter: resource",
     ":27:18: asteroid-belt has no counter 'resource'"),
    ("variant: quick", "variant: quik", ":22:14: asteroid-belt has no variant 'quik'"),
    ("scenario: aborigine-clash", "scenario: aborigine-clsh", ":14:15: unknown scenario"),
    ("{league: red, pact: blue}", "{league: red, pakt: blue}",
     ":16:26: 'pakt' is not a civilization of the roster"),
    ("title: Clash with the Aborigines", "titel: Clash",
     "broken.yaml:11:5"),
    ("{league: orange, pact: purple}", "{league: orange}\n    shares: {pact: legue}",
     ":24:20: pact shares the seat of 'legue', which has no seat in this stage"),
])
def test_mistakes_are_reported_with_file_line_and_column(tmp_path, old, new, expected):
    problems = _broken(tmp_path, old, new)
    assert any(expected in p for p in problems), problems


def test_a_forbidden_option_is_refused_where_it_is_written(tmp_path):
    text = DUO.read_text(encoding="utf-8").replace(
        "points: campaign points", "points: campaign points\nforbidden_options: [leaders]"
    ).replace("side: civilizations", "options: [leaders]\n    side: civilizations")
    path = tmp_path / "c.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioErrors, match=r"c.yaml:16:15: option 'leaders' is never played"):
        load_campaign(str(path))


def test_an_optional_stage_whose_scenario_is_not_installed_is_skipped_not_an_error(tmp_path):
    text = DUO.read_text(encoding="utf-8").replace(
        "scenario: aborigine-clash", "scenario: no-such-episode\n    optional: true")
    path = tmp_path / "c.yaml"
    path.write_text(text, encoding="utf-8")
    stage = load_campaign(str(path)).stage("clash")
    assert not stage.playable and "'no-such-episode' is not installed" in stage.unplayable_reason()


def test_unknown_campaign_ids_get_a_suggestion():
    with pytest.raises(EngineError, match="did you mean 'global'"):
        load_campaign("globl")


def test_the_campaign_schema_is_a_valid_schema_with_words_for_editors():
    from jsonschema import Draft202012Validator

    from distant_galaxy.loader import load_schema

    schema = load_schema("campaign")
    Draft202012Validator.check_schema(schema)

    def walk(node, path):
        if isinstance(node, dict):
            if "type" in node and path and path[-1] not in ("oneOf",):
                assert node.get("title") and node.get("description"), path
            for key, value in node.items():
                if key not in ("oneOf", "not", "propertyNames"):
                    walk(value, (*path, key))
    walk(schema["properties"], ("properties",))


def test_dg_run_of_a_campaign_file_says_what_it_is(capsys):
    from distant_galaxy.cli.main import main

    assert main(["run", str(DUO)]) == 2
    err = capsys.readouterr().err
    assert "is a campaign, not a scenario" in err and "dg campaign new" in err


def test_a_scenario_named_as_a_campaign_is_pointed_to_dg_run():
    """``dg campaign new asteroid-belt`` said only "unknown campaign" (a new player's trial)."""
    import pytest

    from distant_galaxy import EngineError
    from distant_galaxy.campaign.find import resolve_campaign_path

    with pytest.raises(EngineError, match=r"unknown campaign 'asteroid-belt'; known campaigns: "
                       r"global \('asteroid-belt' is a scenario: 'dg run asteroid-belt' plays "
                       r"it\)"):
        resolve_campaign_path("asteroid-belt")
