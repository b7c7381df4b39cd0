"""Editor support (issue 17, item 5): the shipped full schema (schemas/scenario.full.schema.json)
is what ``dg schema`` writes for the shipped plugins, its ``$id`` is no made-up web address, and
every shipped scenario's modeline names a schema that validates the file as written, cleanly."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from distant_galaxy.cli.handlers.schema import schema_text
from distant_galaxy.scenario.catalog import SHIPPED_PLUGINS, full_schema

ROOT = Path(__file__).resolve().parents[1]
FULL = ROOT / "schemas" / "scenario.full.schema.json"
CAMPAIGN = ROOT / "schemas" / "campaign.schema.json"
SHIPPED = sorted((ROOT / "scenarios").rglob("*.yaml"))
MODELINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")


def test_the_shipped_full_schema_is_up_to_date():
    expected = schema_text(full_schema(SHIPPED_PLUGINS))
    assert FULL.read_text(encoding="utf-8") == expected, (
        "regenerate it: dg schema " + " ".join(f"--plugin {p}" for p in SHIPPED_PLUGINS)
        + " -o schemas/scenario.full.schema.json")


def test_no_schema_claims_a_made_up_web_address():
    for path in (ROOT / "schemas").glob("*.json"):
        schema_id = json.loads(path.read_text(encoding="utf-8")).get("$id", "")
        assert schema_id.startswith("urn:distant-galaxy-engine:schemas:"), path


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_each_modeline_names_a_schema_that_validates_the_file(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = MODELINE.match(first)
    assert match, f"{path.name}: the first line is not a yaml-language-server modeline"
    target = (path.parent / match.group(1)).resolve()
    campaign = any(line.startswith("campaign:") for line in path.read_text().splitlines())
    assert target == (CAMPAIGN if campaign else FULL).resolve()  # docs/campaign.md
    schema = json.loads(target.read_text(encoding="utf-8"))
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in Draft202012Validator(schema).iter_errors(data)]
    assert errors == []
