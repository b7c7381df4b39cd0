"""Every hook of the engine, in one module (as pytest's hookspec.py).

A plugin is a module or object with functions named like these, decorated with
``distant_galaxy.hookimpl``. Hooks that are a protocol between plugins (an episode that calls
them, options that answer) are declared by the plugin that calls them, with
``distant_galaxy.hookspec``, and added in its ``dg_add_hookspecs`` (episode 5's ``hookspecs.py``).
A game's plugin manager holds only the plugins its scenario names, so two episodes never see each
other's hooks. An implementation whose name matches no spec is an error
(:class:`~distant_galaxy.errors.PluginError`), so a misspelt hook fails loudly at load. The engine's
own features (:mod:`distant_galaxy.builtin`) implement these same hooks, registered into every
manager before the scenario's plugins; a hook no plugin implements is not called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from distant_galaxy import Command
    from distant_galaxy.core.actions import Action, ActionKind
    from distant_galaxy.core.game import Game
    from distant_galaxy.errors import SourceError
    from distant_galaxy.play.controllers import Controller
    from distant_galaxy.rules import Registry
    from distant_galaxy.scenario.model import Scenario
    from distant_galaxy.scenario.rules import ScenarioRules

PROJECT = "distant_galaxy"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec(historic=True)
def dg_add_hookspecs(pm: pluggy.PluginManager) -> None:
    """Add the plugin's own hook specs to ``pm`` (``pm.add_hookspecs(module)``), as pytest's
    ``pytest_addhooks``: the hooks the plugin calls and other plugins answer. Called once when the
    plugin is registered, before the hooks are checked; a plugin that implements such a hook
    without the plugin that declares it being in play marks it ``@hookimpl(optionalhook=True)``.
    """


@hookspec
def dg_schema_sections() -> dict[str, dict[str, Any]]:
    """Return JSON Schemas of the plugin's own top-level scenario sections, by section name.

    The section is usually named after the plugin (``asteroid_belt: {...}``); ``dg schema`` prints
    the base schema combined with these.
    """


@hookspec
def dg_state_schema(scenario: Scenario) -> dict[str, dict[str, dict[str, Any]]]:
    """Return the JSON Schemas of the data the plugin keeps in a game's open mappings, by holder
    and name: ``{"state": {"cargo": {...}}, "player": {...}, "token": {...}, "site": {...},
    "markers": {...}}`` (the ``attrs`` of the state, players, tokens and sites; sites'
    ``markers``).

    A saved state is checked against them before it is used (a save's hashes are plain sha256
    that anyone can recompute): a value that breaks its schema is refused with the holder and
    the name, never read by the plugin. ``x-refers-to`` may name a scenario section or the
    game's ``@sites``, ``@tokens``, ``@seats``, ``@secrets``
    (:mod:`distant_galaxy.play.attrs_schema`). Declare every name the plugin writes; bound
    numbers and lists as tightly as the plugin's code needs.
    """


@hookspec
def dg_rule_functions(registry: Registry) -> None:
    """Register rule-language functions and effects into ``registry`` (before rules compile)."""


@hookspec
def dg_compile_rules(scenario: Scenario, rules: ScenarioRules) -> None:
    """Compile the plugin's own rule strings, written in its sections, when the scenario loads.

    ``rules.expr(text, *path, names={...})`` and ``rules.effect(...)`` compile one string written
    at ``path`` (e.g. ``"aborigines", "priorities", 0, "if"``) and return it, or None after
    recording the error with its file, line and column; every error of the scenario is reported
    together. Keep what you compile in ``scenario.stash``.
    """


@hookspec
def dg_validate_scenario(scenario: Scenario) -> list[SourceError]:
    """Return semantic errors of a loaded scenario (``dg validate`` shows them with positions)."""


@hookspec
def dg_action_kinds(scenario: Scenario) -> list[ActionKind]:
    """Return the action kinds (verbs) the plugin adds to games of this scenario."""


@hookspec
def dg_setup(game: Game) -> None:
    """Finish the set-up of a new game after the engine's generic set-up (pools, tokens, sites)."""


@hookspec(firstresult=True)
def dg_run_phase(game: Game, phase: dict[str, Any]) -> bool | None:
    """Run an automatic phase (``auto: NAME`` in the scenario); return True when handled."""


@hookspec(firstresult=True)
def dg_phase_applies(game: Game, phase: dict[str, Any], seat: str) -> bool | None:
    """Return False to skip a decision phase for ``seat`` (e.g. no defence is needed)."""


@hookspec(firstresult=True)
def dg_decision_reason(game: Game, phase: dict[str, Any], seat: str) -> str | None:
    """Return the text that tells ``seat`` what the decision opening now is about (shown in the
    prompt, e.g. which targets to defend), or None for the phase's ``doc``."""


@hookspec
def dg_turn_start(game: Game, seat: str) -> None:
    """Called when ``seat``'s turn starts (income, resets of per-turn flags)."""


