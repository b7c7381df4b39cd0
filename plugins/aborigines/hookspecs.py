"""The hooks that episode 5 calls and its options answer: a protocol between the episode and the
options' plugins (Leaders, Space Domain), declared here by the plugin that calls them, not by the
engine. The episode's plugin adds them to a game's plugin manager when it is registered
(``dg_add_hookspecs``); an option implements them with ``@hookimpl(optionalhook=True)``, so that it
also loads where the episode is not in play (its hooks are then never called).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import hookspec

if TYPE_CHECKING:
    from distant_galaxy import Game, Site, Token


@hookspec
def dg_roll_adjustments(game: Game, roll: str, context: dict[str, Any]) -> list[dict[str, Any]]:
    """Return adjustments to a named roll of an episode (an option such as Leaders acts here).

    ``roll`` names the roll (episode 5: ``civ_attack``, ``takeover``, ``capture``); ``context``
    holds what it is about (tokens, sites, seats). Each adjustment is a dict with ``why`` (text),
    ``rule`` and any of ``extra_dice`` (dice added, the best counts), ``need`` (added to the
    lowest face that succeeds), ``rerolls`` (failed dice that may be rolled again) and
    ``cancel`` (true: the attempt does not happen). The episode applies them and logs each."""
    raise NotImplementedError  # a spec: pluggy never calls it


@hookspec
def dg_cell_values(game: Any, seat: str) -> dict[tuple[int, int], float]:
    """Return what a ship of ``seat`` ending its move on some cells is worth to it, judged by what
    that seat may know: ``game`` is the seat's view (``game.view(seat)``), so hidden values are not
    there to read. Bots add it to their scores (the Space Domain option values a face-down marker
    by the expected value of the bag's unseen contents)."""
    raise NotImplementedError  # a spec: pluggy never calls it


@hookspec
def dg_ship_lost(game: Game, token: Token, battle: bool, by: str | None) -> None:
    """Called after an episode removed a destroyed ship (``battle``: in a battle; ``by``: the
    side or seat that destroyed it). Whatever it carried is decided here."""


@hookspec
def dg_site_taken(game: Game, site: Site, previous_owner: str | None, invasion: bool) -> None:
    """Called after a site (a planet) changed hands; ``site.owner`` is the new owner;
    ``invasion``: taken by force."""
