"""``dg list``, ``dg validate``, ``dg test``, ``dg schema`` and ``dg check-plugin``: the files
authors write — scenarios, and a plugin's sources."""

from __future__ import annotations

import argparse

from distant_galaxy.cli.spec import Command
from distant_galaxy.hookspecs import hookimpl

HANDLERS = "distant_galaxy.cli.handlers"


JSON_HELP = "print one JSON object instead of text"


def list_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenarios", nargs="*", metavar="SCENARIO",
                        help="only these: ids or files (a mod's file: its variants, options and "
                        "seats with those of the scenario it extends)")
    parser.add_argument("--json", action="store_true", help=JSON_HELP)


def validate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", help="files or scenario ids (default: every shipped one)")
    parser.add_argument("--json", action="store_true", help=JSON_HELP + " (each error with "
                        "file, line, column, message and suggestion)")


def schema_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", metavar="FILE", help="write it to FILE (atomically) "
                        "instead of printing it")
    parser.add_argument("--plugin", action="append", metavar="NAME", help="only the sections of "
                        "this plugin (repeatable; default: every installed one)")


def check_plugin_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH|NAME",
                        help="a plugin's folder or file, or the name it is installed under")


def test_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", help="files or scenario ids (default: every shipped one)")
    parser.add_argument("-q", "--quiet", action="store_true", help="only failures and the summary")
    parser.add_argument("--json", action="store_true", help=JSON_HELP + " (every case)")


@hookimpl
def dg_commands() -> list[Command]:
    return [
        Command("list", "scenarios and variants found, with the plugins each needs",
                f"{HANDLERS}.catalog:list_scenarios", list_arguments),
        Command("validate", "check scenario files; report every error",
                f"{HANDLERS}.validate:validate", validate_arguments),
        Command("schema", "print the combined JSON Schema of scenarios, with every installed "
                "plugin's sections (for editors: docs/authoring.md)",
                f"{HANDLERS}.schema:print_schema", schema_arguments),
        Command("test", "run the rule tests written in scenario files",
                f"{HANDLERS}.rule_tests:run_rule_tests", test_arguments),
        Command("check-plugin", "check a plugin's sources: only the engine's public imports, "
                "every hook marked (docs/plugins.md)",
                f"{HANDLERS}.check_plugin:check_plugin", check_plugin_arguments),
    ]