@hookspec
def dg_after_action(game: Game, seat: str, action: Action) -> None:
    """Called after an action was applied (reactions, triggered effects), before the action's
    victory check and the move to the next decision — unless the action's kind itself ended the
    turn (``game.end_decision()`` in its ``perform``): then the turn has passed already, and
    ``game.state`` is the next seat's turn (``seat`` is still the seat that acted)."""


@hookspec(firstresult=True)
def dg_check_victory(game: Game) -> dict[str, Any] | None:
    """Return ``{"winner": seat or None, "reason": text}`` when the game is over, else None.

    A winner that is no seat (a side such as episode 5's "civilizations") must be listed in the
    plugin module's ``DG_SIDES`` tuple; any other winner is refused as a PluginError. It is
    asked at every moment the turn loop looks for a victory — after an action, after a phase,
    at a turn's and a round's end, when a seat has no legal action — so several times an
    action: answer from the state, and change it only as the game ends (a result returned:
    episode 6 shows the secret battle orders then); score in ``dg_after_action`` or the kind's
    ``perform``. ``dg reliability`` names a call that returned None and changed the state."""


@hookspec(firstresult=True)
def dg_limit_result(game: Game) -> dict[str, Any] | None:
    """Return the result when the scenario's round limit is reached (default: a draw)."""


@hookspec(firstresult=True)
def dg_progress(game: Game) -> dict[str, float] | None:
    """Return how far each seat or side has come towards its victory, 0..1 (1: it has won), or
    None. Keys are seat ids or the sides seats declare (``seats: [{id, side}]``). Search bots
    grade a playout cut off before the end by it (``mcts:…,score=graded``); a scenario whose
    victory is a ``player.COUNTER >= N`` condition needs no plugin for it. Read the numbers from
    the scenario, as the victory procedure does."""


@hookspec(firstresult=True)
def dg_secret_values(game: Game, sid: str) -> list[Any] | None:
    """Return the values the masked secret ``sid`` may have, as ``game`` knows it (a value listed
    k times is k times as likely), or None when ``sid`` is not this plugin's secret.

    ``game`` is a copy made from a seat's view (``view.clone()``), in which ``sid`` is masked:
    answer from what that copy holds — the scenario, public facts, secrets it may read
    (``distant_galaxy.bag_remaining``: what is left in a committed bag) — never from anything
    else. Search bots draw a world from these values on every iteration
    (:func:`distant_galaxy.core.hidden.determinize`); secrets with the same ``public.bag`` are
    drawn together without replacement."""


@hookspec
def dg_bots() -> dict[str, type[Controller]]:
    """Return bot controllers by name (``--seat orange=greedy``)."""


@hookspec(firstresult=True)
def dg_cell_glyph(game: Game, pos: tuple[int, int]) -> str | None:
    """Return the text glyph of a cell for the terminal board, or None for the default."""


@hookspec(firstresult=True)
def dg_describe_event(game: Game, event: dict[str, Any]) -> str | None:
    """Return one line telling a person what the event means (the human prompt prints it), or
    None to let the engine describe it; return "" to hide an event from people."""


@hookspec
def dg_status_lines(game: Game) -> list[str]:
    """Return extra lines shown under the board (tracks, shuttles, markers)."""


@hookspec
def dg_legend_lines(game: Game) -> list[str]:
    """Return the lines that say what the board's glyphs mean (a key to the map), printed after
    the status lines by ``render_board`` (``dg show``, ``dg render``), and by the prompts of
    ``dg run`` and ``dg join`` with the first board a person (or a bot-only run) sees and on
    ``show``; their redraw after each action leaves them out (``render_board(…,
    legend=False)``). A served page's status lines do not hold them: its picture has its own
    key (the snapshot's ``legend`` is for ``dg join``)."""


@hookspec
def dg_explain_event(game: Game, event: dict[str, Any]) -> list[str] | None:
    """Return the lines explaining why a bot or an automatic phase did what the event records
    (the priority row that fired, the options it compared), or None. ``dg replay --html`` shows
    them under each step's events; an episode's own ``dg explain`` may print the same lines."""


@hookspec
def dg_commands() -> list[Command]:
    """Return the ``dg`` sub-commands of a command plugin, as :class:`~distant_galaxy.Command` specs.

    Asked of the command plugins only: the built-in ones (``distant_galaxy.cli.commands``) and
    those registered in the entry-point group ``distant_galaxy.commands`` — never of the game
    plugins, so that ``dg`` starts without importing them. Keep the module light: a command's
    handler is a ``"module:function"`` string, imported when the command runs.
    """


@hookspec
def dg_invariants(game: Game) -> list[str]:
    """Return descriptions of broken invariants of the plugin's own data (conformance suite)."""


@hookspec
def dg_campaign_facts(game: Game) -> dict[str, dict[str, Any]]:
    """Facts about each seat of a finished game that a campaign's carry-over may read
    (``fact(stages.ID, 'name', default)``, docs/campaign.md): ``{seat: {name: value}}`` with
    JSON values. The Leaders option reports ``leaders``, the kinds of the leaders a seat still
    holds (neither killed nor captive); episode 5 ``planets`` and ``ships``; episode 6 each
    seat's squadron: ``squadron``, ``lost`` and ``kept``."""
